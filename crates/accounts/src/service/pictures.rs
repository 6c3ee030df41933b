//! The profile's avatar and background pictures.

use kernel::upload::FILE_FIELD;
use kernel::{AppContext, AppError, AppResult};
use media::images::{self, Processed, Shape};
use sea_orm::{ActiveModelTrait, Set};

use super::me;
use crate::entity::user;

/// Which of the profile's pictures an upload replaces.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Picture {
    Avatar,
    Background,
}

impl Picture {
    /// The client crops to 1200 px wide already; the server holds the same cap
    /// for clients that do not.
    fn shape(self) -> Shape {
        match self {
            Self::Avatar => Shape {
                max_width: 1200,
                thumbnail_side: 160,
            },
            Self::Background => Shape {
                max_width: 1200,
                thumbnail_side: 480,
            },
        }
    }

    fn folder(self, user_id: i64) -> String {
        match self {
            Self::Avatar => format!("avatars/{user_id}"),
            Self::Background => format!("backgrounds/{user_id}"),
        }
    }

    fn current(self, account: &user::Model) -> Option<String> {
        match self {
            Self::Avatar => account.avatar.clone(),
            Self::Background => account.profile_background.clone(),
        }
    }
}

/// Checks and stores a new picture, points the profile at it and removes the old one.
/// Returns the new picture's storage key.
pub async fn replace(
    ctx: &AppContext,
    user_id: i64,
    picture: Picture,
    upload: Vec<u8>,
) -> AppResult<String> {
    let account = me::find(&ctx.db, user_id).await?;
    let processed = process(upload, picture.shape()).await?;
    let key = images::store(ctx.storage.as_ref(), &picture.folder(user_id), &processed)
        .await
        .map_err(|e| AppError::Internal(e.into()))?;
    let previous = picture.current(&account);
    let mut active: user::ActiveModel = account.into();
    match picture {
        Picture::Avatar => active.avatar = Set(Some(key.clone())),
        Picture::Background => active.profile_background = Set(Some(key.clone())),
    }
    if let Err(e) = active.update(&ctx.db).await {
        discard(ctx, &key).await;
        return Err(e.into());
    }
    if let Some(previous) = previous {
        discard(ctx, &previous).await;
    }
    Ok(key)
}

/// Decoding is CPU work; it runs on the bounded picture pool.
async fn process(upload: Vec<u8>, shape: Shape) -> AppResult<Processed> {
    images::process_pooled(upload, shape, FILE_FIELD).await
}

/// A file nobody points at any more; failing to remove it costs only disk space.
async fn discard(ctx: &AppContext, key: &str) {
    if let Err(e) = images::delete(ctx.storage.as_ref(), key).await {
        tracing::warn!(error = %e, key, "could not remove a replaced picture");
    }
}
