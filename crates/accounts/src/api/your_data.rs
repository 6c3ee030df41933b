//! "Download my data", and staff's export and deletion of an account (issue 23, item 6).

use actix_web::{HttpResponse, get, post, web};
use kernel::export::Catalogue;
use kernel::extract::ValidJson;
use kernel::{AppContext, AppResult, CurrentUser, Data, MessageResponse, Staff};

use super::staff_users::StaffReason;
use crate::service::{erasure, your_data};

fn accepted(message: &str) -> HttpResponse {
    HttpResponse::Accepted().json(Data {
        data: MessageResponse {
            message: message.into(),
        },
    })
}

/// Ask for your data
///
/// Gathers everything Cohort holds about the caller, in the background, into a ZIP (a JSON
/// file per kind of record and the files they uploaded) and e-mails them a link that works
/// once and for 72 hours. Once an hour at most.
#[utoipa::path(
    operation_id = "requestMyData",
    tag = "auth",
    security(("bearer" = [])),
    responses(
        (status = 202, description = "Being gathered; the link will be e-mailed.", body = Data<MessageResponse>, example = json!({"data": {"message": your_data::PREPARING}})),
        (status = 401, description = "Not signed in.", body = kernel::ErrorBody),
        (status = 409, description = "Asked for less than an hour ago.", body = kernel::ErrorBody),
    )
)]
#[post("/me/data-export")]
pub async fn request(
    ctx: web::Data<AppContext>,
    catalogue: web::Data<Catalogue>,
    user: CurrentUser,
) -> AppResult<HttpResponse> {
    your_data::request(&ctx, &catalogue, &user).await?;
    Ok(accepted(your_data::PREPARING))
}

/// Download an export
///
/// The ZIP behind an e-mailed link. The link is the credential: it works once, and for
/// 72 hours.
#[utoipa::path(
    operation_id = "downloadMyData",
    tag = "auth",
    params(("token" = String, Path, description = "The token from the e-mailed link")),
    responses(
        (status = 200, description = "The ZIP.", content_type = "application/zip", body = Vec<u8>),
        (status = 404, description = "No such link.", body = kernel::ErrorBody),
        (status = 410, description = "Already used, or expired.", body = kernel::ErrorBody),
    )
)]
#[get("/data-export/{token}")]
pub async fn download(
    ctx: web::Data<AppContext>,
    token: web::Path<String>,
) -> AppResult<HttpResponse> {
    let (bytes, filename) = your_data::download(&ctx, &token).await?;
    Ok(HttpResponse::Ok()
        .content_type("application/zip")
        .insert_header((
            actix_web::http::header::CONTENT_DISPOSITION,
            format!("attachment; filename=\"{filename}\""),
        ))
        .insert_header((actix_web::http::header::CACHE_CONTROL, "no-store"))
        .body(bytes))
}

/// Export an account's data
///
/// The same export a member asks for, for staff: audited, and the link goes to the staff
/// member who asked.
#[utoipa::path(
    operation_id = "staffExportUser",
    tag = "auth-staff",
    security(("bearer" = ["staff"])),
    params(("id" = i64, Path, description = "The account's id")),
    responses(
        (status = 202, description = "Being gathered; the link will be e-mailed to the caller.", body = Data<MessageResponse>, example = json!({"data": {"message": your_data::PREPARING_FOR_STAFF}})),
        (status = 404, description = "Not staff, or no such account.", body = kernel::ErrorBody),
    )
)]
#[post("/staff/users/{id}/data-export")]
pub async fn staff_export(
    ctx: web::Data<AppContext>,
    catalogue: web::Data<Catalogue>,
    staff: Staff,
    path: web::Path<i64>,
) -> AppResult<HttpResponse> {
    your_data::request_for(&ctx, &catalogue, &staff, path.into_inner()).await?;
    Ok(accepted(your_data::PREPARING_FOR_STAFF))
}

/// Delete an account
///
/// Deletes the member's personal records and anonymises the account, as the privacy
/// policy says: what others rely on (threads, groups, payment records) stays and names a
/// former member. Audited, with the reason and how many records went from each table.
#[utoipa::path(
    operation_id = "staffDeleteUser",
    tag = "auth-staff",
    security(("bearer" = ["staff"])),
    params(("id" = i64, Path, description = "The account's id")),
    request_body = StaffReason,
    responses(
        (status = 200, description = "Deleted.", body = Data<MessageResponse>, example = json!({"data": {"message": erasure::ERASED}})),
        (status = 400, description = "A staff account, one's own, or already deleted.", body = kernel::ErrorBody),
        (status = 404, description = "Not staff, or no such account.", body = kernel::ErrorBody),
    )
)]
#[post("/staff/users/{id}/delete")]
pub async fn staff_delete(
    ctx: web::Data<AppContext>,
    catalogue: web::Data<Catalogue>,
    staff: Staff,
    path: web::Path<i64>,
    body: ValidJson<StaffReason>,
) -> AppResult<web::Json<Data<MessageResponse>>> {
    let reason = body.into_inner().text();
    erasure::erase(&ctx, &catalogue, &staff, path.into_inner(), reason).await?;
    Ok(MessageResponse::data(erasure::ERASED))
}
