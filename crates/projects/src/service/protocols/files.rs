//! The protocol's documents: PDFs the owner uploads, kept as sent (so their hash is of the
//! very bytes anyone downloads), waiting until a registration takes them.

use kernel::{AppContext, AppError, AppResult, CurrentUser};
use sea_orm::sea_query::Expr;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, PaginatorTrait, QueryFilter,
    QueryOrder, Set,
};

use crate::entity::{project, protocol_file};
use crate::service::documents::{self, FIELD};
use crate::service::ownership;

/// Files one version may hold, and uploads that may wait at once.
pub const MAX_FILES: usize = 10;
pub const ONLY_PDF: &str = "Attach the protocol's documents as PDF files.";
pub const TOO_MANY: &str = "A protocol version holds at most 10 files.";
pub const NOT_WAITING: &str = "Only a file not yet registered can be removed.";

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

/// Stores a PDF for the owner's next registration of project `id`.
pub async fn upload(
    ctx: &AppContext,
    user: &CurrentUser,
    id: i64,
    filename: &str,
    bytes: Vec<u8>,
) -> AppResult<protocol_file::Model> {
    let found = ownership::owned(&ctx.db, user, id).await?;
    let stored = documents::store(
        ctx,
        &folder(found.id),
        filename,
        &bytes,
        ONLY_PDF,
        "protocol.pdf",
    )
    .await?;
    let saved = record(ctx, found.id, &stored).await;
    if saved.is_err() {
        documents::discard(ctx, &stored.key).await;
    }
    saved
}

/// Records `stored` as waiting for project `id`'s next registration while fewer than
/// `MAX_FILES` wait. Uploads for one project take turns on its row (a write that changes
/// nothing), so two at once cannot both find room for the last one.
async fn record(
    ctx: &AppContext,
    id: i64,
    stored: &documents::Stored,
) -> AppResult<protocol_file::Model> {
    let tx = kernel::db::begin_write(&ctx.db).await?;
    project::Entity::update_many()
        .col_expr(
            project::Column::UpdatedAt,
            Expr::col(project::Column::UpdatedAt),
        )
        .filter(project::Column::Id.eq(id))
        .exec(&tx)
        .await?;
    let already = protocol_file::Entity::find()
        .filter(protocol_file::Column::ProjectId.eq(id))
        .filter(protocol_file::Column::ProtocolId.is_null())
        .count(&tx)
        .await?;
    if already >= MAX_FILES as u64 {
        return Err(AppError::field(FIELD, TOO_MANY));
    }
    let saved = protocol_file::ActiveModel {
        project_id: Set(id),
        protocol_id: Set(None),
        position: Set(0),
        filename: Set(stored.filename.clone()),
        storage_key: Set(stored.key.clone()),
        byte_size: Set(stored.byte_size),
        sha256: Set(stored.sha256.clone()),
        uploaded_at: Set(kernel::clock::now()),
        ..Default::default()
    }
    .insert(&tx)
    .await?;
    tx.commit().await?;
    Ok(saved)
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
    documents::discard(ctx, &file.storage_key).await;
    Ok(())
}
