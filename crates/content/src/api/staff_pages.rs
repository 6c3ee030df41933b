//! `/staff/pages`: CMS pages in the staff console. Staff only (404 otherwise).

use actix_web::{HttpResponse, delete, get, post, put, web};
use chrono::{DateTime, Utc};
use kernel::extract::ValidJson;
use kernel::input::{Given, Long, Text};
use kernel::{AppContext, AppResult, Data, Page, PageParams, Staff};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use validator::Validate;

use super::MessageResponse;
use crate::blocks::{self, Block};
use crate::entity::page;
use crate::enums::TitleAlign;
use crate::service::pages::{self, PageDraft};
use crate::service::pages_admin;

/// A page as the console lists it.
#[derive(Debug, Serialize, ToSchema)]
pub struct StaffPageRow {
    pub id: i64,
    pub slug: String,
    pub title: String,
    /// Where the site shows it.
    pub route: String,
    pub updated_at: DateTime<Utc>,
}

/// A page as the console edits it.
#[derive(Debug, Serialize, ToSchema)]
pub struct StaffPage {
    pub id: i64,
    pub slug: String,
    pub route: String,
    pub title: String,
    pub before_title: Option<String>,
    pub title_align: TitleAlign,
    /// HTML (sanitised).
    pub body: String,
    pub blocks: Vec<Block>,
    pub articles_in_line: Option<i32>,
    pub first_alone: bool,
    pub meta_title: Option<String>,
    pub meta_description: Option<String>,
    pub updated_at: DateTime<Utc>,
}

impl StaffPage {
    fn from_entity(stored: page::Model) -> Self {
        Self {
            id: stored.id,
            route: pages::route_of(&stored.slug),
            blocks: blocks::parse(&stored.blocks),
            title_align: stored.title_align,
            slug: stored.slug,
            title: stored.title,
            before_title: stored.before_title,
            body: stored.body,
            articles_in_line: stored.articles_in_line,
            first_alone: stored.first_alone,
            meta_title: stored.meta_title,
            meta_description: stored.meta_description,
            updated_at: stored.updated_at,
        }
    }
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct StaffPageQuery {
    /// Slug or title contains it.
    pub search: Option<String>,
}

fn align_default() -> TitleAlign {
    TitleAlign::Left
}

/// What staff write for a page.
#[derive(Debug, Deserialize, Validate, ToSchema)]
pub struct PageRequest {
    /// The page's address: lowercase words and hyphens, parts joined by `/`.
    #[validate(nested)]
    #[schema(schema_with = kernel::input::schema::<Text<200, Long>>)]
    pub slug: Given<Text<200, Long>>,
    #[validate(nested)]
    #[schema(schema_with = kernel::input::schema::<Text<200, Long>>)]
    pub title: Given<Text<200, Long>>,
    #[serde(default, deserialize_with = "kernel::input::optional")]
    #[validate(nested)]
    #[schema(schema_with = kernel::input::optional_schema::<Text<200>>)]
    pub before_title: Option<Given<Text<200>>>,
    #[serde(default = "align_default")]
    pub title_align: TitleAlign,
    /// HTML.
    #[serde(default)]
    #[validate(length(
        max = 500000,
        message = "Ensure this field has no more than 500000 characters."
    ))]
    pub body: String,
    /// A landing page's blocks, in order.
    #[serde(default)]
    #[validate(length(max = 50, message = "Ensure this field has no more than 50 elements."))]
    pub blocks: Vec<Block>,
    #[validate(range(min = 1, max = 6, message = "Ensure this value is between 1 and 6."))]
    pub articles_in_line: Option<i32>,
    #[serde(default)]
    pub first_alone: bool,
    #[serde(default, deserialize_with = "kernel::input::optional")]
    #[validate(nested)]
    #[schema(schema_with = kernel::input::optional_schema::<Text<200>>)]
    pub meta_title: Option<Given<Text<200>>>,
    #[serde(default, deserialize_with = "kernel::input::optional")]
    #[validate(nested)]
    #[schema(schema_with = kernel::input::optional_schema::<Text<500>>)]
    pub meta_description: Option<Given<Text<500>>>,
}

impl PageRequest {
    fn draft(self) -> AppResult<PageDraft> {
        Ok(PageDraft {
            slug: self.slug.value()?.trim_matches('/').to_owned(),
            title: self.title.value()?.into_string(),
            before_title: kernel::input::given_text(self.before_title)?,
            title_align: self.title_align,
            body: self.body,
            blocks: self.blocks,
            articles_in_line: self.articles_in_line,
            first_alone: self.first_alone,
            meta_title: kernel::input::given_text(self.meta_title)?,
            meta_description: kernel::input::given_text(self.meta_description)?,
        })
    }
}

/// List pages (staff)
///
/// Every page, by slug.
#[utoipa::path(
    operation_id = "staffListPages",
    tag = "content-staff",
    security(("bearer" = ["staff"])),
    params(StaffPageQuery, PageParams),
    responses(
        (status = 200, description = "A page of pages.", body = Page<StaffPageRow>),
        (status = 404, description = "Not staff.", body = kernel::ErrorBody),
    )
)]
#[get("/staff/pages")]
pub async fn list(
    ctx: web::Data<AppContext>,
    _staff: Staff,
    query: web::Query<StaffPageQuery>,
    params: web::Query<PageParams>,
) -> AppResult<web::Json<Page<StaffPageRow>>> {
    let found = pages_admin::list(&ctx.db, query.search.as_deref(), &params).await?;
    Ok(web::Json(found.map(|p| StaffPageRow {
        id: p.id,
        route: pages::route_of(&p.slug),
        slug: p.slug,
        title: p.title,
        updated_at: p.updated_at,
    })))
}

/// Create a page
///
/// Adds a page; it shows on the site at once.
#[utoipa::path(
    operation_id = "staffCreatePage",
    tag = "content-staff",
    security(("bearer" = ["staff"])),
    request_body = PageRequest,
    responses(
        (status = 201, description = "Created.", body = Data<StaffPage>),
        (status = 400, description = "Invalid fields, unsafe HTML or blocks, a taken slug.", body = kernel::ErrorBody),
        (status = 404, description = "Not staff.", body = kernel::ErrorBody),
    )
)]
#[post("/staff/pages")]
pub async fn create(
    ctx: web::Data<AppContext>,
    staff: Staff,
    body: ValidJson<PageRequest>,
) -> AppResult<HttpResponse> {
    let saved = pages_admin::create(&ctx, &staff, body.into_inner().draft()?).await?;
    Ok(HttpResponse::Created().json(kernel::Data {
        data: StaffPage::from_entity(saved),
    }))
}

/// Get a page (staff)
///
/// One page as the console edits it: its blocks, title and search-engine texts.
#[utoipa::path(
    operation_id = "staffGetPage",
    tag = "content-staff",
    security(("bearer" = ["staff"])),
    params(("id" = i64, Path, description = "The page's id")),
    responses(
        (status = 200, description = "The page.", body = Data<StaffPage>),
        (status = 404, description = "Not staff, or no such page.", body = kernel::ErrorBody),
    )
)]
#[get("/staff/pages/{id}")]
pub async fn detail(
    ctx: web::Data<AppContext>,
    _staff: Staff,
    path: web::Path<i64>,
) -> AppResult<web::Json<Data<StaffPage>>> {
    let found = pages_admin::get(&ctx.db, path.into_inner()).await?;
    Ok(Data::new(StaffPage::from_entity(found)))
}

/// Update a page
///
/// Replaces what a page says.
#[utoipa::path(
    operation_id = "staffUpdatePage",
    tag = "content-staff",
    security(("bearer" = ["staff"])),
    params(("id" = i64, Path, description = "The page's id")),
    request_body = PageRequest,
    responses(
        (status = 200, description = "Saved.", body = Data<StaffPage>),
        (status = 400, description = "Invalid fields, unsafe HTML or blocks, a taken slug.", body = kernel::ErrorBody),
        (status = 404, description = "Not staff, or no such page.", body = kernel::ErrorBody),
    )
)]
#[put("/staff/pages/{id}")]
pub async fn update(
    ctx: web::Data<AppContext>,
    staff: Staff,
    path: web::Path<i64>,
    body: ValidJson<PageRequest>,
) -> AppResult<web::Json<Data<StaffPage>>> {
    let saved =
        pages_admin::update(&ctx, &staff, path.into_inner(), body.into_inner().draft()?).await?;
    Ok(Data::new(StaffPage::from_entity(saved)))
}

/// Delete a page
///
/// Deletes a page; its address answers 404 from then on.
#[utoipa::path(
    operation_id = "staffDeletePage",
    tag = "content-staff",
    security(("bearer" = ["staff"])),
    params(("id" = i64, Path, description = "The page's id")),
    responses(
        (status = 200, description = "Deleted.", body = Data<MessageResponse>, example = json!({"data": {"message": pages_admin::DELETED}})),
        (status = 404, description = "Not staff, or no such page.", body = kernel::ErrorBody),
    )
)]
#[delete("/staff/pages/{id}")]
pub async fn remove(
    ctx: web::Data<AppContext>,
    staff: Staff,
    path: web::Path<i64>,
) -> AppResult<web::Json<Data<MessageResponse>>> {
    pages_admin::delete(&ctx, &staff, path.into_inner()).await?;
    Ok(MessageResponse::data(pages_admin::DELETED))
}
