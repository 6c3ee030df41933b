use crate::read::views::Comments;
use actix_web::{get, post, web};
use kernel::extract::ValidJson;
use kernel::input::{Given, Reason};
use kernel::{AppContext, AppError, AppResult, Data, Page, PageParams, Staff};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use validator::Validate;

use crate::enums::StaffGroupList;
use crate::read::views::{GroupCard, GroupDetail, Relation};
use crate::service::moderation::{self, Action};

/// The approved version beside the proposed one.
#[derive(Debug, Serialize, ToSchema)]
pub struct GroupReview {
    pub current: GroupDetail,
    pub proposed: GroupDetail,
}

/// Why staff decided as they did; sent to the owner and kept in the audit log.
#[derive(Debug, Default, Deserialize, Validate, ToSchema)]
pub struct ModerationRequest {
    #[serde(default, deserialize_with = "kernel::input::optional")]
    #[validate(nested)]
    #[schema(schema_with = kernel::input::optional_schema::<Reason>)]
    pub reason: Option<Given<Reason>>,
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct StaffGroupQuery {
    /// `waiting` (default): new submissions and approved groups with proposed changes;
    /// `all`: every submitted group.
    #[param(inline)]
    pub list: Option<StaffGroupList>,
    /// Title or summary contains it.
    pub search: Option<String>,
}

/// Groups to review
///
/// Groups waiting for staff (the longest waiting first), or every submitted group.
#[utoipa::path(
    operation_id = "staffGroupQueue",
    tag = "groups-staff",
    security(("bearer" = ["staff"])),
    params(StaffGroupQuery, PageParams),
    responses(
        (status = 200, description = "A page of groups to review.", body = Page<GroupCard>),
        (status = 404, description = "Not staff.", body = kernel::ErrorBody),
    )
)]
#[get("/staff/groups")]
pub async fn queue(
    ctx: web::Data<AppContext>,
    staff: Staff,
    query: web::Query<StaffGroupQuery>,
    params: web::Query<PageParams>,
) -> AppResult<web::Json<Page<GroupCard>>> {
    let list = query.list.unwrap_or(StaffGroupList::Waiting);
    let page = moderation::queue(&ctx, &staff, list, query.search.as_deref(), &params).await?;
    Ok(web::Json(
        crate::read::cards(&ctx, page, Comments::All).await?,
    ))
}

/// Review a group
///
/// A group under review: the public version and the proposed one, side by side.
#[utoipa::path(
    operation_id = "staffGroupReview",
    tag = "groups-staff",
    security(("bearer" = ["staff"])),
    params(("id" = i64, Path, description = "The group's id")),
    responses(
        (status = 200, description = "Both versions.", body = Data<GroupReview>),
        (status = 404, description = "Not staff, or no such group.", body = kernel::ErrorBody),
    )
)]
#[get("/staff/groups/{id}")]
pub async fn review(
    ctx: web::Data<AppContext>,
    staff: Staff,
    path: web::Path<i64>,
) -> AppResult<web::Json<Data<GroupReview>>> {
    let id = path.into_inner();
    let (current, proposed) = moderation::proposed(&ctx, &staff, id).await?;
    let group = crate::service::detail::by_id(&ctx.db, id).await?;
    let staff = Relation::staff();
    let current =
        crate::read::detail_of(&ctx, group.clone(), current, staff, Comments::All).await?;
    let proposed = crate::read::detail_of(&ctx, group, proposed, staff, Comments::All).await?;
    Ok(Data::new(GroupReview { current, proposed }))
}

/// Moderate a group
///
/// Approves, rejects, suspends or reactivates a group (`action` is one of those words).
#[utoipa::path(
    operation_id = "staffModerateGroup",
    tag = "groups-staff",
    security(("bearer" = ["staff"])),
    params(
        ("id" = i64, Path, description = "The group's id"),
        ("action" = inline(Action), Path, description = "approve, reject, suspend or reactivate"),
    ),
    request_body = ModerationRequest,
    responses(
        (status = 200, description = "Done.", body = Data<GroupCard>),
        (status = 400, description = "Nothing under review to approve or reject.", body = kernel::ErrorBody),
        (status = 404, description = "Not staff, no such group or action.", body = kernel::ErrorBody),
    )
)]
#[post("/staff/groups/{id}/{action}")]
pub async fn act(
    ctx: web::Data<AppContext>,
    staff: Staff,
    path: web::Path<(i64, Action)>,
    body: ValidJson<ModerationRequest>,
) -> AppResult<web::Json<Data<GroupCard>>> {
    let (id, action) = path.into_inner();
    let reason = kernel::input::given_text(body.into_inner().reason)?;
    let group = moderation::act(&ctx, &staff, id, action, reason).await?;
    let card = crate::read::cards_of(&ctx, vec![group], Comments::All)
        .await?
        .pop()
        .ok_or_else(AppError::not_found)?;
    Ok(Data::new(card))
}
