//! Where a client stands against a limit: the facts a 429 carries and the `RateLimit-*`
//! headers of every limited answer.

/// The envelope's `extra` facts of a 429, which also become its `Retry-After` and
/// `RateLimit-*` headers (see `error.rs`) and let the form say how long to wait.
pub const RETRY_AFTER_SECONDS: &str = "retry_after_seconds";
pub const LIMIT_PER_MINUTE: &str = "limit_per_minute";

/// Where a client stands with a form's quota once its attempt was let through: the
/// `RateLimit-*` headers of the answer (set in the request's extensions; the app's header
/// middleware writes them), so a client slows down before it is refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Standing {
    /// Attempts a minute.
    pub limit: u32,
    /// Attempts left at once.
    pub remaining: u32,
    /// Seconds until the whole quota is back.
    pub reset_seconds: u64,
}

impl Standing {
    pub(super) fn after(per_minute: u32, remaining: u32) -> Self {
        let used = u64::from(per_minute.saturating_sub(remaining));
        Self {
            limit: per_minute,
            remaining,
            // One attempt comes back every 60 / per_minute seconds.
            reset_seconds: (used * 60).div_ceil(u64::from(per_minute.max(1))),
        }
    }

    /// The `RateLimit-*` headers (IETF draft), by their names in lower case (as HTTP/2
    /// sends them, and as `HeaderName::from_static` takes them).
    pub fn headers(self) -> [(&'static str, String); 3] {
        [
            ("ratelimit-limit", self.limit.to_string()),
            ("ratelimit-remaining", self.remaining.to_string()),
            ("ratelimit-reset", self.reset_seconds.to_string()),
        ]
    }
}
