use actix_web::{HttpResponse, delete, get, post, put, web};
use kernel::{AppContext, AppResult, CurrentUser, Data, Page, PageParams};

use super::MessageResponse;
use super::dto::Comment;
use super::dto::deleted;
use super::form::{PostForm, PostUpload};
use crate::Targets;
use crate::read;
use crate::service::{posts, replies};

/// List a topic's replies
///
/// A page of a topic's replies, oldest first.
#[utoipa::path(
    operation_id = "listComments",
    tag = "discussions",
    security((), ("bearer" = [])),
    params(("id" = i64, Path, description = "The topic's id"), PageParams),
    responses(
        (status = 200, description = "A page of replies (10 by default).", body = Page<Comment>),
        (status = 404, description = "No such topic, or private to members.", body = kernel::ErrorBody),
    )
)]
#[get("/discussion/{id}/comments")]
pub async fn list(
    ctx: web::Data<AppContext>,
    targets: web::Data<Targets>,
    viewer: Option<CurrentUser>,
    path: web::Path<i64>,
    params: web::Query<PageParams>,
) -> AppResult<web::Json<Page<Comment>>> {
    let page =
        read::replies_page(&ctx, &targets, viewer.as_ref(), path.into_inner(), &params).await?;
    Ok(web::Json(page))
}

/// Reply in a topic
///
/// Replies in a topic (multipart: text, up to 10 files, parent to answer and quote).
#[utoipa::path(
    operation_id = "createComment",
    tag = "discussions",
    security(("bearer" = [])),
    params(("id" = i64, Path, description = "The topic's id")),
    request_body(content = PostUpload, content_type = "multipart/form-data"),
    responses(
        (status = 201, description = "The new reply.", body = Data<Comment>),
        (status = 400, description = "No text, a parent from another topic, or a file that is not allowed.", body = kernel::ErrorBody),
        (status = 401, description = "Not signed in.", body = kernel::ErrorBody),
        (status = 403, description = "May not post here.", body = kernel::ErrorBody),
        (status = 404, description = "No such topic.", body = kernel::ErrorBody),
    )
)]
#[post("/discussion/{id}/comments")]
pub async fn create(
    ctx: web::Data<AppContext>,
    targets: web::Data<Targets>,
    user: CurrentUser,
    path: web::Path<i64>,
    form: PostForm,
) -> AppResult<HttpResponse> {
    let (place, reply, mentions) =
        replies::create(&ctx, &targets, &user, path.into_inner(), form.into()).await?;
    let mut shown = read::reply(&ctx, &user, &place, reply).await?;
    shown.unreached_mentions = mentions.unreached;
    Ok(HttpResponse::Created().json(Data { data: shown }))
}

/// Edit a reply
///
/// The author edits a reply (multipart: text, more files). Shows "Edited on".
#[utoipa::path(
    operation_id = "updateComment",
    tag = "discussions",
    security(("bearer" = [])),
    params(("id" = i64, Path, description = "The topic's id"), ("comment_id" = i64, Path, description = "The reply's id")),
    request_body(content = PostUpload, content_type = "multipart/form-data"),
    responses(
        (status = 200, description = "The edited reply.", body = Data<Comment>),
        (status = 400, description = "No text, or a file that is not allowed.", body = kernel::ErrorBody),
        (status = 403, description = "Not the author, or deleted.", body = kernel::ErrorBody),
        (status = 404, description = "No such reply in this topic.", body = kernel::ErrorBody),
    )
)]
#[put("/discussion/{id}/comments/{comment_id}")]
pub async fn update(
    ctx: web::Data<AppContext>,
    targets: web::Data<Targets>,
    user: CurrentUser,
    path: web::Path<(i64, i64)>,
    form: PostForm,
) -> AppResult<web::Json<Data<Comment>>> {
    let (topic_id, id) = path.into_inner();
    let (place, reply, mentions) =
        replies::update(&ctx, &targets, &user, topic_id, id, form.into()).await?;
    let mut shown = read::reply(&ctx, &user, &place, reply).await?;
    shown.unreached_mentions = mentions.unreached;
    Ok(Data::new(shown))
}

/// Delete a reply
///
/// The author, or the target's moderators, delete a reply; it shows "Deleted on". The reply stays
/// in the thread as a marker, so answers to it keep their place.
#[utoipa::path(
    operation_id = "deleteComment",
    tag = "discussions",
    security(("bearer" = [])),
    params(("id" = i64, Path, description = "The topic's id"), ("comment_id" = i64, Path, description = "The reply's id")),
    responses(
        (status = 200, description = "Deleted.", body = Data<MessageResponse>, example = json!({"data": {"message": crate::service::posts::DELETED}})),
        (status = 403, description = "Neither the author nor a moderator.", body = kernel::ErrorBody),
        (status = 404, description = "No such reply in this topic.", body = kernel::ErrorBody),
    )
)]
#[delete("/discussion/{id}/comments/{comment_id}")]
pub async fn remove(
    ctx: web::Data<AppContext>,
    targets: web::Data<Targets>,
    user: CurrentUser,
    path: web::Path<(i64, i64)>,
) -> AppResult<web::Json<Data<MessageResponse>>> {
    let (topic_id, id) = path.into_inner();
    replies::delete(&ctx, &targets, &user, topic_id, id).await?;
    Ok(deleted())
}

/// Remove an attached file
///
/// The author removes one file from a topic or reply of this discussion. The file is deleted from
/// storage with its record.
#[utoipa::path(
    operation_id = "deleteCommentImage",
    tag = "discussions",
    security(("bearer" = [])),
    params(("discussion_id" = i64, Path, description = "The topic's id"), ("id" = i64, Path, description = "The file's id")),
    responses(
        (status = 200, description = "Removed.", body = Data<MessageResponse>, example = json!({"data": {"message": crate::service::posts::DELETED}})),
        (status = 403, description = "Not the author.", body = kernel::ErrorBody),
        (status = 404, description = "No such file in this discussion.", body = kernel::ErrorBody),
    )
)]
#[delete("/discussion/{discussion_id}/comments/image/{id}")]
pub async fn remove_image(
    ctx: web::Data<AppContext>,
    targets: web::Data<Targets>,
    user: CurrentUser,
    path: web::Path<(i64, i64)>,
) -> AppResult<web::Json<Data<MessageResponse>>> {
    let (topic_id, id) = path.into_inner();
    posts::remove_attachment(&ctx, &targets, &user, topic_id, id).await?;
    Ok(deleted())
}
