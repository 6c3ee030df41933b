//! What the learning crate holds about a member, table by table (see `kernel::export`).

use kernel::export::{Rows, TableExport as T};

const COURSE: &str = "A quiz as staff wrote it.";

pub const TABLES: &[T] = &[
    // Before the attempts they belong to: deletion goes in this order.
    T::member("quiz_answers", &[]).rows(Rows::Through {
        column: "attempt_id",
        table: "quiz_attempts",
        member_column: "user_id",
    }),
    T::member("quiz_attempts", &["user_id"]),
    T::member("certificates", &["user_id"]),
    T::nobody("quizzes", COURSE),
    T::nobody("quiz_questions", COURSE),
    T::nobody("quiz_options", COURSE),
];
