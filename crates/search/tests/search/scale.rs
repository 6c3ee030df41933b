//! Issue 45 §1: a word in thousands of posts. The index finds the newest matches the
//! viewer may read before any is ranked, so a page of results is full and holds nothing
//! private, however many private posts match.

use sea_orm::{ConnectionTrait, Statement};
use testkit::spawn_app;

/// The replies found for `query` by a visitor: their ids.
async fn replies_found(app: &testkit::TestApp, query: &str) -> Vec<i64> {
    let (status, body) = app
        .get_json(&format!("/api/search?q={query}&type=reply"))
        .await;
    assert_eq!(status, 200, "{body}");
    body["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|hit| hit["id"].as_i64().unwrap())
        .collect()
}

#[tokio::test]
async fn a_word_in_thousands_of_replies_finds_a_full_page_of_public_ones() {
    let app = spawn_app().await;
    app.seed_scale_small().await;
    let db = &app.ctx.db;
    let backend = db.get_database_backend();
    let run = |sql: String| async move {
        db.execute_raw(Statement::from_string(backend, sql))
            .await
            .unwrap()
    };
    let count = |sql: String| async move {
        db.query_one_raw(Statement::from_string(backend, sql))
            .await
            .unwrap()
            .unwrap()
            .try_get_by_index::<i64>(0)
            .unwrap()
    };
    // Every scale reply says "ask patients", all in the long thread. The newest 1,200 are
    // moved to another topic, made private (the topic and, as the service keeps it, each of
    // its replies): more than are ranked, so the newest matches before reading rights are
    // applied would all be private.
    let thread = "(SELECT topic_id FROM discussion_posts WHERE topic_id IS NOT NULL \
                  ORDER BY id DESC LIMIT 1)";
    let other = count(format!(
        "SELECT min(id) FROM discussion_posts WHERE topic_id IS NULL AND id <> {thread}"
    ))
    .await;
    let newest = count(format!(
        "SELECT min(id) FROM (SELECT id FROM discussion_posts WHERE topic_id = {thread} \
         ORDER BY id DESC LIMIT 1200) AS newest"
    ))
    .await;
    run(format!(
        "UPDATE discussion_posts SET topic_id = {other} WHERE topic_id IS NOT NULL AND id >= {newest}"
    ))
    .await;
    run(format!(
        "UPDATE discussion_posts SET is_public = false WHERE id = {other} OR topic_id = {other}"
    ))
    .await;
    let private =
        |topic: i64| format!("SELECT count(*) FROM discussion_posts WHERE topic_id = {topic}");
    assert!(count(private(other)).await > i64::try_from(fulltext::CANDIDATES).unwrap());

    for query in ["patients", "%22ask+patients%22"] {
        let found = replies_found(&app, query).await;
        assert_eq!(found.len(), 20, "{query}: a full page");
        assert!(
            found.iter().all(|&id| id < newest),
            "{query}: nothing private in {found:?}"
        );
    }
}

/// Issue 45 §1: on PostgreSQL the search's statements are planned for their words every
/// time. A prepared statement's single plan for any word, used from its sixth run on,
/// walked every post for a rare word (130 ms where 8 do).
#[tokio::test]
async fn search_statements_are_planned_for_their_words_on_postgres() {
    let app = spawn_app().await;
    let db = &app.ctx.search_db;
    if db.get_database_backend() != sea_orm::DbBackend::Postgres {
        return;
    }
    let mode = |db: &sea_orm::DatabaseConnection| {
        let statement = Statement::from_string(
            sea_orm::DbBackend::Postgres,
            "SELECT current_setting('plan_cache_mode')",
        );
        let db = db.clone();
        async move {
            db.query_one_raw(statement)
                .await
                .unwrap()
                .unwrap()
                .try_get_by_index::<String>(0)
                .unwrap()
        }
    };
    assert_eq!(mode(db).await, "force_custom_plan");
    assert_eq!(
        mode(&app.ctx.db).await,
        "auto",
        "other reads keep their plans"
    );
}
