//! Multipart uploads: one file under the `file` field, size-capped while it streams in, and
//! every rejection rendered in the envelope under `messages.file` (what the client shows).

use std::collections::HashMap;

use actix_multipart::{Multipart, MultipartError};
use actix_web::dev::Payload;
use actix_web::error::PayloadError;
use actix_web::http::StatusCode;
use actix_web::{FromRequest, HttpRequest};
use futures_util::StreamExt;
use futures_util::future::LocalBoxFuture;
use utoipa::ToSchema;

use crate::error::AppError;

/// Largest file a member may upload.
pub const MAX_UPLOAD_BYTES: usize = 8 * 1024 * 1024;
/// Longest text field of an upload form.
const MAX_TEXT_BYTES: usize = 64 * 1024;
/// The field every upload form sends its file in.
pub const FILE_FIELD: &str = "file";

fn too_large(limit: usize) -> AppError {
    AppError::field(
        FILE_FIELD,
        format!(
            "The file is too large. The maximum size is {} MB.",
            limit / (1024 * 1024)
        ),
    )
}

fn unreadable() -> AppError {
    AppError::bad_request("parse_error", "The upload could not be read.")
}

/// The fields of a multipart upload form, read as they stream in: files (parts with a
/// file name) capped at [`MAX_UPLOAD_BYTES`], text fields at 64 KB, each name once. A part
/// without a name is a malformed form (actix's own `MultipartForm` panicked on it).
#[derive(Debug, Default)]
pub struct FormFields {
    files: HashMap<String, Vec<u8>>,
    /// The name each file was sent under, as the member's device gave it.
    filenames: HashMap<String, String>,
    texts: HashMap<String, String>,
}

impl FormFields {
    /// Reads every field of `form`.
    pub async fn read(mut form: Multipart) -> Result<Self, AppError> {
        let mut fields = Self::default();
        while let Some(field) = form.next().await {
            let mut field = field.map_err(multipart_error)?;
            let Some(name) = field.name().map(str::to_owned) else {
                return Err(unreadable().with_detail("a part without a name"));
            };
            let filename = field
                .content_disposition()
                .and_then(|d| d.get_filename())
                .map(str::to_owned);
            let is_file = filename.is_some();
            let cap = if is_file {
                MAX_UPLOAD_BYTES
            } else {
                MAX_TEXT_BYTES
            };
            let mut bytes = Vec::new();
            while let Some(chunk) = field.next().await {
                let chunk = chunk.map_err(multipart_error)?;
                if bytes.len() + chunk.len() > cap {
                    return Err(if is_file {
                        too_large(cap)
                    } else {
                        AppError::field(&name, "This field is too long.")
                    });
                }
                bytes.extend_from_slice(&chunk);
            }
            let repeated = if let Some(filename) = filename {
                fields.filenames.insert(name.clone(), filename);
                fields.files.insert(name.clone(), bytes).is_some()
            } else {
                let text = String::from_utf8(bytes).map_err(|_| unreadable())?;
                fields.texts.insert(name.clone(), text).is_some()
            };
            if repeated {
                let message = if name == FILE_FIELD {
                    "Upload one file only."
                } else {
                    "Send this field once."
                };
                return Err(AppError::field(&name, message));
            }
        }
        Ok(fields)
    }

    /// Takes the file sent under `name`.
    pub fn file(&mut self, name: &str) -> Option<Vec<u8>> {
        self.files.remove(name)
    }

    /// The name the file under `name` was sent with.
    pub fn filename(&self, name: &str) -> Option<&str> {
        self.filenames.get(name).map(String::as_str)
    }

    /// Takes the text sent under `name`.
    pub fn text(&mut self, name: &str) -> Option<String> {
        self.texts.remove(name)
    }

    /// Takes the integer sent under `name` ([`integer_part`]); `None` when the part was left out.
    pub fn integer(&mut self, name: &str) -> Result<Option<i64>, AppError> {
        self.text(name).map(|t| integer_part(&t, name)).transpose()
    }

    /// Takes the boolean sent under `name` ([`boolean_part`]); `None` when the part was left out.
    pub fn boolean(&mut self, name: &str) -> Result<Option<bool>, AppError> {
        self.text(name).map(|t| boolean_part(&t, name)).transpose()
    }
}

/// A multipart text part that carries an integer. Multipart has no null: a form says "none"
/// by leaving the part out, so `""`, `null` or any other text is refused on the field, as a
/// JSON body's value of the wrong kind is ([`crate::extract::INVALID_VALUE`]).
pub fn integer_part(text: &str, name: &str) -> Result<i64, AppError> {
    text.parse()
        .map_err(|_| AppError::field(name, crate::extract::INVALID_VALUE))
}

/// A multipart text part that carries a boolean: `true` or `false`, as the contract's
/// booleans are written (and as `FormData` writes them); anything else is refused.
pub fn boolean_part(text: &str, name: &str) -> Result<bool, AppError> {
    match text {
        "true" => Ok(true),
        "false" => Ok(false),
        _ => Err(AppError::field(name, crate::extract::INVALID_VALUE)),
    }
}

/// The multipart reader of a request, or a 415 when the body is not multipart.
fn multipart_of(req: &HttpRequest, payload: &mut Payload) -> Result<Multipart, AppError> {
    let multipart = req
        .headers()
        .get(actix_web::http::header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("multipart/form-data"));
    if !multipart {
        return Err(AppError::client(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "unsupported_media_type",
            "Send the file as multipart/form-data.",
        ));
    }
    Ok(Multipart::new(req.headers(), payload.take()))
}

impl FromRequest for FormFields {
    type Error = actix_web::Error;
    type Future = LocalBoxFuture<'static, Result<Self, Self::Error>>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let form = multipart_of(req, payload);
        Box::pin(async move { Ok(Self::read(form?).await?) })
    }
}

/// A form carrying exactly one file, in the field `file`.
#[derive(Debug)]
pub struct SingleFile {
    pub bytes: Vec<u8>,
    /// The file's name as sent (for showing; never trusted for its type).
    pub filename: String,
}

impl FromRequest for SingleFile {
    type Error = actix_web::Error;
    type Future = LocalBoxFuture<'static, Result<Self, Self::Error>>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let fields = FormFields::from_request(req, payload);
        Box::pin(async move {
            let mut fields = fields.await?;
            let filename = fields.filename(FILE_FIELD).unwrap_or_default().to_owned();
            let bytes = fields
                .file(FILE_FIELD)
                .ok_or_else(|| AppError::field(FILE_FIELD, "No file was submitted."))?;
            Ok(Self { bytes, filename })
        })
    }
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

/// A large upload (a lecture's video) spooled to a temporary file as it streamed in: never
/// whole in memory. The file goes when this does.
#[derive(Debug)]
pub struct SpooledFile {
    file: tempfile::NamedTempFile,
    head: Vec<u8>,
    len: u64,
}

/// Bytes of an upload kept in memory to recognise what it is by content.
const HEAD_BYTES: usize = 64;

impl SpooledFile {
    /// The first bytes, for recognising the file by content.
    pub fn head(&self) -> &[u8] {
        &self.head
    }

    pub fn path(&self) -> &std::path::Path {
        self.file.path()
    }

    pub fn len(&self) -> u64 {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
}

/// Reads the one file of a multipart upload that may be larger than the forms' cap (a
/// lecture's video) into a temporary file, refusing it as soon as it passes `limit` bytes.
pub async fn read_large_file(mut form: Multipart, limit: usize) -> Result<SpooledFile, AppError> {
    use tokio::io::AsyncWriteExt;

    let mut spooled: Option<SpooledFile> = None;
    while let Some(field) = form.next().await {
        let mut field = field.map_err(multipart_error)?;
        if field.name() != Some(FILE_FIELD) {
            continue;
        }
        if spooled.is_some() {
            return Err(AppError::field(FILE_FIELD, "Upload one file only."));
        }
        let file = tempfile::NamedTempFile::new().map_err(|e| AppError::Internal(e.into()))?;
        let mut out =
            tokio::fs::File::from_std(file.reopen().map_err(|e| AppError::Internal(e.into()))?);
        let (mut head, mut len) = (Vec::new(), 0_usize);
        while let Some(chunk) = field.next().await {
            let chunk = chunk.map_err(multipart_error)?;
            if len + chunk.len() > limit {
                return Err(too_large(limit));
            }
            let wanted = HEAD_BYTES.saturating_sub(head.len()).min(chunk.len());
            head.extend_from_slice(&chunk[..wanted]);
            out.write_all(&chunk)
                .await
                .map_err(|e| AppError::Internal(e.into()))?;
            len += chunk.len();
        }
        out.flush()
            .await
            .map_err(|e| AppError::Internal(e.into()))?;
        spooled = Some(SpooledFile {
            file,
            head,
            len: len as u64,
        });
    }
    spooled.ok_or_else(|| AppError::field(FILE_FIELD, "No file was submitted."))
}

fn multipart_error(err: MultipartError) -> AppError {
    match err {
        MultipartError::Payload(PayloadError::Overflow) => too_large(MAX_UPLOAD_BYTES),
        MultipartError::ContentTypeMissing
        | MultipartError::ContentTypeParse
        | MultipartError::ContentTypeIncompatible => AppError::client(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "unsupported_media_type",
            "Send the file as multipart/form-data.",
        ),
        other => unreadable().with_detail(other.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Found by schemathesis: `parent` sent as `null` or empty was taken for no parent,
    /// while the contract says a multipart form leaves a part out to mean none.
    #[test]
    fn a_number_or_flag_part_is_exactly_that_or_refused_on_its_field() {
        assert_eq!(integer_part("42", "parent").unwrap(), 42);
        assert_eq!(integer_part("-3", "parent").unwrap(), -3);
        for text in ["", "null", "undefined", " 4", "4.0", "1e3", "abc"] {
            let body = integer_part(text, "parent").unwrap_err().body();
            assert_eq!(body.messages["parent"], ["Invalid value."], "{text:?}");
        }
        assert!(boolean_part("true", "is_public").unwrap());
        assert!(!boolean_part("false", "is_public").unwrap());
        for text in ["", "null", "on", "1", "0", "True", "yes"] {
            let body = boolean_part(text, "is_public").unwrap_err().body();
            assert_eq!(body.messages["is_public"], ["Invalid value."], "{text:?}");
        }
    }

    #[test]
    fn overflow_names_the_cap_on_the_file_field() {
        let body = multipart_error(MultipartError::Payload(PayloadError::Overflow)).body();
        assert_eq!(
            body.messages["file"],
            ["The file is too large. The maximum size is 8 MB."]
        );
    }

    fn request(body: &'static [u8]) -> (HttpRequest, Payload) {
        actix_web::test::TestRequest::post()
            .insert_header(("content-type", "multipart/form-data; boundary=b"))
            .set_payload(body)
            .to_http_parts()
    }

    /// Found by schemathesis: actix's `MultipartForm` panicked on a part without a name.
    #[actix_web::test]
    async fn a_part_without_a_name_is_a_bad_request_not_a_panic() {
        let (req, mut payload) =
            request(b"--b\r\nContent-Disposition: form-data\r\n\r\nx\r\n--b--\r\n");
        let err = SingleFile::from_request(&req, &mut payload)
            .await
            .unwrap_err();
        assert_eq!(
            err.as_response_error().status_code(),
            StatusCode::BAD_REQUEST
        );
    }

    #[actix_web::test]
    async fn a_missing_or_repeated_file_is_a_file_error() {
        let (req, mut payload) =
            request(b"--b\r\nContent-Disposition: form-data; name=\"label\"\r\n\r\nx\r\n--b--\r\n");
        let err = SingleFile::from_request(&req, &mut payload)
            .await
            .unwrap_err();
        let body = err.as_response_error().error_response();
        assert_eq!(body.status(), StatusCode::BAD_REQUEST);
        let (req, mut payload) = request(
            b"--b\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a\"\r\n\r\nx\r\n--b\r\nContent-Disposition: form-data; name=\"file\"; filename=\"b\"\r\n\r\ny\r\n--b--\r\n",
        );
        let err = FormFields::from_request(&req, &mut payload)
            .await
            .unwrap_err();
        assert_eq!(
            err.as_response_error().status_code(),
            StatusCode::BAD_REQUEST
        );
    }
}
