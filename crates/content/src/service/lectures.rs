//! Expert lectures (spec 2 §2 Lectures): a video with its poster, speaker and tags.

use kernel::json_list::JsonList;
use kernel::{AppError, AppResult, Page, PageParams};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder, Set,
};

use crate::entity::lecture;

pub const PER_PAGE: u64 = 10;

/// Lectures in their order, newest first within it.
pub async fn list(
    db: &impl ConnectionTrait,
    params: &PageParams,
) -> AppResult<Page<lecture::Model>> {
    let select = lecture::Entity::find()
        .order_by_asc(lecture::Column::Position)
        .order_by_desc(lecture::Column::CreatedAt)
        .order_by_desc(lecture::Column::Id);
    kernel::pagination::paginate(db, select, params, PER_PAGE).await
}

pub async fn get(db: &impl ConnectionTrait, id: i64) -> AppResult<lecture::Model> {
    lecture::Entity::find_by_id(id)
        .one(db)
        .await?
        .ok_or_else(AppError::not_found)
}

/// A lecture as staff or the seed write it.
#[derive(Debug, Clone)]
pub struct LectureDraft {
    pub title: String,
    pub author: String,
    pub summary: Option<String>,
    pub tags: Vec<String>,
    pub image: Option<String>,
    pub video_file: Option<String>,
    pub video_url: Option<String>,
    pub position: i32,
}

/// Adds a lecture unless one with the same title exists (the seed runs again safely); its
/// captions are the caller's to add (`lecture_captions::add_once`).
pub async fn add_once(db: &impl ConnectionTrait, draft: LectureDraft) -> AppResult<lecture::Model> {
    if let Some(found) = lecture::Entity::find()
        .filter(lecture::Column::Title.eq(&draft.title))
        .one(db)
        .await?
    {
        return Ok(found);
    }
    let saved = lecture::ActiveModel {
        title: Set(draft.title),
        author: Set(draft.author),
        summary: Set(draft.summary),
        tags: Set(JsonList(draft.tags)),
        image: Set(draft.image),
        video_file: Set(draft.video_file),
        video_url: Set(draft.video_url),
        position: Set(draft.position),
        created_at: Set(kernel::clock::now()),
        ..Default::default()
    }
    .insert(db)
    .await?;
    Ok(saved)
}
