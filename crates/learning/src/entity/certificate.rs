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
    /// When it was issued, or last renewed.
    pub issued_at: DateTimeUtc,
    /// When it stops being valid (a quiz with a validity period).
    pub expires_at: Option<DateTimeUtc>,
    /// The CPD time it records, as the quiz set it when issued.
    pub cpd_minutes: Option<i32>,
    /// When its holder was reminded to renew it (once per validity period).
    pub reminded_at: Option<DateTimeUtc>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
