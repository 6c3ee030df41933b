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

/// One pattern, compiled.
struct Pattern {
    kind: PhiKind,
    regex: Regex,
    check: Option<checks::Check>,
}

/// One language's rules, compiled.
pub(super) struct Language {
    pub code: String,
    patterns: Vec<Pattern>,
    pub names: NameRule,
}

impl Language {
    /// Adds what this language's patterns find in `text` to `found`.
    pub fn patterns(&self, text: &str, found: &mut Vec<Finding>) {
        for pattern in &self.patterns {
            for captures in pattern.regex.captures_iter(text) {
                let Some(whole) = captures.name("span").or_else(|| captures.get(0)) else {
                    continue;
                };
                if pattern
                    .check
                    .is_some_and(|check| !check.passes(whole.as_str()))
                {
                    continue;
                }
                found.push(Finding {
                    kind: pattern.kind,
                    span: whole.range(),
                });
            }
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
    let file: RuleFile = serde_json::from_str(json).map_err(|e| e.to_string())?;
    let patterns = file
        .patterns
        .into_iter()
        .map(|spec| {
            // Word boundaries are ASCII ones: a Unicode `\b` keeps the fast DFA off any
            // text with an accent in it, which made a scan ten times slower.
            let source = expand(&spec.regex, &file.macros).replace(r"\b", r"(?-u:\b)");
            Regex::new(&source)
                .map(|regex| Pattern {
                    kind: spec.kind,
                    regex,
                    check: spec.check,
                })
                .map_err(|e| format!("{}: {e}", spec.regex))
        })
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
        patterns,
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

    #[test]
    fn macros_expand_inside_macros() {
        let macros = BTreeMap::from([
            ("A".to_owned(), "a{B}".to_owned()),
            ("B".to_owned(), "b".to_owned()),
        ]);
        assert_eq!(expand("x{A}{1,2}", &macros), "xab{1,2}");
    }
}
