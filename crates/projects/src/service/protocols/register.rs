//! Registering a protocol version: decided and written in one transaction with its audit
//! entry, on the version the owner amended (a registration made meanwhile refuses this one,
//! and the unique (project, version) index refuses any that would get past).

use std::collections::HashSet;

use chrono::Timelike;
use kernel::input::RichText;
use kernel::{AppContext, AppError, AppResult, CurrentUser};
use sea_orm::sea_query::Expr;
use sea_orm::{ActiveModelTrait, ColumnTrait, EntityTrait, QueryFilter, Set};
use serde_json::json;

use super::{AUDIT_SUBJECT, document_of, latest_version, sha256_hex};
use crate::entity::{protocol, protocol_file};
use crate::events::ProtocolRegistered;
use crate::policy;
use crate::service::{browse, favorites, ownership, pledging};

/// A protocol's text: rich text, at most 200,000 characters as sent.
pub type ProtocolText = RichText<200_000, kernel::input::Long>;

/// What the owner registers.
#[derive(Debug, Clone)]
pub struct Registration {
    pub body: String,
    /// Why: required for an amendment, refused for the first registration.
    pub reason: Option<String>,
    /// The version this one amends, as the owner saw it (none for the first).
    pub amends: Option<i32>,
    /// The files, in order: uploads waiting, or files of an earlier version to keep.
    pub file_ids: Vec<i64>,
}

pub const NOT_NOW: &str = "A suspended project's protocol cannot be registered.";
pub const FIRST_HAS_NO_REASON: &str =
    "The first registration has no reason to give: only amendments do.";
pub const REASON_REQUIRED: &str = "Say why the protocol is amended.";
pub const UNKNOWN_FILE: &str = "A file is not one of this project's protocol files.";
pub const REPEATED_FILE: &str = "A file is listed twice.";

/// Refused because a registration was made since the owner opened the protocol.
pub fn changed(current: i32) -> AppError {
    let message = if current == 0 {
        "The protocol is not registered yet: reload to register its first version.".to_owned()
    } else {
        format!("The protocol was registered again meanwhile: reload to see version {current}.")
    };
    AppError::conflict("protocol_changed", message)
}

/// Registers the owner's protocol of project `id` as its next version.
pub async fn register(
    ctx: &AppContext,
    user: &CurrentUser,
    id: i64,
    reg: Registration,
) -> AppResult<protocol::Model> {
    if reg.file_ids.len() > super::files::MAX_FILES {
        return Err(AppError::field("file_ids", super::files::TOO_MANY));
    }
    let mut seen = HashSet::new();
    if !reg.file_ids.iter().all(|f| seen.insert(*f)) {
        return Err(AppError::field("file_ids", REPEATED_FILE));
    }
    let txn = kernel::db::begin_write(&ctx.db).await?;
    let found = ownership::owned(&txn, user, id).await?;
    if !policy::may_register_protocol(found.status) {
        return Err(AppError::bad_request("not_now", NOT_NOW));
    }
    let current = latest_version(&txn, found.id).await?;
    if reg.amends.unwrap_or(0) != current {
        return Err(changed(current));
    }
    let version = current + 1;
    let reason = match (version, reg.reason) {
        (1, Some(_)) => return Err(AppError::field("reason", FIRST_HAS_NO_REASON)),
        (1, None) => None,
        (_, None) => return Err(AppError::field("reason", REASON_REQUIRED)),
        (_, Some(reason)) => Some(reason),
    };
    let chosen = protocol_file::Entity::find()
        .filter(protocol_file::Column::ProjectId.eq(found.id))
        .filter(protocol_file::Column::Id.is_in(reg.file_ids.iter().copied()))
        .all(&txn)
        .await?;
    if chosen.len() != reg.file_ids.len() {
        return Err(AppError::field("file_ids", UNKNOWN_FILE));
    }
    // The files in the owner's order, each as the new version will hold it.
    let files: Vec<protocol_file::Model> = reg
        .file_ids
        .iter()
        .filter_map(|fid| chosen.iter().find(|f| f.id == *fid))
        .cloned()
        .collect();
    // Whole seconds: the time the document states is the one both databases keep.
    let now = kernel::clock::now().with_nanosecond(0).unwrap_or_default();
    let hash = sha256_hex(
        document_of(found.id, version, now, &reg.body, reason.as_deref(), &files).as_bytes(),
    );
    let saved = protocol::ActiveModel {
        project_id: Set(found.id),
        version: Set(version),
        body: Set(reg.body),
        reason: Set(reason.clone()),
        content_hash: Set(hash.clone()),
        registered_by: Set(user.id),
        registered_at: Set(now),
        ..Default::default()
    }
    .insert(&txn)
    .await
    .map_err(|err| {
        if kernel::db::is_unique_violation(&err) {
            changed(version)
        } else {
            err.into()
        }
    })?;
    for (position, file) in files.iter().enumerate() {
        take(&txn, saved.id, position as i32, file).await?;
    }
    let action = if version == 1 {
        "protocol.register"
    } else {
        "protocol.amend"
    };
    audit::append(
        &txn,
        audit::Entry::new(user.id, action, AUDIT_SUBJECT, saved.id)
            .about(Some(user.id))
            .because(reason)
            .change(
                (),
                json!({"project_id": found.id, "version": version, "content_hash": hash}),
            ),
    )
    .await?;
    txn.commit().await?;
    let mut audience = pledging::backers(&ctx.db, found.id).await?;
    audience.extend(favorites::fans_of(&ctx.db, found.id).await?);
    audience.sort_unstable();
    audience.dedup();
    ctx.events
        .publish(ProtocolRegistered {
            project: browse::ProjectRef::of(&found),
            version,
            reason: saved.reason.clone(),
            audience,
            public: policy::is_public(found.status),
        })
        .await;
    Ok(saved)
}

/// Gives `file` to version `protocol_id`: a waiting upload is taken (only while it still
/// waits), a file of an earlier version is held again by a row of the new version's own.
async fn take(
    txn: &sea_orm::DatabaseTransaction,
    protocol_id: i64,
    position: i32,
    file: &protocol_file::Model,
) -> AppResult<()> {
    if file.protocol_id.is_none() {
        let taken = protocol_file::Entity::update_many()
            .col_expr(protocol_file::Column::ProtocolId, Expr::value(protocol_id))
            .col_expr(protocol_file::Column::Position, Expr::value(position))
            .filter(protocol_file::Column::Id.eq(file.id))
            .filter(protocol_file::Column::ProtocolId.is_null())
            .exec(txn)
            .await?;
        if taken.rows_affected == 0 {
            return Err(AppError::field("file_ids", UNKNOWN_FILE));
        }
        return Ok(());
    }
    protocol_file::ActiveModel {
        project_id: Set(file.project_id),
        protocol_id: Set(Some(protocol_id)),
        position: Set(position),
        filename: Set(file.filename.clone()),
        storage_key: Set(file.storage_key.clone()),
        byte_size: Set(file.byte_size),
        sha256: Set(file.sha256.clone()),
        uploaded_at: Set(file.uploaded_at),
        ..Default::default()
    }
    .insert(txn)
    .await?;
    Ok(())
}
