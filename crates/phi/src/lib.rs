//! The patient-data guardrail (issue 24 §1): before a member publishes, their text is
//! scanned for what may identify a patient — a name beside a diagnosis, a date of birth, a
//! health-card, record or social-security number, a phone number, a postal address. The
//! rules are data (`rules/*.json`, one file per language, all applied: a post's language is
//! not known); this module runs them in-process, a 10 KB post in well under 5 ms, and
//! returns the spans for the author to see highlighted.
//!
//! The labelled corpus in `corpus/` measures the rules ([`evaluate`]); `just bench` prints
//! its precision and recall, and the unit tests keep recall at 0.9 or more.

mod checks;
pub mod evaluate;
mod exif;
pub mod files;
mod finding;
pub mod guard;
mod names;
pub mod pooled;
mod rules;

use std::ops::Range;

pub use finding::{Finding, PhiKind};

/// The languages whose rules run.
pub fn languages() -> impl Iterator<Item = &'static str> {
    rules::all().iter().map(|language| language.code.as_str())
}

/// The findings in `text`, in reading order; overlapping findings of one kind are merged.
pub fn scan(text: &str) -> Vec<Finding> {
    scan_with(rules::all(), text)
}

/// The findings of `languages`' rules in `text`.
fn scan_with(languages: &[rules::Language], text: &str) -> Vec<Finding> {
    let mut found = Vec::new();
    let words = names::Words::new(text);
    for language in languages {
        language.patterns(text, &mut found);
        language.names.find(text, &words, &mut found);
    }
    merged(found)
}

/// The findings in the text of rich-text `html` (what readers will read), with that text.
pub fn scan_html(html: &str) -> (String, Vec<Finding>) {
    let text = kernel::rich_text::plain_text(html);
    let found = scan(&text);
    (text, found)
}

fn merged(mut found: Vec<Finding>) -> Vec<Finding> {
    found.sort_by_key(|f| (f.span.start, std::cmp::Reverse(f.span.end)));
    let mut out: Vec<Finding> = Vec::with_capacity(found.len());
    for finding in found {
        let overlapping = out
            .iter_mut()
            .rev()
            .take_while(|kept| kept.span.end > finding.span.start)
            .find(|kept| kept.kind == finding.kind);
        match overlapping {
            Some(kept) => kept.span.end = kept.span.end.max(finding.span.end),
            None => out.push(finding),
        }
    }
    out
}

/// A finding as the author sees it: the span and a little of the text around it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Excerpt<'a> {
    pub before: &'a str,
    pub text: &'a str,
    pub after: &'a str,
}

/// How many characters of context an excerpt shows on each side.
const CONTEXT_CHARS: usize = 40;

/// The finding's span in `text` with up to 40 characters either side.
pub fn excerpt<'a>(text: &'a str, finding: &Finding) -> Excerpt<'a> {
    let Range { start, end } = finding.span.clone();
    let before_start = text[..start]
        .char_indices()
        .rev()
        .nth(CONTEXT_CHARS - 1)
        .map_or(0, |(i, _)| i);
    let after_end = text[end..]
        .char_indices()
        .nth(CONTEXT_CHARS)
        .map_or(text.len(), |(i, _)| end + i);
    Excerpt {
        before: &text[before_start..start],
        text: &text[start..end],
        after: &text[end..after_end],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(text: &str) -> Vec<(PhiKind, String)> {
        scan(text)
            .into_iter()
            .map(|f| (f.kind, text[f.span].to_owned()))
            .collect()
    }

    #[test]
    fn each_kind_is_found_with_its_span() {
        let text = "Mrs Jane Doe was diagnosed with multiple sclerosis. DOB: 12/03/1961. \
                    NHS number 943 476 5919. Call her on 07700 900123 at 14 Harbour Street.";
        assert_eq!(
            kinds(text),
            [
                (
                    PhiKind::NameWithDiagnosis,
                    "Mrs Jane Doe was diagnosed with multiple sclerosis".to_owned()
                ),
                (PhiKind::DateOfBirth, "12/03/1961".to_owned()),
                (PhiKind::IdentityNumber, "943 476 5919".to_owned()),
                (PhiKind::Phone, "07700 900123".to_owned()),
                (PhiKind::Address, "14 Harbour Street".to_owned()),
            ]
        );
    }

    #[test]
    fn research_talk_is_left_alone() {
        for text in [
            "We recruited 1 234 participants with multiple sclerosis aged 40 to 60.",
            "Dr Sarah Lee presented the diabetes results on 12 March 2025.",
            "The trial NCT01234567 reported a hazard ratio of 0.82 (95% CI 0.71-0.95).",
            "Parkinson's disease affects movement; see doi:10.1000/182.",
        ] {
            assert_eq!(kinds(text), [], "{text}");
        }
    }

    #[test]
    fn an_excerpt_shows_the_span_in_its_context() {
        let text = "Born on 1 May 1950 in a small town.";
        let found = scan(text);
        let shown = excerpt(text, &found[0]);
        assert_eq!(shown.text, "1 May 1950");
        assert_eq!(shown.before, "Born on ");
        assert_eq!(shown.after, " in a small town.");
    }

    #[test]
    fn html_is_scanned_as_its_text() {
        let (text, found) = scan_html("<p>Call <strong>+44 20 7946 0958</strong></p>");
        assert_eq!(&text[found[0].span.clone()], "+44 20 7946 0958");
    }
}
