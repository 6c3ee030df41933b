use actix_web::{delete, get, patch, post, web};
use kernel::input::{Change, Given, Text, VideoUrl, given_text};
use kernel::upload::{SingleFile, SingleFileUpload};
use kernel::{AppContext, AppResult, CurrentUser, Data, Page, PageParams};
use serde::Deserialize;
use utoipa::{IntoParams, ToSchema};
use validator::Validate;

use super::MessageResponse;
use crate::enums::YesNo;
use crate::read::views::{Comments, GroupCard, GroupDetail};
use crate::service::content::{General, Specifics};
use crate::service::wizard;

/// Step 1 of the wizard (General).
#[derive(Debug, Deserialize, Validate, ToSchema)]
pub struct CreateGroupRequest {
    #[validate(length(max = 255))]
    pub title: String,
    /// Rich text; sanitised on write.
    #[validate(length(max = 100000))]
    pub summary: String,
    /// Project tag ids (at least one).
    pub tags: Vec<i64>,
    /// A video's address.
    #[serde(default, deserialize_with = "kernel::input::optional")]
    #[validate(nested)]
    #[schema(schema_with = kernel::input::optional_schema::<VideoUrl>)]
    pub embedded_link: Option<Given<VideoUrl>>,
    #[validate(length(max = 100000))]
    pub additional_info: Option<String>,
    /// The owner declares they may share what the patient-data guardrail found in the
    /// texts (issue 24 §1); without it, flagged texts are refused.
    pub phi_declared: Option<bool>,
}

/// Step 1 again and/or step 3 (Specifics). Sending any step-3 field submits the group
/// for review and checks all of step 3's rules.
#[derive(Debug, Default, Deserialize, Validate, ToSchema)]
pub struct UpdateGroupRequest {
    /// Left out keeps the title; blank is refused.
    #[serde(default, deserialize_with = "kernel::input::change")]
    #[validate(nested)]
    #[schema(schema_with = kernel::input::optional_schema::<Text<255>>)]
    pub title: Change<Text<255>>,
    #[validate(length(max = 100000))]
    pub summary: Option<String>,
    pub tags: Option<Vec<i64>>,
    /// A video's address; `null` or `""` removes it, left out keeps it.
    #[serde(default, deserialize_with = "kernel::input::change")]
    #[validate(nested)]
    #[schema(schema_with = kernel::input::optional_schema::<VideoUrl>)]
    pub embedded_link: Change<VideoUrl>,
    #[serde(default, deserialize_with = "kernel::input::present")]
    #[schema(value_type = Option<String>)]
    pub additional_info: Option<Option<String>>,
    /// Goal ids.
    pub goals_of_working_group: Option<Vec<i64>>,
    #[serde(default, deserialize_with = "kernel::input::optional")]
    #[validate(nested)]
    #[schema(schema_with = kernel::input::optional_schema::<Text<2000>>)]
    pub other_goals_of_wg: Option<Given<Text<2000>>>,
    pub industry_partner_likely: Option<YesNo>,
    /// Industry-partner role ids.
    pub role_of_industry_partner: Option<Vec<i64>>,
    #[serde(default, deserialize_with = "kernel::input::optional")]
    #[validate(nested)]
    #[schema(schema_with = kernel::input::optional_schema::<Text<2000>>)]
    pub other_role_of_industry_partner: Option<Given<Text<2000>>>,
    #[validate(length(max = 100000))]
    pub member_obligations: Option<String>,
    /// The owner declares they may share what the patient-data guardrail found in the
    /// texts (issue 24 §1); without it, flagged texts are refused.
    pub phi_declared: Option<bool>,
}

impl UpdateGroupRequest {
    fn split(self) -> AppResult<(General, Option<Specifics>)> {
        let submits = self.goals_of_working_group.is_some()
            || self.industry_partner_likely.is_some()
            || self.role_of_industry_partner.is_some()
            || self.member_obligations.is_some();
        let specifics = if submits {
            Some(Specifics {
                goals_of_working_group: self.goals_of_working_group.unwrap_or_default(),
                other_goals_of_wg: given_text(self.other_goals_of_wg)?,
                industry_partner_likely: self.industry_partner_likely,
                role_of_industry_partner: self.role_of_industry_partner.unwrap_or_default(),
                other_role_of_industry_partner: given_text(self.other_role_of_industry_partner)?,
                member_obligations: self.member_obligations,
            })
        } else {
            None
        };
        let general = General {
            // A cleared title is an empty one, which the rules refuse ("This field is required").
            title: self
                .title
                .value()?
                .map(|title| title.map(Text::into_string).unwrap_or_default()),
            summary: self.summary,
            tags: self.tags,
            embedded_link: self.embedded_link.value()?,
            additional_info: self.additional_info,
        };
        Ok((general, specifics))
    }
}

#[derive(Debug, Deserialize, IntoParams)]
pub struct MyGroupsQuery {
    /// Words to find in the title or summary.
    pub search: Option<String>,
}

async fn owner_view(
    ctx: &AppContext,
    group: crate::entity::working_group::Model,
) -> AppResult<GroupDetail> {
    let content = wizard::working_content(&ctx.db, &group).await?;
    let owner = crate::read::views::Relation::owner(&group);
    crate::read::detail_of(ctx, group, content, owner, Comments::All).await
}

/// My groups
///
/// The groups the caller created, newest first.
#[utoipa::path(
    operation_id = "listMyGroups",
    tag = "groups",
    security(("bearer" = [])),
    params(MyGroupsQuery, PageParams),
    responses((status = 200, description = "A page of the caller's groups.", body = Page<GroupCard>))
)]
#[get("/me/groups")]
pub async fn list(
    ctx: web::Data<AppContext>,
    user: CurrentUser,
    query: web::Query<MyGroupsQuery>,
    params: web::Query<PageParams>,
) -> AppResult<web::Json<Page<GroupCard>>> {
    let page = wizard::mine(&ctx.db, &user, query.search.as_deref(), &params).await?;
    Ok(web::Json(
        crate::read::cards(&ctx, page, Comments::All).await?,
    ))
}

/// Create a working group
///
/// Step 1 of the wizard on a new group: creates it, with the caller as owner.
#[utoipa::path(
    operation_id = "createGroup",
    tag = "groups",
    security(("bearer" = [])),
    request_body = CreateGroupRequest,
    responses(
        (status = 201, description = "Created.", body = Data<GroupDetail>),
        (status = 400, description = "Invalid input.", body = kernel::ErrorBody),
    )
)]
#[post("/me/groups")]
pub async fn create(
    ctx: web::Data<AppContext>,
    user: CurrentUser,
    body: kernel::extract::ValidJson<CreateGroupRequest>,
) -> AppResult<actix_web::HttpResponse> {
    let body = body.into_inner();
    let declared = body.phi_declared.unwrap_or(false);
    let general = General {
        title: Some(body.title),
        summary: Some(body.summary),
        tags: Some(body.tags),
        embedded_link: Some(kernel::input::given(body.embedded_link)?),
        additional_info: Some(body.additional_info),
    };
    let group = wizard::create(&ctx, &user, general, declared).await?;
    let view = owner_view(&ctx, group).await?;
    Ok(actix_web::HttpResponse::Created().json(kernel::Data { data: view }))
}

/// Get my group
///
/// One of the caller's groups, with any changes still under review.
#[utoipa::path(
    operation_id = "getMyGroup",
    tag = "groups",
    security(("bearer" = [])),
    params(("id" = i64, Path, description = "The group's id")),
    responses(
        (status = 200, description = "The group as its owner edits it.", body = Data<GroupDetail>),
        (status = 404, description = "Not one of the caller's groups.", body = kernel::ErrorBody),
    )
)]
#[get("/me/groups/{id}")]
pub async fn get(
    ctx: web::Data<AppContext>,
    user: CurrentUser,
    path: web::Path<i64>,
) -> AppResult<web::Json<Data<GroupDetail>>> {
    let group = wizard::owned(&ctx.db, &user, path.into_inner()).await?;
    Ok(Data::new(owner_view(&ctx, group).await?))
}

/// Save wizard steps
///
/// Saves wizard steps. On an approved group the change waits for staff review while the approved
/// version stays public.
#[utoipa::path(
    operation_id = "updateGroup",
    tag = "groups",
    security(("bearer" = [])),
    params(("id" = i64, Path, description = "The group's id")),
    request_body = UpdateGroupRequest,
    responses(
        (status = 200, description = "Saved.", body = Data<GroupDetail>),
        (status = 400, description = "Invalid input.", body = kernel::ErrorBody),
        (status = 404, description = "Not one of the caller's groups.", body = kernel::ErrorBody),
    )
)]
#[patch("/me/groups/{id}")]
pub async fn update(
    ctx: web::Data<AppContext>,
    user: CurrentUser,
    path: web::Path<i64>,
    body: kernel::extract::ValidJson<UpdateGroupRequest>,
) -> AppResult<web::Json<Data<GroupDetail>>> {
    let body = body.into_inner();
    let declared = body.phi_declared.unwrap_or(false);
    let (general, specifics) = body.split()?;
    let group =
        wizard::update(&ctx, &user, path.into_inner(), general, specifics, declared).await?;
    Ok(Data::new(owner_view(&ctx, group).await?))
}

/// Delete my group
///
/// Deletes one of the caller's groups.
#[utoipa::path(
    operation_id = "deleteGroup",
    tag = "groups",
    security(("bearer" = [])),
    params(("id" = i64, Path, description = "The group's id")),
    responses(
        (status = 200, description = "Deleted.", body = Data<MessageResponse>, example = json!({"data": {"message": wizard::DELETED}})),
        (status = 404, description = "Not one of the caller's groups.", body = kernel::ErrorBody),
    )
)]
#[delete("/me/groups/{id}")]
pub async fn delete(
    ctx: web::Data<AppContext>,
    user: CurrentUser,
    path: web::Path<i64>,
) -> AppResult<web::Json<Data<MessageResponse>>> {
    wizard::delete(&ctx, &user, path.into_inner()).await?;
    Ok(Data::new(MessageResponse {
        message: wizard::DELETED.to_owned(),
    }))
}

/// Set a group's image
///
/// Sets the group's image: a JPEG or PNG (checked by content, at most 8 MB).
#[utoipa::path(
    operation_id = "setGroupImage",
    tag = "groups",
    security(("bearer" = [])),
    params(("id" = i64, Path, description = "The group's id")),
    request_body(content = SingleFileUpload, content_type = "multipart/form-data"),
    responses(
        (status = 200, description = "The group with its new image.", body = Data<GroupDetail>),
        (status = 400, description = "Not a JPEG or PNG image, too large, or no file.", body = kernel::ErrorBody),
        (status = 404, description = "Not one of the caller's groups.", body = kernel::ErrorBody),
    )
)]
#[post("/me/groups/{id}/set-image")]
pub async fn set_image(
    ctx: web::Data<AppContext>,
    user: CurrentUser,
    path: web::Path<i64>,
    form: SingleFile,
) -> AppResult<web::Json<Data<GroupDetail>>> {
    let id = path.into_inner();
    wizard::set_image(&ctx, &user, id, form.bytes).await?;
    let group = wizard::owned(&ctx.db, &user, id).await?;
    Ok(Data::new(owner_view(&ctx, group).await?))
}
