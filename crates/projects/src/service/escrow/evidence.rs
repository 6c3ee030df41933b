//! A milestone report's files: PDFs the owner attaches while the milestone waits for a report
//! (pending, or sent back), kept as sent with their SHA-256. The next report takes the files
//! waiting (in its transaction); only files a report took are public. Each change first
//! holds the milestone by a conditional write on its state as read (`guard`), so an upload
//! and a report at once serialise on the milestone's row: the upload lands before the
//! report and is taken, or after it and is refused — never beside a report already made.

use kernel::{AppContext, AppError, AppResult, CurrentUser};
use sea_orm::sea_query::Expr;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DatabaseTransaction, EntityTrait,
    PaginatorTrait, QueryFilter, QueryOrder, Set,
};

use super::guard::{NOT_OPEN, before_missed, changed, moving, open_for_report, ran};
use crate::entity::{milestone, milestone_file};
use crate::service::documents::{self, FIELD};

/// Files one milestone's report may hold.
pub const MAX_FILES: usize = 10;
pub const ONLY_PDF: &str = "Attach the evidence as PDF files.";
pub const TOO_MANY: &str = "A milestone's report holds at most 10 files.";

/// Holds milestone `m` for a change of its files in `tx`, while the owner may still report
/// it.
async fn hold(ctx: &AppContext, tx: &DatabaseTransaction, m: &milestone::Model) -> AppResult<()> {
    if ran(tx, before_missed(ctx, moving(m, m.state))).await? {
        Ok(())
    } else {
        Err(changed(NOT_OPEN))
    }
}

/// Attaches a PDF to milestone `position` of the caller's project `id`, for its next report.
pub async fn upload(
    ctx: &AppContext,
    user: &CurrentUser,
    id: i64,
    position: i32,
    filename: &str,
    bytes: Vec<u8>,
) -> AppResult<milestone_file::Model> {
    let (_, open) = open_for_report(ctx, user, id, position).await?;
    let folder = format!("milestones/{id}");
    let stored = documents::store(ctx, &folder, filename, &bytes, ONLY_PDF, "evidence.pdf").await?;
    let saved = attach(ctx, &open, &stored).await;
    if saved.is_err() {
        documents::discard(ctx, &stored.key).await;
    }
    saved
}

async fn attach(
    ctx: &AppContext,
    open: &milestone::Model,
    stored: &documents::Stored,
) -> AppResult<milestone_file::Model> {
    let tx = kernel::db::begin_write(&ctx.db).await?;
    hold(ctx, &tx, open).await?;
    let already = milestone_file::Entity::find()
        .filter(milestone_file::Column::MilestoneId.eq(open.id))
        .count(&tx)
        .await?;
    if already >= MAX_FILES as u64 {
        return Err(AppError::field(FIELD, TOO_MANY));
    }
    let saved = milestone_file::ActiveModel {
        milestone_id: Set(open.id),
        project_id: Set(open.project_id),
        filename: Set(stored.filename.clone()),
        storage_key: Set(stored.key.clone()),
        byte_size: Set(stored.byte_size),
        sha256: Set(stored.sha256.clone()),
        uploaded_at: Set(kernel::clock::now()),
        reported_at: Set(None),
        ..Default::default()
    }
    .insert(&tx)
    .await?;
    tx.commit().await?;
    Ok(saved)
}

/// Removes a file from milestone `position` of the caller's project `id` while it waits for
/// a report (a file of the report sent back too: the next report replaces the evidence).
pub async fn remove(
    ctx: &AppContext,
    user: &CurrentUser,
    id: i64,
    position: i32,
    file_id: i64,
) -> AppResult<()> {
    let (_, open) = open_for_report(ctx, user, id, position).await?;
    let file = milestone_file::Entity::find_by_id(file_id)
        .filter(milestone_file::Column::MilestoneId.eq(open.id))
        .one(&ctx.db)
        .await?
        .ok_or_else(AppError::not_found)?;
    let tx = kernel::db::begin_write(&ctx.db).await?;
    hold(ctx, &tx, &open).await?;
    milestone_file::Entity::delete_by_id(file.id)
        .exec(&tx)
        .await?;
    tx.commit().await?;
    documents::discard(ctx, &file.storage_key).await;
    Ok(())
}

/// The report of milestone `milestone_id` at `now` takes the files waiting on it.
pub async fn take_waiting(
    tx: &DatabaseTransaction,
    milestone_id: i64,
    now: chrono::DateTime<chrono::Utc>,
) -> AppResult<()> {
    milestone_file::Entity::update_many()
        .col_expr(milestone_file::Column::ReportedAt, Expr::value(now))
        .filter(milestone_file::Column::MilestoneId.eq(milestone_id))
        .filter(milestone_file::Column::ReportedAt.is_null())
        .exec(tx)
        .await?;
    Ok(())
}

/// The files of milestones `ids`, in upload order.
pub async fn of_milestones(
    db: &impl ConnectionTrait,
    ids: &[i64],
) -> AppResult<Vec<milestone_file::Model>> {
    Ok(milestone_file::Entity::find()
        .filter(milestone_file::Column::MilestoneId.is_in(ids.iter().copied()))
        .order_by_asc(milestone_file::Column::Id)
        .all(db)
        .await?)
}

/// The files of project `id`'s milestones, in upload order.
pub async fn of_project(
    db: &impl ConnectionTrait,
    id: i64,
) -> AppResult<Vec<milestone_file::Model>> {
    Ok(milestone_file::Entity::find()
        .filter(milestone_file::Column::ProjectId.eq(id))
        .order_by_asc(milestone_file::Column::Id)
        .all(db)
        .await?)
}
