//! What a table of updates names so that the shared code can read and write it.

use chrono::{DateTime, Utc};
use sea_orm::{EntityTrait, IntoActiveModel};

use crate::UpdateStatus;

/// One update as every kind has it, whatever its owner's column is called.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UpdateRow {
    pub id: i64,
    /// The working group or project it belongs to.
    pub owner_id: i64,
    pub title: String,
    /// Rich text, sanitised on write.
    pub text: String,
    /// Storage key of the picture.
    pub image: Option<String>,
    pub video_url: Option<String>,
    pub created_by_id: i64,
    pub approved_status: UpdateStatus,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    pub hidden_at: Option<DateTime<Utc>>,
    pub hidden_reason: Option<String>,
}

/// A table of owners' updates: the next kind of update gets writing, review, moderation and
/// views by naming its columns here.
pub trait UpdateTable:
    EntityTrait<Model: IntoActiveModel<<Self as EntityTrait>::ActiveModel> + Sync, ActiveModel: Send>
{
    /// The kind's name in the audit log (`group_update`: `group_update.approve`).
    const KIND: &'static str;
    /// The owner's key in the audit log's before and after (`group_id`).
    const OWNER_KEY: &'static str;
    /// The storage folder of its owners' files (`groups`: `groups/{id}/updates/…`).
    const FOLDER: &'static str;
    const ID: Self::Column;
    const OWNER: Self::Column;
    const TITLE: Self::Column;
    const TEXT: Self::Column;
    const IMAGE: Self::Column;
    const VIDEO_URL: Self::Column;
    const CREATED_BY: Self::Column;
    const STATUS: Self::Column;
    const CREATED_AT: Self::Column;
    const UPDATED_AT: Self::Column;
    const HIDDEN_AT: Self::Column;
    const HIDDEN_REASON: Self::Column;

    /// The update's fields.
    fn row(update: &Self::Model) -> UpdateRow;
}

/// Implements [`UpdateTable`] for the `Entity` of the module it is called in, whose `Model`
/// has the columns every update has and names its owner `$owner` (column `$owner_column`):
/// `owner_updates::update_table!("group_update", "groups", group_id, GroupId);`.
#[macro_export]
macro_rules! update_table {
    ($kind:literal, $folder:literal, $owner:ident, $owner_column:ident) => {
        impl $crate::UpdateTable for Entity {
            const KIND: &'static str = $kind;
            const OWNER_KEY: &'static str = stringify!($owner);
            const FOLDER: &'static str = $folder;
            const ID: Column = Column::Id;
            const OWNER: Column = Column::$owner_column;
            const TITLE: Column = Column::Title;
            const TEXT: Column = Column::Text;
            const IMAGE: Column = Column::Image;
            const VIDEO_URL: Column = Column::VideoUrl;
            const CREATED_BY: Column = Column::CreatedById;
            const STATUS: Column = Column::ApprovedStatus;
            const CREATED_AT: Column = Column::CreatedAt;
            const UPDATED_AT: Column = Column::UpdatedAt;
            const HIDDEN_AT: Column = Column::HiddenAt;
            const HIDDEN_REASON: Column = Column::HiddenReason;

            fn row(update: &Model) -> $crate::UpdateRow {
                $crate::UpdateRow {
                    id: update.id,
                    owner_id: update.$owner,
                    title: update.title.clone(),
                    text: update.text.clone(),
                    image: update.image.clone(),
                    video_url: update.video_url.clone(),
                    created_by_id: update.created_by_id,
                    approved_status: update.approved_status,
                    created_at: update.created_at,
                    updated_at: update.updated_at,
                    hidden_at: update.hidden_at,
                    hidden_reason: update.hidden_reason.clone(),
                }
            }
        }
    };
}
