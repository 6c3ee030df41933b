//! Google, Facebook and ORCID sign-in: authorization code with state and PKCE (oauth2
//! crate), then sign in, link by verified e-mail, or create the account. ORCID gives no
//! e-mail address: it signs in an account it is already connected to, or connects to the
//! signed-in one.

use chrono::Duration;
use kernel::config::OAuthProvider;
use kernel::{AppContext, AppError, AppResult};
use oauth2::basic::BasicClient;
use oauth2::{
    AuthUrl, AuthorizationCode, ClientId, ClientSecret, CsrfToken, PkceCodeChallenge,
    PkceCodeVerifier, RedirectUrl, Scope, TokenResponse, TokenUrl,
};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, PaginatorTrait, QueryFilter, Set,
};
use serde::Deserialize;

use super::providers::Provider;
use super::tokens::{self, Purpose};
use super::{emails, me, orcid, registration, session};
use crate::entity::{oauth_association, oauth_state, user};
use crate::policy;
use kernel::secret_token;

pub const NOT_AVAILABLE: &str = "This sign-in method is not available.";
pub const FAILED: &str = "Sign-in with this provider failed. Please try again.";
pub const SSO_UPDATED: &str = "SSO settings has been successfully updated";
pub const LAST_METHOD: &str = "Set a password before disconnecting your only sign-in method.";
const STATE_MINUTES: i64 = 10;

fn unavailable() -> AppError {
    AppError::client(
        actix_web::http::StatusCode::NOT_FOUND,
        "not_available",
        NOT_AVAILABLE,
    )
}

fn failed(reason: impl std::fmt::Display) -> AppError {
    tracing::warn!(%reason, "oauth sign-in failed");
    AppError::non_field(FAILED)
}

fn redirect_uri(ctx: &AppContext, provider: Provider) -> String {
    format!(
        "{}/oauth/{}/callback",
        ctx.config.public_url,
        provider.as_str()
    )
}

type Client = oauth2::Client<
    oauth2::basic::BasicErrorResponse,
    oauth2::basic::BasicTokenResponse,
    oauth2::basic::BasicTokenIntrospectionResponse,
    oauth2::StandardRevocableToken,
    oauth2::basic::BasicRevocationErrorResponse,
    oauth2::EndpointSet,
    oauth2::EndpointNotSet,
    oauth2::EndpointNotSet,
    oauth2::EndpointNotSet,
    oauth2::EndpointSet,
>;

fn client(ctx: &AppContext, provider: Provider) -> AppResult<(Client, &OAuthProvider)> {
    let settings = provider.settings(ctx).ok_or_else(unavailable)?;
    let bad = |e: oauth2::url::ParseError| AppError::Internal(anyhow::anyhow!("oauth url: {e}"));
    let client = BasicClient::new(ClientId::new(settings.client_id.clone()))
        .set_client_secret(ClientSecret::new(settings.client_secret.clone()))
        .set_auth_uri(AuthUrl::new(settings.auth_url.clone()).map_err(bad)?)
        .set_token_uri(TokenUrl::new(settings.token_url.clone()).map_err(bad)?)
        .set_redirect_uri(RedirectUrl::new(redirect_uri(ctx, provider)).map_err(bad)?);
    Ok((client, settings))
}

/// Starts an authorisation: the URL to send the browser to.
pub async fn start(
    ctx: &AppContext,
    provider: Provider,
    redirect_to: Option<String>,
    linking_user: Option<i64>,
) -> AppResult<String> {
    let (client, _) = client(ctx, provider)?;
    let (challenge, verifier) = PkceCodeChallenge::new_random_sha256();
    let mut request = client
        .authorize_url(CsrfToken::new_random)
        .set_pkce_challenge(challenge);
    for scope in provider.scopes() {
        request = request.add_scope(Scope::new((*scope).to_owned()));
    }
    let (url, state) = request.url();
    let now = kernel::clock::now();
    oauth_state::Entity::delete_many()
        .filter(oauth_state::Column::ExpiresAt.lt(now))
        .exec(&ctx.db)
        .await?;
    oauth_state::ActiveModel {
        state_hash: Set(secret_token::hash(state.secret())),
        provider: Set(provider.as_str().to_owned()),
        pkce_verifier: Set(verifier.secret().clone()),
        redirect_to: Set(redirect_to.filter(|r| registration::is_safe_redirect(r))),
        user_id: Set(linking_user),
        expires_at: Set(now + Duration::minutes(STATE_MINUTES)),
    }
    .insert(&ctx.db)
    .await?;
    Ok(url.to_string())
}

/// The person, as the provider describes them.
#[derive(Debug, Deserialize)]
struct Profile {
    /// Google's id.
    sub: Option<String>,
    /// Facebook's id.
    id: Option<String>,
    email: Option<String>,
    /// Google says whether the address is verified; Facebook only returns confirmed ones.
    email_verified: Option<bool>,
    name: Option<String>,
    /// ORCID's names, when `name` is not given.
    given_name: Option<String>,
    family_name: Option<String>,
}

impl Profile {
    /// The person's full name, as the provider gives it.
    fn full_name(&self) -> Option<String> {
        let joined = [self.given_name.as_deref(), self.family_name.as_deref()]
            .into_iter()
            .flatten()
            .map(str::trim)
            .filter(|n| !n.is_empty())
            .collect::<Vec<_>>()
            .join(" ");
        self.name
            .clone()
            .filter(|n| !n.trim().is_empty())
            .or((!joined.is_empty()).then_some(joined))
    }
}

pub struct SignedIn {
    pub access: String,
    pub redirect_to: Option<String>,
}

async fn profile(
    settings: &OAuthProvider,
    access_token: &str,
    http: &reqwest::Client,
) -> AppResult<Profile> {
    let response = http
        .get(&settings.userinfo_url)
        .bearer_auth(access_token)
        .send()
        .await
        .map_err(|e| failed(e.without_url()))?;
    if !response.status().is_success() {
        return Err(failed(format!("userinfo status {}", response.status())));
    }
    response.json().await.map_err(|e| failed(e.without_url()))
}

/// Completes an authorisation from the provider's `code` and `state`.
pub async fn finish(
    ctx: &AppContext,
    provider: Provider,
    code: &str,
    state: &str,
    user_agent: Option<&str>,
) -> AppResult<SignedIn> {
    let (client, settings) = client(ctx, provider)?;
    // The state is single-use: delete it as it is read.
    let pending = oauth_state::Entity::find_by_id(secret_token::hash(state))
        .one(&ctx.db)
        .await?
        .filter(|p| p.provider == provider.as_str() && p.expires_at > kernel::clock::now())
        .ok_or_else(|| failed("unknown, expired or reused state"))?;
    oauth_state::Entity::delete_by_id(pending.state_hash.clone())
        .exec(&ctx.db)
        .await?;

    // No redirects: the token endpoint must answer itself (oauth2's SSRF advice).
    let http = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .map_err(|e| AppError::Internal(e.into()))?;
    let token = client
        .exchange_code(AuthorizationCode::new(code.to_owned()))
        .set_pkce_verifier(PkceCodeVerifier::new(pending.pkce_verifier.clone()))
        .request_async(&http)
        .await
        .map_err(failed)?;
    let person = profile(settings, token.access_token().secret(), &http).await?;
    let subject = person
        .sub
        .clone()
        .or(person.id.clone())
        .ok_or_else(|| failed("no subject"))?;
    let verified = match provider {
        Provider::Google => person.email_verified.unwrap_or(false),
        Provider::Facebook => person.email.is_some(),
        Provider::Orcid => false,
    };
    if provider == Provider::Orcid && !orcid::is_valid_id(&subject) {
        return Err(failed("not an ORCID iD"));
    }
    if provider == Provider::Orcid
        && pending.user_id.is_none()
        && !is_linked(&ctx.db, provider, &subject).await?
    {
        return Err(AppError::non_field(orcid::NOT_LINKED));
    }
    let record = match provider {
        Provider::Orcid => {
            let (affiliation, title) =
                orcid::employment(&http, settings, &subject, token.access_token().secret()).await;
            Some(orcid::Record {
                name: person.full_name(),
                affiliation,
                title,
            })
        }
        Provider::Google | Provider::Facebook => None,
    };

    let txn = kernel::db::begin_write(&ctx.db).await?;
    let (user_id, created) =
        resolve_user(&txn, provider, &subject, &person, verified, pending.user_id).await?;
    if let Some(record) = record {
        orcid::remember(&txn, &subject, record).await?;
    }
    let account = me::find(&txn, user_id).await?;
    if !account.is_active {
        return Err(AppError::unauthorized(
            "user_inactive",
            session::USER_INACTIVE,
        ));
    }
    let access = session::issue(&txn, user_id, user_agent).await?;
    // An account made from single sign-on has no password: a link lets its owner choose
    // one, to sign in with their e-mail address too.
    let set_password = if created {
        Some(tokens::issue(&txn, user_id, Purpose::SetPassword, None).await?)
    } else {
        None
    };
    txn.commit().await?;
    if let Some(token) = set_password {
        let mail = emails::set_password(
            &ctx.config.public_url,
            &account.email,
            &account.name,
            &token,
        );
        registration::deliver(ctx, mail).await;
    }
    Ok(SignedIn {
        access,
        redirect_to: pending.redirect_to,
    })
}

/// Whether an account is connected to the provider's person already.
async fn is_linked(
    db: &impl ConnectionTrait,
    provider: Provider,
    subject: &str,
) -> AppResult<bool> {
    Ok(oauth_association::Entity::find()
        .filter(oauth_association::Column::Provider.eq(provider.as_str()))
        .filter(oauth_association::Column::Subject.eq(subject))
        .count(db)
        .await?
        > 0)
}

/// The linked account, else the one connecting, else the one with the verified
/// e-mail, else a new one.
async fn resolve_user(
    db: &impl ConnectionTrait,
    provider: Provider,
    subject: &str,
    person: &Profile,
    verified: bool,
    linking_user: Option<i64>,
) -> AppResult<(i64, bool)> {
    let linked = oauth_association::Entity::find()
        .filter(oauth_association::Column::Provider.eq(provider.as_str()))
        .filter(oauth_association::Column::Subject.eq(subject))
        .one(db)
        .await?;
    if let Some(link) = linked {
        return Ok((link.user_id, false));
    }
    let email = person.email.as_deref().map(|e| e.trim().to_lowercase());
    let by_email = match (&email, verified) {
        (Some(email), true) => me::id_by_email(db, email).await?,
        _ => None,
    };
    let (user_id, created) = match linking_user.or(by_email) {
        Some(id) => (id, false),
        None => {
            let email = email
                .filter(|_| verified)
                .ok_or_else(|| failed("no verified e-mail from the provider"))?;
            let name = person.full_name().unwrap_or_default();
            (create_user(db, &email, &name).await?, true)
        }
    };
    oauth_association::ActiveModel {
        user_id: Set(user_id),
        provider: Set(provider.as_str().to_owned()),
        subject: Set(subject.to_owned()),
        email: Set(person.email.clone()),
        created_at: Set(kernel::clock::now()),
        ..Default::default()
    }
    .insert(db)
    .await?;
    Ok((user_id, created))
}

async fn create_user(db: &impl ConnectionTrait, email: &str, name: &str) -> AppResult<i64> {
    let name = if name.trim().is_empty() {
        email.split('@').next().unwrap_or(email)
    } else {
        name.trim()
    };
    let created = user::ActiveModel {
        email: Set(email.to_owned()),
        name: Set(name.to_owned()),
        password_hash: Set(None),
        is_active: Set(true),
        email_confirmed: Set(true),
        date_joined: Set(kernel::clock::now()),
        ..Default::default()
    }
    .insert(db)
    .await?;
    Ok(created.id)
}

/// The user's provider links, for `/me`.
pub async fn links(
    db: &impl ConnectionTrait,
    user_id: i64,
) -> AppResult<Vec<oauth_association::Model>> {
    Ok(oauth_association::Entity::find()
        .filter(oauth_association::Column::UserId.eq(user_id))
        .all(db)
        .await?)
}

/// Removes a provider link and signs the user out everywhere (disconnecting
/// clears the session).
pub async fn disconnect(ctx: &AppContext, user_id: i64, association_id: i64) -> AppResult<()> {
    let link = oauth_association::Entity::find_by_id(association_id)
        .one(&ctx.db)
        .await?
        .filter(|l| policy::may_disconnect(user_id, l.user_id))
        .ok_or_else(AppError::not_found)?;
    let account = me::find(&ctx.db, user_id).await?;
    let others = oauth_association::Entity::find()
        .filter(oauth_association::Column::UserId.eq(user_id))
        .filter(oauth_association::Column::Id.ne(link.id))
        .count(&ctx.db)
        .await?;
    if !policy::may_remove_sign_in_method(
        account.password_hash.is_some(),
        usize::try_from(others).unwrap_or(usize::MAX),
    ) {
        return Err(AppError::field("details", LAST_METHOD));
    }
    let txn = kernel::db::begin_write(&ctx.db).await?;
    oauth_association::Entity::delete_by_id(link.id)
        .exec(&txn)
        .await?;
    session::revoke_all(&txn, user_id, None).await?;
    txn.commit().await?;
    Ok(())
}
