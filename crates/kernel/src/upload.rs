//! Multipart uploads: one file under the `file` field, size-capped while it streams in, and
//! every rejection rendered in the envelope under `messages.file` (what the client shows).

use actix_multipart::MultipartError;
use actix_multipart::form::bytes::Bytes;
use actix_multipart::form::{MultipartForm, MultipartFormConfig};
use actix_web::error::PayloadError;
use actix_web::http::StatusCode;
use utoipa::ToSchema;

use crate::error::AppError;

/// Largest file a member may upload.
pub const MAX_UPLOAD_BYTES: usize = 8 * 1024 * 1024;
/// Room for the multipart framing around the file.
const FRAMING_BYTES: usize = 64 * 1024;
/// The field every upload form sends its file in.
pub const FILE_FIELD: &str = "file";

/// A form carrying exactly one file, in the field `file`.
#[derive(Debug, MultipartForm)]
#[multipart(duplicate_field = "deny")]
pub struct SingleFile {
    #[multipart(limit = "8MiB")]
    pub file: Bytes,
}

/// How a single-file upload looks in the API contract.
#[derive(Debug, ToSchema)]
pub struct SingleFileUpload {
    /// The file; its content decides what it is, not its name or declared type.
    #[schema(value_type = String, format = Binary)]
    pub file: Vec<u8>,
}

/// Largest video staff may upload for a lecture.
pub const MAX_VIDEO_BYTES: usize = 200 * 1024 * 1024;

/// Reads the one file of a multipart upload that may be larger than the forms' cap (a
/// lecture's video), refusing it as soon as it passes `limit` bytes.
pub async fn read_large_file(
    mut form: actix_multipart::Multipart,
    limit: usize,
) -> Result<Vec<u8>, AppError> {
    use futures_util::StreamExt;
    let too_large = || {
        AppError::field(
            FILE_FIELD,
            format!(
                "The file is too large. The maximum size is {} MB.",
                limit / (1024 * 1024)
            ),
        )
    };
    let mut file: Option<Vec<u8>> = None;
    while let Some(field) = form.next().await {
        let mut field = field.map_err(multipart_error)?;
        if field.name() != Some(FILE_FIELD) {
            continue;
        }
        if file.is_some() {
            return Err(AppError::field(FILE_FIELD, "Upload one file only."));
        }
        let mut bytes = Vec::new();
        while let Some(chunk) = field.next().await {
            let chunk = chunk.map_err(multipart_error)?;
            if bytes.len() + chunk.len() > limit {
                return Err(too_large());
            }
            bytes.extend_from_slice(&chunk);
        }
        file = Some(bytes);
    }
    file.ok_or_else(|| AppError::field(FILE_FIELD, "No file was submitted."))
}

/// Extractor settings to register as app data so upload errors render the envelope.
pub fn multipart_config() -> MultipartFormConfig {
    MultipartFormConfig::default()
        .total_limit(MAX_UPLOAD_BYTES + FRAMING_BYTES)
        .memory_limit(MAX_UPLOAD_BYTES + FRAMING_BYTES)
        .error_handler(|err, _| multipart_error(err).into())
}

fn multipart_error(err: MultipartError) -> AppError {
    match err {
        MultipartError::Payload(PayloadError::Overflow) => AppError::field(
            FILE_FIELD,
            format!(
                "The file is too large. The maximum size is {} MB.",
                MAX_UPLOAD_BYTES / (1024 * 1024)
            ),
        ),
        MultipartError::MissingField(_) => AppError::field(FILE_FIELD, "No file was submitted."),
        MultipartError::DuplicateField(_) => AppError::field(FILE_FIELD, "Upload one file only."),
        MultipartError::ContentTypeMissing
        | MultipartError::ContentTypeParse
        | MultipartError::ContentTypeIncompatible => AppError::client(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "unsupported_media_type",
            "Send the file as multipart/form-data.",
        ),
        other => AppError::bad_request("parse_error", "The upload could not be read.")
            .with_detail(other.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn overflow_names_the_cap_on_the_file_field() {
        let body = multipart_error(MultipartError::Payload(PayloadError::Overflow)).body();
        assert_eq!(
            body.messages["file"],
            ["The file is too large. The maximum size is 8 MB."]
        );
    }

    #[test]
    fn a_missing_or_repeated_file_is_a_file_error() {
        let missing = multipart_error(MultipartError::MissingField("file".into())).body();
        assert_eq!(missing.messages["file"], ["No file was submitted."]);
        let twice = multipart_error(MultipartError::DuplicateField("file".into())).body();
        assert_eq!(twice.messages["file"], ["Upload one file only."]);
    }
}
