//! `cohort audit verify`: checks the audit chain, either in this deployment's database
//! (every entry's content and link recomputed, the head and the published daily heads
//! compared) or in a file anyone can download — the public links of `GET /api/audit/chain`,
//! or a member's own entries from `GET /api/me/audit` — with no database at all.

use std::path::Path;

use anyhow::{Context, bail};
use audit::chain::{self, SealedEntry};
use kernel::config::Config;
use serde::Deserialize;

/// Verifies the entries `from..=to` (all by default) of the configured database. Returns
/// what was checked; fails naming the first broken entry.
pub async fn database(
    config: &Config,
    from: Option<i64>,
    to: Option<i64>,
) -> anyhow::Result<String> {
    let url = kernel::db::database_url(config)?;
    let db = kernel::db::connect(&url, config.log_sql).await?;
    match chain::verify(&db, from, to).await? {
        Ok(done) if done.to == 0 => Ok("The audit chain has no entries to check.".to_owned()),
        Ok(done) => Ok(format!(
            "Checked entries {}–{} and {} published daily head(s): the audit chain is intact.",
            done.from, done.to, done.published_heads
        )),
        Err(found) => bail!("the audit chain is broken: {found}"),
    }
}

/// A downloaded segment: an envelope with `data` (and, from `/audit/chain`, the `head`), or a
/// bare list.
#[derive(Deserialize)]
#[serde(untagged)]
enum Segment {
    Envelope {
        data: Vec<SealedEntry>,
        #[serde(default)]
        head: Option<chain::Head>,
    },
    List(Vec<SealedEntry>),
}

/// A head to check the segment against: `SEQ:HASH`, as published for a day.
#[derive(Debug, Clone)]
pub struct ExpectedHead {
    pub seq: i64,
    pub hash: String,
}

impl std::str::FromStr for ExpectedHead {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let (seq, hash) = text
            .split_once(':')
            .ok_or_else(|| "write the head as SEQ:HASH".to_owned())?;
        let seq = seq
            .trim()
            .parse()
            .map_err(|_| format!("{seq} is not an entry's place"))?;
        let hash = hash.trim().to_ascii_lowercase();
        if hash.len() != 64 || !hash.chars().all(|c| c.is_ascii_hexdigit()) {
            return Err("a head's hash is 64 hexadecimal digits".to_owned());
        }
        Ok(Self { seq, hash })
    }
}

/// Verifies the segment in `path`, and that it passes through `expected` when given.
pub fn segment(path: &Path, expected: Option<&ExpectedHead>) -> anyhow::Result<String> {
    let text =
        std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))?;
    let (mut entries, head) = match serde_json::from_str::<Segment>(&text)
        .with_context(|| format!("{} is not a segment of the audit chain", path.display()))?
    {
        Segment::Envelope { data, head } => (data, head),
        Segment::List(data) => (data, None),
    };
    entries.sort_by_key(|e| e.link.seq);
    let checked = chain::check_segment(&entries)
        .map_err(|found| anyhow::anyhow!("the segment is broken: {found}"))?;
    let with_content = entries.iter().filter(|e| e.content.is_some()).count();
    let mut lines = vec![format!(
        "Checked {checked} entr{} ({with_content} with their content): every hash holds.",
        if checked == 1 { "y" } else { "ies" }
    )];
    let heads = expected
        .map(|h| (h.seq, h.hash.clone()))
        .into_iter()
        .chain(head.map(|h| (h.seq, h.hash)));
    for (seq, hash) in heads {
        match entries.iter().find(|e| e.link.seq == seq) {
            Some(entry) if entry.link.hash == hash => {
                lines.push(format!(
                    "The segment passes through the head at entry {seq}."
                ));
            }
            Some(_) => {
                bail!("the segment does not pass through the head at entry {seq}: its hash differs")
            }
            None => lines.push(format!("The head at entry {seq} is outside this segment.")),
        }
    }
    Ok(lines.join("\n"))
}
