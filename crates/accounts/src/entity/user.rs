use crate::enums::{LookingFor, ProfileTag, Race};
use kernel::json_list::JsonList;
use sea_orm::entity::prelude::*;

use crate::enums::{AffiliationStatus, AgeGroup, CareerStage, FindAboutBy, Gender, Pronouns};
use kernel::StaffRole;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "users")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    /// Stored lower-cased, so lookups need not fold case.
    #[sea_orm(unique)]
    pub email: String,
    pub name: String,
    /// argon2id PHC string; `None` for accounts that only sign in through SSO.
    pub password_hash: Option<String>,
    pub is_active: bool,
    pub email_confirmed: bool,
    /// `admin` or `moderator` for platform staff.
    pub staff_role: Option<StaffRole>,
    /// Appointed by an admin: gives funded projects their final approval.
    pub content_expert: bool,
    pub date_joined: DateTimeUtc,
    pub role: String,
    pub phone_number: Option<String>,
    pub phone_confirmed: bool,
    pub is_project_creator: bool,
    pub affiliation: Option<String>,
    pub affiliation_status: AffiliationStatus,
    pub university_affiliate_email: Option<String>,
    pub university_email_confirmed: bool,
    pub university_profile_page_url: Option<String>,
    pub title: Option<String>,
    pub location: Option<String>,
    pub website: Option<String>,
    pub social: Option<String>,
    pub bio: Option<String>,
    pub address: Option<String>,
    pub avatar: Option<String>,
    pub profile_background: Option<String>,
    pub profile_is_private: bool,
    /// An IANA time zone name; UTC when unset.
    pub time_zone: Option<String>,
    /// JSON list of tag ids.
    pub area_of_interest: JsonList<i64>,
    /// JSON list of profile tags.
    pub tags: JsonList<ProfileTag>,
    /// JSON list of `LookingFor` values.
    pub looking_for: JsonList<LookingFor>,
    /// JSON list of strings.
    pub race: JsonList<Race>,
    pub gender: Gender,
    pub age_group: AgeGroup,
    pub ethnicity: String,
    pub career_stage: CareerStage,
    pub pronouns: Option<Pronouns>,
    pub find_about_by: Option<FindAboutBy>,
    pub find_about_by_other_info: Option<String>,
    /// Consecutive failed sign-ins since the last success or lock.
    pub failure_count: i32,
    pub locked_until: Option<DateTimeUtc>,
    /// Set while staff have deactivated the account.
    pub deactivated_at: Option<DateTimeUtc>,
    /// Set when staff turned the affiliation down; cleared when the member changes it.
    pub affiliation_rejected_at: Option<DateTimeUtc>,
    /// Set while the account must choose a new password before doing anything else.
    pub password_change_required: bool,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
