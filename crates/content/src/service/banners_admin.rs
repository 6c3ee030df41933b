//! The staff console's banners: a picture and where it leads, per placement.

use audit::Decision;
use kernel::{AppContext, AppError, AppResult, Staff};

use super::{authoring, banners};
use crate::entity::banner;
use crate::enums::BannerPlacement;
use kernel::links::is_web_address;

fn snapshot(found: Option<&banner::Model>) -> serde_json::Value {
    serde_json::json!({
        "image": found.and_then(|b| b.image.clone()),
        "link": found.and_then(|b| b.link.clone()),
    })
}

/// Sets where the banner leads; `remove_image` takes its picture down.
pub async fn update(
    ctx: &AppContext,
    staff: &Staff,
    placement: BannerPlacement,
    link: Option<String>,
    remove_image: bool,
) -> AppResult<banner::Model> {
    if link.as_deref().is_some_and(|l| !is_web_address(l)) {
        return Err(AppError::field(
            "banner_link",
            kernel::links::NOT_A_WEB_ADDRESS,
        ));
    }
    let decision = Decision::by(
        &ctx.db,
        staff,
        "banner.update",
        "banner",
        placement.as_str(),
    )
    .await?;
    let current = banners::get(decision.db(), placement).await?;
    let image = current.as_ref().and_then(|b| b.image.clone());
    let kept = if remove_image { None } else { image.clone() };
    let saved = banners::set(decision.db(), placement, kept, link).await?;
    decision
        .commit_replacing(
            snapshot(current.as_ref()),
            snapshot(Some(&saved)),
            ctx.storage.as_ref(),
            image.filter(|_| remove_image),
        )
        .await?;
    Ok(saved)
}

/// Sets the banner's picture.
pub async fn set_image(
    ctx: &AppContext,
    staff: &Staff,
    placement: BannerPlacement,
    upload: Vec<u8>,
) -> AppResult<banner::Model> {
    let key =
        media::images::accept(ctx.storage.as_ref(), "banners", upload, authoring::PICTURE).await?;
    let decision = Decision::by(
        &ctx.db,
        staff,
        "banner.set_image",
        "banner",
        placement.as_str(),
    )
    .await?;
    let current = banners::get(decision.db(), placement).await?;
    let old = current.as_ref().and_then(|b| b.image.clone());
    let link = current.as_ref().and_then(|b| b.link.clone());
    let saved = banners::set(decision.db(), placement, Some(key), link).await?;
    decision
        .commit_replacing(
            snapshot(current.as_ref()),
            snapshot(Some(&saved)),
            ctx.storage.as_ref(),
            old,
        )
        .await?;
    Ok(saved)
}
