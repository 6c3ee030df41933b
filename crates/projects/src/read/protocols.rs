//! A project's registered protocol as its pages show it: every version, newest first, with
//! its files, the document its hash covers and its entry in the audit chain, read in a
//! fixed number of statements whatever the number of versions.

use std::collections::HashMap;

use audit::chain::SealedEntry;
use chrono::{DateTime, Utc};
use kernel::{AppContext, AppResult};
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QueryOrder};
use serde::Serialize;
use utoipa::ToSchema;

use crate::entity::{project, protocol, protocol_file};
use crate::policy;
use crate::service::protocols::{self, AUDIT_SUBJECT, files};

/// A file of a protocol version (a PDF, kept as sent).
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ProtocolFile {
    pub id: i64,
    pub filename: String,
    pub url: String,
    pub byte_size: i64,
    /// SHA-256 of the file's bytes, in hex.
    pub sha256: String,
}

/// One registered version.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ProtocolVersion {
    /// 1 for the first registration, one more per amendment.
    pub version: i32,
    pub registered_at: DateTime<Utc>,
    /// Why it was amended; none for version 1.
    pub reason: Option<String>,
    /// HTML.
    pub body: String,
    pub files: Vec<ProtocolFile>,
    /// SHA-256 (hex) of `document`.
    pub content_hash: String,
    /// Exactly the text the hash covers (JSON: the project, version, time, text, reason
    /// and each file's name, size and hash): hash it to check.
    pub document: String,
    /// The registration's entry in the audit chain, with what its own hash covers: check
    /// it with `cohort audit verify --segment`, and that the chain passes through it.
    pub audit: Option<SealedEntry>,
}

/// A project's protocol.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ProjectProtocol {
    pub project_id: i64,
    pub slug: String,
    pub title: String,
    /// Everyone may read it (its DataCite XML and PDF record download without signing in).
    pub is_public: bool,
    /// Whether this site opens a campaign for pledges only once its protocol is registered.
    pub required_for_pledges: bool,
    /// Newest first; empty while none is registered.
    pub versions: Vec<ProtocolVersion>,
}

/// The owner's view: the protocol, the uploads waiting for the next registration, and
/// why they may not register now, if so.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct OwnProtocol {
    #[serde(flatten)]
    pub protocol: ProjectProtocol,
    pub waiting_files: Vec<ProtocolFile>,
    /// Why the owner may not register now (a suspension); none while they may.
    pub refusal: Option<String>,
    /// Files one version may hold.
    pub max_files: usize,
}

pub fn file_view(ctx: &AppContext, f: &protocol_file::Model) -> ProtocolFile {
    ProtocolFile {
        id: f.id,
        filename: f.filename.clone(),
        url: ctx.storage.url(&f.storage_key),
        byte_size: f.byte_size,
        sha256: f.sha256.clone(),
    }
}

/// Every version of `found`'s protocol (three statements).
pub async fn protocol(ctx: &AppContext, found: &project::Model) -> AppResult<ProjectProtocol> {
    let versions = protocol::Entity::find()
        .filter(protocol::Column::ProjectId.eq(found.id))
        .order_by_desc(protocol::Column::Version)
        .all(&ctx.db)
        .await?;
    let mut files: HashMap<i64, Vec<protocol_file::Model>> = HashMap::new();
    if !versions.is_empty() {
        for f in protocol_file::Entity::find()
            .filter(protocol_file::Column::ProjectId.eq(found.id))
            .filter(protocol_file::Column::ProtocolId.is_not_null())
            .order_by_asc(protocol_file::Column::Position)
            .all(&ctx.db)
            .await?
        {
            files
                .entry(f.protocol_id.unwrap_or_default())
                .or_default()
                .push(f);
        }
    }
    let ids: Vec<String> = versions.iter().map(|v| v.id.to_string()).collect();
    let mut sealed = audit::trail::sealed(&ctx.db, AUDIT_SUBJECT, &ids).await?;
    let versions = versions
        .into_iter()
        .map(|v| {
            let own = files.remove(&v.id).unwrap_or_default();
            ProtocolVersion {
                document: protocols::document(&v, &own),
                files: own.iter().map(|f| file_view(ctx, f)).collect(),
                audit: sealed
                    .remove(&v.id.to_string())
                    .and_then(|mut entries| entries.pop()),
                version: v.version,
                registered_at: v.registered_at,
                reason: v.reason,
                body: v.body,
                content_hash: v.content_hash,
            }
        })
        .collect();
    Ok(ProjectProtocol {
        project_id: found.id,
        slug: found.slug.clone(),
        title: found.title.clone(),
        is_public: policy::is_public(found.status),
        required_for_pledges: ctx.config.protocol_required,
        versions,
    })
}

/// The owner's view of `found`'s protocol.
pub async fn own(ctx: &AppContext, found: &project::Model) -> AppResult<OwnProtocol> {
    Ok(OwnProtocol {
        protocol: protocol(ctx, found).await?,
        waiting_files: files::waiting(&ctx.db, found.id)
            .await?
            .iter()
            .map(|f| file_view(ctx, f))
            .collect(),
        refusal: (!policy::may_register_protocol(found.status))
            .then(|| crate::service::protocols::register::NOT_NOW.to_owned()),
        max_files: files::MAX_FILES,
    })
}
