//! The caller found from the request: a session's user or an API token's, looked up once
//! and kept in the request's extensions, behind the extractors `CurrentUser`, `SignedIn`
//! and `Staff`.

use actix_web::dev::Payload;
use actix_web::{FromRequest, HttpMessage, HttpRequest, web};
use futures_util::future::LocalBoxFuture;

use super::{
    API_TOKEN_PREFIX, CurrentUser, INVALID_TOKEN, NOT_AUTHENTICATED, SignedIn, Staff,
    TOKEN_NOT_ALLOWED, TokenRoutes, TokenUse, bearer_token, insufficient_scope,
    password_change_required,
};
use crate::context::AppContext;
use crate::error::{AppError, AppResult};

/// The caller, whatever they may do: a session's user, or an API token's whose scopes
/// cover the request's operation. Looked up once per request: every extractor and
/// middleware after the first finds it in the request's extensions.
pub fn resolve(req: &HttpRequest) -> LocalBoxFuture<'static, AppResult<CurrentUser>> {
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
        if token.starts_with(API_TOKEN_PREFIX) {
            return through_api_token(&ctx, &req, &token).await;
        }
        let user = ctx
            .sessions
            .resolve(&token)
            .await?
            .ok_or_else(|| AppError::unauthorized("invalid_token", INVALID_TOKEN))?;
        req.extensions_mut().insert(user.clone());
        Ok(user)
    })
}

/// The user of an API token, if its scopes cover the operation `req` asks for.
async fn through_api_token(
    ctx: &AppContext,
    req: &HttpRequest,
    token: &str,
) -> AppResult<CurrentUser> {
    let (user, grant) = ctx
        .sessions
        .resolve_api_token(token)
        .await?
        .ok_or_else(|| AppError::unauthorized("invalid_token", INVALID_TOKEN))?;
    let usage = req
        .app_data::<web::Data<TokenRoutes>>()
        .zip(req.match_pattern())
        .map_or(TokenUse::SessionOnly, |(routes, pattern)| {
            routes.token_use(req.method(), &pattern)
        });
    match usage {
        TokenUse::SessionOnly => {
            return Err(AppError::client(
                actix_web::http::StatusCode::FORBIDDEN,
                "token_not_allowed",
                TOKEN_NOT_ALLOWED,
            ));
        }
        TokenUse::Scope(needed) if !grant.scopes.iter().any(|s| s.covers(needed)) => {
            return Err(insufficient_scope(needed));
        }
        _ => {}
    }
    req.extensions_mut().insert(user.clone());
    req.extensions_mut().insert(grant);
    Ok(user)
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

impl FromRequest for SignedIn {
    type Error = actix_web::Error;
    type Future = LocalBoxFuture<'static, Result<Self, Self::Error>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let user = resolve(req);
        Box::pin(async move { Ok(SignedIn(user.await?)) })
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
