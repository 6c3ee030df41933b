//! `/staff/banners`: the dashboard's and the certificates page's banners.

use actix_web::{get, post, put, web};
use kernel::extract::ValidJson;
use kernel::input::{Given, Text, URL_MAX};
use kernel::upload::{SingleFile, SingleFileUpload};
use kernel::{AppContext, AppResult, Data, Staff};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use validator::Validate;

use super::banners::{Banner, read};
use crate::enums::BannerPlacement;
use crate::service::banners_admin;

/// A banner with where it shows.
#[derive(Debug, Serialize, ToSchema)]
pub struct StaffBanner {
    pub placement: BannerPlacement,
    #[serde(flatten)]
    pub banner: Banner,
}

/// Where a banner leads; its picture is uploaded apart.
#[derive(Debug, Deserialize, Validate, ToSchema)]
pub struct BannerRequest {
    #[serde(default, deserialize_with = "kernel::input::optional")]
    #[validate(nested)]
    #[schema(schema_with = kernel::input::optional_schema::<Text<URL_MAX>>)]
    pub banner_link: Option<Given<Text<URL_MAX>>>,
    /// Takes the picture down.
    #[serde(default)]
    pub remove_image: bool,
}

async fn staff_banner(ctx: &AppContext, placement: BannerPlacement) -> AppResult<StaffBanner> {
    Ok(StaffBanner {
        placement,
        banner: read(ctx, placement).await?,
    })
}

/// List banners
///
/// Every placement's banner.
#[utoipa::path(
    operation_id = "staffListBanners",
    tag = "content-staff",
    security(("bearer" = ["staff"])),
    responses(
        (status = 200, description = "The banners.", body = Data<Vec<StaffBanner>>),
        (status = 404, description = "Not staff.", body = kernel::ErrorBody),
    )
)]
#[get("/staff/banners")]
pub async fn list(
    ctx: web::Data<AppContext>,
    _staff: Staff,
) -> AppResult<web::Json<Data<Vec<StaffBanner>>>> {
    let mut all = Vec::new();
    for placement in BannerPlacement::ALL {
        all.push(staff_banner(&ctx, *placement).await?);
    }
    Ok(Data::new(all))
}

/// Update a banner
///
/// Sets where a banner leads, or takes its picture down.
#[utoipa::path(
    operation_id = "staffUpdateBanner",
    tag = "content-staff",
    security(("bearer" = ["staff"])),
    params(("placement" = inline(BannerPlacement), Path, description = "Where the banner shows")),
    request_body = BannerRequest,
    responses(
        (status = 200, description = "Saved.", body = Data<StaffBanner>),
        (status = 400, description = "Invalid link.", body = kernel::ErrorBody),
        (status = 404, description = "Not staff.", body = kernel::ErrorBody),
    )
)]
#[put("/staff/banners/{placement}")]
pub async fn update(
    ctx: web::Data<AppContext>,
    staff: Staff,
    path: web::Path<BannerPlacement>,
    body: ValidJson<BannerRequest>,
) -> AppResult<web::Json<Data<StaffBanner>>> {
    let placement = path.into_inner();
    let BannerRequest {
        banner_link,
        remove_image,
    } = body.into_inner();
    let banner_link = kernel::input::given_text(banner_link)?;
    banners_admin::update(&ctx, &staff, placement, banner_link, remove_image).await?;
    Ok(Data::new(staff_banner(&ctx, placement).await?))
}

/// Set a banner's picture
///
/// Uploads a banner's picture.
#[utoipa::path(
    operation_id = "staffSetBannerImage",
    tag = "content-staff",
    security(("bearer" = ["staff"])),
    params(("placement" = inline(BannerPlacement), Path, description = "Where the banner shows")),
    request_body(content = SingleFileUpload, content_type = "multipart/form-data"),
    responses(
        (status = 200, description = "Saved.", body = Data<StaffBanner>),
        (status = 400, description = "Not a usable picture.", body = kernel::ErrorBody),
        (status = 404, description = "Not staff.", body = kernel::ErrorBody),
    )
)]
#[post("/staff/banners/{placement}/set-image")]
pub async fn set_image(
    ctx: web::Data<AppContext>,
    staff: Staff,
    path: web::Path<BannerPlacement>,
    form: SingleFile,
) -> AppResult<web::Json<Data<StaffBanner>>> {
    let placement = path.into_inner();
    banners_admin::set_image(&ctx, &staff, placement, form.bytes).await?;
    Ok(Data::new(staff_banner(&ctx, placement).await?))
}
