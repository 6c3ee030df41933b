//! Issue 49 §6: new accounts start fewer conversations a day, counted once however fast
//! they are sent.

use serde_json::Value;

use crate::support::Scene;

async fn newcomers(s: &Scene, prefix: &str, count: usize) -> Vec<i64> {
    let mut ids = Vec::new();
    for n in 0..count {
        let token = s
            .app
            .signed_in_user(&format!("{prefix}{n}@example.org"), "analytical 1843")
            .await;
        ids.push(s.app.me(&token).await["id"].as_i64().unwrap());
    }
    ids
}

#[tokio::test]
async fn a_new_account_starts_three_conversations_a_day_even_when_it_sends_them_at_once() {
    let s = Scene::new().await;
    let others = newcomers(&s, "new", 5).await;
    let fired = others
        .iter()
        .map(|id| s.write_to(&s.cy, std::slice::from_ref(id), "Hello stranger"));
    let answers: Vec<(u16, Value)> = futures_util::future::join_all(fired).await;
    let started = answers.iter().filter(|(status, _)| *status == 201).count();
    let refused: Vec<&Value> = answers
        .iter()
        .filter(|(status, _)| *status == 429)
        .map(|(_, body)| body)
        .collect();
    assert_eq!((started, refused.len()), (3, 2), "{answers:?}");
    assert_eq!(
        refused[0]["message"],
        "You can start 3 new conversations a day. Write in one you have, or try again tomorrow."
    );
    assert!(refused[0]["extra"]["retry_after_seconds"].as_i64().unwrap() > 80_000);
    // Writing on in a conversation one has is not starting one.
    let (_, list) = s.app.get_json_as(&s.cy, "/api/me/conversations").await;
    let id = list["data"][0]["id"].as_i64().unwrap();
    let (status, _) = s.send(&s.cy, id, "And another thing").await;
    assert_eq!(status, 201);

    // A day later the quota is back; a week later the account is not new any more.
    s.app.advance(chrono::Duration::hours(25));
    let (status, _) = s.write_to(&s.cy, &others[3..4], "Hello again").await;
    assert_eq!(status, 201);
    s.app.advance(chrono::Duration::days(7));
    for other in &others[4..] {
        s.wrote_to(&s.cy, std::slice::from_ref(other), "Hi").await;
    }
    let more = newcomers(&s, "later", 3).await;
    for other in &more {
        s.wrote_to(&s.cy, std::slice::from_ref(other), "Hi").await;
    }
}
