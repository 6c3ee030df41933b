//! Issue 16: lists sorted every group on each request and counted a member's groups
//! without an index. On PostgreSQL with the benchmark's data set (`seed --scale large`),
//! no statement that a listed read runs has to scan a table of more than 1,000 rows from
//! end to end: explained with sequential scans discouraged (`enable_seqscan = off`, so the
//! planner's preference for reading a small table whole does not hide a missing index),
//! every plan finds an index for its filters and order.
//!
//! Runs only with `TEST_DATABASE_URL` (SQLite plans differ, and the data set takes a
//! while to write).

use std::sync::{Arc, Mutex};

use sea_orm::{ConnectionTrait, DbBackend, Statement, TransactionTrait};
use tracing::field::{Field, Visit};
use tracing_subscriber::Layer;
use tracing_subscriber::layer::{Context, SubscriberExt};

/// Keeps the SQL of every statement logged (`COHORT_LOG_SQL=values`).
#[derive(Clone, Default)]
struct Statements(Arc<Mutex<Vec<String>>>);

struct SqlField(Option<String>);

impl Visit for SqlField {
    fn record_debug(&mut self, field: &Field, value: &dyn std::fmt::Debug) {
        if field.name() == "sql" {
            self.0 = Some(format!("{value:?}"));
        }
    }
}

impl<S: tracing::Subscriber> Layer<S> for Statements {
    fn on_event(&self, event: &tracing::Event<'_>, _: Context<'_, S>) {
        if event.metadata().target() != kernel::sql_trace::TARGET {
            return;
        }
        let mut sql = SqlField(None);
        event.record(&mut sql);
        if let Some(sql) = sql.0 {
            self.0.lock().unwrap().push(sql);
        }
    }
}

/// Plan nodes that read a whole table of more than 1,000 rows.
fn full_scans(
    plan: &serde_json::Value,
    sizes: &std::collections::HashMap<String, i64>,
    out: &mut Vec<String>,
) {
    if plan["Node Type"] == "Seq Scan" {
        let table = plan["Relation Name"].as_str().unwrap_or_default();
        if sizes.get(table).copied().unwrap_or_default() > 1_000 {
            out.push(format!("{table} (filter {})", plan["Filter"]));
        }
    }
    for child in plan["Plans"].as_array().into_iter().flatten() {
        full_scans(child, sizes, out);
    }
}

/// Starts keeping the SQL every statement logs.
fn capture() -> Statements {
    let statements = Statements::default();
    let subscriber = tracing_subscriber::registry().with(statements.clone());
    tracing::subscriber::set_global_default(subscriber).unwrap();
    statements
}

fn on_postgres() -> bool {
    std::env::var("TEST_DATABASE_URL").is_ok_and(|u| !u.is_empty())
}

/// Issue 45 §1: on SQLite every search statement leads with its FTS5 table, walked in its
/// own order. SQLite 3.51 led the groups' with their listing index and asked FTS5 about
/// each group, which reads the word's whole list every time (188 ms for one search).
#[tokio::test]
async fn search_leads_with_the_full_text_index_on_sqlite() {
    if on_postgres() {
        eprintln!("skipped: SQLite's plans");
        return;
    }
    let statements = capture();
    let app = testkit::spawn_app_with(|config| {
        config.log_sql = kernel::sql_trace::SqlLog::Values;
    })
    .await;
    app.seed_scale_small().await;
    statements.0.lock().unwrap().clear();
    for query in ["trial", "patients", "%22ask+patients%22"] {
        let (status, body) = app.get_json(&format!("/api/search?q={query}")).await;
        assert_eq!(status, 200, "{body}");
    }
    let searches: Vec<String> = statements
        .0
        .lock()
        .unwrap()
        .iter()
        .filter(|sql| sql.contains("_fts MATCH"))
        .cloned()
        .collect();
    assert!(
        searches.len() >= 15,
        "five sources, three searches: {}",
        searches.len()
    );
    for sql in searches {
        let plan: Vec<String> = app
            .ctx
            .db
            .query_all_raw(Statement::from_string(
                DbBackend::Sqlite,
                format!("EXPLAIN QUERY PLAN {sql}"),
            ))
            .await
            .unwrap()
            .iter()
            .map(|row| row.try_get::<String>("", "detail").unwrap())
            .collect();
        let first_read = plan
            .iter()
            .find(|step| step.starts_with("SCAN") || step.starts_with("SEARCH"))
            .unwrap();
        assert!(
            first_read.contains("_fts VIRTUAL TABLE"),
            "{plan:#?}\nfor {sql}"
        );
    }
}

#[tokio::test]
async fn no_listed_read_scans_a_large_table() {
    if !on_postgres() {
        eprintln!("skipped: needs TEST_DATABASE_URL (PostgreSQL)");
        return;
    }
    let statements = capture();

    let app = testkit::spawn_app_with(|config| {
        config.log_sql = kernel::sql_trace::SqlLog::Values;
    })
    .await;
    app::cli::scale::run(&app.ctx, app::cli::scale::Scale::Large)
        .await
        .unwrap();
    app.ctx.db.execute_unprepared("ANALYZE").await.unwrap();
    let password =
        std::fs::read_to_string(app.ctx.config.data_dir.join(app::cli::scale::LOGINS_FILE))
            .unwrap();
    let member = app
        .sign_in("scale-1@bench.cohort.local", password.trim())
        .await;

    let (_, group) = app.get_json_as(&member, "/api/groups/scale-group-1").await;
    let group = group["data"]["id"].as_i64().unwrap();
    let thread = app
        .ctx
        .db
        .query_one_raw(Statement::from_string(
            DbBackend::Postgres,
            "SELECT id FROM discussion_posts WHERE topic_id IS NULL ORDER BY num_replies DESC LIMIT 1",
        ))
        .await
        .unwrap()
        .unwrap()
        .try_get::<i64>("", "id")
        .unwrap();
    let admin = testkit::staff::roles(&app).await.admin;
    statements.0.lock().unwrap().clear();
    let reads = [
        format!("/api/discussion/{thread}/comments"),
        format!("/api/discussion/{thread}/comments?page=15"),
        format!("/api/groups/{group}/discussions"),
        "/api/groups".to_owned(),
        "/api/groups?ordering=title".to_owned(),
        "/api/groups?ordering=popular".to_owned(),
        "/api/groups?ordering=recommended".to_owned(),
        "/api/groups?tags=stroke".to_owned(),
        "/api/groups/scale-group-1".to_owned(),
        "/api/blog/api/pages".to_owned(),
        "/api/feed".to_owned(),
        "/api/dashboard/counters".to_owned(),
        "/api/me".to_owned(),
        "/api/me/notifications".to_owned(),
        "/api/me/groups/joined".to_owned(),
        // Issue 45 §1: a rare word, a word in most posts, a phrase.
        "/api/search?q=trial".to_owned(),
        "/api/search?q=patients".to_owned(),
        "/api/search?q=%22ask+patients%22".to_owned(),
    ];
    for read in &reads {
        let (status, body) = app.get_json_as(&member, read).await;
        assert_eq!(status, 200, "{read}: {body}");
    }
    // The console's charts count the last 90 days of the busiest tables, and the audit
    // log's strip of its own.
    for chart in ["/api/staff/trends", "/api/staff/audit/activity"] {
        let (status, body) = app.get_json_as(&admin, chart).await;
        assert_eq!(status, 200, "{body}");
    }
    let captured = statements.0.lock().unwrap().clone();
    assert!(captured.len() > reads.len(), "the statements were captured");

    let sizes: std::collections::HashMap<String, i64> = app
        .ctx
        .db
        .query_all_raw(Statement::from_string(
            DbBackend::Postgres,
            "SELECT relname, n_live_tup FROM pg_stat_user_tables",
        ))
        .await
        .unwrap()
        .into_iter()
        .map(|row| {
            (
                row.try_get("", "relname").unwrap(),
                row.try_get("", "n_live_tup").unwrap(),
            )
        })
        .collect();
    let mut problems = Vec::new();
    for sql in captured
        .iter()
        .filter(|s| s.trim_start().starts_with("SELECT"))
    {
        let txn = app.ctx.db.begin().await.unwrap();
        txn.execute_unprepared("SET LOCAL enable_seqscan = off")
            .await
            .unwrap();
        let plan = txn
            .query_one_raw(Statement::from_string(
                DbBackend::Postgres,
                format!("EXPLAIN (FORMAT JSON) {sql}"),
            ))
            .await
            .unwrap()
            .unwrap();
        txn.rollback().await.unwrap();
        let plan: serde_json::Value = plan.try_get("", "QUERY PLAN").unwrap();
        let mut scans = Vec::new();
        full_scans(&plan[0]["Plan"], &sizes, &mut scans);
        if !scans.is_empty() {
            problems.push(format!("{scans:?} in {}", &sql[..sql.len().min(400)]));
        }
    }
    assert!(
        problems.is_empty(),
        "full scans:\n{}",
        problems.join("\n\n")
    );
}
