//! A request given up while its transaction begins (the client hung up, a timeout fired, a
//! sweep was stopped) must not leave its pooled connection inside a transaction no one will
//! end: every later write on that connection would wait there uncommitted, unseen by the rest
//! of the app, and be lost with the next rollback. (Seen as a card setup the test processor
//! had just created and then could not find, in the money torture test on PostgreSQL.)

use std::pin::pin;

use futures_util::FutureExt;
use sea_orm::{ConnectionTrait, DatabaseConnection};

/// Rows in the probe table, as a connection of its own sees them.
async fn seen_by_another_connection(url: &str) -> i64 {
    let other = kernel::db::connect(url, kernel::sql_trace::SqlLog::Off)
        .await
        .unwrap();
    let row = other
        .query_one_raw(sea_orm::Statement::from_string(
            other.get_database_backend(),
            "SELECT COUNT(*) AS n FROM cancel_probe",
        ))
        .await
        .unwrap()
        .unwrap();
    let n = row.try_get::<i64>("", "n").unwrap();
    other.close().await.ok();
    n
}

/// Starts a write transaction and gives it up after `polls` polls of its begin.
async fn give_up_beginning(db: &DatabaseConnection, polls: usize) {
    let mut begin = pin!(kernel::db::begin_write(db));
    for _ in 0..polls {
        if begin.as_mut().now_or_never().is_some() {
            // Begun before it was given up: dropped as any unfinished transaction is.
            return;
        }
        tokio::task::yield_now().await;
    }
}

#[tokio::test]
async fn a_transaction_given_up_while_it_begins_loses_no_later_write() {
    let app = testkit::spawn_app().await;
    let db = &app.ctx.db;
    let url = kernel::db::database_url(&app.ctx.config).unwrap();
    db.execute_unprepared("CREATE TABLE cancel_probe (n INTEGER NOT NULL)")
        .await
        .unwrap();
    for n in 1..=48_i64 {
        give_up_beginning(db, 1 + (n as usize) % 4).await;
        // Sequential writes cycle through the pool's idle connections, so one left inside
        // a transaction is written on within a few rounds.
        db.execute_unprepared(&format!("INSERT INTO cancel_probe (n) VALUES ({n})"))
            .await
            .unwrap();
        assert_eq!(
            seen_by_another_connection(&url).await,
            n,
            "write {n} was left uncommitted on a connection a cancelled begin left in a transaction"
        );
    }
}
