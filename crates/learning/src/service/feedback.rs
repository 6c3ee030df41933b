//! Feedback after a quiz (issue 49 §5), as Moodle's review options give it: for the member's
//! last completed attempt, which questions they got right or wrong, what they answered, and
//! staff's explanation of each. A quiz shows it after every completed attempt, or only once
//! the member passes (its `feedback` setting), so the answers are not handed out.

use std::collections::HashMap;

use actix_web::http::StatusCode;
use kernel::{AppError, AppResult};
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder};
use serde::Serialize;
use utoipa::ToSchema;

use super::quizzes;
use crate::entity::{answer, attempt};
use crate::enums::FeedbackShown;

pub const NO_ATTEMPT: &str = "Finish the quiz to see which answers were right.";
pub const AFTER_PASSING: &str = "Feedback on each question is shown once you pass this quiz.";

/// One question of the attempt.
#[derive(Debug, Serialize, ToSchema)]
pub struct QuestionFeedback {
    pub question_id: i64,
    /// The question (HTML).
    pub text: String,
    /// Whether the member's answer was right.
    pub correct: bool,
    /// The options the member chose, in their order (for an ordering question, the order
    /// they gave).
    pub your_answers: Vec<String>,
    /// Staff's explanation of the right answer; none if they wrote none.
    pub explanation: Option<String>,
}

/// The member's last completed attempt, question by question.
#[derive(Debug, Serialize, ToSchema)]
pub struct AttemptFeedback {
    /// Which attempt it was (1 for the first).
    pub attempt: i32,
    pub quiz_passed: bool,
    pub percent_correct_answers: i32,
    pub questions: Vec<QuestionFeedback>,
}

/// The feedback on `user_id`'s last completed attempt at the published quiz `quiz_id`.
pub async fn of_last_attempt(
    db: &impl ConnectionTrait,
    user_id: i64,
    quiz_id: i64,
) -> AppResult<AttemptFeedback> {
    let quiz = quizzes::get(db, quiz_id).await?;
    let last = attempt::Entity::find()
        .filter(attempt::Column::QuizId.eq(quiz.id))
        .filter(attempt::Column::UserId.eq(user_id))
        .filter(attempt::Column::CompletedAt.is_not_null())
        .order_by_desc(attempt::Column::Number)
        .one(db)
        .await?
        .ok_or_else(|| AppError::client(StatusCode::NOT_FOUND, "no_attempt", NO_ATTEMPT))?;
    if quiz.feedback == FeedbackShown::AfterPassing && !last.passed {
        return Err(AppError::client(
            StatusCode::FORBIDDEN,
            "feedback_after_passing",
            AFTER_PASSING,
        ));
    }
    let answers: HashMap<i64, answer::Model> = answer::Entity::find()
        .filter(answer::Column::AttemptId.eq(last.id))
        .all(db)
        .await?
        .into_iter()
        .map(|a| (a.question_id, a))
        .collect();
    let questions = quizzes::questions(db, quiz.id)
        .await?
        .into_iter()
        .map(|(q, options)| {
            let given = answers.get(&q.id);
            let chosen: Vec<i64> = given
                .map(|a| serde_json::from_str(&a.chosen).unwrap_or_default())
                .unwrap_or_default();
            let text_of: HashMap<i64, &str> =
                options.iter().map(|o| (o.id, o.text.as_str())).collect();
            QuestionFeedback {
                question_id: q.id,
                text: q.text,
                correct: given.is_some_and(|a| a.correct),
                your_answers: chosen
                    .iter()
                    .filter_map(|id| text_of.get(id).map(|t| (*t).to_owned()))
                    .collect(),
                explanation: q.explanation,
            }
        })
        .collect();
    Ok(AttemptFeedback {
        attempt: last.number,
        quiz_passed: last.passed,
        percent_correct_answers: last.percent,
        questions,
    })
}
