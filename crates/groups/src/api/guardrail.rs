use actix_web::{put, web};
use kernel::extract::ValidJson;
use kernel::{AppContext, AppResult, CurrentUser, Data};
use serde::Deserialize;
use utoipa::ToSchema;
use validator::Validate;

use super::MessageResponse;
use crate::service::guardrail;

/// How the patient-data check behaves in the group.
#[derive(Debug, Deserialize, Validate, ToSchema)]
pub struct PhiCheckBody {
    /// True: flagged text is not published until edited; false: its author may publish it
    /// with a declaration.
    pub blocking: bool,
}

/// Set a group's patient-data check
///
/// The owner makes the patient-data guardrail blocking for the group's discussion and
/// updates, or lets authors publish flagged text with a declaration (the default).
#[utoipa::path(
    operation_id = "setGroupPhiCheck",
    tag = "groups",
    security(("bearer" = [])),
    params(("slug" = String, Path, description = "The group's slug")),
    request_body = PhiCheckBody,
    responses(
        (status = 200, description = "Saved.", body = Data<MessageResponse>, example = json!({"data": {"message": guardrail::BLOCKING}})),
        (status = 400, description = "No choice given.", body = kernel::ErrorBody),
        (status = 403, description = "Not the group's owner.", body = kernel::ErrorBody),
        (status = 404, description = "No such group.", body = kernel::ErrorBody),
    )
)]
#[put("/groups/{slug}/phi-check")]
pub async fn set(
    ctx: web::Data<AppContext>,
    user: CurrentUser,
    path: web::Path<String>,
    body: ValidJson<PhiCheckBody>,
) -> AppResult<web::Json<Data<MessageResponse>>> {
    let message = guardrail::set_blocking(&ctx, &user, &path, body.blocking).await?;
    Ok(Data::new(MessageResponse {
        message: message.into(),
    }))
}
