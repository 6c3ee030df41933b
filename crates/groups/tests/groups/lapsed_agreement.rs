//! Issue 44 §7: once a member's data-use agreement has lapsed, no route hands them the
//! group's private content — search, the group's discussion, the feed, notifications, their
//! own export, attachments' signed links, the live channel; one test per route. Each route
//! is first shown to carry the content (before the lapse, or to a member who accepted), so
//! that no check here could pass by showing nothing to anyone.

use std::time::Duration;

use serde_json::{Value, json};
use testkit::TestApp;
use testkit::exports::export_of;
use testkit::live::{Socket, connect, next};

use crate::agreements::{TERMS_V1, TERMS_V2, accept_request, ask, detail, publish};
use crate::support::{approved_group, setup};

/// Written before the lapse, in a private topic with a file.
const BEFORE: &str = "Zanzibarine";
/// Written privately after the lapse.
const AFTER: &str = "Quixotical";
/// Where signed attachment links point.
const FILES: &str = "/files/discussions/";

/// A group whose agreement `member` let lapse while `reader` accepted the new version.
struct Lapsed {
    app: TestApp,
    owner: String,
    member: String,
    reader: String,
    /// `/api/groups/{id}/discussions`
    topics: String,
    /// `/api/discussion/{id}/comments` of the private topic written before the lapse.
    replies: String,
    /// The attachment's signed link as the member was given it before the lapse.
    link: String,
}

/// Whether `text` appears anywhere in what `token` reads at `path`.
async fn reads(app: &TestApp, token: &str, path: &str, text: &str) -> bool {
    let (status, body) = app.get_json_as(token, path).await;
    assert_eq!(status, 200, "{path}: {body}");
    body.to_string().contains(text)
}

fn search(text: &str) -> String {
    format!("/api/search?q={}", text.to_lowercase())
}

impl Lapsed {
    /// Both join under version 1; the owner posts a private topic with a PDF; the member
    /// reads it everywhere it shows; version 2 comes, the reader accepts it, the member
    /// does not, and its grace period passes.
    async fn new() -> Self {
        let (app, staff, owner) = setup().await;
        let (group_id, slug) =
            approved_group(&app, &owner, &staff, "Patient panel", &["stroke"]).await;
        let member = app
            .signed_in_user("bo@example.org", "analytical 1843")
            .await;
        let reader = app
            .signed_in_user("di@example.org", "analytical 1843")
            .await;
        assert_eq!(publish(&app, &owner, &slug, TERMS_V1, 3).await.0, 201);
        for joining in [&member, &reader] {
            assert_eq!(ask(&app, joining, &slug, Some(1)).await.0, 201);
            accept_request(&app, &owner, &slug).await;
        }

        let pdf =
            b"%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n";
        let form = reqwest::multipart::Form::new()
            .text("text", format!("<p>{BEFORE} dosing schedule</p>"))
            .text("is_public", "false")
            .part(
                "files",
                reqwest::multipart::Part::bytes(pdf.to_vec()).file_name("schedule.pdf"),
            );
        let topics = format!("/api/groups/{group_id}/discussions");
        let response = app
            .client
            .post(app.url(&topics))
            .bearer_auth(&owner)
            .multipart(form)
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), 201);
        let topic: Value = response.json().await.unwrap();
        let topic_id = topic["data"]["id"].as_i64().unwrap();
        let replies = format!("/api/discussion/{topic_id}/comments");

        // Before: the member reads it everywhere it shows.
        assert!(reads(&app, &member, &search(BEFORE), BEFORE).await);
        assert!(reads(&app, &member, &topics, BEFORE).await);
        assert!(reads(&app, &member, "/api/feed", BEFORE).await);
        assert_eq!(app.get_json_as(&member, &replies).await.0, 200);
        let (_, listed) = app.get_json_as(&member, &topics).await;
        let link = signed_link(&listed).expect("the member is handed the file's link");
        assert_eq!(
            app.status_of(&link).await,
            200,
            "the link works before the lapse"
        );

        // A new version, its grace period over; the reader accepts it, the member does not.
        assert_eq!(publish(&app, &owner, &slug, TERMS_V2, 3).await.0, 201);
        let (status, _) = app
            .post_json_as(
                &reader,
                &format!("/api/groups/{slug}/agreement/acceptances"),
                &json!({"version": 2}),
            )
            .await;
        assert_eq!(status, 200);
        app.advance(chrono::Duration::days(4));
        assert_eq!(
            detail(&app, &member, &slug).await["agreement"]["state"],
            "lapsed"
        );
        Self {
            app,
            owner,
            member,
            reader,
            topics,
            replies,
            link,
        }
    }

    /// The owner writes privately again: a new topic and a reply to the first one.
    async fn owner_writes_again(&self) {
        let (status, body) = self
            .app
            .post_json_as(
                &self.owner,
                &self.topics,
                &json!({"text": format!("<p>{AFTER} enrolment list</p>"), "is_public": false}),
            )
            .await;
        assert_eq!(status, 201, "{body}");
        let (status, body) = self
            .app
            .post_json_as(
                &self.owner,
                &self.replies,
                &json!({"text": format!("<p>{AFTER} follow-up</p>")}),
            )
            .await;
        assert_eq!(status, 201, "{body}");
    }

    /// Whether the member reads any private content, old or new, at `path`.
    async fn member_reads_private(&self, path: &str) -> bool {
        let mut found = false;
        for text in [BEFORE, AFTER, FILES] {
            found |= reads(&self.app, &self.member, path, text).await;
        }
        found
    }
}

/// The first signed attachment link in a response.
fn signed_link(body: &Value) -> Option<String> {
    let text = body.to_string();
    let start = text.find(FILES)?;
    let end = text[start..].find('"')? + start;
    Some(text[start..end].replace("\\u0026", "&"))
}

#[tokio::test]
async fn search_finds_no_private_topic_for_a_lapsed_member() {
    let lapsed = Lapsed::new().await;
    lapsed.owner_writes_again().await;
    for text in [BEFORE, AFTER] {
        assert!(!lapsed.member_reads_private(&search(text)).await, "{text}");
    }
    // The owner still finds it: the checks above are about the member.
    assert!(reads(&lapsed.app, &lapsed.owner, &search(AFTER), AFTER).await);
}

#[tokio::test]
async fn the_group_discussion_lists_no_private_topic_for_a_lapsed_member() {
    let lapsed = Lapsed::new().await;
    lapsed.owner_writes_again().await;
    assert!(!lapsed.member_reads_private(&lapsed.topics).await);
    let (status, _) = lapsed
        .app
        .get_json_as(&lapsed.member, &lapsed.replies)
        .await;
    assert!(
        status == 403 || status == 404,
        "the topic's replies: {status}"
    );
    assert!(reads(&lapsed.app, &lapsed.reader, &lapsed.topics, AFTER).await);
}

#[tokio::test]
async fn the_feed_shows_a_lapsed_member_no_private_topic() {
    let lapsed = Lapsed::new().await;
    lapsed.owner_writes_again().await;
    assert!(!lapsed.member_reads_private("/api/feed").await);
    assert!(reads(&lapsed.app, &lapsed.reader, "/api/feed", AFTER).await);
}

#[tokio::test]
async fn a_lapsed_member_is_not_notified_of_private_content() {
    let lapsed = Lapsed::new().await;
    lapsed.owner_writes_again().await;
    // What they were told before the lapse stays theirs; nothing new about private content.
    let notifications = "/api/me/notifications";
    assert!(!reads(&lapsed.app, &lapsed.member, notifications, AFTER).await);
    assert!(
        reads(&lapsed.app, &lapsed.reader, notifications, AFTER).await,
        "a member who accepted is told"
    );
}

#[tokio::test]
async fn a_lapsed_members_own_export_holds_no_private_content_of_others() {
    let lapsed = Lapsed::new().await;
    lapsed.owner_writes_again().await;
    let holds = |files: &testkit::exports::Files, text: &str| {
        files
            .values()
            .any(|bytes| String::from_utf8_lossy(bytes).contains(text))
    };
    let mine = export_of(&lapsed.app, &lapsed.member, "bo@example.org").await;
    assert!(!holds(&mine, AFTER));
    assert!(!holds(&mine, FILES));
    let theirs = export_of(&lapsed.app, &lapsed.reader, "di@example.org").await;
    assert!(
        holds(&theirs, AFTER),
        "a member who accepted holds what they were told"
    );
}

#[tokio::test]
async fn a_lapsed_member_gets_no_working_link_to_an_attachment() {
    let lapsed = Lapsed::new().await;
    assert_ne!(
        lapsed.app.status_of(&lapsed.link).await,
        200,
        "the link handed out before the lapse has expired"
    );
    for path in [lapsed.topics.as_str(), "/api/feed", &search(BEFORE)] {
        let (_, body) = lapsed.app.get_json_as(&lapsed.member, path).await;
        assert_eq!(signed_link(&body), None, "{path}");
    }
    // A member who accepted is handed a fresh link that works.
    let (_, body) = lapsed.app.get_json_as(&lapsed.reader, &lapsed.topics).await;
    let fresh = signed_link(&body).expect("the reader's link");
    assert_eq!(lapsed.app.status_of(&fresh).await, 200);
}

/// Everything `socket` carries within `wait`, as text.
async fn heard(socket: &mut Socket, wait: Duration) -> String {
    let mut all = String::new();
    while let Some(message) = next(socket, wait).await {
        all.push_str(&message.to_string());
    }
    all
}

#[tokio::test]
async fn the_live_channel_pushes_a_lapsed_member_nothing_private() {
    let lapsed = Lapsed::new().await;
    let mut member = connect(&lapsed.app, &lapsed.member).await;
    let mut reader = connect(&lapsed.app, &lapsed.reader).await;
    lapsed.owner_writes_again().await;
    // The reader hears of it; the member, on the same fan-out, hears nothing of it.
    let told = next(&mut reader, Duration::from_secs(5))
        .await
        .expect("the reader is told live");
    assert!(told.to_string().contains(AFTER), "{told}");
    let pushed = heard(&mut member, Duration::from_secs(1)).await;
    assert!(!pushed.contains(AFTER), "{pushed}");
}
