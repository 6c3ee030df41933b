//! Files only some may see (discussion attachments, group materials): never under
//! `/media`, only at `/files/{key}` against a signed, unexpired link that the API hands to
//! viewers who passed the policy of the post or group the file belongs to.

use actix_web::{HttpRequest, HttpResponse, web};
use kernel::{AppContext, AppError};
use serde::Deserialize;

use crate::site::media::{is_private, stream};

#[derive(Deserialize)]
pub struct Signed {
    expires: Option<i64>,
    signature: Option<String>,
}

/// Serves the file at `key` when the link's signature holds; a 404 otherwise, so a
/// guessed or expired address says nothing of what exists.
pub async fn serve(
    ctx: web::Data<AppContext>,
    key: web::Path<String>,
    query: web::Query<Signed>,
    req: HttpRequest,
) -> actix_web::Result<HttpResponse> {
    let key = key.into_inner();
    let valid = match (query.expires, query.signature.as_deref()) {
        (Some(expires), Some(signature)) => {
            is_private(&key) && ctx.file_links.verify(&key, expires, signature)
        }
        _ => false,
    };
    if !valid {
        return Err(AppError::not_found().into());
    }
    stream(&ctx, &key, &req, "private, max-age=600").await
}
