use actix_web::{get, web};
use kernel::{AppContext, AppResult, Data};
use serde::Serialize;
use utoipa::ToSchema;

use crate::blocks::{self, Block};
use crate::enums::TitleAlign;
use crate::service::pages;

/// A CMS page; landing pages add their blocks.
#[derive(Debug, Serialize, ToSchema)]
pub struct ContentPage {
    pub slug: String,
    pub title: String,
    pub before_title: Option<String>,
    pub title_align: TitleAlign,
    /// HTML (sanitised).
    pub body: String,
    /// A landing page's typed blocks (empty for other pages).
    pub blocks: Vec<Block>,
    pub articles_in_line: Option<i32>,
    pub first_alone: bool,
    pub meta_title: Option<String>,
    pub meta_description: Option<String>,
}

/// Get a content page
///
/// A content page by slug (slugs may have a path, as `aspect-in-stroke/home`).
#[utoipa::path(
    operation_id = "getPage",
    tag = "content",
    params(("slug" = String, Path, description = "The page's slug")),
    responses(
        (status = 200, description = "The page.", body = Data<ContentPage>),
        (status = 404, description = "No such page.", body = kernel::ErrorBody),
    )
)]
#[get("/pages/{slug:.+}")]
pub async fn page(
    ctx: web::Data<AppContext>,
    path: web::Path<String>,
) -> AppResult<web::Json<Data<ContentPage>>> {
    let page = pages::by_slug(&ctx.db, &path).await?;
    Ok(Data::new(ContentPage {
        blocks: blocks::parse(&page.blocks),
        title_align: page.title_align,
        slug: page.slug,
        title: page.title,
        before_title: page.before_title,
        body: page.body,
        articles_in_line: page.articles_in_line,
        first_alone: page.first_alone,
        meta_title: page.meta_title,
        meta_description: page.meta_description,
    }))
}
