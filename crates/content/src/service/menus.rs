//! Menus (spec 1 §3 Menu item): items in order, each with its sub-menu.

use kernel::AppResult;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder, Set,
};

use crate::entity::menu_item;
use crate::enums::MenuName;

/// A menu item with its sub-items, in order.
pub struct Entry {
    pub item: menu_item::Model,
    pub children: Vec<Entry>,
}

/// The items of a menu as a tree.
pub async fn tree(db: &impl ConnectionTrait, menu: MenuName) -> AppResult<Vec<Entry>> {
    let items = menu_item::Entity::find()
        .filter(menu_item::Column::Menu.eq(menu.as_str()))
        .order_by_asc(menu_item::Column::Position)
        .order_by_asc(menu_item::Column::Id)
        .all(db)
        .await?;
    Ok(children_of(None, &items))
}

fn children_of(parent: Option<i64>, items: &[menu_item::Model]) -> Vec<Entry> {
    items
        .iter()
        .filter(|i| i.parent_id == parent)
        .map(|item| Entry {
            item: item.clone(),
            children: children_of(Some(item.id), items),
        })
        .collect()
}

/// An item to add: a page of the site (`page_slug`) or an address (`link_url`).
pub struct NewItem<'a> {
    pub title: &'a str,
    pub page_slug: Option<&'a str>,
    pub link_url: Option<&'a str>,
    pub children: Vec<NewItem<'a>>,
}

/// Replaces a menu with `items`.
pub async fn replace(
    db: &impl ConnectionTrait,
    menu: MenuName,
    items: Vec<NewItem<'_>>,
) -> AppResult<()> {
    menu_item::Entity::delete_many()
        .filter(menu_item::Column::Menu.eq(menu.as_str()))
        .exec(db)
        .await?;
    let mut stack: Vec<(Option<i64>, Vec<NewItem<'_>>)> = vec![(None, items)];
    while let Some((parent, level)) = stack.pop() {
        for (position, item) in level.into_iter().enumerate() {
            let saved = menu_item::ActiveModel {
                menu: Set(menu),
                parent_id: Set(parent),
                position: Set(i32::try_from(position).unwrap_or(i32::MAX)),
                title: Set(item.title.to_owned()),
                link_url: Set(item.link_url.map(str::to_owned)),
                page_slug: Set(item.page_slug.map(str::to_owned)),
                ..Default::default()
            }
            .insert(db)
            .await?;
            if !item.children.is_empty() {
                stack.push((Some(saved.id), item.children));
            }
        }
    }
    Ok(())
}
