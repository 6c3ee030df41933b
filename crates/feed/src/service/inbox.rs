//! A member's own notifications: the page of them (by kind, unread first), and marking them
//! read or unread. Each query is held to the caller's rows: another member's notification
//! is not found.

use kernel::notification_kinds::NotificationKind;
use kernel::{AppError, AppResult, Page, PageParams};
use sea_orm::sea_query::{Expr, ExprTrait, Order};
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder};

use super::notices::Notification;
use crate::entity::notification;

/// Which of a member's notifications a page holds, and in what order.
#[derive(Debug, Clone, Copy, Default)]
pub struct Filter {
    /// Only this kind.
    pub kind: Option<NotificationKind>,
    /// The unread ones before the read ones (each newest first); else newest first.
    pub unread_first: bool,
}

/// A page of the member's notifications.
pub async fn list(
    db: &impl ConnectionTrait,
    user_id: i64,
    filter: Filter,
    params: &PageParams,
) -> AppResult<Page<Notification>> {
    let mut select = notification::Entity::find().filter(notification::Column::UserId.eq(user_id));
    if let Some(kind) = filter.kind {
        select = select.filter(notification::Column::Kind.eq(kind));
    }
    if filter.unread_first {
        select = select.order_by(
            Expr::col(notification::Column::ReadAt).is_not_null(),
            Order::Asc,
        );
    }
    let select = select
        .order_by_desc(notification::Column::CreatedAt)
        .order_by_desc(notification::Column::Id);
    Ok(kernel::pagination::paginate(db, select, params, 10)
        .await?
        .map(Notification::from_entity))
}

/// Marks every unread notification of a member read.
pub async fn mark_all_read(db: &impl ConnectionTrait, user_id: i64) -> AppResult<()> {
    notification::Entity::update_many()
        .col_expr(
            notification::Column::ReadAt,
            Expr::value(kernel::clock::now()),
        )
        .filter(notification::Column::UserId.eq(user_id))
        .filter(notification::Column::ReadAt.is_null())
        .exec(db)
        .await?;
    Ok(())
}

/// Marks one of the member's notifications read (`read`) or unread, in one statement held
/// to their own rows: none changed is one that is not theirs (or not there).
pub async fn mark(db: &impl ConnectionTrait, user_id: i64, id: i64, read: bool) -> AppResult<()> {
    let read_at = read.then(kernel::clock::now);
    let changed = notification::Entity::update_many()
        .col_expr(notification::Column::ReadAt, Expr::value(read_at))
        .filter(notification::Column::Id.eq(id))
        .filter(notification::Column::UserId.eq(user_id))
        .exec(db)
        .await?;
    if changed.rows_affected == 0 {
        return Err(AppError::not_found());
    }
    Ok(())
}
