use actix_web::{get, post, put, web};
use kernel::extract::ValidJson;
use kernel::{AppContext, AppResult, CurrentUser, Data};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use validator::Validate;

use super::MessageResponse;
use crate::enums::DeliveryMethod;
use crate::service::notification_settings::{self, Change, Setting};
use kernel::notification_kinds::{EmailFrequency, NotificationKind};

/// One kind of notification with the user's choice.
#[derive(Debug, Serialize, ToSchema)]
pub struct NotificationSetting {
    pub id: NotificationKind,
    pub name: String,
    pub description: String,
    pub is_active: bool,
    pub delivery_methods: Vec<DeliveryMethod>,
    pub enabled_delivery_methods: Vec<DeliveryMethod>,
    /// When e-mail is enabled: each at once, or gathered into a daily or weekly digest
    /// sent at 08:00 in the member's time zone (Mondays for weekly).
    pub email_frequency: EmailFrequency,
}

impl NotificationSetting {
    fn from_setting(setting: Setting) -> Self {
        Self {
            id: setting.kind.id,
            name: setting.kind.name.to_owned(),
            description: setting.kind.description.to_owned(),
            is_active: setting.is_active,
            delivery_methods: DeliveryMethod::ALL.to_vec(),
            enabled_delivery_methods: setting.enabled,
            email_frequency: setting.frequency,
        }
    }
}

#[derive(Debug, Serialize, Deserialize, Validate, ToSchema)]
pub struct NotificationSettingChange {
    pub id: String,
    #[serde(default = "active")]
    pub is_active: bool,
    /// At least one.
    #[schema(min_items = 1)]
    pub enabled_delivery_methods: Vec<DeliveryMethod>,
    /// At once when left out.
    #[serde(default = "instant")]
    pub email_frequency: EmailFrequency,
}

fn instant() -> EmailFrequency {
    EmailFrequency::Instant
}

fn active() -> bool {
    true
}

#[derive(Debug, Deserialize, Validate, ToSchema)]
pub struct NotificationSettingsUpdate {
    #[validate(length(max = 50))]
    pub settings: Vec<NotificationSettingChange>,
}

/// Notification settings
///
/// The user's notification settings, one per kind of notification. Each kind says whether it is
/// sent in the app, by e-mail, or both.
#[utoipa::path(
    operation_id = "listNotificationSettings",
    tag = "auth",
    security(("bearer" = [])),
    responses((status = 200, description = "Every kind with the user's choice.", body = Data<Vec<NotificationSetting>>))
)]
#[get("/me/notification-settings")]
pub async fn list(
    ctx: web::Data<AppContext>,
    user: CurrentUser,
) -> AppResult<web::Json<Data<Vec<NotificationSetting>>>> {
    let settings = notification_settings::list(&ctx.db, user.id).await?;
    Ok(Data::new(
        settings
            .into_iter()
            .map(NotificationSetting::from_setting)
            .collect(),
    ))
}

/// Save notification settings
///
/// Saves notification settings (all or nothing).
#[utoipa::path(
    operation_id = "updateNotificationSettings",
    tag = "auth",
    security(("bearer" = [])),
    request_body = NotificationSettingsUpdate,
    responses(
        (status = 200, description = "Saved.", body = Data<MessageResponse>, example = json!({"data": {"message": notification_settings::UPDATED}})),
        (status = 400, description = "An unknown kind, or no delivery method.", body = kernel::ErrorBody),
    )
)]
#[put("/me/notification-settings-update")]
pub async fn update(
    ctx: web::Data<AppContext>,
    user: CurrentUser,
    body: ValidJson<NotificationSettingsUpdate>,
) -> AppResult<web::Json<Data<MessageResponse>>> {
    let changes = body
        .into_inner()
        .settings
        .into_iter()
        .map(|c| Change {
            id: c.id,
            is_active: c.is_active,
            enabled: c.enabled_delivery_methods,
            frequency: c.email_frequency,
        })
        .collect();
    notification_settings::update(&ctx.db, user.id, changes).await?;
    Ok(MessageResponse::data(notification_settings::UPDATED))
}

/// The token of a one-click unsubscribe link.
#[derive(Debug, Deserialize, IntoParams)]
pub struct UnsubscribeQuery {
    pub token: String,
}

/// One-click unsubscribe
///
/// One-click unsubscribe (RFC 8058), the `List-Unsubscribe` address of a notification e-mail: that
/// kind's e-mails stop for the member the signed token names. No session: the mail client posts it
/// (its body, `List-Unsubscribe=One-Click`, is not needed).
#[utoipa::path(
    operation_id = "unsubscribeNotifications",
    tag = "auth",
    params(UnsubscribeQuery),
    responses(
        (status = 200, description = "That kind's e-mails are off.", body = Data<MessageResponse>, example = json!({"data": {"message": notification_settings::UNSUBSCRIBED}})),
        (status = 400, description = "Not a link this server signed.", body = kernel::ErrorBody),
    )
)]
#[post("/notifications/unsubscribe")]
pub async fn unsubscribe(
    ctx: web::Data<AppContext>,
    query: web::Query<UnsubscribeQuery>,
) -> AppResult<web::Json<Data<MessageResponse>>> {
    notification_settings::unsubscribe(&ctx, &query.token).await?;
    Ok(MessageResponse::data(notification_settings::UNSUBSCRIBED))
}
