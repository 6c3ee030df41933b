//! One scene for the tests that call every operation of the contract (the permission
//! matrix, the statement counts): a seeded app with a working group, its members and
//! moderators, topics, replies, an attachment, updates, materials, invitations, join
//! requests and staff content, and a token for each kind of caller. The app logs SQL
//! (`COHORT_LOG_SQL=on`), so every answer says how many statements it ran.

use std::collections::BTreeMap;

use serde_json::{Value, json};
use testkit::TestApp;
use testkit::groups::{approved_group, draft, join};

/// The callers, in the order of `scene`'s tokens.
pub const ROLES: [&str; 6] = [
    "visitor",
    "member",
    "group_moderator",
    "owner",
    "staff_moderator",
    "admin",
];

/// One operation of the contract.
pub struct Operation {
    pub method: reqwest::Method,
    pub template: String,
    pub id: String,
    /// It takes `page` and `perPage`.
    pub paged: bool,
}

/// Every operation of the contract.
pub fn contract_operations() -> Vec<Operation> {
    let doc = serde_json::to_value(app::api::openapi()).unwrap();
    let mut found = Vec::new();
    for (template, item) in doc["paths"].as_object().unwrap() {
        for (method, op) in item.as_object().unwrap() {
            let Ok(method) = method.to_uppercase().parse::<reqwest::Method>() else {
                continue;
            };
            let paged = op["parameters"]
                .as_array()
                .is_some_and(|ps| ps.iter().any(|p| p["name"] == "perPage"));
            found.push(Operation {
                method,
                template: template.clone(),
                id: op["operationId"].as_str().unwrap().to_owned(),
                paged,
            });
        }
    }
    found
}

/// The ids the paths are filled with.
#[derive(Default)]
pub struct Scene {
    slug: String,
    group: i64,
    draft: i64,
    /// The owner's project draft, and a project of theirs waiting for staff.
    project: i64,
    submitted_project: i64,
    /// The owner's live project and an update of it.
    live_project: i64,
    project_update: i64,
    topic: i64,
    topic_to_delete: i64,
    reply: i64,
    reply_to_delete: i64,
    attachment: i64,
    update: i64,
    material: i64,
    material_to_delete: i64,
    /// A trial the group links.
    reference: i64,
    /// The platform's webhook (an admin's).
    webhook: i64,
    invitation: i64,
    requester: i64,
    other_requester: i64,
    plain_membership: i64,
    moderator_membership: i64,
    member_user: i64,
    target_user: i64,
    /// The owner's direct-message conversation with the group's moderator.
    conversation: i64,
    /// A meeting the owner scheduled at the group.
    meeting: i64,
    /// `GET /api/staff/<list>` → the first and the last id it lists.
    staff_ids: BTreeMap<String, (i64, i64)>,
    blog_post: String,
    lecture: i64,
    quiz: i64,
}

async fn ok_json(
    app: &TestApp,
    token: &str,
    method: reqwest::Method,
    path: &str,
    body: Value,
) -> Value {
    let (status, body) = app.send_as(method, token, path, Some(&body)).await;
    assert!((200..300).contains(&status), "{path}: {status} {body}");
    body["data"].clone()
}

async fn first_and_last(app: &TestApp, token: &str, list: &str) -> (i64, i64) {
    let (_, body) = app.get_json_as(token, &format!("{list}?perPage=100")).await;
    let items = body["data"].as_array().cloned().unwrap_or_default();
    let id = |item: Option<&Value>| item.and_then(|i| i["id"].as_i64()).unwrap_or(999_999);
    (id(items.first()), id(items.last()))
}

/// One app with the scene and the six callers' tokens (`None` for the visitor).
pub async fn scene() -> (TestApp, Scene, Vec<Option<String>>) {
    let app = testkit::spawn_app_with(|config| {
        config.log_sql = kernel::sql_trace::SqlLog::On;
    })
    .await;
    app.seed_demo().await;
    let roles = testkit::staff::roles(&app).await;
    // The admin is a Content Expert too: the funding decisions' rows show what one gets.
    let admin_id = app.me(&roles.admin).await["id"].as_i64().unwrap();
    let (status, _) = app
        .put_json_as(
            &roles.admin,
            &format!("/api/staff/users/{admin_id}/content-expert"),
            &serde_json::json!({"content_expert": true}),
        )
        .await;
    assert_eq!(status, 200);
    let owner = app
        .signed_in_user("owner@example.org", "owner password 1")
        .await;
    let moderator = app
        .signed_in_user("gmod@example.org", "gmod password 1")
        .await;
    let plain = app
        .signed_in_user("plain@example.org", "plain password 1")
        .await;
    let (group, slug) = approved_group(&app, &owner, &roles.admin, "Matrix", &["stroke"]).await;
    for who in [&moderator, &plain] {
        join(&app, &owner, &slug, who).await;
    }
    let members = ok_json(
        &app,
        &owner,
        reqwest::Method::GET,
        &format!("/api/groups/{slug}/members?perPage=100"),
        json!(null),
    )
    .await;
    let membership = |user: i64| {
        members
            .as_array()
            .unwrap()
            .iter()
            .find(|m| m["user"]["id"] == user || m["user_id"] == user)
            .map(|m| m["id"].as_i64().unwrap())
            .unwrap_or(999_999)
    };
    let moderator_id = app.me(&moderator).await["id"].as_i64().unwrap();
    let plain_id = app.me(&plain).await["id"].as_i64().unwrap();
    let moderator_membership = membership(moderator_id);
    let conversation = ok_json(
        &app,
        &owner,
        reqwest::Method::POST,
        "/api/me/conversations",
        json!({"member_ids": [moderator_id], "body": "Shall we meet on Friday?"}),
    )
    .await["conversation_id"]
        .as_i64()
        .unwrap();
    let starts = kernel::clock::now() + chrono::Duration::days(3);
    let meeting = ok_json(
        &app,
        &owner,
        reqwest::Method::POST,
        &format!("/api/groups/{group}/events"),
        json!({
            "title": "Journal club", "starts_at": starts,
            "ends_at": starts + chrono::Duration::hours(1),
            "time_zone": "Europe/London", "online_url": "https://meet.example.org/club"
        }),
    )
    .await["id"]
        .as_i64()
        .unwrap();
    ok_json(
        &app,
        &owner,
        reqwest::Method::PUT,
        &format!("/api/groups/{slug}/members/{moderator_membership}"),
        json!({"role": "moderator"}),
    )
    .await;

    let topics = format!("/api/groups/{group}/discussions");
    let topic = ok_json(
        &app,
        &owner,
        reqwest::Method::POST,
        &topics,
        json!({"text": "<p>Kept</p>"}),
    )
    .await["id"]
        .as_i64()
        .unwrap();
    let topic_to_delete = ok_json(
        &app,
        &owner,
        reqwest::Method::POST,
        &topics,
        json!({"text": "<p>Gone</p>"}),
    )
    .await["id"]
        .as_i64()
        .unwrap();
    let replies = format!("/api/discussion/{topic}/comments");
    let reply = ok_json(
        &app,
        &owner,
        reqwest::Method::POST,
        &replies,
        json!({"text": "<p>Reply</p>"}),
    )
    .await["id"]
        .as_i64()
        .unwrap();
    // An open report on the owner's reply: the review queue has something in it.
    ok_json(
        &app,
        &plain,
        reqwest::Method::POST,
        "/api/reports",
        json!({"subject_type": "reply", "subject_id": reply, "reason": "spam"}),
    )
    .await;
    let form = reqwest::multipart::Form::new()
        .text("text", "<p>With a file</p>")
        .part(
            "files",
            reqwest::multipart::Part::bytes(b"%PDF-1.4\n%%EOF\n".to_vec()).file_name("a.pdf"),
        );
    let response = app
        .client
        .post(app.url(&replies))
        .bearer_auth(&owner)
        .multipart(form)
        .send()
        .await
        .unwrap();
    let (_, with_file) = testkit::read(response).await;
    let reply_to_delete = with_file["data"]["id"].as_i64().unwrap();
    let attachment = with_file["data"]["images"][0]["id"].as_i64().unwrap();
    let update = ok_json(
        &app,
        &owner,
        reqwest::Method::POST,
        &format!("/api/me/groups/{group}/post"),
        json!({"title": "News", "text": "<p>News</p>"}),
    )
    .await["id"]
        .as_i64()
        .unwrap();
    let material = |label: &'static str| {
        let form = reqwest::multipart::Form::new()
            .text("type", "link")
            .text("label", label)
            .text("url", "https://example.org");
        let request = app
            .client
            .post(app.url(&format!("/api/me/groups/{group}/supplementary-materials")))
            .bearer_auth(&owner)
            .multipart(form);
        async move {
            testkit::read(request.send().await.unwrap()).await.1["data"]["id"]
                .as_i64()
                .unwrap()
        }
    };
    let material_id = material("Kept").await;
    let material_to_delete = material("Gone").await;
    let webhook = ok_json(
        &app,
        &roles.admin,
        reqwest::Method::POST,
        "/api/webhooks",
        json!({"url": "https://93.184.216.34/in", "events": ["member.joined"]}),
    )
    .await["webhook"]["id"]
        .as_i64()
        .unwrap();
    let reference = ok_json(
        &app,
        &owner,
        reqwest::Method::POST,
        "/api/references",
        json!({"place_type": "group", "place_id": group, "identifier": "NCT04280705"}),
    )
    .await["id"]
        .as_i64()
        .unwrap();
    ok_json(
        &app,
        &owner,
        reqwest::Method::POST,
        &format!("/api/groups/{slug}/invite-member"),
        json!({"email": "invitee@example.org", "message": "Join us"}),
    )
    .await;
    let invited = app
        .get_json_as(&owner, &format!("/api/groups/{slug}/invited-members"))
        .await
        .1;
    let invitation = invited["data"][0]["id"].as_i64().unwrap_or(999_999);
    for email in ["asker1@example.org", "asker2@example.org"] {
        let asker = app.signed_in_user(email, "asker password 1").await;
        app.post_json_as(
            &asker,
            &format!("/api/groups/{slug}/join-requests"),
            &json!({"message": "Hi"}),
        )
        .await;
    }
    let requests = app
        .get_json_as(&owner, &format!("/api/groups/{slug}/join-requests"))
        .await
        .1;
    let requesters: Vec<i64> = requests["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["id"].as_i64().unwrap())
        .collect();
    // Issue 24 §2: the group has a data-use agreement (the moderator keeps reading within
    // its grace period), so reading and accepting it answer every role.
    ok_json(
        &app,
        &owner,
        reqwest::Method::POST,
        &format!("/api/groups/{slug}/agreement/versions"),
        json!({"body": "<p>Keep it in the group.</p>", "grace_days": 14}),
    )
    .await;
    app.post_json(
        "/api/contact-us",
        &json!({"name": "A", "email": "a@example.org", "text": "Hello there", "captcha": "off"}),
    )
    .await;
    let target = app
        .signed_in_user("target@example.org", "target password 1")
        .await;
    let target_user = app.me(&target).await["id"].as_i64().unwrap();
    let draft_id = draft(&app, &owner, "Matrix draft", &["stroke"]).await["id"]
        .as_i64()
        .unwrap();
    testkit::projects::make_eligible(&app, &owner, "owner password 1", &roles.admin).await;
    let project = testkit::projects::draft(&app, &owner, "Matrix project").await["id"]
        .as_i64()
        .unwrap();
    let submitted_project = testkit::projects::submitted(&app, &owner, "Matrix trial").await;
    let live_project = testkit::projects::submitted(&app, &owner, "Matrix live").await;
    ok_json(
        &app,
        &roles.admin,
        reqwest::Method::POST,
        &format!("/api/staff/projects/{live_project}/review"),
        json!({"verdict": "approve"}),
    )
    .await;
    // Changes to the live project wait for staff (their side-by-side view reads them).
    ok_json(
        &app,
        &owner,
        reqwest::Method::PUT,
        &format!("/api/me/projects/{live_project}/general"),
        json!({"title": "Matrix live, revised", "lay_summary": "<p>Revised.</p>"}),
    )
    .await;
    let project_update = ok_json(
        &app,
        &owner,
        reqwest::Method::POST,
        &format!("/api/me/projects/{live_project}/posts"),
        json!({"title": "Matrix news", "text": "<p>News</p>"}),
    )
    .await["id"]
        .as_i64()
        .unwrap_or(999_999);

    let mut staff_ids = BTreeMap::new();
    for list in [
        "blog/posts",
        "blog/categories",
        "pages",
        "lectures",
        "quizzes",
        "users",
        "contact-messages",
        "group-updates",
        "groups",
        "affiliations",
    ] {
        staff_ids.insert(
            list.to_owned(),
            first_and_last(&app, &roles.admin, &format!("/api/staff/{list}")).await,
        );
    }
    staff_ids.insert(
        "lookups/tags".into(),
        first_and_last(&app, &roles.admin, "/api/staff/lookups/tags").await,
    );
    let menu = app
        .get_json_as(&roles.admin, "/api/staff/menus/main")
        .await
        .1;
    let items = menu["data"].as_array().cloned().unwrap_or_default();
    let item = |i: Option<&Value>| i.and_then(|v| v["id"].as_i64()).unwrap_or(999_999);
    staff_ids.insert(
        "menus/items".into(),
        (item(items.first()), item(items.last())),
    );
    let blog = app.get_json("/api/blog/api/pages?perPage=1").await.1;
    let lectures = app.get_json("/api/expert-lectures?perPage=1").await.1;
    let quizzes = app.get_json_as(&plain, "/api/quiz?perPage=1").await.1;

    let scene = Scene {
        slug,
        group,
        draft: draft_id,
        project,
        submitted_project,
        live_project,
        project_update,
        topic,
        topic_to_delete,
        reply,
        reply_to_delete,
        attachment,
        update,
        material: material_id,
        material_to_delete,
        reference,
        webhook,
        invitation,
        requester: requesters[0],
        other_requester: requesters[1],
        plain_membership: membership(plain_id),
        moderator_membership,
        member_user: plain_id,
        target_user,
        conversation,
        meeting,
        staff_ids,
        blog_post: blog["data"][0]["slug"]
            .as_str()
            .map_or_else(|| "none".to_owned(), str::to_owned),
        lecture: lectures["data"][0]["id"].as_i64().unwrap_or(999_999),
        quiz: quizzes["data"][0]["id"].as_i64().unwrap_or(999_999),
    };
    let outsider = app
        .signed_in_user("outsider@example.org", "outsider password 1")
        .await;
    let tokens = vec![
        None,
        Some(outsider),
        Some(moderator),
        Some(owner),
        Some(roles.moderator),
        Some(roles.admin),
    ];
    (app, scene, tokens)
}

impl Scene {
    /// The working group the scene is set in (for bodies that name it).
    pub fn group_id(&self) -> i64 {
        self.group
    }
}

/// The concrete path for a template of the contract.
pub fn concrete(template: &str, operation: &str, s: &Scene) -> String {
    let staff = |list: &str, last: bool| {
        let (first, end) = s.staff_ids.get(list).copied().unwrap_or((999_999, 999_999));
        if last { end } else { first }
    };
    let deleting = operation.starts_with("staffDelete") || operation.starts_with("delete");
    let id = match template {
        t if t.starts_with("/api/staff/blog/posts/") => staff("blog/posts", deleting),
        t if t.starts_with("/api/staff/blog/categories/") => staff("blog/categories", deleting),
        t if t.starts_with("/api/staff/pages/") => staff("pages", deleting),
        t if t.starts_with("/api/staff/lectures/") => staff("lectures", deleting),
        t if t.starts_with("/api/staff/quizzes/") => staff("quizzes", deleting),
        t if t.starts_with("/api/staff/contact-messages/") => staff("contact-messages", false),
        t if t.starts_with("/api/staff/group-updates/") => s.update,
        t if t.starts_with("/api/staff/groups/") => s.group,
        t if t.starts_with("/api/staff/lookups/") => staff("lookups/tags", deleting),
        t if t.starts_with("/api/staff/menus/items/") => staff("menus/items", deleting),
        t if t.starts_with("/api/staff/users/") || t.starts_with("/api/staff/affiliations/") => {
            s.target_user
        }
        t if t.starts_with("/api/me/projects/{id}") => s.project,
        t if t.starts_with("/api/staff/projects/{id}/changes")
            || t.starts_with("/api/staff/projects/{id}/funding") =>
        {
            s.live_project
        }
        t if t.starts_with("/api/staff/projects/{id}") => s.submitted_project,
        t if t.starts_with("/api/staff/project-updates/{id}")
            || t.starts_with("/api/me/project-posts/{id}") =>
        {
            s.project_update
        }
        t if t.starts_with("/api/me/groups/{id}") => {
            if operation == "deleteGroup" {
                s.draft
            } else {
                s.group
            }
        }
        t if t.starts_with("/api/expert-lectures/") => s.lecture,
        t if t.starts_with("/api/quiz/") => s.quiz,
        t if t.starts_with("/api/profile/") || t.starts_with("/api/me/blocked-members/") => {
            s.member_user
        }
        t if t.starts_with("/api/me/conversations/") => s.conversation,
        t if t.starts_with("/api/events/") => s.meeting,
        t if t.starts_with("/api/comments/vote/") => s.reply,
        t if t.starts_with("/api/references/") => s.reference,
        t if t.starts_with("/api/webhooks/") => s.webhook,
        // No one's session: ending a role's own would sign it out for the rows after.
        t if t.starts_with("/api/me/sessions/") => 999_999,
        t if t.starts_with("/api/discussion/vote/") => s.topic,
        _ => s.topic,
    };
    let topic = if operation == "deleteDiscussion" {
        s.topic_to_delete
    } else {
        s.topic
    };
    let comment = if operation == "deleteComment" {
        s.reply_to_delete
    } else {
        s.reply
    };
    template
        .replace("{subject_type}/{id}", &format!("topic/{topic}"))
        .replace("{subject_type}/{subject_id}", &format!("reply/{}", s.reply))
        .replace(
            "/api/moderation/log",
            &format!("/api/moderation/log?group_id={}", s.group),
        )
        .replace(
            "{topic_type}/{id}/discussions/{comment_id}",
            &format!("groups/{}/discussions/{topic}", s.group),
        )
        .replace(
            "{topic_type}/{id}/discussions",
            &format!("groups/{}/discussions", s.group),
        )
        .replace("{emoji}", "heart")
        // The live project's protocol has its first version; no upload waits on the draft.
        .replace("{version}", "1")
        .replace("{file_id}", "999999")
        // No project of the scene is in escrow: its milestones are not there to decide.
        .replace("{position}", "1")
        .replace(
            "{host_type}/{id}/events",
            &format!("groups/{}/events", s.group),
        )
        .replace("{token}", "not-a-calendar-secret")
        .replace(
            "{topic_type}/{id}/mentionable",
            &format!("groups/{}/mentionable", s.group),
        )
        .replace(
            "{discussion_id}/comments/image/{id}",
            &format!("{}/comments/image/{}", s.topic, s.attachment),
        )
        .replace(
            "{id}/comments/{comment_id}",
            &format!("{}/comments/{comment}", s.topic),
        )
        .replace("/api/pages/{slug}", "/api/pages/about-us")
        // The demo lectures have English captions.
        .replace("{language}", "en")
        // The group's references are listed by a query naming it.
        .replace(
            "/api/references",
            &if template == "/api/references" && operation == "listReferences" {
                format!("/api/references?place_type=group&place_id={}", s.group)
            } else {
                "/api/references".to_owned()
            },
        )
        // Hearts, reviews, updates and pledges go to the live project (the draft takes none).
        .replace("/api/projects/{slug}/", "/api/projects/matrix-live/")
        .replace(
            "{project_id}/posts/{id}",
            &format!("{}/posts/{}", s.live_project, s.project_update),
        )
        .replace("{project_id}", &s.live_project.to_string())
        .replace("/api/projects/{slug}", "/api/projects/matrix-project")
        .replace("{slug}", &s.slug)
        .replace(
            "{group_id}/post/{id}",
            &format!("{}/post/{}", s.group, s.update),
        )
        .replace(
            "{group_id}/supplementary-materials/{id}",
            &format!(
                "{}/supplementary-materials/{}",
                s.group,
                if deleting {
                    s.material_to_delete
                } else {
                    s.material
                }
            ),
        )
        .replace("{group_id}", &s.group.to_string())
        .replace(
            "invited-members/{id}",
            &format!("invited-members/{}", s.invitation),
        )
        .replace(
            "resend-invitation/{id}",
            &format!("resend-invitation/{}", s.invitation),
        )
        .replace("{invite_hash}", &"x".repeat(43))
        .replace(
            "join-requests/{member_id}/{action}",
            &format!(
                "join-requests/{}/accept",
                if operation == "decideJoinRequest" {
                    s.other_requester
                } else {
                    s.requester
                }
            ),
        )
        .replace(
            "members/{member_id}",
            &format!(
                "members/{}",
                if operation == "changeGroupMemberRole" {
                    s.moderator_membership
                } else {
                    s.plain_membership
                }
            ),
        )
        .replace(
            "/api/blog/api/pages/{id}",
            &format!("/api/blog/api/pages/{}", s.blog_post),
        )
        .replace("{placement}", "dashboard")
        .replace("{kind}", "tags")
        .replace("{menu}", "main")
        .replace("{provider}", "google")
        .replace("{user_id}", &s.target_user.to_string())
        // Staff approve groups and updates; join requests are accepted above.
        .replace("/{action}", "/approve")
        .replace("{code}", "NOSUCHCODE000000")
        .replace("{token}", "no-such-export-link")
        .replace("{slug}", &s.slug)
        .replace("/api/pages/{slug}", "/api/pages/about-us")
        .replace("{id}", &id.to_string())
        .replace("/api/search", "/api/search?q=matrix+or+stroke+or+trial")
}
