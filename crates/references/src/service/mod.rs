//! A place's references: listed in one statement, added once each (checked, canonical,
//! unique per place under an index, at most `policy::MAX_PER_PLACE`), removed by editors.

use kernel::{AppContext, AppError, AppResult, CurrentUser};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder, Set,
};

use crate::entity::reference;
use crate::enums::PlaceType;
use crate::identifiers::Identifier;
use crate::policy;
use crate::target::{Places, Standing};

pub const REMOVED: &str = "The link has been removed.";
pub const ALREADY: &str = "This is already linked here.";
pub const FULL: &str = "A place links at most 20 trials and publications: remove one first.";

/// A place's references, oldest first, and how the viewer stands to the place.
pub async fn list(
    ctx: &AppContext,
    places: &Places,
    kind: PlaceType,
    id: i64,
    viewer: Option<&CurrentUser>,
) -> AppResult<(Vec<reference::Model>, Standing)> {
    let standing = places.standing(kind, id, viewer).await?;
    let found = reference::Entity::find()
        .filter(reference::Column::PlaceType.eq(kind))
        .filter(reference::Column::PlaceId.eq(id))
        .order_by_asc(reference::Column::Id)
        .all(&ctx.db)
        .await?;
    Ok((found, standing))
}

/// `user` links `text` (an identifier or its registry's link) to the place.
pub async fn add(
    ctx: &AppContext,
    places: &Places,
    user: &CurrentUser,
    kind: PlaceType,
    id: i64,
    text: &str,
) -> AppResult<reference::Model> {
    let standing = places.standing(kind, id, Some(user)).await?;
    if !policy::may_edit(standing) {
        return Err(AppError::forbidden());
    }
    let identifier = Identifier::parse(text).map_err(|e| AppError::field("identifier", e))?;
    let txn = kernel::db::begin_write(&ctx.db).await?;
    let count = reference::Entity::find()
        .filter(reference::Column::PlaceType.eq(kind))
        .filter(reference::Column::PlaceId.eq(id))
        .count(&txn)
        .await?;
    if !policy::has_room(count) {
        return Err(AppError::conflict("references_full", FULL));
    }
    let saved = reference::ActiveModel {
        place_type: Set(kind),
        place_id: Set(id),
        kind: Set(identifier.kind),
        identifier_key: Set(identifier.key()),
        identifier: Set(identifier.value.clone()),
        added_by_id: Set(user.id),
        created_at: Set(kernel::clock::now()),
        ..Default::default()
    }
    .insert(&txn)
    .await
    .map_err(|e| {
        if kernel::db::is_unique_violation(&e) {
            AppError::conflict("already_linked", ALREADY)
        } else {
            e.into()
        }
    })?;
    txn.commit().await?;
    tokio::spawn(crate::metadata::fill_title(
        ctx.clone(),
        saved.id,
        identifier,
    ));
    Ok(saved)
}

/// `user` removes reference `id` from its place.
pub async fn remove(
    ctx: &AppContext,
    places: &Places,
    user: &CurrentUser,
    id: i64,
) -> AppResult<()> {
    let found = reference::Entity::find_by_id(id)
        .one(&ctx.db)
        .await?
        .ok_or_else(AppError::not_found)?;
    let standing = places
        .standing(found.place_type, found.place_id, Some(user))
        .await?;
    if !policy::may_edit(standing) {
        return Err(AppError::forbidden());
    }
    reference::Entity::delete_by_id(id).exec(&ctx.db).await?;
    Ok(())
}
