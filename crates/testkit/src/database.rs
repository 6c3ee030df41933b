//! A fresh database per test: the app's embedded SQLite by default, or a new PostgreSQL
//! database created from `TEST_DATABASE_URL` and dropped when the test ends.
//!
//! Either starts as a copy of a template the migrations made once (named by the digest of
//! `migrations/`, see `build.rs`), not by running every migration again: a test's app then
//! finds its schema current. On PostgreSQL the template is a database made under an advisory
//! lock, so the test processes that start at once make it once; on SQLite it is a file in the
//! temporary directory, written whole and renamed into place.

use std::path::{Path, PathBuf};

use kernel::sql_trace::SqlLog;
use sea_orm::{ConnectOptions, ConnectionTrait, Database, DatabaseConnection};

/// The migrations' digest, which names the templates of this schema.
const SCHEMA: &str = env!("COHORT_MIGRATIONS_DIGEST");
/// What every template's name starts with (older schemas' templates are removed).
const TEMPLATE_PREFIX: &str = "cohort_template_";

pub struct TestDatabase {
    postgres: Option<Postgres>,
}

struct Postgres {
    admin_url: String,
    name: String,
    url: String,
}

impl TestDatabase {
    /// A database with the current schema (PostgreSQL when `TEST_DATABASE_URL` is set;
    /// otherwise `url` is `None` and [`seed_sqlite`] gives the data dir its file).
    pub async fn create() -> Self {
        Self::make(true).await
    }

    /// A database with no tables at all (what a restore goes into).
    pub async fn empty() -> Self {
        Self::make(false).await
    }

    async fn make(migrated: bool) -> Self {
        let Some(admin_url) = std::env::var("TEST_DATABASE_URL")
            .ok()
            .filter(|u| !u.is_empty())
            .map(|u| without_tls_on_loopback(&u))
        else {
            return Self { postgres: None };
        };
        let name = format!("cohort_test_{}", uuid::Uuid::new_v4().simple());
        let admin = admin(&admin_url).await;
        let template = if migrated {
            format!(
                " TEMPLATE \"{}\"",
                postgres_template(&admin, &admin_url).await
            )
        } else {
            String::new()
        };
        admin
            .execute_unprepared(&format!("CREATE DATABASE \"{name}\"{template}"))
            .await
            .expect("create test database");
        // A test database needs no durability: a commit need not wait for the disk. What
        // another connection sees is unchanged; only a crash of PostgreSQL itself could lose
        // the last commits, and the database is thrown away anyway.
        admin
            .execute_unprepared(&format!(
                "ALTER DATABASE \"{name}\" SET synchronous_commit = off"
            ))
            .await
            .expect("configure test database");
        admin.close().await.ok();
        let url = replace_database(&admin_url, &name);
        Self {
            postgres: Some(Postgres {
                admin_url,
                name,
                url,
            }),
        }
    }

    /// `None` means "use the embedded SQLite file".
    pub fn url(&self) -> Option<&str> {
        self.postgres.as_ref().map(|pg| pg.url.as_str())
    }

    pub fn is_postgres(&self) -> bool {
        self.postgres.is_some()
    }
}

impl Drop for TestDatabase {
    fn drop(&mut self) {
        let Some(pg) = self.postgres.take() else {
            return;
        };
        // Drop runs outside async code; a short-lived runtime on its own thread does the work.
        let cleanup = std::thread::spawn(move || {
            let runtime = tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
                .ok()?;
            runtime.block_on(async {
                let admin = Database::connect(&pg.admin_url).await.ok()?;
                let sql = format!("DROP DATABASE IF EXISTS \"{}\" WITH (FORCE)", pg.name);
                admin.execute_unprepared(&sql).await.ok()?;
                admin.close().await.ok()
            })
        });
        let _ = cleanup.join();
    }
}

/// One connection to the server's maintenance database: an advisory lock is held by the
/// session that took it, so the pool must not hand out another.
async fn admin(url: &str) -> DatabaseConnection {
    let mut options = ConnectOptions::new(url.to_owned());
    options.max_connections(1).sqlx_logging(false);
    Database::connect(options)
        .await
        .expect("connect to TEST_DATABASE_URL")
}

/// The migrated template database of the current schema, made by the first test that needs
/// it while the others wait on the lock.
async fn postgres_template(admin: &DatabaseConnection, admin_url: &str) -> String {
    let template = format!("{TEMPLATE_PREFIX}{SCHEMA}");
    admin
        .execute_unprepared("SELECT pg_advisory_lock(4107202611)")
        .await
        .expect("lock the template");
    let exists = admin
        .query_one_raw(sea_orm::Statement::from_string(
            admin.get_database_backend(),
            format!("SELECT 1 FROM pg_database WHERE datname = '{template}'"),
        ))
        .await
        .expect("look for the template")
        .is_some();
    if !exists {
        let building = format!("{template}_building");
        for sql in [
            format!("DROP DATABASE IF EXISTS \"{building}\" WITH (FORCE)"),
            format!("CREATE DATABASE \"{building}\""),
        ] {
            admin.execute_unprepared(&sql).await.expect("make template");
        }
        migrate(&replace_database(admin_url, &building)).await;
        let stale = admin
            .query_all_raw(sea_orm::Statement::from_string(
                admin.get_database_backend(),
                format!(
                    "SELECT datname FROM pg_database WHERE datname LIKE '{TEMPLATE_PREFIX}%' \
                     AND datname <> '{building}'"
                ),
            ))
            .await
            .expect("list old templates");
        for row in stale {
            let old: String = row.try_get("", "datname").expect("a name");
            let sql = format!("DROP DATABASE IF EXISTS \"{old}\" WITH (FORCE)");
            admin.execute_unprepared(&sql).await.ok();
        }
        // Renamed only once complete: a template that exists is a migrated one. The
        // migrating session's server process may take a moment to go, and until it has, the
        // database counts as in use.
        let rename = format!("ALTER DATABASE \"{building}\" RENAME TO \"{template}\"");
        let mut tries = 0;
        while let Err(err) = admin.execute_unprepared(&rename).await {
            tries += 1;
            assert!(tries < 100, "name the template: {err}");
            tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        }
    }
    admin
        .execute_unprepared("SELECT pg_advisory_unlock(4107202611)")
        .await
        .expect("unlock the template");
    template
}

/// Runs the app's migrations on the database at `url`, then closes it.
async fn migrate(url: &str) {
    let db = kernel::db::connect(url, SqlLog::Off)
        .await
        .expect("connect to the template");
    app::migrate(&db).await.expect("migrate the template");
    db.close().await.expect("close the template");
}

/// The migrated SQLite template of the current schema, made once per schema and machine.
async fn sqlite_template() -> PathBuf {
    let template = std::env::temp_dir().join(format!("{TEMPLATE_PREFIX}{SCHEMA}.db"));
    if template.exists() {
        return template;
    }
    let scratch = tempfile::tempdir().expect("scratch dir");
    let file = scratch.path().join("cohort.db");
    let db = kernel::db::connect(
        &format!("sqlite://{}?mode=rwc", file.display()),
        SqlLog::Off,
    )
    .await
    .expect("open the template");
    app::migrate(&db).await.expect("migrate the template");
    // One self-contained file (no write-ahead log beside it), then renamed into place
    // whole, so a test that starts meanwhile never copies half of one.
    let whole = scratch.path().join("template.db");
    db.execute_unprepared(&format!("VACUUM INTO '{}'", whole.display()))
        .await
        .expect("write the template");
    db.close().await.expect("close the template");
    if let Ok(entries) = std::fs::read_dir(std::env::temp_dir()) {
        for entry in entries.flatten() {
            let name = entry.file_name().to_string_lossy().into_owned();
            if name.starts_with(TEMPLATE_PREFIX) && entry.path() != template {
                std::fs::remove_file(entry.path()).ok();
            }
        }
    }
    // The scratch dir is on the same file system as the template (both in the temp dir).
    std::fs::rename(&whole, &template).expect("place the template");
    template
}

/// Gives an embedded-SQLite data dir its database: a copy of the migrated template, unless
/// it has one already.
pub async fn seed_sqlite(data_dir: &Path) {
    let file = data_dir.join("cohort.db");
    if file.exists() {
        return;
    }
    std::fs::create_dir_all(data_dir).expect("data dir");
    std::fs::copy(sqlite_template().await, &file).expect("copy the template");
}

/// `url` asking for no TLS when it names this machine's loopback and says nothing of TLS.
/// The tests' binaries are unoptimised, and there a TLS handshake (sqlx's default is to
/// try it, and the machines' PostgreSQL offers it) took 100-180 ms of each connection, most
/// of a short test's time; on the loopback it protects nothing. A URL that sets `sslmode`
/// is left as it is.
fn without_tls_on_loopback(url: &str) -> String {
    let Ok(parsed) = reqwest::Url::parse(url) else {
        return url.to_owned();
    };
    let loopback = matches!(parsed.host_str(), Some("127.0.0.1" | "localhost" | "[::1]"));
    let says_tls = parsed.query_pairs().any(|(key, _)| key == "sslmode");
    if !loopback || says_tls {
        return url.to_owned();
    }
    let separator = if parsed.query().is_some() { '&' } else { '?' };
    format!("{url}{separator}sslmode=disable")
}

/// `postgres://u@h:5432/postgres?x=y` with the database name swapped.
fn replace_database(url: &str, name: &str) -> String {
    let (base, query) = url
        .split_once('?')
        .map_or((url, None), |(b, q)| (b, Some(q)));
    let prefix = base.rsplit_once('/').map_or(base, |(p, _)| p);
    match query {
        Some(q) => format!("{prefix}/{name}?{q}"),
        None => format!("{prefix}/{name}"),
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_loopback_server_is_reached_without_tls_unless_the_url_says() {
        use super::without_tls_on_loopback as plain;
        assert_eq!(
            plain("postgres://postgres@127.0.0.1:5432/postgres"),
            "postgres://postgres@127.0.0.1:5432/postgres?sslmode=disable"
        );
        assert_eq!(
            plain("postgres://u:p@localhost/db?application_name=t"),
            "postgres://u:p@localhost/db?application_name=t&sslmode=disable"
        );
        assert_eq!(
            plain("postgres://u@127.0.0.1/db?sslmode=require"),
            "postgres://u@127.0.0.1/db?sslmode=require"
        );
        assert_eq!(
            plain("postgres://u@db.example.org:5432/db"),
            "postgres://u@db.example.org:5432/db"
        );
        assert_eq!(
            plain("postgres://u@[::1]:5432/db"),
            "postgres://u@[::1]:5432/db?sslmode=disable"
        );
    }

    #[test]
    fn swaps_the_database_name() {
        assert_eq!(
            super::replace_database("postgres://u@h:5432/postgres?sslmode=disable", "t1"),
            "postgres://u@h:5432/t1?sslmode=disable"
        );
        assert_eq!(
            super::replace_database("postgres://u@h/db", "t2"),
            "postgres://u@h/t2"
        );
    }
}
