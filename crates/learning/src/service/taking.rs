//! Taking a quiz (spec 2 §4 Quiz flow): one question at a time, in order, scored when the
//! last is answered; attempts and delays enforced here, whatever the client does.

use std::collections::{HashMap, HashSet};

use chrono::{DateTime, Utc};
use kernel::{AppError, AppResult, CurrentUser};
use sea_orm::{ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, Set};

use super::{certificates, progress, quizzes};
use crate::entity::{answer, answer_option, attempt, question, quiz};
use crate::enums::QuestionType;
use crate::policy::{self, Key, Standing};

pub const REQUIRED: &str = kernel::validation::REQUIRED_SHORT;
pub const NOT_THIS_QUESTION: &str = "Choose answers of this question only.";
pub const REPEATED: &str = "Each answer can be chosen once.";
pub const ONE_ANSWER: &str = "Choose one answer.";
pub const WHOLE_ORDER: &str = "Put every answer in order.";
pub const NOT_IN_QUIZ: &str = "This question is not part of the quiz.";
pub const OUT_OF_ORDER: &str = "Answer the questions in order.";
pub const ALREADY_PASSED: &str = "You have already passed this quiz.";
pub const NO_ATTEMPTS: &str = "You have no attempts left for this quiz.";

/// What answering a question leads to.
#[derive(Debug, Clone)]
pub struct Outcome {
    pub completed: bool,
    pub passed: bool,
    pub percent: i32,
    pub certificate_code: Option<String>,
    pub remaining_attempts: i32,
    pub next_question_id: Option<i64>,
    pub delayed_until: Option<DateTime<Utc>>,
}

fn kind(q: &question::Model) -> QuestionType {
    q.kind
}

/// Checks the member's choice against the question's options.
fn check_choice(
    q: &question::Model,
    options: &[answer_option::Model],
    chosen: &[i64],
) -> AppResult<()> {
    let field = |text: &str| AppError::field("chosen_answers", text);
    if chosen.is_empty() {
        return Err(field(REQUIRED));
    }
    let ids: HashSet<i64> = options.iter().map(|o| o.id).collect();
    if chosen.iter().any(|c| !ids.contains(c)) {
        return Err(field(NOT_THIS_QUESTION));
    }
    if chosen.iter().collect::<HashSet<_>>().len() != chosen.len() {
        return Err(field(REPEATED));
    }
    match kind(q) {
        QuestionType::Single if chosen.len() != 1 => Err(field(ONE_ANSWER)),
        QuestionType::DragAndDrop if chosen.len() != options.len() => Err(field(WHOLE_ORDER)),
        _ => Ok(()),
    }
}

fn refusal(standing: Standing) -> Option<AppError> {
    match standing {
        Standing::Open => None,
        Standing::Passed => Some(AppError::bad_request("quiz_passed", ALREADY_PASSED)),
        Standing::NoAttemptsLeft => Some(AppError::bad_request("no_attempts_left", NO_ATTEMPTS)),
        Standing::DelayedUntil(until) => Some(
            AppError::bad_request(
                "quiz_delayed",
                format!(
                    "You can try again after {}.",
                    until.format("%b %d %Y, %H:%M UTC")
                ),
            )
            .with_extra("delayed_until", until.to_rfc3339()),
        ),
    }
}

/// Records the member's answer to `question_id` and, after the last question, scores the
/// attempt (issuing the certificate once on a pass).
pub async fn answer(
    db: &sea_orm::DatabaseConnection,
    user: &CurrentUser,
    holder_name: &str,
    quiz_id: i64,
    question_id: i64,
    chosen: Vec<i64>,
) -> AppResult<Outcome> {
    let quiz = quizzes::get(db, quiz_id).await?;
    let questions = quizzes::questions(db, quiz_id).await?;
    let index = questions
        .iter()
        .position(|(q, _)| q.id == question_id)
        .ok_or_else(|| AppError::field("question", NOT_IN_QUIZ))?;
    let (q, options) = &questions[index];
    check_choice(q, options, &chosen)?;

    let txn = kernel::db::begin_write(db).await?;
    let now = kernel::clock::now();
    let mut standing = progress::of(&txn, user.id, std::slice::from_ref(&quiz), now)
        .await?
        .remove(&quiz.id)
        .unwrap_or_else(|| progress::fresh(&quiz));
    if let Some(error) = refusal(standing.standing) {
        return Err(error);
    }
    let open = match standing.open.take() {
        Some(open) => open,
        None => {
            start(
                &txn,
                &quiz,
                user.id,
                standing.attempts_started + 1,
                &questions,
            )
            .await?
        }
    };
    let current = open
        .current_question_id
        .and_then(|id| questions.iter().position(|(q, _)| q.id == id));
    if current.is_some_and(|c| index > c) {
        return Err(AppError::bad_request("out_of_order", OUT_OF_ORDER));
    }
    save_answer(&txn, open.id, q, options, &chosen, now).await?;
    let answering_current = current == Some(index);
    let next = if answering_current {
        questions.get(index + 1).map(|(q, _)| q.id)
    } else {
        open.current_question_id
    };
    let remaining =
        (quiz.attempts_allowed - (open.number - standing.attempts_before_renewal)).max(0);
    if next.is_some() || !answering_current {
        let mut active: attempt::ActiveModel = open.into();
        active.current_question_id = Set(next);
        active.update(&txn).await?;
        txn.commit().await?;
        return Ok(Outcome {
            completed: false,
            passed: false,
            percent: 0,
            certificate_code: None,
            remaining_attempts: remaining,
            next_question_id: next,
            delayed_until: None,
        });
    }
    // The last question: score the attempt.
    let right = answer::Entity::find()
        .filter(answer::Column::AttemptId.eq(open.id))
        .filter(answer::Column::Correct.eq(true))
        .all(&txn)
        .await?
        .len();
    let percent = policy::percent(right, questions.len());
    let passed = percent >= quiz.pass_mark;
    let attempt_id = open.id;
    let mut active: attempt::ActiveModel = open.into();
    active.current_question_id = Set(None);
    active.completed_at = Set(Some(now));
    active.passed = Set(passed);
    active.percent = Set(percent);
    active.update(&txn).await?;
    let certificate_code = if passed {
        Some(certificates::issue_once(&txn, user.id, &quiz, holder_name, percent, now).await?)
    } else {
        None
    };
    txn.commit().await?;
    tracing::debug!(attempt_id, percent, passed, "quiz attempt completed");
    let delayed_until = (!passed && quiz.delay_hours > 0)
        .then(|| now + chrono::Duration::hours(i64::from(quiz.delay_hours)));
    Ok(Outcome {
        completed: true,
        passed,
        percent,
        certificate_code,
        remaining_attempts: remaining,
        next_question_id: None,
        delayed_until: delayed_until.filter(|_| remaining > 0),
    })
}

async fn start(
    db: &impl ConnectionTrait,
    quiz: &quiz::Model,
    user_id: i64,
    number: i32,
    questions: &[(question::Model, Vec<answer_option::Model>)],
) -> AppResult<attempt::Model> {
    Ok(attempt::ActiveModel {
        quiz_id: Set(quiz.id),
        user_id: Set(user_id),
        number: Set(number),
        current_question_id: Set(questions.first().map(|(q, _)| q.id)),
        started_at: Set(kernel::clock::now()),
        passed: Set(false),
        percent: Set(0),
        ..Default::default()
    }
    .insert(db)
    .await?)
}

async fn save_answer(
    db: &impl ConnectionTrait,
    attempt_id: i64,
    q: &question::Model,
    options: &[answer_option::Model],
    chosen: &[i64],
    now: DateTime<Utc>,
) -> AppResult<()> {
    let keys: Vec<Key> = options
        .iter()
        .map(|o| Key {
            id: o.id,
            is_correct: o.is_correct,
            correct_position: o.correct_position,
        })
        .collect();
    let correct = policy::is_right(kind(q), &keys, chosen);
    let chosen = serde_json::to_string(chosen).map_err(|e| AppError::Internal(e.into()))?;
    answer::Entity::delete_many()
        .filter(answer::Column::AttemptId.eq(attempt_id))
        .filter(answer::Column::QuestionId.eq(q.id))
        .exec(db)
        .await?;
    answer::ActiveModel {
        attempt_id: Set(attempt_id),
        question_id: Set(q.id),
        chosen: Set(chosen),
        correct: Set(correct),
        answered_at: Set(now),
    }
    .insert(db)
    .await?;
    Ok(())
}

/// The answers given in an attempt, by question (option ids in the member's order).
pub async fn answers_of(
    db: &impl ConnectionTrait,
    attempt_id: i64,
) -> AppResult<HashMap<i64, Vec<i64>>> {
    Ok(answer::Entity::find()
        .filter(answer::Column::AttemptId.eq(attempt_id))
        .all(db)
        .await?
        .into_iter()
        .map(|a| {
            (
                a.question_id,
                serde_json::from_str(&a.chosen).unwrap_or_default(),
            )
        })
        .collect())
}
