//! How long work that failed waits before its next attempt (the e-mail outbox, webhook
//! deliveries): doubling from 30 s, capped at an hour.

use chrono::Duration;

/// Waits before attempt `attempts + 1`: 30 s, 1 min, 2 min, … capped at an hour.
pub fn backoff(attempts: i32) -> Duration {
    let seconds = 30_i64.saturating_mul(1_i64 << attempts.clamp(0, 7));
    Duration::seconds(seconds.min(3600))
}

#[cfg(test)]
mod tests {
    use super::backoff;

    #[test]
    fn waits_double_from_thirty_seconds_up_to_an_hour() {
        assert_eq!(backoff(0).num_seconds(), 30);
        assert_eq!(backoff(1).num_seconds(), 60);
        assert_eq!(backoff(3).num_seconds(), 240);
        assert_eq!(backoff(10).num_seconds(), 3600);
    }
}
