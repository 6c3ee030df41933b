//! Backed projects on the dashboard (`/me/backed-projects`) and the public profile's
//! created and backed lists. No call makes a pledge before the funding part exists, so
//! these tests write the pledges the funding part will write.

use sea_orm::ConnectionTrait;
use serde_json::{Value, json};
use testkit::projects::{live, make_eligible, submitted};
use testkit::{TestApp, spawn_app};

const PASSWORD: &str = "trial design 21";

async fn pledge(app: &TestApp, project_id: i64, backer_id: i64, status: &str) {
    pledged(app, project_id, backer_id, status, false).await;
}

async fn pledged(app: &TestApp, project_id: i64, backer_id: i64, status: &str, anonymous: bool) {
    let now = kernel::clock::now().to_rfc3339();
    app.ctx
        .db
        .execute_unprepared(&format!(
            "INSERT INTO project_pledges (project_id, backer_id, amount_cents, status, anonymous, created_at, updated_at) \
             VALUES ({project_id}, {backer_id}, 2500, '{status}', {anonymous}, '{now}', '{now}')"
        ))
        .await
        .unwrap();
}

async fn project_id(app: &TestApp, owner: &str, slug: &str) -> i64 {
    let (_, mine) = app.get_json_as(owner, "/api/me/projects").await;
    let found = mine["data"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["slug"] == slug);
    found.unwrap()["id"].as_i64().unwrap()
}

fn titles(list: &Value) -> Vec<&str> {
    list.as_array()
        .unwrap()
        .iter()
        .map(|p| p["title"].as_str().unwrap())
        .collect()
}

#[tokio::test]
async fn members_see_the_public_projects_they_back_and_profiles_list_created_and_backed_ones() {
    let app = spawn_app().await;
    let staff = app
        .signed_in_staff("admin@example.org", "staff password 1")
        .await;
    let owner = app.signed_in_user("owner@example.org", PASSWORD).await;
    make_eligible(&app, &owner, PASSWORD, &staff).await;
    let backer = app.signed_in_user("backer@example.org", PASSWORD).await;
    let backer_id = app.me(&backer).await["id"].as_i64().unwrap();
    let owner_id = app.me(&owner).await["id"].as_i64().unwrap();

    let (status, _) = app.get_json("/api/me/backed-projects").await;
    assert_eq!(status, 401);
    let (status, none) = app.get_json_as(&backer, "/api/me/backed-projects").await;
    assert_eq!(status, 200);
    assert_eq!(none["data"], json!([]), "empty until a pledge is made");

    let sepsis = live(&app, &owner, &staff, "Early sepsis").await;
    let stroke = live(&app, &owner, &staff, "Stroke at home").await;
    let waiting = submitted(&app, &owner, "Not yet approved").await;
    let (sepsis_id, stroke_id) = (
        project_id(&app, &owner, &sepsis).await,
        project_id(&app, &owner, &stroke).await,
    );
    pledge(&app, sepsis_id, backer_id, "pledged").await;
    pledge(&app, sepsis_id, backer_id, "charged").await;
    pledge(&app, stroke_id, backer_id, "cancelled").await;
    pledge(&app, waiting, backer_id, "pledged").await;

    let (_, backed) = app
        .get_json_as(&backer, "/api/me/backed-projects?perPage=99")
        .await;
    assert_eq!(
        titles(&backed["data"]),
        ["Early sepsis"],
        "once, public, not cancelled"
    );
    assert_eq!(backed["pagination"]["count"], 1);
    assert_eq!(backed["data"][0]["owner"]["name"], "Test Member");

    let (status, profile) = app
        .get_json(&format!("/api/profile/{owner_id}/projects"))
        .await;
    assert_eq!(status, 200);
    assert_eq!(
        titles(&profile["data"]["created"]),
        ["Stroke at home", "Early sepsis"]
    );
    assert_eq!(profile["data"]["backed"], json!([]));
    assert_eq!(profile["data"]["created"][0]["slug"], stroke);
    let (_, profile) = app
        .get_json(&format!("/api/profile/{backer_id}/projects"))
        .await;
    assert_eq!(titles(&profile["data"]["backed"]), ["Early sepsis"]);

    // A private profile lists nothing.
    let (status, _) = app
        .patch_json_as(
            &backer,
            "/api/me",
            &json!({"name": "Test Member", "current_password": PASSWORD, "profile_is_private": true}),
        )
        .await;
    assert_eq!(status, 200);
    let (_, hidden) = app
        .get_json(&format!("/api/profile/{backer_id}/projects"))
        .await;
    assert_eq!(
        hidden["data"],
        json!({"created": [], "backed": [], "results_overdue": []})
    );
    let (_, mine) = app.get_json_as(&backer, "/api/me/backed-projects").await;
    assert_eq!(
        titles(&mine["data"]),
        ["Early sepsis"],
        "the member still sees their own"
    );
}
