//! Issue 22, item 7: upgrades. `cohort migrate --check` tells a deploy pipeline whether the
//! database is behind (and exits non-zero), and a binary refuses to serve a database that a
//! newer version migrated.

use std::io::Read;
use std::time::{Duration, Instant};

use sea_orm::{ConnectionTrait, Database};

use crate::cli::cohort;

fn run(dir: &std::path::Path, args: &[&str]) -> (bool, String) {
    let output = cohort(dir).args(args).output().unwrap();
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    (output.status.success(), text)
}

#[tokio::test]
async fn check_says_behind_current_or_newer_and_serve_refuses_a_newer_database() {
    let dir = tempfile::tempdir().unwrap();

    let (ok, text) = run(dir.path(), &["migrate", "--check"]);
    assert!(!ok, "a new database is behind: {text}");
    assert!(text.contains("the database is behind"), "{text}");

    let (ok, text) = run(dir.path(), &["migrate"]);
    assert!(ok, "{text}");
    let (ok, text) = run(dir.path(), &["migrate", "--check"]);
    assert!(ok, "{text}");
    assert!(text.contains("The database is current."), "{text}");

    // A newer version of Cohort has applied a migration this one does not know.
    let url = format!("sqlite://{}", dir.path().join("cohort.db").display());
    let db = Database::connect(&url).await.unwrap();
    db.execute_unprepared(
        "INSERT INTO seaql_migrations (version, applied_at) \
         VALUES ('m29991231_000001_from_a_newer_version', 0)",
    )
    .await
    .unwrap();
    db.close().await.unwrap();

    let (ok, text) = run(dir.path(), &["migrate", "--check"]);
    assert!(!ok);
    assert!(
        text.contains("migrated by a newer version of Cohort")
            && text.contains("m29991231_000001_from_a_newer_version"),
        "{text}"
    );
    // `serve` stops before binding instead of serving.
    let mut serve = cohort(dir.path())
        .args(["serve"])
        .env("PORT", "0")
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let deadline = Instant::now() + Duration::from_secs(30);
    let status = loop {
        if let Some(status) = serve.try_wait().unwrap() {
            break status;
        }
        if Instant::now() > deadline {
            serve.kill().unwrap();
            panic!("serve went on with a database a newer version migrated");
        }
        std::thread::sleep(Duration::from_millis(100));
    };
    let mut stderr = String::new();
    serve
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut stderr)
        .unwrap();
    assert!(!status.success());
    assert!(
        stderr.contains("migrated by a newer version of Cohort"),
        "{stderr}"
    );
}
