use reqwest::Method;
use serde_json::json;
use testkit::groups;
use testkit::staff::{assert_hidden, roles};

#[tokio::test]
async fn the_console_home_counts_what_waits_and_the_log_names_who_did_what() {
    let app = testkit::spawn_app().await;
    let r = roles(&app).await;
    for path in [
        "/api/staff/overview",
        "/api/staff/audit",
        "/api/staff/audit/actions",
        "/api/staff/audit/activity",
    ] {
        assert_hidden(&app, &r, Method::GET, path, None).await;
    }
    let (status, body) = app.get_json_as(&r.moderator, "/api/staff/overview").await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        body["data"],
        json!({"role": "moderator", "can_manage_webhooks": false, "groups_waiting": 0, "group_updates_waiting": 0,
               "affiliations_waiting": 0, "contact_messages_open": 0, "update_signups": 0})
    );

    let group = groups::draft(&app, &r.member, "Long COVID registry", &["stroke"]).await;
    let id = group["id"].as_i64().unwrap();
    groups::submit(&app, &r.member, id).await;
    app.post_json(
        "/api/contact-us",
        &json!({"name": "Grace", "email": "grace@example.org", "text": "Hello"}),
    )
    .await;
    app.post_json(
        "/api/updates-signup",
        &json!({"full_name": "Eve", "email": "eve@example.org", "message": "News", "consent": true}),
    )
    .await;
    let (_, body) = app.get_json_as(&r.admin, "/api/staff/overview").await;
    assert_eq!(body["data"]["role"], "admin");
    assert_eq!(body["data"]["can_manage_webhooks"], true);
    assert_eq!(body["data"]["groups_waiting"], 1);
    assert_eq!(body["data"]["contact_messages_open"], 1);
    assert_eq!(body["data"]["update_signups"], 1);

    let (status, body) = groups::moderate(&app, &r.moderator, id, "approve").await;
    assert_eq!(status, 200, "{body}");
    let (_, body) = app.get_json_as(&r.admin, "/api/staff/overview").await;
    assert_eq!(body["data"]["groups_waiting"], 0);

    // The log: newest first, with who acted, filtered by action family or exact action.
    let (_, log) = app.get_json_as(&r.admin, "/api/staff/audit").await;
    let first = &log["data"][0];
    assert_eq!(first["action"], "group.approve");
    assert_eq!(
        first["actor_name"], "Test Member",
        "the moderator signed up as a member"
    );
    assert_eq!(first["subject_id"], id.to_string());
    assert_eq!(first["before"]["approved_status"], "waiting_for_approval");
    assert_eq!(first["after"]["approved_status"], "approved");
    assert_eq!(log["data"][1]["action"], "user.grant_role");
    let (_, log) = app
        .get_json_as(&r.admin, "/api/staff/audit?action=user")
        .await;
    assert_eq!(log["pagination"]["count"], 1);
    let (_, log) = app
        .get_json_as(&r.admin, "/api/staff/audit?action=group.reject")
        .await;
    assert_eq!(log["pagination"]["count"], 0);
    let (_, log) = app
        .get_json_as(
            &r.admin,
            &format!("/api/staff/audit?actor_id={}", r.moderator_id),
        )
        .await;
    assert_eq!(log["pagination"]["count"], 1);
    let (_, actions) = app.get_json_as(&r.admin, "/api/staff/audit/actions").await;
    assert_eq!(actions["data"], json!(["group.approve", "user.grant_role"]));

    // The activity strip: entries per day of the last 90, narrowed as the log is.
    let approval = first["id"].as_i64().unwrap();
    backdate(&app, "audit_log", "created_at", approval, 2).await;
    let strip = |query: &'static str| {
        let app = &app;
        let admin = &r.admin;
        async move {
            let (status, body) = app
                .get_json_as(admin, &format!("/api/staff/audit/activity{query}"))
                .await;
            assert_eq!(status, 200, "{body}");
            assert_eq!(body["data"]["period"]["days"], 90);
            let entries: Vec<i64> = body["data"]["entries"]
                .as_array()
                .unwrap()
                .iter()
                .map(|v| v.as_i64().unwrap())
                .collect();
            assert_eq!(entries.len(), 90);
            entries
                .into_iter()
                .enumerate()
                .filter(|(_, n)| *n > 0)
                .collect::<Vec<_>>()
        }
    };
    assert_eq!(strip("").await, [(87, 1), (89, 1)]);
    assert_eq!(strip("?action=group").await, [(87, 1)]);
    assert_eq!(strip("?action=group.reject").await, []);
}

/// Moves a row's timestamp `days` days back, as if it had happened then.
async fn backdate(app: &testkit::TestApp, table: &str, column: &str, id: i64, days: i64) {
    use sea_orm::ConnectionTrait;
    use sea_orm::sea_query::{Alias, Expr, ExprTrait, Query};
    let at = kernel::clock::now() - chrono::Duration::days(days);
    let update = Query::update()
        .table(Alias::new(table))
        .value(Alias::new(column), at)
        .and_where(Expr::col(Alias::new("id")).eq(id))
        .to_owned();
    app.ctx.db.execute(&update).await.unwrap();
}

#[tokio::test]
async fn the_console_home_charts_what_happened_each_day_of_the_last_90() {
    let app = testkit::spawn_app().await;
    let r = roles(&app).await;
    assert_hidden(&app, &r, Method::GET, "/api/staff/trends", None).await;

    // Three accounts, all signed in today: one made today, one three days ago, one long ago.
    backdate(&app, "users", "date_joined", r.member_id, 3).await;
    backdate(&app, "users", "date_joined", r.moderator_id, 120).await;
    let (group, _) =
        groups::approved_group(&app, &r.member, &r.moderator, "Registry", &["stroke"]).await;
    let (status, topic) = app
        .post_json_as(
            &r.member,
            &format!("/api/groups/{group}/discussions"),
            &json!({"text": "<p>Sleep after a stroke</p>"}),
        )
        .await;
    assert_eq!(status, 201, "{topic}");
    let topic = topic["data"]["id"].as_i64().unwrap();
    let (status, reply) = app
        .post_json_as(
            &r.member,
            &format!("/api/discussion/{topic}/comments"),
            &json!({"text": "<p>Routine helped.</p>"}),
        )
        .await;
    assert_eq!(status, 201, "{reply}");
    backdate(
        &app,
        "discussion_posts",
        "created_at",
        reply["data"]["id"].as_i64().unwrap(),
        1,
    )
    .await;

    let (status, body) = app.get_json_as(&r.moderator, "/api/staff/trends").await;
    assert_eq!(status, 200, "{body}");
    let trends = &body["data"];
    assert_eq!(trends["period"]["days"], 90);
    let today = kernel::clock::now().date_naive();
    assert_eq!(
        trends["period"]["first_day"],
        (today - chrono::Days::new(89))
            .format("%Y-%m-%d")
            .to_string()
    );
    let series = |name: &str| -> Vec<i64> {
        let values: Vec<i64> = trends[name]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_i64().unwrap())
            .collect();
        assert_eq!(values.len(), 90, "{name}");
        values
    };
    let nonzero = |name: &str| -> Vec<(usize, i64)> {
        series(name)
            .into_iter()
            .enumerate()
            .filter(|(_, n)| *n > 0)
            .collect()
    };
    // Day 89 is today, day 86 three days ago; the account of 120 days ago is not charted.
    assert_eq!(nonzero("signups"), [(86, 1), (89, 1)]);
    assert_eq!(nonzero("confirmed"), [(86, 1), (89, 1)]);
    assert_eq!(
        nonzero("active"),
        [(89, 3)],
        "three members, however often they signed in"
    );
    assert_eq!(nonzero("groups"), [(89, 1)]);
    assert_eq!(nonzero("topics"), [(89, 1)]);
    assert_eq!(nonzero("replies"), [(88, 1)]);
    assert_eq!(nonzero("quiz_attempts"), []);
    assert_eq!(nonzero("certificates"), []);
}
