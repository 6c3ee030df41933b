use actix_web::{post, web};
use kernel::storage::Storage;
use kernel::upload::{SingleFile, SingleFileUpload};
use kernel::{AppContext, AppResult, CurrentUser, Data};
use serde::Serialize;
use utoipa::ToSchema;

use crate::service::pictures::{self, Picture};

/// Where the stored picture can be fetched.
#[derive(Debug, Serialize, ToSchema)]
pub struct PictureResponse {
    pub url: String,
    pub thumbnail_url: String,
}

/// The address of a stored picture, or of its thumbnail.
pub(crate) fn url_of(storage: &dyn Storage, key: Option<&str>) -> Option<String> {
    key.map(|k| storage.url(k))
}

pub(crate) fn thumbnail_url_of(storage: &dyn Storage, key: Option<&str>) -> Option<String> {
    key.map(|k| storage.url(&media::images::thumbnail_key(k)))
}

async fn upload(
    ctx: &AppContext,
    user: CurrentUser,
    picture: Picture,
    form: SingleFile,
) -> AppResult<web::Json<Data<PictureResponse>>> {
    let key = pictures::replace(ctx, user.id, picture, form.bytes).await?;
    Ok(Data::new(PictureResponse {
        url: ctx.storage.url(&key),
        thumbnail_url: ctx.storage.url(&media::images::thumbnail_key(&key)),
    }))
}

/// Set the avatar
///
/// Replaces the avatar: a JPEG or PNG (checked by content, at most 8 MB), re-encoded without
/// metadata, at most 1200 px wide, with a thumbnail.
#[utoipa::path(
    operation_id = "setAvatar",
    tag = "auth",
    security(("bearer" = [])),
    request_body(content = SingleFileUpload, content_type = "multipart/form-data"),
    responses(
        (status = 200, description = "The new avatar.", body = Data<PictureResponse>),
        (status = 400, description = "Not a JPEG or PNG image, too large, or no file.", body = kernel::ErrorBody),
    )
)]
#[post("/me/set-avatar")]
pub async fn set_avatar(
    ctx: web::Data<AppContext>,
    user: CurrentUser,
    form: SingleFile,
) -> AppResult<web::Json<Data<PictureResponse>>> {
    upload(&ctx, user, Picture::Avatar, form).await
}

/// Set the profile background
///
/// Replaces the profile background, under the same rules as the avatar.
#[utoipa::path(
    operation_id = "setBackground",
    tag = "auth",
    security(("bearer" = [])),
    request_body(content = SingleFileUpload, content_type = "multipart/form-data"),
    responses(
        (status = 200, description = "The new background.", body = Data<PictureResponse>),
        (status = 400, description = "Not a JPEG or PNG image, too large, or no file.", body = kernel::ErrorBody),
    )
)]
#[post("/me/set-background")]
pub async fn set_background(
    ctx: web::Data<AppContext>,
    user: CurrentUser,
    form: SingleFile,
) -> AppResult<web::Json<Data<PictureResponse>>> {
    upload(&ctx, user, Picture::Background, form).await
}
