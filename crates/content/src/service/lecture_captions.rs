//! A lecture's captions: one WebVTT track per language (issue 21), uploaded by staff and
//! offered by the player. A lecture with a video and no track is flagged in the console.

use std::collections::HashMap;

use audit::Decision;
use kernel::storage::unique_name;
use kernel::{AppContext, AppError, AppResult, Staff};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder, Set,
};

use super::lectures::get;
use crate::entity::lecture_caption;
use crate::enums::CaptionLanguage;

/// The upload's field message when the file is not WebVTT.
pub const NOT_WEBVTT: &str = "Upload captions as a WebVTT file (.vtt).";

/// Each lecture's tracks, in one statement for a whole page of lectures.
pub async fn of_lectures(
    db: &impl ConnectionTrait,
    lectures: &[i64],
) -> AppResult<HashMap<i64, Vec<lecture_caption::Model>>> {
    let mut tracks: HashMap<i64, Vec<lecture_caption::Model>> = HashMap::new();
    if lectures.is_empty() {
        return Ok(tracks);
    }
    for track in lecture_caption::Entity::find()
        .filter(lecture_caption::Column::LectureId.is_in(lectures.iter().copied()))
        .order_by_asc(lecture_caption::Column::Language)
        .all(db)
        .await?
    {
        tracks.entry(track.lecture_id).or_default().push(track);
    }
    Ok(tracks)
}

/// True when `bytes` are a WebVTT file: UTF-8 (a byte-order mark allowed) whose first line
/// is `WEBVTT`, alone or followed by a space or tab and a header text.
pub fn is_webvtt(bytes: &[u8]) -> bool {
    let Ok(text) = std::str::from_utf8(bytes) else {
        return false;
    };
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let first = text.lines().next().unwrap_or_default();
    first
        .strip_prefix("WEBVTT")
        .is_some_and(|rest| rest.is_empty() || rest.starts_with([' ', '\t']))
}

/// Stores `upload` as the lecture's track in `language`, replacing the one it had.
pub async fn set(
    ctx: &AppContext,
    staff: &Staff,
    lecture_id: i64,
    language: CaptionLanguage,
    upload: Vec<u8>,
) -> AppResult<()> {
    get(&ctx.db, lecture_id).await?;
    if !is_webvtt(&upload) {
        return Err(AppError::field(kernel::upload::FILE_FIELD, NOT_WEBVTT));
    }
    let key = format!("lectures/{}.{}.vtt", unique_name(), language.as_str());
    ctx.storage
        .put(&key, &upload)
        .await
        .map_err(|e| AppError::Internal(e.into()))?;
    let decision = Decision::by(
        &ctx.db,
        staff,
        "lecture.set_captions",
        "lecture",
        lecture_id,
    )
    .await?;
    let current = track(decision.db(), lecture_id, language).await?;
    let replaced = current.as_ref().map(|t| t.file.clone());
    match current {
        Some(found) => {
            let mut active: lecture_caption::ActiveModel = found.into();
            active.file = Set(key.clone());
            active.update(decision.db()).await?;
        }
        None => {
            lecture_caption::ActiveModel {
                lecture_id: Set(lecture_id),
                language: Set(language),
                file: Set(key.clone()),
                created_at: Set(kernel::clock::now()),
                ..Default::default()
            }
            .insert(decision.db())
            .await?;
        }
    }
    decision
        .commit_replacing(
            serde_json::json!({ "language": language, "file": replaced }),
            serde_json::json!({ "language": language, "file": key }),
            ctx.storage.as_ref(),
            replaced,
        )
        .await
}

/// Removes the lecture's track in `language` (not found when it has none).
pub async fn remove(
    ctx: &AppContext,
    staff: &Staff,
    lecture_id: i64,
    language: CaptionLanguage,
) -> AppResult<()> {
    let decision = Decision::by(
        &ctx.db,
        staff,
        "lecture.remove_captions",
        "lecture",
        lecture_id,
    )
    .await?;
    let found = track(decision.db(), lecture_id, language)
        .await?
        .ok_or_else(AppError::not_found)?;
    lecture_caption::Entity::delete_by_id(found.id)
        .exec(decision.db())
        .await?;
    decision
        .commit_replacing(
            serde_json::json!({ "language": language, "file": found.file }),
            (),
            ctx.storage.as_ref(),
            Some(found.file),
        )
        .await
}

/// One lecture's tracks.
pub async fn of_lecture(
    db: &impl ConnectionTrait,
    lecture_id: i64,
) -> AppResult<Vec<lecture_caption::Model>> {
    Ok(of_lectures(db, &[lecture_id])
        .await?
        .remove(&lecture_id)
        .unwrap_or_default())
}

/// Adds the seed's track unless the lecture has one in that language.
pub async fn add_once(
    db: &impl ConnectionTrait,
    lecture_id: i64,
    language: CaptionLanguage,
    file: String,
) -> AppResult<()> {
    if track(db, lecture_id, language).await?.is_none() {
        lecture_caption::ActiveModel {
            lecture_id: Set(lecture_id),
            language: Set(language),
            file: Set(file),
            created_at: Set(kernel::clock::now()),
            ..Default::default()
        }
        .insert(db)
        .await?;
    }
    Ok(())
}

async fn track(
    db: &impl ConnectionTrait,
    lecture_id: i64,
    language: CaptionLanguage,
) -> AppResult<Option<lecture_caption::Model>> {
    Ok(lecture_caption::Entity::find()
        .filter(lecture_caption::Column::LectureId.eq(lecture_id))
        .filter(lecture_caption::Column::Language.eq(language))
        .one(db)
        .await?)
}

#[cfg(test)]
mod tests {
    use super::is_webvtt;

    #[test]
    fn webvtt_is_recognised_by_its_first_line() {
        assert!(is_webvtt(b"WEBVTT\n\n00:00.000 --> 00:01.000\nHello\n"));
        assert!(is_webvtt(b"WEBVTT - English\r\n\r\n"));
        assert!(is_webvtt("\u{feff}WEBVTT\n".as_bytes()));
        assert!(is_webvtt(b"WEBVTT"));
    }

    #[test]
    fn other_files_are_not_webvtt() {
        assert!(!is_webvtt(b""));
        assert!(!is_webvtt(b"1\n00:00:00,000 --> 00:00:01,000\nSubRip\n"));
        assert!(!is_webvtt(b"WEBVTTX\n"));
        assert!(!is_webvtt(b" WEBVTT\n"));
        assert!(!is_webvtt(&[0xff, 0xd8, 0xff, 0xe0]));
    }
}
