//! Staff's side: the updates waiting for them, and their verdict (audited).

use audit::Decision;
use kernel::{AppContext, AppError, AppResult, Page, PageParams, Staff};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, IntoActiveModel, PaginatorTrait, QueryFilter,
    QueryOrder,
};
use serde_json::{Value, json};

use crate::{UpdateStatus, UpdateTable};

/// Staff's queue comes 25 a page.
const QUEUE_PER_PAGE: u64 = 25;

/// How many updates wait for staff (the console's home shows it).
pub async fn waiting_count<T: UpdateTable>(db: &impl ConnectionTrait) -> AppResult<u64> {
    Ok(T::find()
        .filter(T::STATUS.eq(UpdateStatus::WaitingForApproval))
        .count(db)
        .await?)
}

/// Updates waiting for staff, the longest waiting first.
pub async fn queue<T: UpdateTable>(
    db: &impl ConnectionTrait,
    params: &PageParams,
) -> AppResult<Page<T::Model>> {
    let select = T::find()
        .filter(T::STATUS.eq(UpdateStatus::WaitingForApproval))
        .order_by_asc(T::UPDATED_AT)
        .order_by_asc(T::ID);
    kernel::pagination::paginate(db, select, params, QUEUE_PER_PAGE).await
}

/// `staff` approve or reject update `id`, with a `reason` its author reads; audited as
/// `{KIND}.approve` or `{KIND}.reject`. The domain tells whom it concerns afterwards.
pub async fn review<T: UpdateTable>(
    ctx: &AppContext,
    staff: &Staff,
    id: i64,
    approve: bool,
    reason: Option<String>,
) -> AppResult<T::Model> {
    let (action, status) = if approve {
        ("approve", UpdateStatus::Approved)
    } else {
        ("reject", UpdateStatus::NotApproved)
    };
    let action = format!("{}.{action}", T::KIND);
    let decision = Decision::by(&ctx.db, staff, &action, T::KIND, id)
        .await?
        .because(reason);
    let current = T::find()
        .filter(T::ID.eq(id))
        .one(decision.db())
        .await?
        .ok_or_else(AppError::not_found)?;
    let before = T::row(&current);
    let decision = decision.about(Some(before.created_by_id));
    let mut active = current.into_active_model();
    active.set(T::STATUS, status.into());
    let saved = active.update(decision.db()).await?;
    decision
        .commit(
            audited::<T>(before.approved_status, before.owner_id),
            audited::<T>(status, before.owner_id),
        )
        .await?;
    Ok(saved)
}

/// An update's review status and owner, as the audit log keeps them before and after.
fn audited<T: UpdateTable>(status: UpdateStatus, owner_id: i64) -> Value {
    let mut state = json!({"approved_status": status});
    state[T::OWNER_KEY] = json!(owner_id);
    state
}
