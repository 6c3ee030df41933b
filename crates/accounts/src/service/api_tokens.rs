//! Personal API tokens (issue 47, item 1): a member's scripts act for them without their
//! password or two-step code. A token is 256 random bits after [`API_TOKEN_PREFIX`],
//! shown once and stored hashed; it reads and writes only the areas its scopes name, until
//! it expires or is revoked. Creating and revoking one is an entry in the audit chain.
//!
//! What a token may never do (sign in to the site, sign out, change the password, the
//! e-mail address or two-step, manage tokens) is decided per operation by the table `app`
//! builds from the contract, with [`crate::policy::TOKEN_ACCOUNT_OPERATIONS`].

use std::borrow::Cow;

use audit::{self, Entry};
use chrono::{DateTime, Duration, Utc};
use kernel::auth::{API_TOKEN_PREFIX, ApiTokenGrant, TokenScope};
use kernel::{AppContext, AppError, AppResult, CurrentUser, secret_token};
use sea_orm::sea_query::Expr;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, PaginatorTrait, QueryFilter,
    QueryOrder, Set,
};
use serde::Serialize;
use serde_json::json;
use utoipa::ToSchema;
use validator::ValidationError;

use crate::entity::{api_token, user};
use crate::policy;

/// The longest a token may live.
pub const MAX_DAYS: i64 = 365;
/// Most tokens a member may hold at once.
pub const MAX_TOKENS: u64 = 50;
/// How stale a token's "last used" may be: a busy script writes it once a minute.
const LAST_USED_EVERY: Duration = Duration::minutes(1);
/// How many characters of a token its list shows (the prefix and four of its own).
const SHOWN: usize = API_TOKEN_PREFIX.len() + 4;

pub const NAME_TAKEN: &str = "You already have a token with this name.";
pub const NO_SCOPES: &str = "Choose at least one scope.";
pub const STAFF_SCOPE: &str = "Only staff may give a token a staff scope.";
pub const LIFETIME: &str = "Choose an expiry from 1 to 365 days.";
pub const REVOKED: &str = "The token was revoked.";

/// A new token as asked for.
pub struct NewToken<'a> {
    pub name: &'a str,
    pub scopes: &'a [TokenScope],
    pub expires_in_days: i64,
}

/// A token as its owner sees it: never the token itself, which is shown once.
#[derive(Debug, Serialize, ToSchema)]
pub struct ApiToken {
    pub id: i64,
    pub name: String,
    /// The token's first characters, to tell it apart.
    pub prefix: String,
    pub scopes: Vec<TokenScope>,
    pub created_at: DateTime<Utc>,
    pub expires_at: DateTime<Utc>,
    /// When it was last used (to the minute); `null` if never.
    pub last_used_at: Option<DateTime<Utc>>,
}

/// The member's tokens, newest first, expired ones included (until revoked).
pub async fn list(db: &impl ConnectionTrait, user_id: i64) -> AppResult<Vec<ApiToken>> {
    let rows = api_token::Entity::find()
        .filter(api_token::Column::UserId.eq(user_id))
        .order_by_desc(api_token::Column::Id)
        .all(db)
        .await?;
    Ok(rows.into_iter().map(view).collect())
}

/// The scopes `user` may give a token, in the catalogue's order.
pub fn grantable(user: &CurrentUser) -> Vec<TokenScope> {
    TokenScope::ALL
        .iter()
        .copied()
        .filter(|s| policy::may_grant(user, *s))
        .collect()
}

/// Creates a token for `user`; the token itself is returned this once.
pub async fn create(
    ctx: &AppContext,
    user: &CurrentUser,
    new: &NewToken<'_>,
) -> AppResult<(String, ApiToken)> {
    check(user, new)?;
    let token = format!("{API_TOKEN_PREFIX}{}", secret_token::generate());
    let now = kernel::clock::now();
    let scopes: Vec<&str> = new.scopes.iter().map(|s| s.as_str()).collect();
    let txn = kernel::db::begin_write(&ctx.db).await?;
    let held = api_token::Entity::find()
        .filter(api_token::Column::UserId.eq(user.id))
        .count(&txn)
        .await?;
    if held >= MAX_TOKENS {
        return Err(too_many());
    }
    let inserted = api_token::ActiveModel {
        user_id: Set(user.id),
        name: Set(new.name.to_owned()),
        token_hash: Set(secret_token::hash(&token)),
        prefix: Set(token.chars().take(SHOWN).collect()),
        scopes: Set(scopes.join(" ")),
        created_at: Set(now),
        expires_at: Set(now + Duration::days(new.expires_in_days)),
        last_used_at: Set(None),
        ..Default::default()
    }
    .insert(&txn)
    .await
    .map_err(|e| {
        if kernel::db::is_unique_violation(&e) {
            AppError::field("name", NAME_TAKEN)
        } else {
            e.into()
        }
    })?;
    let entry = Entry::new(user.id, "api_token.create", "api_token", inserted.id)
        .about(Some(user.id))
        .change(
            (),
            json!({"name": inserted.name, "scopes": scopes, "expires_at": inserted.expires_at}),
        );
    audit::append(&txn, entry).await?;
    txn.commit().await?;
    Ok((token, view(inserted)))
}

/// A new token's scopes: at least one (the form's rule, checked with its other fields).
pub fn some_scope(scopes: &[TokenScope]) -> Result<(), ValidationError> {
    if scopes.is_empty() {
        return Err(ValidationError::new("scopes").with_message(Cow::Borrowed(NO_SCOPES)));
    }
    Ok(())
}

/// A new token's lifetime in days: 1 to [`MAX_DAYS`].
pub fn lifetime(days: i64) -> Result<(), ValidationError> {
    if !(1..=MAX_DAYS).contains(&days) {
        return Err(ValidationError::new("lifetime").with_message(Cow::Borrowed(LIFETIME)));
    }
    Ok(())
}

/// The 409 for a member who holds [`MAX_TOKENS`] already.
pub fn too_many() -> AppError {
    AppError::conflict(
        "too_many_tokens",
        format!(
            "You have {MAX_TOKENS} tokens. Revoke one you no longer use before you create another."
        ),
    )
}

/// What a new token asks for that its maker may not give it, the form's own rules with them
/// (a caller other than the form's handler is held to them too).
fn check(user: &CurrentUser, new: &NewToken<'_>) -> AppResult<()> {
    let field = |name: &str, error: Result<(), ValidationError>| {
        error.map_err(|e| AppError::field(name, e.message.unwrap_or_default()))
    };
    field("scopes", some_scope(new.scopes))?;
    field("expires_in_days", lifetime(new.expires_in_days))?;
    if !new.scopes.iter().all(|s| policy::may_grant(user, *s)) {
        return Err(AppError::field("scopes", STAFF_SCOPE));
    }
    Ok(())
}

/// Revokes the member's token `id` (deleting it: it can never be used again). Another
/// member's token is not found.
pub async fn revoke(ctx: &AppContext, user: &CurrentUser, id: i64) -> AppResult<()> {
    let txn = kernel::db::begin_write(&ctx.db).await?;
    let token = api_token::Entity::find_by_id(id)
        .filter(api_token::Column::UserId.eq(user.id))
        .one(&txn)
        .await?
        .ok_or_else(AppError::not_found)?;
    // Zero rows: a revocation racing this one got there first.
    let gone = api_token::Entity::delete_by_id(token.id).exec(&txn).await?;
    if gone.rows_affected == 0 {
        return Err(AppError::not_found());
    }
    let entry = Entry::new(user.id, "api_token.revoke", "api_token", token.id)
        .about(Some(user.id))
        .change(json!({"name": token.name, "scopes": token.scopes}), ());
    audit::append(&txn, entry).await?;
    txn.commit().await?;
    Ok(())
}

/// The user and scopes of a live token, noting when it was used (at most once a minute).
pub async fn resolve(
    db: &impl ConnectionTrait,
    token: &str,
) -> AppResult<Option<(user::Model, ApiTokenGrant)>> {
    let now = kernel::clock::now();
    let found = api_token::Entity::find()
        .filter(api_token::Column::TokenHash.eq(secret_token::hash(token)))
        .filter(api_token::Column::ExpiresAt.gt(now))
        .find_also_related(user::Entity)
        .one(db)
        .await?;
    let Some((token, Some(owner))) = found else {
        return Ok(None);
    };
    if token
        .last_used_at
        .is_none_or(|at| at < now - LAST_USED_EVERY)
    {
        api_token::Entity::update_many()
            .col_expr(api_token::Column::LastUsedAt, Expr::value(now))
            .filter(api_token::Column::Id.eq(token.id))
            .exec(db)
            .await?;
    }
    let grant = ApiTokenGrant {
        token_id: token.id,
        scopes: parse_scopes(&token.scopes),
    };
    Ok(Some((owner, grant)))
}

fn parse_scopes(stored: &str) -> Vec<TokenScope> {
    stored.split(' ').filter_map(TokenScope::parse).collect()
}

fn view(row: api_token::Model) -> ApiToken {
    ApiToken {
        id: row.id,
        scopes: parse_scopes(&row.scopes),
        name: row.name,
        prefix: row.prefix,
        created_at: row.created_at,
        expires_at: row.expires_at,
        last_used_at: row.last_used_at,
    }
}
