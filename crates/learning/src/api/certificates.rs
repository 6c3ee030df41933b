use actix_web::http::header::{CONTENT_DISPOSITION, CONTENT_TYPE};
use actix_web::{HttpResponse, get, post, web};
use chrono::{DateTime, Utc};
use credentials::Issuer;
use kernel::{AppContext, AppResult, CurrentUser, Data};
use serde::Serialize;
use utoipa::ToSchema;

use crate::entity::certificate;
use crate::service::{certificates, credential};

/// Where the holder downloads a certificate.
pub fn certificate_url(code: &str) -> String {
    format!("/api/certificates/{code}/pdf")
}

/// Where the holder downloads a certificate as a verifiable credential.
pub fn credential_url(code: &str) -> String {
    format!("/api/certificates/{code}/credential")
}

/// What the public verification page confirms.
#[derive(Debug, Serialize, ToSchema)]
pub struct CertificateCheck {
    pub code: String,
    pub holder_name: String,
    pub quiz_name: String,
    pub percent: i32,
    /// When it was issued, or last renewed.
    pub issued_at: DateTime<Utc>,
    /// When it stops being valid; none: valid for good.
    pub expires_at: Option<DateTime<Utc>>,
    /// It was genuine but is no longer valid.
    pub expired: bool,
    /// The continuing professional development time it records.
    pub cpd_hours: Option<f64>,
}

impl CertificateCheck {
    fn of(cert: certificate::Model) -> Self {
        Self {
            expired: cert.expires_at.is_some_and(|at| at <= kernel::clock::now()),
            cpd_hours: cert.cpd_minutes.map(certificates::hours),
            expires_at: cert.expires_at,
            code: cert.code,
            holder_name: cert.holder_name,
            quiz_name: cert.quiz_name,
            percent: cert.percent,
            issued_at: cert.issued_at,
        }
    }
}

/// Verify a certificate
///
/// Confirms a certificate is genuine (public).
#[utoipa::path(
    operation_id = "verifyCertificate",
    tag = "learning",
    params(("code" = String, Path, description = "The code printed on the certificate")),
    responses(
        (status = 200, description = "A genuine certificate.", body = Data<CertificateCheck>),
        (status = 404, description = "No certificate has this code.", body = kernel::ErrorBody),
    )
)]
#[get("/certificates/verify/{code}")]
pub async fn verify(
    ctx: web::Data<AppContext>,
    path: web::Path<String>,
) -> AppResult<web::Json<Data<CertificateCheck>>> {
    let cert = certificates::by_code(&ctx.db, &path).await?;
    Ok(Data::new(CertificateCheck::of(cert)))
}

/// Download a certificate
///
/// The holder's certificate as a PDF.
#[utoipa::path(
    operation_id = "downloadCertificate",
    tag = "learning",
    security(("bearer" = [])),
    params(("code" = String, Path, description = "The certificate's code")),
    responses(
        (status = 200, description = "The PDF.", content_type = "application/pdf", body = Vec<u8>),
        (status = 401, description = "Not signed in.", body = kernel::ErrorBody),
        (status = 404, description = "Not the caller's certificate.", body = kernel::ErrorBody),
    )
)]
#[get("/certificates/{code}/pdf")]
pub async fn download(
    ctx: web::Data<AppContext>,
    user: CurrentUser,
    path: web::Path<String>,
) -> AppResult<HttpResponse> {
    let cert = certificates::of_holder(&ctx.db, user.id, &path).await?;
    let verify_url = format!(
        "{}/certificates/verify/{}",
        ctx.config.public_url, cert.code
    );
    let bytes = certificates::pdf(&cert, &verify_url)?;
    Ok(HttpResponse::Ok()
        .insert_header((CONTENT_TYPE, "application/pdf"))
        .insert_header((
            CONTENT_DISPOSITION,
            format!(
                "attachment; filename=\"cohort-certificate-{}.pdf\"",
                cert.code
            ),
        ))
        .body(bytes))
}

/// Download a verifiable credential
///
/// The holder's certificate as an Open Badges 3.0 credential (JSON-LD), signed with the
/// site's Ed25519 key (a Data Integrity proof, `eddsa-jcs-2022`) published in its DID
/// document at `/.well-known/did.json`.
#[utoipa::path(
    operation_id = "downloadCredential",
    tag = "learning",
    security(("bearer" = [])),
    params(("code" = String, Path, description = "The certificate's code")),
    responses(
        (status = 200, description = "The signed credential.", content_type = "application/ld+json", body = Object),
        (status = 401, description = "Not signed in.", body = kernel::ErrorBody),
        (status = 404, description = "Not the caller's certificate.", body = kernel::ErrorBody),
    )
)]
#[get("/certificates/{code}/credential")]
pub async fn download_credential(
    ctx: web::Data<AppContext>,
    issuer: web::Data<Issuer>,
    user: CurrentUser,
    path: web::Path<String>,
) -> AppResult<HttpResponse> {
    let cert = certificates::of_holder(&ctx.db, user.id, &path).await?;
    let signed = credential::issue(&cert, &issuer, &ctx.config.public_url);
    Ok(HttpResponse::Ok()
        .insert_header((CONTENT_TYPE, "application/ld+json"))
        .insert_header((
            CONTENT_DISPOSITION,
            format!(
                "attachment; filename=\"cohort-certificate-{}.json\"",
                cert.code
            ),
        ))
        .body(serde_json::to_string_pretty(&signed).unwrap_or_default()))
}

/// What a credential file's check found: the proof holds and the certificate it names.
#[derive(Debug, Serialize, ToSchema)]
pub struct CredentialCheck {
    pub certificate: CertificateCheck,
    /// The site's `did:web`.
    pub issuer: String,
    /// The key the proof was checked against, as published in the DID document.
    pub verification_method: String,
}

/// Verify a credential file
///
/// Checks a credential downloaded from this site: its Data Integrity proof against the key
/// the site publishes (public), then the certificate it names.
#[utoipa::path(
    operation_id = "verifyCredential",
    tag = "learning",
    request_body(
        content = Object,
        description = "The credential, as downloaded.",
        example = json!({
            "@context": ["https://www.w3.org/ns/credentials/v2", "https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json"],
            "id": "https://cohort.example.org/certificates/verify/K7QM2VX9PL4ST8WR",
            "type": ["VerifiableCredential", "OpenBadgeCredential"],
            "issuer": {"id": "did:web:cohort.example.org", "type": ["Profile"], "name": "Cohort", "url": "https://cohort.example.org"},
            "name": "Reading a clinical trial",
            "validFrom": "2026-11-27T09:30:00Z",
            "credentialSubject": {"type": ["AchievementSubject"], "achievement": {"type": ["Achievement"], "name": "Reading a clinical trial"}},
            "proof": {
                "type": "DataIntegrityProof", "cryptosuite": "eddsa-jcs-2022", "created": "2026-11-27T09:30:00Z",
                "verificationMethod": "did:web:cohort.example.org#key-1", "proofPurpose": "assertionMethod",
                "proofValue": "z3FXQjecWufY46yg5abdVZsXqLhxhueuSoZgNSARiKBk9czhSePTFehP8c3PGfb6a22gkfUKKiNXHQBxBqgJvuEkP"
            }
        })
    ),
    responses(
        (status = 200, description = "The proof holds.", body = Data<CredentialCheck>),
        (status = 400, description = "Not signed by this site, or changed since it was signed.", body = kernel::ErrorBody),
        (status = 404, description = "The certificate it names no longer exists.", body = kernel::ErrorBody),
    )
)]
#[post("/certificates/verify-credential")]
pub async fn verify_credential(
    ctx: web::Data<AppContext>,
    issuer: web::Data<Issuer>,
    body: web::Json<serde_json::Value>,
) -> AppResult<web::Json<Data<CredentialCheck>>> {
    let code = credential::check(&body, &issuer, &ctx.config.public_url)?;
    let cert = certificates::by_code(&ctx.db, &code).await?;
    Ok(Data::new(CredentialCheck {
        certificate: CertificateCheck::of(cert),
        issuer: issuer.did().to_owned(),
        verification_method: issuer.verification_method(),
    }))
}
