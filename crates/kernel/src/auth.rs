//! Who is making the request. The kernel knows only the shape of a signed-in user and
//! a port to resolve bearer tokens; `accounts` implements the port and `app` wires it.

use std::sync::Arc;

use actix_web::dev::Payload;
use actix_web::http::header::AUTHORIZATION;
use actix_web::{FromRequest, HttpMessage, HttpRequest, web};
use async_trait::async_trait;
use futures_util::future::LocalBoxFuture;

use crate::context::AppContext;
use crate::error::{AppError, AppResult};

crate::string_enum! {
    /// What a member of the platform's staff may do: an admin everything, including
    /// managing staff; a moderator the moderation queues and the content.
    StaffRole {
        Admin = "admin",
        Moderator = "moderator",
    }
}

/// A signed-in user, as every crate sees them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CurrentUser {
    pub id: i64,
    /// Set for platform staff.
    pub staff_role: Option<StaffRole>,
    /// A Content Expert (appointed by an admin) gives funded projects their final approval.
    pub content_expert: bool,
    /// Set while the account must choose a new password: only [`SignedIn`] admits it.
    pub password_change_required: bool,
}

/// Resolves an opaque bearer token to its user.
#[async_trait]
pub trait SessionResolver: Send + Sync {
    /// `Ok(None)` for unknown, expired or revoked tokens; an inactive user is an error
    /// with code `user_inactive`.
    async fn resolve(&self, token: &str) -> AppResult<Option<CurrentUser>>;

    /// As [`SessionResolver::resolve`], for a session known only by its token's hash
    /// ([`crate::secret_token::hash`]): the live channel keeps no token.
    async fn resolve_hash(&self, token_hash: &str) -> AppResult<Option<CurrentUser>>;
}

/// The shared resolver, as stored in [`AppContext`].
pub type Sessions = Arc<dyn SessionResolver>;

/// The bearer token of a request, if it sent one.
pub fn bearer_token(req: &HttpRequest) -> Option<String> {
    let header = req.headers().get(AUTHORIZATION)?.to_str().ok()?;
    let token = header.strip_prefix("Bearer ")?.trim();
    (!token.is_empty()).then(|| token.to_owned())
}

/// Text of a 401 without usable credentials.
pub const NOT_AUTHENTICATED: &str = "Authentication credentials were not provided.";
/// Text of a 401 with a token that names no live session.
pub const INVALID_TOKEN: &str = "Invalid or expired token.";
/// Text of the 403 for an account that must first choose a new password.
pub const PASSWORD_CHANGE_REQUIRED: &str = "Choose a new password to continue.";

/// The 403 for an account that must first choose a new password.
pub fn password_change_required() -> AppError {
    AppError::client(
        actix_web::http::StatusCode::FORBIDDEN,
        "password_change_required",
        PASSWORD_CHANGE_REQUIRED,
    )
}

/// The session's user, whatever they may do. Looked up once per request: every
/// extractor and middleware after the first finds it in the request's extensions.
fn resolve(req: &HttpRequest) -> LocalBoxFuture<'static, AppResult<CurrentUser>> {
    if let Some(user) = req.extensions().get::<CurrentUser>().cloned() {
        return Box::pin(async move { Ok(user) });
    }
    let token = bearer_token(req);
    let ctx = req.app_data::<web::Data<AppContext>>().cloned();
    let req = req.clone();
    Box::pin(async move {
        let ctx = ctx.ok_or_else(|| AppError::Internal(anyhow::anyhow!("AppContext missing")))?;
        let token =
            token.ok_or_else(|| AppError::unauthorized("not_authenticated", NOT_AUTHENTICATED))?;
        let user = ctx
            .sessions
            .resolve(&token)
            .await?
            .ok_or_else(|| AppError::unauthorized("invalid_token", INVALID_TOKEN))?;
        req.extensions_mut().insert(user.clone());
        Ok(user)
    })
}

/// A signed-in user who may use the platform: an account that must still choose a new
/// password gets a 403 (`password_change_required`) everywhere but [`SignedIn`] routes.
impl FromRequest for CurrentUser {
    type Error = actix_web::Error;
    type Future = LocalBoxFuture<'static, Result<Self, Self::Error>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let user = resolve(req);
        Box::pin(async move {
            let user = user.await?;
            if user.password_change_required {
                return Err(password_change_required().into());
            }
            Ok(user)
        })
    }
}

/// Any signed-in user, including one who must still choose a new password: for the few
/// routes that lead there (reading one's account, changing the password, signing out).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SignedIn(pub CurrentUser);

impl FromRequest for SignedIn {
    type Error = actix_web::Error;
    type Future = LocalBoxFuture<'static, Result<Self, Self::Error>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let user = resolve(req);
        Box::pin(async move { Ok(SignedIn(user.await?)) })
    }
}

/// A signed-in member of the platform's staff (`admin` or `moderator`). Anyone else,
/// signed in or not, gets a 404: the staff console does not admit it exists.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Staff(pub CurrentUser);

impl Staff {
    pub fn id(&self) -> i64 {
        self.0.id
    }

    pub fn role(&self) -> StaffRole {
        self.0.staff_role.unwrap_or(StaffRole::Moderator)
    }
}

impl FromRequest for Staff {
    type Error = actix_web::Error;
    type Future = LocalBoxFuture<'static, Result<Self, Self::Error>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let user = resolve(req);
        Box::pin(async move {
            match user.await {
                Ok(user) if user.staff_role.is_some() && user.password_change_required => {
                    Err(password_change_required().into())
                }
                Ok(user) if user.staff_role.is_some() => Ok(Staff(user)),
                _ => Err(AppError::not_found().into()),
            }
        })
    }
}
