//! The kinds of notification a user can be sent, and how each user wants each one.

use std::collections::HashMap;

use kernel::json_list::JsonList;
use kernel::{AppError, AppResult};
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, Set};

use crate::entity::notification_setting;
use crate::enums::DeliveryMethod;
use kernel::notification_kinds::{DIGESTS, EmailFrequency, KINDS, Kind, NotificationKind};

pub const UPDATED: &str = "Notification settings have been successfully updated.";
pub const UNSUBSCRIBED: &str = "You will no longer receive these e-mails.";
pub const NOT_AN_UNSUBSCRIBE_LINK: &str = "This unsubscribe link is not valid.";

/// A kind with the user's choice applied.
pub struct Setting {
    pub kind: &'static Kind,
    pub is_active: bool,
    pub enabled: Vec<DeliveryMethod>,
    pub frequency: EmailFrequency,
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
                frequency: choice.email_frequency,
            },
            None => {
                let Choice {
                    is_active,
                    enabled,
                    frequency,
                } = Choice::default();
                Setting {
                    kind,
                    is_active,
                    enabled,
                    frequency,
                }
            }
        })
        .collect())
}

/// A user's choice for one kind.
pub struct Choice {
    pub is_active: bool,
    pub enabled: Vec<DeliveryMethod>,
    pub frequency: EmailFrequency,
}

impl Default for Choice {
    /// Nothing chosen: every kind is active, in-app and by e-mail at once.
    fn default() -> Self {
        Self {
            is_active: true,
            enabled: DeliveryMethod::ALL.to_vec(),
            frequency: EmailFrequency::Instant,
        }
    }
}

/// Ids bound in one statement at most (SQLite allows 32,766 values).
const IDS_PER_STATEMENT: usize = 10_000;

/// The stored choices of these users for `kind`; users who chose nothing are left out.
pub async fn choices_of_kind(
    db: &impl ConnectionTrait,
    user_ids: &[i64],
    kind: NotificationKind,
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
                frequency: row.email_frequency,
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
    pub frequency: EmailFrequency,
}

/// Saves all changes or none.
pub async fn update(
    db: &sea_orm::DatabaseConnection,
    user_id: i64,
    changes: Vec<Change>,
) -> AppResult<()> {
    let mut errors = kernel::error::FieldErrors::new();
    let mut kinds = Vec::with_capacity(changes.len());
    for (index, change) in changes.iter().enumerate() {
        let kind = NotificationKind::parse(&change.id);
        kinds.extend(kind);
        if kind.is_none() {
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
    for (change, kind) in changes.into_iter().zip(kinds) {
        notification_setting::Entity::delete_many()
            .filter(notification_setting::Column::UserId.eq(user_id))
            .filter(notification_setting::Column::Kind.eq(kind))
            .exec(&txn)
            .await?;
        notification_setting::Entity::insert(notification_setting::ActiveModel {
            user_id: Set(user_id),
            kind: Set(kind),
            is_active: Set(change.is_active),
            enabled_delivery_methods: Set(JsonList(change.enabled.clone())),
            email_frequency: Set(change.frequency),
        })
        .exec(&txn)
        .await?;
    }
    txn.commit().await?;
    Ok(())
}

/// A one-click unsubscribe (RFC 8058): `token` names a member and a kind, signed by this
/// server; that kind's e-mails stop for that member, and in-app notices stay as chosen. A
/// digest's token names [`DIGESTS`]: every kind gathered into digests stops.
pub async fn unsubscribe(ctx: &kernel::AppContext, token: &str) -> AppResult<()> {
    let invalid = || AppError::bad_request("invalid", NOT_AN_UNSUBSCRIBE_LINK);
    let found = ctx.unsubscribes.verify(token).ok_or_else(invalid)?;
    if ctx.users.summaries(&[found.user_id]).await?.is_empty() {
        return Err(invalid());
    }
    let settings = list(&ctx.db, found.user_id).await?;
    let stopped: Vec<Setting> = if found.kind == DIGESTS {
        settings
            .into_iter()
            .filter(|s| {
                s.frequency != EmailFrequency::Instant && s.enabled.contains(&DeliveryMethod::Email)
            })
            .collect()
    } else {
        let one: Vec<Setting> = settings
            .into_iter()
            .filter(|s| s.kind.id.as_str() == found.kind)
            .collect();
        if one.is_empty() {
            return Err(invalid());
        }
        one
    };
    update(
        &ctx.db,
        found.user_id,
        stopped.into_iter().map(without_email).collect(),
    )
    .await
}

/// The setting with e-mail taken out; at least one method stays chosen, so e-mail alone
/// turns the kind off instead.
fn without_email(setting: Setting) -> Change {
    let others: Vec<DeliveryMethod> = setting
        .enabled
        .iter()
        .filter(|m| **m != DeliveryMethod::Email)
        .cloned()
        .collect();
    if others.is_empty() {
        Change {
            id: setting.kind.id.as_str().to_owned(),
            is_active: false,
            enabled: setting.enabled,
            frequency: setting.frequency,
        }
    } else {
        Change {
            id: setting.kind.id.as_str().to_owned(),
            is_active: setting.is_active,
            enabled: others,
            frequency: setting.frequency,
        }
    }
}
