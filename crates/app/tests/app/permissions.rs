//! Issue 15, proof 14: the permission matrix. Every operation of the contract is called
//! by a visitor, a member, a group moderator, the group's owner, a staff moderator and an
//! admin, each in an app of its own with the same scene, and the outcome must be the one
//! `permissions.tsv` states from the crates' policies: `ok` (let through: any answer but
//! 401, 403 and 404 — a 400 for the empty body the matrix sends is let through), or the
//! refusal's status. An operation missing from the table fails the test.
//!
//! `PERMISSIONS_PRINT=1` prints the observed table (to review a new operation's row).

use std::collections::BTreeMap;

use serde_json::json;

use crate::scene::{ROLES, Scene, concrete, contract_operations, scene};

/// Operations that change what others in the scene rely on run after all the others,
/// in this order (each on a resource of its own where one is needed), sign-out last.
const LAST: [&str; 26] = [
    "removeReference",
    "deleteWebhook",
    "deleteCommentImage",
    "deleteComment",
    "deleteDiscussion",
    "deleteGroupMaterial",
    "cancelInvitation",
    "cancelJoinRequest",
    "decideJoinRequest",
    "removeGroupMember",
    "changeGroupMemberRole",
    "leaveGroup",
    "deleteGroup",
    "staffDeleteBlogPost",
    "staffDeleteBlogCategory",
    "staffDeletePage",
    "staffDeleteLecture",
    "staffDeleteQuiz",
    "staffDeleteLookup",
    "staffDeleteMenuItem",
    "staffDeactivateUser",
    "staffSetUserRole",
    "staffDeleteUser",
    "endMyOtherSessions",
    "disableTotp",
    "logout",
];

/// A valid body for the writes whose policy is decided after the body is read, so the
/// answer is the policy's and not the validation's; `{}` for the rest.
fn with_body(
    request: reqwest::RequestBuilder,
    operation: &str,
    scene: &Scene,
) -> reqwest::RequestBuilder {
    let picture = || {
        let part =
            reqwest::multipart::Part::bytes(testkit::pictures::png(64, 64)).file_name("p.png");
        reqwest::multipart::Form::new().part("file", part)
    };
    let body = match operation {
        "setGroupImage"
        | "setGroupUpdateImage"
        | "setProjectImage"
        | "setProjectUpdateImage"
        | "setAvatar"
        | "setBackground" => {
            return request.multipart(picture());
        }
        "uploadProtocolFile" | "uploadMilestoneFile" => {
            let part = reqwest::multipart::Part::bytes(b"%PDF-1.4\n%%EOF\n".to_vec())
                .file_name("protocol.pdf");
            return request.multipart(reqwest::multipart::Form::new().part("file", part));
        }
        "createGroupMaterial" => {
            let form = reqwest::multipart::Form::new()
                .text("type", "link")
                .text("label", "Registry")
                .text("url", "https://example.org");
            return request.multipart(form);
        }
        "createGroupUpdate" | "updateGroupUpdate" => {
            json!({"title": "News", "text": "<p>News</p>"})
        }
        "updateGroupMaterial" => json!({"label": "Registry", "url": "https://example.org"}),
        "inviteGroupMember" => json!({"email": "another@example.org", "message": "Join us"}),
        "changeGroupMemberRole" => json!({"role": "member"}),
        "sendJoinRequest" => json!({"message": "Hi"}),
        "publishGroupAgreement" => {
            json!({"body": "<p>Keep it in the group.</p>", "grace_days": 14})
        }
        "acceptGroupAgreement" => json!({"version": 1}),
        "reportMilestone" => json!({"evidence": "<p>Done.</p>"}),
        "postResults" => json!({"lay_summary": "<p>Found.</p>", "outcomes": "<p>Outcomes.</p>"}),
        "staffReturnMilestone" => json!({"reason": "Not shown."}),
        "scanForPatientData" => json!({"text": "<p>Call 07700 900123</p>"}),
        "setGroupPhiCheck" => json!({"blocking": false}),
        "createDiscussion" | "createComment" | "updateDiscussion" | "updateComment" => {
            json!({"text": "<p>Said</p>"})
        }
        "voteDiscussion" | "voteComment" => json!({"reaction": "up"}),
        "sendMessage" => json!({"body": "Noted."}),
        "createEvent" | "updateEvent" => {
            let starts = kernel::clock::now() + chrono::Duration::days(2);
            json!({
                "title": "Matrix meeting", "starts_at": starts,
                "ends_at": starts + chrono::Duration::hours(1),
                "time_zone": "Europe/London", "place": "Room 1"
            })
        }
        "answerEvent" => json!({"answer": "going"}),
        "addReference" => json!({
            "place_type": "group", "place_id": scene.group_id(), "identifier": "ISRCTN17072692"
        }),
        "setSubscription" => json!({"level": "following"}),
        "createWebhook" => {
            json!({"url": "https://93.184.216.34/in", "events": ["project.approved"]})
        }
        "moderateReportedItem" => json!({"action": "warn", "reason": "Keep to the topic."}),
        "updateGroup" => json!({"title": "Matrix renamed"}),
        "staffCreateUser" => json!({"name": "New Person", "email": "new.person@example.org"}),
        "createProject" | "saveProjectGeneral" => {
            json!({"title": "Matrix project", "lay_summary": "<p>Plain words.</p>"})
        }
        "saveProjectResearch" => json!({
            "problem": "<p>P</p>", "aims": "<p>A</p>", "methods": "<p>M</p>", "impact": "<p>I</p>",
            "ethics_status": "pending", "conflicts": "None."
        }),
        "saveProjectBudget" => {
            json!({"total_budget_cents": 100_000, "funding_goal_cents": 100_000, "campaign_days": 30})
        }
        "staffReviewProject" => json!({"verdict": "approve"}),
        "registerProtocol" => json!({"body": "<p>Matrix protocol.</p>"}),
        "staffProjectAction" => json!({"action": "close"}),
        "saveProjectTeam" => json!({"team": [], "needs": []}),
        "createProjectUpdate" | "updateProjectUpdate" => {
            json!({"title": "Matrix news", "text": "<p>News</p>"})
        }
        "pledgeToProject" => json!({"setup_id": "seti_none", "amount_cents": 2_500, "adult": true}),
        "changeMyPledge" => json!({"amount_cents": 2_500}),
        "updatePledgeCard" => json!({"setup_id": "seti_none"}),
        "staffDecideFunding" => json!({"verdict": "approve"}),
        "staffSetContentExpert" => json!({"content_expert": true}),
        "onboardTestPayoutAccount" => json!({
            "institution": "University of Toronto", "transit_number": "00011",
            "institution_number": "002", "account_number": "1234567", "link": "none"
        }),
        "confirmTestCard" => json!({
            "client_secret": "seti_none_secret", "number": "4242424242424242",
            "exp_month": 12, "exp_year": 2035, "cvc": "123"
        }),
        "reviewProject" => json!({
            "scientific_merit": 4, "feasibility": 4, "relevance_to_patients": 5,
            "clarity": 3, "team": 4
        }),
        _ => json!({}),
    };
    request.json(&body)
}

/// `ok` for an answer that got past the policy (a success, or the 400 of a body the
/// matrix sends empty), the status of a refusal otherwise.
fn outcome(status: u16) -> String {
    match status {
        200..=299 => "ok".to_owned(),
        400 | 409 | 413 | 415 | 422 => "ok".to_owned(),
        other => other.to_string(),
    }
}

fn expected() -> BTreeMap<String, Vec<String>> {
    include_str!("permissions.tsv")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|line| {
            let mut cells = line.split('\t').map(str::to_owned);
            let operation = cells.next().unwrap_or_default();
            (operation, cells.collect())
        })
        .collect()
}

/// `(method, template, operation id)` of every operation of the contract, those that
/// change the scene last.
fn operations() -> Vec<(reqwest::Method, String, String)> {
    let mut found: Vec<_> = contract_operations()
        .into_iter()
        .map(|op| (op.method, op.template, op.id))
        .collect();
    let rank = |id: &str| LAST.iter().position(|l| *l == id).map_or(0, |p| p + 1);
    found.sort_by_key(|(_, _, id)| rank(id));
    found
}

#[tokio::test]
async fn every_operation_answers_every_role_as_its_policy_says() {
    let operations = operations();
    let table = expected();
    let missing: Vec<&String> = operations
        .iter()
        .map(|(_, _, id)| id)
        .filter(|id| !table.contains_key(*id))
        .collect();
    let mut observed: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for (index, role) in ROLES.iter().enumerate() {
        let (app, scene, tokens) = scene().await;
        let token = tokens[index].clone();
        for (method, template, id) in &operations {
            let path = concrete(template, id, &scene);
            let mut request = app.client.request(method.clone(), app.url(&path));
            if let Some(token) = &token {
                request = request.bearer_auth(token);
            }
            if matches!(
                *method,
                reqwest::Method::POST | reqwest::Method::PUT | reqwest::Method::PATCH
            ) {
                request = with_body(request, id, &scene);
            }
            let status = request.send().await.unwrap().status().as_u16();
            if std::env::var("PERMISSIONS_PRINT").is_ok() {
                eprintln!("raw\t{role}\t{id}\t{status}\t{path}");
            }
            observed
                .entry(id.clone())
                .or_default()
                .push(outcome(status));
        }
        eprintln!("{role}: {} operations called", operations.len());
    }
    if std::env::var("PERMISSIONS_PRINT").is_ok() {
        for (id, cells) in &observed {
            println!("{id}\t{}", cells.join("\t"));
        }
    }
    let mismatches: Vec<String> = observed
        .iter()
        .filter_map(|(id, cells)| {
            let want = table.get(id)?;
            (want != cells).then(|| format!("{id}: expected {want:?}, got {cells:?} ({ROLES:?})"))
        })
        .collect();
    assert!(
        missing.is_empty(),
        "operations without a row in permissions.tsv: {missing:?}"
    );
    assert!(mismatches.is_empty(), "{}", mismatches.join("\n"));
}
