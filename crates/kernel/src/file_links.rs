//! Links to files that only some may see (attachments of discussions, a group's
//! materials): the API hands a viewer who passed the post's policy a link signed with the
//! server's key and valid for a while; `/files/…` serves the file only against a valid,
//! unexpired signature. The file's storage key is unguessable, but a leaked or shared
//! address stops working when it expires.

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use chrono::{DateTime, Utc};
use hmac::{Hmac, Mac};
use sha2::Sha256;

/// Where signed files are served.
pub const FILES_PREFIX: &str = "/files";
/// How long a link works. Rounded up to the next whole window, so one page's links stay
/// the same (and cacheable) for a while.
const LIFETIME_SECONDS: i64 = 60 * 60;
const WINDOW_SECONDS: i64 = 10 * 60;

/// Signs and checks file links with a key derived from the server's secret.
#[derive(Clone)]
pub struct FileLinks {
    key: Vec<u8>,
}

impl FileLinks {
    pub fn new(secret: &[u8]) -> Self {
        // A key of its own, so a file signature is never valid as anything else.
        let mut mac = Self::mac_with(secret);
        mac.update(b"cohort file links");
        Self {
            key: mac.finalize().into_bytes().to_vec(),
        }
    }

    fn mac_with(key: &[u8]) -> Hmac<Sha256> {
        // HMAC takes keys of any length; this cannot fail.
        <Hmac<Sha256> as Mac>::new_from_slice(key)
            .unwrap_or_else(|_| unreachable!("HMAC accepts keys of any length"))
    }

    fn signature(&self, key: &str, expires: i64) -> String {
        let mut mac = Self::mac_with(&self.key);
        mac.update(format!("{expires}:{key}").as_bytes());
        URL_SAFE_NO_PAD.encode(mac.finalize().into_bytes())
    }

    /// A link to the file at `key`, valid for about an hour from `now`.
    pub fn url_at(&self, key: &str, now: DateTime<Utc>) -> String {
        let expires = (now.timestamp() + LIFETIME_SECONDS + WINDOW_SECONDS - 1) / WINDOW_SECONDS
            * WINDOW_SECONDS;
        format!(
            "{FILES_PREFIX}/{key}?expires={expires}&signature={}",
            self.signature(key, expires)
        )
    }

    /// A link to the file at `key`, valid for about an hour.
    pub fn url(&self, key: &str) -> String {
        self.url_at(key, crate::clock::now())
    }

    /// True when `signature` signs `key` until `expires` and that is still ahead.
    pub fn verify(&self, key: &str, expires: i64, signature: &str) -> bool {
        self.verify_at(key, expires, signature, crate::clock::now())
    }

    /// True when `signature` signs `key` until `expires` and that is still ahead of `now`.
    pub fn verify_at(&self, key: &str, expires: i64, signature: &str, now: DateTime<Utc>) -> bool {
        let Ok(given) = URL_SAFE_NO_PAD.decode(signature) else {
            return false;
        };
        let mut mac = Self::mac_with(&self.key);
        mac.update(format!("{expires}:{key}").as_bytes());
        expires > now.timestamp() && mac.verify_slice(&given).is_ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parts(url: &str) -> (String, i64, String) {
        let (path, query) = url.split_once('?').unwrap();
        let key = path.trim_start_matches("/files/").to_owned();
        let mut expires = 0;
        let mut signature = String::new();
        for pair in query.split('&') {
            match pair.split_once('=').unwrap() {
                ("expires", v) => expires = v.parse().unwrap(),
                ("signature", v) => signature = v.to_owned(),
                _ => {}
            }
        }
        (key, expires, signature)
    }

    #[test]
    fn links_work_for_their_file_until_they_expire() {
        let links = FileLinks::new(b"a secret of at least thirty-two bytes!");
        let now = crate::clock::now();
        let (key, expires, signature) = parts(&links.url_at("discussions/ab.pdf", now));
        assert_eq!(key, "discussions/ab.pdf");
        assert!(links.verify_at(&key, expires, &signature, now));
        assert!(expires - now.timestamp() >= LIFETIME_SECONDS);
        let later = DateTime::from_timestamp(expires, 0).unwrap();
        assert!(
            !links.verify_at(&key, expires, &signature, later),
            "expired"
        );
        assert!(!links.verify_at("discussions/other.pdf", expires, &signature, now));
        assert!(
            !links.verify_at(&key, expires + 600, &signature, now),
            "extended"
        );
        let other = FileLinks::new(b"another secret of at least thirty-two!");
        assert!(!other.verify_at(&key, expires, &signature, now));
    }
}
