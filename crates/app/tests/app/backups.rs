//! Issue 22, item 6: backups that restore. A running instance under write load is backed
//! up; the backup restores into a fresh data dir (or an empty PostgreSQL database), and
//! every write acknowledged before the backup began is there, with the media and the key.

use std::sync::{Arc, Mutex};
use std::time::Duration;

use sea_orm::{ConnectionTrait, Database, Statement};

use crate::cli::{cohort, send_signal, serve_in};

/// A serving `cohort`, stopped however the test ends (a failed assertion included).
struct Stopped(std::process::Child);

impl Drop for Stopped {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Signs up for updates again and again until `stop`, recording each acknowledged address.
fn write_load(
    base: String,
    acknowledged: Arc<Mutex<Vec<String>>>,
    stop: Arc<std::sync::atomic::AtomicBool>,
) -> tokio::task::JoinHandle<()> {
    tokio::spawn(async move {
        let client = reqwest::Client::new();
        let mut n = 0;
        while !stop.load(std::sync::atomic::Ordering::SeqCst) {
            let email = format!("load{n}@example.org");
            let answer = client
                .post(format!("{base}/api/updates-signup"))
                .json(&serde_json::json!({
                    "full_name": "Load", "email": email, "message": "Keep me posted.", "consent": true
                }))
                .send()
                .await;
            if answer.is_ok_and(|a| a.status() == 201) {
                acknowledged.lock().unwrap().push(email);
            }
            n += 1;
        }
    })
}

/// Waits (up to a minute) until at least `count` writes were acknowledged.
async fn wait_for_writes(acknowledged: &Mutex<Vec<String>>, count: usize) {
    for _ in 0..600 {
        if acknowledged.lock().unwrap().len() >= count {
            return;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("the write load stalled below {count} writes");
}

fn run(dir: &std::path::Path, env: &[(&str, &str)], args: &[&str]) -> String {
    let mut command = cohort(dir);
    for (key, value) in env {
        command.env(key, value);
    }
    let output = command.args(args).output().unwrap();
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(output.status.success(), "cohort {args:?}: {text}");
    text
}

/// The update sign-ups' addresses in the database at `url`.
async fn signups_in(url: &str) -> Vec<String> {
    let db = Database::connect(url).await.unwrap();
    let rows = db
        .query_all_raw(Statement::from_string(
            db.get_database_backend(),
            "SELECT email FROM update_signups",
        ))
        .await
        .unwrap();
    let emails = rows
        .iter()
        .map(|row| row.try_get::<String>("", "email").unwrap())
        .collect();
    db.close().await.ok();
    emails
}

/// Backs up `source` (serving with `env`) under load, restores into `target` with
/// `restore_env`, and checks the restored instance has every acknowledged write.
async fn backup_under_load_and_restore(env: &[(&str, &str)], restore_env: &[(&str, &str)]) {
    let source = tempfile::tempdir().unwrap();
    let mut serving = vec![("COHORT_CAPTCHA", "off"), ("COHORT_RATE_LIMITS", "off")];
    serving.extend_from_slice(env);
    let (server, base) = serve_in(source.path(), &serving);
    let mut server = Stopped(server);
    // An uploaded file, as the server keeps it.
    let media = source.path().join("media/avatars/7");
    std::fs::create_dir_all(&media).unwrap();
    std::fs::write(media.join("avatar.jpg"), b"a picture").unwrap();

    let acknowledged = Arc::new(Mutex::new(Vec::new()));
    let stop = Arc::new(std::sync::atomic::AtomicBool::new(false));
    let load = write_load(base.clone(), acknowledged.clone(), stop.clone());
    wait_for_writes(&acknowledged, 5).await;

    let before: Vec<String> = acknowledged.lock().unwrap().clone();
    let backup = tempfile::tempdir().unwrap();
    let to = backup.path().join("nightly");
    let (dir, env_owned, to_text) = (
        source.path().to_path_buf(),
        env.iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect::<Vec<_>>(),
        to.to_string_lossy().into_owned(),
    );
    let report = tokio::task::spawn_blocking(move || {
        let env: Vec<(&str, &str)> = env_owned
            .iter()
            .map(|(k, v)| (k.as_str(), v.as_str()))
            .collect();
        run(&dir, &env, &["backup", "--to", &to_text])
    })
    .await
    .unwrap();
    assert!(report.contains("Backed up into"), "{report}");
    // Issue 47 §10: the dump was written world-readable (0644), though it holds e-mail
    // addresses and password hashes. Everything in the backup is its owner's alone.
    let mut pending = vec![to.clone()];
    let mut files = 0;
    while let Some(path) = pending.pop() {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(&path).unwrap().permissions().mode() & 0o777;
        if path.is_dir() {
            assert_eq!(mode, 0o700, "{}", path.display());
            pending.extend(std::fs::read_dir(&path).unwrap().map(|e| e.unwrap().path()));
        } else {
            assert_eq!(mode, 0o600, "{}", path.display());
            files += 1;
        }
    }
    assert!(
        files >= 3,
        "the database, the manifest and the media file: {files}"
    );
    // The load goes on past the backup.
    wait_for_writes(&acknowledged, before.len() + 5).await;
    stop.store(true, std::sync::atomic::Ordering::SeqCst);
    load.await.unwrap();
    let during = acknowledged.lock().unwrap().len();
    assert!(
        before.len() >= 5 && during > before.len(),
        "{} then {during}",
        before.len()
    );
    send_signal("TERM", &server.0.id().to_string());
    server.0.wait().unwrap();

    let target = tempfile::tempdir().unwrap();
    let restored = run(
        target.path(),
        restore_env,
        &["restore", "--from", &to.to_string_lossy()],
    );
    assert!(restored.contains("Restored from"), "{restored}");
    let check = run(target.path(), restore_env, &["migrate", "--check"]);
    assert!(check.contains("The database is current."), "{check}");

    let url = restore_env
        .iter()
        .find(|(k, _)| *k == "DATABASE_URL")
        .map(|(_, v)| v.to_string())
        .unwrap_or_else(|| format!("sqlite://{}", target.path().join("cohort.db").display()));
    let present = signups_in(&url).await;
    let missing: Vec<&String> = before.iter().filter(|e| !present.contains(e)).collect();
    assert!(
        missing.is_empty(),
        "acknowledged before the backup, not restored: {missing:?}"
    );
    assert_eq!(
        std::fs::read(target.path().join("media/avatars/7/avatar.jpg")).unwrap(),
        b"a picture"
    );
    assert_eq!(
        std::fs::read(target.path().join("secret.key")).unwrap(),
        std::fs::read(source.path().join("secret.key")).unwrap(),
        "the key that signs links and challenges comes back"
    );
    // Restoring over a database is refused.
    let again = cohort(target.path())
        .envs(restore_env.iter().copied())
        .args(["restore", "--from", &to.to_string_lossy()])
        .output()
        .unwrap();
    assert!(!again.status.success());
}

#[tokio::test]
async fn sqlite_backup_under_load_restores_every_acknowledged_write() {
    backup_under_load_and_restore(&[], &[]).await;
}

#[tokio::test]
async fn postgres_backup_under_load_restores_every_acknowledged_write() {
    let source = testkit::TestDatabase::create().await;
    let target = testkit::TestDatabase::empty().await;
    let (Some(from), Some(into)) = (source.url(), target.url()) else {
        eprintln!("skipped: needs TEST_DATABASE_URL");
        return;
    };
    backup_under_load_and_restore(&[("DATABASE_URL", from)], &[("DATABASE_URL", into)]).await;
}
