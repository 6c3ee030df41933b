//! The HTML version every message carries beside its plain text: the same words, escaped,
//! in paragraphs, with their addresses as links, under the site's name linking home. One
//! rendering for every message, so no template can forget to escape.

use kernel::sitemap::xml_escape;

/// The name mail is signed with.
pub const SITE_NAME: &str = "Cohort";

/// `text` as a small, self-contained HTML document (inline styles: mail clients drop
/// style sheets).
pub fn from_text(public_url: &str, subject: &str, text: &str) -> String {
    let home = xml_escape(public_url.trim_end_matches('/'));
    let paragraphs: String = text
        .split("\n\n")
        .map(str::trim)
        .filter(|p| !p.is_empty())
        .map(|p| {
            let lines: Vec<String> = p.lines().map(linked).collect();
            format!("<p style=\"margin:0 0 16px\">{}</p>", lines.join("<br>"))
        })
        .collect();
    format!(
        "<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
         <title>{title}</title></head>\
         <body style=\"margin:0;padding:24px;background:#f5f7f8;font-family:Arial,Helvetica,sans-serif;color:#1d2b36;line-height:1.5\">\
         <div style=\"max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px\">\
         <p style=\"margin:0 0 24px;font-size:20px;font-weight:bold\">\
         <a href=\"{home}\" style=\"color:#0b5d6b;text-decoration:none\">{SITE_NAME}</a></p>\
         {paragraphs}\
         <p style=\"margin:24px 0 0;font-size:12px;color:#5b6b77\">\
         <a href=\"{home}\" style=\"color:#5b6b77\">{home}</a></p>\
         </div></body></html>",
        title = xml_escape(subject),
    )
}

/// One line, escaped, its `http(s)://` addresses made links.
fn linked(line: &str) -> String {
    line.split(' ')
        .map(|word| {
            let escaped = xml_escape(word);
            if word.starts_with("https://") || word.starts_with("http://") {
                // A sentence's full stop or comma is not part of the address.
                let address = word.trim_end_matches(['.', ',', ')', ';', ':']);
                let rest = &word[address.len()..];
                format!(
                    "<a href=\"{0}\" style=\"color:#0b5d6b\">{0}</a>{1}",
                    xml_escape(address),
                    xml_escape(rest)
                )
            } else {
                escaped
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_text_becomes_escaped_paragraphs_with_linked_addresses_under_the_site_name() {
        let html = from_text(
            "https://cohort.example.org/",
            "Reset <your> password",
            "Hi <b>Ada</b> & co,\n\nOpen https://cohort.example.org/reset?token=a&b=c.\nThanks",
        );
        assert!(html.contains("<title>Reset &lt;your&gt; password</title>"));
        assert!(html.contains("<a href=\"https://cohort.example.org\" style=\"color:#0b5d6b;text-decoration:none\">Cohort</a>"));
        assert!(html.contains("Hi &lt;b&gt;Ada&lt;/b&gt; &amp; co,"));
        assert!(html.contains(
            "<a href=\"https://cohort.example.org/reset?token=a&amp;b=c\" style=\"color:#0b5d6b\">https://cohort.example.org/reset?token=a&amp;b=c</a>.<br>Thanks"
        ));
        assert!(!html.contains("<b>Ada"));
    }
}
