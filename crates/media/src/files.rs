//! What an uploaded file really is, read from its first bytes (never from its name or
//! declared type).

/// The document types members may attach (jpeg, png, gif, pdf).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FileKind {
    Jpeg,
    Png,
    Gif,
    Pdf,
}

/// Spec 2 §5's text for any other file.
pub const SUPPORTED_DOCUMENTS: &str = "Supported file types: .jpg, .png, .gif, .pdf";

/// The kind of file `bytes` holds, if it is one of ours.
pub fn sniff(bytes: &[u8]) -> Option<FileKind> {
    if bytes.starts_with(&[0xFF, 0xD8, 0xFF]) {
        Some(FileKind::Jpeg)
    } else if bytes.starts_with(b"\x89PNG\r\n\x1a\n") {
        Some(FileKind::Png)
    } else if bytes.starts_with(b"GIF87a") || bytes.starts_with(b"GIF89a") {
        Some(FileKind::Gif)
    } else if bytes.starts_with(b"%PDF-") {
        Some(FileKind::Pdf)
    } else {
        None
    }
}

/// The video formats staff may upload for lectures (browsers play both).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum VideoKind {
    Webm,
    Mp4,
}

/// Text for any other file sent as a video.
pub const SUPPORTED_VIDEOS: &str = "Supported video types: .webm, .mp4";

/// The kind of video `bytes` holds, if it is one browsers play.
pub fn sniff_video(bytes: &[u8]) -> Option<VideoKind> {
    if bytes.starts_with(&[0x1A, 0x45, 0xDF, 0xA3]) {
        Some(VideoKind::Webm)
    } else if bytes.get(4..8) == Some(b"ftyp") {
        Some(VideoKind::Mp4)
    } else {
        None
    }
}

impl VideoKind {
    pub fn extension(self) -> &'static str {
        match self {
            Self::Webm => "webm",
            Self::Mp4 => "mp4",
        }
    }
}

impl FileKind {
    pub fn extension(self) -> &'static str {
        match self {
            Self::Jpeg => "jpg",
            Self::Png => "png",
            Self::Gif => "gif",
            Self::Pdf => "pdf",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_magic_bytes_not_the_name() {
        assert_eq!(sniff(b"%PDF-1.7\n..."), Some(FileKind::Pdf));
        assert_eq!(sniff(b"GIF89a...."), Some(FileKind::Gif));
        assert_eq!(sniff(b"\x89PNG\r\n\x1a\n...."), Some(FileKind::Png));
        assert_eq!(sniff(&[0xFF, 0xD8, 0xFF, 0xE0]), Some(FileKind::Jpeg));
        assert_eq!(sniff(b"MZ\x90\x00 an exe"), None);
        assert_eq!(sniff(b""), None);
    }
}
