use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "certificates")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    /// Unguessable; the public verification page finds the certificate by it.
    pub code: String,
    pub user_id: i64,
    pub quiz_id: i64,
    pub holder_name: String,
    pub quiz_name: String,
    pub percent: i32,
    pub issued_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
