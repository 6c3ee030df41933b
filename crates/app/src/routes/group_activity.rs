//! `GET /api/groups/{slug}/activity`: a working group's activity over the last 90 days for
//! its owner and moderators. It spans crates (the groups crate decides who may see it and
//! counts members and readers of the updates; the discussions crate counts the posts), so
//! it is put together here.

use actix_web::{get, web};
use discussions::enums::TopicType;
use kernel::stats::{CHART_DAYS, Period};
use kernel::{AppContext, AppResult, CurrentUser, Data};
use serde::Serialize;
use utoipa::ToSchema;

/// A group's activity, one value per UTC day in each series, the first for
/// `period.first_day`.
#[derive(Debug, Serialize, ToSchema)]
pub struct GroupActivity {
    pub period: Period,
    /// Members who joined.
    pub members_joined: Vec<i64>,
    /// Discussion topics started in the group.
    pub topics: Vec<i64>,
    /// Replies written in the group's discussions.
    pub replies: Vec<i64>,
    /// Different members who opened the group's updates.
    pub update_readers: Vec<i64>,
}

/// Group activity
///
/// The group's members, posts and readers of its updates per day; for its owner and moderators.
/// Daily counts over the last 90 days, each series one grouped statement.
#[utoipa::path(
    operation_id = "groupActivity",
    tag = "groups",
    security(("bearer" = [])),
    params(("slug" = String, Path, description = "The group's slug")),
    responses(
        (status = 200, description = "The series.", body = Data<GroupActivity>),
        (status = 403, description = "Not the owner or a moderator.", body = kernel::ErrorBody),
        (status = 404, description = "No such group.", body = kernel::ErrorBody),
    )
)]
#[get("/groups/{slug}/activity")]
pub async fn activity(
    ctx: web::Data<AppContext>,
    user: CurrentUser,
    slug: web::Path<String>,
) -> AppResult<web::Json<Data<GroupActivity>>> {
    let db = &ctx.db;
    let group_id = groups::service::activity::curated(db, &user, &slug).await?;
    let period = Period::last(CHART_DAYS);
    let (topics, replies) =
        discussions::trends::daily_in(db, TopicType::Groups, group_id, period).await?;
    Ok(Data::new(GroupActivity {
        period,
        members_joined: groups::service::activity::joined_per_day(db, group_id, period).await?,
        topics,
        replies,
        update_readers: groups::service::activity::update_viewers_per_day(db, group_id, period)
            .await?,
    }))
}
