//! The mail server the configuration names (`COHORT_SMTP_URL`, `COHORT_SMTP_CA_FILE`), checked
//! as the configuration is read, before anything connects; the `mail` crate's `SmtpMailer`
//! reaches it.

use std::path::Path;

use lettre::transport::smtp::client::Certificate;
use lettre::{AsyncSmtpTransport, Tokio1Executor};

/// Checks an `smtp://` / `smtps://` URL without connecting.
pub fn check_url(url: &str) -> Result<(), String> {
    AsyncSmtpTransport::<Tokio1Executor>::from_url(url)
        .map(|_| ())
        .map_err(|e| format!("is not a valid smtp:// or smtps:// URL ({e})"))
}

/// Checks that `path` holds PEM certificates (`COHORT_SMTP_CA_FILE`).
pub fn check_ca_file(path: &Path) -> Result<(), String> {
    ca_certificate(path).map(|_| ())
}

/// The private authority's certificates in `path` (PEM), which the connection to the server
/// trusts besides the system's.
pub fn ca_certificate(path: &Path) -> Result<Certificate, String> {
    let pem = std::fs::read(path).map_err(|e| format!("cannot be read ({e})"))?;
    // lettre takes a file without any certificate for an empty list: say so instead.
    if !pem
        .windows(CERTIFICATE_MARK.len())
        .any(|w| w == CERTIFICATE_MARK)
    {
        return Err("holds no PEM certificate".into());
    }
    Certificate::from_pem(&pem).map_err(|e| format!("holds no valid PEM certificate ({e})"))
}

const CERTIFICATE_MARK: &[u8] = b"-----BEGIN CERTIFICATE-----";
