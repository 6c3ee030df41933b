//! Issue 49 §7: reminders a day and an hour before, each once per member, whatever the number
//! of sweeps.

use chrono::Duration;
use serde_json::Value;

use crate::support::Scene;

async fn reminders(s: &Scene, token: &str) -> Vec<String> {
    let (_, page) = s
        .app
        .get_json_as(token, "/api/me/notifications?kind=event_reminder")
        .await;
    page["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n: &Value| n["title"].as_str().unwrap().to_owned())
        .collect()
}

async fn sweep(s: &Scene) -> usize {
    let hosts = app::adapters::meeting_hosts::hosts(&s.app.ctx);
    meetings::service::reminders::send_due(&s.app.ctx, &hosts, kernel::clock::now())
        .await
        .unwrap()
}

#[tokio::test]
async fn members_are_reminded_a_day_and_an_hour_before_once_each() {
    let s = Scene::new().await;
    s.scheduled("Journal club", 30).await;
    let later = s.scheduled("Retreat", 200).await;
    let declined = s.scheduled("Board", 30).await;
    let (status, _) = s
        .answer(&s.bo, declined["id"].as_i64().unwrap(), "not_going")
        .await;
    assert_eq!(status, 200);
    assert_eq!(sweep(&s).await, 0, "nothing starts within a day");

    s.app.advance(Duration::hours(7));
    // Three sweeps at once (three instances) remind each member once.
    let (a, b, c) = tokio::join!(sweep(&s), sweep(&s), sweep(&s));
    assert_eq!(a + b + c, 3, "Ada and Bo of the club, Ada of the board");
    assert_eq!(
        reminders(&s, &s.bo).await,
        ["Journal club starts within a day"]
    );
    let mut adas = reminders(&s, &s.ada).await;
    adas.sort();
    assert_eq!(
        adas,
        [
            "Board starts within a day",
            "Journal club starts within a day"
        ]
    );
    assert_eq!(sweep(&s).await, 0);

    s.app.advance(Duration::hours(22) + Duration::minutes(30));
    assert_eq!(sweep(&s).await, 3);
    assert_eq!(
        reminders(&s, &s.bo).await,
        [
            "Journal club starts within the hour",
            "Journal club starts within a day"
        ]
    );
    let (_, notes) = s
        .app
        .get_json_as(&s.bo, "/api/me/notifications?kind=event_reminder")
        .await;
    assert_eq!(
        notes["data"][0]["in_app_route"],
        "/working-groups/stroke-talk#events"
    );
    assert!(
        notes["data"][0]["message"]
            .as_str()
            .unwrap()
            .starts_with("Stroke talk: "),
        "{notes}"
    );
    // A cancelled meeting reminds nobody.
    let (status, _) = s
        .app
        .delete_as(&s.ada, &format!("/api/events/{}", later["id"]))
        .await;
    assert_eq!(status, 200);
    s.app.advance(Duration::hours(170));
    assert_eq!(sweep(&s).await, 0);
}
