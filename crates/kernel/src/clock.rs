//! What time it is, for every rule that depends on it: token and session expiries, sign-in
//! lockouts, quiz retake delays, deadlines. Everything asks `now()` here (clippy refuses
//! `Utc::now` anywhere else, see clippy.toml), so one place decides the time.
//!
//! The clock is real. Tests move it forward with `advance` (the `test-clock` feature, which
//! only the testkit turns on) to wait out a delay or let a token expire instead of editing
//! rows. The offset belongs to the process: nextest runs every test in a process of its
//! own, and the app under test runs in that same process, so a test moves exactly its own
//! app's time.

use std::sync::atomic::{AtomicI64, Ordering};

use chrono::{DateTime, Duration, Utc};

/// How far tests have moved the clock, in milliseconds (always 0 outside tests).
static OFFSET_MS: AtomicI64 = AtomicI64::new(0);

/// The current time.
#[allow(clippy::disallowed_methods)] // the one place that reads the system clock
pub fn now() -> DateTime<Utc> {
    Utc::now() + Duration::milliseconds(OFFSET_MS.load(Ordering::Relaxed))
}

/// Moves this process's clock forward by `by` (tests only).
#[cfg(feature = "test-clock")]
pub fn advance(by: Duration) {
    OFFSET_MS.fetch_add(by.num_milliseconds(), Ordering::Relaxed);
}

#[cfg(all(test, feature = "test-clock"))]
mod tests {
    use super::*;

    #[test]
    fn advancing_moves_now_forward() {
        let before = now();
        advance(Duration::hours(3));
        let after = now();
        assert!(after - before >= Duration::hours(3));
        assert!(after - before < Duration::hours(3) + Duration::seconds(5));
    }
}
