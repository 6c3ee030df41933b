use actix_web::{HttpResponse, get, patch, post, web};
use chrono::{DateTime, Utc};
use kernel::extract::ValidJson;
use kernel::input::{Given, VideoUrl};
use kernel::upload::{SingleFile, SingleFileUpload};
use kernel::users::UserSummary;
use kernel::{AppContext, AppError, AppResult, CurrentUser, Data, Page, PageParams, Staff};
use serde::{Deserialize, Deserializer, Serialize};
use utoipa::ToSchema;
use validator::Validate;

use super::staff_groups::ModerationRequest;
use crate::entity::{group_update, working_group};
use crate::enums::{ApprovedStatus, MemberRole, UpdateStatus};
use crate::policy;
use crate::service::updates::{self, Draft};

/// A working group update.
#[derive(Debug, Serialize, ToSchema)]
pub struct GroupUpdate {
    pub id: i64,
    pub group_id: i64,
    pub title: String,
    /// Rich text (sanitised).
    pub text: String,
    pub image: Option<String>,
    pub video_url: Option<String>,
    pub created_at: DateTime<Utc>,
    pub created_by: Option<UserSummary>,
    pub approved_status: UpdateStatus,
    /// The caller may edit it (the owner any update, a moderator their own).
    pub can_edit: bool,
    /// Hidden by moderators until reviewed (only its author and the group's owner and
    /// moderators see it then).
    pub hidden_at: Option<DateTime<Utc>>,
    /// Why it is hidden.
    pub hidden_reason: Option<String>,
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

fn present<'de, D: Deserializer<'de>, T: Deserialize<'de>>(d: D) -> Result<Option<T>, D::Error> {
    T::deserialize(d).map(Some)
}

/// The text of an update; its image is sent apart (`set-image`).
#[derive(Debug, Deserialize, Validate, ToSchema)]
pub struct UpdateRequest {
    #[validate(nested)]
    #[schema(schema_with = kernel::input::schema::<updates::Title>)]
    pub title: Given<updates::Title>,
    /// HTML.
    #[validate(nested)]
    #[schema(schema_with = kernel::input::schema::<updates::Body>)]
    pub text: Given<updates::Body>,
    #[serde(default, deserialize_with = "kernel::input::optional")]
    #[validate(nested)]
    #[schema(schema_with = kernel::input::optional_schema::<VideoUrl>)]
    pub video_url: Option<Given<VideoUrl>>,
    /// Send `null` to remove the image; leave it out to keep it.
    #[serde(default, deserialize_with = "present")]
    #[schema(value_type = Option<String>)]
    pub image: Option<Option<String>>,
    /// The author declares they may share what the patient-data guardrail found in the
    /// text (issue 24 §1); without it, flagged text is refused.
    pub phi_declared: Option<bool>,
}

impl UpdateRequest {
    fn draft(self) -> AppResult<(Draft, bool)> {
        let clear = matches!(self.image, Some(None));
        let draft = Draft {
            title: self.title.value()?,
            text: self.text.value()?,
            video_url: kernel::input::given_text(self.video_url)?,
            phi_declared: self.phi_declared.unwrap_or(false),
        };
        Ok((draft, clear))
    }
}

async fn views(
    ctx: &AppContext,
    items: Vec<group_update::Model>,
    viewer: i64,
    role: Option<MemberRole>,
) -> AppResult<Vec<GroupUpdate>> {
    let creators: Vec<i64> = items.iter().map(|u| u.created_by_id).collect();
    let users = ctx.users.summaries(&creators).await?;
    Ok(items
        .into_iter()
        .map(|u| GroupUpdate {
            can_edit: policy::may_edit_update(role, u.created_by_id == viewer),
            id: u.id,
            group_id: u.group_id,
            title: u.title,
            text: u.text,
            image: u.image.as_deref().map(|k| ctx.storage.url(k)),
            video_url: u.video_url,
            created_at: u.created_at,
            created_by: users.get(&u.created_by_id).cloned(),
            approved_status: u.approved_status,
            hidden_at: u.hidden_at,
            hidden_reason: u.hidden_reason,
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
