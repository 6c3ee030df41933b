//! Reading back the PDFs the app makes.

/// The text of a one-page PDF, as a reader copying it out would get it (through the embedded
/// fonts' ToUnicode maps).
pub fn text(bytes: &[u8]) -> String {
    let doc = lopdf::Document::load_mem(bytes).expect("a PDF");
    doc.extract_text(&[1]).expect("its text")
}
