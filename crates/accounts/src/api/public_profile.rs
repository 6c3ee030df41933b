use actix_web::{get, web};
use kernel::{AppContext, AppResult, Data};
use serde::Serialize;
use utoipa::ToSchema;

use super::pictures::{thumbnail_url_of, url_of};
use crate::entity::user;
use crate::service;
use kernel::storage::Storage;

/// What anyone may see of a member. A private profile shows only the name.
#[derive(Debug, Serialize, ToSchema)]
pub struct PublicProfile {
    pub id: i64,
    pub name: String,
    /// When true, every other field is empty: the page says "This account is private".
    pub is_private: bool,
    pub title: Option<String>,
    pub avatar: Option<String>,
    pub avatar_thumbnail: Option<String>,
    pub profile_background: Option<String>,
    pub affiliation: Option<String>,
    pub bio: Option<String>,
    pub location: Option<String>,
    pub website: Option<String>,
    pub social: Option<String>,
    /// The member's ORCID iD, verified by signing in with ORCID (shown even on a private
    /// profile: it is how researchers are told apart).
    pub orcid: Option<String>,
}

impl PublicProfile {
    fn from_entity(user: user::Model, orcid: Option<String>, storage: &dyn Storage) -> Self {
        let shown = !user.profile_is_private;
        let keep = |value: Option<String>| value.filter(|_| shown);
        Self {
            id: user.id,
            name: user.name,
            is_private: !shown,
            title: keep(user.title),
            avatar: keep(url_of(storage, user.avatar.as_deref())),
            avatar_thumbnail: keep(thumbnail_url_of(storage, user.avatar.as_deref())),
            profile_background: keep(url_of(storage, user.profile_background.as_deref())),
            affiliation: keep(user.affiliation),
            bio: keep(user.bio),
            location: keep(user.location),
            website: keep(user.website),
            social: keep(user.social),
            orcid,
        }
    }
}

/// Public profile
///
/// A member's public profile.
#[utoipa::path(
    operation_id = "getPublicProfile",
    tag = "auth",
    params(("id" = i64, Path, description = "The member's id")),
    responses(
        (status = 200, description = "The profile (details hidden when private).", body = Data<PublicProfile>),
        (status = 404, description = "No such active member.", body = kernel::ErrorBody),
    )
)]
#[get("/profile/{id}")]
pub async fn public_profile(
    ctx: web::Data<AppContext>,
    path: web::Path<i64>,
) -> AppResult<web::Json<Data<PublicProfile>>> {
    let found = service::me::find(&ctx.db, path.into_inner()).await?;
    if !found.is_active {
        return Err(kernel::AppError::not_found());
    }
    let orcid = service::orcid::id_of(&ctx.db, found.id).await?;
    Ok(Data::new(PublicProfile::from_entity(
        found,
        orcid,
        ctx.storage.as_ref(),
    )))
}
