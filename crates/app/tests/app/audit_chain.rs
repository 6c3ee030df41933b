//! The audit trail members can verify (issue 24, item 3): staff decisions and moderation
//! actions chained by hash, a member's own entries, the public links and daily heads, and
//! `cohort audit verify` finding the entry someone changed in the database.

use audit::chain::{self, Break, SealedEntry};
use audit::heads;
use sea_orm::sea_query::{Alias, Expr, ExprTrait, Query};
use sea_orm::{ConnectionTrait, Statement};
use serde_json::{Value, json};
use testkit::TestApp;
use testkit::staff::roles;

use crate::cli::cohort;

/// The entries of a page body, as a verifier reads them.
fn sealed(body: &Value) -> Vec<SealedEntry> {
    serde_json::from_value(body["data"].clone()).unwrap()
}

/// `cohort audit verify` (with `args`) against the app's own database.
fn verify_cli(app: &TestApp, args: &[&str]) -> std::process::Output {
    let mut command = cohort(&app.ctx.config.data_dir);
    if let Some(url) = &app.ctx.config.database_url {
        command.env("DATABASE_URL", url);
    }
    command
        .args(["audit", "verify"])
        .args(args)
        .output()
        .unwrap()
}

fn text(output: &std::process::Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    )
}

async fn set_detail(app: &TestApp, seq: i64, detail: &str) {
    let update = Query::update()
        .table(Alias::new("audit_log"))
        .value(Alias::new("detail"), detail)
        .and_where(Expr::col(Alias::new("seq")).eq(seq))
        .to_owned();
    app.ctx.db.execute(&update).await.unwrap();
}

/// Swaps the places of entries `a` and `b` in the chain, as someone editing rows would.
async fn swap_seq(app: &TestApp, a: i64, b: i64) {
    for (from, to) in [(a, -1), (b, a), (-1, b)] {
        let update = Query::update()
            .table(Alias::new("audit_log"))
            .value(Alias::new("seq"), to)
            .and_where(Expr::col(Alias::new("seq")).eq(from))
            .to_owned();
        app.ctx.db.execute(&update).await.unwrap();
    }
}

async fn detail_at(app: &TestApp, seq: i64) -> String {
    let backend = app.ctx.db.get_database_backend();
    let row = app
        .ctx
        .db
        .query_one_raw(Statement::from_string(
            backend,
            format!("SELECT detail FROM audit_log WHERE seq = {seq}"),
        ))
        .await
        .unwrap()
        .unwrap();
    row.try_get("", "detail").unwrap()
}

#[tokio::test]
async fn decisions_are_chained_members_read_theirs_and_a_changed_entry_is_found() {
    let app = testkit::spawn_app().await;
    let r = roles(&app).await;
    let member = r.member_id;
    // Staff decisions about the member: each is an entry about them.
    for (action, reason) in [("deactivate", "Spam links"), ("reactivate", "Appealed")] {
        let (status, body) = app
            .post_json_as(
                &r.admin,
                &format!("/api/staff/users/{member}/{action}"),
                &json!({"reason": reason}),
            )
            .await;
        assert_eq!(status, 200, "{body}");
    }
    let member_token = app.sign_in("member@example.org", "member password 1").await;

    // Several decisions at once still make one chain (the head row queues them).
    let decisions = (0..6).map(|i| {
        let (app, admin) = (&app, &r.admin);
        async move {
            app.post_json_as(
                admin,
                "/api/staff/lookups/tags",
                &json!({"title": format!("Registry topic {i}")}),
            )
            .await
        }
    });
    for (status, body) in futures_util::future::join_all(decisions).await {
        assert_eq!(status, 201, "{body}");
    }

    // The member reads the entries about them, newest first, with what each hash covers.
    let (status, trail) = app.get_json_as(&member_token, "/api/me/audit").await;
    assert_eq!(status, 200, "{trail}");
    let actions: Vec<&str> = trail["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["action"].as_str().unwrap())
        .collect();
    assert_eq!(actions, ["user.reactivate", "user.deactivate"]);
    assert_eq!(trail["data"][1]["reason"], "Spam links");
    assert_eq!(trail["data"][1]["actor_name"], "admin");
    assert_eq!(trail["data"][1]["content"]["about_user_id"], member);
    assert_eq!(chain::check_segment(&sealed(&trail)), Ok(2));
    // Nobody else's entries, and none for a visitor.
    let (_, theirs) = app.get_json_as(&r.moderator, "/api/me/audit").await;
    assert!(
        theirs["data"]
            .as_array()
            .unwrap()
            .iter()
            .all(|e| e["content"]["about_user_id"] == r.moderator_id),
        "{theirs}"
    );
    assert_eq!(app.get_json("/api/me/audit").await.0, 401);

    // The member saves their entries and checks them without the database.
    let file = tempfile::NamedTempFile::new().unwrap();
    std::fs::write(file.path(), trail.to_string()).unwrap();
    let path = file.path().to_str().unwrap();
    let checked = verify_cli(&app, &["--segment", path]);
    assert!(checked.status.success(), "{}", text(&checked));
    assert!(
        text(&checked).contains("Checked 2 entries (2 with their content): every hash holds."),
        "{}",
        text(&checked)
    );
    let mut doctored = trail.clone();
    doctored["data"][1]["content"]["detail"] = json!(r#"{"reason":"Nothing"}"#);
    std::fs::write(file.path(), doctored.to_string()).unwrap();
    let caught = verify_cli(&app, &["--segment", path]);
    assert_eq!(caught.status.code(), Some(1), "{}", text(&caught));
    let changed = trail["data"][1]["seq"].as_i64().unwrap();
    assert!(
        text(&caught).contains(&format!("entry {changed} was changed after it was written")),
        "{}",
        text(&caught)
    );

    // Issue 44 §7: an entry of theirs given another place is refused too.
    let mut moved = trail.clone();
    moved["data"][1]["seq"] = json!(trail["data"][0]["seq"].as_i64().unwrap() + 1);
    std::fs::write(file.path(), moved.to_string()).unwrap();
    let caught = verify_cli(&app, &["--segment", path]);
    assert_eq!(caught.status.code(), Some(1), "{}", text(&caught));

    // Anyone reads the links (no content) and checks they join up to the head.
    let (status, links) = app.get_json("/api/audit/chain?limit=1000").await;
    assert_eq!(status, 200, "{links}");
    let all = sealed(&links);
    assert!(all.iter().all(|e| e.content.is_none()));
    assert_eq!(all.len() as i64, links["head"]["seq"].as_i64().unwrap());
    assert_eq!(all.last().unwrap().link.hash, links["head"]["hash"]);
    assert_eq!(chain::check_segment(&all), Ok(all.len()));
    let total = all.len() as i64;
    assert!(total >= 9, "grant, 2 user decisions, 6 lookups: {total}");
    for (query, field, text) in [
        ("limit=0", "limit", "Ask for 1 to 1000 links."),
        ("limit=1001", "limit", "Ask for 1 to 1000 links."),
        ("after=-1", "after", "Invalid place in the chain."),
    ] {
        let (status, body) = app.get_json(&format!("/api/audit/chain?{query}")).await;
        assert_eq!(status, 400, "{query}: {body}");
        assert_eq!(body["messages"][field][0], text, "{query}");
    }
    // A page of links saved with one taken out no longer checks: a gap in the public chain.
    let mut dropped = links.clone();
    dropped["data"].as_array_mut().unwrap().remove(2);
    std::fs::write(file.path(), dropped.to_string()).unwrap();
    let caught = verify_cli(&app, &["--segment", path]);
    assert_eq!(caught.status.code(), Some(1), "{}", text(&caught));
    let (_, later) = app.get_json("/api/audit/chain?after=3&limit=2").await;
    assert_eq!(later["data"][0]["seq"], 4);
    assert_eq!(later["data"].as_array().unwrap().len(), 2);

    // The day's head is published once, and the chain passes through it.
    let tomorrow = kernel::clock::now() + chrono::Duration::days(1);
    assert!(heads::close_day(&app.ctx.db, tomorrow).await.unwrap());
    assert!(!heads::close_day(&app.ctx.db, tomorrow).await.unwrap());
    let (status, published) = app.get_json("/api/audit/heads").await;
    assert_eq!(status, 200, "{published}");
    assert_eq!(published["data"][0]["seq"], total);
    assert_eq!(published["data"][0]["hash"], links["head"]["hash"]);
    let intact = verify_cli(&app, &[]);
    assert!(intact.status.success(), "{}", text(&intact));
    assert!(
        text(&intact).contains(&format!(
            "Checked entries 1–{total} and 1 published daily head(s): the audit chain is intact."
        )),
        "{}",
        text(&intact)
    );

    // Someone edits an entry in the database: verification fails at that entry.
    let deactivation = trail["data"][1]["seq"].as_i64().unwrap();
    let original = detail_at(&app, deactivation).await;
    set_detail(
        &app,
        deactivation,
        r#"{"before":null,"after":null,"reason":"Asked to"}"#,
    )
    .await;
    assert_eq!(
        chain::verify(&app.ctx.db, None, None).await.unwrap(),
        Err(Break::Content { seq: deactivation })
    );
    let broken = verify_cli(&app, &[]);
    assert_eq!(broken.status.code(), Some(1), "{}", text(&broken));
    assert!(
        text(&broken).contains(&format!(
            "entry {deactivation} was changed after it was written"
        )),
        "{}",
        text(&broken)
    );
    // A range before the change still checks; one including it does not.
    let before = verify_cli(&app, &["--to", &(deactivation - 1).to_string()]);
    assert!(before.status.success(), "{}", text(&before));
    set_detail(&app, deactivation, &original).await;
    assert!(
        chain::verify(&app.ctx.db, None, None)
            .await
            .unwrap()
            .is_ok()
    );

    // Two entries put back in each other's place break the chain where they stand.
    swap_seq(&app, 2, 3).await;
    assert!(
        chain::verify(&app.ctx.db, None, None)
            .await
            .unwrap()
            .is_err()
    );
    let swapped = verify_cli(&app, &[]);
    assert_eq!(swapped.status.code(), Some(1), "{}", text(&swapped));
    swap_seq(&app, 2, 3).await;
    assert!(
        chain::verify(&app.ctx.db, None, None)
            .await
            .unwrap()
            .is_ok()
    );

    // An entry taken out leaves a gap.
    let delete = Query::delete()
        .from_table(Alias::new("audit_log"))
        .and_where(Expr::col(Alias::new("seq")).eq(total - 1))
        .to_owned();
    app.ctx.db.execute(&delete).await.unwrap();
    assert_eq!(
        chain::verify(&app.ctx.db, None, None).await.unwrap(),
        Err(Break::Gap {
            after: total - 2,
            seq: total
        })
    );
}

#[tokio::test]
async fn a_history_rewritten_with_fresh_hashes_misses_the_published_head() {
    let app = testkit::spawn_app().await;
    let r = roles(&app).await;
    let member = r.member_id;
    for action in ["deactivate", "reactivate"] {
        app.post_json_as(
            &r.admin,
            &format!("/api/staff/users/{member}/{action}"),
            &json!({"reason": "Checked"}),
        )
        .await;
    }
    heads::close_day(
        &app.ctx.db,
        kernel::clock::now() + chrono::Duration::days(1),
    )
    .await
    .unwrap();
    let (_, published) = app.get_json("/api/audit/heads").await;
    let day = published["data"][0]["day"].as_str().unwrap().to_owned();
    let head_seq = published["data"][0]["seq"].as_i64().unwrap();

    // Rewrite entry 1 and chain everything again with fresh hashes, head row included, as a
    // careful forger with the database would.
    set_detail(
        &app,
        1,
        r#"{"before":null,"after":null,"reason":"Nothing happened"}"#,
    )
    .await;
    for statement in [
        "UPDATE audit_log SET seq = NULL, prev_hash = NULL, content_hash = NULL, hash = NULL",
        "UPDATE audit_chain SET seq = 0, hash = '0000000000000000000000000000000000000000000000000000000000000000'",
    ] {
        app.ctx.db.execute_unprepared(statement).await.unwrap();
    }
    assert_eq!(
        chain::seal_pending(&app.ctx.db).await.unwrap(),
        head_seq as u64
    );

    // Every hash holds again, but the chain no longer passes through the published head.
    assert_eq!(
        chain::verify(&app.ctx.db, None, None).await.unwrap(),
        Err(Break::Published { day, seq: head_seq })
    );
}
