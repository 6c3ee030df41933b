//! One-page PDF documents (certificates, receipts): lines of text, centred or from the left, and
//! frames. Text is set in DejaVu Sans, embedded as Unicode (Type 0, Identity-H) fonts with a
//! ToUnicode map, so names print as written in Latin with its extensions, Greek and Cyrillic and
//! can be copied back out; a character the font lacks prints as "?".

use std::collections::BTreeMap;

use lopdf::content::{Content, Operation};
use lopdf::{Dictionary, Document, Object, ObjectId, Stream, StringFormat, dictionary};
use ttf_parser::{Face, GlyphId};

use kernel::error::{AppError, AppResult};

/// DejaVu Sans, or its bold (cut down to the scripts we print: `assets/fonts/README.md`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Font {
    Regular,
    Bold,
}

impl Font {
    const ALL: [Self; 2] = [Self::Regular, Self::Bold];

    fn resource(self) -> &'static str {
        match self {
            Self::Regular => "F1",
            Self::Bold => "F2",
        }
    }

    fn postscript_name(self) -> &'static str {
        match self {
            Self::Regular => "DejaVuSans",
            Self::Bold => "DejaVuSans-Bold",
        }
    }

    fn file(self) -> &'static [u8] {
        match self {
            Self::Regular => include_bytes!("../assets/fonts/DejaVuSans.ttf"),
            Self::Bold => include_bytes!("../assets/fonts/DejaVuSans-Bold.ttf"),
        }
    }
}

/// A font's outlines and the glyphs a page has used from it (for its widths and ToUnicode map).
struct Typeface {
    face: Face<'static>,
    used: BTreeMap<u16, char>,
}

impl Typeface {
    fn load(font: Font) -> AppResult<Self> {
        let face = Face::parse(font.file(), 0).map_err(|e| AppError::Internal(e.into()))?;
        Ok(Self {
            face,
            used: BTreeMap::new(),
        })
    }

    /// In PDF text space: thousandths of the font size.
    fn scaled(&self, units: i32) -> i64 {
        i64::from(units) * 1000 / i64::from(self.face.units_per_em())
    }

    fn advance(&self, glyph: GlyphId) -> i64 {
        self.scaled(self.face.glyph_hor_advance(glyph).map_or(0, i32::from))
    }

    /// `text` as two-byte glyph ids, and its width in thousandths of the font size.
    fn encode(&mut self, text: &str) -> (Vec<u8>, i64) {
        let mut bytes = Vec::with_capacity(text.len() * 2);
        let mut width = 0;
        for wanted in text.chars() {
            let (glyph, shown) = match self.face.glyph_index(wanted) {
                Some(glyph) => (glyph, wanted),
                None => (self.face.glyph_index('?').unwrap_or(GlyphId(0)), '?'),
            };
            self.used.insert(glyph.0, shown);
            bytes.extend(glyph.0.to_be_bytes());
            width += self.advance(glyph);
        }
        (bytes, width)
    }
}

/// A page being drawn, in points from its bottom-left corner.
pub struct Page {
    width: i64,
    height: i64,
    ops: Vec<Operation>,
    typefaces: [Typeface; 2],
}

/// A4 portrait and landscape, in points.
pub const A4: (i64, i64) = (595, 842);
pub const A4_LANDSCAPE: (i64, i64) = (842, 595);

impl Page {
    pub fn new((width, height): (i64, i64)) -> AppResult<Self> {
        Ok(Self {
            width,
            height,
            ops: Vec::new(),
            typefaces: [Typeface::load(Font::Regular)?, Typeface::load(Font::Bold)?],
        })
    }

    fn typeface(&mut self, font: Font) -> &mut Typeface {
        match font {
            Font::Regular => &mut self.typefaces[0],
            Font::Bold => &mut self.typefaces[1],
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
        let (glyphs, _) = self.typeface(font).encode(text);
        self.show(font, size, x, y, glyphs)
    }

    /// A line of text centred on the page (by the glyphs' own widths), at least 40 points in.
    pub fn centred(&mut self, font: Font, size: i64, y: i64, text: &str) -> &mut Self {
        let (glyphs, width) = self.typeface(font).encode(text);
        let x = ((self.width - width * size / 1000) / 2).max(40);
        self.show(font, size, x, y, glyphs)
    }

    /// `text` from `x`, broken at spaces into lines no wider than `width` points, each
    /// `leading` points below the one before from `y`: the baseline the next line would take.
    pub fn paragraph(
        &mut self,
        font: Font,
        size: i64,
        (x, y): (i64, i64),
        width: i64,
        leading: i64,
        text: &str,
    ) -> i64 {
        let mut y = y;
        for line in self.lines(font, size, width, text) {
            self.text(font, size, x, y, &line);
            y -= leading;
        }
        y
    }

    /// `text` broken at spaces into lines no wider than `width` points; a word wider than a
    /// line (a long file name, a hash) is broken between its characters.
    fn lines(&mut self, font: Font, size: i64, width: i64, text: &str) -> Vec<String> {
        let mut lines = Vec::new();
        let mut line = String::new();
        for word in text.split_whitespace() {
            let longer = if line.is_empty() {
                word.to_owned()
            } else {
                format!("{line} {word}")
            };
            if self.measure(font, size, &longer) <= width {
                line = longer;
                continue;
            }
            if !line.is_empty() {
                lines.push(std::mem::take(&mut line));
            }
            for c in word.chars() {
                let next = format!("{line}{c}");
                if !line.is_empty() && self.measure(font, size, &next) > width {
                    lines.push(std::mem::replace(&mut line, c.to_string()));
                } else {
                    line = next;
                }
            }
        }
        if !line.is_empty() {
            lines.push(line);
        }
        lines
    }

    /// How wide `text` is set in `font` at `size`, in points.
    fn measure(&mut self, font: Font, size: i64, text: &str) -> i64 {
        self.typeface(font).encode(text).1 * size / 1000
    }

    fn show(&mut self, font: Font, size: i64, x: i64, y: i64, glyphs: Vec<u8>) -> &mut Self {
        self.ops.extend([
            Operation::new("BT", vec![]),
            Operation::new("Tf", vec![font.resource().into(), size.into()]),
            Operation::new("Td", vec![x.into(), y.into()]),
            Operation::new(
                "Tj",
                vec![Object::String(glyphs, StringFormat::Hexadecimal)],
            ),
            Operation::new("ET", vec![]),
        ]);
        self
    }

    /// The finished document, titled `title`.
    pub fn finish(self, title: &str) -> AppResult<Vec<u8>> {
        let mut doc = Document::with_version("1.5");
        let pages_id = doc.new_object_id();
        let mut fonts = Dictionary::new();
        for (font, typeface) in Font::ALL.into_iter().zip(&self.typefaces) {
            if !typeface.used.is_empty() {
                let id = embed(&mut doc, font, typeface)?;
                fonts.set(font.resource(), id);
            }
        }
        let resources = doc.add_object(dictionary! { "Font" => fonts });
        let content = Content {
            operations: self.ops,
        }
        .encode()
        .map_err(|e| AppError::Internal(e.into()))?;
        let content_id = doc.add_object(compressed(dictionary! {}, content)?);
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
            "Title" => lopdf::text_string(title),
            "Producer" => Object::string_literal("Cohort"),
        });
        doc.trailer.set("Info", info);
        let mut out = Vec::new();
        doc.save_to(&mut out)
            .map_err(|e| AppError::Internal(e.into()))?;
        Ok(out)
    }
}

fn compressed(dict: Dictionary, content: Vec<u8>) -> AppResult<Stream> {
    let mut stream = Stream::new(dict, content);
    stream
        .compress()
        .map_err(|e| AppError::Internal(e.into()))?;
    Ok(stream)
}

/// The font file with a Type 0 font over it: glyph ids as character codes (Identity-H), the
/// used glyphs' widths, and a ToUnicode map so readers can search and copy the text.
fn embed(doc: &mut Document, font: Font, typeface: &Typeface) -> AppResult<ObjectId> {
    let face = &typeface.face;
    let file_length = i64::try_from(font.file().len()).unwrap_or(i64::MAX);
    let file = doc.add_object(compressed(
        dictionary! { "Length1" => file_length },
        font.file().to_vec(),
    )?);
    let bbox = face.global_bounding_box();
    let scaled = |units: i16| typeface.scaled(i32::from(units));
    let descriptor = doc.add_object(dictionary! {
        "Type" => "FontDescriptor",
        "FontName" => font.postscript_name(),
        // Nonsymbolic: the font's glyphs are named by the standard Latin character set.
        "Flags" => 32,
        "FontBBox" => vec![scaled(bbox.x_min).into(), scaled(bbox.y_min).into(), scaled(bbox.x_max).into(), scaled(bbox.y_max).into()],
        "ItalicAngle" => 0,
        "Ascent" => scaled(face.ascender()),
        "Descent" => scaled(face.descender()),
        "CapHeight" => scaled(face.capital_height().unwrap_or(face.ascender())),
        "StemV" => 80,
        "FontFile2" => file,
    });
    let widths: Vec<Object> = typeface
        .used
        .keys()
        .flat_map(|&glyph| {
            [
                i64::from(glyph).into(),
                vec![typeface.advance(GlyphId(glyph)).into()].into(),
            ]
        })
        .collect();
    let descendant = doc.add_object(dictionary! {
        "Type" => "Font",
        "Subtype" => "CIDFontType2",
        "BaseFont" => font.postscript_name(),
        "CIDSystemInfo" => dictionary! {
            "Registry" => Object::string_literal("Adobe"),
            "Ordering" => Object::string_literal("Identity"),
            "Supplement" => 0,
        },
        "FontDescriptor" => descriptor,
        "W" => widths,
        "CIDToGIDMap" => "Identity",
    });
    let to_unicode = doc.add_object(compressed(dictionary! {}, to_unicode(&typeface.used))?);
    Ok(doc.add_object(dictionary! {
        "Type" => "Font",
        "Subtype" => "Type0",
        "BaseFont" => font.postscript_name(),
        "Encoding" => "Identity-H",
        "DescendantFonts" => vec![descendant.into()],
        "ToUnicode" => to_unicode,
    }))
}

/// The CMap from each used glyph id back to its character (at most 100 per block, as the
/// format requires).
fn to_unicode(used: &BTreeMap<u16, char>) -> Vec<u8> {
    let mut cmap = String::from(
        "/CIDInit /ProcSet findresource begin\n12 dict begin\nbegincmap\n\
         /CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def\n\
         /CMapName /Adobe-Identity-UCS def\n/CMapType 2 def\n\
         1 begincodespacerange\n<0000> <FFFF>\nendcodespacerange\n",
    );
    let entries: Vec<_> = used.iter().collect();
    for block in entries.chunks(100) {
        cmap.push_str(&format!("{} beginbfchar\n", block.len()));
        for (glyph, character) in block {
            let utf16: String = character
                .encode_utf16(&mut [0; 2])
                .iter()
                .map(|unit| format!("{unit:04X}"))
                .collect();
            cmap.push_str(&format!("<{glyph:04X}> <{utf16}>\n"));
        }
        cmap.push_str("endbfchar\n");
    }
    cmap.push_str("endcmap\nCMapName currentdict /CMap defineresource pop\nend\nend\n");
    cmap.into_bytes()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn written(lines: &[&str]) -> Vec<u8> {
        let mut page = Page::new(A4).unwrap();
        page.colour([0.1, 0.1, 0.1]).frame(30, 2);
        for (i, line) in lines.iter().enumerate() {
            let y = 700 - 40 * i64::try_from(i).unwrap();
            page.centred(Font::Bold, 20, y, line)
                .text(Font::Regular, 12, 60, y - 20, line);
        }
        page.finish("Łukasz’s receipt").unwrap()
    }

    #[test]
    fn a_paragraph_keeps_within_its_width_and_every_word() {
        let text = "All or nothing: charged because the project reached its goal and a Content \
                    Expert approved it. Cohort keeps 9%; the rest goes to the research team's \
                    institution. This is not an official receipt for income tax purposes.";
        let mut page = Page::new(A4).unwrap();
        let lines = page.lines(Font::Regular, 9, 455, text);
        assert!(lines.len() >= 2, "{lines:?}");
        for line in &lines {
            assert!(page.measure(Font::Regular, 9, line) <= 455, "{line}");
        }
        assert_eq!(
            lines.join(" "),
            text.split_whitespace().collect::<Vec<_>>().join(" ")
        );
        let below = page.paragraph(Font::Regular, 9, (70, 120), 455, 14, text);
        assert_eq!(below, 120 - 14 * i64::try_from(lines.len()).unwrap());
    }

    #[test]
    fn a_word_wider_than_a_line_is_broken_between_its_characters() {
        let name = format!("{}.pdf", "protocol_".repeat(30));
        let text = format!("Files: {name} end");
        let mut page = Page::new(A4).unwrap();
        let lines = page.lines(Font::Regular, 9, 200, &text);
        assert!(lines.len() >= 3, "{lines:?}");
        for line in &lines {
            assert!(page.measure(Font::Regular, 9, line) <= 200, "{line}");
        }
        assert_eq!(lines.concat().replace(' ', ""), text.replace(' ', ""));
        assert_eq!(lines[0], "Files:", "the long word starts its own line");
    }

    #[test]
    fn latin_extended_greek_and_cyrillic_print_as_written() {
        let lines = [
            "Łukasz Żółć — Ærzte in Montréal",
            "Ευαγγελία Παπαδοπούλου",
            "Анна Иванова, Київ",
            "Nguyễn Thị Minh Khai",
        ];
        let bytes = written(&lines);
        let doc = Document::load_mem(&bytes).unwrap();
        let text = doc.extract_text(&[1]).unwrap();
        for line in lines {
            assert_eq!(text.matches(line).count(), 2, "{line} in {text:?}");
        }
        assert!(!text.contains('?'), "{text:?}");
    }

    #[test]
    fn both_fonts_are_embedded_as_unicode_fonts() {
        let doc = Document::load_mem(&written(&["Cohort"])).unwrap();
        let fonts: Vec<&Dictionary> = doc
            .objects
            .values()
            .filter_map(|object| object.as_dict().ok())
            .filter(|dict| dict.get(b"Subtype").and_then(Object::as_name).ok() == Some(b"Type0"))
            .collect();
        assert_eq!(fonts.len(), 2);
        let files = doc
            .objects
            .values()
            .filter_map(|object| object.as_dict().ok())
            .filter(|dict| dict.has(b"FontFile2"))
            .count();
        assert_eq!(files, 2);
    }

    #[test]
    fn a_character_the_font_lacks_prints_as_a_question_mark() {
        let doc = Document::load_mem(&written(&["中文 ok"])).unwrap();
        assert!(doc.extract_text(&[1]).unwrap().contains("?? ok"));
    }

    #[test]
    fn centring_uses_the_glyphs_widths() {
        let mut narrow = Page::new(A4).unwrap();
        let (_, thin) = narrow.typeface(Font::Regular).encode("iiii");
        let (_, wide) = narrow.typeface(Font::Regular).encode("WWWW");
        assert!(wide > 2 * thin, "{wide} vs {thin}");
    }
}
