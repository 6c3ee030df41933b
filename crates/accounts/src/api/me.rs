use actix_web::{get, web};
use chrono::{DateTime, Utc};
use kernel::{AppContext, AppResult, Data, SignedIn, StaffRole};
use serde::Serialize;
use utoipa::ToSchema;

use super::login::Device;
use super::pictures::{thumbnail_url_of, url_of};
use crate::entity::{oauth_association, totp_device, user};
use crate::enums::{
    AffiliationProgress, AffiliationStatus, AgeGroup, CareerStage, FindAboutBy, Gender, LookingFor,
    ProfileTag, Pronouns, Race,
};
use crate::service;
use kernel::storage::Storage;

/// A single sign-on provider linked to the account.
#[derive(Debug, Serialize, ToSchema)]
pub struct OAuthAssociation {
    pub id: i64,
    /// `google`, `facebook` or `orcid`.
    pub provider: String,
    /// The verified ORCID iD of an ORCID link (other providers' ids are not shown).
    pub orcid: Option<String>,
}

/// How complete the profile is (nine items).
#[derive(Debug, Serialize, ToSchema)]
pub struct ProfileCompletion {
    pub completed: usize,
    pub total: usize,
    /// The items still missing, e.g. `avatar`, `social_or_website`.
    pub missing: Vec<String>,
}

/// The signed-in user's account: every User field.
#[derive(Debug, Serialize, ToSchema)]
pub struct Me {
    pub id: i64,
    pub email: String,
    pub name: String,
    /// False for accounts that only sign in through SSO.
    pub is_password_set: bool,
    /// True while the account must choose a new password before anything else (the demo
    /// admin, whose first password was printed on the console).
    pub password_change_required: bool,
    pub phone_number: Option<String>,
    pub phone_confirmed: bool,
    pub email_confirmed: bool,
    pub oauth_associations: Vec<OAuthAssociation>,
    /// Confirmed authenticator apps; two-factor is on when there is one.
    pub devices: Vec<Device>,
    pub is_project_creator: bool,
    pub affiliation: Option<String>,
    pub affiliation_status: AffiliationStatus,
    /// What the affiliation waits for, as `accounts::policy` reads it.
    pub affiliation_progress: AffiliationProgress,
    pub university_affiliate_email: Option<String>,
    pub university_email_confirmed: bool,
    pub university_profile_page_url: Option<String>,
    pub title: Option<String>,
    pub location: Option<String>,
    pub website: Option<String>,
    pub social: Option<String>,
    pub bio: Option<String>,
    pub address: Option<String>,
    /// Address of the avatar (at most 1200 px wide).
    pub avatar: Option<String>,
    /// Address of the avatar's small square thumbnail, for headers and lists.
    pub avatar_thumbnail: Option<String>,
    pub profile_background: Option<String>,
    pub profile_is_private: bool,
    /// The member's time zone (an IANA name); none means UTC.
    pub time_zone: Option<String>,
    /// Tag ids from `GET /api/tags`.
    pub area_of_interest: Vec<i64>,
    pub tags: Vec<ProfileTag>,
    pub looking_for: Vec<LookingFor>,
    pub race: Vec<Race>,
    pub gender: Gender,
    pub age_group: AgeGroup,
    pub ethnicity: String,
    pub career_stage: CareerStage,
    pub pronouns: Option<Pronouns>,
    pub find_about_by: Option<FindAboutBy>,
    pub find_about_by_other_info: Option<String>,
    pub role: String,
    /// Set for platform staff.
    pub staff_role: Option<StaffRole>,
    /// Appointed to give funded projects their final approval (the console offers it).
    pub content_expert: bool,
    /// The staff console offers "New account" (admins), as `accounts::policy` decides.
    pub can_create_accounts: bool,
    pub date_joined: DateTime<Utc>,
    pub unread_notification_count: u64,
    /// Direct messages from others the member has not read.
    pub unread_message_count: u64,
    pub profile_completion: ProfileCompletion,
}

impl Me {
    fn from_entity(
        user: user::Model,
        links: Vec<oauth_association::Model>,
        devices: Vec<totp_device::Model>,
        storage: &dyn Storage,
    ) -> Self {
        let missing = service::completion::missing(&user);
        let total = service::completion::ITEMS.len();
        let staff_role = user.staff_role;
        Self {
            id: user.id,
            is_password_set: user.password_hash.is_some(),
            password_change_required: user.password_change_required,
            phone_number: user.phone_number,
            phone_confirmed: user.phone_confirmed,
            email_confirmed: user.email_confirmed,
            oauth_associations: links
                .into_iter()
                .map(|l| OAuthAssociation {
                    orcid: (l.provider == service::orcid::PROVIDER).then_some(l.subject),
                    id: l.id,
                    provider: l.provider,
                })
                .collect(),
            devices: devices.into_iter().map(Device::from).collect(),
            is_project_creator: user.is_project_creator,
            affiliation: user.affiliation,
            affiliation_status: user.affiliation_status,
            affiliation_progress: crate::policy::affiliation_progress(
                user.affiliation_status,
                user.university_affiliate_email
                    .as_deref()
                    .is_some_and(|email| !email.is_empty()),
                user.university_email_confirmed,
            ),
            university_affiliate_email: user.university_affiliate_email,
            university_email_confirmed: user.university_email_confirmed,
            university_profile_page_url: user.university_profile_page_url,
            title: user.title,
            location: user.location,
            website: user.website,
            social: user.social,
            bio: user.bio,
            address: user.address,
            avatar: url_of(storage, user.avatar.as_deref()),
            avatar_thumbnail: thumbnail_url_of(storage, user.avatar.as_deref()),
            profile_background: url_of(storage, user.profile_background.as_deref()),
            time_zone: user.time_zone,
            profile_is_private: user.profile_is_private,
            area_of_interest: user.area_of_interest.0,
            tags: user.tags.0,
            looking_for: user.looking_for.0,
            race: user.race.0,
            gender: user.gender,
            age_group: user.age_group,
            ethnicity: user.ethnicity,
            career_stage: user.career_stage,
            pronouns: user.pronouns,
            find_about_by: user.find_about_by,
            find_about_by_other_info: user.find_about_by_other_info,
            role: user.role,
            staff_role,
            content_expert: user.content_expert && staff_role.is_some(),
            can_create_accounts: staff_role
                .is_some_and(|role| crate::policy::may_create_account(role).is_ok()),
            date_joined: user.date_joined,
            // Filled in by the handler from the feed's count.
            unread_notification_count: 0,
            unread_message_count: 0,
            profile_completion: ProfileCompletion {
                completed: total - missing.len(),
                total,
                missing: missing.into_iter().map(str::to_owned).collect(),
            },
            email: user.email,
            name: user.name,
        }
    }
}

/// Current user
///
/// The signed-in user. The profile, settings, completion and abilities the front end needs after
/// sign-in.
#[utoipa::path(
    operation_id = "getMe",
    tag = "auth",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The signed-in user.", body = Data<Me>),
        (status = 401, description = "Not signed in, or the account is inactive.", body = kernel::ErrorBody),
    )
)]
#[get("/me")]
pub async fn me(
    ctx: web::Data<AppContext>,
    SignedIn(user): SignedIn,
) -> AppResult<web::Json<Data<Me>>> {
    let found = service::me::find(&ctx.db, user.id).await?;
    let links = service::oauth::links(&ctx.db, user.id).await?;
    let devices = service::totp::confirmed_devices(&ctx.db, user.id).await?;
    let unread = ctx.notices.unread(user.id).await?;
    let mut me = Me::from_entity(found, links, devices, ctx.storage.as_ref());
    me.unread_notification_count = u64::try_from(unread).unwrap_or(0);
    me.unread_message_count =
        u64::try_from(ctx.unread_messages.unread(user.id).await?).unwrap_or(0);
    Ok(Data::new(me))
}
