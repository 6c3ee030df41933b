//! What SQL a request runs: every statement is counted against the request that ran it
//! and, with `COHORT_LOG_SQL`, logged. The statement-count test and `just bench` read
//! both; nothing here changes what a statement does.

use std::cell::Cell;
use std::future::Future;

crate::string_enum! {
    /// `COHORT_LOG_SQL`: whether statements are logged, and with their values or not.
    SqlLog {
        /// Nothing logged (the default).
        Off = "off",
        /// Each statement with its placeholders and time, and each request's count.
        On = "on",
        /// As `on`, with the values inlined: for benchmarks on test data only, since
        /// values include e-mail addresses and token hashes.
        Values = "values",
    }
}

/// The log target of statement lines (`RUST_LOG=cohort::sql=debug`).
pub const TARGET: &str = "cohort::sql";

tokio::task_local! {
    static STATEMENTS: Cell<u32>;
}

/// Runs `work`, counting the statements it runs on this task.
pub async fn counted<F: Future>(work: F) -> (F::Output, u32) {
    STATEMENTS
        .scope(Cell::new(0), async move {
            let output = work.await;
            (output, STATEMENTS.with(Cell::get))
        })
        .await
}

/// Called by the database driver after each statement.
pub fn observe(info: &sea_orm::metric::Info<'_>, log: SqlLog) {
    // Outside a counted request (start-up, workers) there is nothing to count.
    let _ = STATEMENTS.try_with(|n| n.set(n.get() + 1));
    let micros = u64::try_from(info.elapsed.as_micros()).unwrap_or(u64::MAX);
    match log {
        SqlLog::Off => {}
        SqlLog::On => tracing::info!(
            target: TARGET, micros, failed = info.failed, sql = %info.statement.sql
        ),
        SqlLog::Values => tracing::info!(
            target: TARGET, micros, failed = info.failed, sql = %info.statement
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn counts_only_inside_the_scope() {
        let statement = sea_orm::Statement::from_string(sea_orm::DbBackend::Sqlite, "SELECT 1");
        let info = sea_orm::metric::Info {
            elapsed: std::time::Duration::from_micros(3),
            statement: &statement,
            failed: false,
        };
        observe(&info, SqlLog::Off);
        let ((), n) = counted(async {
            observe(&info, SqlLog::Off);
            observe(&info, SqlLog::Off);
        })
        .await;
        assert_eq!(n, 2);
    }
}
