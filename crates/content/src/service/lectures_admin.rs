//! The staff console's expert lectures: text, tags, order, a poster and a video (uploaded
//! and checked by content, or an address elsewhere).

use audit::Decision;
use kernel::json_list::JsonList;
use kernel::storage::unique_name;
use kernel::upload::SpooledFile;
use kernel::{AppContext, AppError, AppResult, Page, PageParams, Staff};
use sea_orm::{ActiveModelTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder, Set};
use serde::Serialize;

use super::lectures::get;
use super::{authoring, lecture_captions};
use crate::entity::lecture;

const PER_PAGE: u64 = 25;
pub const DELETED: &str = "The lecture has been deleted.";

/// Lectures whose title or speaker contains `search`, in their order.
pub async fn list(
    db: &impl ConnectionTrait,
    search: Option<&str>,
    params: &PageParams,
) -> AppResult<Page<lecture::Model>> {
    let mut select = lecture::Entity::find();
    if let Some(found) = search.and_then(|text| {
        fulltext::contains(&[lecture::Column::Title, lecture::Column::Author], text)
    }) {
        select = select.filter(found);
    }
    let select = select
        .order_by_asc(lecture::Column::Position)
        .order_by_desc(lecture::Column::CreatedAt)
        .order_by_desc(lecture::Column::Id);
    kernel::pagination::paginate(db, select, params, PER_PAGE).await
}

/// What staff write for a lecture; the poster and an uploaded video are sent apart.
#[derive(Debug, Clone, Serialize)]
pub struct LectureInput {
    pub title: String,
    pub author: String,
    pub summary: Option<String>,
    pub tags: Vec<String>,
    /// A video elsewhere; an uploaded video takes precedence.
    pub video_url: Option<String>,
    pub position: i32,
}

fn snapshot(l: &lecture::Model) -> serde_json::Value {
    serde_json::json!({
        "title": l.title, "author": l.author, "summary": l.summary,
        "tags": l.tags,
        "video_url": l.video_url, "video_file": l.video_file, "image": l.image,
        "position": l.position,
    })
}

fn fill(active: &mut lecture::ActiveModel, input: LectureInput) -> AppResult<()> {
    authoring::refuse_active_html(&[("summary", input.summary.as_deref().unwrap_or_default())])?;
    let tags: Vec<String> = input
        .tags
        .into_iter()
        .map(|t| t.trim().to_owned())
        .filter(|t| !t.is_empty())
        .collect();
    active.title = Set(input.title.trim().to_owned());
    active.author = Set(input.author.trim().to_owned());
    active.summary = Set(input.summary.map(|s| kernel::rich_text::sanitize_page(&s)));
    active.tags = Set(JsonList(tags));
    active.video_url = Set(input.video_url);
    active.position = Set(input.position);
    Ok(())
}

pub async fn create(
    ctx: &AppContext,
    staff: &Staff,
    input: LectureInput,
) -> AppResult<lecture::Model> {
    let mut active = lecture::ActiveModel {
        created_at: Set(kernel::clock::now()),
        image: Set(None),
        video_file: Set(None),
        ..Default::default()
    };
    fill(&mut active, input)?;
    let decision = Decision::creating(&ctx.db, staff, "lecture.create", "lecture").await?;
    let saved = active.insert(decision.db()).await?;
    decision.on(saved.id).commit((), snapshot(&saved)).await?;
    Ok(saved)
}

pub async fn update(
    ctx: &AppContext,
    staff: &Staff,
    id: i64,
    input: LectureInput,
) -> AppResult<lecture::Model> {
    let decision = Decision::by(&ctx.db, staff, "lecture.update", "lecture", id).await?;
    let current = get(decision.db(), id).await?;
    let before = snapshot(&current);
    let mut active: lecture::ActiveModel = current.into();
    fill(&mut active, input)?;
    let saved = active.update(decision.db()).await?;
    decision.commit(before, snapshot(&saved)).await?;
    Ok(saved)
}

pub async fn delete(ctx: &AppContext, staff: &Staff, id: i64) -> AppResult<()> {
    let decision = Decision::by(&ctx.db, staff, "lecture.delete", "lecture", id).await?;
    let current = get(decision.db(), id).await?;
    let captions = lecture_captions::of_lecture(decision.db(), id).await?;
    // Its tracks go with it (the foreign key cascades), and then their files.
    lecture::Entity::delete_by_id(id)
        .exec(decision.db())
        .await?;
    let files = [current.image.clone(), current.video_file.clone()]
        .into_iter()
        .flatten()
        .chain(captions.into_iter().map(|track| track.file));
    decision
        .commit_replacing(snapshot(&current), (), ctx.storage.as_ref(), files)
        .await
}

/// An upload that replaces one of a lecture's stored files.
#[derive(Debug)]
pub enum LectureFile {
    /// A picture, small enough to be read whole (it is decoded to be resized).
    Poster(Vec<u8>),
    /// A video, spooled to disk as it came in and streamed into storage.
    Video(SpooledFile),
}

/// Stores an uploaded poster (a picture) or video (WebM or MP4, recognised by content)
/// and points the lecture at it.
pub async fn set_file(
    ctx: &AppContext,
    staff: &Staff,
    id: i64,
    upload: LectureFile,
) -> AppResult<lecture::Model> {
    get(&ctx.db, id).await?;
    let (key, action) = match &upload {
        LectureFile::Poster(picture) => (
            media::images::accept(
                ctx.storage.as_ref(),
                "lectures",
                picture.clone(),
                authoring::PICTURE,
            )
            .await?,
            "lecture.set_poster",
        ),
        LectureFile::Video(video) => {
            let kind = media::files::sniff_video(video.head()).ok_or_else(|| {
                AppError::field(kernel::upload::FILE_FIELD, media::files::SUPPORTED_VIDEOS)
            })?;
            let key = format!("lectures/{}.{}", unique_name(), kind.extension());
            ctx.storage
                .put_file(&key, video.path())
                .await
                .map_err(|e| AppError::Internal(e.into()))?;
            (key, "lecture.set_video")
        }
    };
    let decision = Decision::by(&ctx.db, staff, action, "lecture", id).await?;
    let current = get(decision.db(), id).await?;
    let before = snapshot(&current);
    let mut active: lecture::ActiveModel = current.clone().into();
    let old = match upload {
        LectureFile::Poster(_) => {
            active.image = Set(Some(key));
            current.image
        }
        LectureFile::Video(_) => {
            active.video_file = Set(Some(key));
            current.video_file
        }
    };
    let saved = active.update(decision.db()).await?;
    decision
        .commit_replacing(before, snapshot(&saved), ctx.storage.as_ref(), old)
        .await?;
    Ok(saved)
}
