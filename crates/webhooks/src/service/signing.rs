//! How a delivery proves it comes from this platform, as Stripe's webhooks do: the header
//! `Cohort-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" under the
//! webhook's secret>`. A receiver recomputes it, compares in constant time, and refuses a
//! timestamp more than five minutes old (a replay).

use hmac::{Hmac, Mac};
use sha2::Sha256;

pub const HEADER: &str = "Cohort-Signature";
/// What a secret starts with, so one pasted in the wrong place is recognised.
pub const SECRET_PREFIX: &str = "whsec_";

/// A new signing secret: 256 random bits.
pub fn new_secret() -> String {
    format!("{SECRET_PREFIX}{}", kernel::secret_token::generate())
}

/// The header's value for `body` sent at `timestamp`.
pub fn signature(secret: &str, timestamp: i64, body: &str) -> String {
    // HMAC takes a key of any length: this cannot fail.
    let mut mac = Hmac::<Sha256>::new_from_slice(secret.as_bytes())
        .unwrap_or_else(|_| unreachable!("HMAC accepts keys of any length"));
    mac.update(format!("{timestamp}.{body}").as_bytes());
    let digest: String = mac
        .finalize()
        .into_bytes()
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    format!("t={timestamp},v1={digest}")
}

/// How a secret is shown after its creation: its start only.
pub fn hint(secret: &str) -> String {
    format!("{}…", &secret[..secret.len().min(SECRET_PREFIX.len() + 4)])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_signature_matches_a_known_hmac() {
        // printf '1700000000.{"a":1}' | openssl dgst -sha256 -hmac whsec_test
        assert_eq!(
            signature("whsec_test", 1_700_000_000, r#"{"a":1}"#),
            "t=1700000000,v1=38877139021993b830af32feea6e18a8da83eb2f6e49ee50bd9e4cf4ca4d3789"
        );
    }

    #[test]
    fn a_secret_is_prefixed_random_and_shown_by_its_start() {
        let (a, b) = (new_secret(), new_secret());
        assert!(a.starts_with(SECRET_PREFIX) && a.len() > 40);
        assert_ne!(a, b);
        assert_eq!(hint("whsec_abcdefgh"), "whsec_abcd…");
    }
}
