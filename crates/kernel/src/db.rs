//! Opening the database: SQLite in the data dir by default, PostgreSQL when configured.

use std::time::Duration;

use anyhow::Context;
use sea_orm::sea_query::{Expr, ExprTrait, Func, Query};
use sea_orm::sqlx::sqlite::{SqliteJournalMode, SqliteSynchronous};
use sea_orm::{
    ActiveModelTrait, ActiveValue, ConnectOptions, ConnectionTrait, Database, DatabaseConnection,
    DatabaseTransaction, DbErr, EntityName, EntityTrait, FromQueryResult, Iterable, QueryTrait,
    SqlErr, SqliteTransactionMode, TransactionOptions, TransactionTrait,
};

use crate::config::Config;
use crate::sql_trace::{self, SqlLog};

/// The URL the app connects to: `DATABASE_URL`, or `cohort.db` in the data dir.
pub fn database_url(config: &Config) -> anyhow::Result<String> {
    if let Some(url) = &config.database_url {
        return Ok(url.clone());
    }
    std::fs::create_dir_all(&config.data_dir)
        .with_context(|| format!("creating data dir {}", config.data_dir.display()))?;
    let file = config.data_dir.join("cohort.db");
    Ok(format!("sqlite://{}?mode=rwc", file.display()))
}

/// Connects with pool settings suited to the backend; every statement is counted against
/// its request and logged as `log` says ([`crate::sql_trace`]).
pub async fn connect(url: &str, log: SqlLog) -> anyhow::Result<DatabaseConnection> {
    let mut options = options(url);
    if url.starts_with("sqlite:") {
        // WAL lets readers run beside the single writer; busy_timeout makes writers queue
        // instead of failing; SQLite leaves foreign keys off unless asked, per connection.
        options.max_connections(8).map_sqlx_sqlite_opts(|opts| {
            opts.journal_mode(SqliteJournalMode::Wal)
                .synchronous(SqliteSynchronous::Normal)
                .foreign_keys(true)
                .busy_timeout(Duration::from_secs(5))
        });
    } else {
        options.max_connections(32).min_connections(2);
    }
    open(options, url, log).await
}

/// A pooled connection idle this long is pinged before it is handed out (the server may have
/// restarted, or a proxy or firewall dropped it, meanwhile); one used within the last second is
/// known to be alive, as HikariCP reasons with its 500 ms `aliveBypassWindowMs`.
const PING_WHEN_IDLE_FOR: Duration = Duration::from_secs(1);

/// What every pool shares: timeouts, pings only for connections that sat idle, and sqlx's own
/// statement log off (ours counts them).
fn options(url: &str) -> ConnectOptions {
    let mut options = ConnectOptions::new(url.to_owned());
    options
        .connect_timeout(Duration::from_secs(10))
        .acquire_timeout(Duration::from_secs(10))
        // sqlx's default pings on every checkout: a round trip to PostgreSQL (to SQLite's
        // worker thread) before each statement a request runs outside a transaction. Under
        // load that was 4 of the replies page's 13 writes to PostgreSQL (strace, issue 45).
        .test_before_acquire_if_idle_for(PING_WHEN_IDLE_FOR)
        .sqlx_logging(false);
    options
}

/// The pool `options` describe, its statements counted and logged ([`crate::sql_trace`]).
async fn open(
    options: ConnectOptions,
    url: &str,
    log: SqlLog,
) -> anyhow::Result<DatabaseConnection> {
    let mut db = Database::connect(options)
        .await
        .with_context(|| format!("connecting to the database ({})", redact(url)))?;
    db.set_metric_callback(move |info| sql_trace::observe(info, log));
    Ok(db)
}

/// The pool for reads whose best plan depends on their values: full-text search, where a
/// word in a few posts wants the index of words and a word in most posts the newest rows
/// first. PostgreSQL plans a prepared statement once for any values after its fifth run,
/// and that plan walked every post for a rare word (130 ms where 8 would do); this pool's
/// sessions plan every run for its values (`plan_cache_mode`). On SQLite, `main` itself:
/// FTS5 always leads its statements.
pub async fn connect_value_planned(
    url: &str,
    log: SqlLog,
    main: &DatabaseConnection,
) -> anyhow::Result<DatabaseConnection> {
    if url.starts_with("sqlite:") {
        return Ok(main.clone());
    }
    let mut options = options(url);
    options
        .max_connections(8)
        .min_connections(0)
        .map_sqlx_postgres_opts(|opts| opts.options([("plan_cache_mode", "force_custom_plan")]));
    open(options, url, log).await
}

/// Starts a transaction that will write. On SQLite it takes the write lock at once
/// (`BEGIN IMMEDIATE`, waiting out other writers with the busy timeout), so a transaction
/// that reads before it writes cannot fail when another writer commits in between;
/// PostgreSQL starts it as usual.
///
/// The begin runs on a task of its own, so that a caller given up while it waits (a client
/// that hung up, a timeout, a stopped sweep) cannot leave its connection inside a
/// transaction no one will end. sqlx counts a PostgreSQL transaction only once `BEGIN` has
/// answered, and rolls back only what it counted: a begin dropped in between returned its
/// connection to the pool still in the transaction, where every later write waited
/// uncommitted, unseen by the rest of the app, until a rollback lost it. Run to the end, the
/// begin hands its transaction to a caller that is gone, and dropping it rolls it back.
pub async fn begin_write(db: &DatabaseConnection) -> Result<DatabaseTransaction, DbErr> {
    let db = db.clone();
    tokio::spawn(async move {
        db.begin_with_options(TransactionOptions {
            sqlite_transaction_mode: Some(SqliteTransactionMode::Immediate),
            ..Default::default()
        })
        .await
    })
    .await
    .map_err(|err| DbErr::Custom(format!("beginning a transaction: {err}")))?
}

/// Parameters one statement binds at most: SQLite's limit (PostgreSQL's is 65,535).
const PARAMETERS_PER_STATEMENT: usize = 32_766;

/// Rows of `A` one insert writes: as many as fit SQLite's parameter limit at the table's
/// column count (60 columns: 546 rows), at most 2,000 so one statement's text stays a few
/// hundred KB (a notification, 12 columns, fills the cap).
fn rows_per_statement<A: ActiveModelTrait>() -> usize {
    let columns = <A::Entity as EntityTrait>::Column::iter().count().max(1);
    (PARAMETERS_PER_STATEMENT / columns).min(2_000)
}

/// Inserts `rows` hundreds to thousands to a statement ([`rows_per_statement`]): a seed of
/// a hundred thousand rows takes a hundred-odd statements, not a hundred thousand.
pub async fn insert_batched<A>(db: &impl ConnectionTrait, rows: Vec<A>) -> Result<(), DbErr>
where
    A: ActiveModelTrait + Send,
{
    let per_statement = rows_per_statement::<A>();
    let mut rows = rows.into_iter().peekable();
    while rows.peek().is_some() {
        let batch: Vec<A> = rows.by_ref().take(per_statement).collect();
        A::Entity::insert_many(batch)
            .exec_without_returning(db)
            .await?;
    }
    Ok(())
}

/// Inserts `rows` as [`insert_batched`] does and returns `columns` of each stored row (its
/// id and defaults filled in) as `R`: a caller that needs only the ids does not pay for
/// decoding every column of ten thousand rows (a fan-out's notifications). `RETURNING` lists
/// a statement's rows in no promised order, so ask for a column that tells them apart.
pub async fn insert_batched_returning<A, R>(
    db: &impl ConnectionTrait,
    rows: Vec<A>,
    columns: &[<A::Entity as EntityTrait>::Column],
) -> Result<Vec<R>, DbErr>
where
    A: ActiveModelTrait + Send,
    R: FromQueryResult,
{
    let per_statement = rows_per_statement::<A>();
    let mut stored = Vec::with_capacity(rows.len());
    let mut rows = rows.into_iter().peekable();
    while rows.peek().is_some() {
        let batch: Vec<A> = rows.by_ref().take(per_statement).collect();
        let mut insert = A::Entity::insert_many(batch).into_query();
        insert.returning(Query::returning().columns(columns.iter().copied()));
        let statement = db.get_database_backend().build(&insert);
        stored.extend(R::find_by_statement(statement).all(db).await?);
    }
    Ok(stored)
}

/// Inserts one row per id of `ids`, each `template` with `column` set to that id, in one
/// statement that reads the ids from a JSON array (`INSERT … SELECT` over SQLite's
/// `json_each`, PostgreSQL's `jsonb_array_elements_text`), and returns `returning` of each
/// stored row as `R`. A fan-out's thousand notifications cost the database its rows and
/// nothing else: no statement of ten thousand parameters to build, send and bind (half of
/// what [`insert_batched_returning`] spent on them). `RETURNING` lists rows in no promised
/// order.
pub async fn insert_per_id<A, R>(
    db: &impl ConnectionTrait,
    template: &A,
    column: <A::Entity as EntityTrait>::Column,
    ids: &[i64],
    returning: &[<A::Entity as EntityTrait>::Column],
) -> Result<Vec<R>, DbErr>
where
    A: ActiveModelTrait,
    R: FromQueryResult,
{
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    let backend = db.get_database_backend();
    let ids = serde_json::to_string(ids).map_err(|e| DbErr::Custom(e.to_string()))?;
    let (rows, id) = match backend {
        sea_orm::DbBackend::Postgres => (
            Func::cust("jsonb_array_elements_text").arg(Expr::val(ids).cast_as("jsonb")),
            "per_id::bigint",
        ),
        _ => (Func::cust("json_each").arg(Expr::val(ids)), "per_id.value"),
    };
    let mut columns = vec![column];
    let mut select = Query::select();
    select.expr(Expr::cust(id)).from_function(rows, "per_id");
    for shared in <A::Entity as EntityTrait>::Column::iter() {
        if let ActiveValue::Set(value) = template.get(shared) {
            columns.push(shared);
            select.expr(Expr::val(value));
        }
    }
    let mut insert = Query::insert();
    insert
        .into_table(A::Entity::default().table_ref())
        .columns(columns)
        .select_from(select)
        .map_err(|e| DbErr::Custom(e.to_string()))?
        .returning(Query::returning().columns(returning.iter().copied()));
    R::find_by_statement(backend.build(&insert)).all(db).await
}

/// The pool's open connections and how many of them are idle (for the metrics).
pub fn pool_use(db: &DatabaseConnection) -> (u32, usize) {
    match db.get_database_backend() {
        sea_orm::DbBackend::Postgres => {
            let pool = db.get_postgres_connection_pool();
            (pool.size(), pool.num_idle())
        }
        sea_orm::DbBackend::Sqlite => {
            let pool = db.get_sqlite_connection_pool();
            (pool.size(), pool.num_idle())
        }
        _ => (0, 0),
    }
}

/// The statement broke a unique index: someone else saved the same thing first.
pub fn is_unique_violation(err: &DbErr) -> bool {
    matches!(err.sql_err(), Some(SqlErr::UniqueConstraintViolation(_)))
}

/// The URL without its password, for messages and logs.
pub fn redact(url: &str) -> String {
    match (url.find("://"), url.rfind('@')) {
        (Some(scheme_end), Some(at)) if at > scheme_end => {
            let userinfo = &url[scheme_end + 3..at];
            let user = userinfo.split(':').next().unwrap_or_default();
            format!("{}{user}:***{}", &url[..scheme_end + 3], &url[at..])
        }
        _ => url.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn redacts_passwords() {
        assert_eq!(
            redact("postgres://bob:s3cret@db:5432/x"),
            "postgres://bob:***@db:5432/x"
        );
        assert_eq!(redact("sqlite://data/cohort.db"), "sqlite://data/cohort.db");
    }

    #[test]
    fn only_a_connection_left_idle_is_pinged_before_use() {
        for url in ["sqlite://data/cohort.db", "postgres://db/cohort"] {
            let options = options(url);
            assert!(!options.get_test_before_acquire(), "{url}");
            assert_eq!(
                options.get_test_before_acquire_if_idle_for(),
                Some(PING_WHEN_IDLE_FOR),
                "{url}"
            );
        }
    }
}
