//! A member's sessions under Account (issue 49, item 1): listed, and ended one by one or
//! all but this device's at once. A session's own business: an API token cannot list or
//! end sessions (the `security` tag is session-only).

use actix_web::{HttpRequest, delete, get, post, web};
use kernel::auth::bearer_token;
use kernel::{AppContext, AppError, AppResult, CurrentUser, Data, MessageResponse};

use crate::service::active_sessions::{self, ActiveSession};
use crate::service::session;

/// List your sessions
///
/// Where the caller is signed in: each live session's browser and system (from the
/// `User-Agent` it began with), when it began and was last used, this device's first.
#[utoipa::path(
    operation_id = "listMySessions",
    tag = "security",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The caller's live sessions, this device's first.", body = Data<Vec<ActiveSession>>),
        (status = 401, description = "Not signed in.", body = kernel::ErrorBody),
        (status = 403, description = "An API token cannot list sessions.", body = kernel::ErrorBody),
    )
)]
#[get("/me/sessions")]
pub async fn list(
    ctx: web::Data<AppContext>,
    user: CurrentUser,
    req: HttpRequest,
) -> AppResult<web::Json<Data<Vec<ActiveSession>>>> {
    let current = bearer_token(&req);
    Ok(Data::new(
        active_sessions::list(&ctx.db, user.id, current.as_deref()).await?,
    ))
}

/// Sign a session out
///
/// Ends one of the caller's sessions at once: the device holding it is signed out at its
/// next request. Ending this device's session signs the caller out.
#[utoipa::path(
    operation_id = "endMySession",
    tag = "security",
    security(("bearer" = [])),
    params(("id" = i64, Path, description = "The session's id")),
    responses(
        (status = 200, description = "Signed out.", body = Data<MessageResponse>, example = json!({"data": {"message": active_sessions::ENDED}})),
        (status = 401, description = "Not signed in.", body = kernel::ErrorBody),
        (status = 403, description = "An API token cannot end sessions.", body = kernel::ErrorBody),
        (status = 404, description = "No such live session of the caller's.", body = kernel::ErrorBody),
    )
)]
#[delete("/me/sessions/{id}")]
pub async fn end(
    ctx: web::Data<AppContext>,
    user: CurrentUser,
    id: web::Path<i64>,
) -> AppResult<web::Json<Data<MessageResponse>>> {
    active_sessions::end(&ctx.db, user.id, id.into_inner()).await?;
    Ok(MessageResponse::data(active_sessions::ENDED))
}

/// Sign out everywhere else
///
/// Ends every session of the caller's but this device's.
#[utoipa::path(
    operation_id = "endMyOtherSessions",
    tag = "security",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "Every other session is signed out.", body = Data<MessageResponse>, example = json!({"data": {"message": active_sessions::OTHERS_ENDED}})),
        (status = 401, description = "Not signed in.", body = kernel::ErrorBody),
        (status = 403, description = "An API token cannot end sessions.", body = kernel::ErrorBody),
    )
)]
#[post("/me/sessions/end-others")]
pub async fn end_others(
    ctx: web::Data<AppContext>,
    user: CurrentUser,
    req: HttpRequest,
) -> AppResult<web::Json<Data<MessageResponse>>> {
    // A signed-in request came with its token; without one, nothing would be kept.
    let current = bearer_token(&req).ok_or_else(|| {
        AppError::unauthorized("not_authenticated", kernel::auth::NOT_AUTHENTICATED)
    })?;
    session::revoke_all(&ctx.db, user.id, Some(&current)).await?;
    Ok(MessageResponse::data(active_sessions::OTHERS_ENDED))
}
