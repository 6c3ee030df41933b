//! Rate limits on abuse-prone forms (sign-in, sign-up, resets, SMS): per source address,
//! and per account across every address (a guesser spread over many addresses is still
//! one guesser at one account).

use std::net::IpAddr;
use std::num::NonZeroU32;

use actix_web::HttpRequest;
use actix_web::http::StatusCode;
use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};

use crate::error::{AppError, AppResult};

pub const TOO_MANY_REQUESTS: &str = "Too many requests. Please try again later.";

/// Keyed limiters per form; `None` when limits are off (`COHORT_RATE_LIMITS=off`).
pub struct RateLimits {
    limiter: Option<DefaultKeyedRateLimiter<(&'static str, IpAddr)>>,
    accounts: Option<DefaultKeyedRateLimiter<(&'static str, String)>>,
}

fn throttled() -> AppError {
    AppError::client(
        StatusCode::TOO_MANY_REQUESTS,
        "throttled",
        TOO_MANY_REQUESTS,
    )
}

impl RateLimits {
    pub fn new(enabled: bool, per_minute: u32) -> Self {
        let quota = Quota::per_minute(NonZeroU32::new(per_minute).unwrap_or(NonZeroU32::MIN));
        Self {
            limiter: enabled.then(|| RateLimiter::keyed(quota)),
            accounts: enabled.then(|| RateLimiter::keyed(quota)),
        }
    }

    /// Counts one attempt at `form` on `account` (an e-mail, folded), whatever address it
    /// comes from; 429 past the quota.
    pub fn check_account(&self, form: &'static str, account: &str) -> AppResult<()> {
        let Some(limiter) = &self.accounts else {
            return Ok(());
        };
        limiter
            .check_key(&(form, account.trim().to_lowercase()))
            .map_err(|_| throttled())
    }

    /// Counts one request to `form` from the request's peer; 429 past the quota.
    pub fn check(&self, form: &'static str, req: &HttpRequest) -> AppResult<()> {
        let (Some(limiter), Some(peer)) = (&self.limiter, req.peer_addr()) else {
            return Ok(());
        };
        limiter
            .check_key(&(form, peer.ip()))
            .map_err(|_| throttled())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use actix_web::test::TestRequest;

    #[test]
    fn limits_each_form_and_address_separately() {
        let limits = RateLimits::new(true, 3);
        let from = |ip: &str| {
            TestRequest::default()
                .peer_addr(format!("{ip}:1000").parse().unwrap())
                .to_http_request()
        };
        let a = from("10.0.0.1");
        for _ in 0..3 {
            assert!(limits.check("login", &a).is_ok());
        }
        let err = limits.check("login", &a).unwrap_err();
        assert_eq!(err.body().code, "throttled");
        assert!(limits.check("register", &a).is_ok());
        assert!(limits.check("login", &from("10.0.0.2")).is_ok());
    }

    #[test]
    fn limits_each_account_across_addresses() {
        let limits = RateLimits::new(true, 2);
        assert!(limits.check_account("login", "Ada@Example.org").is_ok());
        assert!(limits.check_account("login", "ada@example.org ").is_ok());
        let err = limits
            .check_account("login", "ada@example.org")
            .unwrap_err();
        assert_eq!(err.body().code, "throttled");
        assert!(limits.check_account("login", "grace@example.org").is_ok());
        assert!(
            RateLimits::new(false, 1)
                .check_account("login", "a")
                .is_ok()
        );
    }

    #[test]
    fn off_means_unlimited() {
        let limits = RateLimits::new(false, 1);
        let req = TestRequest::default()
            .peer_addr("10.0.0.1:1".parse().unwrap())
            .to_http_request();
        for _ in 0..5 {
            assert!(limits.check("login", &req).is_ok());
        }
    }
}
