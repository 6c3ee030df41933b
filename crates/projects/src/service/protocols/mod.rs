//! Registered protocols (issue 50 §1). A project's owner registers its protocol (rich text
//! and PDFs): the registration is frozen, timestamped and content-hashed, and its hash goes
//! into the audit chain in the same transaction, so anyone can check it was not changed
//! after the fact. Amendments are new versions, each with its reason. While the setting
//! asks for it (`COHORT_PROTOCOL_REQUIRED`, on by default), a campaign takes pledges only
//! once its protocol is registered.

pub mod diff;
pub mod exports;
pub mod files;
pub mod register;

use chrono::{DateTime, SecondsFormat, Utc};
use kernel::AppContext;
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder};
use serde::Serialize;
use sha2::{Digest, Sha256};

use crate::entity::{protocol, protocol_file};

/// Why a campaign without a registered protocol takes no pledges (while the setting asks).
pub const AWAITS_PROTOCOL: &str = "Pledges open once the project's protocol is registered.";

/// What the audit chain names a registration by.
pub const AUDIT_SUBJECT: &str = "project_protocol";

/// What a registration's hash covers, as JSON text in this field order: anyone holding
/// the text (the API gives it as `document`) recomputes the hash with any SHA-256 tool.
#[derive(Serialize)]
struct Document<'a> {
    project_id: i64,
    version: i32,
    registered_at: String,
    body: &'a str,
    reason: Option<&'a str>,
    files: Vec<DocumentFile<'a>>,
}

#[derive(Serialize)]
struct DocumentFile<'a> {
    name: &'a str,
    bytes: i64,
    sha256: &'a str,
}

/// The document a registration's hash covers.
pub fn document(version: &protocol::Model, files: &[protocol_file::Model]) -> String {
    document_of(
        version.project_id,
        version.version,
        version.registered_at,
        &version.body,
        version.reason.as_deref(),
        files,
    )
}

fn document_of(
    project_id: i64,
    version: i32,
    registered_at: DateTime<Utc>,
    body: &str,
    reason: Option<&str>,
    files: &[protocol_file::Model],
) -> String {
    let doc = Document {
        project_id,
        version,
        registered_at: registered_at.to_rfc3339_opts(SecondsFormat::Secs, true),
        body,
        reason,
        files: files
            .iter()
            .map(|f| DocumentFile {
                name: &f.filename,
                bytes: f.byte_size,
                sha256: &f.sha256,
            })
            .collect(),
    };
    serde_json::to_string(&doc).unwrap_or_default()
}

/// SHA-256 of `bytes`, in hex.
pub fn sha256_hex(bytes: &[u8]) -> String {
    format!("{:x}", Sha256::digest(bytes))
}

/// Project `id`'s latest registered version, if any.
pub async fn latest(
    db: &impl ConnectionTrait,
    id: i64,
) -> kernel::AppResult<Option<protocol::Model>> {
    Ok(protocol::Entity::find()
        .filter(protocol::Column::ProjectId.eq(id))
        .order_by_desc(protocol::Column::Version)
        .one(db)
        .await?)
}

/// The number of project `id`'s latest registered version (0: none yet).
pub async fn latest_version(db: &impl ConnectionTrait, id: i64) -> kernel::AppResult<i32> {
    Ok(latest(db, id).await?.map_or(0, |v| v.version))
}

/// Whether project `id`'s campaign may take pledges as far as its protocol goes: it is
/// registered, or the setting does not ask for it.
pub async fn ready_for_pledges(ctx: &AppContext, id: i64) -> kernel::AppResult<bool> {
    Ok(!ctx.config.protocol_required || latest_version(&ctx.db, id).await? > 0)
}
