use sea_orm::entity::prelude::*;

use crate::enums::BannerPlacement;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "banners")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub placement: BannerPlacement,
    /// Storage key of the picture.
    pub image: Option<String>,
    pub link: Option<String>,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
