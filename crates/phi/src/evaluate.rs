//! How well the rules do on the labelled corpus shipped beside them (`corpus/*.jsonl`):
//! synthetic posts with the patient data in them marked, and research talk with none.
//! A labelled span counts as found when a finding of its kind overlaps it; a finding that
//! overlaps no labelled span at all is a false alarm.

use std::collections::BTreeMap;
use std::time::{Duration, Instant};

use serde::Deserialize;

use super::{PhiKind, scan};

/// The corpora, one per language.
pub const CORPORA: [(&str, &str); 2] = [
    ("en", include_str!("corpus/en.jsonl")),
    ("fr", include_str!("corpus/fr.jsonl")),
];

/// One labelled text: each label is a kind and the exact text of its span (its first
/// occurrence).
#[derive(Deserialize)]
struct Sample {
    text: String,
    #[serde(default)]
    phi: Vec<(PhiKind, String)>,
}

/// Counts for one kind, or for all.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Counts {
    pub found: usize,
    pub missed: usize,
    pub false_alarms: usize,
}

impl Counts {
    pub fn precision(&self) -> f64 {
        ratio(self.found, self.found + self.false_alarms)
    }

    pub fn recall(&self) -> f64 {
        ratio(self.found, self.found + self.missed)
    }

    fn add(&mut self, other: Counts) {
        self.found += other.found;
        self.missed += other.missed;
        self.false_alarms += other.false_alarms;
    }
}

fn ratio(part: usize, whole: usize) -> f64 {
    if whole == 0 {
        1.0
    } else {
        part as f64 / whole as f64
    }
}

/// The outcome on a corpus.
#[derive(Debug, Default)]
pub struct Report {
    pub samples: usize,
    pub labels: usize,
    pub total: Counts,
    pub by_kind: BTreeMap<&'static str, Counts>,
    /// What was missed and what was raised wrongly, for whoever tunes the rules.
    pub mistakes: Vec<String>,
}

/// Scores the rules on `corpus` (JSON lines); a malformed line is an error naming it.
pub fn evaluate(corpus: &str) -> Result<Report, String> {
    let mut report = Report::default();
    for (number, line) in corpus.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let sample: Sample =
            serde_json::from_str(line).map_err(|e| format!("line {}: {e}", number + 1))?;
        let findings = scan(&sample.text);
        let mut labelled = Vec::new();
        for (kind, text) in &sample.phi {
            let start = sample
                .text
                .find(text.as_str())
                .ok_or_else(|| format!("line {}: {text:?} is not in the text", number + 1))?;
            let span = start..start + text.len();
            let hit = findings
                .iter()
                .any(|f| f.kind == *kind && f.span.start < span.end && span.start < f.span.end);
            let counts = report.by_kind.entry(kind.as_str()).or_default();
            if hit {
                counts.found += 1;
            } else {
                counts.missed += 1;
                report
                    .mistakes
                    .push(format!("missed {}: {text:?}", kind.as_str()));
            }
            labelled.push(span);
        }
        for finding in &findings {
            let labelled_here = labelled
                .iter()
                .any(|l| finding.span.start < l.end && l.start < finding.span.end);
            if !labelled_here {
                report
                    .by_kind
                    .entry(finding.kind.as_str())
                    .or_default()
                    .false_alarms += 1;
                report.mistakes.push(format!(
                    "false alarm {}: {:?}",
                    finding.kind.as_str(),
                    &sample.text[finding.span.clone()]
                ));
            }
        }
        report.samples += 1;
        report.labels += sample.phi.len();
    }
    for counts in report.by_kind.values() {
        report.total.add(*counts);
    }
    Ok(report)
}

/// Every text of every corpus.
pub(super) fn texts() -> Vec<String> {
    CORPORA
        .iter()
        .flat_map(|(_, corpus)| corpus.lines())
        .filter_map(|line| serde_json::from_str::<Sample>(line).ok())
        .map(|sample| sample.text)
        .collect()
}

/// The time one scan of a `bytes`-long post takes, the fastest of `rounds` (a post built
/// from the corpus's own texts, so the rules meet the text they are made for).
pub fn scan_time(bytes: usize, rounds: usize) -> Duration {
    let sentences = texts();
    let mut post = String::with_capacity(bytes + 200);
    for sentence in sentences.iter().cycle().take(10_000) {
        if post.len() >= bytes {
            break;
        }
        post.push_str(sentence);
        post.push(' ');
    }
    (0..rounds.max(1))
        .map(|_| {
            let started = Instant::now();
            std::hint::black_box(scan(std::hint::black_box(&post)));
            started.elapsed()
        })
        .min()
        .unwrap_or_default()
}

/// The scores on every corpus and the time a 10 KB post takes, as Markdown (what `cohort
/// guardrail` prints and `just bench` writes to docs/benchmarks.md).
pub fn summary() -> Result<String, String> {
    let mut out = String::from(
        "| corpus | kind | labelled | found | missed | false alarms | precision | recall |\n\
         |---|---|---:|---:|---:|---:|---:|---:|\n",
    );
    let mut mistakes = Vec::new();
    for (language, corpus) in CORPORA {
        let report = evaluate(corpus).map_err(|e| format!("{language}: {e}"))?;
        mistakes.extend(report.mistakes.iter().map(|m| format!("- {language}: {m}")));
        let rows = report
            .by_kind
            .iter()
            .map(|(kind, counts)| (*kind, *counts))
            .chain([("all", report.total)]);
        for (kind, c) in rows {
            out.push_str(&format!(
                "| {language} ({} texts) | {kind} | {} | {} | {} | {} | {:.3} | {:.3} |\n",
                report.samples,
                c.found + c.missed,
                c.found,
                c.missed,
                c.false_alarms,
                c.precision(),
                c.recall()
            ));
        }
    }
    let took = scan_time(10 * 1024, 20);
    let megabyte = scan_time(1 << 20, 5);
    out.push_str(&format!(
        "\nA 10 KB post is scanned in {:.3} ms (the fastest of 20 runs), 1 MB in {:.1} ms \
         (the fastest of 5; the target is 50 ms); rules: {}.\n",
        took.as_secs_f64() * 1000.0,
        megabyte.as_secs_f64() * 1000.0,
        super::languages().collect::<Vec<_>>().join(", ")
    ));
    if !mistakes.is_empty() {
        out.push_str("\nWhere the rules go wrong on the corpus:\n\n");
        out.push_str(&mistakes.join("\n"));
        out.push('\n');
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_rules_find_nine_in_ten_on_the_synthetic_corpus() {
        for (language, corpus) in CORPORA {
            let report = evaluate(corpus).unwrap_or_else(|e| panic!("{language}: {e}"));
            let total = report.total;
            assert!(report.labels >= 20, "{language}: a corpus worth the name");
            assert!(
                total.recall() >= 0.9 && total.precision() >= 0.85,
                "{language}: recall {:.3}, precision {:.3}\n{}",
                total.recall(),
                total.precision(),
                report.mistakes.join("\n")
            );
        }
    }

    #[test]
    fn the_summary_has_a_line_per_kind_and_the_time() {
        let summary = summary().unwrap();
        assert!(summary.contains(" texts) | phone |"), "{summary}");
        assert!(summary.contains("| fr (30 texts) | all |"), "{summary}");
        assert!(summary.contains("A 10 KB post is scanned in"), "{summary}");
    }

    #[test]
    fn a_mistake_in_the_corpus_is_named() {
        let error = evaluate("{\"text\": \"hello\", \"phi\": [[\"phone\", \"555\"]]}");
        assert_eq!(
            error.err().as_deref(),
            Some("line 1: \"555\" is not in the text")
        );
    }

    #[test]
    fn counts_score_precision_and_recall() {
        let counts = Counts {
            found: 9,
            missed: 1,
            false_alarms: 3,
        };
        assert!((counts.recall() - 0.9).abs() < 1e-9);
        assert!((counts.precision() - 0.75).abs() < 1e-9);
    }

    /// Issue 24 §1: under 5 ms for a 10 KB post in the build that serves; an unoptimised
    /// test build runs our part of it many times slower, so it is held to ten times that.
    #[test]
    fn a_ten_kilobyte_post_is_scanned_in_under_five_milliseconds() {
        let took = scan_time(10 * 1024, 5);
        let limit = if cfg!(debug_assertions) { 50 } else { 5 };
        assert!(took < Duration::from_millis(limit), "10 KB took {took:?}");
    }

    /// Issue 44 §3: a megabyte in under 50 ms in the build that serves. The unoptimised test
    /// build, on a CI machine running other suites beside it, took 0.5 s at times: it is held
    /// to 2 s, which the quadratic rule's adversarial text (see `names`) was far past.
    #[test]
    fn a_megabyte_is_scanned_in_under_fifty_milliseconds() {
        let took = scan_time(1 << 20, 3);
        let limit = if cfg!(debug_assertions) { 2000 } else { 50 };
        assert!(took < Duration::from_millis(limit), "1 MB took {took:?}");
    }
}
