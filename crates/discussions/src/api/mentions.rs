//! `/{topic_type}/{id}/mentionable`: the composer's @mention suggestions (issue 49 §4).

use actix_web::{get, web};
use kernel::{AppContext, AppResult, CurrentUser, Data};
use serde::Deserialize;
use utoipa::IntoParams;

use super::dto::Author;
use crate::Targets;
use crate::enums::TopicType;
use crate::service::mentions;
use crate::service::place::Place;

#[derive(Debug, Deserialize, IntoParams)]
pub struct MentionQuery {
    /// What follows the `@`: part of a name (case ignored; only its first 50 characters
    /// are used). Empty lists the first members by name.
    pub q: Option<String>,
}

/// Suggest members to mention
///
/// Whom an @mention in this discussion may name, for the composer's suggestions: up to 8 of the
/// place's people (a working group's members, a project's owner and team) and those who posted in
/// its discussion, whose name contains `q`, by name; the caller left out. For those who may post
/// here.
#[utoipa::path(
    operation_id = "listMentionable",
    tag = "discussions",
    security(("bearer" = [])),
    params(
        ("topic_type" = inline(TopicType), Path, description = "groups, projects or blog/api"),
        ("id" = i64, Path, description = "The target's id"),
        MentionQuery,
    ),
    responses(
        (status = 200, description = "Up to 8 members, by name.", body = Data<Vec<Author>>),
        (status = 401, description = "Not signed in.", body = kernel::ErrorBody),
        (status = 403, description = "The caller may not post here.", body = kernel::ErrorBody),
        (status = 404, description = "No such target, or hidden from the caller.", body = kernel::ErrorBody),
    )
)]
#[get("/{topic_type:groups|projects|blog/api}/{id}/mentionable")]
pub async fn list(
    ctx: web::Data<AppContext>,
    targets: web::Data<Targets>,
    user: CurrentUser,
    path: web::Path<(TopicType, i64)>,
    query: web::Query<MentionQuery>,
) -> AppResult<web::Json<Data<Vec<Author>>>> {
    let (topic_type, id) = path.into_inner();
    let place = Place::of(&targets, topic_type, id, Some(&user)).await?;
    place.require_write()?;
    let text = query.into_inner().q.unwrap_or_default();
    Ok(Data::new(
        mentions::suggestions(&ctx, &place, user.id, &text).await?,
    ))
}
