//! Areas of interest.

use kernel::AppResult;
use sea_orm::{ConnectionTrait, EntityTrait, QueryOrder};

use crate::entity::tag;

pub(crate) async fn all(db: &impl ConnectionTrait) -> AppResult<Vec<tag::Model>> {
    Ok(tag::Entity::find()
        .order_by_asc(tag::Column::Title)
        .all(db)
        .await?)
}
