use std::collections::HashMap;

use actix_web::{get, put, web};
use chrono::{DateTime, Utc};
use kernel::extract::ValidJson;
use kernel::input::Given;
use kernel::{AppContext, AppError, AppResult, CurrentUser, Data, Page, PageParams};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use validator::Validate;

use super::certificates::{certificate_url, credential_url};
use crate::entity::{answer_option, question, quiz};
use crate::enums::{FeedbackShown, QuestionKind, QuestionType};
use crate::service::progress::{self, Progress};
use crate::service::quizzes::{self, Filters};
use crate::service::taking;

/// A quiz in the list, with the viewer's progress.
#[derive(Debug, Serialize, ToSchema)]
pub struct QuizListItem {
    pub id: i64,
    pub name: String,
    /// HTML (sanitised).
    pub description: String,
    pub categories: Vec<String>,
    pub quiz_passed: bool,
    /// The latest completed attempt's score.
    pub percent_correct_answers: Option<i32>,
    pub remaining_attempts: i32,
    /// After a failed attempt, when the next may start.
    pub delayed_until: Option<DateTime<Utc>>,
    /// The certificate's download address, once passed.
    pub certificate_url: Option<String>,
    /// The certificate as an Open Badges 3.0 verifiable credential, once passed.
    pub credential_url: Option<String>,
}

/// An answer option; which is right is never sent.
#[derive(Debug, Serialize, ToSchema)]
pub struct AnswerOption {
    pub id: i64,
    pub text: String,
    /// The viewer chose it (in the attempt under way, or the latest).
    pub selected_by_user: bool,
    /// Ordering questions: where the viewer put it (0-based).
    pub ordered_by_user: Option<i32>,
}

/// A question.
#[derive(Debug, Serialize, ToSchema)]
pub struct Question {
    pub id: i64,
    #[serde(rename = "type")]
    pub kind: QuestionKind,
    pub multiple_choices: bool,
    /// HTML (sanitised).
    pub text: String,
    pub video_url: Option<String>,
    pub iframe_url: Option<String>,
    /// Ordering questions list their options shuffled (or in the viewer's order).
    pub answer_options: Vec<AnswerOption>,
}

/// A quiz with its questions and the viewer's place in it.
#[derive(Debug, Serialize, ToSchema)]
pub struct QuizDetail {
    pub id: i64,
    pub name: String,
    pub description: String,
    pub questions: Vec<Question>,
    /// The question to answer next; none when the viewer may not answer now.
    pub current_question_id: Option<i64>,
    /// The latest attempt is finished.
    pub completed: bool,
    pub quiz_passed: bool,
    pub percent_correct_answers: Option<i32>,
    pub remaining_attempts: i32,
    pub delayed_until: Option<DateTime<Utc>>,
    pub certificate_url: Option<String>,
    pub credential_url: Option<String>,
    /// When the member may see which questions they got wrong, and why
    /// (`GET /quiz/{id}/feedback`): after every completed attempt, or once they pass.
    pub feedback: FeedbackShown,
}

#[derive(Debug, Deserialize, IntoParams)]
pub struct QuizQuery {
    /// Words to find in the name or description.
    pub search: Option<String>,
    /// `-created_at` (newest, default) or `created_at`.
    pub ordering: Option<String>,
    /// Category names, comma-separated.
    pub categories: Option<String>,
}

/// One answer: the question and the chosen option ids (for
/// ordering questions, all of them in order).
#[derive(Debug, Deserialize, Validate, ToSchema)]
pub struct AnswerSubmission {
    #[validate(nested)]
    #[schema(schema_with = kernel::input::schema::<i64>)]
    pub question: Given<i64>,
    #[validate(nested)]
    #[schema(schema_with = kernel::input::schema::<Vec<i64>>)]
    pub chosen_answers: Given<Vec<i64>>,
}

/// What an answer led to.
#[derive(Debug, Serialize, ToSchema)]
pub struct CompletionResponse {
    pub completed: bool,
    pub quiz_passed: bool,
    pub percent_correct_answers: i32,
    /// The certificate's download address, when this answer passed the quiz.
    pub certificate: Option<String>,
    /// The certificate as a verifiable credential, when this answer passed the quiz.
    pub credential: Option<String>,
    pub remaining_attempts: i32,
    /// The next question, when the attempt goes on.
    pub current_question_id: Option<i64>,
    pub delayed_until: Option<DateTime<Utc>>,
}

fn list_item(q: quiz::Model, p: &Progress) -> QuizListItem {
    QuizListItem {
        categories: quizzes::categories(&q),
        id: q.id,
        name: q.name,
        description: q.description,
        quiz_passed: p.passed,
        percent_correct_answers: p.percent,
        remaining_attempts: p.remaining_attempts,
        delayed_until: p.delayed_until,
        certificate_url: p.certificate_code.as_deref().map(certificate_url),
        credential_url: p.certificate_code.as_deref().map(credential_url),
    }
}

/// List quizzes
///
/// The published quizzes, with the viewer's progress when signed in.
#[utoipa::path(
    operation_id = "listQuizzes",
    tag = "learning",
    security((), ("bearer" = [])),
    params(QuizQuery, PageParams),
    responses((status = 200, description = "A page of quizzes (9 by default).", body = Page<QuizListItem>))
)]
#[get("/quiz")]
pub async fn list(
    ctx: web::Data<AppContext>,
    viewer: Option<CurrentUser>,
    query: web::Query<QuizQuery>,
    params: web::Query<PageParams>,
) -> AppResult<web::Json<Page<QuizListItem>>> {
    let query = query.into_inner();
    let filters = Filters {
        search: query.search,
        oldest_first: query.ordering.as_deref() == Some("created_at"),
        categories: kernel::input::comma_list(query.categories.as_deref()),
    };
    let Page { data, pagination } = quizzes::list(&ctx.db, &filters, &params).await?;
    let mut progress = match &viewer {
        Some(user) => progress::of(&ctx.db, user.id, &data, kernel::clock::now()).await?,
        None => HashMap::new(),
    };
    Ok(web::Json(Page {
        data: data
            .into_iter()
            .map(|q| {
                let p = progress
                    .remove(&q.id)
                    .unwrap_or_else(|| progress::fresh(&q));
                list_item(q, &p)
            })
            .collect(),
        pagination,
    }))
}

/// A stable shuffle, so the options of an ordering question do not give the answer away.
fn shuffled(mut options: Vec<answer_option::Model>) -> Vec<answer_option::Model> {
    options.sort_by_key(|o| (o.id.wrapping_mul(2_654_435_761)) % 1_000_003);
    options
}

fn question_view(
    q: question::Model,
    options: Vec<answer_option::Model>,
    chosen: Option<&Vec<i64>>,
) -> Question {
    let kind = q.kind;
    let options = match (kind, chosen) {
        (QuestionType::DragAndDrop, Some(order)) => {
            let mut mine = options;
            mine.sort_by_key(|o| order.iter().position(|c| *c == o.id).unwrap_or(usize::MAX));
            mine
        }
        (QuestionType::DragAndDrop, None) => shuffled(options),
        _ => options,
    };
    Question {
        id: q.id,
        kind: if kind == QuestionType::DragAndDrop {
            QuestionKind::DragAndDrop
        } else {
            QuestionKind::Choice
        },
        multiple_choices: kind == QuestionType::Multiple,
        text: q.text,
        video_url: q.video_url,
        iframe_url: q.iframe_url,
        answer_options: options
            .into_iter()
            .map(|o| {
                let place = chosen.and_then(|c| c.iter().position(|id| *id == o.id));
                AnswerOption {
                    id: o.id,
                    text: o.text,
                    selected_by_user: place.is_some(),
                    ordered_by_user: (kind == QuestionType::DragAndDrop)
                        .then(|| place.and_then(|p| i32::try_from(p).ok()))
                        .flatten(),
                }
            })
            .collect(),
    }
}

/// Open a quiz
///
/// A quiz with its questions, opened where the viewer left it.
#[utoipa::path(
    operation_id = "getQuiz",
    tag = "learning",
    security(("bearer" = [])),
    params(("id" = i64, Path, description = "The quiz's id")),
    responses(
        (status = 200, description = "The quiz.", body = Data<QuizDetail>),
        (status = 401, description = "Not signed in.", body = kernel::ErrorBody),
        (status = 404, description = "No such published quiz.", body = kernel::ErrorBody),
    )
)]
#[get("/quiz/{id}")]
pub async fn detail(
    ctx: web::Data<AppContext>,
    user: CurrentUser,
    path: web::Path<i64>,
) -> AppResult<web::Json<Data<QuizDetail>>> {
    let quiz = quizzes::get(&ctx.db, path.into_inner()).await?;
    let questions = quizzes::questions(&ctx.db, quiz.id).await?;
    let p = progress::of(
        &ctx.db,
        user.id,
        std::slice::from_ref(&quiz),
        kernel::clock::now(),
    )
    .await?
    .remove(&quiz.id)
    .unwrap_or_else(|| progress::fresh(&quiz));
    let answers = match &p.latest {
        Some(latest) => taking::answers_of(&ctx.db, latest.id).await?,
        None => HashMap::new(),
    };
    let may_answer = p.standing == crate::policy::Standing::Open;
    let current = match &p.open {
        Some(open) => open.current_question_id,
        None if may_answer => questions.first().map(|(q, _)| q.id),
        None => None,
    };
    // A new attempt starts blank; the answers shown are the attempt under way's, or the
    // finished one's when no new attempt may start.
    let show_answers = p.open.is_some() || !may_answer;
    Ok(Data::new(QuizDetail {
        id: quiz.id,
        name: quiz.name,
        description: quiz.description,
        questions: questions
            .into_iter()
            .map(|(q, options)| {
                let chosen = show_answers.then(|| answers.get(&q.id)).flatten();
                question_view(q, options, chosen)
            })
            .collect(),
        current_question_id: current,
        completed: p.open.is_none() && p.latest.is_some(),
        quiz_passed: p.passed,
        percent_correct_answers: p.percent,
        remaining_attempts: p.remaining_attempts,
        delayed_until: p.delayed_until,
        certificate_url: p.certificate_code.as_deref().map(certificate_url),
        credential_url: p.certificate_code.as_deref().map(credential_url),
        feedback: quiz.feedback,
    }))
}

/// Answer a question
///
/// Answers one question; the last answer scores the attempt. Passing the quiz issues a certificate
/// with a public verification code.
#[utoipa::path(
    operation_id = "completeQuiz",
    tag = "learning",
    security(("bearer" = [])),
    params(("id" = i64, Path, description = "The quiz's id")),
    request_body = AnswerSubmission,
    responses(
        (status = 200, description = "Recorded; scored after the last question.", body = Data<CompletionResponse>),
        (status = 400, description = "No or wrong answers, out of order, passed, no attempts left or delayed.", body = kernel::ErrorBody),
        (status = 401, description = "Not signed in.", body = kernel::ErrorBody),
        (status = 404, description = "No such published quiz.", body = kernel::ErrorBody),
    )
)]
#[put("/quiz/{id}/complete-quiz")]
pub async fn complete(
    ctx: web::Data<AppContext>,
    user: CurrentUser,
    path: web::Path<i64>,
    body: ValidJson<AnswerSubmission>,
) -> AppResult<web::Json<Data<CompletionResponse>>> {
    let body = body.into_inner();
    let holder = ctx
        .users
        .summaries(&[user.id])
        .await?
        .remove(&user.id)
        .map(|u| u.name)
        .ok_or_else(AppError::not_found)?;
    let outcome = taking::answer(
        &ctx.db,
        &user,
        &holder,
        path.into_inner(),
        body.question.value()?,
        body.chosen_answers.value()?,
    )
    .await?;
    Ok(Data::new(CompletionResponse {
        completed: outcome.completed,
        quiz_passed: outcome.passed,
        percent_correct_answers: outcome.percent,
        certificate: outcome.certificate_code.as_deref().map(certificate_url),
        credential: outcome.certificate_code.as_deref().map(credential_url),
        remaining_attempts: outcome.remaining_attempts,
        current_question_id: outcome.next_question_id,
        delayed_until: outcome.delayed_until,
    }))
}
