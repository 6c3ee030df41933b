//! A person's name beside a diagnosis: "Mrs Jane Doe, 54, was diagnosed with multiple
//! sclerosis". Names are an honorific followed by capitalised words, or a given name from
//! the dictionary (with the capitalised surname after it); diagnoses come from the
//! dictionary. A pair counts when both sit in one sentence, a few words apart. Clinicians
//! and researchers ("Dr Lee", "Professor Ada Smith") are not patients.

use std::cell::OnceCell;
use std::collections::HashMap;
use std::ops::Range;

use aho_corasick::{AhoCorasick, AhoCorasickBuilder, MatchKind};

use super::{Finding, PhiKind};

pub(super) struct NameRule {
    /// What each dictionary word is (one lookup per capitalised word of the text).
    roles: HashMap<String, Role>,
    diagnoses: AhoCorasick,
    /// Acronyms ("MS", "HIV") match only in capitals: "ms" and "Ms" are not diagnoses.
    acronym: Vec<bool>,
    window_words: usize,
}

/// What a dictionary word may be; a word can be more than one ("Dr" is an honorific that
/// marks a clinician).
#[derive(Debug, Clone, Copy, Default)]
struct Role {
    honorific: bool,
    not_patient: bool,
    given_name: bool,
}

/// A word of the text: its place and whether it starts with a capital.
#[derive(Debug, Clone)]
struct Word<'a> {
    text: &'a str,
    span: Range<usize>,
    /// A sentence ends right after it.
    ends_sentence: bool,
}

impl NameRule {
    pub fn new(
        honorifics: &[String],
        not_patients: &[String],
        given_names: &[String],
        diagnoses: &[String],
        window_words: usize,
    ) -> Result<Self, String> {
        let diagnoses_matcher = AhoCorasickBuilder::new()
            .ascii_case_insensitive(true)
            .match_kind(MatchKind::LeftmostLongest)
            .build(diagnoses)
            .map_err(|e| e.to_string())?;
        let mut roles: HashMap<String, Role> = HashMap::new();
        let lists = [
            (
                honorifics,
                (|role: &mut Role| role.honorific = true) as fn(&mut Role),
            ),
            (not_patients, |role| role.not_patient = true),
            (given_names, |role| role.given_name = true),
        ];
        for (list, mark) in lists {
            for word in list {
                // Only capitalised words are looked up (most of a text is skipped unhashed).
                if !word.chars().next().is_some_and(char::is_uppercase) {
                    return Err(format!("\"{word}\": names and titles start with a capital"));
                }
                mark(roles.entry(word.clone()).or_default());
            }
        }
        Ok(Self {
            roles,
            diagnoses: diagnoses_matcher,
            acronym: diagnoses
                .iter()
                .map(|d| !d.chars().any(char::is_lowercase))
                .collect(),
            window_words,
        })
    }

    /// The dictionary's roles of `word` (punctuation around it aside).
    fn role(&self, word: &str) -> Role {
        let word = trimmed(word);
        if !word.chars().next().is_some_and(char::is_uppercase) {
            return Role::default();
        }
        self.roles.get(word).copied().unwrap_or_default()
    }

    /// Adds each name with a diagnosis near it to `found`, spanning both (the first such
    /// diagnosis in the text).
    pub fn find(&self, text: &str, words: &Words<'_>, found: &mut Vec<Finding>) {
        let diagnoses = self.diagnoses_in(text);
        if diagnoses.is_empty() {
            return;
        }
        let words = words.get();
        // Each diagnosis's first and last word. Diagnoses do not overlap and come in the
        // text's order, so both rise with the index: the ones a name may be close to (at most
        // `window_words + 1` words away) are one short run found by binary search, and a
        // post full of names and diagnoses costs its length, not its length squared.
        let at: Vec<(usize, usize)> = diagnoses
            .iter()
            .map(|d| {
                (
                    words.partition_point(|w| w.span.end <= d.start),
                    words.partition_point(|w| w.span.end < d.end),
                )
            })
            .collect();
        let reach = self.window_words + 1;
        for name in self.names(words) {
            let first = at.partition_point(|&(_, last)| last + reach < name.first);
            let near = (first..diagnoses.len())
                .take_while(|&i| at[i].0 <= name.last + reach)
                .map(|i| &diagnoses[i])
                .find(|diagnosis| {
                    !overlaps(&name.span, diagnosis) && self.close(words, &name, diagnosis)
                });
            if let Some(diagnosis) = near {
                found.push(Finding {
                    kind: PhiKind::NameWithDiagnosis,
                    span: name.span.start.min(diagnosis.start)..name.span.end.max(diagnosis.end),
                });
            }
        }
    }

    fn diagnoses_in(&self, text: &str) -> Vec<Range<usize>> {
        self.diagnoses
            .find_iter(text)
            .filter(|m| {
                let span = m.range();
                let exact_case = !self.acronym[m.pattern().as_usize()]
                    || text[span.clone()].chars().all(|c| !c.is_lowercase());
                exact_case && at_word_edges(text, &span)
            })
            .map(|m| m.range())
            .collect()
    }

    /// The names among `words`: their spans and the word indexes they cover.
    fn names(&self, words: &[Word<'_>]) -> Vec<Name> {
        let mut names = Vec::new();
        let mut i = 0;
        while i < words.len() {
            let role = self.role(words[i].text);
            let honorific = role.honorific;
            let given = role.given_name && !(i > 0 && self.role(words[i - 1].text).not_patient);
            if !(honorific || given) || role.not_patient {
                i += 1;
                continue;
            }
            // The capitalised words that follow (a surname, or a full name after Mrs).
            let mut last = i;
            while last + 1 < words.len()
                && last - i < 2
                && (!words[last].ends_sentence || (last == i && honorific))
                && capitalised(words[last + 1].text)
                && !self.role(words[last + 1].text).honorific
            {
                last += 1;
            }
            if honorific && last == i {
                i += 1;
                continue;
            }
            names.push(Name {
                span: words[i].span.start..words[last].span.end,
                first: i,
                last,
            });
            i = last + 1;
        }
        names
    }

    /// Whether `diagnosis` is in the same sentence as `name`, at most `window_words` away.
    fn close(&self, words: &[Word<'_>], name: &Name, diagnosis: &Range<usize>) -> bool {
        // From the last word of whichever comes first to the word before the other.
        let (from, to) = if diagnosis.start >= name.span.end {
            let diagnosis_first = words.partition_point(|w| w.span.end <= diagnosis.start);
            (name.last, diagnosis_first)
        } else {
            let diagnosis_last = words.partition_point(|w| w.span.end < diagnosis.end);
            (diagnosis_last, name.first)
        };
        let between = words.get(from..to).unwrap_or_default();
        between.len() <= self.window_words + 1
            && !between
                .iter()
                .any(|w| w.ends_sentence && !self.role(w.text).honorific)
    }
}

/// A name found in the text.
struct Name {
    span: Range<usize>,
    first: usize,
    last: usize,
}

fn overlaps(a: &Range<usize>, b: &Range<usize>) -> bool {
    a.start < b.end && b.start < a.end
}

fn at_word_edges(text: &str, span: &Range<usize>) -> bool {
    let before = text[..span.start].chars().next_back();
    let after = text[span.end..].chars().next();
    !before.is_some_and(char::is_alphanumeric) && !after.is_some_and(char::is_alphanumeric)
}

/// A word without the punctuation around it ("Mrs." → "Mrs", "Jane," → "Jane").
fn trimmed(word: &str) -> &str {
    word.trim_matches(|c: char| !c.is_alphanumeric())
}

/// Starts with a capital and is not all capitals (an acronym): "Doe", "O'Neill", "McKay".
fn capitalised(word: &str) -> bool {
    let word = trimmed(word);
    word.chars().next().is_some_and(char::is_uppercase) && word.chars().any(char::is_lowercase)
}

/// The words of one text, split once for every language's rule and only when one of
/// them has a diagnosis to look around.
pub(super) struct Words<'a> {
    text: &'a str,
    split: OnceCell<Vec<Word<'a>>>,
}

impl<'a> Words<'a> {
    pub fn new(text: &'a str) -> Self {
        Self {
            text,
            split: OnceCell::new(),
        }
    }

    fn get(&self) -> &[Word<'a>] {
        self.split.get_or_init(|| words(self.text))
    }
}

/// The text's words with their spans; a word ends a sentence when `.`, `!`, `?` or a line
/// break follows it (a semicolon keeps the sentence going).
fn words(text: &str) -> Vec<Word<'_>> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, c) in text
        .char_indices()
        .chain(std::iter::once((text.len(), ' ')))
    {
        let part_of_word = c.is_alphanumeric() || c == '\'' || c == '’' || c == '-';
        match (start, part_of_word) {
            (None, true) => start = Some(i),
            (Some(s), false) => {
                let rest = &text[i..];
                let ends_sentence = rest
                    .trim_start_matches([' ', '\t', ',', ')', '"'])
                    .starts_with(['.', '!', '?', '\n']);
                out.push(Word {
                    text: &text[s..i],
                    span: s..i,
                    ends_sentence,
                });
                start = None;
            }
            _ => {}
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rule() -> NameRule {
        let list = |items: &[&str]| items.iter().map(|s| (*s).to_owned()).collect::<Vec<_>>();
        NameRule::new(
            &list(&["Mr", "Mrs", "Ms"]),
            &list(&["Dr", "Professor"]),
            &list(&["Jane", "John"]),
            &list(&["multiple sclerosis", "MS", "diabetes"]),
            8,
        )
        .unwrap()
    }

    fn spans(text: &str) -> Vec<&str> {
        let mut found = Vec::new();
        rule().find(text, &Words::new(text), &mut found);
        found.iter().map(|f| &text[f.span.clone()]).collect()
    }

    #[test]
    fn a_name_beside_a_diagnosis_in_one_sentence() {
        assert_eq!(spans("Mrs. Jane Doe has MS."), ["Mrs. Jane Doe has MS"]);
        assert_eq!(
            spans("Diabetes runs in John Smith's family."),
            ["Diabetes runs in John Smith's"]
        );
        assert_eq!(
            spans("John Smith came in. He has diabetes."),
            Vec::<&str>::new()
        );
        assert_eq!(spans("Dr Jane Lee studies diabetes."), Vec::<&str>::new());
        assert_eq!(spans("Mrs Jane Doe ms treated"), Vec::<&str>::new());
        assert_eq!(
            spans("Jane went to the clinic every week for a very long time before diabetes."),
            Vec::<&str>::new()
        );
    }

    /// Only capitalised words of a text are looked up, so a dictionary word in lower case
    /// could never be found: the rule file is refused, not silently weakened.
    #[test]
    fn a_dictionary_word_without_a_capital_is_refused() {
        let list = |items: &[&str]| items.iter().map(|s| (*s).to_owned()).collect::<Vec<_>>();
        let refused = NameRule::new(&list(&["Mrs"]), &[], &list(&["jane"]), &[], 8);
        assert_eq!(
            refused.err().as_deref(),
            Some("\"jane\": names and titles start with a capital")
        );
    }

    /// Issue 44 §3: each name looks only at the diagnoses within its window, so a long post
    /// full of names and diagnoses costs its length, not its length squared (this one took
    /// seconds when each name walked every diagnosis before it).
    #[test]
    fn a_long_post_of_names_and_diagnoses_is_scanned_in_linear_time() {
        let rule = rule();
        let post = "Jane diabetes ".repeat(15_000);
        let started = std::time::Instant::now();
        let mut found = Vec::new();
        rule.find(&post, &Words::new(&post), &mut found);
        assert_eq!(found.len(), 15_000);
        let took = started.elapsed();
        assert!(
            took < std::time::Duration::from_millis(1500),
            "{took:?} for 210 KB"
        );
    }
}
