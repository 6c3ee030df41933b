//! Writing quizzes, for the demo seed and the staff console: a quiz with its questions
//! and options.

use kernel::AppResult;
use kernel::json_list::JsonList;
use sea_orm::{ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, Set};
use serde::Serialize;

use crate::entity::{answer_option, question, quiz};
use crate::enums::{FeedbackShown, QuestionType};

/// An option: its text, and whether it is right (choice) or its place (ordering).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct OptionDraft {
    pub text: String,
    pub is_correct: bool,
    pub correct_position: Option<i32>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct QuestionDraft {
    pub kind: QuestionType,
    pub text: String,
    pub video_url: Option<String>,
    pub iframe_url: Option<String>,
    pub options: Vec<OptionDraft>,
    /// Why the right answer is right (plain text), for the feedback after an attempt.
    pub explanation: Option<String>,
}

impl QuestionDraft {
    /// The question with `explanation` as its feedback.
    pub fn explained(mut self, explanation: &str) -> Self {
        self.explanation = Some(explanation.to_owned());
        self
    }
}

/// What a quiz says, apart from its questions.
#[derive(Debug, Clone, Serialize)]
pub struct QuizSettings {
    pub name: String,
    pub description: String,
    pub categories: Vec<String>,
    pub banner_link: Option<String>,
    pub pass_mark: i32,
    pub attempts_allowed: i32,
    pub delay_hours: i32,
    pub published: bool,
    /// Months a certificate stays valid; none: for good.
    pub validity_months: Option<i32>,
    /// CPD time a certificate records, in minutes.
    pub cpd_minutes: Option<i32>,
    /// When members see which questions they got wrong, with the explanations.
    pub feedback: FeedbackShown,
}

#[derive(Debug, Clone, Serialize)]
pub struct QuizDraft {
    #[serde(flatten)]
    pub settings: QuizSettings,
    pub questions: Vec<QuestionDraft>,
}

/// Adds a quiz unless one with its name exists; returns the quiz's id.
pub async fn add_once(db: &impl ConnectionTrait, draft: QuizDraft) -> AppResult<i64> {
    if let Some(found) = quiz::Entity::find()
        .filter(quiz::Column::Name.eq(&draft.settings.name))
        .one(db)
        .await?
    {
        return Ok(found.id);
    }
    let mut active = quiz::ActiveModel {
        created_at: Set(kernel::clock::now()),
        banner: Set(None),
        ..Default::default()
    };
    write_settings(&mut active, draft.settings)?;
    let saved = active.insert(db).await?;
    write_questions(db, saved.id, draft.questions).await?;
    Ok(saved.id)
}

/// Writes the settings into a quiz (new or stored); the description is sanitised.
pub fn write_settings(active: &mut quiz::ActiveModel, settings: QuizSettings) -> AppResult<()> {
    active.name = Set(settings.name);
    active.description = Set(kernel::rich_text::sanitize_page(&settings.description));
    active.categories = Set(JsonList(settings.categories));
    active.banner_link = Set(settings.banner_link);
    active.pass_mark = Set(settings.pass_mark);
    active.attempts_allowed = Set(settings.attempts_allowed);
    active.delay_hours = Set(settings.delay_hours);
    active.published = Set(settings.published);
    active.validity_months = Set(settings.validity_months);
    active.cpd_minutes = Set(settings.cpd_minutes);
    active.feedback = Set(settings.feedback);
    Ok(())
}

/// Writes each question's explanation in place, by its position: explanations may change
/// once members have taken the quiz, when its questions may not.
pub async fn write_explanations(
    db: &impl ConnectionTrait,
    quiz_id: i64,
    questions: &[QuestionDraft],
) -> AppResult<()> {
    for (position, q) in questions.iter().enumerate() {
        question::Entity::update_many()
            .col_expr(
                question::Column::Explanation,
                sea_orm::sea_query::Expr::value(q.explanation.clone()),
            )
            .filter(question::Column::QuizId.eq(quiz_id))
            .filter(question::Column::Position.eq(i32::try_from(position).unwrap_or(i32::MAX)))
            .exec(db)
            .await?;
    }
    Ok(())
}

/// Replaces a quiz's questions with `questions`, in order.
pub async fn write_questions(
    db: &impl ConnectionTrait,
    quiz_id: i64,
    questions: Vec<QuestionDraft>,
) -> AppResult<()> {
    question::Entity::delete_many()
        .filter(question::Column::QuizId.eq(quiz_id))
        .exec(db)
        .await?;
    for (position, q) in questions.into_iter().enumerate() {
        let question = question::ActiveModel {
            quiz_id: Set(quiz_id),
            position: Set(i32::try_from(position).unwrap_or(i32::MAX)),
            kind: Set(q.kind),
            text: Set(kernel::rich_text::sanitize_page(&q.text)),
            video_url: Set(q.video_url),
            iframe_url: Set(q.iframe_url),
            explanation: Set(q.explanation),
            ..Default::default()
        }
        .insert(db)
        .await?;
        for (index, option) in q.options.into_iter().enumerate() {
            answer_option::ActiveModel {
                question_id: Set(question.id),
                position: Set(i32::try_from(index).unwrap_or(i32::MAX)),
                text: Set(option.text),
                is_correct: Set(option.is_correct),
                correct_position: Set(option.correct_position),
                ..Default::default()
            }
            .insert(db)
            .await?;
        }
    }
    Ok(())
}
