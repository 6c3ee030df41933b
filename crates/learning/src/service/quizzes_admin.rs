//! The staff console's quizzes: settings, questions with their options and right answers,
//! and a banner. A published quiz is open to members at once; a quiz members have taken
//! keeps its questions and cannot be deleted (its answers and certificates refer to it).

use audit::Decision;
use kernel::error::FieldErrors;
use kernel::{AppContext, AppError, AppResult, Page, PageParams, Staff};
use media::images::Shape;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, PaginatorTrait, QueryFilter,
    QueryOrder, Set,
};

use super::authoring::{self, OptionDraft, QuestionDraft, QuizDraft, QuizSettings};
use super::quizzes::{categories, questions};
use crate::entity::{attempt, quiz};
use crate::enums::QuestionType;
use crate::policy;

const PER_PAGE: u64 = 25;
const BANNER: Shape = Shape {
    max_width: 1200,
    thumbnail_side: 480,
};
pub const DELETED: &str = "The quiz has been deleted.";
pub const LOCKED_QUESTIONS: &str = "Members have taken this quiz, so its questions can no longer change. Unpublish it and write a new quiz instead.";
pub const LOCKED_DELETE: &str =
    "Members have taken this quiz, so it cannot be deleted. Unpublish it instead.";
pub const NO_QUESTIONS: &str = "Add at least one question.";

/// Every quiz, published or not, newest first.
pub async fn list(
    db: &impl ConnectionTrait,
    search: Option<&str>,
    params: &PageParams,
) -> AppResult<Page<quiz::Model>> {
    let mut select = quiz::Entity::find();
    if let Some(found) = search.and_then(|text| fulltext::contains(&[quiz::Column::Name], text)) {
        select = select.filter(found);
    }
    let select = select
        .order_by_desc(quiz::Column::CreatedAt)
        .order_by_desc(quiz::Column::Id);
    kernel::pagination::paginate(db, select, params, PER_PAGE).await
}

/// Any quiz, published or not.
pub async fn get(db: &impl ConnectionTrait, id: i64) -> AppResult<quiz::Model> {
    quiz::Entity::find_by_id(id)
        .one(db)
        .await?
        .ok_or_else(AppError::not_found)
}

/// How many attempts members have started on a quiz.
pub async fn attempts_taken(db: &impl ConnectionTrait, quiz_id: i64) -> AppResult<u64> {
    Ok(attempt::Entity::find()
        .filter(attempt::Column::QuizId.eq(quiz_id))
        .count(db)
        .await?)
}

/// A stored quiz as staff wrote it.
pub async fn draft_of(db: &impl ConnectionTrait, stored: &quiz::Model) -> AppResult<QuizDraft> {
    let questions = questions(db, stored.id)
        .await?
        .into_iter()
        .map(|(q, mut options)| {
            let kind = q.kind;
            // Staff write an ordering question's options in the right order.
            if kind == QuestionType::DragAndDrop {
                options.sort_by_key(|o| o.correct_position.unwrap_or(i32::MAX));
            }
            QuestionDraft {
                kind,
                text: q.text,
                video_url: q.video_url,
                iframe_url: q.iframe_url,
                explanation: q.explanation,
                options: options
                    .into_iter()
                    .enumerate()
                    .map(|(i, o)| OptionDraft {
                        text: o.text,
                        is_correct: o.is_correct,
                        correct_position: (kind == QuestionType::DragAndDrop)
                            .then(|| i32::try_from(i).unwrap_or(i32::MAX)),
                    })
                    .collect(),
            }
        })
        .collect();
    Ok(QuizDraft {
        settings: QuizSettings {
            name: stored.name.clone(),
            description: stored.description.clone(),
            categories: categories(stored),
            banner_link: stored.banner_link.clone(),
            pass_mark: stored.pass_mark,
            attempts_allowed: stored.attempts_allowed,
            delay_hours: stored.delay_hours,
            published: stored.published,
            validity_months: stored.validity_months,
            cpd_minutes: stored.cpd_minutes,
            feedback: stored.feedback,
        },
        questions,
    })
}

/// The questions as members answer them, without their explanations.
fn unexplained(questions: &[QuestionDraft]) -> Vec<QuestionDraft> {
    questions
        .iter()
        .map(|q| QuestionDraft {
            explanation: None,
            ..q.clone()
        })
        .collect()
}

/// Refuses questions members could not answer, naming each one; ordering questions take
/// the options' order as the right one.
fn checked(mut draft: QuizDraft) -> AppResult<QuizDraft> {
    let mut errors = FieldErrors::new();
    if draft.questions.is_empty() {
        errors.insert("questions".into(), vec![NO_QUESTIONS.into()]);
    }
    if draft
        .settings
        .banner_link
        .as_deref()
        .is_some_and(|l| !kernel::links::is_web_address(l))
    {
        errors.insert(
            "banner_link".into(),
            vec![kernel::links::NOT_A_WEB_ADDRESS.into()],
        );
    }
    if let Some(reason) = kernel::rich_text::active_content(&draft.settings.description) {
        errors.insert("description".into(), vec![reason.into()]);
    }
    for (i, q) in draft.questions.iter_mut().enumerate() {
        let right = q.options.iter().filter(|o| o.is_correct).count();
        if let Some(problem) = policy::question_problem(q.kind, right, q.options.len()) {
            errors.insert(format!("questions[{i}].options"), vec![problem.into()]);
        }
        if let Some(reason) = kernel::rich_text::active_content(&q.text) {
            errors.insert(format!("questions[{i}].text"), vec![reason.into()]);
        }
        for (position, option) in q.options.iter_mut().enumerate() {
            let ordering = q.kind == QuestionType::DragAndDrop;
            option.correct_position = ordering.then(|| i32::try_from(position).unwrap_or(i32::MAX));
            option.is_correct = option.is_correct && !ordering;
            option.text = option.text.trim().to_owned();
        }
        q.explanation = q
            .explanation
            .take()
            .map(|e| e.trim().to_owned())
            .filter(|e| !e.is_empty());
    }
    if errors.is_empty() {
        Ok(draft)
    } else {
        Err(AppError::Validation(errors))
    }
}

pub async fn create(ctx: &AppContext, staff: &Staff, draft: QuizDraft) -> AppResult<quiz::Model> {
    let draft = checked(draft)?;
    let decision = Decision::creating(&ctx.db, staff, "quiz.create", "quiz").await?;
    let mut active = quiz::ActiveModel {
        created_at: Set(kernel::clock::now()),
        banner: Set(None),
        ..Default::default()
    };
    authoring::write_settings(&mut active, draft.settings.clone())?;
    let saved = active.insert(decision.db()).await?;
    authoring::write_questions(decision.db(), saved.id, draft.questions).await?;
    let after = draft_of(decision.db(), &saved).await?;
    decision.on(saved.id).commit((), after).await?;
    Ok(saved)
}

/// Saves a quiz's settings and, unless members have taken it, its questions.
pub async fn update(
    ctx: &AppContext,
    staff: &Staff,
    id: i64,
    draft: QuizDraft,
) -> AppResult<quiz::Model> {
    let draft = checked(draft)?;
    let decision = Decision::by(&ctx.db, staff, "quiz.update", "quiz", id).await?;
    let current = get(decision.db(), id).await?;
    let before = draft_of(decision.db(), &current).await?;
    let locked = policy::is_locked(attempts_taken(decision.db(), id).await?);
    // An explanation is not part of what members answered: it may change at any time.
    let questions_change = unexplained(&before.questions) != unexplained(&draft.questions);
    if locked && questions_change {
        return Err(AppError::field("questions", LOCKED_QUESTIONS));
    }
    let mut active: quiz::ActiveModel = current.into();
    authoring::write_settings(&mut active, draft.settings)?;
    let saved = active.update(decision.db()).await?;
    if questions_change {
        authoring::write_questions(decision.db(), id, draft.questions).await?;
    } else {
        authoring::write_explanations(decision.db(), id, &draft.questions).await?;
    }
    let after = draft_of(decision.db(), &saved).await?;
    decision.commit(before, after).await?;
    Ok(saved)
}

pub async fn delete(ctx: &AppContext, staff: &Staff, id: i64) -> AppResult<()> {
    let decision = Decision::by(&ctx.db, staff, "quiz.delete", "quiz", id).await?;
    let current = get(decision.db(), id).await?;
    if policy::is_locked(attempts_taken(decision.db(), id).await?) {
        return Err(AppError::conflict("quiz_taken", LOCKED_DELETE));
    }
    let before = draft_of(decision.db(), &current).await?;
    quiz::Entity::delete_by_id(id).exec(decision.db()).await?;
    decision
        .commit_replacing(before, (), ctx.storage.as_ref(), current.banner)
        .await?;
    Ok(())
}

/// Sets the quiz's banner picture.
pub async fn set_banner(
    ctx: &AppContext,
    staff: &Staff,
    id: i64,
    upload: Vec<u8>,
) -> AppResult<quiz::Model> {
    get(&ctx.db, id).await?;
    let key = media::images::accept(ctx.storage.as_ref(), "quizzes", upload, BANNER).await?;
    let decision = Decision::by(&ctx.db, staff, "quiz.set_banner", "quiz", id).await?;
    let current = get(decision.db(), id).await?;
    let old = current.banner.clone();
    let mut active: quiz::ActiveModel = current.into();
    active.banner = Set(Some(key.clone()));
    let saved = active.update(decision.db()).await?;
    decision
        .commit_replacing(
            serde_json::json!({"banner": old}),
            serde_json::json!({"banner": key}),
            ctx.storage.as_ref(),
            old,
        )
        .await?;
    Ok(saved)
}
