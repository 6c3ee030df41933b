//! Where uploaded files live: a trait, and the local-disk implementation used by default.

use std::path::{Component, Path, PathBuf};

use async_trait::async_trait;

/// Failure to store or read a file.
#[derive(Debug, thiserror::Error)]
pub enum StorageError {
    #[error("invalid storage key {0:?}")]
    InvalidKey(String),
    #[error(transparent)]
    Io(#[from] std::io::Error),
}

/// A place for files addressed by slash-separated keys like `avatars/3/ab12.jpg`.
#[async_trait]
pub trait Storage: Send + Sync {
    /// Writes `bytes` under `key`, replacing what was there.
    async fn put(&self, key: &str, bytes: &[u8]) -> Result<(), StorageError>;
    /// Reads the file at `key`, or `None` when there is none.
    async fn get(&self, key: &str) -> Result<Option<Vec<u8>>, StorageError>;
    /// Removes the file at `key`; removing a missing file is not an error.
    async fn delete(&self, key: &str) -> Result<(), StorageError>;
    /// The address a browser fetches the file from.
    fn url(&self, key: &str) -> String;
}

/// A fresh, unguessable file name (128 random bits, hex).
pub fn unique_name() -> String {
    let mut name = [0u8; 16];
    rand::RngCore::fill_bytes(&mut rand::rng(), &mut name);
    name.iter().map(|b| format!("{b:02x}")).collect()
}

/// Files under a directory on disk, served by the app at `url_prefix`.
#[derive(Debug, Clone)]
pub struct LocalStorage {
    root: PathBuf,
    url_prefix: String,
}

impl LocalStorage {
    pub fn new(root: impl Into<PathBuf>, url_prefix: impl Into<String>) -> Self {
        Self {
            root: root.into(),
            url_prefix: url_prefix.into().trim_end_matches('/').to_owned(),
        }
    }

    pub fn root(&self) -> &Path {
        &self.root
    }

    /// Maps a key to a path inside the root, refusing anything that could escape it.
    fn path_of(&self, key: &str) -> Result<PathBuf, StorageError> {
        let relative = Path::new(key);
        let safe = !key.is_empty()
            && relative
                .components()
                .all(|c| matches!(c, Component::Normal(_)));
        if !safe {
            return Err(StorageError::InvalidKey(key.to_owned()));
        }
        Ok(self.root.join(relative))
    }
}

#[async_trait]
impl Storage for LocalStorage {
    async fn put(&self, key: &str, bytes: &[u8]) -> Result<(), StorageError> {
        let path = self.path_of(key)?;
        if let Some(parent) = path.parent() {
            tokio::fs::create_dir_all(parent).await?;
        }
        // Write beside the target and rename, so a reader never sees half a file.
        let partial = path.with_extension("partial");
        tokio::fs::write(&partial, bytes).await?;
        tokio::fs::rename(&partial, &path).await?;
        Ok(())
    }

    async fn get(&self, key: &str) -> Result<Option<Vec<u8>>, StorageError> {
        match tokio::fs::read(self.path_of(key)?).await {
            Ok(bytes) => Ok(Some(bytes)),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
            Err(e) => Err(e.into()),
        }
    }

    async fn delete(&self, key: &str) -> Result<(), StorageError> {
        match tokio::fs::remove_file(self.path_of(key)?).await {
            Err(e) if e.kind() != std::io::ErrorKind::NotFound => Err(e.into()),
            _ => Ok(()),
        }
    }

    fn url(&self, key: &str) -> String {
        format!("{}/{key}", self.url_prefix)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn round_trips_and_deletes() {
        let dir = tempfile::tempdir().unwrap();
        let storage = LocalStorage::new(dir.path(), "/media/");
        storage.put("avatars/1/a.png", b"png").await.unwrap();
        assert_eq!(
            storage.get("avatars/1/a.png").await.unwrap().as_deref(),
            Some(&b"png"[..])
        );
        assert_eq!(storage.url("avatars/1/a.png"), "/media/avatars/1/a.png");
        storage.delete("avatars/1/a.png").await.unwrap();
        storage.delete("avatars/1/a.png").await.unwrap();
        assert!(storage.get("avatars/1/a.png").await.unwrap().is_none());
    }

    #[tokio::test]
    async fn refuses_keys_that_escape_the_root() {
        let dir = tempfile::tempdir().unwrap();
        let storage = LocalStorage::new(dir.path().join("media"), "/media");
        for key in ["../secret", "/etc/passwd", "a/../../b", ""] {
            assert!(
                matches!(
                    storage.put(key, b"x").await,
                    Err(StorageError::InvalidKey(_))
                ),
                "{key}"
            );
        }
    }
}
