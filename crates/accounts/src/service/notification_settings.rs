//! The kinds of notification a user can be sent, and how each user wants each one.

use std::collections::HashMap;

use kernel::json_list::JsonList;
use kernel::{AppError, AppResult};
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, Set};

use crate::entity::notification_setting;
use crate::enums::DeliveryMethod;
use kernel::notification_kinds::{KINDS, Kind};

pub const UPDATED: &str = "Notification settings have been successfully updated.";
pub const UNSUBSCRIBED: &str = "You will no longer receive these e-mails.";
pub const NOT_AN_UNSUBSCRIBE_LINK: &str = "This unsubscribe link is not valid.";

/// A kind with the user's choice applied.
pub struct Setting {
    pub kind: &'static Kind,
    pub is_active: bool,
    pub enabled: Vec<DeliveryMethod>,
}

/// Every kind for `user_id`; by default active, in-app and by e-mail.
pub async fn list(db: &impl ConnectionTrait, user_id: i64) -> AppResult<Vec<Setting>> {
    let stored = notification_setting::Entity::find()
        .filter(notification_setting::Column::UserId.eq(user_id))
        .all(db)
        .await?;
    Ok(KINDS
        .iter()
        .map(|kind| match stored.iter().find(|s| s.kind == kind.id) {
            Some(choice) => Setting {
                kind,
                is_active: choice.is_active,
                enabled: choice.enabled_delivery_methods.0.clone(),
            },
            None => {
                let Choice { is_active, enabled } = Choice::default();
                Setting {
                    kind,
                    is_active,
                    enabled,
                }
            }
        })
        .collect())
}

/// A user's choice for one kind.
pub struct Choice {
    pub is_active: bool,
    pub enabled: Vec<DeliveryMethod>,
}

impl Default for Choice {
    /// Nothing chosen: every kind is active, in-app and by e-mail.
    fn default() -> Self {
        Self {
            is_active: true,
            enabled: DeliveryMethod::ALL.to_vec(),
        }
    }
}

/// Ids bound in one statement at most (SQLite allows 32,766 values).
const IDS_PER_STATEMENT: usize = 10_000;

/// The stored choices of these users for `kind`; users who chose nothing are left out.
pub async fn choices_of_kind(
    db: &impl ConnectionTrait,
    user_ids: &[i64],
    kind: &str,
) -> AppResult<HashMap<i64, Choice>> {
    let mut found = HashMap::new();
    for ids in user_ids.chunks(IDS_PER_STATEMENT) {
        let rows = notification_setting::Entity::find()
            .filter(notification_setting::Column::Kind.eq(kind))
            .filter(notification_setting::Column::UserId.is_in(ids.iter().copied()))
            .all(db)
            .await?;
        found.extend(rows.into_iter().map(|row| {
            let choice = Choice {
                is_active: row.is_active,
                enabled: row.enabled_delivery_methods.0,
            };
            (row.user_id, choice)
        }));
    }
    Ok(found)
}

/// A change to one kind.
pub struct Change {
    pub id: String,
    pub is_active: bool,
    pub enabled: Vec<DeliveryMethod>,
}

/// Saves all changes or none.
pub async fn update(
    db: &sea_orm::DatabaseConnection,
    user_id: i64,
    changes: Vec<Change>,
) -> AppResult<()> {
    let mut errors = kernel::error::FieldErrors::new();
    for (index, change) in changes.iter().enumerate() {
        if !KINDS.iter().any(|k| k.id == change.id) {
            errors.insert(
                format!("settings[{index}].id"),
                vec!["Unknown notification setting.".into()],
            );
        }
        if change.enabled.is_empty() {
            // Spec §5: at least one delivery method (kernel::validation::REQUIRED_SHORT).
            errors.insert(
                format!("settings[{index}].enabled_delivery_methods"),
                vec![kernel::validation::REQUIRED_SHORT.into()],
            );
        }
    }
    if !errors.is_empty() {
        return Err(AppError::Validation(errors));
    }
    let txn = kernel::db::begin_write(db).await?;
    for change in changes {
        notification_setting::Entity::delete_many()
            .filter(notification_setting::Column::UserId.eq(user_id))
            .filter(notification_setting::Column::Kind.eq(&change.id))
            .exec(&txn)
            .await?;
        notification_setting::Entity::insert(notification_setting::ActiveModel {
            user_id: Set(user_id),
            kind: Set(change.id),
            is_active: Set(change.is_active),
            enabled_delivery_methods: Set(JsonList(change.enabled.clone())),
        })
        .exec(&txn)
        .await?;
    }
    txn.commit().await?;
    Ok(())
}

/// A one-click unsubscribe (RFC 8058): `token` names a member and a kind, signed by this
/// server; that kind's e-mails stop for that member, and in-app notices stay as chosen.
pub async fn unsubscribe(ctx: &kernel::AppContext, token: &str) -> AppResult<()> {
    let invalid = || AppError::bad_request("invalid", NOT_AN_UNSUBSCRIBE_LINK);
    let found = ctx.unsubscribes.verify(token).ok_or_else(invalid)?;
    if ctx.users.summaries(&[found.user_id]).await?.is_empty() {
        return Err(invalid());
    }
    let current = list(&ctx.db, found.user_id)
        .await?
        .into_iter()
        .find(|s| s.kind.id == found.kind)
        .ok_or_else(invalid)?;
    let others: Vec<DeliveryMethod> = current
        .enabled
        .iter()
        .filter(|m| **m != DeliveryMethod::Email)
        .cloned()
        .collect();
    // At least one method stays chosen: e-mail alone turns the kind off instead.
    let change = if others.is_empty() {
        Change {
            id: found.kind,
            is_active: false,
            enabled: current.enabled,
        }
    } else {
        Change {
            id: found.kind,
            is_active: current.is_active,
            enabled: others,
        }
    };
    update(&ctx.db, found.user_id, vec![change]).await
}
