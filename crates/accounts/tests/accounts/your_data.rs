//! Issue 23 §6: "Download my data" — a ZIP of everything Cohort holds about a member, built
//! in the background and handed out once through an e-mailed link that expires — and
//! staff's export and audited deletion of an account.

use serde_json::json;
use testkit::exports::{json_of, ready_link, unzip};
use testkit::groups::{approved_group, join};
use testkit::pictures::jpeg;
use testkit::spawn_app;
use testkit::staff::roles;

const PASSWORD: &str = "member password 1";

#[tokio::test]
async fn a_member_downloads_everything_once_through_an_expiring_link() {
    let app = spawn_app().await;
    let staff = app
        .signed_in_staff("mod@example.org", "staff password 1")
        .await;
    let owner = app
        .signed_in_user("ada@example.org", "analytical 1843")
        .await;
    let member = app.signed_in_user("bo@example.org", PASSWORD).await;
    let (status, _) = app
        .upload_as(&member, "/api/me/set-avatar", "me.jpeg", jpeg(400, 400))
        .await;
    assert_eq!(status, 200);
    let (group_id, slug) = approved_group(&app, &owner, &staff, "Gait lab", &["stroke"]).await;
    join(&app, &owner, &slug, &member).await;
    let (status, body) = app
        .post_json_as(
            &member,
            &format!("/api/groups/{group_id}/discussions"),
            &json!({"text": "<p>My walking diary, week one</p>"}),
        )
        .await;
    assert_eq!(status, 201, "{body}");

    let (status, body) = app
        .post_json_as(&member, "/api/me/data-export", &json!({}))
        .await;
    assert_eq!(status, 202, "{body}");
    assert_eq!(
        body["data"]["message"],
        "We are gathering your data. A link to download it will reach you by e-mail in a few minutes."
    );
    let (status, body) = app
        .post_json_as(&member, "/api/me/data-export", &json!({}))
        .await;
    assert_eq!(status, 409, "once an hour: {body}");

    let link = ready_link(&app, "bo@example.org").await;
    let response = app.client.get(app.url(&link)).send().await.unwrap();
    assert_eq!(response.status(), 200);
    assert_eq!(response.headers()["content-type"], "application/zip");
    assert!(
        response.headers()["content-disposition"]
            .to_str()
            .unwrap()
            .starts_with("attachment; filename=\"cohort-data-")
    );
    let files = unzip(&response.bytes().await.unwrap());
    assert!(files.contains_key("README.txt"));
    let users = json_of(&files, "account/users.json");
    assert_eq!(users.len(), 1);
    assert_eq!(users[0]["email"], "bo@example.org");
    assert!(users[0].get("password_hash").is_none(), "no secret leaves");
    let sessions = json_of(&files, "account/sessions.json");
    assert!(!sessions.is_empty());
    assert!(sessions.iter().all(|s| s.get("token_hash").is_none()));
    let memberships = json_of(&files, "groups/working_group_members.json");
    assert_eq!(memberships[0]["group_id"], group_id);
    let posts = json_of(&files, "discussions/discussion_posts.json");
    assert!(posts[0]["text"].as_str().unwrap().contains("walking diary"));
    let settings = files
        .keys()
        .any(|k| k.starts_with("files/") && k.contains("avatar"));
    assert!(
        settings,
        "the uploaded picture is in it: {:?}",
        files.keys()
    );
    // Nobody else's rows: the owner's account is not in the member's export.
    assert!(!String::from_utf8_lossy(&files["account/users.json"]).contains("ada@example.org"));

    // The link works once.
    let again = app.client.get(app.url(&link)).send().await.unwrap();
    assert_eq!(again.status(), 410);
    let (_, body) = testkit::read(again).await;
    assert_eq!(
        body["message"],
        "This download link has already been used. Ask for your data again from your account."
    );

    // An hour later a new one may be asked for; unused for 72 hours, its link expires.
    app.advance(chrono::Duration::minutes(61));
    let (status, _) = app
        .post_json_as(&member, "/api/me/data-export", &json!({}))
        .await;
    assert_eq!(status, 202);
    let mut newer = link.clone();
    for _ in 0..100 {
        newer = ready_link(&app, "bo@example.org").await;
        if newer != link {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    assert_ne!(newer, link, "a new link for the new export");
    app.advance(chrono::Duration::hours(73));
    let expired = app.client.get(app.url(&newer)).send().await.unwrap();
    assert_eq!(expired.status(), 410);
    let (status, _) = app.get_json("/api/data-export/no-such-token").await;
    assert_eq!(status, 404);
}

#[tokio::test]
async fn staff_export_an_account_and_delete_it_as_the_privacy_policy_says() {
    let app = spawn_app().await;
    let r = roles(&app).await;
    let owner = app
        .signed_in_user("ada@example.org", "analytical 1843")
        .await;
    let (group_id, slug) = approved_group(&app, &owner, &r.admin, "Gait lab", &["stroke"]).await;
    join(&app, &owner, &slug, &r.member).await;
    let (status, body) = app
        .post_json_as(
            &r.member,
            &format!("/api/groups/{group_id}/discussions"),
            &json!({"text": "<p>Week one of my walking diary</p>"}),
        )
        .await;
    assert_eq!(status, 201, "{body}");
    let id = r.member_id;

    // The export goes to the staff member who asked, and is audited.
    let (status, body) = app
        .post_json_as(
            &r.moderator,
            &format!("/api/staff/users/{id}/data-export"),
            &json!({}),
        )
        .await;
    assert_eq!(status, 202, "{body}");
    let link = ready_link(&app, "moderator@example.org").await;
    let response = app.client.get(app.url(&link)).send().await.unwrap();
    assert_eq!(response.status(), 200);
    let files = unzip(&response.bytes().await.unwrap());
    assert_eq!(
        json_of(&files, "account/users.json")[0]["email"],
        "member@example.org"
    );
    let (status, _) = app
        .post_json_as(
            &r.member,
            &format!("/api/staff/users/{}/data-export", r.moderator_id),
            &json!({}),
        )
        .await;
    assert_eq!(status, 404, "members do not export others");

    // Deleted: the personal records go, the account is anonymised, the thread keeps its post.
    let delete = format!("/api/staff/users/{id}/delete");
    let (status, body) = app
        .post_json_as(
            &r.admin,
            &format!("/api/staff/users/{}/delete", r.moderator_id),
            &json!({}),
        )
        .await;
    assert_eq!(status, 400, "a staff account keeps its role: {body}");
    let (status, body) = app
        .post_json_as(
            &r.admin,
            &delete,
            &json!({"reason": "Asked by e-mail on 27 November."}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        body["data"]["message"],
        "The account is deleted: its personal records are gone and what stays names a former member."
    );
    let (status, _) = app.get_json_as(&r.member, "/api/me").await;
    assert_eq!(status, 401, "its sessions are gone");
    let (status, _) = app
        .post_json(
            "/api/login",
            &json!({"email": "member@example.org", "password": PASSWORD}),
        )
        .await;
    assert_ne!(status, 200);
    let (_, topics) = app
        .get_json(&format!("/api/groups/{group_id}/discussions"))
        .await;
    let post = &topics["data"][0];
    assert!(post["text"].as_str().unwrap().contains("walking diary"));
    assert_eq!(post["created_by"]["name"], "Former member");
    let (_, members) = app
        .get_json_as(&owner, &format!("/api/groups/{slug}/members"))
        .await;
    assert!(
        !members.to_string().contains("member@example.org"),
        "{members}"
    );
    let (_, detail) = app
        .get_json_as(&r.admin, &format!("/api/staff/users/{id}"))
        .await;
    let history = detail["data"]["history"].as_array().unwrap();
    assert_eq!(history[0]["action"], "user.delete");
    assert_eq!(history[0]["reason"], "Asked by e-mail on 27 November.");
    assert!(
        history[0]["after"]["records_deleted"]["sessions"]
            .as_u64()
            .unwrap()
            >= 1,
        "{}",
        history[0]
    );
    assert_eq!(history[1]["action"], "user.export");
    let (status, _) = app.post_json_as(&r.admin, &delete, &json!({})).await;
    assert_eq!(status, 400, "already deleted");
}

/// Issue 44 §5: an export a crash cut short (left "preparing") is not promised as "on its
/// way"; the next start of the server claims it, builds it and mails the link.
#[tokio::test]
async fn an_export_cut_short_is_resumed_when_the_server_starts_again() {
    use sea_orm::ConnectionTrait;
    use sea_orm::sea_query::{Alias, Query};

    let app = spawn_app().await;
    let member = app.signed_in_user("bo@example.org", PASSWORD).await;
    let id = app.me(&member).await["id"].as_i64().unwrap();
    // What the process that was gathering it left behind when it stopped, 20 minutes ago.
    let then = kernel::clock::now() - chrono::Duration::minutes(20);
    let mut insert = Query::insert();
    insert
        .into_table(Alias::new("data_exports"))
        .columns(["user_id", "status", "created_at", "started_at", "attempts"].map(Alias::new))
        .values([
            id.into(),
            "preparing".into(),
            then.into(),
            then.into(),
            1.into(),
        ])
        .unwrap();
    app.ctx.db.execute(&insert).await.unwrap();

    let (status, body) = app
        .post_json_as(&member, "/api/me/data-export", &json!({}))
        .await;
    assert_eq!(status, 409, "{body}");
    assert_eq!(
        body["message"],
        "We are still gathering the data you asked for. A link to download it will reach you by e-mail in a few minutes."
    );

    // The server starts again on the same data: the export is built and its link mailed.
    let (data_dir, database_url) = (
        app.ctx.config.data_dir.clone(),
        app.ctx.config.database_url.clone(),
    );
    let restarted = testkit::spawn_app_with(|config| {
        config.data_dir = data_dir;
        config.database_url = database_url;
    })
    .await;
    let link = ready_link(&restarted, "bo@example.org").await;
    let response = restarted
        .client
        .get(restarted.url(&link))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200);
    let files = unzip(&response.bytes().await.unwrap());
    assert!(files.contains_key("README.txt"), "{:?}", files.keys());
}
