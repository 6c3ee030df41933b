use kernel::input::Parse;
use kernel::{CurrentUser, Staff, StaffRole};
use projects::enums::{CreatorGap, EthicsStatus, ProjectStatus};
use projects::service::drafts::{self, Budget, General, Research};
use projects::service::eligibility;
use projects::service::review::{self, Verdict};
use serde_json::json;
use testkit::{TestApp, query_param, spawn_app};

const PASSWORD: &str = "trial design 21";

fn member(id: i64) -> CurrentUser {
    CurrentUser {
        id,
        staff_role: None,
        password_change_required: false,
    }
}

fn parsed<T: Parse>(value: &str) -> T {
    T::parse(json!(value)).unwrap()
}

fn general(title: &str) -> General {
    General {
        title: parsed(title),
        lay_summary: parsed("<p>A test anyone can read about.</p>"),
    }
}

fn research() -> Research {
    Research {
        problem: parsed("<p>Sepsis is found late.</p>"),
        aims: parsed("<p>Find it early.</p>"),
        methods: parsed("<p>A cohort of 400 patients.</p>"),
        impact: parsed("<p>Lives saved.</p>"),
        ethics_status: EthicsStatus::Approved,
        conflicts: parsed("None to declare."),
    }
}

/// A member with an approved university affiliation and the equity fields given.
async fn creator(app: &TestApp, staff: &str, email: &str) -> CurrentUser {
    let token = app.signed_in_user(email, PASSWORD).await;
    let id = app.me(&token).await["id"].as_i64().unwrap();
    let user = member(id);
    assert_eq!(
        eligibility::gaps(&app.ctx, id).await.unwrap(),
        vec![CreatorGap::Affiliation, CreatorGap::EquityProfile]
    );
    let (status, body) = app
        .patch_json_as(
            &token,
            "/api/me",
            &json!({"gender": "female", "age_group": "30_to_39", "career_stage": "senior_staff", "current_password": PASSWORD}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        eligibility::gaps(&app.ctx, id).await.unwrap(),
        vec![CreatorGap::Affiliation]
    );
    let university = format!("uni.{email}");
    let (status, _) = app
        .put_json_as(
            &token,
            "/api/me/setup-university-email",
            &json!({"affiliation": "McGill University", "university_affiliate_email": university, "university_profile_page_url": "https://mcgill.example.edu/lab"}),
        )
        .await;
    assert_eq!(status, 200);
    let mail = app.last_mail_to(&university).await;
    let link = query_param(&mail.text, "token").unwrap();
    let (status, _) = app
        .post_json("/api/me/confirm-university-email", &json!({"token": link}))
        .await;
    assert_eq!(status, 200);
    let (status, body) = app
        .put_json_as(
            staff,
            &format!("/api/staff/affiliations/{id}"),
            &json!({"affiliation_status": "approved"}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    assert!(eligibility::gaps(&app.ctx, id).await.unwrap().is_empty());
    user
}

#[tokio::test]
async fn only_an_affiliated_member_with_the_equity_fields_starts_a_project() {
    let app = spawn_app().await;
    let token = app.signed_in_user("newcomer@example.org", PASSWORD).await;
    let id = app.me(&token).await["id"].as_i64().unwrap();
    let refused = drafts::create(&app.ctx, &member(id), general("Early sepsis"))
        .await
        .unwrap_err()
        .body();
    assert_eq!(refused.code, "not_eligible");
    assert_eq!(
        refused.message,
        "Anyone seeking funding for a project must show university affiliation."
    );
    assert!(
        drafts::mine(&app.ctx.db, &member(id))
            .await
            .unwrap()
            .is_empty()
    );
}

#[tokio::test]
async fn a_draft_is_completed_step_by_step_submitted_and_reviewed_by_staff() {
    let app = spawn_app().await;
    let staff_token = app
        .signed_in_staff("admin@example.org", "staff password 1")
        .await;
    let staff_id = app.me(&staff_token).await["id"].as_i64().unwrap();
    let staff = Staff(CurrentUser {
        id: staff_id,
        staff_role: Some(StaffRole::Admin),
        password_change_required: false,
    });
    let owner = creator(&app, &staff_token, "owner@example.org").await;
    let other = creator(&app, &staff_token, "other@example.org").await;

    let draft = drafts::create(&app.ctx, &owner, general("Early sepsis"))
        .await
        .unwrap();
    assert_eq!(
        (draft.status, draft.slug.as_str()),
        (ProjectStatus::Draft, "early-sepsis")
    );
    let twin = drafts::create(&app.ctx, &other, general("Early sepsis"))
        .await
        .unwrap();
    assert_eq!(twin.slug, "early-sepsis-2", "slugs stay unique");
    // Someone else's project does not exist for them.
    let hidden = drafts::set_research(&app.ctx, &other, draft.id, research()).await;
    assert_eq!(hidden.unwrap_err().body().code, "not_found");

    // Submitting names every step still missing, on its field.
    let missing = drafts::submit(&app.ctx, &owner, draft.id)
        .await
        .unwrap_err()
        .body();
    for field in [
        "problem",
        "aims",
        "methods",
        "impact",
        "ethics_status",
        "conflicts",
        "funding_goal",
        "campaign_days",
    ] {
        assert_eq!(
            missing.messages[field],
            vec!["This field is required"],
            "{field}"
        );
    }
    drafts::set_research(&app.ctx, &owner, draft.id, research())
        .await
        .unwrap();
    let short = drafts::set_budget(
        &app.ctx,
        &owner,
        draft.id,
        Budget {
            funding_goal_cents: 0,
            campaign_days: 90,
        },
    )
    .await
    .unwrap_err()
    .body();
    assert_eq!(short.messages["funding_goal"], vec![drafts::GOAL_POSITIVE]);
    assert_eq!(
        short.messages["campaign_days"],
        vec![drafts::CAMPAIGN_LENGTH]
    );
    let budget = Budget {
        funding_goal_cents: 2_500_000,
        campaign_days: 30,
    };
    drafts::set_budget(&app.ctx, &owner, draft.id, budget)
        .await
        .unwrap();
    let submitted = drafts::submit(&app.ctx, &owner, draft.id).await.unwrap();
    assert_eq!(submitted.status, ProjectStatus::Submitted);
    assert!(submitted.submitted_at.is_some());
    let locked = drafts::set_budget(&app.ctx, &owner, draft.id, budget)
        .await
        .unwrap_err()
        .body();
    assert_eq!(locked.message, drafts::NOT_EDITABLE);

    // Staff send it back with a reason; the owner fixes it and submits again; staff approve.
    let reason = parsed("Say how patients are recruited.");
    let rejected = review::decide(&app.ctx, &staff, draft.id, Verdict::Reject(reason))
        .await
        .unwrap();
    assert_eq!(rejected.status, ProjectStatus::Rejected);
    assert_eq!(
        rejected.rejection_reason.as_deref(),
        Some("Say how patients are recruited.")
    );
    let again = review::decide(&app.ctx, &staff, draft.id, Verdict::Approve)
        .await
        .unwrap_err()
        .body();
    assert_eq!(again.message, review::NOT_UNDER_REVIEW);
    drafts::set_general(
        &app.ctx,
        &owner,
        draft.id,
        general("Early sepsis in children"),
    )
    .await
    .unwrap();
    drafts::submit(&app.ctx, &owner, draft.id).await.unwrap();
    let live = review::decide(&app.ctx, &staff, draft.id, Verdict::Approve)
        .await
        .unwrap();
    assert_eq!(live.status, ProjectStatus::Live);
    assert_eq!(live.rejection_reason, None);
    assert!(live.live_at.is_some());
    assert_eq!(
        live.slug, "early-sepsis",
        "the address stays while the title changes"
    );

    // Each decision is in the audit log, newest first.
    let (status, log) = app
        .get_json_as(&staff_token, "/api/staff/audit?subject_type=project")
        .await;
    assert_eq!(status, 200, "{log}");
    let actions: Vec<&str> = log["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["action"].as_str().unwrap())
        .collect();
    assert_eq!(actions, vec!["project.approve", "project.reject"]);

    let mine = drafts::mine(&app.ctx.db, &owner).await.unwrap();
    assert_eq!(mine.len(), 1);
}
