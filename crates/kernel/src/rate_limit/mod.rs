//! Rate limits on abuse-prone forms (sign-in, sign-up, resets, SMS): per source address,
//! and per account across every address (a guesser spread over many addresses is still
//! one guesser at one account). With Redis the counters are shared by every instance
//! ([`shared`]); without it, or while Redis does not answer, each instance counts alone.

pub mod shared;
pub mod standing;

use std::net::IpAddr;
use std::num::NonZeroU32;

use actix_web::http::StatusCode;
use actix_web::{HttpMessage, HttpRequest};
use governor::clock::{Clock, DefaultClock};
use governor::middleware::StateInformationMiddleware;
use governor::{DefaultKeyedRateLimiter, NotUntil, Quota, RateLimiter};

use sha2::{Digest, Sha256};

use crate::client_address::TrustedProxies;
use crate::error::{AppError, AppResult};
use shared::SharedCounters;
use standing::{LIMIT_PER_MINUTE, RETRY_AFTER_SECONDS, Standing};

/// The 429 of a form tried too often: how long to wait, and the quota.
pub fn throttled(seconds: u64, per_minute: u32) -> AppError {
    AppError::client(
        StatusCode::TOO_MANY_REQUESTS,
        "throttled",
        too_many_requests(seconds),
    )
    .with_extra(RETRY_AFTER_SECONDS, seconds)
    .with_extra(LIMIT_PER_MINUTE, per_minute)
}

/// The 429's text, which says how long to wait.
pub fn too_many_requests(seconds: u64) -> String {
    let unit = if seconds == 1 { "second" } else { "seconds" };
    format!("Too many requests. Please try again in {seconds} {unit}.")
}

/// A keyed limiter that says, when it lets an attempt through, how many more would be.
type Limiter<K> = DefaultKeyedRateLimiter<K, StateInformationMiddleware>;

/// Keyed limiters per form; `None` when limits are off (`COHORT_RATE_LIMITS=off`).
pub struct RateLimits {
    limiter: Option<Limiter<(&'static str, IpAddr)>>,
    accounts: Option<Limiter<(&'static str, String)>>,
    per_minute: u32,
    proxies: TrustedProxies,
    shared: Option<SharedCounters>,
}

impl RateLimits {
    pub fn new(enabled: bool, per_minute: u32) -> Self {
        Self::behind(enabled, per_minute, TrustedProxies::default())
    }

    /// Limits whose clients are named by `proxies`' forwarding headers.
    pub fn behind(enabled: bool, per_minute: u32, proxies: TrustedProxies) -> Self {
        let per_minute = NonZeroU32::new(per_minute).unwrap_or(NonZeroU32::MIN);
        let quota = Quota::per_minute(per_minute);
        Self {
            limiter: enabled.then(|| RateLimiter::keyed(quota).with_middleware()),
            accounts: enabled.then(|| RateLimiter::keyed(quota).with_middleware()),
            per_minute: per_minute.get(),
            proxies,
            shared: None,
        }
    }

    /// The same limits, counted in Redis for every instance of the deployment.
    pub fn shared_through(mut self, counters: SharedCounters) -> Self {
        self.shared = Some(counters);
        self
    }

    /// The 429: when the next attempt is let through, and the quota.
    fn throttled(&self, not_until: &NotUntil<<DefaultClock as Clock>::Instant>) -> AppError {
        let wait = not_until.wait_time_from(DefaultClock::default().now());
        throttled(whole_seconds(wait), self.per_minute)
    }

    /// Counts one attempt at `form` on `account` (an e-mail, folded), whatever address it
    /// comes from; 429 past the quota.
    pub async fn check_account(&self, form: &'static str, account: &str) -> AppResult<()> {
        let account = account.trim().to_lowercase();
        // Redis keys name the account by a digest, not by its address.
        let digest: String = Sha256::digest(account.as_bytes())[..12]
            .iter()
            .map(|byte| format!("{byte:02x}"))
            .collect();
        self.count(
            &self.accounts,
            (form, account),
            format!("{form}:account:{digest}"),
        )
        .await
        .map(drop)
    }

    /// The client address the limits key on (the request log names it too).
    pub fn client_of(&self, req: &HttpRequest) -> Option<IpAddr> {
        self.proxies.client_of(req)
    }

    /// Counts one request to `form` from the request's client; 429 past the quota. Let
    /// through, the request carries its [`Standing`] for the answer's headers.
    pub async fn check(&self, form: &'static str, req: &HttpRequest) -> AppResult<()> {
        let Some(client) = self.client_of(req) else {
            return Ok(());
        };
        let standing = self
            .count(
                &self.limiter,
                (form, client),
                format!("{form}:client:{client}"),
            )
            .await?;
        if let Some(standing) = standing {
            req.extensions_mut().insert(standing);
        }
        Ok(())
    }

    /// Counts one attempt on `key`: in Redis when the limits are shared (and Redis
    /// answers), in this instance's limiter otherwise. Where the key stands once let
    /// through; `None` when limits are off.
    async fn count<K: Clone + Eq + std::hash::Hash>(
        &self,
        local: &Option<Limiter<K>>,
        key: K,
        shared_key: String,
    ) -> AppResult<Option<Standing>> {
        let Some(local) = local else {
            return Ok(None);
        };
        if let Some(shared) = &self.shared {
            match shared.check(&shared_key, self.per_minute).await {
                Ok(Ok(left)) => return Ok(Some(Standing::after(self.per_minute, left))),
                Ok(Err(wait)) => return Err(throttled(whole_seconds(wait), self.per_minute)),
                Err(err) => tracing::warn!(
                    error = %err,
                    "rate limits: Redis does not answer; this instance counts alone"
                ),
            }
        }
        local
            .check_key(&key)
            .map(|state| {
                Some(Standing::after(
                    self.per_minute,
                    state.remaining_burst_capacity(),
                ))
            })
            .map_err(|n| self.throttled(&n))
    }
}

/// A wait in whole seconds, rounded up, at least one.
fn whole_seconds(wait: std::time::Duration) -> u64 {
    (wait.as_secs() + u64::from(wait.subsec_nanos() > 0)).max(1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use actix_web::test::TestRequest;

    #[tokio::test]
    async fn limits_each_form_and_address_separately() {
        let limits = RateLimits::new(true, 3);
        let from = |ip: &str| {
            TestRequest::default()
                .peer_addr(format!("{ip}:1000").parse().unwrap())
                .to_http_request()
        };
        let a = from("10.0.0.1");
        for _ in 0..3 {
            assert!(limits.check("login", &a).await.is_ok());
        }
        let err = limits.check("login", &a).await.unwrap_err();
        assert_eq!(err.body().code, "throttled");
        let wait = err.body().extra[RETRY_AFTER_SECONDS].as_u64().unwrap();
        assert!(
            (1..=20).contains(&wait),
            "one of 3 a minute frees in 20 s: {wait}"
        );
        assert_eq!(err.body().extra[LIMIT_PER_MINUTE], 3);
        assert_eq!(err.body().message, too_many_requests(wait));
        assert_eq!(
            too_many_requests(1),
            "Too many requests. Please try again in 1 second."
        );
        assert!(limits.check("register", &a).await.is_ok());
        assert!(limits.check("login", &from("10.0.0.2")).await.is_ok());
    }

    #[tokio::test]
    async fn limits_each_account_across_addresses() {
        let limits = RateLimits::new(true, 2);
        assert!(
            limits
                .check_account("login", "Ada@Example.org")
                .await
                .is_ok()
        );
        assert!(
            limits
                .check_account("login", "ada@example.org ")
                .await
                .is_ok()
        );
        let err = limits
            .check_account("login", "ada@example.org")
            .await
            .unwrap_err();
        assert_eq!(err.body().code, "throttled");
        assert!(
            limits
                .check_account("login", "grace@example.org")
                .await
                .is_ok()
        );
        assert!(
            RateLimits::new(false, 1)
                .check_account("login", "a")
                .await
                .is_ok()
        );
    }

    #[tokio::test]
    async fn off_means_unlimited() {
        let limits = RateLimits::new(false, 1);
        let req = TestRequest::default()
            .peer_addr("10.0.0.1:1".parse().unwrap())
            .to_http_request();
        for _ in 0..5 {
            assert!(limits.check("login", &req).await.is_ok());
        }
    }
}
