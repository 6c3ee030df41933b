//! Credentials others can check (issue 24, item 4): the instance's Ed25519 signing key, the
//! `did:web` document that publishes it at `/.well-known/did.json`, and Data Integrity
//! proofs (`eddsa-jcs-2022`) over JSON-LD documents such as Open Badges 3.0 credentials.
//!
//! The key is derived from the server's secret (`COHORT_SECRET_KEY` or the generated
//! `secret.key`), so it survives restarts and backups without a file of its own, and a
//! verifier needs nothing but the published document.

pub mod data_integrity;
pub mod jcs;

use ed25519_dalek::{SigningKey, VerifyingKey};
use serde_json::{Value, json};
use sha2::{Digest, Sha256};

/// The multicodec prefix of an Ed25519 public key in a Multikey (`0xed 0x01`).
const ED25519_PUB: [u8; 2] = [0xed, 0x01];

/// Where the DID document is served, under the site's root.
pub const DID_DOCUMENT_PATH: &str = "/.well-known/did.json";

/// The instance as an issuer: its `did:web` identifier and signing key.
#[derive(Clone)]
pub struct Issuer {
    did: String,
    key: SigningKey,
}

impl std::fmt::Debug for Issuer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Issuer")
            .field("did", &self.did)
            .finish_non_exhaustive()
    }
}

impl Issuer {
    /// The issuer at `public_url` whose key is derived from `secret`.
    pub fn new(secret: &[u8], public_url: &str) -> Self {
        let mut seed = Sha256::new();
        seed.update(b"cohort credential signing key v1\0");
        seed.update(secret);
        Self {
            did: did_web(public_url),
            key: SigningKey::from_bytes(&seed.finalize().into()),
        }
    }

    /// `did:web:` and the site's host (a port is written `%3A`).
    pub fn did(&self) -> &str {
        &self.did
    }

    /// The key's id in the DID document.
    pub fn verification_method(&self) -> String {
        format!("{}#key-1", self.did)
    }

    pub fn public_key(&self) -> VerifyingKey {
        self.key.verifying_key()
    }

    pub(crate) fn signing_key(&self) -> &SigningKey {
        &self.key
    }

    /// The DID document published at [`DID_DOCUMENT_PATH`].
    pub fn did_document(&self) -> Value {
        let method = self.verification_method();
        json!({
            "@context": ["https://www.w3.org/ns/did/v1", "https://w3id.org/security/multikey/v1"],
            "id": self.did,
            "verificationMethod": [{
                "id": method,
                "type": "Multikey",
                "controller": self.did,
                "publicKeyMultibase": public_key_multibase(&self.public_key()),
            }],
            "assertionMethod": [method],
        })
    }
}

/// `did:web` for a site's address: its host, and `%3A` before a port.
fn did_web(public_url: &str) -> String {
    let host = public_url
        .split_once("://")
        .map_or(public_url, |(_, rest)| rest)
        .split('/')
        .next()
        .unwrap_or_default();
    format!("did:web:{}", host.replace(':', "%3A"))
}

/// A public key as a Multikey's `publicKeyMultibase` (base58-btc, `z…`).
pub fn public_key_multibase(key: &VerifyingKey) -> String {
    let mut bytes = ED25519_PUB.to_vec();
    bytes.extend_from_slice(key.as_bytes());
    format!("z{}", bs58::encode(bytes).into_string())
}

/// The key in a `publicKeyMultibase`, if it is an Ed25519 one.
pub fn public_key_from_multibase(text: &str) -> Option<VerifyingKey> {
    let bytes = bs58::decode(text.strip_prefix('z')?).into_vec().ok()?;
    let key: [u8; 32] = bytes.strip_prefix(&ED25519_PUB)?.try_into().ok()?;
    VerifyingKey::from_bytes(&key).ok()
}

/// The key a DID document names as `method` for assertions, if any.
pub fn key_in_document(document: &Value, method: &str) -> Option<VerifyingKey> {
    let asserts = document["assertionMethod"]
        .as_array()?
        .iter()
        .any(|m| m.as_str() == Some(method));
    if !asserts {
        return None;
    }
    document["verificationMethod"]
        .as_array()?
        .iter()
        .find(|m| m["id"].as_str() == Some(method))
        .and_then(|m| public_key_from_multibase(m["publicKeyMultibase"].as_str()?))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_did_names_the_host_and_port() {
        assert_eq!(
            did_web("https://cohort.example.org"),
            "did:web:cohort.example.org"
        );
        assert_eq!(
            did_web("http://localhost:8080/"),
            "did:web:localhost%3A8080"
        );
    }

    #[test]
    fn the_same_secret_gives_the_same_key_and_the_document_publishes_it() {
        let one = Issuer::new(
            b"a secret of at least thirty-two bytes!",
            "https://c.example",
        );
        let again = Issuer::new(
            b"a secret of at least thirty-two bytes!",
            "https://c.example",
        );
        let other = Issuer::new(
            b"another secret of thirty-two bytes...",
            "https://c.example",
        );
        assert_eq!(one.public_key(), again.public_key());
        assert_ne!(one.public_key(), other.public_key());
        let document = one.did_document();
        let published = key_in_document(&document, &one.verification_method());
        assert_eq!(published, Some(one.public_key()));
        assert!(public_key_multibase(&one.public_key()).starts_with("z6Mk"));
        assert_eq!(key_in_document(&document, "did:web:c.example#other"), None);
    }
}
