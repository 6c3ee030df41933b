//! Quiz rules: when a member may answer, and how answers score. Plain functions, tested here.

use chrono::{DateTime, Duration, Utc};

use crate::enums::QuestionType;

/// Whether a member may (start or continue to) answer a quiz.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Standing {
    Open,
    Passed,
    NoAttemptsLeft,
    DelayedUntil(DateTime<Utc>),
}

/// The member's standing: passed quizzes are closed, failed ones wait out the delay, and
/// nobody starts more attempts than allowed (an attempt under way may always be finished).
pub fn standing(
    passed: bool,
    attempts_started: i32,
    attempts_allowed: i32,
    in_progress: bool,
    last_failure: Option<DateTime<Utc>>,
    delay_hours: i32,
    now: DateTime<Utc>,
) -> Standing {
    if passed {
        return Standing::Passed;
    }
    if in_progress {
        return Standing::Open;
    }
    if attempts_started >= attempts_allowed {
        return Standing::NoAttemptsLeft;
    }
    if let Some(failed) = last_failure {
        let until = failed + Duration::hours(i64::from(delay_hours));
        if until > now {
            return Standing::DelayedUntil(until);
        }
    }
    Standing::Open
}

/// An option as scoring sees it.
#[derive(Debug, Clone, Copy)]
pub struct Key {
    pub id: i64,
    pub is_correct: bool,
    pub correct_position: Option<i32>,
}

/// Whether `chosen` (option ids, in the member's order) answers the question right.
pub fn is_right(kind: QuestionType, keys: &[Key], chosen: &[i64]) -> bool {
    match kind {
        QuestionType::Single => {
            chosen.len() == 1 && keys.iter().any(|k| k.id == chosen[0] && k.is_correct)
        }
        QuestionType::Multiple => {
            let mut right: Vec<i64> = keys.iter().filter(|k| k.is_correct).map(|k| k.id).collect();
            let mut given = chosen.to_vec();
            right.sort_unstable();
            given.sort_unstable();
            right == given
        }
        QuestionType::DragAndDrop => {
            let mut order: Vec<&Key> = keys.iter().collect();
            order.sort_by_key(|k| k.correct_position.unwrap_or(i32::MAX));
            order.len() == chosen.len() && order.iter().zip(chosen).all(|(k, c)| k.id == *c)
        }
    }
}

/// Percent of questions answered right, rounded down.
pub fn percent(right: usize, total: usize) -> i32 {
    if total == 0 {
        return 0;
    }
    i32::try_from(right * 100 / total).unwrap_or(0)
}

/// A quiz members have taken keeps its questions (their answers and certificates refer to
/// them) and cannot be deleted; staff unpublish it or write a new one.
pub fn is_locked(attempts_taken: u64) -> bool {
    attempts_taken > 0
}

/// Questions need two options at least.
pub const TOO_FEW_OPTIONS: &str = "Give at least two options.";
/// A single-answer question has one right option.
pub const ONE_RIGHT: &str = "Mark exactly one option as right.";
/// A multiple-answer question has at least one right option.
pub const SOME_RIGHT: &str = "Mark at least one option as right.";

/// Why a question cannot be asked as written (ordering questions take the options'
/// order as the right one, so any marks are ignored).
pub fn question_problem(
    kind: QuestionType,
    right_marks: usize,
    options: usize,
) -> Option<&'static str> {
    if options < 2 {
        return Some(TOO_FEW_OPTIONS);
    }
    match kind {
        QuestionType::Single if right_marks != 1 => Some(ONE_RIGHT),
        QuestionType::Multiple if right_marks == 0 => Some(SOME_RIGHT),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(id: i64, is_correct: bool, correct_position: Option<i32>) -> Key {
        Key {
            id,
            is_correct,
            correct_position,
        }
    }

    #[test]
    fn each_question_type_scores_its_own_way() {
        let choice = [key(1, false, None), key(2, true, None), key(3, true, None)];
        assert!(is_right(QuestionType::Single, &choice, &[2]));
        assert!(!is_right(QuestionType::Single, &choice, &[1]));
        assert!(!is_right(QuestionType::Single, &choice, &[2, 3]));
        assert!(is_right(QuestionType::Multiple, &choice, &[3, 2]));
        assert!(!is_right(QuestionType::Multiple, &choice, &[2]));
        assert!(!is_right(QuestionType::Multiple, &choice, &[1, 2, 3]));
        let order = [
            key(7, false, Some(2)),
            key(8, false, Some(0)),
            key(9, false, Some(1)),
        ];
        assert!(is_right(QuestionType::DragAndDrop, &order, &[8, 9, 7]));
        assert!(!is_right(QuestionType::DragAndDrop, &order, &[7, 8, 9]));
        assert!(!is_right(QuestionType::DragAndDrop, &order, &[8, 9]));
    }

    #[test]
    fn attempts_and_delays_decide_the_standing() {
        let now = kernel::clock::now();
        assert_eq!(standing(true, 1, 3, false, None, 0, now), Standing::Passed);
        assert_eq!(
            standing(false, 3, 3, false, None, 0, now),
            Standing::NoAttemptsLeft
        );
        assert_eq!(standing(false, 3, 3, true, None, 0, now), Standing::Open);
        let failed = now - Duration::hours(1);
        assert_eq!(
            standing(false, 1, 3, false, Some(failed), 24, now),
            Standing::DelayedUntil(failed + Duration::hours(24))
        );
        assert_eq!(
            standing(false, 1, 3, false, Some(failed), 1, now),
            Standing::Open
        );
        assert_eq!(percent(2, 3), 66);
        assert_eq!(percent(0, 0), 0);
    }

    #[test]
    fn questions_need_options_and_the_right_number_of_right_ones() {
        assert_eq!(
            question_problem(QuestionType::Single, 1, 1),
            Some(TOO_FEW_OPTIONS)
        );
        assert_eq!(
            question_problem(QuestionType::Single, 2, 3),
            Some(ONE_RIGHT)
        );
        assert_eq!(question_problem(QuestionType::Single, 1, 3), None);
        assert_eq!(
            question_problem(QuestionType::Multiple, 0, 3),
            Some(SOME_RIGHT)
        );
        assert_eq!(question_problem(QuestionType::Multiple, 3, 3), None);
        assert_eq!(question_problem(QuestionType::DragAndDrop, 0, 4), None);
    }

    #[test]
    fn a_taken_quiz_is_locked() {
        assert!(!is_locked(0));
        assert!(is_locked(1));
    }
}
