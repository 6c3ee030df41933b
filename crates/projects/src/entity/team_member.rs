use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "project_team_members")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub project_id: i64,
    /// The order the owner listed them in.
    pub position: i32,
    pub name: String,
    pub email: Option<String>,
    pub role: String,
    /// The member with that e-mail, when one has an account.
    pub user_id: Option<i64>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

impl From<Model> for crate::content::TeamRow {
    fn from(m: Model) -> Self {
        Self {
            name: m.name,
            email: m.email,
            role: m.role,
            user_id: m.user_id,
        }
    }
}
