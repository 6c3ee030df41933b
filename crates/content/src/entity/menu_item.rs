use sea_orm::entity::prelude::*;

use crate::enums::MenuName;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "menu_items")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    /// `main` or `lgp`.
    pub menu: MenuName,
    pub parent_id: Option<i64>,
    pub position: i32,
    pub title: String,
    /// Storage key of an icon or picture.
    pub image: Option<String>,
    pub link_url: Option<String>,
    pub page_slug: Option<String>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
