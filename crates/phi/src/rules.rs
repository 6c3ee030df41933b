//! The guardrail's rules, read once from the JSON files beside this module (compiled into
//! the binary, so a server never runs without them).

use std::collections::BTreeMap;
use std::sync::LazyLock;

use regex::Regex;
use serde::Deserialize;

use super::names::NameRule;
use super::{Finding, PhiKind, checks};

/// The rule files, one per language.
const FILES: [(&str, &str); 2] = [
    ("en", include_str!("rules/en.json")),
    ("fr", include_str!("rules/fr.json")),
];

#[derive(Deserialize)]
struct RuleFile {
    language: String,
    #[serde(default)]
    macros: BTreeMap<String, String>,
    patterns: Vec<PatternSpec>,
    honorifics: Vec<String>,
    not_patients: Vec<String>,
    given_names: Vec<String>,
    diagnoses: Vec<String>,
    window_words: usize,
}

#[derive(Deserialize)]
struct PatternSpec {
    kind: PhiKind,
    regex: String,
    check: Option<checks::Check>,
}

/// Patterns of one kind searched in one pass: a regex that is their alternation, each
/// pattern in a group of its own. A text is read once per kind rather than once per pattern
/// (1 MB through the English rules: 6 ms rather than 22). A pattern with a check keeps a
/// pass of its own: in an alternation, a match that fails its check would hide another
/// pattern's match at the same place.
struct Matcher {
    kind: PhiKind,
    regex: Regex,
    alternatives: Vec<Alternative>,
}

/// A pattern's regex (its macros expanded) and the check its matches must pass.
type Source = (String, Option<checks::Check>);

/// One pattern inside a [`Matcher`]'s regex.
struct Alternative {
    /// The group holding this pattern's whole match.
    group: usize,
    /// The group of the part that is highlighted (`span` in the rule file), if it names one.
    span: Option<usize>,
    check: Option<checks::Check>,
}

/// Which patterns share a pass.
#[derive(Clone, Copy)]
enum Grouping {
    /// Those of one kind without a check (what the server runs).
    ByKind,
    /// None: each pattern alone (what the tests hold the shared passes to).
    #[cfg(test)]
    Alone,
}

impl Grouping {
    /// Whether a pattern with `check` may share its pass with others.
    fn shares(self, check: Option<checks::Check>) -> bool {
        match self {
            Self::ByKind => check.is_none(),
            #[cfg(test)]
            Self::Alone => false,
        }
    }
}

impl Matcher {
    /// `patterns` (already expanded) as one alternation.
    fn new(kind: PhiKind, patterns: &[Source]) -> Result<Self, String> {
        let source = patterns
            .iter()
            .enumerate()
            .map(|(i, (regex, _))| {
                let named = regex
                    .replace("(?P<span>", &format!("(?P<s{i}>"))
                    .replace("(?<span>", &format!("(?P<s{i}>"));
                format!("(?P<p{i}>{named})")
            })
            .collect::<Vec<_>>()
            .join("|");
        let regex = Regex::new(&source).map_err(|e| e.to_string())?;
        let group = |name: String| regex.capture_names().position(|n| n == Some(name.as_str()));
        let alternatives = patterns
            .iter()
            .enumerate()
            .map(|(i, (_, check))| Alternative {
                group: group(format!("p{i}")).unwrap_or_default(),
                span: group(format!("s{i}")),
                check: *check,
            })
            .collect();
        Ok(Self {
            kind,
            regex,
            alternatives,
        })
    }

    /// Adds what this matcher finds in `text` to `found`.
    fn find(&self, text: &str, found: &mut Vec<Finding>) {
        let mut captures = self.regex.capture_locations();
        let mut at = 0;
        while at <= text.len() {
            let Some(whole) = self.regex.captures_read_at(&mut captures, text, at) else {
                break;
            };
            // On past the match (past the next character after an empty one).
            at = match text[whole.end()..].chars().next() {
                Some(next) if whole.is_empty() => whole.end() + next.len_utf8(),
                None if whole.is_empty() => text.len() + 1,
                _ => whole.end(),
            };
            let Some(alternative) = self
                .alternatives
                .iter()
                .find(|a| captures.get(a.group).is_some())
            else {
                continue;
            };
            let span = alternative
                .span
                .and_then(|group| captures.get(group))
                .map_or(whole.range(), |(start, end)| start..end);
            if alternative
                .check
                .is_some_and(|check| !check.passes(&text[span.clone()]))
            {
                continue;
            }
            found.push(Finding {
                kind: self.kind,
                span,
            });
        }
    }
}

/// One language's rules, compiled.
pub(super) struct Language {
    pub code: String,
    matchers: Vec<Matcher>,
    pub names: NameRule,
}

impl Language {
    /// Adds what this language's patterns find in `text` to `found`.
    pub fn patterns(&self, text: &str, found: &mut Vec<Finding>) {
        for matcher in &self.matchers {
            matcher.find(text, found);
        }
    }
}

/// Every language's rules.
pub(super) fn all() -> &'static [Language] {
    static RULES: LazyLock<Vec<Language>> = LazyLock::new(|| {
        FILES
            .iter()
            .filter_map(|(name, json)| match compile(json) {
                Ok(language) => Some(language),
                Err(error) => {
                    // The unit tests compile every file; this guards a build that skipped them.
                    tracing::error!(file = name, %error, "a guardrail rule file does not compile");
                    None
                }
            })
            .collect()
    });
    &RULES
}

/// `{NAME}` replaced by the macro `NAME`, over and over (macros may use each other).
fn expand(pattern: &str, macros: &BTreeMap<String, String>) -> String {
    let mut out = pattern.to_owned();
    for _ in 0..4 {
        let before = out.clone();
        for (name, body) in macros {
            out = out.replace(&format!("{{{name}}}"), body);
        }
        if out == before {
            break;
        }
    }
    out
}

fn compile(json: &str) -> Result<Language, String> {
    compile_grouped(json, Grouping::ByKind)
}

fn compile_grouped(json: &str, grouping: Grouping) -> Result<Language, String> {
    let file: RuleFile = serde_json::from_str(json).map_err(|e| e.to_string())?;
    let mut groups: Vec<(PhiKind, Vec<Source>)> = Vec::new();
    for spec in file.patterns {
        // Word boundaries are ASCII ones: a Unicode `\b` keeps the fast DFA off any
        // text with an accent in it, which made a scan ten times slower.
        let source = expand(&spec.regex, &file.macros).replace(r"\b", r"(?-u:\b)");
        Regex::new(&source).map_err(|e| format!("{}: {e}", spec.regex))?;
        let shares = |(kind, patterns): &&mut (PhiKind, Vec<Source>)| {
            grouping.shares(spec.check)
                && *kind == spec.kind
                && patterns.iter().all(|(_, check)| grouping.shares(*check))
        };
        match groups.iter_mut().find(|group| shares(group)) {
            Some((_, patterns)) => patterns.push((source, spec.check)),
            None => groups.push((spec.kind, vec![(source, spec.check)])),
        }
    }
    let matchers = groups
        .iter()
        .map(|(kind, patterns)| Matcher::new(*kind, patterns))
        .collect::<Result<Vec<_>, _>>()?;
    let names = NameRule::new(
        &file.honorifics,
        &file.not_patients,
        &file.given_names,
        &file.diagnoses,
        file.window_words,
    )?;
    Ok(Language {
        code: file.language,
        matchers,
        names,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_rule_file_compiles() {
        for (name, json) in FILES {
            let language = compile(json).unwrap_or_else(|e| panic!("{name}: {e}"));
            assert_eq!(language.code, name);
        }
        assert_eq!(all().len(), FILES.len());
    }

    /// A pass shared by a kind's patterns finds what each pattern finds alone: on every
    /// text of the corpus and on a long post made of them, the findings are the same.
    #[test]
    fn patterns_sharing_a_pass_find_what_each_finds_alone() {
        let compiled = |grouping| {
            FILES
                .iter()
                .map(|(_, json)| compile_grouped(json, grouping).unwrap())
                .collect::<Vec<_>>()
        };
        let (shared, alone) = (compiled(Grouping::ByKind), compiled(Grouping::Alone));
        assert!(
            shared.iter().map(|l| l.matchers.len()).sum::<usize>()
                < alone.iter().map(|l| l.matchers.len()).sum::<usize>()
        );
        let texts = super::super::evaluate::texts();
        let long = texts
            .iter()
            .cycle()
            .take(3_000)
            .cloned()
            .collect::<Vec<_>>();
        for text in texts.iter().chain([&long.join(" ")]) {
            assert_eq!(
                super::super::scan_with(&shared, text),
                super::super::scan_with(&alone, text),
                "{}",
                &text[..text.len().min(200)]
            );
        }
    }

    #[test]
    fn macros_expand_inside_macros() {
        let macros = BTreeMap::from([
            ("A".to_owned(), "a{B}".to_owned()),
            ("B".to_owned(), "b".to_owned()),
        ]);
        assert_eq!(expand("x{A}{1,2}", &macros), "xab{1,2}");
    }
}
