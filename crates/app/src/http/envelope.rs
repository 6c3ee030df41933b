//! Keeps every `/api` answer in the error envelope, including the ones actix makes
//! itself (unknown routes, wrong methods, panics caught by the runtime).

use actix_web::dev::ServiceResponse;
use actix_web::http::StatusCode;
use actix_web::http::header::{CONTENT_TYPE, HeaderValue};
use actix_web::middleware::{ErrorHandlerResponse, ErrorHandlers};
use actix_web::{HttpResponse, ResponseError};
use kernel::AppError;

/// Default service of the `/api` scope.
pub async fn unknown_api_route() -> Result<HttpResponse, AppError> {
    Err(AppError::not_found())
}

/// Rewrites error responses under `/api` that are not already JSON.
pub fn error_handlers<B: 'static>() -> ErrorHandlers<B> {
    ErrorHandlers::new().default_handler(|res: ServiceResponse<B>| {
        let is_json = res
            .headers()
            .get(CONTENT_TYPE)
            .is_some_and(|v| v == HeaderValue::from_static("application/json"));
        if is_json || !res.request().path().starts_with("/api") {
            return Ok(ErrorHandlerResponse::Response(res.map_into_left_body()));
        }
        let status = res.status();
        let (req, _) = res.into_parts();
        let replacement = envelope_for(status);
        Ok(ErrorHandlerResponse::Response(
            ServiceResponse::new(req, replacement).map_into_right_body(),
        ))
    })
}

fn envelope_for(status: StatusCode) -> HttpResponse {
    let error = match status {
        StatusCode::NOT_FOUND => AppError::not_found(),
        StatusCode::METHOD_NOT_ALLOWED => {
            AppError::client(status, "method_not_allowed", "Method not allowed.")
        }
        StatusCode::PAYLOAD_TOO_LARGE => AppError::client(
            status,
            "payload_too_large",
            "The request body is too large.",
        ),
        s if s.is_client_error() => AppError::client(s, "bad_request", "Bad request."),
        _ => AppError::Internal(anyhow::anyhow!("unhandled {status} from the framework")),
    };
    let mut response = error.error_response();
    // Keep the original status when we render a generic 5xx body for it.
    *response.status_mut() = status;
    response
}
