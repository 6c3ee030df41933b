//! CSV exports for spreadsheets (RFC 4180 lines ending in CRLF).

/// A text field, quoted when it must be; a leading `=`, `+`, `-` or `@` is prefixed with
/// `'` so a spreadsheet does not run it as a formula.
pub fn text(value: &str) -> String {
    let value = if value.starts_with(['=', '+', '-', '@']) {
        format!("'{value}")
    } else {
        value.to_owned()
    };
    if value.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", value.replace('"', "\"\""))
    } else {
        value
    }
}

/// One line of already formed fields (texts through [`text`], numbers as they are).
pub fn line(fields: impl IntoIterator<Item = String>) -> String {
    let mut out = fields.into_iter().collect::<Vec<_>>().join(",");
    out.push_str("\r\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_are_quoted_and_formulas_defused() {
        assert_eq!(text("Ada"), "Ada");
        assert_eq!(text("Hi, \"you\""), "\"Hi, \"\"you\"\"\"");
        assert_eq!(text("=HYPERLINK(x)"), "'=HYPERLINK(x)");
        assert_eq!(text("two\nlines"), "\"two\nlines\"");
        assert_eq!(line(["a".into(), "-5".into()]), "a,-5\r\n");
    }
}
