use sea_orm::entity::prelude::*;

/// A provider account linked to a user.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "oauth_associations")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub user_id: i64,
    /// `google`, `facebook` or `orcid`.
    pub provider: String,
    /// The provider's stable id for the person.
    pub subject: String,
    pub email: Option<String>,
    pub created_at: DateTimeUtc,
    /// What the provider's record says (ORCID), for the person to import into their profile.
    pub record_name: Option<String>,
    pub record_affiliation: Option<String>,
    pub record_title: Option<String>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
