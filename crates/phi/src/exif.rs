//! The EXIF fields of a picture that can name or place a person: the description, the
//! artist, the copyright holder, the Windows author and comment, the user comment, and
//! whether a GPS position was recorded. A small reader of the TIFF structure EXIF uses,
//! enough for these (JPEG's APP1 `Exif` segment and PNG's `eXIf` chunk).

/// (name, value) for each field found.
pub(super) fn fields(bytes: &[u8]) -> Vec<(String, String)> {
    let Some(tiff) = tiff_block(bytes) else {
        return Vec::new();
    };
    let Some(reader) = Tiff::new(tiff) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    let Some(ifd0) = reader.u32(4) else {
        return out;
    };
    for entry in reader.entries(ifd0) {
        match entry.tag {
            0x010E => reader.push_ascii(&entry, "Description", &mut out),
            0x013B => reader.push_ascii(&entry, "Artist", &mut out),
            0x8298 => reader.push_ascii(&entry, "Copyright", &mut out),
            0x9C9C => reader.push_ucs2(&entry, "Comment", &mut out),
            0x9C9D => reader.push_ucs2(&entry, "Author", &mut out),
            0x8825 => out.push(("GPS position".to_owned(), "recorded".to_owned())),
            0x8769 => {
                let Some(exif_ifd) = reader.u32(entry.value_at) else {
                    continue;
                };
                for inner in reader.entries(exif_ifd) {
                    if inner.tag == 0x9286 {
                        reader.push_user_comment(&inner, &mut out);
                    }
                }
            }
            _ => {}
        }
    }
    out
}

/// The TIFF structure inside a JPEG (after `Exif\0\0`) or a PNG (`eXIf`).
fn tiff_block(bytes: &[u8]) -> Option<&[u8]> {
    let at = |needle: &[u8]| bytes.windows(needle.len()).position(|w| w == needle);
    if let Some(start) = at(b"Exif\0\0") {
        return bytes.get(start + 6..);
    }
    let start = at(b"eXIf")?;
    bytes.get(start + 4..)
}

struct Entry {
    tag: u16,
    kind: u16,
    count: u32,
    /// Where the value (or the offset to it) sits in the block.
    value_at: usize,
}

struct Tiff<'a> {
    data: &'a [u8],
    little: bool,
}

impl<'a> Tiff<'a> {
    fn new(data: &'a [u8]) -> Option<Self> {
        let little = match data.get(..2)? {
            b"II" => true,
            b"MM" => false,
            _ => return None,
        };
        Some(Self { data, little })
    }

    fn u16(&self, at: usize) -> Option<u16> {
        let b: [u8; 2] = self.data.get(at..at + 2)?.try_into().ok()?;
        Some(if self.little {
            u16::from_le_bytes(b)
        } else {
            u16::from_be_bytes(b)
        })
    }

    fn u32(&self, at: usize) -> Option<u32> {
        let b: [u8; 4] = self.data.get(at..at + 4)?.try_into().ok()?;
        Some(if self.little {
            u32::from_le_bytes(b)
        } else {
            u32::from_be_bytes(b)
        })
    }

    /// The entries of the directory at `offset` (at most 200: a broken file does not loop).
    fn entries(&self, offset: u32) -> Vec<Entry> {
        let start = offset as usize;
        let count = self.u16(start).unwrap_or(0).min(200);
        (0..usize::from(count))
            .filter_map(|i| {
                let at = start + 2 + i * 12;
                Some(Entry {
                    tag: self.u16(at)?,
                    kind: self.u16(at + 2)?,
                    count: self.u32(at + 4)?,
                    value_at: at + 8,
                })
            })
            .collect()
    }

    /// The entry's bytes: inline when they fit in four, at the offset otherwise.
    fn bytes(&self, entry: &Entry) -> Option<&'a [u8]> {
        let unit = match entry.kind {
            1 | 2 | 7 => 1,
            3 => 2,
            4 => 4,
            _ => return None,
        };
        let len = (entry.count as usize).checked_mul(unit)?.min(64 * 1024);
        let at = if len <= 4 {
            entry.value_at
        } else {
            self.u32(entry.value_at)? as usize
        };
        self.data.get(at..at + len)
    }

    fn push_ascii(&self, entry: &Entry, name: &str, out: &mut Vec<(String, String)>) {
        if let Some(bytes) = self.bytes(entry) {
            push(
                out,
                name,
                String::from_utf8_lossy(bytes).trim_end_matches('\0'),
            );
        }
    }

    fn push_ucs2(&self, entry: &Entry, name: &str, out: &mut Vec<(String, String)>) {
        if let Some(bytes) = self.bytes(entry) {
            let units: Vec<u16> = bytes
                .chunks_exact(2)
                .map(|c| u16::from_le_bytes([c[0], c[1]]))
                .collect();
            push(
                out,
                name,
                String::from_utf16_lossy(&units).trim_end_matches('\0'),
            );
        }
    }

    /// A user comment: eight bytes naming its character set, then the text.
    fn push_user_comment(&self, entry: &Entry, out: &mut Vec<(String, String)>) {
        let Some(bytes) = self.bytes(entry) else {
            return;
        };
        let (charset, text) = bytes.split_at(bytes.len().min(8));
        let text = if charset.starts_with(b"UNICODE") {
            let units: Vec<u16> = text
                .chunks_exact(2)
                .map(|c| {
                    if self.little {
                        u16::from_le_bytes([c[0], c[1]])
                    } else {
                        u16::from_be_bytes([c[0], c[1]])
                    }
                })
                .collect();
            String::from_utf16_lossy(&units)
        } else {
            String::from_utf8_lossy(text).into_owned()
        };
        push(out, "User comment", text.trim_end_matches('\0'));
    }
}

fn push(out: &mut Vec<(String, String)>, name: &str, value: &str) {
    let value = value.trim();
    if !value.is_empty() {
        out.push((name.to_owned(), value.to_owned()));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A little-endian TIFF block with an artist, a description and a GPS pointer.
    fn exif_block() -> Vec<u8> {
        let artist = b"Jane Doe\0";
        let description = b"Mrs Jane Doe after her stroke\0";
        let mut tiff = b"II*\0".to_vec();
        tiff.extend(8u32.to_le_bytes());
        let entries = 3u16;
        let data_at = 8 + 2 + 12 * u32::from(entries) + 4;
        tiff.extend(entries.to_le_bytes());
        let entry = |tag: u16, kind: u16, count: u32, value: u32| {
            let mut e = tag.to_le_bytes().to_vec();
            e.extend(kind.to_le_bytes());
            e.extend(count.to_le_bytes());
            e.extend(value.to_le_bytes());
            e
        };
        tiff.extend(entry(0x010E, 2, description.len() as u32, data_at));
        tiff.extend(entry(
            0x013B,
            2,
            artist.len() as u32,
            data_at + description.len() as u32,
        ));
        tiff.extend(entry(0x8825, 4, 1, 0));
        tiff.extend(0u32.to_le_bytes());
        tiff.extend(description);
        tiff.extend(artist);
        let mut jpeg = b"\xff\xd8\xff\xe1\0\0Exif\0\0".to_vec();
        jpeg.extend(tiff);
        jpeg
    }

    #[test]
    fn the_fields_that_can_name_or_place_someone_are_read() {
        assert_eq!(
            fields(&exif_block()),
            [
                (
                    "Description".to_owned(),
                    "Mrs Jane Doe after her stroke".to_owned()
                ),
                ("Artist".to_owned(), "Jane Doe".to_owned()),
                ("GPS position".to_owned(), "recorded".to_owned()),
            ]
        );
    }

    #[test]
    fn a_broken_block_reads_as_nothing() {
        assert_eq!(fields(b"\xff\xd8Exif\0\0II*\0\xff\xff\xff\xff"), []);
        assert_eq!(fields(b"no metadata"), []);
    }
}
