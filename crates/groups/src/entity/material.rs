use sea_orm::entity::prelude::*;

use crate::enums::{MaterialKind, MaterialType};

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "supplementary_materials")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub group_id: i64,
    /// `document` or `link`.
    pub kind: MaterialKind,
    pub label: Option<String>,
    pub url: Option<String>,
    pub file_key: Option<String>,
    pub file_name: Option<String>,
    /// `image`, `gif` or `pdf`.
    pub file_type: Option<MaterialType>,
    pub created_by_id: i64,
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
