//! Where uploaded files live: a port, implemented by the `storage` crate on local disk by
//! default, or in an S3-compatible object store when `COHORT_STORAGE_URL` names one
//! ([`S3Location`]).

mod location;

use std::ops::Range;
use std::path::Path;

use async_trait::async_trait;
use bytes::Bytes;
use futures_util::stream::BoxStream;

pub use location::S3Location;

/// Failure to store or read a file.
#[derive(Debug, thiserror::Error)]
pub enum StorageError {
    #[error("invalid storage key {0:?}")]
    InvalidKey(String),
    #[error(transparent)]
    Io(#[from] std::io::Error),
    #[error("object store: {0}")]
    Remote(String),
}

/// A file's bytes as they come out of storage, a chunk at a time.
pub type ByteStream = BoxStream<'static, Result<Bytes, StorageError>>;

/// A place for files addressed by slash-separated keys like `avatars/3/ab12.jpg`.
#[async_trait]
pub trait Storage: Send + Sync {
    /// Writes `bytes` under `key`, replacing what was there.
    async fn put(&self, key: &str, bytes: &[u8]) -> Result<(), StorageError>;
    /// Stores the file at `path` (an upload spooled to disk) under `key`, a chunk at a time:
    /// never the whole file in memory.
    async fn put_file(&self, key: &str, path: &Path) -> Result<(), StorageError>;
    /// Reads the file at `key`, or `None` when there is none.
    async fn get(&self, key: &str) -> Result<Option<Vec<u8>>, StorageError>;
    /// The size in bytes of the file at `key`, or `None` when there is none.
    async fn size(&self, key: &str) -> Result<Option<u64>, StorageError>;
    /// Streams the bytes `range` of the file at `key` (within its size).
    async fn read(&self, key: &str, range: Range<u64>) -> Result<ByteStream, StorageError>;
    /// Removes the file at `key`; removing a missing file is not an error.
    async fn delete(&self, key: &str) -> Result<(), StorageError>;
    /// The address a browser fetches the file from.
    fn url(&self, key: &str) -> String;
    /// The directory the files are in when they are on this machine's disk, which the web
    /// server then serves itself; `None` for a remote store, whose files the app streams.
    fn local_root(&self) -> Option<&Path> {
        None
    }
}

/// A fresh, unguessable file name (128 random bits, hex).
pub fn unique_name() -> String {
    let mut name = [0u8; 16];
    rand::RngCore::fill_bytes(&mut rand::rng(), &mut name);
    name.iter().map(|b| format!("{b:02x}")).collect()
}

/// Checks a key: slash-separated names, none empty, `.` or `..`, so that no key reaches
/// outside the store's root or prefix.
pub fn checked(key: &str) -> Result<&str, StorageError> {
    let fine = !key.is_empty()
        && key
            .split('/')
            .all(|part| !part.is_empty() && part != "." && part != ".." && !part.contains('\\'));
    if fine {
        Ok(key)
    } else {
        Err(StorageError::InvalidKey(key.to_owned()))
    }
}
