//! One gate in front of every `/api/staff/…` route: anyone who is not staff gets the 404
//! before a handler reads the request. The `Staff` extractor checks again in each
//! handler; the gate exists because extractors run together, and a body that fails to
//! parse would otherwise answer 400 to a member, telling them the route exists.

use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::middleware::Next;
use kernel::AppError;

const STAFF_PREFIX: &str = "/api/staff/";

pub async fn staff_only(
    req: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    if req.path().starts_with(STAFF_PREFIX) && !is_staff(&req).await {
        return Err(AppError::not_found().into());
    }
    next.call(req).await
}

/// Whether the request comes from staff (by a session, or an API token with the staff
/// scope the method needs); the user found is kept for the handler's extractor, so the
/// session or token is looked up once.
async fn is_staff(req: &ServiceRequest) -> bool {
    kernel::auth::resolve(req.request())
        .await
        .is_ok_and(|user| user.staff_role.is_some())
}
