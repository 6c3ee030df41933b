//! Lectures as readers and the console see them: the video and its captions only for
//! those who may watch, the captions of a whole page in one statement.

use kernel::{AppContext, AppResult, Page};
use serde::Serialize;
use utoipa::ToSchema;

use crate::entity::{lecture, lecture_caption};
use crate::enums::CaptionLanguage;
use crate::service::{lecture_captions, lectures};

/// A tag on a lecture.
#[derive(Debug, Serialize, ToSchema)]
pub struct LectureTag {
    pub title: String,
}

/// One captions track of a lecture's video.
#[derive(Debug, Serialize, ToSchema)]
pub struct CaptionTrack {
    pub language: CaptionLanguage,
    /// The WebVTT file.
    pub url: String,
}

/// An expert lecture.
#[derive(Debug, Serialize, ToSchema)]
pub struct Lecture {
    pub id: i64,
    pub title: String,
    /// The speaker.
    pub author: String,
    pub summary: Option<String>,
    pub tags: Vec<LectureTag>,
    /// The poster.
    pub image: Option<String>,
    /// The video (served with range requests, so it seeks); absent for a visitor.
    pub video_file_url: Option<String>,
    /// Captions for the video (WebVTT), one track per language, by language code; none for
    /// a visitor.
    pub captions: Vec<CaptionTrack>,
    /// The lecture has a video the viewer may watch once signed in (the terms: watching
    /// lectures needs an account).
    pub sign_in_to_watch: bool,
}

/// The lecture; one who may not watch it (`watches` false) gets everything but the video and
/// its captions.
pub fn view(
    ctx: &AppContext,
    l: lecture::Model,
    captions: Vec<lecture_caption::Model>,
    watches: bool,
) -> Lecture {
    let has_video = l.video_file.is_some() || l.video_url.is_some();
    let (l, captions) = if watches {
        (l, captions)
    } else {
        let hidden = lecture::Model {
            video_file: None,
            video_url: None,
            ..l
        };
        (hidden, Vec::new())
    };
    Lecture {
        sign_in_to_watch: has_video && !watches,
        id: l.id,
        tags: l
            .tags
            .0
            .into_iter()
            .map(|title| LectureTag { title })
            .collect(),
        image: l.image.as_deref().map(|k| ctx.storage.url(k)),
        captions: captions
            .into_iter()
            .map(|track| CaptionTrack {
                language: track.language,
                url: ctx.storage.url(&track.file),
            })
            .collect(),
        video_file_url: l
            .video_file
            .as_deref()
            .map(|k| ctx.storage.url(k))
            .or(l.video_url),
        title: l.title,
        author: l.author,
        summary: l.summary,
    }
}

/// A page of lectures, each with its captions (one statement for the page's tracks).
pub async fn with_captions(
    ctx: &AppContext,
    page: Page<lecture::Model>,
) -> AppResult<Page<(lecture::Model, Vec<lecture_caption::Model>)>> {
    let ids: Vec<i64> = page.data.iter().map(|l| l.id).collect();
    let mut tracks = lecture_captions::of_lectures(&ctx.db, &ids).await?;
    Ok(page.map(|l| {
        let captions = tracks.remove(&l.id).unwrap_or_default();
        (l, captions)
    }))
}

/// Lecture `id` as one who may (`watches`) or may not watch it sees it.
pub async fn lecture(ctx: &AppContext, id: i64, watches: bool) -> AppResult<Lecture> {
    let found = lectures::get(&ctx.db, id).await?;
    let captions = lecture_captions::of_lecture(&ctx.db, found.id).await?;
    Ok(view(ctx, found, captions, watches))
}

/// A page of lectures as one who may (`watches`) or may not watch them sees them.
pub async fn page(
    ctx: &AppContext,
    page: Page<lecture::Model>,
    watches: bool,
) -> AppResult<Page<Lecture>> {
    Ok(with_captions(ctx, page)
        .await?
        .map(|(l, c)| view(ctx, l, c, watches)))
}
