//! `/staff/quizzes`: quizzes in the staff console. Staff only (404 otherwise).

use actix_web::{HttpResponse, delete, get, post, put, web};
use chrono::{DateTime, Utc};
use kernel::extract::ValidJson;
use kernel::input::{EmbedUrl, Given, Long, Text, URL_MAX, VideoUrl};
use kernel::upload::{SingleFile, SingleFileUpload};
use kernel::{AppContext, AppResult, Data, Page, PageParams, Staff};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use validator::Validate;

use crate::entity::quiz;
use crate::enums::{FeedbackShown, QuestionType};
use crate::service::authoring::{OptionDraft, QuestionDraft, QuizDraft, QuizSettings};
use crate::service::{certificates, quizzes_admin};

/// An option as staff write it.
#[derive(Debug, Serialize, Deserialize, Validate, ToSchema)]
pub struct StaffOption {
    #[validate(length(
        min = 1,
        max = 500,
        message = "Ensure this field has no more than 500 characters."
    ))]
    pub text: String,
    /// Right (choice questions); ordering questions take the options' order instead.
    #[serde(default)]
    pub is_correct: bool,
}

/// A question as the console shows it, with its right answers.
#[derive(Debug, Serialize, ToSchema)]
pub struct StaffQuestion {
    /// `single`, `multiple`, or `DRAG_AND_DROP` (options in the right order).
    pub kind: QuestionType,
    /// HTML.
    pub text: String,
    pub video_url: Option<String>,
    /// Shown in a frame: a page of this site or of an allowed video player.
    pub iframe_url: Option<String>,
    pub options: Vec<StaffOption>,
    /// Why the right answer is right (plain text), shown to members after an attempt as the
    /// quiz's `feedback` says.
    pub explanation: Option<String>,
}

/// A question as staff write it.
// `Serialize` only because the quiz's `length` check puts the list beside its error; the
// links, parsed as they came, are written as null there.
#[derive(Debug, Serialize, Deserialize, Validate, ToSchema)]
pub struct StaffQuestionRequest {
    /// `single`, `multiple`, or `DRAG_AND_DROP` (options given in the right order).
    pub kind: QuestionType,
    /// HTML.
    #[validate(length(
        min = 1,
        max = 5000,
        message = "Ensure this field has no more than 5000 characters."
    ))]
    pub text: String,
    #[serde(
        default,
        deserialize_with = "kernel::input::optional",
        serialize_with = "kernel::input::unshown"
    )]
    #[validate(nested)]
    #[schema(schema_with = kernel::input::optional_schema::<VideoUrl>)]
    pub video_url: Option<Given<VideoUrl>>,
    /// Shown in a frame: a page of this site or of an allowed video player.
    #[serde(
        default,
        deserialize_with = "kernel::input::optional",
        serialize_with = "kernel::input::unshown"
    )]
    #[validate(nested)]
    #[schema(schema_with = kernel::input::optional_schema::<EmbedUrl>)]
    pub iframe_url: Option<Given<EmbedUrl>>,
    #[validate(
        nested,
        length(max = 20, message = "Ensure this field has no more than 20 elements.")
    )]
    pub options: Vec<StaffOption>,
    /// Why the right answer is right (plain text), shown to members after an attempt as the
    /// quiz's `feedback` says. It may change after members have taken the quiz.
    #[serde(
        default,
        deserialize_with = "kernel::input::optional",
        serialize_with = "kernel::input::unshown"
    )]
    #[validate(nested)]
    #[schema(schema_with = kernel::input::optional_schema::<Text<2000, Long>>)]
    pub explanation: Option<Given<Text<2000, Long>>>,
}

impl StaffQuestionRequest {
    fn draft(self) -> AppResult<QuestionDraft> {
        Ok(QuestionDraft {
            kind: self.kind,
            text: self.text,
            video_url: kernel::input::given_text(self.video_url)?,
            iframe_url: kernel::input::given_text(self.iframe_url)?,
            explanation: kernel::input::given_text(self.explanation)?,
            options: self
                .options
                .into_iter()
                .map(|o| OptionDraft {
                    text: o.text,
                    is_correct: o.is_correct,
                    correct_position: None,
                })
                .collect(),
        })
    }
}

fn after_passing() -> FeedbackShown {
    FeedbackShown::AfterPassing
}

/// A quiz as staff write it; the banner picture is uploaded apart.
#[derive(Debug, Deserialize, Validate, ToSchema)]
pub struct QuizRequest {
    #[validate(nested)]
    #[schema(schema_with = kernel::input::schema::<Text<200, Long>>)]
    pub name: Given<Text<200, Long>>,
    /// HTML.
    #[serde(default)]
    #[validate(length(
        max = 20000,
        message = "Ensure this field has no more than 20000 characters."
    ))]
    pub description: String,
    #[serde(default)]
    #[validate(length(max = 10, message = "Ensure this field has no more than 10 elements."))]
    pub categories: Vec<String>,
    #[serde(default, deserialize_with = "kernel::input::optional")]
    #[validate(nested)]
    #[schema(schema_with = kernel::input::optional_schema::<Text<URL_MAX>>)]
    pub banner_link: Option<Given<Text<URL_MAX>>>,
    /// Percent of right answers needed to pass.
    #[validate(range(
        min = 1,
        max = 100,
        message = "Ensure this value is between 1 and 100."
    ))]
    pub pass_mark: i32,
    #[validate(range(
        min = 1,
        max = 100,
        message = "Ensure this value is between 1 and 100."
    ))]
    pub attempts_allowed: i32,
    /// Hours a member waits after a failed attempt.
    #[validate(range(
        min = 0,
        max = 8760,
        message = "Ensure this value is between 0 and 8760."
    ))]
    pub delay_hours: i32,
    /// Published quizzes are open to members at once.
    #[serde(default)]
    pub published: bool,
    /// Months a certificate stays valid (its holder is reminded to renew it 30 days
    /// before); none: valid for good.
    #[validate(range(
        min = 1,
        max = 120,
        message = "Ensure this value is between 1 and 120."
    ))]
    #[serde(default)]
    pub validity_months: Option<i32>,
    /// Continuing professional development hours a certificate records (in quarter hours).
    #[validate(range(
        min = 0.25,
        max = 100.0,
        message = "Ensure this value is between 0.25 and 100."
    ))]
    #[serde(default)]
    pub cpd_hours: Option<f64>,
    /// When members see which questions they got wrong, with the explanations: after every
    /// completed attempt, or only once they pass (the default: answers are not handed out).
    #[serde(default = "after_passing")]
    pub feedback: FeedbackShown,
    #[validate(
        nested,
        length(
            max = 100,
            message = "Ensure this field has no more than 100 elements."
        )
    )]
    pub questions: Vec<StaffQuestionRequest>,
}

impl QuizRequest {
    fn draft(self) -> AppResult<QuizDraft> {
        Ok(QuizDraft {
            settings: QuizSettings {
                name: self.name.value()?.into_string(),
                description: self.description,
                categories: self
                    .categories
                    .into_iter()
                    .map(|c| c.trim().to_owned())
                    .filter(|c| !c.is_empty())
                    .collect(),
                banner_link: kernel::input::given_text(self.banner_link)?,
                pass_mark: self.pass_mark,
                attempts_allowed: self.attempts_allowed,
                delay_hours: self.delay_hours,
                published: self.published,
                validity_months: self.validity_months,
                cpd_minutes: self.cpd_hours.map(crate::service::certificates::minutes),
                feedback: self.feedback,
            },
            questions: self
                .questions
                .into_iter()
                .map(StaffQuestionRequest::draft)
                .collect::<AppResult<_>>()?,
        })
    }
}

/// A quiz in the console's list.
#[derive(Debug, Serialize, ToSchema)]
pub struct StaffQuizRow {
    pub id: i64,
    pub name: String,
    pub published: bool,
    pub created_at: DateTime<Utc>,
}

/// A quiz as the console edits it, with the right answers.
#[derive(Debug, Serialize, ToSchema)]
pub struct StaffQuiz {
    pub id: i64,
    pub name: String,
    pub description: String,
    pub categories: Vec<String>,
    pub banner: Option<String>,
    pub banner_link: Option<String>,
    pub pass_mark: i32,
    pub attempts_allowed: i32,
    pub delay_hours: i32,
    pub published: bool,
    pub validity_months: Option<i32>,
    pub cpd_hours: Option<f64>,
    pub feedback: FeedbackShown,
    /// Ordering questions list their options in the right order.
    pub questions: Vec<StaffQuestion>,
    /// Attempts members have started; once there are any, the questions are fixed.
    pub attempts_taken: u64,
    pub created_at: DateTime<Utc>,
}

async fn staff_view(ctx: &AppContext, stored: quiz::Model) -> AppResult<StaffQuiz> {
    let draft = quizzes_admin::draft_of(&ctx.db, &stored).await?;
    let attempts_taken = quizzes_admin::attempts_taken(&ctx.db, stored.id).await?;
    Ok(StaffQuiz {
        id: stored.id,
        banner: stored.banner.as_deref().map(|k| ctx.storage.url(k)),
        created_at: stored.created_at,
        attempts_taken,
        name: draft.settings.name,
        description: draft.settings.description,
        categories: draft.settings.categories,
        banner_link: draft.settings.banner_link,
        pass_mark: draft.settings.pass_mark,
        attempts_allowed: draft.settings.attempts_allowed,
        delay_hours: draft.settings.delay_hours,
        published: draft.settings.published,
        validity_months: draft.settings.validity_months,
        cpd_hours: draft.settings.cpd_minutes.map(certificates::hours),
        feedback: draft.settings.feedback,
        questions: draft
            .questions
            .into_iter()
            .map(|q| StaffQuestion {
                kind: q.kind,
                text: q.text,
                video_url: q.video_url,
                iframe_url: q.iframe_url,
                explanation: q.explanation,
                options: q
                    .options
                    .into_iter()
                    .map(|o| StaffOption {
                        text: o.text,
                        is_correct: o.is_correct,
                    })
                    .collect(),
            })
            .collect(),
    })
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct StaffQuizQuery {
    /// Name contains it.
    pub search: Option<String>,
}

/// A confirmation text.
#[derive(Debug, Serialize, ToSchema)]
pub struct QuizMessage {
    pub message: String,
}

/// List quizzes (staff)
///
/// Every quiz, published or not, newest first.
#[utoipa::path(
    operation_id = "staffListQuizzes",
    tag = "learning-staff",
    security(("bearer" = ["staff"])),
    params(StaffQuizQuery, PageParams),
    responses(
        (status = 200, description = "A page of quizzes.", body = Page<StaffQuizRow>),
        (status = 404, description = "Not staff.", body = kernel::ErrorBody),
    )
)]
#[get("/staff/quizzes")]
pub async fn list(
    ctx: web::Data<AppContext>,
    _staff: Staff,
    query: web::Query<StaffQuizQuery>,
    params: web::Query<PageParams>,
) -> AppResult<web::Json<Page<StaffQuizRow>>> {
    let page = quizzes_admin::list(&ctx.db, query.search.as_deref(), &params).await?;
    Ok(web::Json(page.map(|q| StaffQuizRow {
        id: q.id,
        name: q.name,
        published: q.published,
        created_at: q.created_at,
    })))
}

/// Create a quiz
///
/// Writes a new quiz with its questions and answers; members see it once it is published.
#[utoipa::path(
    operation_id = "staffCreateQuiz",
    tag = "learning-staff",
    security(("bearer" = ["staff"])),
    request_body = QuizRequest,
    responses(
        (status = 201, description = "Created.", body = Data<StaffQuiz>),
        (status = 400, description = "Invalid fields or questions.", body = kernel::ErrorBody),
        (status = 404, description = "Not staff.", body = kernel::ErrorBody),
    )
)]
#[post("/staff/quizzes")]
pub async fn create(
    ctx: web::Data<AppContext>,
    staff: Staff,
    body: ValidJson<QuizRequest>,
) -> AppResult<HttpResponse> {
    let saved = quizzes_admin::create(&ctx, &staff, body.into_inner().draft()?).await?;
    Ok(HttpResponse::Created().json(kernel::Data {
        data: staff_view(&ctx, saved).await?,
    }))
}

/// Get a quiz (staff)
///
/// One quiz with its right answers.
#[utoipa::path(
    operation_id = "staffGetQuiz",
    tag = "learning-staff",
    security(("bearer" = ["staff"])),
    params(("id" = i64, Path, description = "The quiz's id")),
    responses(
        (status = 200, description = "The quiz.", body = Data<StaffQuiz>),
        (status = 404, description = "Not staff, or no such quiz.", body = kernel::ErrorBody),
    )
)]
#[get("/staff/quizzes/{id}")]
pub async fn detail(
    ctx: web::Data<AppContext>,
    _staff: Staff,
    path: web::Path<i64>,
) -> AppResult<web::Json<Data<StaffQuiz>>> {
    let found = quizzes_admin::get(&ctx.db, path.into_inner()).await?;
    Ok(Data::new(staff_view(&ctx, found).await?))
}

/// Update a quiz
///
/// Saves a quiz (its questions only while nobody has taken it).
#[utoipa::path(
    operation_id = "staffUpdateQuiz",
    tag = "learning-staff",
    security(("bearer" = ["staff"])),
    params(("id" = i64, Path, description = "The quiz's id")),
    request_body = QuizRequest,
    responses(
        (status = 200, description = "Saved.", body = Data<StaffQuiz>),
        (status = 400, description = "Invalid fields, or changed questions of a quiz members have taken.", body = kernel::ErrorBody),
        (status = 404, description = "Not staff, or no such quiz.", body = kernel::ErrorBody),
    )
)]
#[put("/staff/quizzes/{id}")]
pub async fn update(
    ctx: web::Data<AppContext>,
    staff: Staff,
    path: web::Path<i64>,
    body: ValidJson<QuizRequest>,
) -> AppResult<web::Json<Data<StaffQuiz>>> {
    let saved =
        quizzes_admin::update(&ctx, &staff, path.into_inner(), body.into_inner().draft()?).await?;
    Ok(Data::new(staff_view(&ctx, saved).await?))
}

/// Delete a quiz
///
/// Deletes a quiz nobody has taken (409 otherwise).
#[utoipa::path(
    operation_id = "staffDeleteQuiz",
    tag = "learning-staff",
    security(("bearer" = ["staff"])),
    params(("id" = i64, Path, description = "The quiz's id")),
    responses(
        (status = 200, description = "Deleted.", body = Data<QuizMessage>),
        (status = 404, description = "Not staff, or no such quiz.", body = kernel::ErrorBody),
        (status = 409, description = "Members have taken it.", body = kernel::ErrorBody),
    )
)]
#[delete("/staff/quizzes/{id}")]
pub async fn remove(
    ctx: web::Data<AppContext>,
    staff: Staff,
    path: web::Path<i64>,
) -> AppResult<web::Json<Data<QuizMessage>>> {
    quizzes_admin::delete(&ctx, &staff, path.into_inner()).await?;
    Ok(Data::new(QuizMessage {
        message: quizzes_admin::DELETED.to_owned(),
    }))
}

/// Set a quiz's banner
///
/// Uploads the quiz's banner picture.
#[utoipa::path(
    operation_id = "staffSetQuizBanner",
    tag = "learning-staff",
    security(("bearer" = ["staff"])),
    params(("id" = i64, Path, description = "The quiz's id")),
    request_body(content = SingleFileUpload, content_type = "multipart/form-data"),
    responses(
        (status = 200, description = "Saved.", body = Data<StaffQuiz>),
        (status = 400, description = "Not a usable picture.", body = kernel::ErrorBody),
        (status = 404, description = "Not staff, or no such quiz.", body = kernel::ErrorBody),
    )
)]
#[post("/staff/quizzes/{id}/set-banner")]
pub async fn set_banner(
    ctx: web::Data<AppContext>,
    staff: Staff,
    path: web::Path<i64>,
    form: SingleFile,
) -> AppResult<web::Json<Data<StaffQuiz>>> {
    let upload = form.bytes;
    let saved = quizzes_admin::set_banner(&ctx, &staff, path.into_inner(), upload).await?;
    Ok(Data::new(staff_view(&ctx, saved).await?))
}
