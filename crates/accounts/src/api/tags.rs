use actix_web::{get, web};
use kernel::{AppContext, AppResult, Data};
use serde::Serialize;
use utoipa::ToSchema;

use crate::entity::tag;
use crate::service;

/// An area of interest.
#[derive(Debug, Serialize, ToSchema)]
pub struct Tag {
    pub id: i64,
    pub title: String,
}

impl Tag {
    fn from_entity(tag: tag::Model) -> Self {
        Self {
            id: tag.id,
            title: tag.title,
        }
    }
}

/// Areas of interest
///
/// Every area of interest, alphabetically.
#[utoipa::path(
    operation_id = "listTags",
    tag = "auth",
    responses((status = 200, description = "All tags.", body = Data<Vec<Tag>>))
)]
#[get("/tags")]
pub async fn list(ctx: web::Data<AppContext>) -> AppResult<web::Json<Data<Vec<Tag>>>> {
    let tags = service::tags::all(&ctx.db).await?;
    Ok(Data::new(tags.into_iter().map(Tag::from_entity).collect()))
}
