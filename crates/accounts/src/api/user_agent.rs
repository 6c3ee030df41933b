//! The browser a request comes from, which a new session is named by in the member's list.

use actix_web::HttpRequest;

/// The request's `User-Agent`, when it sent a readable one.
pub fn of(req: &HttpRequest) -> Option<&str> {
    req.headers()
        .get(actix_web::http::header::USER_AGENT)
        .and_then(|value| value.to_str().ok())
}
