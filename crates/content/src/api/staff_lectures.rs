//! `/staff/lectures`: expert lectures in the staff console. Staff only (404 otherwise).

use actix_multipart::Multipart;
use actix_web::{HttpResponse, delete, get, post, put, web};
use kernel::extract::ValidJson;
use kernel::input::{Given, Long, Text, VideoUrl};
use kernel::upload::{MAX_VIDEO_BYTES, SingleFile, SingleFileUpload, read_large_file};
use kernel::{AppContext, AppError, AppResult, Data, Page, PageParams, Staff};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use validator::Validate;

use super::MessageResponse;
use crate::entity::{lecture, lecture_caption};
use crate::enums::CaptionLanguage;
use crate::read::lectures::{Lecture, view, with_captions};
use crate::service::lectures_admin::{self, LectureFile, LectureInput};
use crate::service::{lecture_captions, lectures};

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
    /// It has a video and no captions: the console flags it.
    pub needs_captions: bool,
}

fn staff_view(
    ctx: &AppContext,
    stored: lecture::Model,
    captions: Vec<lecture_caption::Model>,
) -> StaffLecture {
    StaffLecture {
        video_url: stored.video_url.clone(),
        has_video_file: stored.video_file.is_some(),
        position: stored.position,
        needs_captions: (stored.video_file.is_some() || stored.video_url.is_some())
            && captions.is_empty(),
        lecture: view(ctx, stored, captions, true),
    }
}

/// The lecture as the console shows it, read again with its captions.
async fn reread(ctx: &AppContext, stored: lecture::Model) -> AppResult<StaffLecture> {
    let captions = lecture_captions::of_lecture(&ctx.db, stored.id).await?;
    Ok(staff_view(ctx, stored, captions))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct StaffLectureQuery {
    /// Title or speaker contains it.
    pub search: Option<String>,
}

/// What staff write for a lecture (its `summary` is HTML); the poster and an uploaded video are
/// sent apart.
#[derive(Debug, Deserialize, Validate, ToSchema)]
pub struct LectureRequest {
    #[validate(nested)]
    #[schema(schema_with = kernel::input::schema::<Text<200, Long>>)]
    pub title: Given<Text<200, Long>>,
    /// The speaker.
    #[validate(nested)]
    #[schema(schema_with = kernel::input::schema::<Text<200, Long>>)]
    pub author: Given<Text<200, Long>>,
    #[serde(default, deserialize_with = "kernel::input::optional")]
    #[validate(nested)]
    #[schema(schema_with = kernel::input::optional_schema::<Text<10000>>)]
    pub summary: Option<Given<Text<10000>>>,
    #[serde(default)]
    #[validate(length(max = 10, message = "Ensure this field has no more than 10 elements."))]
    pub tags: Vec<String>,
    #[serde(default, deserialize_with = "kernel::input::optional")]
    #[validate(nested)]
    #[schema(schema_with = kernel::input::optional_schema::<VideoUrl>)]
    pub video_url: Option<Given<VideoUrl>>,
    #[serde(default)]
    pub position: i32,
}

impl LectureRequest {
    fn input(self) -> AppResult<LectureInput> {
        Ok(LectureInput {
            title: self.title.value()?.into_string(),
            author: self.author.value()?.into_string(),
            summary: kernel::input::given_text(self.summary)?,
            tags: self.tags,
            video_url: kernel::input::given_text(self.video_url)?,
            position: self.position,
        })
    }
}

/// List lectures (staff)
///
/// Every lecture, in the order the site shows them.
#[utoipa::path(
    operation_id = "staffListLectures",
    tag = "content-staff",
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
    Ok(web::Json(
        with_captions(&ctx, found)
            .await?
            .map(|(l, c)| staff_view(&ctx, l, c)),
    ))
}

/// Create a lecture
///
/// Adds a lecture; its poster, video and captions are uploaded next, each on its own call.
#[utoipa::path(
    operation_id = "staffCreateLecture",
    tag = "content-staff",
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
        data: staff_view(&ctx, saved, Vec::new()),
    }))
}

/// Get a lecture (staff)
///
/// One lecture as the console edits it, with its caption tracks and whether it lacks
/// captions.
#[utoipa::path(
    operation_id = "staffGetLecture",
    tag = "content-staff",
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
    Ok(Data::new(reread(&ctx, found).await?))
}

/// Update a lecture
///
/// Replaces what a lecture says.
#[utoipa::path(
    operation_id = "staffUpdateLecture",
    tag = "content-staff",
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
    Ok(Data::new(reread(&ctx, saved).await?))
}

/// Delete a lecture
///
/// Deletes a lecture with its poster, video and captions.
#[utoipa::path(
    operation_id = "staffDeleteLecture",
    tag = "content-staff",
    security(("bearer" = ["staff"])),
    params(("id" = i64, Path, description = "The lecture's id")),
    responses(
        (status = 200, description = "Deleted.", body = Data<MessageResponse>, example = json!({"data": {"message": lectures_admin::DELETED}})),
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

/// Set a lecture's poster
///
/// Uploads a lecture's poster (JPEG or PNG).
#[utoipa::path(
    operation_id = "staffSetLecturePoster",
    tag = "content-staff",
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
    let upload = LectureFile::Poster(form.bytes);
    let saved = lectures_admin::set_file(&ctx, &staff, path.into_inner(), upload).await?;
    Ok(Data::new(reread(&ctx, saved).await?))
}

/// Set a lecture's video
///
/// Uploads a lecture's video (WebM or MP4, recognised by content; at most 200 MB).
#[utoipa::path(
    operation_id = "staffSetLectureVideo",
    tag = "content-staff",
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
    let upload = LectureFile::Video(read_large_file(form, MAX_VIDEO_BYTES).await?);
    let saved = lectures_admin::set_file(&ctx, &staff, path.into_inner(), upload).await?;
    Ok(Data::new(reread(&ctx, saved).await?))
}

/// Set a lecture's captions
///
/// Uploads the lecture's captions in one language (a WebVTT file, recognised by content), replacing
/// the track it had in that language.
#[utoipa::path(
    operation_id = "staffSetLectureCaptions",
    tag = "content-staff",
    security(("bearer" = ["staff"])),
    params(
        ("id" = i64, Path, description = "The lecture's id"),
        ("language" = CaptionLanguage, Path, description = "The captions' language"),
    ),
    request_body(content = SingleFileUpload, content_type = "multipart/form-data"),
    responses(
        (status = 200, description = "Saved.", body = Data<StaffLecture>),
        (status = 400, description = "Not a WebVTT file, or too large.", body = kernel::ErrorBody),
        (status = 404, description = "Not staff, no such lecture, or no such language.", body = kernel::ErrorBody),
    )
)]
#[put("/staff/lectures/{id}/captions/{language}")]
pub async fn set_captions(
    ctx: web::Data<AppContext>,
    staff: Staff,
    path: web::Path<(i64, String)>,
    form: SingleFile,
) -> AppResult<web::Json<Data<StaffLecture>>> {
    let (id, language) = path.into_inner();
    let language = CaptionLanguage::parse(&language).ok_or_else(AppError::not_found)?;
    lecture_captions::set(&ctx, &staff, id, language, form.bytes).await?;
    Ok(Data::new(
        reread(&ctx, lectures::get(&ctx.db, id).await?).await?,
    ))
}

/// Remove a lecture's captions
///
/// Removes the lecture's captions in one language.
#[utoipa::path(
    operation_id = "staffRemoveLectureCaptions",
    tag = "content-staff",
    security(("bearer" = ["staff"])),
    params(
        ("id" = i64, Path, description = "The lecture's id"),
        ("language" = CaptionLanguage, Path, description = "The captions' language"),
    ),
    responses(
        (status = 200, description = "Removed.", body = Data<StaffLecture>),
        (status = 404, description = "Not staff, no such lecture, or no captions in that language.", body = kernel::ErrorBody),
    )
)]
#[delete("/staff/lectures/{id}/captions/{language}")]
pub async fn remove_captions(
    ctx: web::Data<AppContext>,
    staff: Staff,
    path: web::Path<(i64, String)>,
) -> AppResult<web::Json<Data<StaffLecture>>> {
    let (id, language) = path.into_inner();
    let language = CaptionLanguage::parse(&language).ok_or_else(AppError::not_found)?;
    lecture_captions::remove(&ctx, &staff, id, language).await?;
    Ok(Data::new(
        reread(&ctx, lectures::get(&ctx.db, id).await?).await?,
    ))
}
