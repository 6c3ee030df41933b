use actix_web::{get, web};
use kernel::{AppContext, AppResult, Data, Page, PageParams};
use serde::Serialize;
use utoipa::ToSchema;

use crate::entity::lecture;
use crate::service::lectures;

/// A tag on a lecture.
#[derive(Debug, Serialize, ToSchema)]
pub struct LectureTag {
    pub title: String,
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
    /// The video (served with range requests, so it seeks).
    pub video_file_url: Option<String>,
    /// English captions for the video (WebVTT).
    pub captions_url: Option<String>,
}

pub(crate) fn view(ctx: &AppContext, l: lecture::Model) -> Lecture {
    Lecture {
        id: l.id,
        tags: l
            .tags
            .0
            .into_iter()
            .map(|title| LectureTag { title })
            .collect(),
        image: l.image.as_deref().map(|k| ctx.storage.url(k)),
        captions_url: l.captions_file.as_deref().map(|k| ctx.storage.url(k)),
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

/// The expert lectures.
#[utoipa::path(
    operation_id = "listLectures",
    tag = "content",
    params(PageParams),
    responses((status = 200, description = "A page of lectures.", body = Page<Lecture>))
)]
#[get("/expert-lectures")]
pub async fn list(
    ctx: web::Data<AppContext>,
    params: web::Query<PageParams>,
) -> AppResult<web::Json<Page<Lecture>>> {
    let page = lectures::list(&ctx.db, &params).await?;
    Ok(web::Json(page.map(|l| view(&ctx, l))))
}

/// One lecture.
#[utoipa::path(
    operation_id = "getLecture",
    tag = "content",
    params(("id" = i64, Path, description = "The lecture's id")),
    responses(
        (status = 200, description = "The lecture.", body = Data<Lecture>),
        (status = 404, description = "No such lecture.", body = kernel::ErrorBody),
    )
)]
#[get("/expert-lectures/{id}")]
pub async fn detail(
    ctx: web::Data<AppContext>,
    path: web::Path<i64>,
) -> AppResult<web::Json<Data<Lecture>>> {
    let found = lectures::get(&ctx.db, path.into_inner()).await?;
    Ok(Data::new(view(&ctx, found)))
}
