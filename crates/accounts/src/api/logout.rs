use actix_web::{HttpRequest, HttpResponse, post, web};
use kernel::auth::bearer_token;
use kernel::{AppContext, AppResult, SignedIn};

use crate::service;

/// Sign out
///
/// Signs out: the session's token stops working at once.
#[utoipa::path(
    operation_id = "logout",
    tag = "auth",
    security(("bearer" = [])),
    responses(
        (status = 204, description = "Signed out."),
        (status = 401, description = "Not signed in.", body = kernel::ErrorBody),
    )
)]
#[post("/logout")]
pub async fn logout(
    ctx: web::Data<AppContext>,
    _user: SignedIn,
    req: HttpRequest,
) -> AppResult<HttpResponse> {
    if let Some(token) = bearer_token(&req) {
        service::session::revoke(&ctx.db, &token).await?;
    }
    Ok(HttpResponse::NoContent().finish())
}
