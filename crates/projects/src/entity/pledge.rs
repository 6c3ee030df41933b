use sea_orm::entity::prelude::*;

use crate::enums::PledgeStatus;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "project_pledges")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub project_id: i64,
    pub backer_id: i64,
    /// Cents of CAD.
    pub amount_cents: i64,
    pub status: PledgeStatus,
    /// The backer's customer and saved card at the processor (its brand and last four
    /// digits are all Cohort knows of the card).
    pub customer_id: Option<String>,
    pub method_id: Option<String>,
    pub card_brand: Option<String>,
    pub card_last4: Option<String>,
    /// An optional word to the project (no reward is attached).
    pub message: Option<String>,
    /// Left off the public profile's backed projects.
    pub anonymous: bool,
    /// Which charge attempt is next (or was last): the idempotency key is derived from the
    /// pledge and this, so a retry after a crash charges once, a retry with a new card
    /// charges anew.
    pub charge_attempt: i32,
    /// The processor's id of the charge that collected it.
    pub charge_id: Option<String>,
    /// Why the last charge failed, as the processor named it.
    pub failure_code: Option<String>,
    /// Until when a failed pledge's card may be updated.
    pub grace_until: Option<DateTimeUtc>,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {
    #[sea_orm(
        belongs_to = "super::project::Entity",
        from = "Column::ProjectId",
        to = "super::project::Column::Id"
    )]
    Project,
}

impl Related<super::project::Entity> for Entity {
    fn to() -> RelationDef {
        Relation::Project.def()
    }
}

impl ActiveModelBehavior for ActiveModel {}
