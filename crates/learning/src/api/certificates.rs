use actix_web::http::header::{CONTENT_DISPOSITION, CONTENT_TYPE};
use actix_web::{HttpResponse, get, web};
use chrono::{DateTime, Utc};
use kernel::{AppContext, AppResult, CurrentUser, Data};
use serde::Serialize;
use utoipa::ToSchema;

use crate::service::certificates;

/// What the public verification page confirms.
#[derive(Debug, Serialize, ToSchema)]
pub struct CertificateCheck {
    pub code: String,
    pub holder_name: String,
    pub quiz_name: String,
    pub percent: i32,
    pub issued_at: DateTime<Utc>,
}

/// Verify a certificate
///
/// Confirms a certificate is genuine (public).
#[utoipa::path(
    operation_id = "verifyCertificate",
    tag = "learning",
    params(("code" = String, Path, description = "The code printed on the certificate")),
    responses(
        (status = 200, description = "A genuine certificate.", body = Data<CertificateCheck>),
        (status = 404, description = "No certificate has this code.", body = kernel::ErrorBody),
    )
)]
#[get("/certificates/verify/{code}")]
pub async fn verify(
    ctx: web::Data<AppContext>,
    path: web::Path<String>,
) -> AppResult<web::Json<Data<CertificateCheck>>> {
    let cert = certificates::by_code(&ctx.db, &path).await?;
    Ok(Data::new(CertificateCheck {
        code: cert.code,
        holder_name: cert.holder_name,
        quiz_name: cert.quiz_name,
        percent: cert.percent,
        issued_at: cert.issued_at,
    }))
}

/// Download a certificate
///
/// The holder's certificate as a PDF.
#[utoipa::path(
    operation_id = "downloadCertificate",
    tag = "learning",
    security(("bearer" = [])),
    params(("code" = String, Path, description = "The certificate's code")),
    responses(
        (status = 200, description = "The PDF.", content_type = "application/pdf", body = Vec<u8>),
        (status = 401, description = "Not signed in.", body = kernel::ErrorBody),
        (status = 404, description = "Not the caller's certificate.", body = kernel::ErrorBody),
    )
)]
#[get("/certificates/{code}/pdf")]
pub async fn download(
    ctx: web::Data<AppContext>,
    user: CurrentUser,
    path: web::Path<String>,
) -> AppResult<HttpResponse> {
    let cert = certificates::of_holder(&ctx.db, user.id, &path).await?;
    let verify_url = format!(
        "{}/certificates/verify/{}",
        ctx.config.public_url, cert.code
    );
    let bytes = certificates::pdf(&cert, &verify_url)?;
    Ok(HttpResponse::Ok()
        .insert_header((CONTENT_TYPE, "application/pdf"))
        .insert_header((
            CONTENT_DISPOSITION,
            format!(
                "attachment; filename=\"cohort-certificate-{}.pdf\"",
                cert.code
            ),
        ))
        .body(bytes))
}
