//! Files under a directory on disk: the default store.

use std::ops::Range;
use std::path::{Path, PathBuf};

use async_trait::async_trait;
use futures_util::StreamExt;
use tokio::io::{AsyncReadExt, AsyncSeekExt};

use kernel::storage::{ByteStream, Storage, StorageError, checked};

/// Bytes read from disk per chunk of a stream.
const CHUNK: usize = 64 * 1024;

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
        let relative = Path::new(checked(key)?);
        if relative.is_absolute() {
            return Err(StorageError::InvalidKey(key.to_owned()));
        }
        Ok(self.root.join(relative))
    }

    /// A path beside `key`'s for writing it whole before it takes the key's place, so a
    /// reader never sees half a file.
    async fn partial_of(&self, key: &str) -> Result<(PathBuf, PathBuf), StorageError> {
        let path = self.path_of(key)?;
        if let Some(parent) = path.parent() {
            tokio::fs::create_dir_all(parent).await?;
        }
        Ok((path.with_extension("partial"), path))
    }
}

#[async_trait]
impl Storage for LocalStorage {
    async fn put(&self, key: &str, bytes: &[u8]) -> Result<(), StorageError> {
        let (partial, path) = self.partial_of(key).await?;
        tokio::fs::write(&partial, bytes).await?;
        tokio::fs::rename(&partial, &path).await?;
        Ok(())
    }

    async fn put_file(&self, key: &str, source: &Path) -> Result<(), StorageError> {
        let (partial, path) = self.partial_of(key).await?;
        // A copy, not a rename: the upload's temporary file may be on another file system.
        tokio::fs::copy(source, &partial).await?;
        tokio::fs::rename(&partial, &path).await?;
        Ok(())
    }

    async fn size(&self, key: &str) -> Result<Option<u64>, StorageError> {
        match tokio::fs::metadata(self.path_of(key)?).await {
            Ok(meta) if meta.is_file() => Ok(Some(meta.len())),
            Ok(_) => Ok(None),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
            Err(e) => Err(e.into()),
        }
    }

    async fn read(&self, key: &str, range: Range<u64>) -> Result<ByteStream, StorageError> {
        let mut file = tokio::fs::File::open(self.path_of(key)?).await?;
        file.seek(std::io::SeekFrom::Start(range.start)).await?;
        let left = range.end.saturating_sub(range.start);
        let chunks =
            futures_util::stream::try_unfold((file, left), |(mut file, left)| async move {
                if left == 0 {
                    return Ok(None);
                }
                let want = usize::try_from(left).unwrap_or(CHUNK).min(CHUNK);
                let mut buffer = vec![0; want];
                let got = file.read(&mut buffer).await?;
                if got == 0 {
                    return Ok(None);
                }
                buffer.truncate(got);
                Ok(Some((
                    bytes::Bytes::from(buffer),
                    (file, left - got as u64),
                )))
            });
        Ok(chunks.map(|chunk| chunk.map_err(StorageError::Io)).boxed())
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

    fn local_root(&self) -> Option<&Path> {
        Some(&self.root)
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
        for key in ["../secret", "/etc/passwd", "a/../../b", "", "a//b", "./a"] {
            assert!(
                matches!(
                    storage.put(key, b"x").await,
                    Err(StorageError::InvalidKey(_))
                ),
                "{key}"
            );
        }
    }

    #[tokio::test]
    async fn stores_and_deletes_a_picture_with_its_thumbnail() {
        use media::images::{self, Shape, thumbnail_key};
        let dir = tempfile::tempdir().unwrap();
        let storage = LocalStorage::new(dir.path(), "/media");
        let shape = Shape {
            max_width: 1200,
            thumbnail_side: 200,
        };
        let done = images::process(&media::artwork::jpeg(40, 40, 1), shape).unwrap();
        let key = images::store(&storage, "avatars/7", &done).await.unwrap();
        assert!(key.starts_with("avatars/7/") && key.ends_with(".jpg"));
        assert!(storage.get(&thumbnail_key(&key)).await.unwrap().is_some());
        images::delete(&storage, &key).await.unwrap();
        assert!(storage.get(&key).await.unwrap().is_none());
        assert!(storage.get(&thumbnail_key(&key)).await.unwrap().is_none());
    }
}
