//! Factories for projects: a member made eligible the way a person becomes so (the equity
//! fields in their profile, a university e-mail confirmed and approved by staff), and
//! drafts written through the wizard's calls.

use kernel::config::Payments;
use serde_json::{Value, json};

use crate::{TestApp, query_param};

/// Makes the signed-in member behind `token` (whose password is `password`) eligible to
/// submit projects; `staff` approves the affiliation.
pub async fn make_eligible(app: &TestApp, token: &str, password: &str, staff: &str) {
    let (status, body) = app
        .patch_json_as(
            token,
            "/api/me",
            &json!({"gender": "female", "age_group": "30_to_39", "career_stage": "senior_staff", "current_password": password}),
        )
        .await;
    assert_eq!(status, 200, "equity fields: {body}");
    let me = app.me(token).await;
    let id = me["id"].as_i64().unwrap();
    let university = format!("uni.{}", me["email"].as_str().unwrap());
    let (status, body) = app
        .put_json_as(
            token,
            "/api/me/setup-university-email",
            &json!({"affiliation": "McGill University", "university_affiliate_email": university, "university_profile_page_url": "https://mcgill.example.edu/lab"}),
        )
        .await;
    assert_eq!(status, 200, "affiliation: {body}");
    let mail = app.last_mail_to(&university).await;
    let link = query_param(&mail.text, "token").unwrap();
    let (status, body) = app
        .post_json("/api/me/confirm-university-email", &json!({"token": link}))
        .await;
    assert_eq!(status, 200, "confirmation: {body}");
    let (status, body) = app
        .put_json_as(
            staff,
            &format!("/api/staff/affiliations/{id}"),
            &json!({"affiliation_status": "approved"}),
        )
        .await;
    assert_eq!(status, 200, "approval: {body}");
}

/// A new draft from step 1: its body.
pub async fn draft(app: &TestApp, token: &str, title: &str) -> Value {
    let (status, body) = app
        .post_json_as(
            token,
            "/api/me/projects",
            &json!({"title": title, "lay_summary": "<p>A test anyone can read about.</p>"}),
        )
        .await;
    assert_eq!(status, 201, "draft: {body}");
    body["data"].clone()
}

/// Steps 2 and 4 of draft `id`, saved.
pub async fn complete(app: &TestApp, token: &str, id: i64) {
    complete_with(app, token, id, json!([])).await;
}

/// Steps 2 and 4 of draft `id`, saved, the budget listing `milestones`.
pub async fn complete_with(app: &TestApp, token: &str, id: i64, milestones: Value) {
    let (status, body) = app
        .put_json_as(
            token,
            &format!("/api/me/projects/{id}/research"),
            &json!({
                "problem": "<p>Sepsis is found late.</p>", "aims": "<p>Find it early.</p>",
                "methods": "<p>A cohort of 400 patients.</p>", "impact": "<p>Lives saved.</p>",
                "ethics_status": "approved", "conflicts": "None to declare."
            }),
        )
        .await;
    assert_eq!(status, 200, "research: {body}");
    let (status, body) = app
        .put_json_as(
            token,
            &format!("/api/me/projects/{id}/budget"),
            &json!({
                "total_budget_cents": 4_000_000, "funding_goal_cents": 2_500_000,
                "campaign_days": 30, "milestones": milestones
            }),
        )
        .await;
    assert_eq!(status, 200, "budget: {body}");
}

/// Registers the first version of draft `id`'s protocol (what a campaign needs before it
/// takes pledges): the registration's body.
pub async fn register_protocol(app: &TestApp, token: &str, id: i64) -> Value {
    let (status, body) = app
        .post_json_as(
            token,
            &format!("/api/me/projects/{id}/protocol"),
            &json!({"body": "<p>Adults admitted with suspected sepsis.</p><p>Primary outcome: time to antibiotics.</p>"}),
        )
        .await;
    assert_eq!(status, 201, "protocol: {body}");
    body
}

/// A complete draft, its protocol registered, submitted for review: its id.
pub async fn submitted(app: &TestApp, token: &str, title: &str) -> i64 {
    submitted_with(app, token, title, json!([])).await
}

/// As [`submitted`], the budget listing `milestones`.
pub async fn submitted_with(app: &TestApp, token: &str, title: &str, milestones: Value) -> i64 {
    let id = draft(app, token, title).await["id"].as_i64().unwrap();
    complete_with(app, token, id, milestones).await;
    register_protocol(app, token, id).await;
    let (status, body) = app
        .post_json_as(token, &format!("/api/me/projects/{id}/submit"), &json!({}))
        .await;
    assert_eq!(status, 200, "submit: {body}");
    id
}

/// A complete project that `staff` approved: its slug.
pub async fn live(app: &TestApp, token: &str, staff: &str, title: &str) -> String {
    live_with(app, token, staff, title, json!([])).await
}

/// As [`live`], the budget listing `milestones`.
pub async fn live_with(
    app: &TestApp,
    token: &str,
    staff: &str,
    title: &str,
    milestones: Value,
) -> String {
    let id = submitted_with(app, token, title, milestones).await;
    let (status, body) = app
        .post_json_as(
            staff,
            &format!("/api/staff/projects/{id}/review"),
            &json!({"verdict": "approve"}),
        )
        .await;
    assert_eq!(status, 200, "approval: {body}");
    body["data"]["slug"].as_str().unwrap().to_owned()
}

/// Who a campaign's tests start with: the demo staff, an eligible owner signed in with
/// `password`, and the owner's project "Early sepsis" live (goal CA$25,000).
pub struct Campaign {
    pub staff: String,
    pub owner: String,
    pub slug: String,
}

/// The demo staff make `owner@example.org` eligible and approve "Early sepsis" live.
pub async fn live_campaign(app: &TestApp, password: &str) -> Campaign {
    let staff = app
        .signed_in_staff("admin@example.org", STAFF_PASSWORD)
        .await;
    let owner = app.signed_in_user("owner@example.org", password).await;
    make_eligible(app, &owner, password, &staff).await;
    let slug = live(app, &owner, &staff, "Early sepsis").await;
    Campaign { staff, owner, slug }
}

/// A card setup for `slug` confirmed with the test card `number`: its id.
pub async fn card(app: &TestApp, token: &str, slug: &str, number: &str) -> String {
    let (status, setup) = app
        .post_json_as(
            token,
            &format!("/api/projects/{slug}/card-setups"),
            &json!({}),
        )
        .await;
    assert_eq!(status, 201, "{setup}");
    confirm_card(app, &setup["data"], number).await
}

/// Confirms a card setup (as the API answered it) with the test card `number`, as the
/// processor's card form would (the test processor's, or Stripe.js against localstripe):
/// the setup's id.
pub async fn confirm_card(app: &TestApp, setup: &Value, number: &str) -> String {
    let id = setup["setup_id"].as_str().unwrap().to_owned();
    if let Payments::Stripe(keys) = &app.ctx.config.payments {
        assert_eq!(setup["processor"], "stripe");
        crate::localstripe::confirm_setup(&keys.api_url, &id, number).await;
        return id;
    }
    assert_eq!(setup["processor"], "test");
    let form = json!({
        "client_secret": setup["client_secret"], "number": number,
        "exp_month": 12, "exp_year": 2035, "cvc": "123"
    });
    let (status, saved) = app
        .post_json(&format!("/api/test-processor/setups/{id}/confirm"), &form)
        .await;
    assert_eq!(status, 200, "{saved}");
    assert_eq!(saved["data"]["last4"], &number[number.len() - 4..]);
    id
}

/// The password of the staff accounts these helpers make.
pub const STAFF_PASSWORD: &str = "staff password 1";

/// An admin who appointed themselves a Content Expert: their token.
pub async fn content_expert(app: &TestApp, email: &str) -> String {
    let token = app.signed_in_staff(email, STAFF_PASSWORD).await;
    let (_, me) = app.get_json_as(&token, "/api/me").await;
    let id = me["data"]["id"].as_i64().unwrap();
    let (status, body) = app
        .put_json_as(
            &token,
            &format!("/api/staff/users/{id}/content-expert"),
            &json!({"content_expert": true}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    token
}

/// The account id and the link's secret of a test processor's onboarding URL
/// (`/test-processor/onboarding/{account}?link={secret}`).
pub fn onboarding_link(url: &Value) -> (String, String) {
    let url = url.as_str().expect("an onboarding URL");
    let (path, link) = url.split_once("?link=").expect("a link secret");
    let account = path.rsplit('/').next().unwrap_or_default();
    (account.to_owned(), link.to_owned())
}

/// The member's payout account registered and verified through the processor's onboarding
/// form (the test processor's, or Stripe's account link against localstripe).
pub async fn payout_ready(app: &TestApp, token: &str) {
    let (status, body) = app
        .post_json_as(token, "/api/me/payout-account/onboarding", &json!({}))
        .await;
    assert_eq!(status, 201, "{body}");
    if let Payments::Stripe(_) = &app.ctx.config.payments {
        crate::localstripe::onboard(body["data"]["url"].as_str().unwrap()).await;
    } else {
        let (account, link) = onboarding_link(&body["data"]["url"]);
        let bank = json!({
            "institution": "University of Toronto", "transit_number": "00011",
            "institution_number": "002", "account_number": "1234567", "link": link
        });
        let (status, body) = app
            .post_json(
                &format!("/api/test-processor/accounts/{account}/onboard"),
                &bank,
            )
            .await;
        assert_eq!(status, 200, "{body}");
    }
    let (_, account) = app.get_json_as(token, "/api/me/payout-account").await;
    assert_eq!(account["data"]["verified"], true, "{account}");
}
