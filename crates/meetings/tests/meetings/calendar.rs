//! Issue 49 §7: each member's secret calendar address, in iCalendar, revocable.

use serde_json::json;

use crate::support::Scene;

/// The path of a calendar address (its site part left out).
fn path_of(url: &str) -> String {
    url.split_once("/api/")
        .map(|(_, rest)| format!("/api/{rest}"))
        .unwrap()
}

async fn fetch(s: &Scene, path: &str) -> (u16, String, String) {
    let answer = s.app.client.get(s.app.url(path)).send().await.unwrap();
    let status = answer.status().as_u16();
    let kind = answer
        .headers()
        .get("content-type")
        .map(|v| v.to_str().unwrap().to_owned())
        .unwrap_or_default();
    (status, kind, answer.text().await.unwrap())
}

#[tokio::test]
async fn a_member_subscribes_to_their_events_and_can_revoke_the_address() {
    let s = Scene::new().await;
    let club = s.scheduled("Journal club, part 2; notes", 30).await;
    let board = s.scheduled("Board", 40).await;
    let cancelled = s.scheduled("Picnic", 50).await;
    let (status, _) = s
        .answer(&s.bo, board["id"].as_i64().unwrap(), "not_going")
        .await;
    assert_eq!(status, 200);
    let (status, _) = s
        .app
        .delete_as(&s.ada, &format!("/api/events/{}", cancelled["id"]))
        .await;
    assert_eq!(status, 200);

    let (_, feed) = s.app.get_json_as(&s.bo, "/api/me/calendar-feed").await;
    assert_eq!(feed["data"]["created_at"], json!(null));
    let (status, made) = s
        .app
        .post_json_as(&s.bo, "/api/me/calendar-feed", &json!({}))
        .await;
    assert_eq!(status, 201, "{made}");
    let first = path_of(made["data"]["url"].as_str().unwrap());
    let (status, kind, body) = fetch(&s, &first).await;
    assert_eq!(status, 200);
    assert!(kind.starts_with("text/calendar"), "{kind}");
    assert!(
        body.starts_with("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n"),
        "{body}"
    );
    assert!(
        body.contains("SUMMARY:Journal club\\, part 2\\; notes\r\n"),
        "{body}"
    );
    assert!(body.contains(&format!("UID:meeting-{}@", club["id"])));
    assert!(
        !body.contains("SUMMARY:Board"),
        "declined events are left out"
    );
    assert!(body.contains("SUMMARY:Picnic\r\n"));
    assert!(body.contains("STATUS:CANCELLED"));
    assert!(body.trim_end().ends_with("END:VCALENDAR"));

    // A new address retires the old one; revoking leaves none. The outsider's has nothing.
    let (_, again) = s
        .app
        .post_json_as(&s.bo, "/api/me/calendar-feed", &json!({}))
        .await;
    let second = path_of(again["data"]["url"].as_str().unwrap());
    assert_eq!(fetch(&s, &first).await.0, 404);
    assert_eq!(fetch(&s, &second).await.0, 200);
    let (_, feed) = s.app.get_json_as(&s.bo, "/api/me/calendar-feed").await;
    assert!(feed["data"]["created_at"].is_string());
    let (status, _) = s.app.delete_as(&s.bo, "/api/me/calendar-feed").await;
    assert_eq!(status, 200);
    assert_eq!(fetch(&s, &second).await.0, 404);
    let (_, theirs) = s
        .app
        .post_json_as(&s.cy, "/api/me/calendar-feed", &json!({}))
        .await;
    let (_, _, body) = fetch(&s, &path_of(theirs["data"]["url"].as_str().unwrap())).await;
    assert!(!body.contains("VEVENT"), "{body}");
}
