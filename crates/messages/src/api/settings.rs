//! `/me/message-settings`: who may start a conversation with the caller.

use actix_web::{get, put, web};
use kernel::extract::ValidJson;
use kernel::{AppContext, AppResult, CurrentUser, Data};

use super::dto::MessageSettings;
use crate::service::settings;

/// Read your message settings
///
/// Who may start a conversation with the caller: everyone (until they choose), members of
/// their working groups, or nobody. Conversations already started go on.
#[utoipa::path(
    operation_id = "getMessageSettings",
    tag = "messages",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The caller's setting.", body = Data<MessageSettings>),
        (status = 401, description = "Not signed in.", body = kernel::ErrorBody),
    )
)]
#[get("/me/message-settings")]
pub async fn show(
    ctx: web::Data<AppContext>,
    user: CurrentUser,
) -> AppResult<web::Json<Data<MessageSettings>>> {
    Ok(Data::new(MessageSettings {
        who_may_message: settings::of(&ctx, user.id).await?,
    }))
}

/// Change your message settings
///
/// Sets who may start a conversation with the caller.
#[utoipa::path(
    operation_id = "updateMessageSettings",
    tag = "messages",
    security(("bearer" = [])),
    request_body = MessageSettings,
    responses(
        (status = 200, description = "The caller's setting now.", body = Data<MessageSettings>),
        (status = 400, description = "Not one of the choices.", body = kernel::ErrorBody),
        (status = 401, description = "Not signed in.", body = kernel::ErrorBody),
    )
)]
#[put("/me/message-settings")]
pub async fn update(
    ctx: web::Data<AppContext>,
    user: CurrentUser,
    body: ValidJson<MessageSettings>,
) -> AppResult<web::Json<Data<MessageSettings>>> {
    settings::set(&ctx, user.id, body.who_may_message).await?;
    Ok(Data::new(MessageSettings {
        who_may_message: body.who_may_message,
    }))
}
