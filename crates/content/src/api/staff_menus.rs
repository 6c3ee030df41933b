//! `/staff/menus`: the site's menus in the staff console. Staff only (404 otherwise).

use actix_web::{HttpResponse, delete, get, post, put, web};
use kernel::extract::ValidJson;
use kernel::input::{Given, Long, Text, URL_MAX};
use kernel::upload::{SingleFile, SingleFileUpload};
use kernel::{AppContext, AppResult, Data, Staff};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use validator::Validate;

use super::MessageResponse;
use crate::entity::menu_item;
use crate::enums::MenuName;
use crate::service::menus::{self, Entry};
use crate::service::menus_admin::{self, ItemInput};
use crate::service::pages::route_of;

/// A menu item as the console edits it.
#[derive(Debug, Serialize, ToSchema)]
pub struct StaffMenuItem {
    pub id: i64,
    pub parent_id: Option<i64>,
    pub position: i32,
    pub title: String,
    pub image: Option<String>,
    pub link_url: Option<String>,
    pub page_slug: Option<String>,
    /// Where a page link leads on the site.
    pub page_link: Option<String>,
    #[schema(no_recursion)]
    pub sub_menus: Vec<StaffMenuItem>,
}

fn view(ctx: &AppContext, item: menu_item::Model, children: Vec<Entry>) -> StaffMenuItem {
    StaffMenuItem {
        id: item.id,
        parent_id: item.parent_id,
        position: item.position,
        image: item.image.as_deref().map(|k| ctx.storage.url(k)),
        page_link: item.page_slug.as_deref().map(route_of),
        title: item.title,
        link_url: item.link_url,
        page_slug: item.page_slug,
        sub_menus: children
            .into_iter()
            .map(|c| view(ctx, c.item, c.children))
            .collect(),
    }
}

/// What staff write for a menu item: a page (by slug) or an address, or neither for a
/// heading over sub-menus.
#[derive(Debug, Deserialize, Validate, ToSchema)]
pub struct MenuItemRequest {
    #[validate(nested)]
    #[schema(schema_with = kernel::input::schema::<Text<100, Long>>)]
    pub title: Given<Text<100, Long>>,
    /// A top-level item of the same menu, for a sub-menu.
    pub parent_id: Option<i64>,
    /// A page's slug, as the page is written (`/` around it is dropped).
    #[serde(default, deserialize_with = "kernel::input::optional")]
    #[validate(nested)]
    #[schema(schema_with = kernel::input::optional_schema::<Text<200, Long>>)]
    pub page_slug: Option<Given<Text<200, Long>>>,
    #[serde(default, deserialize_with = "kernel::input::optional")]
    #[validate(nested)]
    #[schema(schema_with = kernel::input::optional_schema::<Text<URL_MAX>>)]
    pub link_url: Option<Given<Text<URL_MAX>>>,
}

impl MenuItemRequest {
    fn input(self) -> AppResult<ItemInput> {
        Ok(ItemInput {
            title: self.title.value()?.into_string(),
            parent_id: self.parent_id,
            page_slug: kernel::input::given_text(self.page_slug)?
                .map(|slug| slug.trim_matches('/').to_owned()),
            link_url: kernel::input::given_text(self.link_url)?,
        })
    }
}

/// Which way to move an item among its siblings.
#[derive(Debug, Deserialize, ToSchema, Validate)]
pub struct MoveRequest {
    /// `true` moves it up (earlier), `false` down.
    pub up: bool,
}

/// Get a menu (staff)
///
/// A menu with its sub-menus, in order.
#[utoipa::path(
    operation_id = "staffGetMenu",
    tag = "content-staff",
    security(("bearer" = ["staff"])),
    params(("menu" = inline(MenuName), Path, description = "`main` or `lgp`")),
    responses(
        (status = 200, description = "The menu's items.", body = Data<Vec<StaffMenuItem>>),
        (status = 404, description = "Not staff, or no such menu.", body = kernel::ErrorBody),
    )
)]
#[get("/staff/menus/{menu}")]
pub async fn tree(
    ctx: web::Data<AppContext>,
    _staff: Staff,
    path: web::Path<MenuName>,
) -> AppResult<web::Json<Data<Vec<StaffMenuItem>>>> {
    let entries = menus::tree(&ctx.db, path.into_inner()).await?;
    Ok(Data::new(
        entries
            .into_iter()
            .map(|e| view(&ctx, e.item, e.children))
            .collect(),
    ))
}

/// Create a menu item
///
/// Adds an item at the end of its level.
#[utoipa::path(
    operation_id = "staffCreateMenuItem",
    tag = "content-staff",
    security(("bearer" = ["staff"])),
    params(("menu" = inline(MenuName), Path, description = "`main` or `lgp`")),
    request_body = MenuItemRequest,
    responses(
        (status = 201, description = "Created.", body = Data<StaffMenuItem>),
        (status = 400, description = "Invalid fields.", body = kernel::ErrorBody),
        (status = 404, description = "Not staff.", body = kernel::ErrorBody),
    )
)]
#[post("/staff/menus/{menu}/items")]
pub async fn create(
    ctx: web::Data<AppContext>,
    staff: Staff,
    path: web::Path<MenuName>,
    body: ValidJson<MenuItemRequest>,
) -> AppResult<HttpResponse> {
    let saved =
        menus_admin::create(&ctx, &staff, path.into_inner(), body.into_inner().input()?).await?;
    Ok(HttpResponse::Created().json(kernel::Data {
        data: view(&ctx, saved, Vec::new()),
    }))
}

/// Update a menu item
///
/// Changes an item (moving it under another parent puts it last there).
#[utoipa::path(
    operation_id = "staffUpdateMenuItem",
    tag = "content-staff",
    security(("bearer" = ["staff"])),
    params(("id" = i64, Path, description = "The item's id")),
    request_body = MenuItemRequest,
    responses(
        (status = 200, description = "Saved.", body = Data<StaffMenuItem>),
        (status = 400, description = "Invalid fields.", body = kernel::ErrorBody),
        (status = 404, description = "Not staff, or no such item.", body = kernel::ErrorBody),
    )
)]
#[put("/staff/menus/items/{id}")]
pub async fn update(
    ctx: web::Data<AppContext>,
    staff: Staff,
    path: web::Path<i64>,
    body: ValidJson<MenuItemRequest>,
) -> AppResult<web::Json<Data<StaffMenuItem>>> {
    let saved =
        menus_admin::update(&ctx, &staff, path.into_inner(), body.into_inner().input()?).await?;
    Ok(Data::new(view(&ctx, saved, Vec::new())))
}

/// Move a menu item
///
/// Moves an item one place up or down among its siblings.
#[utoipa::path(
    operation_id = "staffMoveMenuItem",
    tag = "content-staff",
    security(("bearer" = ["staff"])),
    params(("id" = i64, Path, description = "The item's id")),
    request_body = MoveRequest,
    responses(
        (status = 200, description = "Moved (or already first or last).", body = Data<MessageResponse>, example = json!({"data": {"message": "The menu item has been moved."}})),
        (status = 404, description = "Not staff, or no such item.", body = kernel::ErrorBody),
    )
)]
#[post("/staff/menus/items/{id}/move")]
pub async fn move_item(
    ctx: web::Data<AppContext>,
    staff: Staff,
    path: web::Path<i64>,
    body: ValidJson<MoveRequest>,
) -> AppResult<web::Json<Data<MessageResponse>>> {
    menus_admin::move_item(&ctx, &staff, path.into_inner(), body.up).await?;
    Ok(MessageResponse::data("The menu item has been moved."))
}

/// Delete a menu item
///
/// Deletes an item with its sub-menus.
#[utoipa::path(
    operation_id = "staffDeleteMenuItem",
    tag = "content-staff",
    security(("bearer" = ["staff"])),
    params(("id" = i64, Path, description = "The item's id")),
    responses(
        (status = 200, description = "Deleted.", body = Data<MessageResponse>, example = json!({"data": {"message": menus_admin::DELETED}})),
        (status = 404, description = "Not staff, or no such item.", body = kernel::ErrorBody),
    )
)]
#[delete("/staff/menus/items/{id}")]
pub async fn remove(
    ctx: web::Data<AppContext>,
    staff: Staff,
    path: web::Path<i64>,
) -> AppResult<web::Json<Data<MessageResponse>>> {
    menus_admin::delete(&ctx, &staff, path.into_inner()).await?;
    Ok(MessageResponse::data(menus_admin::DELETED))
}

/// Set a menu item's picture
///
/// Uploads an item's picture.
#[utoipa::path(
    operation_id = "staffSetMenuItemImage",
    tag = "content-staff",
    security(("bearer" = ["staff"])),
    params(("id" = i64, Path, description = "The item's id")),
    request_body(content = SingleFileUpload, content_type = "multipart/form-data"),
    responses(
        (status = 200, description = "Saved.", body = Data<StaffMenuItem>),
        (status = 400, description = "Not a usable picture.", body = kernel::ErrorBody),
        (status = 404, description = "Not staff, or no such item.", body = kernel::ErrorBody),
    )
)]
#[post("/staff/menus/items/{id}/set-image")]
pub async fn set_image(
    ctx: web::Data<AppContext>,
    staff: Staff,
    path: web::Path<i64>,
    form: SingleFile,
) -> AppResult<web::Json<Data<StaffMenuItem>>> {
    let upload = form.bytes;
    let saved = menus_admin::set_image(&ctx, &staff, path.into_inner(), upload).await?;
    Ok(Data::new(view(&ctx, saved, Vec::new())))
}
