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
    record_a_newer_version(dir.path()).await;

    let (ok, text) = run(dir.path(), &["migrate", "--check"]);
    assert!(!ok);
    assert!(
        text.contains("migrated by a newer version of Cohort")
            && text.contains("m29991231_000001_from_a_newer_version"),
        "{text}"
    );
    // `serve` stops before binding instead of serving.
    let said = serve_or_refuse(dir.path(), &[]).expect("serve refuses a newer version's database");
    assert!(
        said.contains("migrated by a newer version of Cohort"),
        "{said}"
    );
}

/// The record of a migration a newer version of Cohort applied, which this one does not know.
async fn record_a_newer_version(dir: &std::path::Path) {
    let url = format!("sqlite://{}", dir.join("cohort.db").display());
    let db = Database::connect(&url).await.unwrap();
    db.execute_unprepared(
        "INSERT INTO seaql_migrations (version, applied_at) \
         VALUES ('m29991231_000001_from_a_newer_version', 0)",
    )
    .await
    .unwrap();
    db.close().await.unwrap();
}

/// `serve` started with `settings` in `dir`: `Some` of what it wrote when it stopped by itself
/// (with a failure), `None` once it answers on its port (it is then stopped).
fn serve_or_refuse(dir: &std::path::Path, settings: &[(&str, &str)]) -> Option<String> {
    let port = testkit::smtp::free_port();
    let mut serve = cohort(dir)
        .arg("serve")
        .env("PORT", port.to_string())
        .envs(settings.iter().copied())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let deadline = Instant::now() + Duration::from_secs(60);
    while Instant::now() < deadline {
        if let Some(status) = serve.try_wait().unwrap() {
            let mut stderr = String::new();
            serve
                .stderr
                .take()
                .unwrap()
                .read_to_string(&mut stderr)
                .unwrap();
            assert!(!status.success(), "{stderr}");
            return Some(stderr);
        }
        if std::net::TcpStream::connect(("127.0.0.1", port)).is_ok() {
            serve.kill().unwrap();
            serve.wait().unwrap();
            return None;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    serve.kill().unwrap();
    serve.wait().unwrap();
    panic!("serve neither stopped nor answered within a minute");
}

/// Issue 47 §7: `serve` migrated the database by itself, with no way to turn it off: with
/// several instances, the first one upgraded migrated under the others. `COHORT_MIGRATE`
/// says what starting does: `auto` (the default) migrates, `check` refuses a database that is
/// behind, `off` starts on it as it is; a database a newer version migrated is refused by all.
#[tokio::test]
async fn starting_migrates_checks_or_leaves_the_schema_as_told() {
    let dir = tempfile::tempdir().unwrap();
    // An empty database is behind: `check` refuses it and changes nothing.
    let said = serve_or_refuse(dir.path(), &[("COHORT_MIGRATE", "check")])
        .expect("check refuses a database that is behind");
    assert!(
        said.contains("the database is behind") && said.contains("COHORT_MIGRATE=check"),
        "{said}"
    );
    let (ok, text) = run(dir.path(), &["migrate", "--check"]);
    assert!(!ok && text.contains("the database is behind"), "{text}");

    // `off` starts on it as it is (readiness then says the schema is not this version's).
    assert_eq!(
        serve_or_refuse(
            dir.path(),
            &[("COHORT_MIGRATE", "off"), ("COHORT_SEED_DEMO", "false")]
        ),
        None,
        "off starts whatever the schema"
    );
    let (ok, _) = run(dir.path(), &["migrate", "--check"]);
    assert!(!ok, "off migrated the database");

    // Migrated once, by `cohort migrate`, run as the instances are (the same environment
    // file, `COHORT_MIGRATE=check` in it): `migrate` applies what `check` waits for, and
    // `check` starts.
    let output = cohort(dir.path())
        .arg("migrate")
        .env("COHORT_MIGRATE", "check")
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{text}");
    assert_eq!(
        serve_or_refuse(dir.path(), &[("COHORT_MIGRATE", "check")]),
        None,
        "check starts on a current database"
    );

    // A newer version's database: refused by `off` too.
    record_a_newer_version(dir.path()).await;
    let said = serve_or_refuse(dir.path(), &[("COHORT_MIGRATE", "off")])
        .expect("off refuses a newer version's database");
    assert!(
        said.contains("migrated by a newer version of Cohort"),
        "{said}"
    );
}
