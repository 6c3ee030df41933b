use actix_web::{HttpResponse, get, web};
use kernel::{AppContext, AppError, Data};
use serde::Serialize;
use utoipa::ToSchema;

#[derive(Serialize, ToSchema)]
pub struct Health {
    /// `ok` when the app can serve requests.
    pub status: String,
    /// `ok` when the database answered.
    pub database: String,
}

/// Health check
///
/// Liveness and readiness: answers 200 only when the database answers.
#[utoipa::path(
    operation_id = "health",
    tag = "system",
    responses(
        (status = 200, description = "The app and its database answer.", body = Data<Health>),
        (status = 503, description = "The database does not answer.", body = kernel::ErrorBody),
    )
)]
#[get("/health")]
pub async fn health(ctx: web::Data<AppContext>) -> Result<HttpResponse, AppError> {
    match ctx.db.ping().await {
        Ok(()) => Ok(HttpResponse::Ok().json(Data {
            data: Health {
                status: "ok".into(),
                database: "ok".into(),
            },
        })),
        Err(err) => {
            tracing::error!(error = %err, "health check: database unreachable");
            Err(database_unavailable())
        }
    }
}

/// The 503 of a health check whose database does not answer.
pub fn database_unavailable() -> AppError {
    AppError::client(
        actix_web::http::StatusCode::SERVICE_UNAVAILABLE,
        "unavailable",
        "The database is unavailable.",
    )
}
