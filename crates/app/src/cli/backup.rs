//! `cohort backup --to DIR` and `cohort restore --from DIR`: the database, the uploaded
//! media and the instance's generated key (which signs links and challenges), in one
//! directory with a manifest.
//!
//! SQLite is copied online with `VACUUM INTO`: one consistent snapshot taken while the
//! server goes on serving, holding every write acknowledged before it began. PostgreSQL is
//! dumped with `pg_dump` (custom format, itself a consistent snapshot) and restored with
//! `pg_restore`; without them on the PATH the command says so. Media are copied after the
//! snapshot, so every file a snapshot's record names is there (a file written later is
//! merely unreferenced).

use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{Context, bail};
use kernel::config::Config;
use sea_orm::{ConnectionTrait, DbBackend};
use serde::{Deserialize, Serialize};

/// The SQLite snapshot's file name in a backup.
const SQLITE_FILE: &str = "cohort.db";
/// The PostgreSQL dump's file name in a backup.
const DUMP_FILE: &str = "cohort.pgdump";
const MANIFEST_FILE: &str = "manifest.json";
const MEDIA_DIR: &str = "media";

/// What a backup holds, written beside it.
#[derive(Debug, Serialize, Deserialize)]
struct Manifest {
    /// `sqlite` or `postgres`.
    database: String,
    created_at: chrono::DateTime<chrono::Utc>,
    /// The last migration the database had, so a restore can say which version to run.
    schema: Option<String>,
    /// Whether the generated key is in the backup (not when `COHORT_SECRET_KEY` is set).
    key: bool,
}

/// Backs the configured instance up into `to` (new or empty); one line per part.
pub async fn backup(config: &Config, to: &Path) -> anyhow::Result<Vec<String>> {
    if to.exists() && to.read_dir()?.next().is_some() {
        bail!(
            "{} is not empty; back up into a new directory",
            to.display()
        );
    }
    std::fs::create_dir_all(to).with_context(|| format!("creating {}", to.display()))?;
    // Before anything is written into it: the backup holds e-mail addresses and password
    // hashes, and pg_dump and SQLite create their files with the process's umask.
    owner_only(to, 0o700)?;
    let url = kernel::db::database_url(config)?;
    let db = kernel::db::connect(&url, config.log_sql).await?;
    let schema = crate::schema::last_applied(&db).await?;
    let mut report = Vec::new();
    let database = match db.get_database_backend() {
        DbBackend::Sqlite => {
            let file = to.join(SQLITE_FILE);
            let quoted = file.to_string_lossy().replace('\'', "''");
            db.execute_unprepared(&format!("VACUUM INTO '{quoted}'"))
                .await
                .context("copying the SQLite database")?;
            report.push(format!("database: {}", file.display()));
            "sqlite"
        }
        DbBackend::Postgres => {
            let file = to.join(DUMP_FILE);
            run(Command::new("pg_dump")
                .args(["--format=custom", "--no-owner", "--file"])
                .arg(&file)
                .arg(&url))?;
            report.push(format!("database: {} (pg_dump)", file.display()));
            "postgres"
        }
        other => bail!("backups support SQLite and PostgreSQL, not {other:?}"),
    };
    db.close().await.ok();
    match &config.object_storage {
        Some(location) => report.push(format!(
            "media: kept in {}, not copied; back the bucket up with its own tools (versioning, \
             replication)",
            location.url()
        )),
        None => {
            let files = copy_tree(&config.data_dir.join(MEDIA_DIR), &to.join(MEDIA_DIR))?;
            report.push(format!("media: {files} file(s)"));
        }
    }
    let key = kernel::secret::key_file(&config.data_dir);
    let has_key = config.secret_key.is_none() && key.exists();
    if has_key {
        std::fs::copy(&key, to.join(kernel::secret::FILE)).context("copying the key")?;
        report.push("key: the instance's generated key".to_owned());
    }
    let manifest = Manifest {
        database: database.to_owned(),
        created_at: kernel::clock::now(),
        schema,
        key: has_key,
    };
    std::fs::write(
        to.join(MANIFEST_FILE),
        serde_json::to_string_pretty(&manifest)?,
    )?;
    owner_only_tree(to)?;
    Ok(report)
}

/// Sets `path`'s permission bits to `mode`.
fn owner_only(path: &Path, mode: u32) -> anyhow::Result<()> {
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode))
        .with_context(|| format!("making {} readable by its owner only", path.display()))
}

/// Every file under `dir` readable and writable by its owner only (0600), every folder 0700:
/// copied out of the backup, it stays private too.
fn owner_only_tree(dir: &Path) -> anyhow::Result<()> {
    let mut pending = vec![dir.to_path_buf()];
    while let Some(folder) = pending.pop() {
        owner_only(&folder, 0o700)?;
        for entry in std::fs::read_dir(&folder)? {
            let path = entry?.path();
            if path.is_dir() {
                pending.push(path);
            } else {
                owner_only(&path, 0o600)?;
            }
        }
    }
    Ok(())
}

/// Restores the backup in `from` into the configured instance, which must not hold a
/// database yet (a fresh data dir, or an empty PostgreSQL database). Run it with the
/// server stopped.
pub async fn restore(config: &Config, from: &Path) -> anyhow::Result<Vec<String>> {
    let manifest: Manifest = serde_json::from_slice(
        &std::fs::read(from.join(MANIFEST_FILE))
            .with_context(|| format!("{} is not a Cohort backup", from.display()))?,
    )?;
    let url = kernel::db::database_url(config)?;
    let mut report = Vec::new();
    match (manifest.database.as_str(), config.database_url.is_some()) {
        ("sqlite", false) => {
            let target = config.data_dir.join(SQLITE_FILE);
            if target.exists() {
                bail!(
                    "{} already holds a database; restore into a new data dir",
                    config.data_dir.display()
                );
            }
            std::fs::copy(from.join(SQLITE_FILE), &target).context("copying the database")?;
            report.push(format!("database: {}", target.display()));
        }
        ("postgres", true) => {
            let db = kernel::db::connect(&url, config.log_sql).await?;
            let empty = crate::schema::is_empty(&db).await?;
            db.close().await.ok();
            if !empty {
                bail!("the database already holds Cohort's tables; restore into an empty one");
            }
            run(Command::new("pg_restore")
                .args(["--no-owner", "--exit-on-error", "--dbname"])
                .arg(&url)
                .arg(from.join(DUMP_FILE)))?;
            report.push("database: restored with pg_restore".to_owned());
        }
        (kind, _) => bail!(
            "this backup holds a {kind} database; configure the same kind ({}) to restore it",
            if kind == "sqlite" {
                "no DATABASE_URL"
            } else {
                "DATABASE_URL"
            }
        ),
    }
    let files = copy_tree(&from.join(MEDIA_DIR), &config.data_dir.join(MEDIA_DIR))?;
    report.push(format!("media: {files} file(s)"));
    if manifest.key {
        let key = kernel::secret::key_file(&config.data_dir);
        std::fs::copy(from.join(kernel::secret::FILE), &key).context("restoring the key")?;
        report.push("key: the instance's generated key".to_owned());
    }
    if let Some(schema) = manifest.schema {
        report.push(format!("schema: {schema}"));
    }
    Ok(report)
}

/// Runs a client tool, naming it when it is missing or fails.
fn run(command: &mut Command) -> anyhow::Result<()> {
    let tool = command.get_program().to_string_lossy().into_owned();
    let output = command.output().map_err(|err| {
        anyhow::anyhow!(
            "{tool} could not be run ({err}): install PostgreSQL's client tools \
             (Debian: apt-get install postgresql-client), or run {tool} yourself (README)"
        )
    })?;
    if !output.status.success() {
        bail!(
            "{tool} failed: {}",
            String::from_utf8_lossy(&output.stderr).trim()
        );
    }
    Ok(())
}

/// Copies every file below `from` into `to` (kept as it is there), skipping half-written
/// uploads; returns how many files were copied. A missing `from` copies nothing.
fn copy_tree(from: &Path, to: &Path) -> anyhow::Result<usize> {
    let mut copied = 0;
    let mut pending: Vec<PathBuf> = vec![from.to_path_buf()];
    while let Some(dir) = pending.pop() {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for entry in entries {
            let path = entry?.path();
            if path.is_dir() {
                pending.push(path);
                continue;
            }
            if path.extension().is_some_and(|ext| ext == "partial") {
                continue;
            }
            let target = to.join(path.strip_prefix(from)?);
            if let Some(parent) = target.parent() {
                std::fs::create_dir_all(parent)?;
            }
            std::fs::copy(&path, &target).with_context(|| format!("copying {}", path.display()))?;
            copied += 1;
        }
    }
    Ok(copied)
}
