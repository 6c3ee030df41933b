//! The side-by-side difference between two versions of a protocol: paragraph by paragraph
//! (a rewritten paragraph beside the one it replaced) and file by file.

use serde::Serialize;
use similar::{Algorithm, DiffOp, capture_diff_slices};
use utoipa::ToSchema;

use crate::enums::DiffChange;
use crate::read::protocols::ProtocolVersion;

/// One row of the comparison: the earlier version's side and the later one's.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct DiffRow {
    pub change: DiffChange,
    /// The earlier version's paragraph (none where one was added).
    pub before: Option<String>,
    /// The later version's paragraph (none where one was removed).
    pub after: Option<String>,
}

/// A file kept, added or removed between the versions (a file whose bytes changed shows
/// as one removed and one added).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct FileChange {
    pub change: DiffChange,
    pub filename: String,
    pub sha256: String,
}

/// Two versions compared.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ProtocolDiff {
    pub from: i32,
    pub to: i32,
    /// The later version's reason for amending.
    pub reason: Option<String>,
    pub rows: Vec<DiffRow>,
    pub files: Vec<FileChange>,
}

/// The blocks that end a paragraph in the editor's HTML.
const BLOCK_ENDS: [&str; 11] = [
    "</p>",
    "</li>",
    "</h1>",
    "</h2>",
    "</h3>",
    "</h4>",
    "</h5>",
    "</h6>",
    "</blockquote>",
    "</pre>",
    "<br>",
];

/// The paragraphs of rich text, as plain text.
pub fn paragraphs(html: &str) -> Vec<String> {
    let mut marked = html.to_owned();
    for end in BLOCK_ENDS {
        marked = marked.replace(end, &format!("{end}\u{1e}"));
    }
    marked
        .split('\u{1e}')
        .map(kernel::rich_text::plain_text)
        .filter(|p| !p.is_empty())
        .collect()
}

/// Paragraph rows: unchanged, removed, added, and runs replaced side by side.
fn rows(before: &[String], after: &[String]) -> Vec<DiffRow> {
    let row = |change, b: Option<&String>, a: Option<&String>| DiffRow {
        change,
        before: b.cloned(),
        after: a.cloned(),
    };
    let mut out = Vec::new();
    for op in capture_diff_slices(Algorithm::Myers, before, after) {
        match op {
            DiffOp::Equal { old_index, len, .. } => out.extend(
                before[old_index..old_index + len]
                    .iter()
                    .map(|p| row(DiffChange::Same, Some(p), Some(p))),
            ),
            DiffOp::Delete {
                old_index, old_len, ..
            } => out.extend(
                before[old_index..old_index + old_len]
                    .iter()
                    .map(|p| row(DiffChange::Removed, Some(p), None)),
            ),
            DiffOp::Insert {
                new_index, new_len, ..
            } => out.extend(
                after[new_index..new_index + new_len]
                    .iter()
                    .map(|p| row(DiffChange::Added, None, Some(p))),
            ),
            DiffOp::Replace {
                old_index,
                old_len,
                new_index,
                new_len,
            } => {
                for i in 0..old_len.max(new_len) {
                    let b = (i < old_len).then(|| &before[old_index + i]);
                    let a = (i < new_len).then(|| &after[new_index + i]);
                    let change = match (b, a) {
                        (Some(_), Some(_)) => DiffChange::Changed,
                        (Some(_), None) => DiffChange::Removed,
                        _ => DiffChange::Added,
                    };
                    out.push(row(change, b, a));
                }
            }
        }
    }
    out
}

fn file_changes(before: &ProtocolVersion, after: &ProtocolVersion) -> Vec<FileChange> {
    let key = |f: &crate::read::protocols::ProtocolFile| (f.filename.clone(), f.sha256.clone());
    let old: Vec<_> = before.files.iter().map(key).collect();
    let new: Vec<_> = after.files.iter().map(key).collect();
    let change = |change, (filename, sha256): &(String, String)| FileChange {
        change,
        filename: filename.clone(),
        sha256: sha256.clone(),
    };
    let mut out: Vec<FileChange> = new
        .iter()
        .map(|f| {
            change(
                if old.contains(f) {
                    DiffChange::Same
                } else {
                    DiffChange::Added
                },
                f,
            )
        })
        .collect();
    out.extend(
        old.iter()
            .filter(|f| !new.contains(f))
            .map(|f| change(DiffChange::Removed, f)),
    );
    out
}

/// `before` and `after` compared.
pub fn compare(before: &ProtocolVersion, after: &ProtocolVersion) -> ProtocolDiff {
    ProtocolDiff {
        from: before.version,
        to: after.version,
        reason: after.reason.clone(),
        rows: rows(&paragraphs(&before.body), &paragraphs(&after.body)),
        files: file_changes(before, after),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| (*s).to_owned()).collect()
    }

    #[test]
    fn paragraphs_are_the_editors_blocks_as_plain_text() {
        assert_eq!(
            paragraphs(
                "<p>Aim: <b>sleep</b> &amp; pain.</p><ul><li>One</li><li>Two</li></ul><p></p>"
            ),
            texts(&["Aim: sleep & pain.", "One", "Two"])
        );
    }

    #[test]
    fn a_rewritten_paragraph_sits_beside_the_one_it_replaced() {
        let before = texts(&["Intro", "120 patients", "Outcome: pain"]);
        let after = texts(&["Intro", "150 patients", "Outcome: pain", "Follow-up"]);
        let all = rows(&before, &after);
        let got: Vec<(DiffChange, Option<&str>, Option<&str>)> = all
            .iter()
            .map(|r| (r.change, r.before.as_deref(), r.after.as_deref()))
            .collect();
        assert_eq!(
            got,
            vec![
                (DiffChange::Same, Some("Intro"), Some("Intro")),
                (
                    DiffChange::Changed,
                    Some("120 patients"),
                    Some("150 patients")
                ),
                (
                    DiffChange::Same,
                    Some("Outcome: pain"),
                    Some("Outcome: pain")
                ),
                (DiffChange::Added, None, Some("Follow-up")),
            ]
        );
    }

    #[test]
    fn a_removed_paragraph_has_no_later_side() {
        let got = rows(&texts(&["A", "B", "C"]), &texts(&["A", "C"]));
        assert_eq!(got[1].change, DiffChange::Removed);
        assert_eq!(got[1].before.as_deref(), Some("B"));
        assert_eq!(got[1].after, None);
        assert_eq!(got.len(), 3);
    }
}
