//! A milestone report's files: the owner attaches PDFs to a milestone waiting for its report
//! (taken by the next report) and removes them until then.

use actix_web::{HttpResponse, delete, post, web};
use kernel::upload::{SingleFile, SingleFileUpload};
use kernel::{AppContext, AppResult, CurrentUser, Data};

use crate::read::escrow::MilestoneFile;
use crate::service::escrow::evidence;

/// Attach a file to a milestone
///
/// Stores a PDF (multipart field `file`, checked by content, kept as sent with its SHA-256)
/// on milestone `position` of the caller's project in escrow, for its next report; at most
/// 10 per milestone.
#[utoipa::path(
    operation_id = "uploadMilestoneFile",
    tag = "projects",
    security(("bearer" = [])),
    params(
        ("id" = i64, Path, description = "The project's id"),
        ("position" = i32, Path, description = "The milestone's place, 1 for the first"),
    ),
    request_body(content = SingleFileUpload, content_type = "multipart/form-data"),
    responses(
        (status = 201, description = "Stored, waiting for the milestone's next report.", body = Data<MilestoneFile>),
        (status = 400, description = "Not a PDF, too large, no file, 10 already attached, or the project's funds are not in escrow.", body = kernel::ErrorBody),
        (status = 404, description = "Not the caller's project, or no such milestone.", body = kernel::ErrorBody),
        (status = 409, description = "The milestone is not waiting for a report (reported, decided or missed).", body = kernel::ErrorBody),
    )
)]
#[post("/me/projects/{id}/milestones/{position}/files")]
pub async fn upload(
    ctx: web::Data<AppContext>,
    user: CurrentUser,
    path: web::Path<(i64, i32)>,
    form: SingleFile,
) -> AppResult<HttpResponse> {
    let (id, position) = path.into_inner();
    let saved = evidence::upload(&ctx, &user, id, position, &form.filename, form.bytes).await?;
    Ok(HttpResponse::Created().json(Data::new(MilestoneFile::of(&ctx, &saved))))
}

/// Remove a milestone's file
///
/// Removes a file from a milestone still waiting for its report (a file of a report sent back
/// too: the next report replaces the evidence).
#[utoipa::path(
    operation_id = "removeMilestoneFile",
    tag = "projects",
    security(("bearer" = [])),
    params(
        ("id" = i64, Path, description = "The project's id"),
        ("position" = i32, Path, description = "The milestone's place, 1 for the first"),
        ("file_id" = i64, Path, description = "The file's id"),
    ),
    responses(
        (status = 204, description = "Removed."),
        (status = 400, description = "The project's funds are not in escrow.", body = kernel::ErrorBody),
        (status = 404, description = "Not the caller's project, milestone or file.", body = kernel::ErrorBody),
        (status = 409, description = "The milestone is not waiting for a report: its files stay as reported.", body = kernel::ErrorBody),
    )
)]
#[delete("/me/projects/{id}/milestones/{position}/files/{file_id}")]
pub async fn remove(
    ctx: web::Data<AppContext>,
    user: CurrentUser,
    path: web::Path<(i64, i32, i64)>,
) -> AppResult<HttpResponse> {
    let (id, position, file_id) = path.into_inner();
    evidence::remove(&ctx, &user, id, position, file_id).await?;
    Ok(HttpResponse::NoContent().finish())
}
