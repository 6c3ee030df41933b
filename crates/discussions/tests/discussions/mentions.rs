//! Issue 49 §4: @mentions tell the members they name who may read the post, and the
//! author whom they could not reach; the composer suggests the place's people.

use serde_json::{Value, json};

use crate::support::{Scene, titles};

/// A mention of `id` as the editor writes it.
fn mention(id: i64, name: &str) -> String {
    format!(r#"<a href="/profile/{id}" data-mention="{id}">@{name}</a>"#)
}

async fn id_named(s: &Scene, token: &str, name: &str) -> i64 {
    s.app.named(token, "analytical 1843", name).await
}

const MENTIONED: &str = "Ada Owner mentioned you in Stroke talk";

#[tokio::test]
async fn a_mention_tells_those_who_may_read_and_names_to_the_author_those_who_may_not() {
    let s = Scene::new().await;
    let owner = id_named(&s, &s.owner, "Ada Owner").await;
    let member = id_named(&s, &s.member, "Bo Member").await;
    let outsider = id_named(&s, &s.outsider, "Cy Outsider").await;

    // A private topic: the member is told; the outsider may not read it, so is not, and the
    // author hears so in the answer.
    let text = format!(
        "<p>{} and {} and me {}</p>",
        mention(member, "Bo Member"),
        mention(outsider, "Cy Outsider"),
        mention(owner, "Ada Owner")
    );
    let (status, body) = s
        .app
        .post_json_as(
            &s.owner,
            &s.topics(),
            &json!({"text": text, "is_public": false}),
        )
        .await;
    assert_eq!(status, 201, "{body}");
    assert_eq!(body["data"]["unreached_mentions"], json!(["Cy Outsider"]));
    assert!(
        body["data"]["text"]
            .as_str()
            .unwrap()
            .contains(&format!(r#"data-mention="{member}""#)),
        "the mention is kept: {body}"
    );
    let topic_id = body["data"]["id"].as_i64().unwrap();
    assert_eq!(
        titles(&s, &s.member).await[0],
        MENTIONED,
        "and no 'New discussion' beside it"
    );
    assert_eq!(
        titles(&s, &s.member)
            .await
            .iter()
            .filter(|t| t.contains("Stroke talk"))
            .count(),
        1
    );
    assert!(
        !titles(&s, &s.outsider)
            .await
            .iter()
            .any(|t| t.contains("mentioned"))
    );
    assert!(
        !titles(&s, &s.owner)
            .await
            .iter()
            .any(|t| t.contains("mentioned")),
        "not oneself"
    );

    // An edit tells only whom it newly mentions.
    let path = format!("{}/{topic_id}", s.topics());
    let (status, body) = s
        .app
        .put_json_as(
            &s.owner,
            &path,
            &json!({"text": format!("{text}<p>edited</p>")}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        body["data"].get("unreached_mentions"),
        None,
        "nothing new to report"
    );
    let mentions_of = |titles: Vec<String>| titles.iter().filter(|t| *t == MENTIONED).count();
    assert_eq!(
        mentions_of(titles(&s, &s.member).await),
        1,
        "not told twice"
    );

    // A public topic reaches the outsider (anyone may read it), in the app and by e-mail.
    let reply = format!("<p>Over to {}</p>", mention(outsider, "Cy Outsider"));
    let public = s.topic(&s.owner, "<p>Open</p>").await;
    let (status, body) = s
        .app
        .put_json_as(
            &s.owner,
            &format!("{}/{}", s.topics(), public["id"]),
            &json!({"text": reply}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(titles(&s, &s.outsider).await[0], MENTIONED);
    // The outbox's worker sends it within moments.
    let mut subject = String::new();
    for _ in 0..50 {
        subject = s.app.last_mail_to("cy@example.org").await.subject;
        if subject.contains("mentioned you") {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    }
    assert_eq!(subject, MENTIONED);
}

#[tokio::test]
async fn the_composer_suggests_the_places_people_to_those_who_may_post() {
    let s = Scene::new().await;
    id_named(&s, &s.owner, "Ada Owner").await;
    let member = id_named(&s, &s.member, "Bo Member").await;
    id_named(&s, &s.outsider, "Bob Outsider").await;
    let path = format!("/api/groups/{}/mentionable", s.group_id);

    let names = |body: &Value| -> Vec<String> {
        body["data"]
            .as_array()
            .unwrap()
            .iter()
            .map(|a| a["name"].as_str().unwrap().to_owned())
            .collect()
    };
    let (status, body) = s.app.get_json_as(&s.owner, &format!("{path}?q=BO")).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        names(&body),
        ["Bo Member"],
        "members only, the caller left out"
    );
    assert_eq!(body["data"][0]["id"], member);
    let (_, body) = s.app.get_json_as(&s.member, &path).await;
    assert_eq!(names(&body), ["Ada Owner"]);
    let (_, body) = s.app.get_json_as(&s.owner, &format!("{path}?q=%25")).await;
    assert_eq!(
        names(&body),
        Vec::<String>::new(),
        "a % is a character, not a wildcard"
    );

    // The outsider may not post here, so may not ask; nor may a visitor.
    let (status, _) = s.app.get_json_as(&s.outsider, &path).await;
    assert_eq!(status, 403);
    let (status, _) = s.app.get_json(&path).await;
    assert_eq!(status, 401);
    let (status, _) = s
        .app
        .get_json_as(&s.owner, "/api/groups/999999/mentionable")
        .await;
    assert_eq!(status, 404);
}
