//! `/staff/blog`: posts and categories in the staff console. Staff only (404 otherwise).

use actix_web::{HttpResponse, delete, get, post, put, web};
use chrono::{DateTime, Utc};
use kernel::extract::ValidJson;
use kernel::input::{Given, Long, Text};
use kernel::upload::{SingleFile, SingleFileUpload};
use kernel::{AppContext, AppResult, Data, Page, PageParams, Staff};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use validator::Validate;

use super::MessageResponse;
use crate::entity::blog_post;
use crate::read::blog::{self as read, BlogCategory, BlogPost};
use crate::service::blog_admin::{self, CategoryInput, PostInput, StaffFilter};

/// A post as the console lists it.
#[derive(Debug, Serialize, ToSchema)]
pub struct StaffBlogPostRow {
    pub id: i64,
    pub slug: String,
    pub title: String,
    pub published: bool,
    pub date: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

/// A post as the console edits it: what readers see, plus its state.
#[derive(Debug, Serialize, ToSchema)]
pub struct StaffBlogPost {
    #[serde(flatten)]
    pub post: BlogPost,
    pub published: bool,
    pub author_id: Option<i64>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

async fn staff_view(ctx: &AppContext, post: blog_post::Model) -> AppResult<StaffBlogPost> {
    let (published, author_id, created_at, updated_at) = (
        post.published,
        post.author_id,
        post.created_at,
        post.updated_at,
    );
    Ok(StaffBlogPost {
        post: read::post(ctx, post).await?,
        published,
        author_id,
        created_at,
        updated_at,
    })
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct StaffBlogQuery {
    /// Title or address contains it.
    pub search: Option<String>,
    /// Only published posts (`true`) or drafts (`false`).
    pub published: Option<bool>,
}

fn default_true() -> bool {
    true
}

/// What staff write for a post; the header image is uploaded apart (`set-image`). The
/// `slug` is the address under /blog/; left blank, one is made from the title.
#[derive(Debug, Deserialize, Validate, ToSchema)]
pub struct BlogPostRequest {
    #[serde(default, deserialize_with = "kernel::input::optional")]
    #[validate(nested)]
    #[schema(schema_with = kernel::input::optional_schema::<Text<200>>)]
    pub slug: Option<Given<Text<200>>>,
    #[validate(nested)]
    #[schema(schema_with = kernel::input::schema::<Text<200, Long>>)]
    pub title: Given<Text<200, Long>>,
    /// HTML: the summary shown on cards.
    #[serde(default)]
    #[validate(length(
        max = 5000,
        message = "Ensure this field has no more than 5000 characters."
    ))]
    pub description: String,
    /// HTML.
    #[serde(default)]
    #[validate(length(
        max = 200000,
        message = "Ensure this field has no more than 200000 characters."
    ))]
    pub body: String,
    /// The publication date shown; now when left out.
    pub date: Option<DateTime<Utc>>,
    pub author_id: Option<i64>,
    /// Published posts show on /blog at once; drafts never do.
    #[serde(default)]
    pub published: bool,
    /// Readers may start topics in the post's discussion.
    #[serde(default = "default_true")]
    pub can_create_discussion: bool,
    #[serde(default)]
    #[validate(length(max = 10, message = "Ensure this field has no more than 10 elements."))]
    pub tags: Vec<String>,
    /// Category ids.
    #[serde(default)]
    pub categories: Vec<i64>,
}

impl BlogPostRequest {
    fn input(self) -> AppResult<PostInput> {
        Ok(PostInput {
            slug: kernel::input::given_text(self.slug)?,
            title: self.title.value()?.into_string(),
            description: self.description,
            body: self.body,
            date: self.date,
            author_id: self.author_id,
            published: self.published,
            can_create_discussion: self.can_create_discussion,
            tags: self.tags,
            categories: self.categories,
        })
    }
}

/// List blog posts (staff)
///
/// Every post, drafts included, most recently edited first.
#[utoipa::path(
    operation_id = "staffListBlogPosts",
    tag = "content-staff",
    security(("bearer" = ["staff"])),
    params(StaffBlogQuery, PageParams),
    responses(
        (status = 200, description = "A page of posts.", body = Page<StaffBlogPostRow>),
        (status = 404, description = "Not staff.", body = kernel::ErrorBody),
    )
)]
#[get("/staff/blog/posts")]
pub async fn list(
    ctx: web::Data<AppContext>,
    _staff: Staff,
    query: web::Query<StaffBlogQuery>,
    params: web::Query<PageParams>,
) -> AppResult<web::Json<Page<StaffBlogPostRow>>> {
    let StaffBlogQuery { search, published } = query.into_inner();
    let page = blog_admin::list(&ctx.db, &StaffFilter { search, published }, &params).await?;
    Ok(web::Json(page.map(|p| StaffBlogPostRow {
        id: p.id,
        slug: p.slug,
        title: p.title,
        published: p.published,
        date: p.date,
        updated_at: p.updated_at,
    })))
}

/// Create a blog post
///
/// Writes a new post: a draft, or published at once when `published` is set.
#[utoipa::path(
    operation_id = "staffCreateBlogPost",
    tag = "content-staff",
    security(("bearer" = ["staff"])),
    request_body = BlogPostRequest,
    responses(
        (status = 201, description = "Created.", body = Data<StaffBlogPost>),
        (status = 400, description = "Invalid fields.", body = kernel::ErrorBody),
        (status = 404, description = "Not staff.", body = kernel::ErrorBody),
    )
)]
#[post("/staff/blog/posts")]
pub async fn create(
    ctx: web::Data<AppContext>,
    staff: Staff,
    body: ValidJson<BlogPostRequest>,
) -> AppResult<HttpResponse> {
    let saved = blog_admin::create(&ctx, &staff, body.into_inner().input()?).await?;
    Ok(HttpResponse::Created().json(kernel::Data {
        data: staff_view(&ctx, saved).await?,
    }))
}

/// Get a blog post (staff)
///
/// One post, draft or published.
#[utoipa::path(
    operation_id = "staffGetBlogPost",
    tag = "content-staff",
    security(("bearer" = ["staff"])),
    params(("id" = i64, Path, description = "The post's id")),
    responses(
        (status = 200, description = "The post.", body = Data<StaffBlogPost>),
        (status = 404, description = "Not staff, or no such post.", body = kernel::ErrorBody),
    )
)]
#[get("/staff/blog/posts/{id}")]
pub async fn detail(
    ctx: web::Data<AppContext>,
    _staff: Staff,
    path: web::Path<i64>,
) -> AppResult<web::Json<Data<StaffBlogPost>>> {
    let found = blog_admin::get(&ctx.db, path.into_inner()).await?;
    Ok(Data::new(staff_view(&ctx, found).await?))
}

/// Update a blog post
///
/// Replaces what a post says.
#[utoipa::path(
    operation_id = "staffUpdateBlogPost",
    tag = "content-staff",
    security(("bearer" = ["staff"])),
    params(("id" = i64, Path, description = "The post's id")),
    request_body = BlogPostRequest,
    responses(
        (status = 200, description = "Saved.", body = Data<StaffBlogPost>),
        (status = 400, description = "Invalid fields.", body = kernel::ErrorBody),
        (status = 404, description = "Not staff, or no such post.", body = kernel::ErrorBody),
    )
)]
#[put("/staff/blog/posts/{id}")]
pub async fn update(
    ctx: web::Data<AppContext>,
    staff: Staff,
    path: web::Path<i64>,
    body: ValidJson<BlogPostRequest>,
) -> AppResult<web::Json<Data<StaffBlogPost>>> {
    let saved =
        blog_admin::update(&ctx, &staff, path.into_inner(), body.into_inner().input()?).await?;
    Ok(Data::new(staff_view(&ctx, saved).await?))
}

/// Delete a blog post
///
/// Deletes a post and its header image.
#[utoipa::path(
    operation_id = "staffDeleteBlogPost",
    tag = "content-staff",
    security(("bearer" = ["staff"])),
    params(("id" = i64, Path, description = "The post's id")),
    responses(
        (status = 200, description = "Deleted.", body = Data<MessageResponse>, example = json!({"data": {"message": blog_admin::DELETED}})),
        (status = 404, description = "Not staff, or no such post.", body = kernel::ErrorBody),
    )
)]
#[delete("/staff/blog/posts/{id}")]
pub async fn remove(
    ctx: web::Data<AppContext>,
    staff: Staff,
    path: web::Path<i64>,
) -> AppResult<web::Json<Data<MessageResponse>>> {
    blog_admin::delete(&ctx, &staff, path.into_inner()).await?;
    Ok(MessageResponse::data(blog_admin::DELETED))
}

/// Set a post's header image
///
/// Uploads the post's header image (JPEG or PNG, checked by content).
#[utoipa::path(
    operation_id = "staffSetBlogPostImage",
    tag = "content-staff",
    security(("bearer" = ["staff"])),
    params(("id" = i64, Path, description = "The post's id")),
    request_body(content = SingleFileUpload, content_type = "multipart/form-data"),
    responses(
        (status = 200, description = "Saved.", body = Data<StaffBlogPost>),
        (status = 400, description = "Not a usable picture.", body = kernel::ErrorBody),
        (status = 404, description = "Not staff, or no such post.", body = kernel::ErrorBody),
    )
)]
#[post("/staff/blog/posts/{id}/set-image")]
pub async fn set_image(
    ctx: web::Data<AppContext>,
    staff: Staff,
    path: web::Path<i64>,
    form: SingleFile,
) -> AppResult<web::Json<Data<StaffBlogPost>>> {
    let upload = form.bytes;
    let saved = blog_admin::set_image(&ctx, &staff, path.into_inner(), upload).await?;
    Ok(Data::new(staff_view(&ctx, saved).await?))
}

/// A category with how many posts use it.
#[derive(Debug, Serialize, ToSchema)]
pub struct StaffBlogCategory {
    #[serde(flatten)]
    pub category: BlogCategory,
    pub posts: u64,
}

/// What staff write for a category; a blank `slug` is made from the name.
#[derive(Debug, Deserialize, Validate, ToSchema)]
pub struct BlogCategoryRequest {
    #[validate(nested)]
    #[schema(schema_with = kernel::input::schema::<Text<100, Long>>)]
    pub name: Given<Text<100, Long>>,
    #[serde(default, deserialize_with = "kernel::input::optional")]
    #[validate(nested)]
    #[schema(schema_with = kernel::input::optional_schema::<Text<100>>)]
    pub slug: Option<Given<Text<100>>>,
}

impl BlogCategoryRequest {
    fn input(self) -> AppResult<CategoryInput> {
        Ok(CategoryInput {
            name: self.name.value()?.into_string(),
            slug: kernel::input::given_text(self.slug)?,
        })
    }
}

/// List blog categories (staff)
///
/// Every category with its number of posts.
#[utoipa::path(
    operation_id = "staffListBlogCategories",
    tag = "content-staff",
    security(("bearer" = ["staff"])),
    responses(
        (status = 200, description = "The categories, by name.", body = Data<Vec<StaffBlogCategory>>),
        (status = 404, description = "Not staff.", body = kernel::ErrorBody),
    )
)]
#[get("/staff/blog/categories")]
pub async fn categories(
    ctx: web::Data<AppContext>,
    _staff: Staff,
) -> AppResult<web::Json<Data<Vec<StaffBlogCategory>>>> {
    let all = blog_admin::categories(&ctx.db).await?;
    Ok(Data::new(
        all.into_iter()
            .map(|(c, posts)| StaffBlogCategory {
                category: BlogCategory::from_entity(c),
                posts,
            })
            .collect(),
    ))
}

/// Create a blog category
///
/// Adds a blog category; a blank slug is made from the name.
#[utoipa::path(
    operation_id = "staffCreateBlogCategory",
    tag = "content-staff",
    security(("bearer" = ["staff"])),
    request_body = BlogCategoryRequest,
    responses(
        (status = 201, description = "Created.", body = Data<BlogCategory>),
        (status = 400, description = "Invalid fields.", body = kernel::ErrorBody),
        (status = 404, description = "Not staff.", body = kernel::ErrorBody),
    )
)]
#[post("/staff/blog/categories")]
pub async fn create_category(
    ctx: web::Data<AppContext>,
    staff: Staff,
    body: ValidJson<BlogCategoryRequest>,
) -> AppResult<HttpResponse> {
    let saved = blog_admin::create_category(&ctx, &staff, body.into_inner().input()?).await?;
    Ok(HttpResponse::Created().json(kernel::Data {
        data: BlogCategory::from_entity(saved),
    }))
}

/// Update a blog category
///
/// Renames a category or changes its address.
#[utoipa::path(
    operation_id = "staffUpdateBlogCategory",
    tag = "content-staff",
    security(("bearer" = ["staff"])),
    params(("id" = i64, Path, description = "The category's id")),
    request_body = BlogCategoryRequest,
    responses(
        (status = 200, description = "Saved.", body = Data<BlogCategory>),
        (status = 400, description = "Invalid fields.", body = kernel::ErrorBody),
        (status = 404, description = "Not staff, or no such category.", body = kernel::ErrorBody),
    )
)]
#[put("/staff/blog/categories/{id}")]
pub async fn update_category(
    ctx: web::Data<AppContext>,
    staff: Staff,
    path: web::Path<i64>,
    body: ValidJson<BlogCategoryRequest>,
) -> AppResult<web::Json<Data<BlogCategory>>> {
    let saved =
        blog_admin::update_category(&ctx, &staff, path.into_inner(), body.into_inner().input()?)
            .await?;
    Ok(Data::new(BlogCategory::from_entity(saved)))
}

/// Delete a blog category
///
/// Deletes a category no post uses (409 otherwise).
#[utoipa::path(
    operation_id = "staffDeleteBlogCategory",
    tag = "content-staff",
    security(("bearer" = ["staff"])),
    params(("id" = i64, Path, description = "The category's id")),
    responses(
        (status = 200, description = "Deleted.", body = Data<MessageResponse>, example = json!({"data": {"message": blog_admin::CATEGORY_DELETED}})),
        (status = 404, description = "Not staff, or no such category.", body = kernel::ErrorBody),
        (status = 409, description = "Posts still use it.", body = kernel::ErrorBody),
    )
)]
#[delete("/staff/blog/categories/{id}")]
pub async fn delete_category(
    ctx: web::Data<AppContext>,
    staff: Staff,
    path: web::Path<i64>,
) -> AppResult<web::Json<Data<MessageResponse>>> {
    blog_admin::delete_category(&ctx, &staff, path.into_inner()).await?;
    Ok(MessageResponse::data(blog_admin::CATEGORY_DELETED))
}
