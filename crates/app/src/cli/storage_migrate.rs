//! `cohort storage migrate --to s3://bucket/prefix`: copies the media under the data dir
//! into an object store, so an instance can move to `COHORT_STORAGE_URL` without losing a
//! file. Each file streams (no whole video in memory); a file already there with the same
//! size is skipped, so an interrupted run is simply run again.

use std::path::{Path, PathBuf};

use anyhow::Context;
use kernel::config::Config;
use kernel::storage::S3Location;
use kernel::storage::Storage;
use storage::S3Storage;

/// What a run did, for the operator.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Migrated {
    pub copied: usize,
    pub already_there: usize,
}

/// Copies every file under the data dir's media into `to` (`s3://bucket/prefix`, reached
/// with the `AWS_*` variables).
pub async fn migrate(config: &Config, to: &str) -> anyhow::Result<Migrated> {
    let location = S3Location::parse(to, |name| std::env::var(name).ok())
        .map_err(|problem| anyhow::anyhow!("--to {to}: {problem}"))?;
    let target = S3Storage::new(&location, "/media").context("opening the object store")?;
    let root = config.data_dir.join("media");
    copy_all(&root, &target).await
}

/// Copies the files under `root` into `target`, keyed by their path below `root`.
pub async fn copy_all(root: &Path, target: &dyn Storage) -> anyhow::Result<Migrated> {
    let mut done = Migrated::default();
    for path in files_under(root)? {
        let key = key_of(root, &path)?;
        let size = std::fs::metadata(&path)?.len();
        if target.size(&key).await? == Some(size) {
            done.already_there += 1;
            continue;
        }
        target
            .put_file(&key, &path)
            .await
            .with_context(|| format!("copying {key}"))?;
        done.copied += 1;
    }
    Ok(done)
}

/// Every finished file below `root` (a write still in progress, `*.partial`, is not one).
fn files_under(root: &Path) -> anyhow::Result<Vec<PathBuf>> {
    let mut found = Vec::new();
    let mut waiting = vec![root.to_path_buf()];
    while let Some(dir) = waiting.pop() {
        let entries = match std::fs::read_dir(&dir) {
            Ok(entries) => entries,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => continue,
            Err(e) => return Err(e).with_context(|| format!("reading {}", dir.display())),
        };
        for entry in entries {
            let entry = entry?;
            let kind = entry.file_type()?;
            let path = entry.path();
            if kind.is_dir() {
                waiting.push(path);
            } else if kind.is_file() && path.extension().is_none_or(|e| e != "partial") {
                found.push(path);
            }
        }
    }
    found.sort();
    Ok(found)
}

fn key_of(root: &Path, path: &Path) -> anyhow::Result<String> {
    let relative = path.strip_prefix(root)?;
    let parts: Vec<&str> = relative
        .components()
        .map(|c| {
            c.as_os_str()
                .to_str()
                .context("a file name that is not UTF-8")
        })
        .collect::<anyhow::Result<_>>()?;
    Ok(parts.join("/"))
}
