//! Banners (spec 1 §3 Banner): a picture and where it links, per placement.

use kernel::AppResult;
use sea_orm::{ActiveModelTrait, ConnectionTrait, EntityTrait, Set};

use crate::entity::banner;
use crate::enums::BannerPlacement;

/// The banner of a placement, if one is set.
pub async fn get(
    db: &impl ConnectionTrait,
    placement: BannerPlacement,
) -> AppResult<Option<banner::Model>> {
    Ok(banner::Entity::find_by_id(placement).one(db).await?)
}

/// Sets a placement's picture (a storage key) and link.
pub async fn set(
    db: &impl ConnectionTrait,
    placement: BannerPlacement,
    image: Option<String>,
    link: Option<String>,
) -> AppResult<banner::Model> {
    let row = banner::ActiveModel {
        placement: Set(placement),
        image: Set(image),
        link: Set(link),
        updated_at: Set(kernel::clock::now()),
    };
    let saved = match get(db, placement).await? {
        Some(_) => row.update(db).await?,
        None => row.insert(db).await?,
    };
    Ok(saved)
}
