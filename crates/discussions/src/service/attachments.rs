//! Files on posts (spec 2 §5 File upload, comment files): up to 10 per post, JPEG, PNG,
//! GIF or PDF by content; pictures get thumbnails.

use kernel::{AppContext, AppError, AppResult};
use media::documents::{self, StoredDocument};
use media::files::{self, FileKind, SUPPORTED_DOCUMENTS};
use media::images::Shape;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, PaginatorTrait, QueryFilter, Set,
};

use crate::entity::attachment;
use crate::enums::AttachmentType;

/// Spec 2 §9: comment attachments max 10 files.
pub const MAX_FILES: usize = 10;
pub const TOO_MANY_FILES: &str = "You can attach at most 10 files.";
/// The form field files arrive in, and errors are reported on.
pub const FIELD: &str = "files";
const SHAPE: Shape = Shape {
    max_width: 1600,
    thumbnail_side: 320,
};
const FOLDER: &str = "discussions";

/// Attachments are seen only by those who may read their post: never under `/media`, only
/// through signed links (`kernel::file_links`).
pub fn is_private_file(key: &str) -> bool {
    key.starts_with(FOLDER) && key[FOLDER.len()..].starts_with('/')
}

/// A file as the member sent it.
#[derive(Debug, Clone)]
pub struct Upload {
    pub bytes: Vec<u8>,
    pub filename: String,
}

/// A file stored and waiting for its row.
pub struct Stored {
    document: StoredDocument,
    filename: String,
}

/// Refuses too many files, or any file that is not one of ours, before anything is stored.
pub fn check(uploads: &[Upload], already: u64) -> AppResult<()> {
    if uploads.len() as u64 + already > MAX_FILES as u64 {
        return Err(AppError::field(FIELD, TOO_MANY_FILES));
    }
    if uploads.iter().any(|u| files::sniff(&u.bytes).is_none()) {
        return Err(AppError::field(FIELD, SUPPORTED_DOCUMENTS));
    }
    Ok(())
}

/// Stores the files; if one fails, those already stored are removed again.
pub async fn store(ctx: &AppContext, uploads: Vec<Upload>) -> AppResult<Vec<Stored>> {
    let mut stored = Vec::with_capacity(uploads.len());
    for upload in uploads {
        match documents::store(ctx.storage.as_ref(), FOLDER, upload.bytes, SHAPE, FIELD).await {
            Ok(document) => stored.push(Stored {
                document,
                filename: upload.filename,
            }),
            Err(err) => {
                discard(ctx, &stored).await;
                return Err(err);
            }
        }
    }
    Ok(stored)
}

/// Passes on a save's outcome; when it failed, the files stored for it are removed again.
pub async fn kept_if<T>(ctx: &AppContext, stored: &[Stored], saved: AppResult<T>) -> AppResult<T> {
    if saved.is_err() {
        discard(ctx, stored).await;
    }
    saved
}

/// Removes stored files whose rows were never written.
pub async fn discard(ctx: &AppContext, stored: &[Stored]) {
    for file in stored {
        documents::discard(ctx.storage.as_ref(), &file.document.key).await;
    }
}

fn kind_of(document: &StoredDocument) -> AttachmentType {
    if document.kind == FileKind::Pdf {
        AttachmentType::Pdf
    } else {
        AttachmentType::Image
    }
}

/// Writes the rows of stored files on `post_id`.
pub async fn attach(db: &impl ConnectionTrait, post_id: i64, stored: &[Stored]) -> AppResult<()> {
    let now = kernel::clock::now();
    for file in stored {
        attachment::ActiveModel {
            post_id: Set(post_id),
            kind: Set(kind_of(&file.document)),
            file_key: Set(file.document.key.clone()),
            filename: Set(file.filename.chars().take(255).collect()),
            created_at: Set(now),
            ..Default::default()
        }
        .insert(db)
        .await?;
    }
    Ok(())
}

/// How many files a post has.
pub async fn count(db: &impl ConnectionTrait, post_id: i64) -> AppResult<u64> {
    Ok(attachment::Entity::find()
        .filter(attachment::Column::PostId.eq(post_id))
        .count(db)
        .await?)
}
