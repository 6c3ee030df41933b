//! Rich text from members' editors: sanitised on write, so what is stored is safe to render.

use std::collections::HashSet;
use std::sync::LazyLock;

/// The one HTML policy for members' rich text: the editor's formatting and links, nothing
/// that runs, loads or styles. Links get `rel="noopener noreferrer nofollow"`.
static POLICY: LazyLock<ammonia::Builder<'static>> = LazyLock::new(|| {
    let mut builder = ammonia::Builder::default();
    builder
        .tags(HashSet::from([
            "p",
            "br",
            "strong",
            "b",
            "em",
            "i",
            "u",
            "s",
            "ul",
            "ol",
            "li",
            "a",
            "blockquote",
            "h2",
            "h3",
            "h4",
            "code",
            "pre",
        ]))
        // An @mention: `<a href="/profile/7" data-mention="7">@Ada Lovelace</a>`.
        .add_tag_attributes("a", [MENTION_ATTRIBUTE])
        .link_rel(Some("noopener noreferrer nofollow"))
        .url_relative(ammonia::UrlRelative::Custom(Box::new(site_paths_only)))
        .url_schemes(HashSet::from(["http", "https", "mailto"]));
    builder
});

/// The policy for what staff write (CMS pages, blog posts): members' formatting plus
/// headings, tables, figures and pictures; still nothing that runs or styles.
static PAGE_POLICY: LazyLock<ammonia::Builder<'static>> = LazyLock::new(|| {
    let mut builder = ammonia::Builder::default();
    builder
        .add_tags([
            "h1",
            "h2",
            "h3",
            "h4",
            "h5",
            "h6",
            "table",
            "thead",
            "tbody",
            "tfoot",
            "tr",
            "th",
            "td",
            "caption",
            "figure",
            "figcaption",
            "img",
            "hr",
            "sup",
            "sub",
            "small",
            "dl",
            "dt",
            "dd",
            "section",
            "div",
            "span",
        ])
        .add_tag_attributes("img", ["src", "alt", "width", "height"])
        .add_tag_attributes("a", ["title"])
        .link_rel(Some("noopener noreferrer"))
        .url_relative(ammonia::UrlRelative::Custom(Box::new(site_paths_only)))
        .url_schemes(HashSet::from(["http", "https", "mailto"]));
    builder
});

/// Tags removed (with what scripts and styles held), for fields that are plain text: the
/// text a person reads, as they would read it, whatever markup was sent.
static PLAIN_POLICY: LazyLock<ammonia::Builder<'static>> = LazyLock::new(|| {
    let mut builder = ammonia::Builder::empty();
    builder.clean_content_tags(HashSet::from(["script", "style"]));
    builder
});

/// The value of a plain-text field from what may hold markup: tags dropped (scripts and
/// styles with their content), control characters other than line breaks and tabs
/// removed, surrounding space trimmed; line breaks kept.
pub fn plain_field(input: &str) -> String {
    decode_entities(&PLAIN_POLICY.clean(input).to_string())
        .chars()
        .filter(|c| !c.is_control() || matches!(c, '\n' | '\t'))
        .collect::<String>()
        .trim()
        .to_owned()
}

/// The attribute that marks a link as an @mention of the member it names by id.
pub const MENTION_ATTRIBUTE: &str = "data-mention";

/// The members sanitised rich text mentions, by id, each once, in the order they appear.
pub fn mentioned_ids(html: &str) -> Vec<i64> {
    let marker = format!("{MENTION_ATTRIBUTE}=\"");
    let mut ids: Vec<i64> = Vec::new();
    for rest in html.split(&marker).skip(1) {
        let id = rest.split('"').next().and_then(|v| v.parse::<i64>().ok());
        if let Some(id) = id.filter(|id| *id > 0 && !ids.contains(id)) {
            ids.push(id);
        }
    }
    ids
}

/// The input with everything outside the members' policy removed.
pub fn sanitize(html: &str) -> String {
    POLICY.clean(html).to_string()
}

/// The input with everything outside the staff pages' policy removed.
pub fn sanitize_page(html: &str) -> String {
    PAGE_POLICY.clean(html).to_string()
}

/// Relative addresses in HTML keep only paths on this site: `/\host` (which browsers
/// follow like `//host`) and other oddities lose the attribute.
fn site_paths_only(url: &str) -> Option<std::borrow::Cow<'_, str>> {
    crate::links::is_web_address(url).then_some(std::borrow::Cow::Borrowed(url))
}

/// Why staff-written HTML is refused rather than quietly cleaned: it tries to run code
/// (a script, an event handler, a `javascript:` address) or to embed another document.
/// Sanitising would remove these anyway; refusing says so, so nothing is lost unseen.
pub fn active_content(html: &str) -> Option<&'static str> {
    let lower = html.to_lowercase();
    const TAGS: [&str; 5] = ["<script", "<iframe", "<object", "<embed", "<frame"];
    const SCHEMES: [&str; 3] = ["javascript:", "vbscript:", "data:text/html"];
    if TAGS.iter().any(|tag| lower.contains(tag)) {
        return Some(ACTIVE_TAG);
    }
    if SCHEMES.iter().any(|scheme| lower.contains(scheme)) || has_event_handler(&lower) {
        return Some(ACTIVE_ATTRIBUTE);
    }
    // `/\host` in an address is read by browsers as `//host`: another site.
    if ["=\"/\\", "='/\\", "=/\\"]
        .iter()
        .any(|start| lower.contains(start))
    {
        return Some(crate::links::NOT_A_WEB_ADDRESS);
    }
    None
}

/// Scripts and embedded documents are not allowed in HTML content.
pub const ACTIVE_TAG: &str = "Scripts and embedded frames are not allowed here.";
/// Event handlers and script addresses are not allowed.
pub const ACTIVE_ATTRIBUTE: &str = "Event handlers and javascript: links are not allowed here.";

/// An `on…=` attribute inside a tag, such as `onerror=` or `onclick =`.
fn has_event_handler(lower: &str) -> bool {
    let mut in_tag = false;
    let bytes = lower.as_bytes();
    for (i, &b) in bytes.iter().enumerate() {
        match b {
            b'<' => in_tag = true,
            b'>' => in_tag = false,
            b'o' if in_tag
                && i > 0
                && matches!(
                    bytes[i - 1],
                    b' ' | b'\t' | b'\n' | b'\r' | b'/' | b'"' | b'\''
                )
                && bytes.get(i + 1) == Some(&b'n') =>
            {
                let name_end = bytes[i + 2..]
                    .iter()
                    .position(|c| !c.is_ascii_alphabetic())
                    .map_or(bytes.len(), |p| i + 2 + p);
                let rest = lower[name_end..].trim_start();
                if name_end > i + 2 && rest.starts_with('=') {
                    return true;
                }
            }
            _ => {}
        }
    }
    false
}

/// True when the HTML shows no text (an emptied editor sends `<p></p>` or `<p><br></p>`).
pub fn is_blank(html: &str) -> bool {
    let no_tags = ammonia::Builder::empty().clean(html).to_string();
    no_tags.replace("&nbsp;", " ").trim().is_empty()
}

/// The first `max` characters of plain `text`, with an ellipsis when cut.
pub fn excerpt(text: &str, max: usize) -> String {
    let mut cut: String = text.chars().take(max).collect();
    if cut.len() < text.len() {
        cut.push('…');
    }
    cut
}

/// The text of rich text, without tags, for quotes and excerpts shown as plain text.
pub fn plain_text(html: &str) -> String {
    let stripped = ammonia::Builder::empty()
        .clean(&html.replace("</p>", "</p> ").replace("<br>", " "))
        .to_string();
    decode_entities(&stripped)
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

/// Text as the HTML serializer escaped it, read back (`&amp;` last).
pub fn decode_entities(escaped: &str) -> String {
    escaped
        .replace("&nbsp;", "\u{a0}")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&amp;", "&")
}

#[cfg(test)]
mod plain_tests {
    use super::plain_field;

    #[test]
    fn plain_fields_keep_what_a_person_reads() {
        assert_eq!(
            plain_field("<script>alert(1)</script>Neurologist"),
            "Neurologist"
        );
        assert_eq!(plain_field("<b>Dr.</b> A & B <i>x</i>"), "Dr. A & B x");
        assert_eq!(plain_field("a < b > c, <3"), "a < b > c, <3");
        assert_eq!(plain_field("  two\nlines\u{0}  "), "two\nlines");
        assert_eq!(plain_field("&lt;script&gt;"), "<script>");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_mention_survives_sanitising_and_names_its_member_once() {
        let html = sanitize(
            "<p>Hi <a href=\"/profile/7\" data-mention=\"7\" onclick=\"x()\">@Ada</a>, \
             <a href=\"/profile/9\" data-mention=\"9\">@Bo</a> and \
             <a href=\"/profile/7\" data-mention=\"7\">@Ada</a> \
             <span data-mention=\"11\">@Cy</span> <a data-mention=\"x\">@?</a></p>",
        );
        assert!(html.contains(r#"data-mention="7""#), "{html}");
        assert!(!html.contains("onclick"), "{html}");
        assert_eq!(mentioned_ids(&html), vec![7, 9]);
        assert_eq!(mentioned_ids("<p>no one</p>"), Vec::<i64>::new());
    }

    #[test]
    fn scripts_handlers_and_script_links_are_active_content() {
        assert_eq!(
            active_content("<p>Hi <SCRIPT>x()</script></p>"),
            Some(ACTIVE_TAG)
        );
        assert_eq!(
            active_content("<iframe src=\"https://x\"></iframe>"),
            Some(ACTIVE_TAG)
        );
        assert_eq!(
            active_content("<img src=x onerror=alert(1)>"),
            Some(ACTIVE_ATTRIBUTE)
        );
        assert_eq!(
            active_content("<a href=\"JavaScript:go()\">x</a>"),
            Some(ACTIVE_ATTRIBUTE)
        );
        assert_eq!(
            active_content("<div onclick = \"x\">x</div>"),
            Some(ACTIVE_ATTRIBUTE)
        );
        assert_eq!(active_content("<p>Call on = Monday, one=1</p>"), None);
        assert_eq!(
            active_content("<p class=\"online\">Stroke <b>online</b></p>"),
            None
        );
    }

    #[test]
    fn pages_keep_headings_tables_and_pictures_but_nothing_that_runs() {
        let clean = sanitize_page(
            r#"<h2 onclick="x()">Rights</h2><table><tr><td>a</td></tr></table><img src="/media/a.png" onerror="x()"><iframe src="https://evil.example"></iframe><script>x</script>"#,
        );
        assert!(clean.contains("<h2>Rights</h2>") && clean.contains("<td>a</td>"));
        assert!(clean.contains(r#"<img src="/media/a.png">"#));
        assert!(!clean.contains("onclick") && !clean.contains("onerror"));
        assert!(!clean.contains("iframe") && !clean.contains("script"));
    }

    #[test]
    fn plain_text_drops_tags_and_reads_entities() {
        assert_eq!(
            plain_text("<p>Tom &amp; Jerry</p><p>say &lt;hi&gt;<br>now</p>"),
            "Tom & Jerry say <hi> now"
        );
    }

    #[test]
    fn strips_scripts_handlers_and_hostile_links() {
        let dirty = r#"<p onclick="x()">Hi <script>alert(1)</script><a href="javascript:alert(1)">a</a> <a href="https://ok.example">b</a><img src=x onerror=alert(1)></p>"#;
        let clean = sanitize(dirty);
        assert!(
            !clean.contains("script") && !clean.contains("onclick") && !clean.contains("onerror")
        );
        assert!(!clean.contains("javascript:"));
        assert!(
            clean.contains(
                r#"<a href="https://ok.example" rel="noopener noreferrer nofollow">b</a>"#
            )
        );
        assert!(clean.starts_with("<p>Hi "));
    }

    #[test]
    fn an_empty_editor_is_blank() {
        assert!(is_blank("<p></p>"));
        assert!(is_blank("<p><br></p>"));
        assert!(is_blank(" <p>&nbsp;</p> "));
        assert!(!is_blank("<ul><li>have fun</li></ul>"));
    }
}
