//! One-click unsubscribe links (RFC 8058) in notification e-mails: each names a member and
//! a notification kind, signed with a key derived from the server's secret, so following
//! it turns that kind's e-mails off for that member without signing in — and for no one
//! else. They do not expire: a link in an old e-mail must still work.

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use hmac::{Hmac, Mac};
use sha2::Sha256;

/// Where the links lead (the accounts crate answers it).
pub const UNSUBSCRIBE_PATH: &str = "/api/notifications/unsubscribe";

/// Signs and checks unsubscribe tokens.
#[derive(Clone)]
pub struct UnsubscribeLinks {
    key: Vec<u8>,
}

/// Whom and what a valid token unsubscribes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unsubscribe {
    pub user_id: i64,
    pub kind: String,
}

fn mac_with(key: &[u8]) -> Hmac<Sha256> {
    <Hmac<Sha256> as Mac>::new_from_slice(key)
        .unwrap_or_else(|_| unreachable!("HMAC accepts keys of any length"))
}

impl UnsubscribeLinks {
    pub fn new(secret: &[u8]) -> Self {
        // A key of its own, so no other signature of the server's is valid here.
        let mut mac = mac_with(secret);
        mac.update(b"cohort unsubscribe links");
        Self {
            key: mac.finalize().into_bytes().to_vec(),
        }
    }

    fn signature(&self, user_id: i64, kind: &str) -> Hmac<Sha256> {
        let mut mac = mac_with(&self.key);
        mac.update(format!("{user_id}:{kind}").as_bytes());
        mac
    }

    /// `{user}.{kind}.{signature}`.
    pub fn token(&self, user_id: i64, kind: &str) -> String {
        let signature =
            URL_SAFE_NO_PAD.encode(self.signature(user_id, kind).finalize().into_bytes());
        format!("{user_id}.{kind}.{signature}")
    }

    /// The one-click address for `user_id`'s e-mails of `kind`.
    pub fn url(&self, public_url: &str, user_id: i64, kind: &str) -> String {
        format!(
            "{}{UNSUBSCRIBE_PATH}?token={}",
            public_url.trim_end_matches('/'),
            self.token(user_id, kind)
        )
    }

    /// Whom and what `token` unsubscribes, when this server signed it.
    pub fn verify(&self, token: &str) -> Option<Unsubscribe> {
        let mut parts = token.splitn(3, '.');
        let user_id: i64 = parts.next()?.parse().ok()?;
        let kind = parts.next()?;
        let given = URL_SAFE_NO_PAD.decode(parts.next()?).ok()?;
        self.signature(user_id, kind)
            .verify_slice(&given)
            .ok()
            .map(|()| Unsubscribe {
                user_id,
                kind: kind.to_owned(),
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_token_unsubscribes_its_member_from_its_kind_only() {
        let links = UnsubscribeLinks::new(b"server secret");
        let token = links.token(7, "join_request_received");
        assert_eq!(
            links.verify(&token),
            Some(Unsubscribe {
                user_id: 7,
                kind: "join_request_received".into()
            })
        );
        let forged_user = token.replacen('7', "8", 1);
        assert_eq!(links.verify(&forged_user), None);
        let forged_kind = token.replace("received", "answered");
        assert_eq!(links.verify(&forged_kind), None);
        assert_eq!(
            UnsubscribeLinks::new(b"another secret").verify(&token),
            None
        );
        assert_eq!(links.verify("garbage"), None);
        assert!(
            links
                .url("https://cohort.example.org/", 7, "x")
                .starts_with("https://cohort.example.org/api/notifications/unsubscribe?token=7.x.")
        );
    }
}
