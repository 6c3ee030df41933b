//! The one way lists are searched: a text contained in any of some columns, ignoring
//! case, with the same SQL on SQLite and PostgreSQL.

use sea_orm::sea_query::{Expr, ExprTrait, Func, LikeExpr};
use sea_orm::{ColumnTrait, Condition};

/// Rows where any of `columns` contains `text` (case-insensitive); `None` for a blank
/// text, which filters nothing.
pub fn contains<C: ColumnTrait>(columns: &[C], text: &str) -> Option<Condition> {
    let needle = text.trim().to_lowercase();
    if needle.is_empty() {
        return None;
    }
    let escaped = needle
        .replace('\\', "\\\\")
        .replace('%', "\\%")
        .replace('_', "\\_");
    let pattern = format!("%{escaped}%");
    Some(columns.iter().fold(Condition::any(), |any, column| {
        any.add(
            Expr::expr(Func::lower(Expr::col(column.as_column_ref())))
                .like(LikeExpr::new(pattern.clone()).escape('\\')),
        )
    }))
}
