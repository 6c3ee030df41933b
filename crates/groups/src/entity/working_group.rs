use sea_orm::entity::prelude::*;

use crate::enums::{ActiveStatus, ApprovedStatus, YesNo};

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "working_groups")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub slug: String,
    pub title: String,
    /// Storage key of the image.
    pub image: Option<String>,
    pub embedded_link: Option<String>,
    pub summary: String,
    pub additional_info: Option<String>,
    pub created_by_id: i64,
    // Goals and industry-partner roles are links: `working_group_goal`, `working_group_role`.
    pub other_goals_of_wg: Option<String>,
    pub industry_partner_likely: Option<YesNo>,
    pub other_role_of_industry_partner: Option<String>,
    pub member_obligations: String,
    pub members_count: i32,
    pub comments_count: i32,
    /// The live posts of public topics: what visitors and non-members may read.
    pub public_comments_count: i32,
    pub active_status: ActiveStatus,
    pub approved_status: ApprovedStatus,
    /// JSON of the public content proposed while an approved group awaits re-approval.
    pub pending_changes: Option<String>,
    /// When the wizard was completed; staff review only submitted groups.
    pub submitted_at: Option<DateTimeUtc>,
    /// The data-use agreement's current version; `None` while the group has none.
    pub agreement_version: Option<i32>,
    /// Until when members who hold an older version still read private content.
    pub agreement_grace_until: Option<DateTimeUtc>,
    /// The owner made the patient-data check blocking: flagged text is not published.
    pub phi_blocking: bool,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
