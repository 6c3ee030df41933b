use chrono::{DateTime, Duration, Utc};
use serde_json::{Value, json};
use testkit::TestApp;
use testkit::groups::{approved_group, join, setup};

/// Every member's password here (the groups factory's).
pub const PASSWORD: &str = "analytical 1843";

/// Ada owns a working group Bo belongs to; Cy belongs to none.
pub struct Scene {
    pub app: TestApp,
    pub staff: String,
    pub ada: String,
    pub bo: String,
    pub cy: String,
    pub group_id: i64,
    pub slug: String,
}

impl Scene {
    pub async fn new() -> Self {
        let (app, staff, ada) = setup().await;
        let (group_id, slug) = approved_group(&app, &ada, &staff, "Stroke talk", &["stroke"]).await;
        let bo = app.signed_in_user("bo@example.org", PASSWORD).await;
        join(&app, &ada, &slug, &bo).await;
        let cy = app.signed_in_user("cy@example.org", PASSWORD).await;
        Self {
            app,
            staff,
            ada,
            bo,
            cy,
            group_id,
            slug,
        }
    }

    pub fn events(&self) -> String {
        format!("/api/groups/{}/events", self.group_id)
    }

    /// A meeting's form, starting `in_hours` from now for an hour.
    pub fn form(title: &str, in_hours: i64) -> Value {
        let starts: DateTime<Utc> = kernel::clock::now() + Duration::hours(in_hours);
        json!({
            "title": title,
            "description": "We read one paper a month.",
            "starts_at": starts,
            "ends_at": starts + Duration::hours(1),
            "time_zone": "Europe/Paris",
            "online_url": "https://meet.example.org/journal-club",
        })
    }

    /// Ada schedules `title` at the group, `in_hours` from now: the meeting.
    pub async fn scheduled(&self, title: &str, in_hours: i64) -> Value {
        let (status, body) = self
            .app
            .post_json_as(&self.ada, &self.events(), &Self::form(title, in_hours))
            .await;
        assert_eq!(status, 201, "{body}");
        body["data"].clone()
    }

    pub async fn answer(&self, token: &str, id: i64, answer: &str) -> (u16, Value) {
        self.app
            .put_json_as(
                token,
                &format!("/api/events/{id}/answer"),
                &json!({ "answer": answer }),
            )
            .await
    }
}
