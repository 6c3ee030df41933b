//! Stored files streamed to browsers from whichever store holds them, a chunk at a time, with
//! range requests (a lecture's video seeks): a remote store's public media at `/media`, and
//! private files at `/files` behind their signed links (`private_files`).

use std::ops::Range;

use actix_web::http::StatusCode;
use actix_web::http::header::{ACCEPT_RANGES, CACHE_CONTROL, CONTENT_RANGE, CONTENT_TYPE, RANGE};
use actix_web::{HttpRequest, HttpResponse, web};
use kernel::{AppContext, AppError};

/// True for a storage key whose file needs a signed link (`private_files`), never served
/// here; each owning crate says which.
pub fn is_private(key: &str) -> bool {
    discussions::is_private_file(key) || groups::is_private_file(key)
}

/// Public media from a remote store (local disk's are served by `actix-files`). Their keys
/// hold a random name, so a key's file never changes: browsers keep it.
pub async fn serve_public(
    ctx: web::Data<AppContext>,
    key: web::Path<String>,
    req: HttpRequest,
) -> actix_web::Result<HttpResponse> {
    let key = key.into_inner();
    if is_private(&key) {
        return Err(AppError::not_found().into());
    }
    stream(&ctx, &key, &req, "public, max-age=31536000, immutable").await
}

/// Streams the file at `key`, whole or the range the request asks for; a 404 when there
/// is none.
pub async fn stream(
    ctx: &AppContext,
    key: &str,
    req: &HttpRequest,
    cache_control: &'static str,
) -> actix_web::Result<HttpResponse> {
    let internal = |e: kernel::storage::StorageError| AppError::Internal(e.into());
    let size = match ctx.storage.size(key).await {
        Ok(Some(size)) => size,
        Ok(None) | Err(kernel::storage::StorageError::InvalidKey(_)) => {
            return Err(AppError::not_found().into());
        }
        Err(e) => return Err(internal(e).into()),
    };
    let asked = req.headers().get(RANGE).and_then(|v| v.to_str().ok());
    let (status, range) = match byte_range(asked, size) {
        Ok(None) => (StatusCode::OK, 0..size),
        Ok(Some(range)) => (StatusCode::PARTIAL_CONTENT, range),
        Err(Unsatisfiable) => {
            return Ok(HttpResponse::RangeNotSatisfiable()
                .insert_header((CONTENT_RANGE, format!("bytes */{size}")))
                .finish());
        }
    };
    let body = ctx
        .storage
        .read(key, range.clone())
        .await
        .map_err(internal)?;
    let extension = key.rsplit_once('.').map_or("", |(_, ext)| ext);
    let mut response = HttpResponse::build(status);
    response
        .insert_header((CONTENT_TYPE, actix_files::file_extension_to_mime(extension)))
        .insert_header((CACHE_CONTROL, cache_control))
        .insert_header((ACCEPT_RANGES, "bytes"))
        .no_chunking(range.end - range.start);
    if status == StatusCode::PARTIAL_CONTENT {
        let last = range.end.saturating_sub(1);
        response.insert_header((
            CONTENT_RANGE,
            format!("bytes {}-{last}/{size}", range.start),
        ));
    }
    Ok(response.streaming(body))
}

/// A `Range` asking for nothing inside the file.
#[derive(Debug, PartialEq, Eq)]
struct Unsatisfiable;

/// The one byte range a `Range: bytes=…` header asks for within `size` bytes: `None` for
/// the whole file (no header, or one we may ignore: several ranges, another unit, nonsense).
fn byte_range(header: Option<&str>, size: u64) -> Result<Option<Range<u64>>, Unsatisfiable> {
    let Some(spec) = header.and_then(|h| h.trim().strip_prefix("bytes=")) else {
        return Ok(None);
    };
    if spec.contains(',') {
        return Ok(None);
    }
    let Some((first, last)) = spec.split_once('-') else {
        return Ok(None);
    };
    let (first, last) = (first.trim(), last.trim());
    let range = match (first.parse::<u64>().ok(), last.parse::<u64>().ok()) {
        // The last `n` bytes.
        (None, Some(n)) if first.is_empty() => {
            if n == 0 {
                return Err(Unsatisfiable);
            }
            size.saturating_sub(n)..size
        }
        (Some(start), None) if last.is_empty() => start..size,
        (Some(start), Some(end)) if end >= start => start..end.saturating_add(1).min(size),
        _ => return Ok(None),
    };
    if range.start >= size {
        return Err(Unsatisfiable);
    }
    Ok(Some(range))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_ranges_browsers_ask_for() {
        assert_eq!(byte_range(None, 100), Ok(None));
        assert_eq!(byte_range(Some("bytes=0-"), 100), Ok(Some(0..100)));
        assert_eq!(byte_range(Some("bytes=10-19"), 100), Ok(Some(10..20)));
        assert_eq!(byte_range(Some("bytes=90-500"), 100), Ok(Some(90..100)));
        assert_eq!(byte_range(Some("bytes=-30"), 100), Ok(Some(70..100)));
        assert_eq!(byte_range(Some("bytes=-300"), 100), Ok(Some(0..100)));
        assert_eq!(byte_range(Some("bytes=100-"), 100), Err(Unsatisfiable));
        assert_eq!(byte_range(Some("bytes=-0"), 100), Err(Unsatisfiable));
        // Ignored: the whole file answers.
        for ignored in [
            "bytes=0-1,5-6",
            "items=0-1",
            "bytes=5-1",
            "bytes=x-y",
            "bytes=7",
        ] {
            assert_eq!(byte_range(Some(ignored), 100), Ok(None), "{ignored}");
        }
    }
}
