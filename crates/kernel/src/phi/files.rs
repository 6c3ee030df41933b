//! What an uploaded file says beyond what it shows (issue 24 §1): a PDF's text layer, its
//! Info dictionary and its XMP metadata, all published with the file; a picture's EXIF and
//! XMP, which [`crate::images`] strips before it is stored, so the author learns what the
//! picture carried without it being published.

use lopdf::{Document, Object};

use crate::files::{self, FileKind};

/// The most pages of a PDF whose text is read (a long report's first pages say who it is
/// about), and the most decompressed bytes read for it.
const PDF_PAGES: u32 = 20;
const PDF_TEXT_BYTES: usize = 4 * 1024 * 1024;
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

fn pdf(bytes: &[u8]) -> Inspected {
    let Ok(document) = Document::load_mem(bytes) else {
        return Inspected::default();
    };
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
    let text = crate::rich_text::plain_text(&xml);
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
    use crate::pdf::{A4, Font, Page};

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
}
