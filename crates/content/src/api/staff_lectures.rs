//! `/staff/lectures`: expert lectures in the staff console. Staff only (404 otherwise).

use actix_multipart::Multipart;
use actix_web::{HttpResponse, delete, get, post, put, web};
use kernel::extract::ValidJson;
use kernel::input::{Given, Long, Text};
use kernel::upload::{MAX_VIDEO_BYTES, SingleFile, SingleFileUpload, read_large_file};
use kernel::{AppContext, AppResult, Data, Page, PageParams, Staff};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use validator::Validate;

use super::MessageResponse;
use super::lectures::{Lecture, view};
use crate::entity::lecture;
use crate::service::lectures;
use crate::service::lectures_admin::{self, LectureFile, LectureInput};

/// A lecture as the console edits it.
#[derive(Debug, Serialize, ToSchema)]
pub struct StaffLecture {
    #[serde(flatten)]
    pub lecture: Lecture,
    /// The address of a video elsewhere (an uploaded video is shown instead when set).
    pub video_url: Option<String>,
    /// A video was uploaded.
    pub has_video_file: bool,
    /// Lower comes first.
    pub position: i32,
}

fn staff_view(ctx: &AppContext, stored: lecture::Model) -> StaffLecture {
    StaffLecture {
        video_url: stored.video_url.clone(),
        has_video_file: stored.video_file.is_some(),
        position: stored.position,
        lecture: view(ctx, stored),
    }
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct StaffLectureQuery {
    /// Title or speaker contains it.
    pub search: Option<String>,
}

/// What staff write for a lecture; the poster and an uploaded video are sent apart.
#[derive(Debug, Deserialize, Validate, ToSchema)]
pub struct LectureRequest {
    #[validate(nested)]
    #[schema(schema_with = kernel::input::schema::<Text<200, Long>>)]
    pub title: Given<Text<200, Long>>,
    /// The speaker.
    #[validate(nested)]
    #[schema(schema_with = kernel::input::schema::<Text<200, Long>>)]
    pub author: Given<Text<200, Long>>,
    /// HTML.
    #[serde(default, deserialize_with = "kernel::validation::blank_as_none")]
    #[validate(length(
        max = 10000,
        message = "Ensure this field has no more than 10000 characters."
    ))]
    pub summary: Option<String>,
    #[serde(default)]
    #[validate(length(max = 10, message = "Ensure this field has no more than 10 elements."))]
    pub tags: Vec<String>,
    #[serde(default, deserialize_with = "kernel::validation::blank_as_none")]
    #[validate(
        custom(function = "kernel::links::web_url", message = "Not a valid url"),
        length(max = 1024)
    )]
    pub video_url: Option<String>,
    #[serde(default)]
    pub position: i32,
}

impl LectureRequest {
    fn input(self) -> AppResult<LectureInput> {
        Ok(LectureInput {
            title: self.title.value()?.into_string(),
            author: self.author.value()?.into_string(),
            summary: self.summary,
            tags: self.tags,
            video_url: self.video_url,
            position: self.position,
        })
    }
}

/// Every lecture, in the order the site shows them.
#[utoipa::path(
    operation_id = "staffListLectures",
    tag = "staff",
    security(("bearer" = ["staff"])),
    params(StaffLectureQuery, PageParams),
    responses(
        (status = 200, description = "A page of lectures.", body = Page<StaffLecture>),
        (status = 404, description = "Not staff.", body = kernel::ErrorBody),
    )
)]
#[get("/staff/lectures")]
pub async fn list(
    ctx: web::Data<AppContext>,
    _staff: Staff,
    query: web::Query<StaffLectureQuery>,
    params: web::Query<PageParams>,
) -> AppResult<web::Json<Page<StaffLecture>>> {
    let found = lectures_admin::list(&ctx.db, query.search.as_deref(), &params).await?;
    Ok(web::Json(found.map(|l| staff_view(&ctx, l))))
}

/// Adds a lecture.
#[utoipa::path(
    operation_id = "staffCreateLecture",
    tag = "staff",
    security(("bearer" = ["staff"])),
    request_body = LectureRequest,
    responses(
        (status = 201, description = "Created.", body = Data<StaffLecture>),
        (status = 400, description = "Invalid fields.", body = kernel::ErrorBody),
        (status = 404, description = "Not staff.", body = kernel::ErrorBody),
    )
)]
#[post("/staff/lectures")]
pub async fn create(
    ctx: web::Data<AppContext>,
    staff: Staff,
    body: ValidJson<LectureRequest>,
) -> AppResult<HttpResponse> {
    let saved = lectures_admin::create(&ctx, &staff, body.into_inner().input()?).await?;
    Ok(HttpResponse::Created().json(kernel::Data {
        data: staff_view(&ctx, saved),
    }))
}

/// One lecture.
#[utoipa::path(
    operation_id = "staffGetLecture",
    tag = "staff",
    security(("bearer" = ["staff"])),
    params(("id" = i64, Path, description = "The lecture's id")),
    responses(
        (status = 200, description = "The lecture.", body = Data<StaffLecture>),
        (status = 404, description = "Not staff, or no such lecture.", body = kernel::ErrorBody),
    )
)]
#[get("/staff/lectures/{id}")]
pub async fn detail(
    ctx: web::Data<AppContext>,
    _staff: Staff,
    path: web::Path<i64>,
) -> AppResult<web::Json<Data<StaffLecture>>> {
    let found = lectures::get(&ctx.db, path.into_inner()).await?;
    Ok(Data::new(staff_view(&ctx, found)))
}

/// Replaces what a lecture says.
#[utoipa::path(
    operation_id = "staffUpdateLecture",
    tag = "staff",
    security(("bearer" = ["staff"])),
    params(("id" = i64, Path, description = "The lecture's id")),
    request_body = LectureRequest,
    responses(
        (status = 200, description = "Saved.", body = Data<StaffLecture>),
        (status = 400, description = "Invalid fields.", body = kernel::ErrorBody),
        (status = 404, description = "Not staff, or no such lecture.", body = kernel::ErrorBody),
    )
)]
#[put("/staff/lectures/{id}")]
pub async fn update(
    ctx: web::Data<AppContext>,
    staff: Staff,
    path: web::Path<i64>,
    body: ValidJson<LectureRequest>,
) -> AppResult<web::Json<Data<StaffLecture>>> {
    let saved =
        lectures_admin::update(&ctx, &staff, path.into_inner(), body.into_inner().input()?).await?;
    Ok(Data::new(staff_view(&ctx, saved)))
}

/// Deletes a lecture with its poster and video.
#[utoipa::path(
    operation_id = "staffDeleteLecture",
    tag = "staff",
    security(("bearer" = ["staff"])),
    params(("id" = i64, Path, description = "The lecture's id")),
    responses(
        (status = 200, description = "Deleted.", body = Data<MessageResponse>),
        (status = 404, description = "Not staff, or no such lecture.", body = kernel::ErrorBody),
    )
)]
#[delete("/staff/lectures/{id}")]
pub async fn remove(
    ctx: web::Data<AppContext>,
    staff: Staff,
    path: web::Path<i64>,
) -> AppResult<web::Json<Data<MessageResponse>>> {
    lectures_admin::delete(&ctx, &staff, path.into_inner()).await?;
    Ok(MessageResponse::data(lectures_admin::DELETED))
}

/// Uploads a lecture's poster (JPEG or PNG).
#[utoipa::path(
    operation_id = "staffSetLecturePoster",
    tag = "staff",
    security(("bearer" = ["staff"])),
    params(("id" = i64, Path, description = "The lecture's id")),
    request_body(content = SingleFileUpload, content_type = "multipart/form-data"),
    responses(
        (status = 200, description = "Saved.", body = Data<StaffLecture>),
        (status = 400, description = "Not a usable picture.", body = kernel::ErrorBody),
        (status = 404, description = "Not staff, or no such lecture.", body = kernel::ErrorBody),
    )
)]
#[post("/staff/lectures/{id}/set-poster")]
pub async fn set_poster(
    ctx: web::Data<AppContext>,
    staff: Staff,
    path: web::Path<i64>,
    form: SingleFile,
) -> AppResult<web::Json<Data<StaffLecture>>> {
    let upload = form.bytes;
    let saved =
        lectures_admin::set_file(&ctx, &staff, path.into_inner(), LectureFile::Poster, upload)
            .await?;
    Ok(Data::new(staff_view(&ctx, saved)))
}

/// Uploads a lecture's video (WebM or MP4, recognised by content; at most 200 MB).
#[utoipa::path(
    operation_id = "staffSetLectureVideo",
    tag = "staff",
    security(("bearer" = ["staff"])),
    params(("id" = i64, Path, description = "The lecture's id")),
    request_body(content = SingleFileUpload, content_type = "multipart/form-data"),
    responses(
        (status = 200, description = "Saved.", body = Data<StaffLecture>),
        (status = 400, description = "Not a WebM or MP4 video, or too large.", body = kernel::ErrorBody),
        (status = 404, description = "Not staff, or no such lecture.", body = kernel::ErrorBody),
    )
)]
#[post("/staff/lectures/{id}/set-video")]
pub async fn set_video(
    ctx: web::Data<AppContext>,
    staff: Staff,
    path: web::Path<i64>,
    form: Multipart,
) -> AppResult<web::Json<Data<StaffLecture>>> {
    let upload = read_large_file(form, MAX_VIDEO_BYTES).await?;
    let saved =
        lectures_admin::set_file(&ctx, &staff, path.into_inner(), LectureFile::Video, upload)
            .await?;
    Ok(Data::new(staff_view(&ctx, saved)))
}
