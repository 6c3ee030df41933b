//! A certificate as an Open Badges 3.0 credential (a W3C Verifiable Credential, JSON-LD)
//! signed by the instance with a Data Integrity proof (`eddsa-jcs-2022`), and the check a
//! verifier's file goes through: the proof against the key the site publishes, then the
//! certificate it names.

use chrono::SecondsFormat;
use credentials::{Issuer, data_integrity};
use kernel::{AppError, AppResult};
use serde_json::{Value, json};

use crate::entity::certificate;

pub const NOT_OURS: &str = "This credential was not issued by this site.";

/// Where a certificate is verified by people: also the credential's id.
pub fn verify_page(public_url: &str, code: &str) -> String {
    format!("{public_url}/certificates/verify/{code}")
}

/// The unsigned Open Badges 3.0 credential for `cert`.
fn open_badge(cert: &certificate::Model, issuer: &Issuer, public_url: &str) -> Value {
    let at = |t: chrono::DateTime<chrono::Utc>| t.to_rfc3339_opts(SecondsFormat::Secs, true);
    let mut subject = json!({
        "type": ["AchievementSubject"],
        "identifier": [{
            "type": "IdentityObject",
            "identityType": "name",
            "hashed": false,
            "identityHash": cert.holder_name,
        }],
        "achievement": {
            "id": format!("{public_url}/certificates/{}", cert.quiz_id),
            "type": ["Achievement"],
            "achievementType": "Certificate",
            "name": cert.quiz_name,
            "description": format!("Passed the Cohort quiz “{}”.", cert.quiz_name),
            "criteria": {"narrative": "Pass the quiz on Cohort."},
        },
        "result": [{"type": ["Result"], "value": format!("{}%", cert.percent)}],
    });
    if let Some(minutes) = cert.cpd_minutes {
        subject["creditsEarned"] = json!(crate::service::certificates::hours(minutes));
    }
    let mut credential = json!({
        "@context": [
            "https://www.w3.org/ns/credentials/v2",
            "https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json",
        ],
        "id": verify_page(public_url, &cert.code),
        "type": ["VerifiableCredential", "OpenBadgeCredential"],
        "issuer": {
            "id": issuer.did(),
            "type": ["Profile"],
            "name": "Cohort",
            "url": public_url,
        },
        "name": cert.quiz_name,
        "validFrom": at(cert.issued_at),
        "credentialSubject": subject,
    });
    if let Some(expires) = cert.expires_at {
        credential["validUntil"] = at(expires).into();
    }
    credential
}

/// `cert` as a signed credential: the same bytes at every download (the proof is dated
/// when the certificate was issued, and Ed25519 signatures are deterministic).
pub fn issue(cert: &certificate::Model, issuer: &Issuer, public_url: &str) -> Value {
    data_integrity::sign(
        &open_badge(cert, issuer, public_url),
        issuer,
        cert.issued_at,
    )
}

/// The code of the certificate a credential with a valid proof by this site names.
pub fn check(credential: &Value, issuer: &Issuer, public_url: &str) -> AppResult<String> {
    if credential["issuer"]["id"].as_str() != Some(issuer.did()) {
        return Err(AppError::bad_request("not_ours", NOT_OURS));
    }
    data_integrity::verify(
        credential,
        &issuer.verification_method(),
        &issuer.public_key(),
    )
    .map_err(|e| AppError::bad_request("bad_proof", e.to_string()))?;
    let prefix = verify_page(public_url, "");
    credential["id"]
        .as_str()
        .and_then(|id| id.strip_prefix(&prefix))
        .map(str::to_owned)
        .ok_or_else(|| AppError::bad_request("not_ours", NOT_OURS))
}
