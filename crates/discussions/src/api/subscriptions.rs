use actix_web::{get, put, web};
use kernel::extract::ValidJson;
use kernel::{AppContext, AppResult, CurrentUser, Data, PageParams};
use serde::Deserialize;
use utoipa::ToSchema;
use validator::Validate;

use super::dto::{Subscription, SubscriptionPage, SubscriptionState};
use crate::Targets;
use crate::enums::{Level, SubjectType};
use crate::service::subscriptions::{self, Followed};

/// Longest topic excerpt in the Following list.
const EXCERPT: usize = 160;

/// How to hear of a subject from now on.
#[derive(Debug, Deserialize, Validate, ToSchema)]
pub struct SubscriptionRequest {
    pub level: Level,
}

/// Set how you hear of a discussion
///
/// Follows (every new topic and reply), mutes (nothing, even what a notification setting
/// would send) or returns to normal (members hear of new topics, authors of replies to
/// them) a topic, or a working group's, blog post's or project's whole discussion. What is
/// set on a topic outranks what is set on its place.
#[utoipa::path(
    operation_id = "setSubscription",
    tag = "discussions",
    security(("bearer" = [])),
    params(
        ("subject_type" = inline(SubjectType), Path, description = "topic, group, project or blog_post"),
        ("id" = i64, Path, description = "The topic's or the place's id"),
    ),
    request_body = SubscriptionRequest,
    responses(
        (status = 200, description = "How the caller hears of it now.", body = Data<SubscriptionState>),
        (status = 400, description = "An unknown level.", body = kernel::ErrorBody),
        (status = 401, description = "Not signed in.", body = kernel::ErrorBody),
        (status = 404, description = "No such topic or place, or hidden from the caller.", body = kernel::ErrorBody),
    )
)]
#[put("/subscriptions/{subject_type}/{id}")]
pub async fn set(
    ctx: web::Data<AppContext>,
    targets: web::Data<Targets>,
    user: CurrentUser,
    path: web::Path<(SubjectType, i64)>,
    body: ValidJson<SubscriptionRequest>,
) -> AppResult<web::Json<Data<SubscriptionState>>> {
    let (subject_type, subject_id) = path.into_inner();
    let level = body.into_inner().level;
    subscriptions::choose(&ctx, &targets, &user, subject_type, subject_id, level).await?;
    Ok(Data::new(SubscriptionState {
        subject_type,
        subject_id,
        level,
    }))
}

/// List what you follow
///
/// The caller's Following list, newest first: the topics and discussions they follow or
/// mute, each with its place and, for a topic they may still read, its first words.
#[utoipa::path(
    operation_id = "listSubscriptions",
    tag = "discussions",
    security(("bearer" = [])),
    params(PageParams),
    responses(
        (status = 200, description = "A page of subscriptions (20 by default).", body = SubscriptionPage),
        (status = 401, description = "Not signed in.", body = kernel::ErrorBody),
    )
)]
#[get("/subscriptions")]
pub async fn list(
    ctx: web::Data<AppContext>,
    targets: web::Data<Targets>,
    user: CurrentUser,
    params: web::Query<PageParams>,
) -> AppResult<web::Json<SubscriptionPage>> {
    let page = subscriptions::following(&ctx, &targets, &user, &params).await?;
    let page = page.map(view);
    Ok(web::Json(SubscriptionPage {
        data: page.data,
        pagination: page.pagination,
    }))
}

fn view(followed: Followed) -> Subscription {
    let Followed { row, place, text } = followed;
    let is_topic = row.subject_type == SubjectType::Topic;
    Subscription {
        subject_type: row.subject_type,
        subject_id: row.subject_id,
        level: row.level,
        route: place.as_ref().map(|p| {
            if is_topic {
                format!("{}#discussion", p.route)
            } else {
                p.route.clone()
            }
        }),
        place_title: place.map(|p| p.title),
        excerpt: text
            .map(|t| kernel::rich_text::excerpt(&kernel::rich_text::plain_text(&t), EXCERPT)),
        created_at: row.created_at,
    }
}
