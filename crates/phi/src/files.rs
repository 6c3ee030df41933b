//! What an uploaded file says beyond what it shows (issue 24 §1): a PDF's text layer, its
//! Info dictionary and its XMP metadata, all published with the file; a picture's EXIF and
//! XMP, which [`media::images`] strips before it is stored, so the author learns what the
//! picture carried without it being published.

use lopdf::{Document, LoadOptions, Object};

use media::files::{self, FileKind};

/// The most pages of a PDF whose text is read (a long report's first pages say who it is
/// about), and the most decompressed bytes read for it.
const PDF_PAGES: u32 = 20;
const PDF_TEXT_BYTES: usize = 4 * 1024 * 1024;
/// The most one stream of a PDF may inflate to while it loads (object and cross-reference
/// streams are decoded eagerly): a 972 KB file whose object stream inflated to 1 GB took
/// half a gigabyte of memory with the parser's own bound of 256 MB.
const PDF_STREAM_BYTES: usize = 16 * 1024 * 1024;
/// The most objects a PDF inspected holds (a 500-page report holds some tens of thousands).
const PDF_OBJECTS: usize = 200_000;
/// The most text kept from one file.
const MAX_TEXT: usize = 200 * 1024;

/// What a file carries besides its picture or layout.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Inspected {
    /// The text it publishes along with it (a PDF's text layer and metadata), to scan.
    pub published: String,
    /// Metadata fields found, as (name, value): kept with a PDF; removed from a picture.
    pub metadata: Vec<(String, String)>,
    /// Whether the metadata is removed before the file is published (pictures).
    pub metadata_removed: bool,
}

/// Reads what `bytes` carry; a file it cannot read carries nothing it can tell.
pub fn inspect(bytes: &[u8]) -> Inspected {
    match files::sniff(bytes) {
        // A member's PDF is untrusted input to a large parser: a parser panic on a crafted
        // file must cost that file its inspection, not the request its answer.
        Some(FileKind::Pdf) => std::panic::catch_unwind(|| pdf(bytes)).unwrap_or_else(|_| {
            tracing::warn!("a PDF could not be inspected for patient data");
            Inspected::default()
        }),
        Some(FileKind::Jpeg | FileKind::Png) => picture(bytes),
        _ => Inspected::default(),
    }
}

/// Loads a PDF, its streams inflated only up to [`PDF_STREAM_BYTES`] each.
fn load(bytes: &[u8]) -> lopdf::Result<Document> {
    let options = LoadOptions {
        max_decompressed_size: Some(PDF_STREAM_BYTES),
        ..LoadOptions::default()
    };
    Document::load_mem_with_options(bytes, options)
}

fn pdf(bytes: &[u8]) -> Inspected {
    let Ok(document) = load(bytes) else {
        return Inspected::default();
    };
    if document.objects.len() > PDF_OBJECTS {
        tracing::warn!(
            objects = document.objects.len(),
            "a PDF holds too many objects to inspect for patient data"
        );
        return Inspected::default();
    }
    let mut metadata = info(&document);
    if let Some(xmp) = xmp_text(bytes) {
        metadata.push(("XMP metadata".to_owned(), xmp));
    }
    let pages: Vec<u32> = document
        .get_pages()
        .keys()
        .copied()
        .take(PDF_PAGES as usize)
        .collect();
    let text = document
        .extract_text_with_limit(&pages, PDF_TEXT_BYTES)
        .unwrap_or_default();
    let mut published: String = metadata
        .iter()
        .map(|(_, value)| value.as_str())
        .chain([text.as_str()])
        .collect::<Vec<_>>()
        .join("\n");
    truncate(&mut published);
    Inspected {
        published,
        metadata,
        metadata_removed: false,
    }
}

/// The Info dictionary's texts (Title, Author, Subject, Keywords, Creator).
fn info(document: &Document) -> Vec<(String, String)> {
    let Some(dictionary) = document
        .trailer
        .get(b"Info")
        .ok()
        .and_then(|info| match info {
            Object::Reference(id) => document.get_dictionary(*id).ok(),
            Object::Dictionary(d) => Some(d),
            _ => None,
        })
    else {
        return Vec::new();
    };
    ["Title", "Author", "Subject", "Keywords", "Creator"]
        .iter()
        .filter_map(|key| {
            let value = dictionary.get(key.as_bytes()).ok()?;
            let text = lopdf::decode_text_string(value).ok()?;
            let text = text.trim();
            (!text.is_empty()).then(|| ((*key).to_owned(), text.to_owned()))
        })
        .collect()
}

fn picture(bytes: &[u8]) -> Inspected {
    let mut metadata = super::exif::fields(bytes);
    if let Some(xmp) = xmp_text(bytes) {
        metadata.push(("XMP metadata".to_owned(), xmp));
    }
    Inspected {
        published: String::new(),
        metadata,
        metadata_removed: true,
    }
}

/// The text of an XMP packet in the file, if there is one uncompressed (JPEG, PNG, and
/// most PDFs): the values of its elements, without the markup.
fn xmp_text(bytes: &[u8]) -> Option<String> {
    let start = find(bytes, b"<x:xmpmeta")?;
    let end = find(&bytes[start..], b"</x:xmpmeta>").map(|e| start + e)?;
    let xml = String::from_utf8_lossy(&bytes[start..end]);
    let text = kernel::rich_text::plain_text(&xml);
    let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
    (!text.is_empty()).then_some(text)
}

fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack.windows(needle.len()).position(|w| w == needle)
}

fn truncate(text: &mut String) {
    if text.len() > MAX_TEXT {
        let mut end = MAX_TEXT;
        while !text.is_char_boundary(end) {
            end -= 1;
        }
        text.truncate(end);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use media::pdf::{A4, Font, Page};

    #[test]
    fn a_pdf_publishes_its_text_layer_and_its_info() {
        let mut page = Page::new(A4).unwrap();
        page.text(
            Font::Regular,
            12,
            50,
            700,
            "Discharge letter: DOB 04/11/1958",
        );
        let bytes = page.finish("Letter for Mrs Jane Doe").unwrap();
        let seen = inspect(&bytes);
        assert!(seen.published.contains("DOB 04/11/1958"), "{seen:?}");
        assert!(
            seen.metadata
                .contains(&("Title".to_owned(), "Letter for Mrs Jane Doe".to_owned())),
            "{seen:?}"
        );
        assert!(!seen.metadata_removed);
        let found = super::super::scan(&seen.published);
        assert!(
            found
                .iter()
                .any(|f| f.kind == super::super::PhiKind::DateOfBirth)
        );
    }

    #[test]
    fn xmp_is_read_as_text() {
        let bytes = b"\xff\xd8junk<x:xmpmeta xmlns:x='adobe:ns:meta/'><dc:creator><rdf:li>Jane Doe</rdf:li></dc:creator></x:xmpmeta>junk";
        assert_eq!(xmp_text(bytes).as_deref(), Some("Jane Doe"));
        assert_eq!(xmp_text(b"nothing here"), None);
    }

    #[test]
    fn what_is_not_a_known_file_carries_nothing() {
        assert_eq!(inspect(b"hello"), Inspected::default());
    }

    /// A PDF whose object stream of `inflated` zero bytes is deflated into a few hundred KB
    /// (written by hand: lopdf regenerates object streams when it saves).
    fn bomb(inflated: usize) -> Vec<u8> {
        use std::io::Write;
        let mut deflate = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::best());
        let zeros = vec![0u8; 1 << 20];
        for _ in 0..inflated >> 20 {
            deflate.write_all(&zeros).unwrap();
        }
        let packed = deflate.finish().unwrap();
        let mut pdf = b"%PDF-1.5\n".to_vec();
        let mut offsets = Vec::new();
        for object in [
            "1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n".to_owned(),
            "2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\n".to_owned(),
            format!(
                "3 0 obj\n<< /Type /ObjStm /N 1 /First 4 /Filter /FlateDecode /Length {} >>\nstream\n",
                packed.len()
            ),
        ] {
            offsets.push(pdf.len());
            pdf.extend_from_slice(object.as_bytes());
        }
        pdf.extend_from_slice(&packed);
        pdf.extend_from_slice(b"\nendstream\nendobj\n");
        let xref = pdf.len();
        let mut table = String::from("xref\n0 4\n0000000000 65535 f \n");
        for offset in offsets {
            table.push_str(&format!("{offset:010} 00000 n \n"));
        }
        table.push_str(&format!(
            "trailer\n<< /Size 4 /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n"
        ));
        pdf.extend_from_slice(table.as_bytes());
        pdf
    }

    /// Issue 44 §2: a small file whose object stream inflates past the bound is refused
    /// there, not decoded whole (the parser's own bound let 256 MB through).
    #[test]
    fn a_pdf_bomb_is_refused_at_its_bound() {
        let bytes = bomb(64 << 20);
        assert!(bytes.len() < 1 << 20, "{} bytes", bytes.len());
        assert!(
            matches!(
                load(&bytes),
                Err(lopdf::Error::Decompress(
                    lopdf::DecompressError::MemoryLimitExceeded { .. }
                ))
            ),
            "{:?}",
            load(&bytes).map(|d| d.objects.len())
        );
        assert_eq!(inspect(&bytes), Inspected::default());
        // Within the bound, the same shape loads (its zeros are no objects).
        assert!(load(&bomb(8 << 20)).is_ok());
    }
}
