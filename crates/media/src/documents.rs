//! Documents members attach (supplementary materials, discussion files): recognised by
//! their bytes; JPEG and PNG pictures are cleaned and thumbnailed like any uploaded
//! picture, GIFs and PDFs are kept as sent under an unguessable name.

use crate::files::{self, FileKind, SUPPORTED_DOCUMENTS};
use crate::images::{self, Shape};
use kernel::error::{AppError, AppResult};
use kernel::storage::{self, Storage};

/// Where a document was stored and what it turned out to be.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredDocument {
    pub key: String,
    pub kind: FileKind,
}

impl StoredDocument {
    /// Pictures have a thumbnail beside them ([`images::thumbnail_key`]).
    pub fn is_picture(&self) -> bool {
        matches!(self.kind, FileKind::Jpeg | FileKind::Png)
    }
}

/// Checks and stores one document under `folder`; a refusal is reported on `field`.
pub async fn store(
    storage: &dyn Storage,
    folder: &str,
    bytes: Vec<u8>,
    shape: Shape,
    field: &str,
) -> AppResult<StoredDocument> {
    let kind = files::sniff(&bytes).ok_or_else(|| AppError::field(field, SUPPORTED_DOCUMENTS))?;
    let key = match kind {
        FileKind::Jpeg | FileKind::Png => {
            let processed = images::process_pooled(bytes, shape, field).await?;
            images::store(storage, folder, &processed)
                .await
                .map_err(|e| AppError::Internal(e.into()))?
        }
        FileKind::Gif | FileKind::Pdf => {
            let key = format!("{folder}/{}.{}", storage::unique_name(), kind.extension());
            storage
                .put(&key, &bytes)
                .await
                .map_err(|e| AppError::Internal(e.into()))?;
            key
        }
    };
    Ok(StoredDocument { key, kind })
}

/// Removes a stored document (and a picture's thumbnail); a failure is only logged, since
/// the row that pointed at it is already gone.
pub async fn discard(storage: &dyn Storage, key: &str) {
    if let Err(err) = images::delete(storage, key).await {
        tracing::warn!(error = %err, key, "could not remove a stored file");
    }
}
