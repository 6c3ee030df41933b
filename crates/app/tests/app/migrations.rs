//! Migrations that move data keep every row, both ways.

use migration::{Migrator, MigratorTrait};
use sea_orm::{ConnectionTrait, DatabaseConnection, QueryResult, Statement};
use testkit::groups::{approved_group, setup};

async fn goals_shown(app: &testkit::TestApp, token: &str, slug: &str) -> Vec<String> {
    let (_, body) = app.get_json_as(token, &format!("/api/groups/{slug}")).await;
    body["data"]["goals_of_working_group"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["slug"].as_str().unwrap().to_owned())
        .collect()
}

/// Undoes every migration down to and including `name`.
async fn down_through(db: &DatabaseConnection, name: &str) {
    let steps = Migrator::migrations()
        .iter()
        .rev()
        .position(|m| m.name() == name)
        .unwrap()
        + 1;
    Migrator::down(db, Some(u32::try_from(steps).unwrap()))
        .await
        .unwrap();
}

/// The first row `sql` reads.
async fn first_row(db: &DatabaseConnection, sql: &str) -> QueryResult {
    db.query_one_raw(Statement::from_string(db.get_database_backend(), sql))
        .await
        .unwrap()
        .unwrap()
}

#[tokio::test]
async fn a_groups_goals_survive_the_move_to_link_tables_and_back() {
    let (app, staff, owner) = setup().await;
    let (_, slug) = approved_group(&app, &owner, &staff, "Registry", &["stroke"]).await;
    assert_eq!(
        goals_shown(&app, &owner, &slug).await,
        ["research-discussion"]
    );

    // Back to the JSON lists (undoing every migration since, then this one): the group's
    // goal is in its column again.
    down_through(&app.ctx.db, "m20261124_000026_groups_goal_and_role_links").await;
    let row = first_row(
        &app.ctx.db,
        "SELECT goals_of_working_group FROM working_groups",
    )
    .await;
    let list: String = row.try_get("", "goals_of_working_group").unwrap();
    let ids: Vec<i64> = serde_json::from_str(&list).unwrap();
    assert_eq!(ids.len(), 1);

    // And forward again: the list becomes links, and the group shows the same goal.
    Migrator::up(&app.ctx.db, None).await.unwrap();
    assert_eq!(
        goals_shown(&app, &owner, &slug).await,
        ["research-discussion"]
    );
    let (_, body) = app.get_json_as(&staff, "/api/staff/lookups/goals").await;
    let used = body["data"]
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["slug"] == "research-discussion")
        .unwrap()
        .clone();
    assert_eq!(used["groups"], 1, "{used}");
}

fn caption_languages(lecture: &serde_json::Value) -> Vec<String> {
    lecture["captions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|track| track["language"].as_str().unwrap().to_owned())
        .collect()
}

#[tokio::test]
async fn a_lectures_english_captions_survive_the_move_to_tracks_and_back() {
    let app = testkit::spawn_app().await;
    app.seed_demo().await;
    // Signed in: watching (and its captions) needs an account.
    let member = app
        .signed_in_user("captions@example.org", "analytical 1843")
        .await;
    let (_, before) = app
        .get_json_as(&member, "/api/expert-lectures?perPage=100")
        .await;
    let lectures = before["data"].as_array().unwrap().len();
    assert!(lectures > 0);

    // Back to one English file per lecture: each lecture's track is in its column again.
    down_through(&app.ctx.db, "m20261127_000042_lecture_caption_tracks").await;
    let row = first_row(
        &app.ctx.db,
        "SELECT COUNT(*) AS n FROM lectures WHERE captions_file LIKE '%.en.vtt'",
    )
    .await;
    let kept: i64 = row.try_get("", "n").unwrap();
    assert_eq!(usize::try_from(kept).unwrap(), lectures);

    // And forward again: every lecture offers the same English track.
    Migrator::up(&app.ctx.db, None).await.unwrap();
    let (_, after) = app
        .get_json_as(&member, "/api/expert-lectures?perPage=100")
        .await;
    for (old, new) in before["data"]
        .as_array()
        .unwrap()
        .iter()
        .zip(after["data"].as_array().unwrap())
    {
        assert_eq!(caption_languages(new), ["en"]);
        assert_eq!(old["captions"], new["captions"]);
    }
}
