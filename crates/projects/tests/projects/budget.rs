use serde_json::json;
use testkit::projects::{draft, live, make_eligible};
use testkit::spawn_app;

const PASSWORD: &str = "trial design 21";

#[tokio::test]
async fn the_budget_lists_lines_that_add_up_and_milestones_the_goal_pays_for() {
    let app = spawn_app().await;
    let staff = app
        .signed_in_staff("admin@example.org", "staff password 1")
        .await;
    let owner = app.signed_in_user("owner@example.org", PASSWORD).await;
    make_eligible(&app, &owner, PASSWORD, &staff).await;
    let id = draft(&app, &owner, "Early sepsis").await["id"]
        .as_i64()
        .unwrap();
    let path = format!("/api/me/projects/{id}/budget");
    let mut plan = json!({
        "total_budget_cents": 4_000_000, "funding_goal_cents": 2_500_000, "campaign_days": 30,
        "budget_lines": [
            {"label": "Research nurses", "amount_cents": 3_000_000},
            {"label": "Assays", "amount_cents": 950_050},
        ],
        "milestones": [
            {"title": "Recruitment", "amount_cents": 1_000_000, "description": "Two nurses for six months."},
            {"title": "", "amount_cents": 0, "description": "Assays for 400 children."},
        ],
    });

    let (status, body) = app.put_json_as(&owner, &path, &plan).await;
    assert_eq!(status, 400, "{body}");
    assert_eq!(
        body["messages"]["milestones[1].title"],
        json!(["This field is required"])
    );
    plan["milestones"][1]["title"] = json!("Assays");
    let (status, body) = app.put_json_as(&owner, &path, &plan).await;
    assert_eq!(status, 400, "{body}");
    assert_eq!(
        body["messages"]["budget_lines"],
        json!(["The line items add up to CA$39,500.50, not the total budget of CA$40,000."])
    );
    assert_eq!(
        body["messages"]["milestones[1].amount_cents"],
        json!(["Ensure this value is at least 1."])
    );

    plan["budget_lines"][1]["amount_cents"] = json!(1_000_000);
    plan["milestones"][1]["amount_cents"] = json!(1_500_000);
    let (status, saved) = app.put_json_as(&owner, &path, &plan).await;
    assert_eq!(status, 200, "{saved}");
    assert_eq!(saved["data"]["total_budget_cents"], 4_000_000);
    assert_eq!(saved["data"]["budget_lines"], plan["budget_lines"]);

    // The research step, then staff approve: everyone reads the plan on the page.
    testkit::projects::complete(&app, &owner, id).await;
    let (_, kept) = app
        .get_json_as(&owner, &format!("/api/me/projects/{id}"))
        .await;
    assert_eq!(
        kept["data"]["milestones"],
        json!([]),
        "complete() saved a plan without milestones"
    );
    let (status, _) = app.put_json_as(&owner, &path, &plan).await;
    assert_eq!(status, 200);
    let (status, _) = app
        .post_json_as(&owner, &format!("/api/me/projects/{id}/submit"), &json!({}))
        .await;
    assert_eq!(status, 200);
    let (status, _) = app
        .post_json_as(
            &staff,
            &format!("/api/staff/projects/{id}/review"),
            &json!({"verdict": "approve"}),
        )
        .await;
    assert_eq!(status, 200);
    let (_, page) = app.get_json("/api/projects/early-sepsis").await;
    assert_eq!(page["data"]["total_budget_cents"], 4_000_000);
    assert_eq!(page["data"]["milestones"][1]["title"], "Assays");
    assert_eq!(page["data"]["budget_lines"][0]["label"], "Research nurses");
    // A second project through the factories has a plan without lines.
    let slug = live(&app, &owner, &staff, "Stroke at home").await;
    let (_, other) = app.get_json(&format!("/api/projects/{slug}")).await;
    assert_eq!(other["data"]["budget_lines"], json!([]));
}
