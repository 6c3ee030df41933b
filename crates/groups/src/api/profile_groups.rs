use actix_web::{get, web};
use kernel::{AppContext, AppResult, Data};
use serde::Serialize;
use utoipa::ToSchema;

use crate::service::browse;

/// A group as a profile lists it.
#[derive(Debug, Serialize, ToSchema)]
pub struct GroupLink {
    pub id: i64,
    pub slug: String,
    pub title: String,
}

/// A member's groups
///
/// The public working groups a member created; none for a private profile.
#[utoipa::path(
    operation_id = "listProfileGroups",
    tag = "groups",
    params(("id" = i64, Path, description = "The member's id")),
    responses((status = 200, description = "The member's groups.", body = Data<Vec<GroupLink>>))
)]
#[get("/profile/{id}/groups")]
pub async fn created(
    ctx: web::Data<AppContext>,
    path: web::Path<i64>,
) -> AppResult<web::Json<Data<Vec<GroupLink>>>> {
    let groups = browse::created_by(&ctx, path.into_inner()).await?;
    Ok(Data::new(
        groups
            .into_iter()
            .map(|g| GroupLink {
                id: g.id,
                slug: g.slug,
                title: g.title,
            })
            .collect(),
    ))
}
