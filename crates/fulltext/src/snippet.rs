//! The passage a search result shows, its matching words marked.

use serde::Serialize;

/// One run of a snippet's text, matching the query or not.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct SnippetPart {
    pub text: String,
    /// The query matched these words.
    pub hit: bool,
}

/// A passage as plain text in runs; rich text's markup is dropped, so nothing in it is
/// markup when shown.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Snippet(pub Vec<SnippetPart>);

impl Snippet {
    /// From a database's snippet, its hits between `\u{1}` and `\u{2}`, spaces collapsed;
    /// from `rich` text, tags (and a tag cut at either end) are dropped and entities
    /// decoded.
    pub fn from_marked(marked: &str, rich: bool) -> Self {
        let text = if rich { cut_tag_ends(marked) } else { marked };
        let mut parts: Vec<SnippetPart> = Vec::new();
        let mut run = String::new();
        let mut hit = false;
        let mut in_tag = false;
        for c in text.chars() {
            match c {
                '\u{1}' | '\u{2}' => {
                    push_run(&mut parts, &mut run, hit, rich);
                    hit = c == '\u{1}';
                }
                '<' if rich => in_tag = true,
                '>' if in_tag => {
                    in_tag = false;
                    run.push(' ');
                }
                _ if in_tag => {}
                _ => run.push(c),
            }
        }
        push_run(&mut parts, &mut run, hit, rich);
        if let Some(first) = parts.first_mut() {
            first.text = first.text.trim_start().to_owned();
        }
        if let Some(last) = parts.last_mut() {
            last.text = last.text.trim_end().to_owned();
        }
        parts.retain(|p| !p.text.is_empty());
        Self(parts)
    }

    /// The passage's text without marks.
    pub fn plain(&self) -> String {
        self.0.iter().map(|p| p.text.as_str()).collect()
    }
}

/// Drops a tag the snippet begins inside (text up to a `>` before any `<`) and one it
/// ends inside (a `<` never closed).
fn cut_tag_ends(text: &str) -> &str {
    let mut text = text;
    if let Some(close) = text.find('>')
        && text.find('<').is_none_or(|open| close < open)
    {
        text = &text[close + 1..];
    }
    if let Some(open) = text.rfind('<')
        && !text[open..].contains('>')
    {
        text = &text[..open];
    }
    text
}

fn push_run(parts: &mut Vec<SnippetPart>, run: &mut String, hit: bool, rich: bool) {
    let text = if rich {
        collapse_spaces(&kernel::rich_text::decode_entities(run))
    } else {
        collapse_spaces(run)
    };
    run.clear();
    if text.is_empty() {
        return;
    }
    match parts.last_mut() {
        Some(last) if last.hit == hit => last.text.push_str(&text),
        _ => parts.push(SnippetPart { text, hit }),
    }
}

/// Every run of white space as one space (kept at the ends: runs join up).
fn collapse_spaces(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut space = false;
    for c in text.chars() {
        if c.is_whitespace() {
            if !space {
                out.push(' ');
            }
            space = true;
        } else {
            out.push(c);
            space = false;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn snippets_lose_markup_and_keep_their_hits() {
        let snippet = Snippet::from_marked(
            "ef=\"x\">Early <b>\u{1}stroke\u{2}</b> care &amp; <i>rehab</i> <a hr",
            true,
        );
        assert_eq!(
            snippet.0,
            vec![
                SnippetPart {
                    text: "Early ".into(),
                    hit: false
                },
                SnippetPart {
                    text: "stroke".into(),
                    hit: true
                },
                SnippetPart {
                    text: " care & rehab".into(),
                    hit: false
                },
            ]
        );
        assert_eq!(snippet.plain(), "Early stroke care & rehab");
    }

    #[test]
    fn a_hit_inside_a_tag_is_dropped_with_it() {
        let snippet = Snippet::from_marked("<\u{1}strong\u{2}>Bold</\u{1}strong\u{2}> text", true);
        assert_eq!(snippet.plain(), "Bold text");
        assert!(snippet.0.iter().all(|p| !p.hit));
    }

    #[test]
    fn plain_text_keeps_its_angle_brackets_and_ampersands() {
        let snippet = Snippet::from_marked("p < 0.05 &amp; \u{1}x\u{2} > 3", false);
        assert_eq!(snippet.plain(), "p < 0.05 &amp; x > 3");
    }
}
