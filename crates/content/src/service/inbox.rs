//! What the public sends staff: contact messages to handle, and sign-ups for updates to
//! export.

use audit::Decision;
use kernel::{AppContext, AppError, AppResult, Page, PageParams, Staff};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, PaginatorTrait, QueryFilter,
    QueryOrder, Set,
};

use crate::entity::{contact_message, update_signup};

const PER_PAGE: u64 = 25;
pub const HANDLED: &str = "The message has been marked as handled.";
pub const ALREADY_HANDLED: &str = "This message has already been handled.";

/// Contact messages, open or handled, newest first.
pub async fn messages(
    db: &impl ConnectionTrait,
    handled: bool,
    params: &PageParams,
) -> AppResult<Page<contact_message::Model>> {
    let select = contact_message::Entity::find();
    let select = if handled {
        select.filter(contact_message::Column::HandledAt.is_not_null())
    } else {
        select.filter(contact_message::Column::HandledAt.is_null())
    };
    let select = select
        .order_by_desc(contact_message::Column::CreatedAt)
        .order_by_desc(contact_message::Column::Id);
    kernel::pagination::paginate(db, select, params, PER_PAGE).await
}

/// How many contact messages nobody has handled yet.
pub async fn open_messages(db: &impl ConnectionTrait) -> AppResult<u64> {
    Ok(contact_message::Entity::find()
        .filter(contact_message::Column::HandledAt.is_null())
        .count(db)
        .await?)
}

/// Records that `staff` dealt with a message.
pub async fn handle(ctx: &AppContext, staff: &Staff, id: i64) -> AppResult<contact_message::Model> {
    let decision = Decision::by(
        &ctx.db,
        staff,
        "contact_message.handle",
        "contact_message",
        id,
    )
    .await?;
    let found = contact_message::Entity::find_by_id(id)
        .one(decision.db())
        .await?
        .ok_or_else(AppError::not_found)?;
    if found.handled_at.is_some() {
        return Err(AppError::bad_request("already_handled", ALREADY_HANDLED));
    }
    let mut active: contact_message::ActiveModel = found.into();
    active.handled_at = Set(Some(kernel::clock::now()));
    active.handled_by_id = Set(Some(staff.id()));
    let saved = active.update(decision.db()).await?;
    decision
        .commit(
            serde_json::json!({"handled": false}),
            serde_json::json!({"handled": true}),
        )
        .await?;
    Ok(saved)
}

/// Sign-ups for updates, newest first.
pub async fn signups(
    db: &impl ConnectionTrait,
    params: &PageParams,
) -> AppResult<Page<update_signup::Model>> {
    let select = update_signup::Entity::find()
        .order_by_desc(update_signup::Column::CreatedAt)
        .order_by_desc(update_signup::Column::Id);
    kernel::pagination::paginate(db, select, params, PER_PAGE).await
}

pub async fn signup_count(db: &impl ConnectionTrait) -> AppResult<u64> {
    Ok(update_signup::Entity::find().count(db).await?)
}

/// Every sign-up as CSV (RFC 4180), oldest first, for a mailing tool.
pub async fn signups_csv(db: &impl ConnectionTrait) -> AppResult<String> {
    let rows = update_signup::Entity::find()
        .order_by_asc(update_signup::Column::CreatedAt)
        .order_by_asc(update_signup::Column::Id)
        .all(db)
        .await?;
    let mut out = String::from("full_name,email,message,consent,created_at\r\n");
    for row in rows {
        let fields = [
            row.full_name,
            row.email,
            row.message,
            row.consent.to_string(),
            row.created_at.to_rfc3339(),
        ];
        out.push_str(&kernel::csv::line(
            fields.iter().map(|f| kernel::csv::text(f)),
        ));
    }
    Ok(out)
}
