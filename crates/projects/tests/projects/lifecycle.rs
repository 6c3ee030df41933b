use serde_json::{Value, json};
use testkit::projects::{complete, draft, make_eligible, submitted};
use testkit::{TestApp, spawn_app};

const PASSWORD: &str = "trial design 21";

async fn staff(app: &TestApp) -> String {
    app.signed_in_staff("admin@example.org", "staff password 1")
        .await
}

async fn creator(app: &TestApp, staff: &str, email: &str) -> String {
    let token = app.signed_in_user(email, PASSWORD).await;
    make_eligible(app, &token, PASSWORD, staff).await;
    token
}

fn gaps(body: &Value) -> Vec<&str> {
    body["data"]["gaps"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["gap"].as_str().unwrap())
        .collect()
}

#[tokio::test]
async fn only_an_affiliated_member_with_the_equity_fields_starts_a_project() {
    let app = spawn_app().await;
    let staff = staff(&app).await;
    let token = app.signed_in_user("newcomer@example.org", PASSWORD).await;
    let (status, body) = app.get_json_as(&token, "/api/me/project-eligibility").await;
    assert_eq!(status, 200);
    assert_eq!(body["data"]["can_submit"], false);
    assert_eq!(gaps(&body), ["affiliation", "equity_profile"]);
    assert_eq!(
        body["data"]["gaps"][0]["message"],
        "Anyone seeking funding for a project must show university affiliation."
    );
    assert_eq!(
        body["data"]["gaps"][0]["fix_route"],
        "/my-profile/affiliations"
    );

    let start = json!({"title": "Early sepsis", "lay_summary": "<p>Plain words.</p>"});
    let (status, body) = app.post_json_as(&token, "/api/me/projects", &start).await;
    assert_eq!(status, 403);
    assert_eq!(body["code"], "not_eligible");
    assert_eq!(
        body["message"],
        "Anyone seeking funding for a project must show university affiliation."
    );
    let (_, mine) = app.get_json_as(&token, "/api/me/projects").await;
    assert_eq!(mine["data"], json!([]));

    // Set up and confirmed, the affiliation waits for staff: the notice says so (issue 43,
    // item 3: it still asked to set it up).
    let (status, _) = app
        .put_json_as(
            &token,
            "/api/me/setup-university-email",
            &json!({"affiliation": "McGill University", "university_affiliate_email": "nc@mcgill.example.edu", "university_profile_page_url": "https://mcgill.example.edu/nc"}),
        )
        .await;
    assert_eq!(status, 200);
    let mail = app.last_mail_to("nc@mcgill.example.edu").await;
    let link = testkit::query_param(&mail.text, "token").unwrap();
    app.post_json("/api/me/confirm-university-email", &json!({"token": link}))
        .await;
    let (_, body) = app.get_json_as(&token, "/api/me/project-eligibility").await;
    assert_eq!(gaps(&body), ["affiliation_in_review", "equity_profile"]);
    assert_eq!(
        body["data"]["gaps"][0]["message"],
        "Your university affiliation is confirmed and waits for staff review: you can submit a project once they approve it."
    );

    make_eligible(&app, &token, PASSWORD, &staff).await;
    let (_, body) = app.get_json_as(&token, "/api/me/project-eligibility").await;
    assert_eq!(body["data"]["can_submit"], true);
    let (status, _) = app.post_json_as(&token, "/api/me/projects", &start).await;
    assert_eq!(status, 201);
    let (status, _) = app.get_json("/api/me/project-eligibility").await;
    assert_eq!(status, 401);
}

#[tokio::test]
async fn every_step_names_its_own_fields_and_a_draft_is_its_owners_alone() {
    let app = spawn_app().await;
    let staff = staff(&app).await;
    let owner = creator(&app, &staff, "owner@example.org").await;
    let other = creator(&app, &staff, "other@example.org").await;

    let (status, body) = app
        .post_json_as(
            &owner,
            "/api/me/projects",
            &json!({"title": "  ", "lay_summary": "<p><br></p>"}),
        )
        .await;
    assert_eq!(status, 400);
    assert_eq!(body["messages"]["title"], json!(["This field is required"]));
    assert_eq!(
        body["messages"]["lay_summary"],
        json!(["This field is required"])
    );

    let project = draft(&app, &owner, "Early sepsis").await;
    let id = project["id"].as_i64().unwrap();
    assert_eq!(
        (
            project["status"].as_str(),
            project["slug"].as_str(),
            project["can_edit"].as_bool()
        ),
        (Some("draft"), Some("early-sepsis"), Some(true))
    );
    let twin = draft(&app, &other, "Early sepsis").await;
    assert_eq!(twin["slug"], "early-sepsis-2", "addresses stay unique");
    for path in [
        format!("/api/me/projects/{id}"),
        format!("/api/me/projects/{id}/submit"),
    ] {
        let (status, _) = if path.ends_with("submit") {
            app.post_json_as(&other, &path, &json!({})).await
        } else {
            app.get_json_as(&other, &path).await
        };
        assert_eq!(status, 404, "{path} is not theirs");
    }

    let (status, body) = app
        .put_json_as(
            &owner,
            &format!("/api/me/projects/{id}/research"),
            &json!({"problem": "<script>x()</script>", "ethics_status": "maybe"}),
        )
        .await;
    assert_eq!(status, 400);
    assert_eq!(
        body["messages"]["ethics_status"],
        json!(["\"maybe\" is not a valid choice."])
    );
    let (status, body) = app
        .put_json_as(
            &owner,
            &format!("/api/me/projects/{id}/research"),
            &json!({"problem": "<script>x()</script>", "ethics_status": "pending"}),
        )
        .await;
    assert_eq!(status, 400);
    for field in ["problem", "aims", "methods", "impact", "conflicts"] {
        assert_eq!(
            body["messages"][field],
            json!(["This field is required"]),
            "{field}"
        );
    }
    let (status, body) = app
        .put_json_as(
            &owner,
            &format!("/api/me/projects/{id}/budget"),
            &json!({"funding_goal_cents": 0, "campaign_days": 90}),
        )
        .await;
    assert_eq!(status, 400);
    assert_eq!(
        body["messages"]["total_budget_cents"],
        json!(["This field is required"]),
        "the terms: owners state a total budget"
    );
    let (status, body) = app
        .put_json_as(
            &owner,
            &format!("/api/me/projects/{id}/budget"),
            &json!({"total_budget_cents": 100_000, "funding_goal_cents": 0, "campaign_days": 90}),
        )
        .await;
    assert_eq!(status, 400);
    assert_eq!(
        body["messages"]["funding_goal_cents"],
        json!(["Ensure this value is at least 1."])
    );
    assert_eq!(
        body["messages"]["campaign_days"],
        json!(["Ensure this value is between 15 and 60."])
    );

    // Submitting names every step still missing.
    let (status, body) = app
        .post_json_as(&owner, &format!("/api/me/projects/{id}/submit"), &json!({}))
        .await;
    assert_eq!(status, 400);
    for field in [
        "problem",
        "ethics_status",
        "conflicts",
        "total_budget_cents",
        "funding_goal_cents",
        "campaign_days",
    ] {
        assert_eq!(
            body["messages"][field],
            json!(["This field is required"]),
            "{field}"
        );
    }
    complete(&app, &owner, id).await;
    let (_, saved) = app
        .get_json_as(&owner, &format!("/api/me/projects/{id}"))
        .await;
    assert_eq!(saved["data"]["funding_goal_cents"], 2_500_000);
    assert_eq!(saved["data"]["ethics_status"], "approved");
}

#[tokio::test]
async fn staff_send_a_project_back_with_a_reason_then_it_goes_live() {
    let app = spawn_app().await;
    let staff = staff(&app).await;
    let owner = creator(&app, &staff, "owner@example.org").await;
    let member = app.signed_in_user("member@example.org", PASSWORD).await;
    let id = submitted(&app, &owner, "Early sepsis").await;

    let (_, mine) = app.get_json_as(&owner, "/api/me/projects").await;
    assert_eq!(mine["data"][0]["status"], "submitted");
    assert_eq!(mine["data"][0]["can_edit"], false);
    let (status, body) = app
        .put_json_as(
            &owner,
            &format!("/api/me/projects/{id}/budget"),
            &json!({"total_budget_cents": 100, "funding_goal_cents": 100, "campaign_days": 20}),
        )
        .await;
    assert_eq!(status, 400);
    assert_eq!(
        body["message"],
        "A project under review, suspended or closed cannot be changed."
    );

    // The queue is staff's alone.
    let (status, _) = app.get_json_as(&member, "/api/staff/projects").await;
    assert_eq!(status, 404);
    let (status, queue) = app.get_json_as(&staff, "/api/staff/projects").await;
    assert_eq!(status, 200, "{queue}");
    assert_eq!(queue["data"][0]["id"], id);
    assert_eq!(queue["data"][0]["owner"]["name"], "Test Member");
    // Staff preview the page the public will see (issue 43, item 4: its team, needs and
    // picture were nowhere in the review); a member does not see it before it is live.
    let page = format!(
        "/api/projects/{}",
        queue["data"][0]["slug"].as_str().unwrap()
    );
    let (status, body) = app.get_json_as(&staff, &page).await;
    assert_eq!(status, 200, "{body}");
    let (status, _) = app.get_json_as(&member, &page).await;
    assert_eq!(status, 404);

    let review = format!("/api/staff/projects/{id}/review");
    let (status, body) = app
        .post_json_as(&staff, &review, &json!({"verdict": "reject"}))
        .await;
    assert_eq!(status, 400);
    assert_eq!(
        body["messages"]["reason"],
        json!(["This field is required"])
    );
    let (status, body) = app
        .post_json_as(
            &staff,
            &review,
            &json!({"verdict": "reject", "reason": "Say how patients are recruited."}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["status"], "rejected");
    let (status, body) = app
        .post_json_as(&staff, &review, &json!({"verdict": "approve"}))
        .await;
    assert_eq!(status, 400);
    assert_eq!(body["message"], "This project is not waiting for review.");

    // The owner reads why, changes the project and sends it again; staff approve.
    let (_, back) = app
        .get_json_as(&owner, &format!("/api/me/projects/{id}"))
        .await;
    assert_eq!(
        back["data"]["rejection_reason"],
        "Say how patients are recruited."
    );
    assert_eq!(back["data"]["can_edit"], true);
    let (status, _) = app
        .put_json_as(
            &owner,
            &format!("/api/me/projects/{id}/general"),
            &json!({"title": "Early sepsis in children", "lay_summary": "<p>Recruited in three hospitals.</p>"}),
        )
        .await;
    assert_eq!(status, 200);
    let (status, _) = app
        .post_json_as(&owner, &format!("/api/me/projects/{id}/submit"), &json!({}))
        .await;
    assert_eq!(status, 200);
    let (status, live) = app
        .post_json_as(&staff, &review, &json!({"verdict": "approve"}))
        .await;
    assert_eq!(status, 200);
    assert_eq!(live["data"]["status"], "live");
    assert_eq!(live["data"]["rejection_reason"], Value::Null);
    assert_eq!(
        live["data"]["slug"], "early-sepsis",
        "the address stays while the title changes"
    );
    let (_, queue) = app.get_json_as(&staff, "/api/staff/projects").await;
    assert_eq!(queue["data"], json!([]));

    // Each decision is in the audit log, newest first.
    let (_, log) = app
        .get_json_as(&staff, "/api/staff/audit?subject_type=project")
        .await;
    let actions: Vec<&str> = log["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["action"].as_str().unwrap())
        .collect();
    assert_eq!(actions, ["project.approve", "project.reject"]);
    assert_eq!(log["data"][1]["reason"], "Say how patients are recruited.");

    // The owner heard both decisions; the live project is announced to everyone.
    let (_, notes) = app.get_json_as(&owner, "/api/me/notifications").await;
    let heard: Vec<(&str, &str)> = notes["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| (n["title"].as_str().unwrap(), n["message"].as_str().unwrap()))
        .collect();
    assert_eq!(
        heard[..2],
        [
            (
                "Project approved",
                "Early sepsis in children is approved and now live."
            ),
            (
                "Project sent back",
                "Early sepsis was sent back. Reason: Say how patients are recruited."
            ),
        ]
    );
    assert_eq!(notes["data"][0]["in_app_route"], "/project/early-sepsis");
    assert_eq!(notes["data"][0]["content_type"], "project");
    let (_, feed) = app.get_json_as(&member, "/api/feed").await;
    let item = feed["data"]
        .as_array()
        .unwrap()
        .iter()
        .find(|i| i["event_type"] == "PROJECT_CREATED")
        .cloned()
        .unwrap_or_else(|| panic!("{feed}"));
    assert_eq!(item["object_type"], "PROJECT");
}

#[tokio::test]
async fn staff_suspend_reactivate_and_close_a_live_project() {
    let app = spawn_app().await;
    let staff = staff(&app).await;
    let owner = creator(&app, &staff, "owner@example.org").await;
    let member = app.signed_in_user("member@example.org", PASSWORD).await;
    let slug = testkit::projects::live(&app, &owner, &staff, "Early sepsis").await;
    let (_, page) = app.get_json(&format!("/api/projects/{slug}")).await;
    let id = page["data"]["id"].as_i64().unwrap();
    let status = format!("/api/staff/projects/{id}/status");

    let (code, body) = app
        .post_json_as(&staff, &status, &json!({"action": "suspend"}))
        .await;
    assert_eq!(code, 400);
    assert_eq!(
        body["messages"]["reason"],
        json!(["This field is required"])
    );
    let (code, _) = app
        .post_json_as(
            &member,
            &status,
            &json!({"action": "suspend", "reason": "No."}),
        )
        .await;
    assert_eq!(code, 404, "staff only");
    let (code, body) = app
        .post_json_as(
            &staff,
            &status,
            &json!({"action": "suspend", "reason": "Patients are named in the methods."}),
        )
        .await;
    assert_eq!(code, 200, "{body}");
    assert_eq!(body["data"]["status"], "suspended");
    let (code, _) = app.get_json(&format!("/api/projects/{slug}")).await;
    assert_eq!(code, 404, "hidden from the public while suspended");
    let (code, _) = app
        .get_json_as(&owner, &format!("/api/projects/{slug}"))
        .await;
    assert_eq!(code, 200, "its owner still sees it");
    let (_, notes) = app.get_json_as(&owner, "/api/me/notifications").await;
    assert_eq!(notes["data"][0]["title"], "Project suspended");
    assert_eq!(
        notes["data"][0]["message"],
        "Early sepsis was suspended. Reason: Patients are named in the methods."
    );
    let (_, suspended) = app
        .get_json_as(&staff, "/api/staff/projects?status=suspended")
        .await;
    assert_eq!(suspended["data"][0]["id"], id);
    let (code, body) = app
        .post_json_as(&staff, &status, &json!({"action": "close"}))
        .await;
    assert_eq!(code, 400, "a suspended project is reactivated first");
    assert_eq!(
        body["message"],
        "This project cannot be changed that way now."
    );

    let (code, _) = app
        .post_json_as(&staff, &status, &json!({"action": "reactivate"}))
        .await;
    assert_eq!(code, 200);
    let (_, page) = app
        .get_json_as(&member, &format!("/api/projects/{slug}"))
        .await;
    assert_eq!(page["data"]["status"], "live");
    assert_eq!(page["data"]["abilities"]["can_rate"], true);

    let (code, _) = app
        .post_json_as(&staff, &status, &json!({"action": "close"}))
        .await;
    assert_eq!(code, 200);
    let (_, page) = app
        .get_json_as(&member, &format!("/api/projects/{slug}"))
        .await;
    assert_eq!(page["data"]["status"], "closed", "still public once closed");
    assert_eq!(page["data"]["abilities"]["can_rate"], false);
    let (_, live) = app.get_json("/api/projects").await;
    assert_eq!(live["data"], json!([]), "no longer listed as live");
    let (_, log) = app
        .get_json_as(&staff, "/api/staff/audit?subject_type=project")
        .await;
    let actions: Vec<&str> = log["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["action"].as_str().unwrap())
        .collect();
    assert_eq!(
        actions,
        [
            "project.close",
            "project.reactivate",
            "project.suspend",
            "project.approve"
        ]
    );
}
