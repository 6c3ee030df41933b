//! Issue 49 §7: owners schedule events, members see and answer them, nobody else does.

use serde_json::json;

use crate::support::Scene;

#[tokio::test]
async fn owners_schedule_members_answer_and_outsiders_see_nothing() {
    let s = Scene::new().await;
    let made = s.scheduled("Journal club", 48).await;
    let id = made["id"].as_i64().unwrap();
    assert_eq!(made["host_title"], "Stroke talk");
    assert_eq!(made["host_route"], "/working-groups/stroke-talk");
    assert_eq!(made["time_zone"], "Europe/Paris");
    assert_eq!(made["can_manage"], true);

    let (status, list) = s.app.get_json_as(&s.bo, &s.events()).await;
    assert_eq!(status, 200, "{list}");
    assert_eq!(list["data"][0]["title"], "Journal club");
    assert_eq!(
        list["data"][0]["online_url"],
        "https://meet.example.org/journal-club"
    );
    assert_eq!(list["data"][0]["can_manage"], false);
    assert_eq!(list["data"][0]["can_answer"], true);
    let (status, _) = s.app.get_json_as(&s.cy, &s.events()).await;
    assert_eq!(status, 404);
    assert_eq!(s.app.status_of(&s.events()).await, 401);

    // Four answers at once are one answer; answering again changes it.
    let path = format!("/api/events/{id}/answer");
    let going = json!({"answer": "going"});
    let fired = (0..4).map(|_| s.app.put_json_as(&s.bo, &path, &going));
    for (status, body) in futures_util::future::join_all(fired).await {
        assert_eq!(status, 200, "{body}");
    }
    let (_, list) = s.app.get_json_as(&s.bo, &s.events()).await;
    assert_eq!(list["data"][0]["going"], 1);
    assert_eq!(list["data"][0]["my_answer"], "going");
    let (_, answered) = s.answer(&s.bo, id, "maybe").await;
    assert_eq!(
        (
            answered["data"]["going"].clone(),
            answered["data"]["maybe"].clone()
        ),
        (json!(0), json!(1))
    );
    let (status, _) = s.answer(&s.cy, id, "going").await;
    assert_eq!(status, 404);

    // A member schedules nothing; the owner changes and cancels.
    let (status, body) = s
        .app
        .post_json_as(&s.bo, &s.events(), &Scene::form("Mine", 5))
        .await;
    assert_eq!(status, 403);
    assert_eq!(
        body["message"],
        "Only the owners and moderators schedule events."
    );
    let (status, changed) = s
        .app
        .put_json_as(
            &s.ada,
            &format!("/api/events/{id}"),
            &Scene::form("Journal club (moved)", 50),
        )
        .await;
    assert_eq!(status, 200, "{changed}");
    assert_eq!(changed["data"]["title"], "Journal club (moved)");
    let (status, _) = s
        .app
        .put_json_as(
            &s.bo,
            &format!("/api/events/{id}"),
            &Scene::form("Hijack", 50),
        )
        .await;
    assert_eq!(status, 403);
    let (_, mine) = s.app.get_json_as(&s.bo, "/api/me/events").await;
    assert_eq!(mine["data"][0]["title"], "Journal club (moved)");

    let cancel = format!("/api/events/{id}");
    let fired = (0..2).map(|_| s.app.delete_as(&s.ada, &cancel));
    let mut statuses: Vec<u16> = futures_util::future::join_all(fired)
        .await
        .into_iter()
        .map(|(status, _)| status)
        .collect();
    statuses.sort_unstable();
    assert_eq!(statuses, [200, 409], "cancelled once");
    let (_, list) = s.app.get_json_as(&s.bo, &s.events()).await;
    assert_eq!(list["data"], json!([]));
    let (status, body) = s.answer(&s.bo, id, "going").await;
    assert_eq!(status, 409);
    assert_eq!(body["message"], "This event is over or cancelled.");
}

#[tokio::test]
async fn the_form_names_each_mistake() {
    let s = Scene::new().await;
    let field = |body: &serde_json::Value, name: &str| body["messages"][name][0].clone();
    let mut form = Scene::form("Past", -2);
    let (status, body) = s.app.post_json_as(&s.ada, &s.events(), &form).await;
    assert_eq!(status, 400);
    assert_eq!(field(&body, "starts_at"), "An event starts in the future.");
    form = Scene::form("Backwards", 5);
    form["ends_at"] = form["starts_at"].clone();
    let (_, body) = s.app.post_json_as(&s.ada, &s.events(), &form).await;
    assert_eq!(field(&body, "ends_at"), "The end comes after the start.");
    form = Scene::form("Nowhere", 5);
    form["online_url"] = json!(null);
    let (_, body) = s.app.post_json_as(&s.ada, &s.events(), &form).await;
    assert_eq!(field(&body, "place"), "Give an online link or a place.");
    form["place"] = json!("Room 4, Institute of Neurology");
    let (status, made) = s.app.post_json_as(&s.ada, &s.events(), &form).await;
    assert_eq!(status, 201, "{made}");
    assert_eq!(made["data"]["place"], "Room 4, Institute of Neurology");
    form = Scene::form("", 5);
    form["time_zone"] = json!("Mars/Olympus");
    form["online_url"] = json!("javascript:alert(1)");
    let (status, body) = s.app.post_json_as(&s.ada, &s.events(), &form).await;
    assert_eq!(status, 400, "{body}");
    for name in ["title", "time_zone", "online_url"] {
        assert!(field(&body, name).is_string(), "{name}: {body}");
    }
}

#[tokio::test]
async fn a_project_owner_schedules_for_the_project_and_only_its_people_see_it() {
    let s = Scene::new().await;
    testkit::projects::make_eligible(&s.app, &s.ada, crate::support::PASSWORD, &s.staff).await;
    let project = testkit::projects::draft(&s.app, &s.ada, "Gait after stroke").await;
    let events = format!("/api/projects/{}/events", project["id"]);
    let (status, made) = s
        .app
        .post_json_as(&s.ada, &events, &Scene::form("Kick-off", 24))
        .await;
    assert_eq!(status, 201, "{made}");
    assert!(
        made["data"]["host_route"]
            .as_str()
            .unwrap()
            .starts_with("/project/")
    );
    let (status, _) = s.app.get_json_as(&s.bo, &events).await;
    assert_eq!(status, 404, "Bo is not on the project");
    let (status, _) = s
        .app
        .get_json_as(&s.ada, "/api/projects/999999/events")
        .await;
    assert_eq!(status, 404);
}

#[tokio::test]
async fn a_member_whose_data_use_agreement_lapsed_sees_no_events_until_they_accept() {
    let s = Scene::new().await;
    s.scheduled("Journal club", 48).await;
    let (status, body) = s
        .app
        .post_json_as(
            &s.ada,
            &format!("/api/groups/{}/agreement/versions", s.slug),
            &json!({"body": "<p>Never share what a patient tells the group.</p>", "grace_days": 0}),
        )
        .await;
    assert_eq!(status, 201, "{body}");
    let (status, _) = s.app.get_json_as(&s.bo, &s.events()).await;
    assert_eq!(status, 404, "private until Bo accepts");
    let (status, list) = s.app.get_json_as(&s.ada, &s.events()).await;
    assert_eq!(status, 200, "{list}");
    let (_, mine) = s.app.get_json_as(&s.bo, "/api/me/events").await;
    assert_eq!(mine["data"], json!([]), "nor among their own events");
}
