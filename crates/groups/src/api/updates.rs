use actix_web::{HttpResponse, get, patch, post, web};
use kernel::extract::ValidJson;
use kernel::upload::{SingleFile, SingleFileUpload};
use kernel::{AppContext, AppError, AppResult, CurrentUser, Data, Page, PageParams, Staff};
use owner_updates::{OwnerUpdate, UpdateRequest};
use serde::Serialize;
use utoipa::ToSchema;

use super::staff_groups::ModerationRequest;
use crate::entity::{group_update, working_group};
use crate::enums::{ApprovedStatus, MemberRole};
use crate::policy;
use crate::service::updates;

/// A working group update.
#[derive(Debug, Serialize, ToSchema)]
pub struct GroupUpdate {
    #[serde(flatten)]
    pub update: OwnerUpdate,
    pub group_id: i64,
    /// The caller may edit it (the owner any update, a moderator their own).
    pub can_edit: bool,
}

/// The group an updates page is about.
#[derive(Debug, Serialize, ToSchema)]
pub struct GroupHeader {
    pub id: i64,
    pub slug: String,
    pub title: String,
    pub approved_status: ApprovedStatus,
}

/// An update waiting for staff, with the group it belongs to.
#[derive(Debug, Serialize, ToSchema)]
pub struct StaffGroupUpdate {
    #[serde(flatten)]
    pub update: GroupUpdate,
    pub group: GroupHeader,
}

/// An updates page: the group, whether updates can be added now, and every update.
#[derive(Debug, Serialize, ToSchema)]
pub struct GroupUpdates {
    pub group: GroupHeader,
    /// Only an approved group takes new updates.
    pub can_add: bool,
    pub updates: Vec<GroupUpdate>,
}

async fn views(
    ctx: &AppContext,
    items: Vec<group_update::Model>,
    viewer: i64,
    role: Option<MemberRole>,
) -> AppResult<Vec<GroupUpdate>> {
    Ok(owner_updates::views::<group_update::Entity>(ctx, &items)
        .await?
        .into_iter()
        .map(|v| GroupUpdate {
            can_edit: policy::may_edit_update(role, v.author_id == viewer),
            group_id: v.owner_id,
            update: v.update,
        })
        .collect())
}

async fn one(
    ctx: &AppContext,
    item: group_update::Model,
    viewer: &CurrentUser,
) -> AppResult<GroupUpdate> {
    let role = crate::service::membership::role_of(&ctx.db, item.group_id, Some(viewer.id)).await?;
    let mut list = views(ctx, vec![item], viewer.id, role).await?;
    list.pop().ok_or_else(AppError::not_found)
}

fn header(group: working_group::Model) -> (GroupHeader, bool) {
    let status = group.approved_status;
    let can_add = policy::is_approved(status);
    (
        GroupHeader {
            id: group.id,
            slug: group.slug,
            title: group.title,
            approved_status: status,
        },
        can_add,
    )
}

/// List a group's updates
///
/// The approved updates of a group, for its members (and staff); its owner and moderators
/// get every update, each with its review status.
#[utoipa::path(
    operation_id = "listGroupUpdates",
    tag = "groups",
    security(("bearer" = [])),
    params(("group_id" = i64, Path, description = "The group's id"), PageParams),
    responses(
        (status = 200, description = "Approved updates (for the owner and moderators, every update), newest first.", body = Page<GroupUpdate>),
        (status = 404, description = "Not a member of the group.", body = kernel::ErrorBody),
    )
)]
#[get("/groups/{group_id}/post")]
pub async fn list_approved(
    ctx: web::Data<AppContext>,
    user: CurrentUser,
    path: web::Path<i64>,
    params: web::Query<PageParams>,
) -> AppResult<web::Json<Page<GroupUpdate>>> {
    let group_id = path.into_inner();
    let (Page { data, pagination }, role) =
        updates::readable(&ctx.db, &user, group_id, &params).await?;
    Ok(web::Json(Page {
        data: views(&ctx, data, user.id, role).await?,
        pagination,
    }))
}

/// Manage a group's updates
///
/// Every update of a group, for its owner and moderators.
#[utoipa::path(
    operation_id = "listMyGroupUpdates",
    tag = "groups",
    security(("bearer" = [])),
    params(("group_id" = i64, Path, description = "The group's id")),
    responses(
        (status = 200, description = "The group and its updates.", body = Data<GroupUpdates>),
        (status = 404, description = "Not the caller's group to post in.", body = kernel::ErrorBody),
    )
)]
#[get("/me/groups/{group_id}/post")]
pub async fn list_all(
    ctx: web::Data<AppContext>,
    user: CurrentUser,
    path: web::Path<i64>,
) -> AppResult<web::Json<Data<GroupUpdates>>> {
    let (group, role, items) = updates::all(&ctx.db, &user, path.into_inner()).await?;
    let (group, can_add) = header(group);
    Ok(Data::new(GroupUpdates {
        group,
        can_add,
        updates: views(&ctx, items, user.id, Some(role)).await?,
    }))
}

/// Write a group update
///
/// Writes an update (owner or moderator of an approved group); it waits for staff.
#[utoipa::path(
    operation_id = "createGroupUpdate",
    tag = "groups",
    security(("bearer" = [])),
    params(("group_id" = i64, Path, description = "The group's id")),
    request_body = UpdateRequest,
    responses(
        (status = 201, description = "Created, waiting for approval.", body = Data<GroupUpdate>),
        (status = 400, description = "Invalid input, or the group is not approved.", body = kernel::ErrorBody),
        (status = 404, description = "Not the caller's group to post in.", body = kernel::ErrorBody),
    )
)]
#[post("/me/groups/{group_id}/post")]
pub async fn create(
    ctx: web::Data<AppContext>,
    user: CurrentUser,
    path: web::Path<i64>,
    body: ValidJson<UpdateRequest>,
) -> AppResult<HttpResponse> {
    let (draft, _) = body.into_inner().draft()?;
    let item = updates::create(&ctx, &user, path.into_inner(), draft).await?;
    Ok(HttpResponse::Created().json(Data {
        data: one(&ctx, item, &user).await?,
    }))
}

/// Get an update to edit
///
/// One update the caller may edit.
#[utoipa::path(
    operation_id = "getGroupUpdate",
    tag = "groups",
    security(("bearer" = [])),
    params(("group_id" = i64, Path, description = "The group's id"), ("id" = i64, Path, description = "The update's id")),
    responses(
        (status = 200, description = "The update.", body = Data<GroupUpdate>),
        (status = 403, description = "Someone else's update.", body = kernel::ErrorBody),
        (status = 404, description = "No such update in the caller's group.", body = kernel::ErrorBody),
    )
)]
#[get("/me/groups/{group_id}/post/{id}")]
pub async fn get(
    ctx: web::Data<AppContext>,
    user: CurrentUser,
    path: web::Path<(i64, i64)>,
) -> AppResult<web::Json<Data<GroupUpdate>>> {
    let (group_id, id) = path.into_inner();
    let item = updates::editable(&ctx.db, &user, group_id, id).await?;
    Ok(Data::new(one(&ctx, item, &user).await?))
}

/// Edit a group update
///
/// Saves an edit; the update goes back to staff for approval.
#[utoipa::path(
    operation_id = "updateGroupUpdate",
    tag = "groups",
    security(("bearer" = [])),
    params(("group_id" = i64, Path, description = "The group's id"), ("id" = i64, Path, description = "The update's id")),
    request_body = UpdateRequest,
    responses(
        (status = 200, description = "Saved, waiting for approval.", body = Data<GroupUpdate>),
        (status = 400, description = "Invalid input.", body = kernel::ErrorBody),
        (status = 403, description = "Someone else's update.", body = kernel::ErrorBody),
        (status = 404, description = "No such update in the caller's group.", body = kernel::ErrorBody),
    )
)]
#[patch("/me/groups/{group_id}/post/{id}")]
pub async fn update(
    ctx: web::Data<AppContext>,
    user: CurrentUser,
    path: web::Path<(i64, i64)>,
    body: ValidJson<UpdateRequest>,
) -> AppResult<web::Json<Data<GroupUpdate>>> {
    let (group_id, id) = path.into_inner();
    let (draft, clear_image) = body.into_inner().draft()?;
    let item = updates::update(&ctx, &user, group_id, id, draft, clear_image).await?;
    Ok(Data::new(one(&ctx, item, &user).await?))
}

/// Set an update's image
///
/// Sets an update's image (a JPEG or PNG, checked by content).
#[utoipa::path(
    operation_id = "setGroupUpdateImage",
    tag = "groups",
    security(("bearer" = [])),
    params(("group_id" = i64, Path, description = "The group's id"), ("id" = i64, Path, description = "The update's id")),
    request_body(content = SingleFileUpload, content_type = "multipart/form-data"),
    responses(
        (status = 200, description = "The update with its image.", body = Data<GroupUpdate>),
        (status = 400, description = "Not a JPEG or PNG image, too large, or no file.", body = kernel::ErrorBody),
        (status = 403, description = "Not the group's owner or a moderator.", body = kernel::ErrorBody),
        (status = 404, description = "No such update in the caller's group.", body = kernel::ErrorBody),
    )
)]
#[post("/me/groups/{group_id}/post/{id}/set-image")]
pub async fn set_image(
    ctx: web::Data<AppContext>,
    user: CurrentUser,
    path: web::Path<(i64, i64)>,
    form: SingleFile,
) -> AppResult<web::Json<Data<GroupUpdate>>> {
    let (group_id, id) = path.into_inner();
    let item = updates::set_image(&ctx, &user, group_id, id, form.bytes).await?;
    Ok(Data::new(one(&ctx, item, &user).await?))
}

/// Group updates to review
///
/// Updates waiting for staff approval. The longest waiting first.
#[utoipa::path(
    operation_id = "staffGroupUpdateQueue",
    tag = "groups-staff",
    security(("bearer" = ["staff"])),
    params(PageParams),
    responses(
        (status = 200, description = "A page of updates to review.", body = Page<StaffGroupUpdate>),
        (status = 404, description = "Not staff.", body = kernel::ErrorBody),
    )
)]
#[get("/staff/group-updates")]
pub async fn queue(
    ctx: web::Data<AppContext>,
    staff: Staff,
    params: web::Query<PageParams>,
) -> AppResult<web::Json<Page<StaffGroupUpdate>>> {
    let Page { data, pagination } = updates::queue(&ctx, &staff, &params).await?;
    let groups = updates::groups_of(&ctx.db, &data).await?;
    let data = views(&ctx, data, staff.id(), None)
        .await?
        .into_iter()
        .filter_map(|item| {
            let group = header(groups.get(&item.group_id)?.clone()).0;
            Some(StaffGroupUpdate {
                update: item,
                group,
            })
        })
        .collect();
    Ok(web::Json(Page { data, pagination }))
}

/// Review a group update
///
/// Approves or rejects an update (`action` is `approve` or `reject`); audited.
#[utoipa::path(
    operation_id = "staffReviewGroupUpdate",
    tag = "groups-staff",
    security(("bearer" = ["staff"])),
    params(("id" = i64, Path, description = "The update's id"), ("action" = inline(owner_updates::Review), Path, description = "approve or reject")),
    request_body = ModerationRequest,
    responses(
        (status = 200, description = "Reviewed.", body = Data<GroupUpdate>),
        (status = 404, description = "Not staff, no such update or action.", body = kernel::ErrorBody),
    )
)]
#[post("/staff/group-updates/{id}/{action}")]
pub async fn review(
    ctx: web::Data<AppContext>,
    staff: Staff,
    path: web::Path<(i64, owner_updates::Review)>,
    body: ValidJson<ModerationRequest>,
) -> AppResult<web::Json<Data<GroupUpdate>>> {
    let (id, action) = path.into_inner();
    let approve = action == owner_updates::Review::Approve;
    let reason = kernel::input::given_text(body.into_inner().reason)?;
    let item = updates::review(&ctx, &staff, id, approve, reason).await?;
    let mut list = views(&ctx, vec![item], staff.id(), None).await?;
    Ok(Data::new(list.pop().ok_or_else(AppError::not_found)?))
}
