use actix_web::{get, web};
use kernel::{AppContext, AppResult, Data};
use serde::Serialize;
use utoipa::ToSchema;

use crate::enums::MenuName;
use crate::service::menus::{self, Entry};
use crate::service::pages::route_of;

/// A menu item.
#[derive(Debug, Serialize, ToSchema)]
pub struct MenuItem {
    pub title: String,
    pub image: Option<String>,
    /// An address elsewhere.
    pub link_url: Option<String>,
    /// A page of the site, by slug.
    pub page_slug: Option<String>,
    /// Where the site shows that page.
    pub page_link: Option<String>,
    #[schema(no_recursion)]
    pub sub_menus: Vec<MenuItem>,
}

fn item(ctx: &AppContext, entry: Entry) -> MenuItem {
    MenuItem {
        title: entry.item.title,
        image: entry.item.image.as_deref().map(|k| ctx.storage.url(k)),
        link_url: entry.item.link_url,
        page_link: entry.item.page_slug.as_deref().map(route_of),
        page_slug: entry.item.page_slug,
        sub_menus: entry.children.into_iter().map(|c| item(ctx, c)).collect(),
    }
}

async fn menu(ctx: &AppContext, name: MenuName) -> AppResult<web::Json<Data<Vec<MenuItem>>>> {
    let tree = menus::tree(&ctx.db, name).await?;
    Ok(Data::new(tree.into_iter().map(|e| item(ctx, e)).collect()))
}

/// Main menu
///
/// The site's main menu.
#[utoipa::path(
    operation_id = "getMenu",
    tag = "content",
    responses((status = 200, description = "Menu items with their sub-menus.", body = Data<Vec<MenuItem>>))
)]
#[get("/menus")]
pub async fn main(ctx: web::Data<AppContext>) -> AppResult<web::Json<Data<Vec<MenuItem>>>> {
    menu(&ctx, MenuName::Main).await
}

/// Prize menu
///
/// The prize pages' menu.
#[utoipa::path(
    operation_id = "getLgpMenu",
    tag = "content",
    responses((status = 200, description = "Menu items with their sub-menus.", body = Data<Vec<MenuItem>>))
)]
#[get("/menus/lgp")]
pub async fn lgp(ctx: web::Data<AppContext>) -> AppResult<web::Json<Data<Vec<MenuItem>>>> {
    menu(&ctx, MenuName::Lgp).await
}
