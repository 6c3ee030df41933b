//! Daily counts for the staff console's charts: how many rows of a table fall on each UTC
//! day of a period, in one grouped statement per series, filled with zeros so that every
//! series has one value per day of the period.

use std::collections::HashMap;

use chrono::{DateTime, Days, NaiveDate, NaiveTime, Utc};
use sea_orm::sea_query::{Asterisk, Expr, Func, SimpleExpr};
use sea_orm::{
    ColumnTrait, ConnectionTrait, DbBackend, EntityTrait, QueryFilter, QuerySelect, Select,
};
use serde::Serialize;
use utoipa::ToSchema;

use crate::AppResult;

/// How many days the charts cover: the console's, the audit log's strip, a group's activity.
pub const CHART_DAYS: u32 = 90;

/// A UTC day as the charts key it, `YYYY-MM-DD` (what [`per_day`] groups by on both backends).
pub fn day_key(day: NaiveDate) -> String {
    day.format("%Y-%m-%d").to_string()
}

/// When the `n`th of `total` made-up rows happened: spread evenly over the last
/// [`CHART_DAYS`] days, oldest first, so the scale data set's charts show three months of
/// life rather than one busy afternoon.
pub fn spread(n: usize, total: usize) -> DateTime<Utc> {
    let now = crate::clock::now();
    let start = Period::last(CHART_DAYS).start();
    let step = (now - start).num_seconds() / total.max(1) as i64;
    start + chrono::Duration::seconds(step * n as i64)
}

/// The days a chart covers: `days` whole UTC days, the last of them today.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
pub struct Period {
    /// The first day (UTC).
    pub first_day: NaiveDate,
    /// How many days, today included.
    pub days: u32,
}

impl Period {
    /// The `days` days up to and including `today`.
    pub fn ending(today: NaiveDate, days: u32) -> Self {
        let back = u64::from(days.max(1) - 1);
        Self {
            first_day: today.checked_sub_days(Days::new(back)).unwrap_or(today),
            days: days.max(1),
        }
    }

    /// The `days` days up to and including today.
    pub fn last(days: u32) -> Self {
        Self::ending(crate::clock::now().date_naive(), days)
    }

    fn start(&self) -> DateTime<Utc> {
        self.first_day.and_time(NaiveTime::MIN).and_utc()
    }

    /// One count per day of the period from `(YYYY-MM-DD, count)` rows, zero where
    /// `counted` has none; days outside the period are dropped.
    pub fn fill(&self, counted: Vec<(String, i64)>) -> Vec<i64> {
        let by_day: HashMap<String, i64> = counted.into_iter().collect();
        (0..self.days)
            .map(|offset| {
                self.first_day
                    .checked_add_days(Days::new(u64::from(offset)))
                    .map(day_key)
                    .and_then(|day| by_day.get(&day).copied())
                    .unwrap_or(0)
            })
            .collect()
    }
}

/// What each day counts: the rows, or the different values of a column among them (the
/// members who signed in that day, however often).
#[derive(Debug, Clone, Copy)]
pub enum Count<C> {
    Rows,
    Distinct(C),
}

/// The UTC day of a timestamp column as `YYYY-MM-DD` text, on either backend (SQLite keeps
/// timestamps as ISO 8601 text, whose first ten characters are the day). Each backend marks
/// where the column goes with its own placeholder: `$1` for PostgreSQL, `?` for SQLite.
fn day_of<C: ColumnTrait>(backend: DbBackend, column: C) -> SimpleExpr {
    let qualified = Expr::col((column.entity_name(), column));
    match backend {
        DbBackend::Postgres => {
            Expr::cust_with_exprs("to_char($1 AT TIME ZONE 'UTC', 'YYYY-MM-DD')", [qualified])
        }
        _ => Expr::cust_with_exprs("substr(?, 1, 10)", [qualified]),
    }
}

/// How many rows of `select` fall on each day of `period` by their `at` timestamp (or how
/// many different values of a column they hold): one statement, grouped by day.
pub async fn per_day<E: EntityTrait>(
    db: &impl ConnectionTrait,
    select: Select<E>,
    at: E::Column,
    count: Count<E::Column>,
    period: Period,
) -> AppResult<Vec<i64>> {
    let day = day_of(db.get_database_backend(), at);
    let counted: SimpleExpr = match count {
        Count::Rows => Func::count(Expr::col(Asterisk)).into(),
        Count::Distinct(column) => {
            Func::count_distinct(Expr::col((column.entity_name(), column))).into()
        }
    };
    let rows: Vec<(String, i64)> = select
        .select_only()
        .column_as(day.clone(), "day")
        .column_as(counted, "n")
        .filter(at.gte(period.start()))
        .group_by(day)
        .into_tuple()
        .all(db)
        .await?;
    Ok(period.fill(rows))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day(text: &str) -> NaiveDate {
        NaiveDate::parse_from_str(text, "%Y-%m-%d").unwrap_or_default()
    }

    #[test]
    fn a_period_ends_today_and_counts_today() {
        let period = Period::ending(day("2026-11-27"), 90);
        assert_eq!(period.first_day, day("2026-08-30"));
        assert_eq!(period.days, 90);
        assert_eq!(
            Period::ending(day("2026-11-27"), 1).first_day,
            day("2026-11-27")
        );
    }

    #[test]
    fn days_without_rows_count_zero_and_days_outside_are_dropped() {
        let period = Period::ending(day("2026-03-02"), 4);
        let filled = period.fill(vec![
            ("2026-02-27".to_owned(), 3),
            ("2026-03-01".to_owned(), 5),
            ("2026-03-02".to_owned(), 1),
            ("2026-03-03".to_owned(), 9),
        ]);
        // 2026 is not a leap year: February has 28 days.
        assert_eq!(filled, [3, 0, 5, 1]);
    }

    #[test]
    fn made_up_rows_cover_the_charts_period_in_order() {
        let period = Period::last(CHART_DAYS);
        let days: Vec<NaiveDate> = (0..1_000).map(|n| spread(n, 1_000).date_naive()).collect();
        assert!(days.is_sorted());
        assert_eq!(days[0], period.first_day);
        // Every day of the period has rows, but for today's when the test runs just after
        // midnight (UTC).
        let covered = days.iter().collect::<std::collections::HashSet<_>>().len();
        assert!(covered >= CHART_DAYS as usize - 1, "{covered} days");
        assert!(spread(999, 1_000) < crate::clock::now());
    }
}
