use actix_web::{get, web};
use kernel::{AppContext, AppResult, Data};
use serde::Serialize;
use utoipa::ToSchema;

use crate::enums::BannerPlacement;
use crate::service::banners;

/// A banner: a picture and where it links; both empty when none is set.
#[derive(Debug, Serialize, ToSchema)]
pub struct Banner {
    pub banner: Option<String>,
    pub banner_link: Option<String>,
}

/// Reads a placement's banner.
pub async fn read(ctx: &AppContext, placement: BannerPlacement) -> AppResult<Banner> {
    let found = banners::get(&ctx.db, placement).await?;
    Ok(Banner {
        banner: found
            .as_ref()
            .and_then(|b| b.image.as_deref())
            .map(|k| ctx.storage.url(k)),
        banner_link: found.and_then(|b| b.link),
    })
}

/// Dashboard banner
///
/// The dashboard's banner.
#[utoipa::path(
    operation_id = "getFeStyle",
    tag = "content",
    responses((status = 200, description = "The banner and its link.", body = Data<Banner>))
)]
#[get("/fe-style")]
pub async fn fe_style(ctx: web::Data<AppContext>) -> AppResult<web::Json<Data<Banner>>> {
    Ok(Data::new(read(&ctx, BannerPlacement::Dashboard).await?))
}

/// Certificates banner
///
/// The certificates page's banner.
#[utoipa::path(
    operation_id = "getCertificatesBanner",
    tag = "content",
    responses((status = 200, description = "The banner and its link.", body = Data<Banner>))
)]
#[get("/banners/certificates")]
pub async fn certificates(ctx: web::Data<AppContext>) -> AppResult<web::Json<Data<Banner>>> {
    Ok(Data::new(read(&ctx, BannerPlacement::Certificates).await?))
}
