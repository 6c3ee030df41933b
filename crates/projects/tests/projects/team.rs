use serde_json::{Value, json};
use testkit::projects::{complete, draft, make_eligible};
use testkit::spawn_app;

const PASSWORD: &str = "trial design 21";

fn team_step() -> Value {
    json!({
        "team": [
            {"name": "Dr Ana Lima", "email": "Ana@Example.org", "role": "Principal investigator"},
            {"name": "Sam Roy", "email": "", "role": "Patient partner"},
        ],
        "needs": [
            {"kind": "participants", "description": "Parents of children treated for sepsis."},
            {"kind": "data", "description": "Anonymised emergency-room records."},
        ],
    })
}

#[tokio::test]
async fn the_owner_names_the_team_and_needs_and_everyone_sees_them_once_live() {
    let app = spawn_app().await;
    let staff = app
        .signed_in_staff("admin@example.org", "staff password 1")
        .await;
    let owner = app.signed_in_user("owner@example.org", PASSWORD).await;
    let ana = app.signed_in_user("ana@example.org", PASSWORD).await;
    let ana_id = app.me(&ana).await["id"].as_i64().unwrap();
    make_eligible(&app, &owner, PASSWORD, &staff).await;
    let id = draft(&app, &owner, "Early sepsis").await["id"]
        .as_i64()
        .unwrap();
    let path = format!("/api/me/projects/{id}/team");

    let (status, empty) = app.get_json_as(&owner, &path).await;
    assert_eq!(status, 200);
    assert_eq!(empty["data"], json!({"team": [], "needs": []}));

    // Every field of every row names its own problem.
    let (status, body) = app
        .put_json_as(
            &owner,
            &path,
            &json!({
                "team": [{"name": " ", "email": "not-an-address", "role": "Lead"}],
                "needs": [{"kind": "helpers", "description": ""}],
            }),
        )
        .await;
    assert_eq!(status, 400, "{body}");
    assert_eq!(
        body["messages"]["team[0].name"],
        json!(["This field is required"])
    );
    assert_eq!(
        body["messages"]["team[0].email"],
        json!(["Must be a valid email"])
    );
    assert_eq!(
        body["messages"]["needs[0].description"],
        json!(["This field is required"])
    );
    let crowd: Vec<Value> = (0..21)
        .map(|n| json!({"name": format!("Person {n}"), "role": "Helper"}))
        .collect();
    let (status, body) = app
        .put_json_as(&owner, &path, &json!({"team": crowd, "needs": []}))
        .await;
    assert_eq!(status, 400);
    assert_eq!(body["messages"]["team"], json!(["List at most 20 people."]));

    let (status, saved) = app.put_json_as(&owner, &path, &team_step()).await;
    assert_eq!(status, 200, "{saved}");
    assert_eq!(saved["data"]["team"][0]["email"], "ana@example.org");
    assert_eq!(
        saved["data"]["team"][1]["email"],
        Value::Null,
        "blank is none"
    );
    assert_eq!(saved["data"]["needs"][1]["kind"], "data");
    // Saving again replaces both lists.
    let mut fewer = team_step();
    fewer["needs"] = json!([{"kind": "equipment", "description": "A point-of-care reader."}]);
    let (_, saved) = app.put_json_as(&owner, &path, &fewer).await;
    assert_eq!(saved["data"]["needs"].as_array().unwrap().len(), 1);
    let (status, _) = app.get_json_as(&ana, &path).await;
    assert_eq!(status, 404, "someone else's project");
    let (status, _) = app.put_json_as(&ana, &path, &team_step()).await;
    assert_eq!(status, 404);

    // Needs of drafts stay out of /needs.
    let (_, needs) = app.get_json("/api/needs").await;
    assert_eq!(needs["data"], json!([]));

    complete(&app, &owner, id).await;
    let (status, _) = app
        .post_json_as(&owner, &format!("/api/me/projects/{id}/submit"), &json!({}))
        .await;
    assert_eq!(status, 200);
    let (status, body) = app.put_json_as(&owner, &path, &team_step()).await;
    assert_eq!(status, 400, "a submitted project waits: {body}");
    // Staff decide on everything the public page will show: the team and needs too.
    let (status, queue) = app.get_json_as(&staff, "/api/staff/projects").await;
    assert_eq!(status, 200);
    assert_eq!(
        queue["data"][0]["team"][0],
        json!({"name": "Dr Ana Lima", "email": "ana@example.org", "role": "Principal investigator"})
    );
    assert_eq!(
        queue["data"][0]["needs"],
        json!([{"kind": "equipment", "description": "A point-of-care reader."}])
    );
    let (status, _) = app
        .post_json_as(
            &staff,
            &format!("/api/staff/projects/{id}/review"),
            &json!({"verdict": "approve"}),
        )
        .await;
    assert_eq!(status, 200);

    let (_, page) = app.get_json("/api/projects/early-sepsis").await;
    let team = &page["data"]["team"];
    assert_eq!(
        team,
        &json!([
            {"name": "Dr Ana Lima", "role": "Principal investigator", "user_id": ana_id},
            {"name": "Sam Roy", "role": "Patient partner", "user_id": null},
        ]),
        "linked to a profile, and never an e-mail"
    );
    assert_eq!(page["data"]["needs"][0]["kind"], "equipment");

    let (status, needs) = app.get_json("/api/needs").await;
    assert_eq!(status, 200);
    assert_eq!(needs["pagination"]["count"], 1);
    assert_eq!(needs["data"][0]["project_slug"], "early-sepsis");
    assert_eq!(needs["data"][0]["project_title"], "Early sepsis");
    assert_eq!(needs["data"][0]["description"], "A point-of-care reader.");
    let (_, none) = app.get_json("/api/needs?kind=mentors").await;
    assert_eq!(none["data"], json!([]));
    let (_, equipment) = app.get_json("/api/needs?kind=equipment").await;
    assert_eq!(equipment["pagination"]["count"], 1);
    let (status, _) = app.get_json("/api/needs?kind=gold").await;
    assert_eq!(status, 400);
}
