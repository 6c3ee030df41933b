//! The staff console's menus: items with one level of sub-menus, each leading to a CMS
//! page or an address, in the order staff put them.

use audit::Decision;
use kernel::{AppContext, AppError, AppResult, Staff};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder, Set,
};
use serde::Serialize;

use super::{authoring, pages};
use crate::entity::menu_item;
use crate::enums::MenuName;
use kernel::links::is_web_address;

pub const DELETED: &str = "The menu item has been deleted.";
pub const NO_SUCH_PAGE: &str = "No page has this address.";
pub const BAD_PARENT: &str = "Sub-menus go under a top-level item of the same menu.";
pub const ONE_TARGET: &str = "Link to a page or to an address, not both.";

/// What staff write for an item.
#[derive(Debug, Clone, Serialize)]
pub struct ItemInput {
    pub title: String,
    pub parent_id: Option<i64>,
    pub page_slug: Option<String>,
    pub link_url: Option<String>,
}

async fn check(
    db: &impl ConnectionTrait,
    menu: MenuName,
    input: &ItemInput,
    current: Option<i64>,
) -> AppResult<()> {
    if input.page_slug.is_some() && input.link_url.is_some() {
        return Err(AppError::field("link_url", ONE_TARGET));
    }
    if input
        .link_url
        .as_deref()
        .is_some_and(|u| !is_web_address(u))
    {
        return Err(AppError::field(
            "link_url",
            kernel::links::NOT_A_WEB_ADDRESS,
        ));
    }
    if let Some(slug) = &input.page_slug
        && !pages::exists(db, slug).await?
    {
        return Err(AppError::field("page_slug", NO_SUCH_PAGE));
    }
    if let Some(parent_id) = input.parent_id {
        let parent = menu_item::Entity::find_by_id(parent_id).one(db).await?;
        let fits = parent
            .is_some_and(|p| p.menu == menu && p.parent_id.is_none() && Some(p.id) != current);
        let has_children = match current {
            Some(id) => !children(db, id).await?.is_empty(),
            None => false,
        };
        if !fits || has_children {
            return Err(AppError::field("parent_id", BAD_PARENT));
        }
    }
    Ok(())
}

async fn children(db: &impl ConnectionTrait, id: i64) -> AppResult<Vec<menu_item::Model>> {
    Ok(menu_item::Entity::find()
        .filter(menu_item::Column::ParentId.eq(id))
        .all(db)
        .await?)
}

async fn siblings(
    db: &impl ConnectionTrait,
    menu: MenuName,
    parent: Option<i64>,
) -> AppResult<Vec<menu_item::Model>> {
    let select = menu_item::Entity::find().filter(menu_item::Column::Menu.eq(menu));
    let select = match parent {
        Some(id) => select.filter(menu_item::Column::ParentId.eq(id)),
        None => select.filter(menu_item::Column::ParentId.is_null()),
    };
    Ok(select
        .order_by_asc(menu_item::Column::Position)
        .order_by_asc(menu_item::Column::Id)
        .all(db)
        .await?)
}

pub async fn get(db: &impl ConnectionTrait, id: i64) -> AppResult<menu_item::Model> {
    menu_item::Entity::find_by_id(id)
        .one(db)
        .await?
        .ok_or_else(AppError::not_found)
}

fn snapshot(item: &menu_item::Model) -> serde_json::Value {
    serde_json::json!({
        "menu": item.menu, "title": item.title, "parent_id": item.parent_id,
        "position": item.position, "page_slug": item.page_slug, "link_url": item.link_url,
        "image": item.image,
    })
}

/// Adds an item at the end of its level.
pub async fn create(
    ctx: &AppContext,
    staff: &Staff,
    menu: MenuName,
    input: ItemInput,
) -> AppResult<menu_item::Model> {
    let decision = Decision::creating(&ctx.db, staff, "menu_item.create", "menu_item").await?;
    check(decision.db(), menu, &input, None).await?;
    let position = siblings(decision.db(), menu, input.parent_id)
        .await?
        .last()
        .map_or(0, |last| last.position + 1);
    let saved = menu_item::ActiveModel {
        menu: Set(menu),
        parent_id: Set(input.parent_id),
        position: Set(position),
        title: Set(input.title.trim().to_owned()),
        page_slug: Set(input.page_slug),
        link_url: Set(input.link_url),
        image: Set(None),
        ..Default::default()
    }
    .insert(decision.db())
    .await?;
    decision.on(saved.id).commit((), snapshot(&saved)).await?;
    Ok(saved)
}

/// Changes an item; moving it under another parent puts it last there.
pub async fn update(
    ctx: &AppContext,
    staff: &Staff,
    id: i64,
    input: ItemInput,
) -> AppResult<menu_item::Model> {
    let decision = Decision::by(&ctx.db, staff, "menu_item.update", "menu_item", id).await?;
    let current = get(decision.db(), id).await?;
    let menu = current.menu;
    check(decision.db(), menu, &input, Some(id)).await?;
    let before = snapshot(&current);
    let moved = current.parent_id != input.parent_id;
    let position = if moved {
        siblings(decision.db(), current.menu, input.parent_id)
            .await?
            .last()
            .map_or(0, |last| last.position + 1)
    } else {
        current.position
    };
    let mut active: menu_item::ActiveModel = current.into();
    active.title = Set(input.title.trim().to_owned());
    active.parent_id = Set(input.parent_id);
    active.position = Set(position);
    active.page_slug = Set(input.page_slug);
    active.link_url = Set(input.link_url);
    let saved = active.update(decision.db()).await?;
    decision.commit(before, snapshot(&saved)).await?;
    Ok(saved)
}

/// Swaps an item with its neighbour above (`up`) or below.
pub async fn move_item(ctx: &AppContext, staff: &Staff, id: i64, up: bool) -> AppResult<()> {
    let decision = Decision::by(&ctx.db, staff, "menu_item.move", "menu_item", id).await?;
    let current = get(decision.db(), id).await?;
    let level = siblings(decision.db(), current.menu, current.parent_id).await?;
    let Some(index) = level.iter().position(|i| i.id == id) else {
        return Err(AppError::not_found());
    };
    let neighbour = if up {
        index.checked_sub(1)
    } else {
        Some(index + 1)
    };
    let Some(other) = neighbour.and_then(|n| level.get(n)) else {
        return Ok(());
    };
    // Positions are rewritten densely so that equal positions cannot stall a move.
    let mut order: Vec<i64> = level.iter().map(|i| i.id).collect();
    let other_index = order.iter().position(|&i| i == other.id).unwrap_or(index);
    order.swap(index, other_index);
    for (position, item_id) in order.iter().enumerate() {
        let mut active: menu_item::ActiveModel = get(decision.db(), *item_id).await?.into();
        active.position = Set(i32::try_from(position).unwrap_or(i32::MAX));
        active.update(decision.db()).await?;
    }
    decision
        .commit(
            serde_json::json!({"position": index}),
            serde_json::json!({"position": other_index}),
        )
        .await?;
    Ok(())
}

/// Deletes an item with its sub-menus.
pub async fn delete(ctx: &AppContext, staff: &Staff, id: i64) -> AppResult<()> {
    let decision = Decision::by(&ctx.db, staff, "menu_item.delete", "menu_item", id).await?;
    let current = get(decision.db(), id).await?;
    let kids = children(decision.db(), id).await?;
    let mut images: Vec<String> = kids.iter().filter_map(|k| k.image.clone()).collect();
    images.extend(current.image.clone());
    menu_item::Entity::delete_many()
        .filter(menu_item::Column::ParentId.eq(id))
        .exec(decision.db())
        .await?;
    menu_item::Entity::delete_by_id(id)
        .exec(decision.db())
        .await?;
    let mut before = snapshot(&current);
    before["sub_menus"] = kids.iter().map(snapshot).collect();
    decision
        .commit_replacing(before, (), ctx.storage.as_ref(), images)
        .await?;
    Ok(())
}

/// Sets an item's picture.
pub async fn set_image(
    ctx: &AppContext,
    staff: &Staff,
    id: i64,
    upload: Vec<u8>,
) -> AppResult<menu_item::Model> {
    get(&ctx.db, id).await?;
    let key =
        media::images::accept(ctx.storage.as_ref(), "menus", upload, authoring::PICTURE).await?;
    let decision = Decision::by(&ctx.db, staff, "menu_item.set_image", "menu_item", id).await?;
    let current = get(decision.db(), id).await?;
    let old = current.image.clone();
    let mut active: menu_item::ActiveModel = current.into();
    active.image = Set(Some(key.clone()));
    let saved = active.update(decision.db()).await?;
    decision
        .commit_replacing(
            serde_json::json!({"image": old}),
            serde_json::json!({"image": key}),
            ctx.storage.as_ref(),
            old,
        )
        .await?;
    Ok(saved)
}
