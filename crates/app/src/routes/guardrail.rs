//! The patient-data guardrail's scan (issue 24, item 1): the editors ask before they
//! publish, show the author what was found with the spans highlighted, and offer to edit or
//! to publish with a declaration. The rules are the kernel's (`phi`); publishing
//! endpoints check again (`phi::guard`), so the prompt is a courtesy, not the gate.

use actix_web::post;
use discussions::api::form::PostForm;
use kernel::{AppResult, CurrentUser, Data};
use phi::{self, PhiKind, guard};
use serde::Serialize;
use utoipa::ToSchema;

/// The text about to be published and the files it attaches (the body of a post).
#[derive(Debug, ToSchema)]
#[allow(dead_code)] // Documents the form [`PostForm`] reads.
pub struct ScanUpload {
    /// Rich text (as the editor holds it) or plain text; left out when there is none.
    #[schema(nullable = false)]
    pub text: Option<String>,
    /// Files to attach (none is fine): a PDF's text layer and metadata are published with
    /// it; a picture's metadata is removed (and reported).
    #[schema(value_type = Vec<String>, format = Binary, required = false)]
    pub files: Vec<Vec<u8>>,
}

/// One finding, with a little of the text around it.
#[derive(Debug, Serialize, ToSchema)]
pub struct PhiFinding {
    pub kind: PhiKind,
    /// How the prompt names it: "A phone number".
    pub label: String,
    /// The attached file it was found in (its text layer or metadata); absent for the text.
    pub file: Option<String>,
    /// Up to 40 characters before the span.
    pub before: String,
    /// What was found (to highlight).
    pub text: String,
    /// Up to 40 characters after it.
    pub after: String,
}

/// A metadata field an attached file carries.
#[derive(Debug, Serialize, ToSchema)]
pub struct FileMetadata {
    pub file: String,
    /// "Author", "GPS position"…
    pub name: String,
    pub value: String,
    /// Removed before the file is published (pictures); otherwise published with it (PDFs).
    pub removed: bool,
}

/// What the scan found; empty when nothing looks like patient data.
#[derive(Debug, Serialize, ToSchema)]
pub struct ScanResult {
    pub findings: Vec<PhiFinding>,
    /// What the attached files' metadata holds, for the author to see.
    pub metadata: Vec<FileMetadata>,
    /// What a place that blocks flagged text answers (absent when nothing was found).
    pub blocked_message: Option<String>,
}

fn findings_in(
    text: &str,
    found: Vec<phi::Finding>,
    file: Option<&str>,
    out: &mut Vec<PhiFinding>,
    kinds: &mut Vec<phi::Finding>,
) {
    for finding in found {
        let shown = phi::excerpt(text, &finding);
        out.push(PhiFinding {
            kind: finding.kind,
            label: finding.kind.label().to_owned(),
            file: file.map(str::to_owned),
            before: shown.before.to_owned(),
            text: shown.text.to_owned(),
            after: shown.after.to_owned(),
        });
        kinds.push(finding);
    }
}

/// Scan a post for patient data
///
/// Looks for what may identify a patient — a name next to a diagnosis, a date of birth, a
/// health-card, record or social-security number, a phone number, an address — in the text
/// and in what the attached files carry (a PDF's text layer and metadata; a picture's EXIF
/// and XMP, reported though removed on upload), and returns each with its context.
/// Publishing endpoints run the same check.
#[utoipa::path(
    operation_id = "scanForPatientData",
    tag = "guardrail",
    security(("bearer" = [])),
    request_body(content = ScanUpload, content_type = "multipart/form-data"),
    responses(
        (status = 200, description = "The findings (none when the post looks clear).", body = Data<ScanResult>),
        (status = 400, description = "A form that could not be read, a file that is not a JPEG, PNG, GIF or PDF (or more than 10), or one that took too long to read.", body = kernel::ErrorBody),
        (status = 401, description = "Not signed in.", body = kernel::ErrorBody),
        (status = 413, description = "The files are too large together.", body = kernel::ErrorBody),
        (status = 429, description = "Many posts and files are being checked right now.", body = kernel::ErrorBody),
    )
)]
#[post("/guardrail/scan")]
pub async fn scan(
    _user: CurrentUser,
    form: PostForm,
) -> AppResult<actix_web::web::Json<Data<ScanResult>>> {
    form.check_files()?;
    let text = kernel::rich_text::plain_text(form.text.as_deref().unwrap_or_default());
    let mut seen = Vec::with_capacity(form.files.len());
    for upload in &form.files {
        seen.push(phi::pooled::inspect(upload.bytes.clone()).await?);
    }
    // The text and what each file publishes, scanned in one job off the request workers.
    let texts = std::iter::once(text.clone())
        .chain(seen.iter().map(|s| s.published.clone()))
        .collect();
    let mut scanned = phi::pooled::scan(texts).await?.into_iter();
    let mut findings = Vec::new();
    let mut found = Vec::new();
    let in_text = scanned.next().unwrap_or_default();
    findings_in(&text, in_text, None, &mut findings, &mut found);
    let mut metadata = Vec::new();
    for (upload, (seen, in_file)) in form.files.iter().zip(seen.into_iter().zip(scanned)) {
        findings_in(
            &seen.published,
            in_file,
            Some(&upload.filename),
            &mut findings,
            &mut found,
        );
        metadata.extend(seen.metadata.into_iter().map(|(name, value)| FileMetadata {
            file: upload.filename.clone(),
            name,
            value,
            removed: seen.metadata_removed,
        }));
    }
    let blocked_message = (!found.is_empty()).then(|| guard::blocked(&guard::kinds(&found)));
    Ok(Data::new(ScanResult {
        findings,
        metadata,
        blocked_message,
    }))
}
