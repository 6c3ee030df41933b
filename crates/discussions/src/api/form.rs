//! The body of a topic or reply: JSON (`text`, `parent`, `is_public`) or, to attach files,
//! multipart with the same fields and up to 10 `files`. Multipart is read here field by
//! field, each file capped while it streams in.

use actix_multipart::Multipart;
use actix_web::dev::Payload;
use actix_web::{FromRequest, HttpRequest};
use futures_util::StreamExt;
use futures_util::future::LocalBoxFuture;
use kernel::AppError;
use kernel::extract::ValidJson;
use kernel::upload::{MAX_UPLOAD_BYTES, boolean_part, integer_part};
use serde::Deserialize;
use utoipa::ToSchema;
use validator::Validate;

use crate::service::attachments::{self, FIELD, MAX_FILES, Upload};

/// Longest text field accepted (rich text included).
const MAX_TEXT_BYTES: usize = 200 * 1024;
/// Shown when a text part passes [`MAX_TEXT_BYTES`].
pub const TEXT_TOO_LONG: &str = "This text is too long. A post may hold at most 200 KB of text.";
/// Largest whole post: every file and field together (each file is also capped alone).
pub const MAX_POST_BYTES: usize = 25 * 1024 * 1024;
/// Shown when a post's files together pass [`MAX_POST_BYTES`].
pub const POST_TOO_LARGE: &str =
    "The files are too large together. A post may carry at most 25 MB.";

fn post_too_large() -> AppError {
    AppError::client(
        actix_web::http::StatusCode::PAYLOAD_TOO_LARGE,
        "payload_too_large",
        POST_TOO_LARGE,
    )
}

/// A topic or reply as JSON.
#[derive(Debug, Default, Deserialize, Validate, ToSchema)]
pub struct PostJson {
    /// Rich text; sanitised on the server.
    pub text: Option<String>,
    /// Replies: the reply this one answers (and quotes).
    pub parent: Option<i64>,
    /// Topics: false makes the topic private (members only). Default true.
    pub is_public: Option<bool>,
    /// The author declares they may share what the patient-data guardrail found in the
    /// text (issue 24 §1); without it, flagged text is refused.
    pub phi_declared: Option<bool>,
}

/// A topic or reply as multipart, with files. Multipart has no null: a part left out is a
/// value not given (no parent, the default visibility, no declaration, no file), and a part
/// sent must hold its type (`parent` an integer, the flags `true` or `false`).
#[derive(Debug, ToSchema)]
pub struct PostUpload {
    /// Rich text; sanitised on the server.
    #[schema(nullable = false)]
    pub text: Option<String>,
    /// Replies: the reply this one answers (and quotes); left out for none.
    #[schema(nullable = false)]
    pub parent: Option<i64>,
    /// Topics: false makes the topic private (members only). Left out: true.
    #[schema(nullable = false)]
    pub is_public: Option<bool>,
    /// The author declares they may share what the patient-data guardrail found.
    #[schema(nullable = false)]
    pub phi_declared: Option<bool>,
    /// Up to 10 files: JPEG, PNG, GIF or PDF, each at most 8 MB, checked by content
    /// (send none for a post without files).
    #[schema(value_type = Vec<String>, format = Binary, required = false)]
    pub files: Vec<Vec<u8>>,
}

/// What either body carries.
#[derive(Debug, Default)]
pub struct PostForm {
    pub text: Option<String>,
    pub parent: Option<i64>,
    pub is_public: Option<bool>,
    pub phi_declared: bool,
    pub files: Vec<Upload>,
}

impl PostForm {
    /// Refuses files a new post may not carry: more than 10, or not JPEG, PNG, GIF or PDF
    /// by content (the patient-data scan reads only what could be published).
    pub fn check_files(&self) -> Result<(), AppError> {
        attachments::check(&self.files, 0)
    }
}

impl FromRequest for PostForm {
    type Error = actix_web::Error;
    type Future = LocalBoxFuture<'static, Result<Self, Self::Error>>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let multipart = req
            .headers()
            .get(actix_web::http::header::CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .is_some_and(|v| v.starts_with("multipart/"));
        if multipart {
            // A declared size past the cap is refused before a byte is read.
            let declared = req
                .headers()
                .get(actix_web::http::header::CONTENT_LENGTH)
                .and_then(|v| v.to_str().ok())
                .and_then(|v| v.parse::<usize>().ok());
            if declared.is_some_and(|n| n > MAX_POST_BYTES) {
                return Box::pin(async { Err(post_too_large().into()) });
            }
            let form = Multipart::new(req.headers(), payload.take());
            Box::pin(async move { read_multipart(form).await.map_err(Into::into) })
        } else {
            let json = ValidJson::<PostJson>::from_request(req, payload);
            Box::pin(async move {
                let body = json.await?.into_inner();
                Ok(PostForm {
                    text: body.text,
                    parent: body.parent,
                    is_public: body.is_public,
                    phi_declared: body.phi_declared.unwrap_or(false),
                    files: Vec::new(),
                })
            })
        }
    }
}

fn unreadable(err: impl std::fmt::Display) -> AppError {
    AppError::bad_request("parse_error", "The form could not be read.").with_detail(err.to_string())
}

/// Reads one field of at most `cap` bytes, spending `budget` (what is left of the whole
/// post's [`MAX_POST_BYTES`]); past `cap`, `too_large` is the field's error.
async fn read_field(
    field: &mut actix_multipart::Field,
    cap: usize,
    budget: &mut usize,
    name: &str,
    too_large: &str,
) -> Result<Vec<u8>, AppError> {
    let mut bytes = Vec::new();
    while let Some(chunk) = field.next().await {
        let chunk = chunk.map_err(unreadable)?;
        *budget = budget.checked_sub(chunk.len()).ok_or_else(post_too_large)?;
        if bytes.len() + chunk.len() > cap {
            return Err(AppError::field(name, too_large));
        }
        bytes.extend_from_slice(&chunk);
    }
    Ok(bytes)
}

async fn read_multipart(mut form: Multipart) -> Result<PostForm, AppError> {
    let mut out = PostForm::default();
    let mut budget = MAX_POST_BYTES;
    while let Some(field) = form.next().await {
        let mut field = field.map_err(unreadable)?;
        let name = field.name().unwrap_or_default().to_owned();
        match name.as_str() {
            "files" | "files[]" => {
                if out.files.len() == MAX_FILES {
                    return Err(AppError::field(FIELD, attachments::TOO_MANY_FILES));
                }
                let filename = field
                    .content_disposition()
                    .and_then(|d| d.get_filename())
                    .unwrap_or("file")
                    .to_owned();
                let too_large = format!(
                    "The file is too large. The maximum size is {} MB.",
                    MAX_UPLOAD_BYTES / (1024 * 1024)
                );
                let bytes =
                    read_field(&mut field, MAX_UPLOAD_BYTES, &mut budget, FIELD, &too_large)
                        .await?;
                out.files.push(Upload { bytes, filename });
            }
            _ => {
                let raw = read_field(
                    &mut field,
                    MAX_TEXT_BYTES,
                    &mut budget,
                    &name,
                    TEXT_TOO_LONG,
                )
                .await?;
                let text = String::from_utf8(raw).map_err(unreadable)?;
                match name.as_str() {
                    "text" => out.text = Some(text),
                    "parent" => out.parent = Some(integer_part(&text, &name)?),
                    "is_public" => out.is_public = Some(boolean_part(&text, &name)?),
                    "phi_declared" => out.phi_declared = boolean_part(&text, &name)?,
                    // `id` and `comment_id` repeat the path; anything else is ignored.
                    _ => {}
                }
            }
        }
    }
    Ok(out)
}

impl From<PostForm> for crate::service::topics::TopicInput {
    fn from(form: PostForm) -> Self {
        Self {
            text: form.text,
            is_public: form.is_public,
            parent: form.parent,
            phi_declared: form.phi_declared,
            files: form.files,
        }
    }
}

impl From<PostForm> for crate::service::replies::ReplyInput {
    fn from(form: PostForm) -> Self {
        Self {
            text: form.text,
            parent: form.parent,
            phi_declared: form.phi_declared,
            files: form.files,
        }
    }
}
