//! Stripe's webhook signature scheme, which the test processor follows too. The header is
//! `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<payload>" under the endpoint's secret>`;
//! a delivery older than [`TOLERANCE_SECS`] is refused, so a captured body cannot be
//! replayed later (one replayed within the window is caught by its event id, downstream).

use chrono::{DateTime, Utc};
use hmac::{Hmac, Mac};
use sha2::Sha256;

use kernel::payments::{PaymentError, WebhookEvent};

/// How old a delivery may be.
pub const TOLERANCE_SECS: i64 = 300;

fn mac(secret: &str, payload: &[u8], timestamp: i64) -> Hmac<Sha256> {
    // HMAC takes keys of any length: `new_from_slice` cannot fail for it.
    let mut mac = Hmac::<Sha256>::new_from_slice(secret.as_bytes())
        .unwrap_or_else(|_| unreachable!("HMAC accepts any key length"));
    mac.update(timestamp.to_string().as_bytes());
    mac.update(b".");
    mac.update(payload);
    mac
}

/// The signature header for `payload` sent at `timestamp` (what a processor sends).
pub fn sign(secret: &str, payload: &[u8], timestamp: i64) -> String {
    let digest = mac(secret, payload, timestamp).finalize().into_bytes();
    let hex: String = digest.iter().map(|b| format!("{b:02x}")).collect();
    format!("t={timestamp},v1={hex}")
}

fn unhex(text: &str) -> Option<Vec<u8>> {
    if !text.len().is_multiple_of(2) {
        return None;
    }
    (0..text.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(text.get(i..i + 2)?, 16).ok())
        .collect()
}

/// Checks `header` against `payload` (any of its `v1` signatures, in constant time) and the
/// delivery's age at `now`.
pub fn verify(
    secret: &str,
    payload: &[u8],
    header: &str,
    now: DateTime<Utc>,
) -> Result<(), PaymentError> {
    let mut timestamp = None;
    let mut signatures = Vec::new();
    for part in header.split(',') {
        match part.trim().split_once('=') {
            Some(("t", t)) => timestamp = t.parse::<i64>().ok(),
            Some(("v1", v)) => signatures.extend(unhex(v)),
            _ => {}
        }
    }
    let timestamp = timestamp.ok_or(PaymentError::BadSignature)?;
    if (now.timestamp() - timestamp).abs() > TOLERANCE_SECS {
        return Err(PaymentError::BadSignature);
    }
    let matches = signatures
        .iter()
        .any(|sig| mac(secret, payload, timestamp).verify_slice(sig).is_ok());
    if matches {
        Ok(())
    } else {
        Err(PaymentError::BadSignature)
    }
}

/// The event a verified payload carries: `{id, type, data: {object: {id, payment_intent}}}`.
pub fn event_of(payload: &[u8]) -> Result<WebhookEvent, PaymentError> {
    let body: serde_json::Value =
        serde_json::from_slice(payload).map_err(|_| PaymentError::BadSignature)?;
    let text = |v: &serde_json::Value| v.as_str().map(str::to_owned);
    Ok(WebhookEvent {
        id: text(&body["id"]).ok_or(PaymentError::BadSignature)?,
        kind: text(&body["type"]).ok_or(PaymentError::BadSignature)?,
        object_id: text(&body["data"]["object"]["id"]),
        payment_id: text(&body["data"]["object"]["payment_intent"]),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const SECRET: &str = "whsec_test_secret";
    const BODY: &[u8] =
        br#"{"id":"evt_1","type":"payment_intent.succeeded","data":{"object":{"id":"pi_1"}}}"#;

    fn at(seconds: i64) -> DateTime<Utc> {
        DateTime::from_timestamp(seconds, 0).unwrap_or_default()
    }

    #[test]
    fn a_signed_body_verifies_and_reads_as_its_event() {
        let header = sign(SECRET, BODY, 1_800_000_000);
        assert!(verify(SECRET, BODY, &header, at(1_800_000_010)).is_ok());
        let event = event_of(BODY).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(event.id, "evt_1");
        assert_eq!(event.kind, "payment_intent.succeeded");
        assert_eq!(event.object_id.as_deref(), Some("pi_1"));
    }

    #[test]
    fn a_changed_body_another_secret_or_an_old_delivery_is_refused() {
        let header = sign(SECRET, BODY, 1_800_000_000);
        let now = at(1_800_000_010);
        let changed = BODY.to_vec().into_iter().rev().collect::<Vec<u8>>();
        assert!(verify(SECRET, &changed, &header, now).is_err());
        assert!(verify("whsec_other", BODY, &header, now).is_err());
        assert!(
            verify(
                SECRET,
                BODY,
                &header,
                at(1_800_000_000 + TOLERANCE_SECS + 1)
            )
            .is_err()
        );
        assert!(
            verify(SECRET, BODY, "t=1800000000", now).is_err(),
            "no signature"
        );
        assert!(verify(SECRET, BODY, "v1=00", now).is_err(), "no timestamp");
    }
}
