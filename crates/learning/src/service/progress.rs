//! A member's progress on quizzes: attempts, standing, remaining attempts, certificate.

use std::collections::HashMap;

use chrono::{DateTime, Utc};
use kernel::AppResult;
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder};

use crate::entity::{attempt, certificate, quiz};
use crate::policy::{self, Standing};
use crate::service::certificates;

/// Where a member stands on one quiz.
#[derive(Debug, Clone)]
pub struct Progress {
    pub passed: bool,
    /// The latest completed attempt's score.
    pub percent: Option<i32>,
    pub remaining_attempts: i32,
    pub delayed_until: Option<DateTime<Utc>>,
    pub certificate_code: Option<String>,
    pub standing: Standing,
    /// The attempt under way, if any.
    pub open: Option<attempt::Model>,
    /// The latest attempt, under way or completed.
    pub latest: Option<attempt::Model>,
    /// Every attempt ever started (the next one's number follows them).
    pub attempts_started: i32,
    /// Attempts before the certificate came due for renewal: they no longer count.
    pub attempts_before_renewal: i32,
}

/// A member's attempts on each of the given quizzes, oldest first.
async fn attempts_of(
    db: &impl ConnectionTrait,
    user_id: i64,
    quiz_ids: &[i64],
) -> AppResult<HashMap<i64, Vec<attempt::Model>>> {
    let mut by_quiz: HashMap<i64, Vec<attempt::Model>> = HashMap::new();
    for row in attempt::Entity::find()
        .filter(attempt::Column::UserId.eq(user_id))
        .filter(attempt::Column::QuizId.is_in(quiz_ids.to_vec()))
        .order_by_asc(attempt::Column::Number)
        .all(db)
        .await?
    {
        by_quiz.entry(row.quiz_id).or_default().push(row);
    }
    Ok(by_quiz)
}

/// Where a member stands on `quiz` given their `attempts`; once their certificate is due
/// for renewal (`renewing`: when it was issued), only attempts started after it count, so
/// the quiz opens again with its full number of attempts.
fn progress_of(
    quiz: &quiz::Model,
    all: Vec<attempt::Model>,
    code: Option<String>,
    renewing: Option<DateTime<Utc>>,
    now: DateTime<Utc>,
) -> Progress {
    let total = i32::try_from(all.len()).unwrap_or(i32::MAX);
    let attempts: Vec<attempt::Model> = all
        .into_iter()
        .filter(|a| renewing.is_none_or(|issued| a.started_at > issued))
        .collect();
    let passed = attempts.iter().any(|a| a.passed);
    let open = attempts.iter().find(|a| a.completed_at.is_none()).cloned();
    let last_failure = attempts
        .iter()
        .filter(|a| !a.passed)
        .filter_map(|a| a.completed_at)
        .max();
    let started = i32::try_from(attempts.len()).unwrap_or(i32::MAX);
    let standing = policy::standing(
        passed,
        started,
        quiz.attempts_allowed,
        open.is_some(),
        last_failure,
        quiz.delay_hours,
        now,
    );
    Progress {
        passed,
        percent: attempts
            .iter()
            .rev()
            .find(|a| a.completed_at.is_some())
            .map(|a| a.percent),
        remaining_attempts: (quiz.attempts_allowed - started).max(0),
        delayed_until: match standing {
            Standing::DelayedUntil(until) => Some(until),
            _ => None,
        },
        certificate_code: code,
        standing,
        latest: attempts.last().cloned(),
        open,
        attempts_started: total,
        attempts_before_renewal: total - started,
    }
}

/// The member's progress on each quiz.
pub async fn of(
    db: &impl ConnectionTrait,
    user_id: i64,
    quizzes: &[quiz::Model],
    now: DateTime<Utc>,
) -> AppResult<HashMap<i64, Progress>> {
    let ids: Vec<i64> = quizzes.iter().map(|q| q.id).collect();
    let mut attempts = attempts_of(db, user_id, &ids).await?;
    let mut certificates: HashMap<i64, certificate::Model> = certificate::Entity::find()
        .filter(certificate::Column::UserId.eq(user_id))
        .filter(certificate::Column::QuizId.is_in(ids))
        .all(db)
        .await?
        .into_iter()
        .map(|c| (c.quiz_id, c))
        .collect();
    Ok(quizzes
        .iter()
        .map(|q| {
            let certificate = certificates.remove(&q.id);
            let renewing = certificate
                .as_ref()
                .filter(|c| certificates::renewal_due(c, now))
                .map(|c| c.issued_at);
            let progress = progress_of(
                q,
                attempts.remove(&q.id).unwrap_or_default(),
                certificate.map(|c| c.code),
                renewing,
                now,
            );
            (q.id, progress)
        })
        .collect())
}

/// Progress of someone who has not started (visitors, and members before their first try).
pub fn fresh(quiz: &quiz::Model) -> Progress {
    progress_of(quiz, Vec::new(), None, None, kernel::clock::now())
}
