use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "project_reviews")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub project_id: i64,
    pub user_id: i64,
    /// Ratings from 1 to 5, one column per criterion so one statement averages them all.
    pub scientific_merit: i16,
    pub feasibility: i16,
    pub relevance_to_patients: i16,
    pub clarity: i16,
    pub team: i16,
    /// Plain text; may be empty.
    pub comment: String,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
