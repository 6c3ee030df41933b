//! One-page PDF documents (certificates, receipts) in the standard Helvetica fonts: lines of
//! text, centred or from the left, and frames. Text is Latin-1; anything else becomes "?".

use lopdf::content::{Content, Operation};
use lopdf::{Document, Object, Stream, dictionary};

use crate::error::{AppError, AppResult};

/// Helvetica, or its bold.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Font {
    Regular,
    Bold,
}

impl Font {
    fn name(self) -> &'static str {
        match self {
            Self::Regular => "F1",
            Self::Bold => "F2",
        }
    }
}

/// A page being drawn, in points from its bottom-left corner.
pub struct Page {
    width: i64,
    height: i64,
    ops: Vec<Operation>,
}

/// A4 portrait and landscape, in points.
pub const A4: (i64, i64) = (595, 842);
pub const A4_LANDSCAPE: (i64, i64) = (842, 595);

fn latin1(text: &str) -> Vec<u8> {
    text.chars()
        .map(|c| u8::try_from(u32::from(c)).unwrap_or(b'?'))
        .collect()
}

impl Page {
    pub fn new((width, height): (i64, i64)) -> Self {
        Self {
            width,
            height,
            ops: Vec::new(),
        }
    }

    /// The colour text and frames are drawn in from now on (red, green, blue from 0 to 1).
    pub fn colour(&mut self, rgb: [f32; 3]) -> &mut Self {
        let [r, g, b] = rgb;
        for op in ["RG", "rg"] {
            self.ops
                .push(Operation::new(op, vec![r.into(), g.into(), b.into()]));
        }
        self
    }

    /// A rectangle's outline, `inset` points in from the page's edges.
    pub fn frame(&mut self, inset: i64, thickness: i64) -> &mut Self {
        self.ops.extend([
            Operation::new("w", vec![thickness.into()]),
            Operation::new(
                "re",
                vec![
                    inset.into(),
                    inset.into(),
                    (self.width - 2 * inset).into(),
                    (self.height - 2 * inset).into(),
                ],
            ),
            Operation::new("S", vec![]),
        ]);
        self
    }

    /// A line of text from `x`.
    pub fn text(&mut self, font: Font, size: i64, x: i64, y: i64, text: &str) -> &mut Self {
        self.ops.extend([
            Operation::new("BT", vec![]),
            Operation::new("Tf", vec![font.name().into(), size.into()]),
            Operation::new("Td", vec![x.into(), y.into()]),
            Operation::new(
                "Tj",
                vec![Object::String(latin1(text), lopdf::StringFormat::Literal)],
            ),
            Operation::new("ET", vec![]),
        ]);
        self
    }

    /// A line of text centred on the page (by estimate: Helvetica averages about half its
    /// size per character).
    pub fn centred(&mut self, font: Font, size: i64, y: i64, text: &str) -> &mut Self {
        let width = i64::try_from(text.chars().count()).unwrap_or(0) * size / 2;
        let x = ((self.width - width) / 2).max(40);
        self.text(font, size, x, y, text)
    }

    /// The finished document, titled `title`.
    pub fn finish(self, title: &str) -> AppResult<Vec<u8>> {
        let mut doc = Document::with_version("1.5");
        let pages_id = doc.new_object_id();
        let font = |doc: &mut Document, base: &str| {
            doc.add_object(dictionary! {
                "Type" => "Font", "Subtype" => "Type1", "BaseFont" => base, "Encoding" => "WinAnsiEncoding",
            })
        };
        let regular = font(&mut doc, "Helvetica");
        let bold = font(&mut doc, "Helvetica-Bold");
        let resources = doc.add_object(dictionary! {
            "Font" => dictionary! { "F1" => regular, "F2" => bold },
        });
        let content = Content {
            operations: self.ops,
        }
        .encode()
        .map_err(|e| AppError::Internal(e.into()))?;
        let content_id = doc.add_object(Stream::new(dictionary! {}, content));
        let page_id = doc.add_object(dictionary! {
            "Type" => "Page",
            "Parent" => pages_id,
            "Contents" => content_id,
            "Resources" => resources,
            "MediaBox" => vec![0.into(), 0.into(), self.width.into(), self.height.into()],
        });
        doc.objects.insert(
            pages_id,
            Object::Dictionary(
                dictionary! { "Type" => "Pages", "Kids" => vec![page_id.into()], "Count" => 1 },
            ),
        );
        let catalog_id = doc.add_object(dictionary! { "Type" => "Catalog", "Pages" => pages_id });
        doc.trailer.set("Root", catalog_id);
        let info = doc.add_object(dictionary! {
            "Title" => Object::string_literal(title),
            "Producer" => Object::string_literal("Cohort"),
        });
        doc.trailer.set("Info", info);
        let mut out = Vec::new();
        doc.save_to(&mut out)
            .map_err(|e| AppError::Internal(e.into()))?;
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_page_of_text_is_a_pdf_that_loads_back() {
        let mut page = Page::new(A4);
        page.colour([0.1, 0.1, 0.1])
            .frame(30, 2)
            .centred(Font::Bold, 20, 700, "Receipt")
            .text(Font::Regular, 12, 60, 600, "Montréal — ok");
        let bytes = page.finish("A receipt").unwrap();
        let text = String::from_utf8_lossy(&bytes);
        assert!(text.starts_with("%PDF-1.5"));
        assert!(text.contains("(Receipt)"));
        assert!(Document::load_mem(&bytes).is_ok());
    }
}
