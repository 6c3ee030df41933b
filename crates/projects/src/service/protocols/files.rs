//! The protocol's documents: PDFs the owner uploads, kept as sent (so their hash is of the
//! very bytes anyone downloads), waiting until a registration takes them.

use kernel::{AppContext, AppError, AppResult, CurrentUser};
use media::files::FileKind;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, PaginatorTrait, QueryFilter,
    QueryOrder, Set,
};

use super::sha256_hex;
use crate::entity::protocol_file;
use crate::service::ownership;

/// Files one version may hold, and uploads that may wait at once.
pub const MAX_FILES: usize = 10;
/// The form field the upload's refusals are reported on.
pub const FIELD: &str = "file";
pub const ONLY_PDF: &str = "Attach the protocol's documents as PDF files.";
pub const TOO_MANY: &str = "A protocol version holds at most 10 files.";
pub const NOT_WAITING: &str = "Only a file not yet registered can be removed.";
/// Longest file name kept (the column's size).
const MAX_NAME: usize = 255;

fn folder(project_id: i64) -> String {
    format!("protocols/{project_id}")
}

/// Uploads waiting for project `id`'s next registration, in upload order.
pub async fn waiting(db: &impl ConnectionTrait, id: i64) -> AppResult<Vec<protocol_file::Model>> {
    Ok(protocol_file::Entity::find()
        .filter(protocol_file::Column::ProjectId.eq(id))
        .filter(protocol_file::Column::ProtocolId.is_null())
        .order_by_asc(protocol_file::Column::Id)
        .all(db)
        .await?)
}

/// The name a file is shown and hashed under: its base name, without control characters,
/// at most 255 bytes; "protocol.pdf" when nothing is left.
fn clean_name(name: &str) -> String {
    let base = name.rsplit(['/', '\\']).next().unwrap_or_default();
    let mut clean: String = base.chars().filter(|c| !c.is_control()).collect();
    while clean.len() > MAX_NAME {
        clean.pop();
    }
    let clean = clean.trim().to_owned();
    if clean.is_empty() {
        "protocol.pdf".to_owned()
    } else {
        clean
    }
}

/// Stores a PDF for the owner's next registration of project `id`.
pub async fn upload(
    ctx: &AppContext,
    user: &CurrentUser,
    id: i64,
    filename: &str,
    bytes: Vec<u8>,
) -> AppResult<protocol_file::Model> {
    let found = ownership::owned(&ctx.db, user, id).await?;
    if media::files::sniff(&bytes) != Some(FileKind::Pdf) {
        return Err(AppError::field(FIELD, ONLY_PDF));
    }
    let already = protocol_file::Entity::find()
        .filter(protocol_file::Column::ProjectId.eq(found.id))
        .filter(protocol_file::Column::ProtocolId.is_null())
        .count(&ctx.db)
        .await?;
    if already >= MAX_FILES as u64 {
        return Err(AppError::field(FIELD, TOO_MANY));
    }
    let key = format!(
        "{}/{}.pdf",
        folder(found.id),
        kernel::storage::unique_name()
    );
    ctx.storage
        .put(&key, &bytes)
        .await
        .map_err(|e| AppError::Internal(e.into()))?;
    let saved = protocol_file::ActiveModel {
        project_id: Set(found.id),
        protocol_id: Set(None),
        position: Set(0),
        filename: Set(clean_name(filename)),
        storage_key: Set(key.clone()),
        byte_size: Set(bytes.len() as i64),
        sha256: Set(sha256_hex(&bytes)),
        uploaded_at: Set(kernel::clock::now()),
        ..Default::default()
    }
    .insert(&ctx.db)
    .await;
    if saved.is_err() {
        media::documents::discard(ctx.storage.as_ref(), &key).await;
    }
    Ok(saved?)
}

/// Removes an upload still waiting; a registered file stays as registered.
pub async fn remove(ctx: &AppContext, user: &CurrentUser, id: i64, file_id: i64) -> AppResult<()> {
    let found = ownership::owned(&ctx.db, user, id).await?;
    let file = protocol_file::Entity::find_by_id(file_id)
        .filter(protocol_file::Column::ProjectId.eq(found.id))
        .one(&ctx.db)
        .await?
        .ok_or_else(AppError::not_found)?;
    // Only while it waits: a registration taking it meanwhile keeps it.
    let gone = protocol_file::Entity::delete_many()
        .filter(protocol_file::Column::Id.eq(file.id))
        .filter(protocol_file::Column::ProtocolId.is_null())
        .exec(&ctx.db)
        .await?;
    if gone.rows_affected == 0 {
        return Err(AppError::bad_request("registered", NOT_WAITING));
    }
    media::documents::discard(ctx.storage.as_ref(), &file.storage_key).await;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::clean_name;

    #[test]
    fn names_keep_their_base_and_lose_control_characters() {
        assert_eq!(clean_name("C:\\docs\\protocol v2.pdf"), "protocol v2.pdf");
        assert_eq!(clean_name("../../etc/x\u{7}.pdf"), "x.pdf");
        assert_eq!(clean_name("  "), "protocol.pdf");
        assert_eq!(clean_name(&"é".repeat(200)).len(), 254);
    }
}
