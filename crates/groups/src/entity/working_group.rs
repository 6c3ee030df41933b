use sea_orm::entity::prelude::*;

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
    /// JSON list of goal ids.
    pub goals_of_working_group: String,
    pub other_goals_of_wg: Option<String>,
    pub industry_partner_likely: Option<String>,
    /// JSON list of role ids.
    pub role_of_industry_partner: String,
    pub other_role_of_industry_partner: Option<String>,
    pub member_obligations: String,
    pub members_count: i32,
    pub comments_count: i32,
    /// The live posts of public topics: what visitors and non-members may read.
    pub public_comments_count: i32,
    pub active_status: String,
    pub approved_status: String,
    /// JSON of the public content proposed while an approved group awaits re-approval.
    pub pending_changes: Option<String>,
    /// When the wizard was completed; staff review only submitted groups.
    pub submitted_at: Option<DateTimeUtc>,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
