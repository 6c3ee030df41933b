//! Who is making the request. The kernel knows only the shape of a signed-in user and
//! a port to resolve bearer tokens; `accounts` implements the port and `app` wires it.

use std::sync::Arc;

use actix_web::HttpRequest;
use actix_web::http::header::AUTHORIZATION;
use async_trait::async_trait;

use crate::error::{AppError, AppResult};

mod extract;
pub use extract::resolve;

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

crate::string_enum! {
    /// What a personal API token may do: read or write one area of the platform. A write
    /// scope includes reading the same area; the staff scopes are granted to staff only.
    TokenScope {
        AccountRead = "account:read",
        AccountWrite = "account:write",
        GroupsRead = "groups:read",
        GroupsWrite = "groups:write",
        DiscussionsRead = "discussions:read",
        DiscussionsWrite = "discussions:write",
        ProjectsRead = "projects:read",
        ProjectsWrite = "projects:write",
        ContentRead = "content:read",
        ContentWrite = "content:write",
        LearningRead = "learning:read",
        LearningWrite = "learning:write",
        FeedRead = "feed:read",
        FeedWrite = "feed:write",
        ModerationRead = "moderation:read",
        ModerationWrite = "moderation:write",
        ReferencesRead = "references:read",
        ReferencesWrite = "references:write",
        StaffRead = "staff:read",
        StaffWrite = "staff:write",
    }
}

impl TokenScope {
    /// The area, the text before the colon (`groups`).
    pub fn area(self) -> &'static str {
        self.as_str().split(':').next().unwrap_or_default()
    }

    pub fn is_write(self) -> bool {
        self.as_str().ends_with(":write")
    }

    /// The scope reading or writing `area` (`None` for an area no scope names).
    pub fn of(area: &str, write: bool) -> Option<Self> {
        Self::ALL
            .iter()
            .copied()
            .find(|scope| scope.area() == area && scope.is_write() == write)
    }

    /// Whether a token holding `self` may do what needs `needed`: the same scope, or the
    /// write scope of the area `needed` reads.
    pub fn covers(self, needed: TokenScope) -> bool {
        self == needed || (self.is_write() && self.area() == needed.area())
    }
}

/// What every personal API token starts with, so a leaked one is recognised (by secret
/// scanners too) and never mistaken for a session's.
pub const API_TOKEN_PREFIX: &str = "cohort_pat_";

/// The scopes of the API token a request came with; in the request's extensions beside its
/// [`CurrentUser`], absent for a session.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ApiTokenGrant {
    pub token_id: i64,
    pub scopes: Vec<TokenScope>,
}

/// What an operation asks of an API token.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TokenUse {
    /// A token holding this scope (or the area's write scope).
    Scope(TokenScope),
    /// Any token: the operation reads nothing of the member's (search, the guardrail).
    Any,
    /// No token: a session only (signing out, the password, two-step, tokens themselves).
    SessionOnly,
}

/// Which [`TokenUse`] each route has, by method and route pattern (`/api/groups/{slug}`);
/// `app` builds it from the contract and installs it as `web::Data<TokenRoutes>`.
pub trait TokenRouteTable: Send + Sync {
    fn token_use(&self, method: &actix_web::http::Method, pattern: &str) -> TokenUse;
}

/// The installed table.
pub type TokenRoutes = Arc<dyn TokenRouteTable>;

/// Text of the 403 for an API token on an operation that needs a session.
pub const TOKEN_NOT_ALLOWED: &str = "An API token cannot do this: sign in on the site to do it.";

/// The 403 for an API token whose scopes do not cover the operation.
pub fn insufficient_scope(needed: TokenScope) -> AppError {
    AppError::client(
        actix_web::http::StatusCode::FORBIDDEN,
        "insufficient_scope",
        format!("This token does not have the {} scope.", needed.as_str()),
    )
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

    /// The user and scopes of a live personal API token (one starting with
    /// [`API_TOKEN_PREFIX`]); `Ok(None)` for an unknown or expired one.
    async fn resolve_api_token(
        &self,
        token: &str,
    ) -> AppResult<Option<(CurrentUser, ApiTokenGrant)>>;
}

/// The shared resolver, as stored in the `AppContext`.
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

/// Any signed-in user, including one who must still choose a new password: for the few
/// routes that lead there (reading one's account, changing the password, signing out).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SignedIn(pub CurrentUser);

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

#[cfg(test)]
mod tests {
    use super::TokenScope;

    #[test]
    fn a_write_scope_covers_reading_its_own_area_only() {
        assert!(TokenScope::GroupsWrite.covers(TokenScope::GroupsRead));
        assert!(TokenScope::GroupsWrite.covers(TokenScope::GroupsWrite));
        assert!(TokenScope::GroupsRead.covers(TokenScope::GroupsRead));
        assert!(!TokenScope::GroupsRead.covers(TokenScope::GroupsWrite));
        assert!(!TokenScope::GroupsWrite.covers(TokenScope::ProjectsRead));
        assert!(!TokenScope::StaffRead.covers(TokenScope::StaffWrite));
    }

    #[test]
    fn every_area_has_a_read_and_a_write_scope() {
        for scope in TokenScope::ALL {
            assert_eq!(TokenScope::of(scope.area(), scope.is_write()), Some(*scope));
            assert!(TokenScope::of(scope.area(), !scope.is_write()).is_some());
        }
        assert_eq!(TokenScope::of("payments", false), None);
    }
}
