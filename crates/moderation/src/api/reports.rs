use actix_web::{HttpResponse, post, web};
use kernel::extract::ValidJson;
use kernel::{AppContext, AppResult, CurrentUser, Data, MessageResponse};

use super::dto::ReportRequest;
use crate::Reportables;
use crate::service::reporting::{self, NewReport};

/// Report something
///
/// Reports a topic, reply, working group, group update or profile the caller may read,
/// with a reason from the review guidelines. One open report per member and item; enough
/// independent reports hide a topic, reply or update until a moderator reviews it.
#[utoipa::path(
    operation_id = "report",
    tag = "moderation",
    security(("bearer" = [])),
    request_body = ReportRequest,
    responses(
        (status = 201, description = "Received.", body = Data<MessageResponse>, example = json!({"data": {"message": reporting::THANKS}})),
        (status = 400, description = "Details missing for `other` or too long, or the caller's own item.", body = kernel::ErrorBody),
        (status = 401, description = "Not signed in.", body = kernel::ErrorBody),
        (status = 404, description = "No such item, or hidden from the caller.", body = kernel::ErrorBody),
        (status = 409, description = "The caller already reported it.", body = kernel::ErrorBody),
        (status = 429, description = "Too many reports in an hour.", body = kernel::ErrorBody),
    )
)]
#[post("/reports")]
pub async fn report(
    ctx: web::Data<AppContext>,
    reportables: web::Data<Reportables>,
    user: CurrentUser,
    body: ValidJson<ReportRequest>,
) -> AppResult<HttpResponse> {
    let body = body.into_inner();
    let new = NewReport {
        subject_type: body.subject_type,
        subject_id: body.subject_id,
        reason: body.reason,
        details: body.details,
    };
    reporting::file(&ctx, &reportables, &user, new).await?;
    Ok(HttpResponse::Created().json(Data {
        data: MessageResponse {
            message: reporting::THANKS.into(),
        },
    }))
}
