//! The audit log as one hash chain. Each entry's content (who, what, on which record, about
//! whom, when, the detail) is hashed (`content_hash`), and its link hash covers the hash of
//! the entry before it, its place and its content hash:
//!
//! `hash = sha256("{prev_hash}:{seq}:{content_hash}")`, `content_hash = sha256(content JSON)`
//!
//! so changing an entry breaks its content hash, and rewriting the hash breaks the next
//! link. Links without content can be published (`GET /api/audit/chain`): anyone can check
//! they join up to a head published that day (`heads`) without reading what the entries say;
//! a member holding an entry's content can check it against its link.
//!
//! Appends are serialised on the `audit_chain` head row, which every append updates first in
//! its transaction: on PostgreSQL a concurrent append waits for that row's lock and then reads
//! the new head, so the chain never forks (and `seq` is unique besides).

use chrono::{DateTime, SecondsFormat, SubsecRound, Utc};
use sea_orm::sea_query::{Expr, ExprTrait};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DatabaseConnection, DatabaseTransaction,
    EntityTrait, PaginatorTrait, QueryFilter, QueryOrder, QuerySelect, Set,
};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use utoipa::ToSchema;

use super::entity as log;
use super::heads_entity as published;
use kernel::error::{AppError, AppResult};

/// The hash the first entry links to.
pub const GENESIS: &str = "0000000000000000000000000000000000000000000000000000000000000000";

/// The head row's id: there is one.
const HEAD: i32 = 1;

pub(crate) mod head {
    use sea_orm::entity::prelude::*;

    #[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
    #[sea_orm(table_name = "audit_chain")]
    pub struct Model {
        #[sea_orm(primary_key, auto_increment = false)]
        pub id: i32,
        pub seq: i64,
        pub hash: String,
    }

    #[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
    pub enum Relation {}

    impl ActiveModelBehavior for ActiveModel {}
}

/// What an entry's content hash covers, in this order: exactly what is stored.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct AuditContent {
    /// When, in RFC 3339 to the microsecond (UTC).
    pub created_at: String,
    /// Who acted (0: the platform itself).
    pub actor_id: i64,
    pub action: String,
    pub subject_type: String,
    pub subject_id: String,
    /// The member the entry is about.
    pub about_user_id: Option<i64>,
    /// The values changed and the reason, as JSON text.
    pub detail: String,
}

impl AuditContent {
    fn of(row: &log::Model) -> Self {
        Self {
            created_at: row.created_at.to_rfc3339_opts(SecondsFormat::Micros, true),
            actor_id: row.actor_id,
            action: row.action.clone(),
            subject_type: row.subject_type.clone(),
            subject_id: row.subject_id.clone(),
            about_user_id: row.about_user_id,
            detail: row.detail.clone(),
        }
    }

    /// The hex SHA-256 of the content's JSON.
    pub fn hash(&self) -> String {
        sha256(&serde_json::to_vec(self).unwrap_or_default())
    }
}

/// One link of the chain, without what the entry says.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct AuditLink {
    /// The entry's place in the chain, from 1.
    pub seq: i64,
    /// The link hash of the entry before (`GENESIS` for the first).
    pub prev_hash: String,
    pub content_hash: String,
    pub hash: String,
}

impl AuditLink {
    fn of(row: &log::Model) -> Option<Self> {
        Some(Self {
            seq: row.seq?,
            prev_hash: row.prev_hash.clone()?,
            content_hash: row.content_hash.clone()?,
            hash: row.hash.clone()?,
        })
    }

    /// Whether `hash` is the link hash of the rest.
    pub fn holds(&self) -> bool {
        self.hash == link_hash(&self.prev_hash, self.seq, &self.content_hash)
    }
}

/// The link hash of the entry at `seq` with `content_hash`, after `prev_hash`.
pub fn link_hash(prev_hash: &str, seq: i64, content_hash: &str) -> String {
    sha256(format!("{prev_hash}:{seq}:{content_hash}").as_bytes())
}

fn sha256(bytes: &[u8]) -> String {
    format!("{:x}", Sha256::digest(bytes))
}

/// A time as entries keep it: to the microsecond, which both databases store exactly, so the
/// content read back hashes as it was written.
pub fn stamp(at: DateTime<Utc>) -> DateTime<Utc> {
    at.trunc_subsecs(6)
}

/// Takes the next place in the chain: updates the head row (its lock is held until `txn`
/// ends) and reads the place and the hash to link to.
async fn take_place(txn: &impl ConnectionTrait) -> AppResult<(i64, String)> {
    head::Entity::update_many()
        .col_expr(head::Column::Seq, Expr::col(head::Column::Seq).add(1))
        .filter(head::Column::Id.eq(HEAD))
        .exec(txn)
        .await?;
    let now = head::Entity::find_by_id(HEAD)
        .one(txn)
        .await?
        .ok_or_else(|| AppError::Internal(anyhow::anyhow!("the audit chain has no head row")))?;
    Ok((now.seq, now.hash))
}

/// Writes `row` as the next entry of the chain, in `txn`.
pub(super) async fn link(txn: &DatabaseTransaction, row: log::ActiveModel) -> AppResult<()> {
    let (seq, prev_hash) = take_place(txn).await?;
    let mut row = row;
    row.seq = Set(Some(seq));
    let saved = row.insert(txn).await?;
    seal(txn, saved, seq, prev_hash).await
}

/// Fills in `row`'s hashes at `seq` after `prev_hash`, and moves the head to it.
async fn seal(
    txn: &impl ConnectionTrait,
    row: log::Model,
    seq: i64,
    prev_hash: String,
) -> AppResult<()> {
    let content_hash = AuditContent::of(&row).hash();
    let hash = link_hash(&prev_hash, seq, &content_hash);
    log::Entity::update_many()
        .col_expr(log::Column::Seq, Expr::value(seq))
        .col_expr(log::Column::PrevHash, Expr::value(prev_hash))
        .col_expr(log::Column::ContentHash, Expr::value(content_hash))
        .col_expr(log::Column::Hash, Expr::value(hash.clone()))
        .filter(log::Column::Id.eq(row.id))
        .exec(txn)
        .await?;
    head::Entity::update_many()
        .col_expr(head::Column::Hash, Expr::value(hash))
        .filter(head::Column::Id.eq(HEAD))
        .exec(txn)
        .await?;
    Ok(())
}

/// Chains the entries written before the chain existed (or by a version that did not chain
/// them), oldest first; run at start-up after the migrations. Returns how many it chained.
pub async fn seal_pending(db: &DatabaseConnection) -> AppResult<u64> {
    let txn = kernel::db::begin_write(db).await?;
    let pending = log::Entity::find()
        .filter(log::Column::Seq.is_null())
        .order_by_asc(log::Column::Id)
        .all(&txn)
        .await?;
    let count = pending.len() as u64;
    for mut row in pending {
        let (seq, prev_hash) = take_place(&txn).await?;
        row.created_at = stamp(row.created_at);
        log::Entity::update_many()
            .col_expr(log::Column::CreatedAt, Expr::value(row.created_at))
            .filter(log::Column::Id.eq(row.id))
            .exec(&txn)
            .await?;
        seal(&txn, row, seq, prev_hash).await?;
    }
    txn.commit().await?;
    Ok(count)
}

/// The chain's head: the last entry's place and hash (0 and `GENESIS` while empty).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct Head {
    pub seq: i64,
    pub hash: String,
}

pub async fn head(db: &impl ConnectionTrait) -> AppResult<Head> {
    let row = head::Entity::find_by_id(HEAD).one(db).await?;
    Ok(row.map_or_else(
        || Head {
            seq: 0,
            hash: GENESIS.to_owned(),
        },
        |row| Head {
            seq: row.seq,
            hash: row.hash,
        },
    ))
}

/// The links after `after`, in order, at most `limit`.
pub async fn links(db: &impl ConnectionTrait, after: i64, limit: u64) -> AppResult<Vec<AuditLink>> {
    let rows = log::Entity::find()
        .filter(log::Column::Seq.gt(after))
        .order_by_asc(log::Column::Seq)
        .limit(limit)
        .all(db)
        .await?;
    Ok(rows.iter().filter_map(AuditLink::of).collect())
}

/// An entry's link and content, as a member or `cohort audit verify --segment` reads it.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct SealedEntry {
    #[serde(flatten)]
    pub link: AuditLink,
    /// What the entry says; left out where only the link is published.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub content: Option<AuditContent>,
}

impl SealedEntry {
    pub(super) fn of(row: &log::Model) -> Option<Self> {
        Some(Self {
            link: AuditLink::of(row)?,
            content: Some(AuditContent::of(row)),
        })
    }
}

/// Where the chain is broken, named by the entry a verifier should look at.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Break {
    /// The entry's content no longer hashes to its content hash: it was changed.
    Content { seq: i64 },
    /// The entry's link hash is not the hash of its parts: the hash was rewritten.
    Link { seq: i64 },
    /// The entry does not link to the one before it: an entry before it was changed,
    /// removed or put in.
    Order { seq: i64 },
    /// Entries are missing between `after` and `seq`.
    Gap { after: i64, seq: i64 },
    /// Entries the chain does not hold (written around it).
    Unchained { count: u64 },
    /// The head row does not name the last entry.
    Head { seq: i64 },
    /// The chain no longer passes through the head published for `day`.
    Published { day: String, seq: i64 },
}

impl std::fmt::Display for Break {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Content { seq } => write!(
                f,
                "entry {seq} was changed after it was written: its content does not match its hash"
            ),
            Self::Link { seq } => write!(
                f,
                "entry {seq}'s hash was rewritten: it does not match its parts"
            ),
            Self::Order { seq } => write!(
                f,
                "entry {seq} does not link to the entry before it: an earlier entry was changed, removed or put in"
            ),
            Self::Gap { after, seq } => write!(f, "entries between {after} and {seq} are missing"),
            Self::Unchained { count } => {
                write!(f, "{count} entries were written outside the chain")
            }
            Self::Head { seq } => {
                write!(f, "the chain's head names entry {seq}, not the last entry")
            }
            Self::Published { day, seq } => write!(
                f,
                "the chain no longer passes through the head published for {day} (entry {seq})"
            ),
        }
    }
}

/// Checks a run of entries in the chain's order (their place, `seq`, is part of each hash,
/// so a file's own order, newest first for a member's trail, changes nothing): each holds
/// its hash, its content (when given) hashes to its content hash, no place is taken twice,
/// and each entry right after another links to it. Entries apart with their content (a
/// member's own entries, between which others' sit) are checked each on its own; links
/// without content are a run of the public chain, where an entry missing is a gap. Returns
/// how many were checked.
pub fn check_segment(entries: &[SealedEntry]) -> Result<usize, Break> {
    let public_run = entries.iter().all(|e| e.content.is_none());
    let mut in_order: Vec<&SealedEntry> = entries.iter().collect();
    in_order.sort_by_key(|e| e.link.seq);
    let mut before: Option<&AuditLink> = None;
    for entry in in_order {
        let link = &entry.link;
        if let Some(content) = &entry.content
            && content.hash() != link.content_hash
        {
            return Err(Break::Content { seq: link.seq });
        }
        if !link.holds() {
            return Err(Break::Link { seq: link.seq });
        }
        let follows = match before {
            // Two entries claim one place: one was put in.
            Some(prev) if link.seq == prev.seq => false,
            Some(prev) if prev.seq + 1 == link.seq => prev.hash == link.prev_hash,
            Some(prev) if public_run => {
                return Err(Break::Gap {
                    after: prev.seq,
                    seq: link.seq,
                });
            }
            None if link.seq == 1 => link.prev_hash == GENESIS,
            _ => true,
        };
        if !follows {
            return Err(Break::Order { seq: link.seq });
        }
        before = Some(link);
    }
    Ok(entries.len())
}

/// What `verify` found intact.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Verified {
    /// The first and last entries checked (0, 0 for an empty chain).
    pub from: i64,
    pub to: i64,
    /// The published daily heads the chain was checked against.
    pub published_heads: usize,
}

/// Entries read at a time.
const BATCH: u64 = 1000;

/// Recomputes every hash of the entries `from..=to` (all by default) from what is stored,
/// in order, and checks the chain against its head and the published daily heads.
pub async fn verify(
    db: &impl ConnectionTrait,
    from: Option<i64>,
    to: Option<i64>,
) -> AppResult<Result<Verified, Break>> {
    let unchained = log::Entity::find()
        .filter(log::Column::Seq.is_null())
        .count(db)
        .await?;
    if unchained > 0 {
        return Ok(Err(Break::Unchained { count: unchained }));
    }
    let first = Ord::max(from.unwrap_or(1), 1);
    let mut expected = first;
    let mut previous: Option<SealedEntry> = None;
    loop {
        let mut select = log::Entity::find()
            .filter(log::Column::Seq.gte(expected))
            .order_by_asc(log::Column::Seq)
            .limit(BATCH);
        if let Some(to) = to {
            select = select.filter(log::Column::Seq.lte(to));
        }
        let rows = select.all(db).await?;
        let Some(last) = rows.last() else { break };
        let done = (rows.len() as u64) < BATCH;
        let last_seq = last.seq.unwrap_or_default();
        let mut run: Vec<SealedEntry> = previous.take().into_iter().collect();
        for row in &rows {
            let Some(entry) = SealedEntry::of(row) else {
                return Ok(Err(Break::Link {
                    seq: row.seq.unwrap_or_default(),
                }));
            };
            if entry.link.seq != expected {
                return Ok(Err(Break::Gap {
                    after: expected - 1,
                    seq: entry.link.seq,
                }));
            }
            expected += 1;
            run.push(entry);
        }
        if let Err(found) = check_segment(&run) {
            return Ok(Err(found));
        }
        previous = run.pop();
        if done || Some(last_seq) == to {
            break;
        }
    }
    let last = expected - 1;
    if to.is_none() {
        let chain_head = head(db).await?;
        let ends_at_head = match &previous {
            Some(entry) => entry.link.seq == chain_head.seq && entry.link.hash == chain_head.hash,
            None => chain_head.seq < first,
        };
        if !ends_at_head {
            return Ok(Err(Break::Head {
                seq: chain_head.seq,
            }));
        }
    }
    let published = against_chain(db, first, last).await?;
    match published {
        Ok(count) => Ok(Ok(Verified {
            from: if previous.is_some() { first } else { 0 },
            to: if previous.is_some() { last } else { 0 },
            published_heads: count,
        })),
        Err(found) => Ok(Err(found)),
    }
}

/// The link hash stored for the entry at `seq` (`GENESIS` for 0).
pub(super) async fn hash_at(db: &impl ConnectionTrait, seq: i64) -> AppResult<Option<String>> {
    if seq == 0 {
        return Ok(Some(GENESIS.to_owned()));
    }
    let row = log::Entity::find()
        .filter(log::Column::Seq.eq(seq))
        .one(db)
        .await?;
    Ok(row.and_then(|r| r.hash))
}

/// Checks that the entries `first..=last` pass through every head published for a place
/// among them. Returns how many heads were checked.
async fn against_chain(
    db: &impl ConnectionTrait,
    first: i64,
    last: i64,
) -> AppResult<Result<usize, Break>> {
    let heads = published::Entity::find()
        .filter(published::Column::Seq.gte(first - 1))
        .filter(published::Column::Seq.lte(last))
        .order_by_asc(published::Column::Seq)
        .all(db)
        .await?;
    for head in &heads {
        if hash_at(db, head.seq).await?.as_deref() != Some(head.hash.as_str()) {
            return Ok(Err(Break::Published {
                day: head.day.clone(),
                seq: head.seq,
            }));
        }
    }
    Ok(Ok(heads.len()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn content(action: &str) -> AuditContent {
        AuditContent {
            created_at: "2026-11-28T10:00:00.000001Z".into(),
            actor_id: 7,
            action: action.into(),
            subject_type: "user".into(),
            subject_id: "9".into(),
            about_user_id: Some(9),
            detail: r#"{"before":null,"after":null,"reason":"spam"}"#.into(),
        }
    }

    fn chained(actions: &[&str]) -> Vec<SealedEntry> {
        let mut prev = GENESIS.to_owned();
        let mut out = Vec::new();
        for (i, action) in actions.iter().enumerate() {
            let content = content(action);
            let content_hash = content.hash();
            let seq = i as i64 + 1;
            let hash = link_hash(&prev, seq, &content_hash);
            out.push(SealedEntry {
                link: AuditLink {
                    seq,
                    prev_hash: prev.clone(),
                    content_hash,
                    hash: hash.clone(),
                },
                content: Some(content),
            });
            prev = hash;
        }
        out
    }

    #[test]
    fn an_intact_segment_checks() {
        assert_eq!(check_segment(&chained(&["a", "b", "c"])), Ok(3));
    }

    #[test]
    fn a_changed_content_is_found_at_its_entry() {
        let mut entries = chained(&["a", "b", "c"]);
        if let Some(content) = entries[1].content.as_mut() {
            content.detail = r#"{"reason":"nothing"}"#.into();
        }
        assert_eq!(check_segment(&entries), Err(Break::Content { seq: 2 }));
    }

    #[test]
    fn a_recomputed_entry_breaks_the_next_link() {
        let mut entries = chained(&["a", "b", "c"]);
        let forged = content("forged");
        entries[1].link.content_hash = forged.hash();
        entries[1].link.hash = link_hash(&entries[1].link.prev_hash, 2, &forged.hash());
        entries[1].content = Some(forged);
        assert_eq!(check_segment(&entries), Err(Break::Order { seq: 3 }));
    }

    #[test]
    fn a_rewritten_hash_is_found() {
        let mut entries = chained(&["a", "b"]);
        entries[0].link.hash = GENESIS.into();
        assert_eq!(check_segment(&entries), Err(Break::Link { seq: 1 }));
    }

    #[test]
    fn links_without_content_check_their_joins() {
        let mut entries = chained(&["a", "b", "c"]);
        for entry in &mut entries {
            entry.content = None;
        }
        assert_eq!(check_segment(&entries), Ok(3));
    }

    /// Issue 44 §7: a file's order changes nothing (each place is in its hash); an entry
    /// moved to another place, or a second entry in one place, is found.
    #[test]
    fn entries_are_checked_in_the_chains_order() {
        let mut entries = chained(&["a", "b", "c", "d"]);
        entries.reverse();
        assert_eq!(check_segment(&entries), Ok(4));
        let mut moved = chained(&["a", "b", "c", "d"]);
        moved[1].link.seq = 3;
        assert_eq!(check_segment(&moved), Err(Break::Link { seq: 3 }));
        let mut twice = chained(&["a", "b", "c"]);
        let copy = twice[1].clone();
        twice.push(copy);
        assert_eq!(check_segment(&twice), Err(Break::Order { seq: 2 }));
    }

    /// Issue 44 §7: an entry dropped from a run of the public chain is a gap; a member's own
    /// entries, with others' between them, check each on its own.
    #[test]
    fn an_entry_dropped_from_the_public_chain_is_a_gap() {
        let mut links = chained(&["a", "b", "c"]);
        for entry in &mut links {
            entry.content = None;
        }
        links.remove(1);
        assert_eq!(check_segment(&links), Err(Break::Gap { after: 1, seq: 3 }));
        let mut mine = chained(&["a", "b", "c"]);
        mine.remove(1);
        assert_eq!(check_segment(&mine), Ok(2));
    }
}
