//! Writing an update: a new one, an edit, its picture. Each waits for staff afterwards.

use kernel::{AppContext, AppResult, CurrentUser};
use media::images::{self, Shape};
use sea_orm::{ActiveModelTrait, IntoActiveModel};

use crate::{Draft, UpdateStatus, UpdateTable};

/// An update's picture: at most 1200 pixels wide, with a 480-pixel thumbnail.
const IMAGE_SHAPE: Shape = Shape {
    max_width: 1200,
    thumbnail_side: 480,
};

/// Sets `column` of an update being written.
fn put<T: UpdateTable>(
    active: &mut T::ActiveModel,
    column: T::Column,
    value: impl Into<sea_orm::Value>,
) {
    active.set(column, value.into());
}

/// Sets what the draft says and sends the update back to staff.
fn apply<T: UpdateTable>(active: &mut T::ActiveModel, draft: Draft) {
    put::<T>(active, T::TITLE, draft.title.into_string());
    put::<T>(active, T::TEXT, draft.text.into_string());
    put::<T>(active, T::VIDEO_URL, draft.video_url);
    back_to_review::<T>(active);
}

fn back_to_review<T: UpdateTable>(active: &mut T::ActiveModel) {
    put::<T>(active, T::STATUS, UpdateStatus::WaitingForApproval);
    put::<T>(active, T::UPDATED_AT, kernel::clock::now());
}

/// Writes `author`'s new update on owner `owner_id` (whose patient-data check the caller
/// has run); it waits for staff.
pub async fn insert<T: UpdateTable>(
    ctx: &AppContext,
    author: &CurrentUser,
    owner_id: i64,
    draft: Draft,
) -> AppResult<T::Model> {
    let mut active = <T::ActiveModel as ActiveModelTrait>::default();
    put::<T>(&mut active, T::OWNER, owner_id);
    put::<T>(&mut active, T::CREATED_BY, author.id);
    put::<T>(&mut active, T::IMAGE, None::<String>);
    put::<T>(&mut active, T::CREATED_AT, kernel::clock::now());
    apply::<T>(&mut active, draft);
    Ok(active.insert(&ctx.db).await?)
}

/// Saves an edit of `current` (which the caller may edit, its text checked), and removes
/// its picture when `clear_image`; it goes back to staff.
pub async fn edit<T: UpdateTable>(
    ctx: &AppContext,
    current: T::Model,
    draft: Draft,
    clear_image: bool,
) -> AppResult<T::Model> {
    let old_image = T::row(&current).image.filter(|_| clear_image);
    let mut active = current.into_active_model();
    apply::<T>(&mut active, draft);
    if clear_image {
        put::<T>(&mut active, T::IMAGE, None::<String>);
    }
    let saved = active.update(&ctx.db).await?;
    if let Some(key) = old_image {
        media::documents::discard(ctx.storage.as_ref(), &key).await;
    }
    Ok(saved)
}

/// Sets the picture of `current` (which the caller may edit) from `upload`, a JPEG or PNG
/// checked by content; it goes back to staff, and the picture it replaces is discarded.
pub async fn set_image<T: UpdateTable>(
    ctx: &AppContext,
    current: T::Model,
    upload: Vec<u8>,
) -> AppResult<T::Model> {
    let row = T::row(&current);
    let folder = format!("{}/{}/updates", T::FOLDER, row.owner_id);
    let key = images::accept(ctx.storage.as_ref(), &folder, upload, IMAGE_SHAPE).await?;
    let mut active = current.into_active_model();
    put::<T>(&mut active, T::IMAGE, Some(key));
    back_to_review::<T>(&mut active);
    let saved = active.update(&ctx.db).await?;
    if let Some(old) = row.image {
        media::documents::discard(ctx.storage.as_ref(), &old).await;
    }
    Ok(saved)
}
