use actix_web::{HttpResponse, delete, get, post, put, web};
use kernel::{AppContext, AppResult, CurrentUser, Data, Page, PageParams};

use super::MessageResponse;
use super::dto::deleted;
use super::dto::{Permissions, SubscriptionState, Topic, TopicPage};
use super::form::{PostForm, PostUpload};
use crate::Targets;
use crate::enums::{Level, SubjectType, TopicType};
use crate::read;
use crate::service::place::Place;
use crate::service::{subscriptions, topics};

/// List discussions
///
/// The topics of a working group, project or blog post the viewer may read, newest first, each with
/// its first replies; and what the viewer may do there.
#[utoipa::path(
    operation_id = "listDiscussions",
    tag = "discussions",
    security((), ("bearer" = [])),
    params(
        ("topic_type" = inline(TopicType), Path, description = "groups, projects or blog/api"),
        ("id" = i64, Path, description = "The target's id"),
        PageParams,
    ),
    responses(
        (status = 200, description = "A page of topics (10 by default).", body = TopicPage),
        (status = 404, description = "No such target, or hidden from the viewer.", body = kernel::ErrorBody),
    )
)]
#[get("/{topic_type:groups|projects|blog/api}/{id}/discussions")]
pub async fn list(
    ctx: web::Data<AppContext>,
    targets: web::Data<Targets>,
    viewer: Option<CurrentUser>,
    path: web::Path<(TopicType, i64)>,
    params: web::Query<PageParams>,
) -> AppResult<web::Json<TopicPage>> {
    let (topic_type, id) = path.into_inner();
    let place = Place::of(&targets, topic_type, id, viewer.as_ref()).await?;
    let Page { data, pagination } =
        read::topics_page(&ctx, viewer.as_ref(), &place, &params).await?;
    let subject_type = SubjectType::of_place(topic_type);
    let level = match &viewer {
        Some(user) => subscriptions::level(&ctx.db, user.id, subject_type, id).await?,
        None => Level::Normal,
    };
    Ok(web::Json(TopicPage {
        data,
        pagination,
        permissions: Permissions {
            can_create_discussion: viewer.is_some() && place.access.write,
            can_set_private: viewer.is_some() && place.access.set_private,
            can_moderate: viewer.is_some() && place.access.moderate,
            phi_blocking: place.access.phi_blocking,
        },
        subscription: SubscriptionState {
            subject_type,
            subject_id: id,
            level,
        },
        live_room: crate::live::room(topic_type, id),
    }))
}

/// Start a topic
///
/// Starts a topic (members of the target; blog posts that allow discussion). Multipart with files,
/// or the same fields as JSON (`PostJson`) without.
#[utoipa::path(
    operation_id = "createDiscussion",
    tag = "discussions",
    security(("bearer" = [])),
    params(
        ("topic_type" = inline(TopicType), Path, description = "groups, projects or blog/api"),
        ("id" = i64, Path, description = "The target's id"),
    ),
    request_body(content = PostUpload, content_type = "multipart/form-data"),
    responses(
        (status = 201, description = "The new topic.", body = Data<Topic>),
        (status = 400, description = "No text, or a file that is not allowed.", body = kernel::ErrorBody),
        (status = 401, description = "Not signed in.", body = kernel::ErrorBody),
        (status = 403, description = "May not post here, or not make it private.", body = kernel::ErrorBody),
        (status = 404, description = "No such target.", body = kernel::ErrorBody),
    )
)]
#[post("/{topic_type:groups|projects|blog/api}/{id}/discussions")]
pub async fn create(
    ctx: web::Data<AppContext>,
    targets: web::Data<Targets>,
    user: CurrentUser,
    path: web::Path<(TopicType, i64)>,
    form: PostForm,
) -> AppResult<HttpResponse> {
    let (topic_type, id) = path.into_inner();
    let (place, topic, mentions) =
        topics::create(&ctx, &targets, &user, topic_type, id, form.into()).await?;
    let mut shown = read::topic(&ctx, &user, &place, topic).await?;
    shown.unreached_mentions = mentions.unreached;
    Ok(HttpResponse::Created().json(Data { data: shown }))
}

/// Edit a topic
///
/// The author edits a topic (text, privacy; multipart may add files, JSON as `PostJson`). Shows
/// "Edited on".
#[utoipa::path(
    operation_id = "updateDiscussion",
    tag = "discussions",
    security(("bearer" = [])),
    params(
        ("topic_type" = inline(TopicType), Path, description = "groups, projects or blog/api"),
        ("id" = i64, Path, description = "The target's id"),
        ("comment_id" = i64, Path, description = "The topic's id"),
    ),
    request_body(content = PostUpload, content_type = "multipart/form-data"),
    responses(
        (status = 200, description = "The edited topic.", body = Data<Topic>),
        (status = 400, description = "No text, or a file that is not allowed.", body = kernel::ErrorBody),
        (status = 403, description = "Not the author, or deleted.", body = kernel::ErrorBody),
        (status = 404, description = "No such topic here.", body = kernel::ErrorBody),
    )
)]
#[put("/{topic_type:groups|projects|blog/api}/{id}/discussions/{comment_id}")]
pub async fn update(
    ctx: web::Data<AppContext>,
    targets: web::Data<Targets>,
    user: CurrentUser,
    path: web::Path<(TopicType, i64, i64)>,
    form: PostForm,
) -> AppResult<web::Json<Data<Topic>>> {
    let (topic_type, id, topic_id) = path.into_inner();
    let (place, topic, mentions) =
        topics::update(&ctx, &targets, &user, topic_type, id, topic_id, form.into()).await?;
    let mut shown = read::topic(&ctx, &user, &place, topic).await?;
    shown.unreached_mentions = mentions.unreached;
    Ok(Data::new(shown))
}

/// Delete a topic
///
/// The author, or the target's moderators, delete a topic; it shows "Deleted on".
#[utoipa::path(
    operation_id = "deleteDiscussion",
    tag = "discussions",
    security(("bearer" = [])),
    params(
        ("topic_type" = inline(TopicType), Path, description = "groups, projects or blog/api"),
        ("id" = i64, Path, description = "The target's id"),
        ("comment_id" = i64, Path, description = "The topic's id"),
    ),
    responses(
        (status = 200, description = "Deleted.", body = Data<MessageResponse>, example = json!({"data": {"message": crate::service::posts::DELETED}})),
        (status = 403, description = "Neither the author nor a moderator.", body = kernel::ErrorBody),
        (status = 404, description = "No such topic here.", body = kernel::ErrorBody),
    )
)]
#[delete("/{topic_type:groups|projects|blog/api}/{id}/discussions/{comment_id}")]
pub async fn remove(
    ctx: web::Data<AppContext>,
    targets: web::Data<Targets>,
    user: CurrentUser,
    path: web::Path<(TopicType, i64, i64)>,
) -> AppResult<web::Json<Data<MessageResponse>>> {
    let (topic_type, id, topic_id) = path.into_inner();
    topics::delete(&ctx, &targets, &user, topic_type, id, topic_id).await?;
    Ok(deleted())
}
