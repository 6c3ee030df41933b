//! Migrations that move data keep every row, both ways.

use migration::{Migrator, MigratorTrait};
use sea_orm::{ConnectionTrait, Statement};
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
    let steps = Migrator::migrations()
        .iter()
        .rev()
        .position(|m| m.name() == "m20261124_000026_groups_goal_and_role_links")
        .unwrap()
        + 1;
    Migrator::down(&app.ctx.db, Some(u32::try_from(steps).unwrap()))
        .await
        .unwrap();
    let backend = app.ctx.db.get_database_backend();
    let row = app
        .ctx
        .db
        .query_one_raw(Statement::from_string(
            backend,
            "SELECT goals_of_working_group FROM working_groups",
        ))
        .await
        .unwrap()
        .unwrap();
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
