use actix_web::{get, web};
use chrono::{DateTime, Utc};
use kernel::users::UserSummary;
use kernel::{AppContext, AppResult, CurrentUser, Page, PageParams};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::enums::{FeedEventType, FeedObjectType};
use crate::service::activity::{self, Filters, ItemContent, RelatedContent};

/// Who did it.
#[derive(Debug, Serialize, ToSchema)]
pub struct Actor {
    pub id: i64,
    pub name: String,
    pub avatar: Option<String>,
}

/// A feed item.
#[derive(Debug, Serialize, ToSchema)]
pub struct FeedItem {
    pub id: i64,
    pub event_type: FeedEventType,
    pub object_type: FeedObjectType,
    pub created_at: DateTime<Utc>,
    pub actor: Option<Actor>,
    pub content: ItemContent,
    pub related_content: RelatedContent,
}

#[derive(Debug, Deserialize, IntoParams)]
pub struct FeedQuery {
    /// Words to find in the item.
    pub search: Option<String>,
    #[param(inline)]
    pub event_type: Option<FeedEventType>,
    #[param(inline)]
    pub object_type: Option<FeedObjectType>,
    /// `-created_at` (newest first, the default) or `created_at`.
    pub ordering: Option<String>,
}

fn actor(user: &UserSummary) -> Actor {
    Actor {
        id: user.id,
        name: user.name.clone(),
        avatar: user.avatar_thumbnail.clone(),
    }
}

/// Activity feed
///
/// What happened on the platform that the caller may see: public activity, their groups' private
/// activity, and the blog. Newest first, a page at a time; each entry names its actor, what
/// happened and where it leads in the app.
#[utoipa::path(
    operation_id = "listFeed",
    tag = "feed",
    security(("bearer" = [])),
    params(FeedQuery, PageParams),
    responses(
        (status = 200, description = "A page of feed items (10 by default).", body = Page<FeedItem>),
        (status = 401, description = "Not signed in.", body = kernel::ErrorBody),
    )
)]
#[get("/feed")]
pub async fn list(
    ctx: web::Data<AppContext>,
    user: CurrentUser,
    query: web::Query<FeedQuery>,
    params: web::Query<PageParams>,
) -> AppResult<web::Json<Page<FeedItem>>> {
    let query = query.into_inner();
    let groups = ctx.groups.groups_of(user.id).await?;
    let filters = Filters {
        search: query.search,
        event_type: query.event_type,
        object_type: query.object_type,
        oldest_first: query.ordering.as_deref() == Some("created_at"),
    };
    let kernel::Page { data, pagination } =
        activity::list(&ctx.db, &groups, &filters, &params).await?;
    let actors: Vec<i64> = data.iter().filter_map(|i| i.row.actor_id).collect();
    let people = ctx.users.summaries(&actors).await?;
    Ok(web::Json(Page {
        data: data
            .into_iter()
            .map(|item| FeedItem {
                id: item.row.id,
                event_type: item.row.event_type,
                object_type: item.row.object_type,
                created_at: item.row.created_at,
                actor: item.row.actor_id.and_then(|id| people.get(&id)).map(actor),
                content: item.content,
                related_content: item.related,
            })
            .collect(),
        pagination,
    }))
}
