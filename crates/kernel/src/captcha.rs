//! The captcha on public forms: the port, the challenge the browser solves, and the texts
//! of its errors. The `captcha` crate implements it (a self-hosted proof of work, or off).

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::error::AppResult;

/// Field that carries the solution in every protected form.
pub const FIELD: &str = "captcha";
pub const MISSING: &str = "Please complete the captcha.";
pub const INVALID: &str = "Invalid captcha.";
pub const EXPIRED: &str = "The captcha has expired. Please try again.";
pub const REUSED: &str = "This captcha has already been used. Please try again.";

/// A challenge for the browser to solve.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct CaptchaChallenge {
    /// False when the captcha is switched off (`COHORT_CAPTCHA=off`); send any value.
    pub enabled: bool,
    /// Opaque, signed challenge text.
    pub challenge: String,
    /// Leading zero bits required of `sha256("{challenge}:{nonce}")`.
    pub difficulty: u8,
    pub expires_at: DateTime<Utc>,
}

/// Checks captcha solutions sent with forms.
#[async_trait]
pub trait Captcha: Send + Sync {
    fn challenge(&self) -> CaptchaChallenge;
    /// Accepts a solution once; errors are on the `captcha` field.
    async fn verify(&self, solution: Option<&str>) -> AppResult<()>;
}
