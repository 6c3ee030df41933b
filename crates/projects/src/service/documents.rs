//! PDFs an owner attaches (a protocol's documents, a milestone's evidence): checked by
//! content and kept as sent under a fresh key, so the SHA-256 shown is of the very bytes
//! anyone downloads.

use kernel::{AppContext, AppError, AppResult};
use media::files::FileKind;

use super::protocols::sha256_hex;

/// The form field an upload's refusals are reported on.
pub const FIELD: &str = "file";
/// Longest file name kept (the column's size).
const MAX_NAME: usize = 255;

/// A PDF in storage, not yet recorded.
pub struct Stored {
    pub key: String,
    pub filename: String,
    pub byte_size: i64,
    pub sha256: String,
}

/// Stores `bytes` under `folder` when they are a PDF; `not_pdf` says why not otherwise.
/// A name without anything left shows as `fallback`.
pub async fn store(
    ctx: &AppContext,
    folder: &str,
    filename: &str,
    bytes: &[u8],
    not_pdf: &'static str,
    fallback: &str,
) -> AppResult<Stored> {
    if media::files::sniff(bytes) != Some(FileKind::Pdf) {
        return Err(AppError::field(FIELD, not_pdf));
    }
    let key = format!("{folder}/{}.pdf", kernel::storage::unique_name());
    ctx.storage
        .put(&key, bytes)
        .await
        .map_err(|e| AppError::Internal(e.into()))?;
    Ok(Stored {
        key,
        filename: clean_name(filename, fallback),
        byte_size: bytes.len() as i64,
        sha256: sha256_hex(bytes),
    })
}

/// Removes a stored file that was refused or removed (a failure is logged: it only leaves
/// an orphan in storage).
pub async fn discard(ctx: &AppContext, key: &str) {
    media::documents::discard(ctx.storage.as_ref(), key).await;
}

/// The name a file is shown and hashed under: its base name, without control characters,
/// at most 255 bytes; `fallback` when nothing is left.
fn clean_name(name: &str, fallback: &str) -> String {
    let base = name.rsplit(['/', '\\']).next().unwrap_or_default();
    let mut clean: String = base.chars().filter(|c| !c.is_control()).collect();
    while clean.len() > MAX_NAME {
        clean.pop();
    }
    let clean = clean.trim().to_owned();
    if clean.is_empty() {
        fallback.to_owned()
    } else {
        clean
    }
}

#[cfg(test)]
mod tests {
    use super::clean_name;

    #[test]
    fn names_keep_their_base_and_lose_control_characters() {
        assert_eq!(
            clean_name("C:\\docs\\protocol v2.pdf", "x.pdf"),
            "protocol v2.pdf"
        );
        assert_eq!(clean_name("../../etc/x\u{7}.pdf", "y.pdf"), "x.pdf");
        assert_eq!(clean_name("  ", "protocol.pdf"), "protocol.pdf");
        assert_eq!(clean_name(&"é".repeat(200), "x.pdf").len(), 254);
    }
}
