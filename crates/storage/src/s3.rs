//! Files in an S3-compatible object store (AWS S3, MinIO, Ceph, Garage…), through the
//! `object_store` crate: `COHORT_STORAGE_URL=s3://bucket/prefix`, with the endpoint, region
//! and keys from `AWS_ENDPOINT_URL`, `AWS_REGION`, `AWS_ACCESS_KEY_ID` and
//! `AWS_SECRET_ACCESS_KEY`. The app streams the files to browsers (with range requests), so
//! the bucket stays private and the policy checks of private files hold.

use std::ops::Range;
use std::path::Path;
use std::sync::Arc;

use async_trait::async_trait;
use futures_util::{StreamExt, TryStreamExt};
use object_store::aws::AmazonS3Builder;
use object_store::path::Path as ObjectPath;
use object_store::{GetOptions, GetRange, ObjectStore, PutPayload, WriteMultipart};
use tokio::io::AsyncReadExt;

use kernel::storage::{ByteStream, S3Location, Storage, StorageError, checked};

/// Parts of a streamed upload: S3 wants at least 5 MiB per part but the last.
const PART: usize = 8 * 1024 * 1024;
/// Parts sent at once while a large file uploads.
const PARTS_IN_FLIGHT: usize = 2;

/// Files in a bucket, under a prefix, served by the app at `url_prefix`.
#[derive(Clone)]
pub struct S3Storage {
    store: Arc<dyn ObjectStore>,
    prefix: String,
    url_prefix: String,
}

fn remote(error: object_store::Error) -> StorageError {
    StorageError::Remote(error.to_string())
}

impl S3Storage {
    pub fn new(location: &S3Location, url_prefix: &str) -> Result<Self, StorageError> {
        let mut builder = AmazonS3Builder::new()
            .with_bucket_name(&location.bucket)
            .with_region(&location.region);
        if let Some(endpoint) = &location.endpoint {
            builder = builder
                .with_endpoint(endpoint)
                // A service on a private network or loopback may speak plain HTTP.
                .with_allow_http(endpoint.starts_with("http://"))
                // Self-hosted services (MinIO, Ceph) address buckets by path.
                .with_virtual_hosted_style_request(false);
        }
        if let (Some(id), Some(secret)) = (&location.access_key_id, &location.secret_access_key) {
            builder = builder
                .with_access_key_id(id)
                .with_secret_access_key(secret);
        }
        Ok(Self {
            store: Arc::new(builder.build().map_err(remote)?),
            prefix: location.prefix.clone(),
            url_prefix: url_prefix.trim_end_matches('/').to_owned(),
        })
    }

    fn path_of(&self, key: &str) -> Result<ObjectPath, StorageError> {
        let key = checked(key)?;
        let full = if self.prefix.is_empty() {
            key.to_owned()
        } else {
            format!("{}/{key}", self.prefix)
        };
        ObjectPath::parse(full).map_err(|_| StorageError::InvalidKey(key.to_owned()))
    }
}

#[async_trait]
impl Storage for S3Storage {
    async fn put(&self, key: &str, bytes: &[u8]) -> Result<(), StorageError> {
        let payload = PutPayload::from(bytes.to_vec());
        self.store
            .put(&self.path_of(key)?, payload)
            .await
            .map_err(remote)?;
        Ok(())
    }

    async fn put_file(&self, key: &str, source: &Path) -> Result<(), StorageError> {
        let path = self.path_of(key)?;
        let mut file = tokio::fs::File::open(source).await?;
        if file.metadata().await?.len() <= PART as u64 {
            let mut bytes = Vec::new();
            file.read_to_end(&mut bytes).await?;
            return self.put(key, &bytes).await;
        }
        // A multipart upload, a part at a time: the file is never whole in memory.
        let upload = self.store.put_multipart(&path).await.map_err(remote)?;
        let mut writer = WriteMultipart::new_with_chunk_size(upload, PART);
        let mut buffer = vec![0; 256 * 1024];
        loop {
            let read = match file.read(&mut buffer).await {
                Ok(read) => read,
                Err(error) => {
                    writer.abort().await.ok();
                    return Err(error.into());
                }
            };
            if read == 0 {
                break;
            }
            if let Err(error) = writer.wait_for_capacity(PARTS_IN_FLIGHT).await {
                return Err(remote(error));
            }
            writer.write(&buffer[..read]);
        }
        writer.finish().await.map_err(remote)?;
        Ok(())
    }

    async fn get(&self, key: &str) -> Result<Option<Vec<u8>>, StorageError> {
        match self.store.get(&self.path_of(key)?).await {
            Ok(found) => Ok(Some(found.bytes().await.map_err(remote)?.to_vec())),
            Err(object_store::Error::NotFound { .. }) => Ok(None),
            Err(error) => Err(remote(error)),
        }
    }

    async fn size(&self, key: &str) -> Result<Option<u64>, StorageError> {
        match self.store.head(&self.path_of(key)?).await {
            Ok(meta) => Ok(Some(meta.size)),
            Err(object_store::Error::NotFound { .. }) => Ok(None),
            Err(error) => Err(remote(error)),
        }
    }

    async fn read(&self, key: &str, range: Range<u64>) -> Result<ByteStream, StorageError> {
        if range.is_empty() {
            return Ok(futures_util::stream::empty().boxed());
        }
        let options = GetOptions {
            range: Some(GetRange::Bounded(range)),
            ..GetOptions::default()
        };
        let found = self
            .store
            .get_opts(&self.path_of(key)?, options)
            .await
            .map_err(remote)?;
        Ok(found.into_stream().map_err(remote).boxed())
    }

    async fn delete(&self, key: &str) -> Result<(), StorageError> {
        match self.store.delete(&self.path_of(key)?).await {
            Ok(()) | Err(object_store::Error::NotFound { .. }) => Ok(()),
            Err(error) => Err(remote(error)),
        }
    }

    fn url(&self, key: &str) -> String {
        format!("{}/{key}", self.url_prefix)
    }
}
