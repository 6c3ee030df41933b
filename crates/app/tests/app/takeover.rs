//! Issue 15, finding 1: on the default configuration anyone could ask for the admin's
//! reset link and read it from the dev mailbox, and the demo admin's password was a
//! published string. These hold the fix: the mailbox exists only in development mode
//! and only for staff, and the demo admin's random password must be changed first.

use serde_json::json;
use testkit::{spawn_app, spawn_app_with};

const MAILBOX: &str = "/api/dev/mailbox";
const OUTBOX: &str = "/api/dev/outbox";

#[tokio::test]
async fn outside_development_mode_the_mailbox_and_outbox_do_not_exist() {
    let app = spawn_app_with(|config| config.dev = false).await;
    let staff = app
        .signed_in_staff("ops@example.org", "staff password 1")
        .await;
    for path in [MAILBOX, OUTBOX] {
        let (status, body) = app.get_json(path).await;
        assert_eq!(
            (status, body["code"].as_str()),
            (404, Some("not_found")),
            "{path}"
        );
        let (status, _) = app.get_json_as(&staff, path).await;
        assert_eq!(
            status, 404,
            "{path}: not even staff outside development mode"
        );
    }
}

#[tokio::test]
async fn in_development_mode_only_staff_read_them() {
    let app = spawn_app().await;
    assert!(app.ctx.config.dev);
    let member = app
        .signed_in_user("member@example.org", "member password 1")
        .await;
    let staff = app
        .signed_in_staff("ops@example.org", "staff password 1")
        .await;
    for path in [MAILBOX, OUTBOX] {
        assert_eq!(app.get_json(path).await.0, 404, "{path}: anonymous");
        assert_eq!(
            app.get_json_as(&member, path).await.0,
            404,
            "{path}: member"
        );
        assert_eq!(app.get_json_as(&staff, path).await.0, 200, "{path}: staff");
    }
}

#[tokio::test]
async fn the_reset_link_attack_reads_nothing() {
    let app = spawn_app().await;
    app.seed_demo().await.expect("the demo accounts are new");
    let (status, _) = app
        .post_json(
            "/api/forgot-password",
            &json!({"email": "admin@cohort.local"}),
        )
        .await;
    assert_eq!(status, 200);
    let response = app.client.get(app.url(MAILBOX)).send().await.unwrap();
    assert_eq!(response.status().as_u16(), 404);
    assert!(!response.text().await.unwrap().contains("token="));
}

#[tokio::test]
async fn the_demo_admin_has_a_random_password_that_must_be_changed_first() {
    let app = spawn_app().await;
    let logins = app.seed_demo().await.expect("the demo accounts are new");
    assert!(
        app.seed_demo().await.is_none(),
        "a second seed makes no new passwords"
    );
    assert_eq!(logins.admin_password.len(), 24);
    assert_ne!(logins.admin_password, logins.member_password);
    let (status, _) = app
        .post_json(
            "/api/login",
            &json!({"email": "admin@cohort.local", "password": "cohort-demo-admin"}),
        )
        .await;
    assert_eq!(status, 400, "the old published password signs in nowhere");

    let kept = app.ctx.config.data_dir.join(app::cli::seed::LOGINS_FILE);
    let text = std::fs::read_to_string(&kept).unwrap();
    assert!(text.contains(&format!("admin@cohort.local {}", logins.admin_password)));
    assert!(text.contains(&format!("amira@cohort.local {}", logins.member_password)));
    use std::os::unix::fs::PermissionsExt;
    let mode = std::fs::metadata(&kept).unwrap().permissions().mode();
    assert_eq!(mode & 0o777, 0o600, "readable only by its owner");

    let admin = app
        .sign_in("admin@cohort.local", &logins.admin_password)
        .await;
    let me = app.me(&admin).await;
    assert_eq!(me["password_change_required"], true);
    for path in [
        "/api/staff/overview",
        MAILBOX,
        "/api/me/notifications",
        "/api/feed",
    ] {
        let (status, body) = app.get_json_as(&admin, path).await;
        assert_eq!(status, 403, "{path}: {body}");
        assert_eq!(body["code"], "password_change_required", "{path}");
        assert_eq!(body["message"], "Choose a new password to continue.");
    }
    let (status, body) = app
        .patch_json_as(
            &admin,
            "/api/me",
            &json!({"name": "Admin", "current_password": logins.admin_password}),
        )
        .await;
    assert_eq!(
        (status, body["code"].as_str()),
        (403, Some("password_change_required"))
    );

    let same = json!({
        "current_password": logins.admin_password,
        "new_password": logins.admin_password,
        "confirm_new_password": logins.admin_password,
    });
    let (status, body) = app.patch_json_as(&admin, "/api/me", &same).await;
    assert_eq!(status, 400);
    assert_eq!(
        body["messages"]["new_password"],
        json!(["Choose a password other than the one you were given."])
    );
    let chosen = json!({
        "current_password": logins.admin_password,
        "new_password": "my own admin passphrase",
        "confirm_new_password": "my own admin passphrase",
    });
    let (status, body) = app.patch_json_as(&admin, "/api/me", &chosen).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(app.me(&admin).await["password_change_required"], false);
    assert_eq!(app.get_json_as(&admin, "/api/staff/overview").await.0, 200);
    assert_eq!(app.get_json_as(&admin, MAILBOX).await.0, 200);

    // The demo member's password is random too, and needs no change.
    let member = app
        .sign_in("amira@cohort.local", &logins.member_password)
        .await;
    assert_eq!(app.get_json_as(&member, "/api/feed").await.0, 200);
    // The demo researchers share it (one hash for all of them at a first start).
    let researcher = app
        .sign_in("lucas@cohort.local", &logins.member_password)
        .await;
    assert_eq!(app.get_json_as(&researcher, "/api/feed").await.0, 200);
}
