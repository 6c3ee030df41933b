//! Changes to a live project wait for staff while the approved version stays public.

use serde_json::{Value, json};
use testkit::projects::{live, make_eligible};
use testkit::{TestApp, spawn_app};

const PASSWORD: &str = "trial design 21";

async fn people(app: &TestApp) -> (String, String, String) {
    let staff = app
        .signed_in_staff("admin@example.org", "staff password 1")
        .await;
    let owner = app.signed_in_user("owner@example.org", PASSWORD).await;
    make_eligible(app, &owner, PASSWORD, &staff).await;
    let member = app.signed_in_user("member@example.org", PASSWORD).await;
    (staff, owner, member)
}

async fn only_project(app: &TestApp, owner: &str) -> Value {
    let (_, mine) = app.get_json_as(owner, "/api/me/projects").await;
    mine["data"][0].clone()
}

fn general(title: &str) -> Value {
    json!({"title": title, "lay_summary": "<p>A test anyone can read about.</p>"})
}

async fn notices(app: &TestApp, token: &str) -> Vec<(String, String)> {
    let (_, notes) = app.get_json_as(token, "/api/me/notifications").await;
    notes["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| {
            let text = |k: &str| n[k].as_str().unwrap().to_owned();
            (text("title"), text("message"))
        })
        .collect()
}

#[tokio::test]
async fn changes_to_a_live_project_wait_for_staff_while_the_approved_version_stays_public() {
    let app = spawn_app().await;
    let (staff, owner, member) = people(&app).await;
    let slug = live(&app, &owner, &staff, "Early sepsis").await;
    let id = only_project(&app, &owner).await["id"].as_i64().unwrap();
    let mine = format!("/api/me/projects/{id}");

    let (status, saved) = app
        .put_json_as(
            &owner,
            &format!("{mine}/general"),
            &general("Early sepsis in children"),
        )
        .await;
    assert_eq!(status, 200, "{saved}");
    let saved = &saved["data"];
    assert_eq!(saved["title"], "Early sepsis in children");
    assert_eq!(saved["status"], "live");
    assert_eq!(saved["changes_pending"], true);
    assert_eq!(saved["edits_wait_for_review"], true);
    assert_eq!(
        (saved["can_edit"].clone(), saved["can_submit"].clone()),
        (json!(true), json!(false))
    );
    let research = json!({
        "problem": "<p>Sepsis in children is found late.</p>", "aims": "<p>Find it early.</p>",
        "methods": "<p>A cohort of 400 patients.</p>", "impact": "<p>Lives saved.</p>",
        "ethics_status": "approved", "conflicts": "None to declare."
    });
    let (status, _) = app
        .put_json_as(&owner, &format!("{mine}/research"), &research)
        .await;
    assert_eq!(status, 200);
    let team = json!({
        "team": [{"name": "Dr. Ada Lovelace", "email": "", "role": "Statistician"}],
        "needs": [{"kind": "participants", "description": "Parents of children in the ICU"}]
    });
    let (status, saved_team) = app
        .put_json_as(&owner, &format!("{mine}/team"), &team)
        .await;
    assert_eq!(status, 200, "{saved_team}");
    assert_eq!(saved_team["data"]["team"][0]["name"], "Dr. Ada Lovelace");

    // The money plan of a running campaign and its submission are not the owner's to redo.
    let budget = json!({"total_budget_cents": 100, "funding_goal_cents": 100, "campaign_days": 20});
    let (status, body) = app
        .put_json_as(&owner, &format!("{mine}/budget"), &budget)
        .await;
    assert_eq!(status, 400);
    assert_eq!(
        body["message"],
        "The budget of a live campaign cannot change: its backers pledge to it as it is."
    );
    let (status, _) = app
        .post_json_as(&owner, &format!("{mine}/submit"), &json!({}))
        .await;
    assert_eq!(status, 400);

    // The public still reads the approved version; the owner reads the proposal.
    let (_, page) = app.get_json(&format!("/api/projects/{slug}")).await;
    assert_eq!(page["data"]["title"], "Early sepsis");
    assert_eq!(page["data"]["problem"], "<p>Sepsis is found late.</p>");
    assert_eq!(page["data"]["team"], json!([]));
    let (_, working) = app.get_json_as(&owner, &mine).await;
    assert_eq!(working["data"]["title"], "Early sepsis in children");
    assert_eq!(
        working["data"]["problem"],
        "<p>Sepsis in children is found late.</p>"
    );
    let (_, working_team) = app.get_json_as(&owner, &format!("{mine}/team")).await;
    assert_eq!(working_team["data"]["needs"][0]["kind"], "participants");
    let (status, _) = app
        .put_json_as(&member, &format!("{mine}/general"), &general("Mine"))
        .await;
    assert_eq!(status, 404, "another member's edit");

    // Staff see the proposal beside the public version.
    let (status, _) = app.get_json_as(&member, "/api/staff/project-changes").await;
    assert_eq!(status, 404);
    let (_, queue) = app.get_json_as(&staff, "/api/staff/project-changes").await;
    assert_eq!(queue["data"][0]["id"], id);
    assert_eq!(
        queue["data"][0]["title"], "Early sepsis",
        "the row shows the public version"
    );
    let compare = format!("/api/staff/projects/{id}/changes");
    let (status, both) = app.get_json_as(&staff, &compare).await;
    assert_eq!(status, 200, "{both}");
    let both = &both["data"];
    assert_eq!(both["current"]["title"], "Early sepsis");
    assert_eq!(both["proposed"]["title"], "Early sepsis in children");
    assert_eq!(both["current"]["team"], json!([]));
    assert_eq!(both["proposed"]["team"][0]["role"], "Statistician");
    assert_eq!(both["project"]["owner"]["name"], "Test Member");

    let (status, body) = app
        .post_json_as(&staff, &compare, &json!({"verdict": "reject"}))
        .await;
    assert_eq!(status, 400, "a rejection says why");
    assert_eq!(
        body["messages"]["reason"],
        json!(["This field is required"])
    );
    let (status, _) = app
        .post_json_as(&staff, &compare, &json!({"verdict": "approve"}))
        .await;
    assert_eq!(status, 200);

    let (_, page) = app.get_json(&format!("/api/projects/{slug}")).await;
    assert_eq!(page["data"]["title"], "Early sepsis in children");
    assert_eq!(
        page["data"]["problem"],
        "<p>Sepsis in children is found late.</p>"
    );
    assert_eq!(page["data"]["team"][0]["name"], "Dr. Ada Lovelace");
    assert_eq!(
        page["data"]["needs"][0]["description"],
        "Parents of children in the ICU"
    );
    let (_, needs) = app.get_json("/api/needs").await;
    assert_eq!(
        needs["data"][0]["project_title"],
        "Early sepsis in children"
    );
    assert_eq!(only_project(&app, &owner).await["changes_pending"], false);
    let (_, queue) = app.get_json_as(&staff, "/api/staff/project-changes").await;
    assert_eq!(queue["data"], json!([]));
    let (status, body) = app.get_json_as(&staff, &compare).await;
    assert_eq!(status, 400);
    assert_eq!(
        body["message"],
        "This project has no changes waiting for review."
    );

    let (_, log) = app
        .get_json_as(&staff, "/api/staff/audit?subject_type=project")
        .await;
    assert_eq!(log["data"][0]["action"], "project.changes.approve");
    assert!(notices(&app, &owner).await.contains(&(
        "Project changes approved".to_owned(),
        "Your changes to Early sepsis in children are approved and now public.".to_owned()
    )));
}

#[tokio::test]
async fn staff_send_changes_back_and_the_owner_may_withdraw_or_undo_them() {
    let app = spawn_app().await;
    let (staff, owner, _) = people(&app).await;
    let slug = live(&app, &owner, &staff, "Early sepsis").await;
    let id = only_project(&app, &owner).await["id"].as_i64().unwrap();
    let mine = format!("/api/me/projects/{id}");
    let compare = format!("/api/staff/projects/{id}/changes");

    app.put_json_as(
        &owner,
        &format!("{mine}/general"),
        &general("Sepsis, sooner"),
    )
    .await;
    let reason = "Keep the title the backers know.";
    let (status, _) = app
        .post_json_as(
            &staff,
            &compare,
            &json!({"verdict": "reject", "reason": reason}),
        )
        .await;
    assert_eq!(status, 200);
    let (_, page) = app.get_json(&format!("/api/projects/{slug}")).await;
    assert_eq!(page["data"]["title"], "Early sepsis");
    let project = only_project(&app, &owner).await;
    assert_eq!(
        (project["title"].clone(), project["changes_pending"].clone()),
        (json!("Early sepsis"), json!(false))
    );
    assert!(notices(&app, &owner).await.contains(&(
        "Project changes sent back".to_owned(),
        format!("Your changes to Early sepsis were not approved; the project stays as it was. Reason: {reason}")
    )));
    let (_, log) = app
        .get_json_as(&staff, "/api/staff/audit?subject_type=project")
        .await;
    assert_eq!(log["data"][0]["action"], "project.changes.reject");
    assert_eq!(log["data"][0]["reason"], reason);

    // The owner withdraws a proposal, or undoes it by saving the public version again.
    app.put_json_as(
        &owner,
        &format!("{mine}/general"),
        &general("Sepsis, sooner"),
    )
    .await;
    let (status, body) = app.delete_as(&owner, &format!("{mine}/changes")).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["changes_pending"], false);
    assert_eq!(body["data"]["title"], "Early sepsis");
    let (status, _) = app.delete_as(&owner, &format!("{mine}/changes")).await;
    assert_eq!(status, 400, "nothing left to withdraw");
    app.put_json_as(
        &owner,
        &format!("{mine}/general"),
        &general("Sepsis, sooner"),
    )
    .await;
    let (_, undone) = app
        .put_json_as(&owner, &format!("{mine}/general"), &general("Early sepsis"))
        .await;
    assert_eq!(undone["data"]["changes_pending"], false);
    let (_, queue) = app.get_json_as(&staff, "/api/staff/project-changes").await;
    assert_eq!(queue["data"], json!([]));

    // A suspended project takes no edits at all.
    let (status, _) = app
        .post_json_as(
            &staff,
            &format!("/api/staff/projects/{id}/status"),
            &json!({"action": "suspend", "reason": "Checking the ethics approval."}),
        )
        .await;
    assert_eq!(status, 200);
    let (status, body) = app
        .put_json_as(
            &owner,
            &format!("{mine}/general"),
            &general("Sepsis, sooner"),
        )
        .await;
    assert_eq!(status, 400);
    assert_eq!(
        body["message"],
        "A project under review, suspended or closed cannot be changed."
    );
}
