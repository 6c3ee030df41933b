use actix_web::{get, web};
use chrono::{DateTime, Utc};
use kernel::{AppContext, AppResult, CurrentUser, Data};
use serde::Serialize;
use utoipa::ToSchema;

use crate::entity::{oauth_association, user};
use crate::service;

/// A single sign-on provider linked to the account.
#[derive(Debug, Serialize, ToSchema)]
pub struct OAuthAssociation {
    pub id: i64,
    /// `google` or `facebook`.
    pub provider: String,
}

/// The signed-in user's account.
#[derive(Debug, Serialize, ToSchema)]
pub struct Me {
    pub id: i64,
    pub email: String,
    pub name: String,
    /// False for accounts that only sign in through SSO.
    pub is_password_set: bool,
    pub email_confirmed: bool,
    pub phone_number: Option<String>,
    pub phone_confirmed: bool,
    /// `admin` or `moderator` for platform staff.
    pub staff_role: Option<String>,
    pub date_joined: DateTime<Utc>,
    pub unread_notification_count: u64,
    pub oauth_associations: Vec<OAuthAssociation>,
}

impl Me {
    fn from_entity(user: user::Model, links: Vec<oauth_association::Model>) -> Self {
        Self {
            id: user.id,
            is_password_set: user.password_hash.is_some(),
            email: user.email,
            name: user.name,
            email_confirmed: user.email_confirmed,
            phone_number: user.phone_number,
            phone_confirmed: user.phone_confirmed,
            staff_role: user.staff_role,
            date_joined: user.date_joined,
            unread_notification_count: 0,
            oauth_associations: links
                .into_iter()
                .map(|l| OAuthAssociation {
                    id: l.id,
                    provider: l.provider,
                })
                .collect(),
        }
    }
}

/// The signed-in user.
#[utoipa::path(
    operation_id = "getMe",
    tag = "auth",
    responses(
        (status = 200, description = "The signed-in user.", body = Data<Me>),
        (status = 401, description = "Not signed in, or the account is inactive.", body = kernel::ErrorBody),
    )
)]
#[get("/me")]
pub async fn me(ctx: web::Data<AppContext>, user: CurrentUser) -> AppResult<web::Json<Data<Me>>> {
    let found = service::me::find(&ctx.db, user.id).await?;
    let links = service::oauth::links(&ctx.db, user.id).await?;
    Ok(Data::new(Me::from_entity(found, links)))
}
