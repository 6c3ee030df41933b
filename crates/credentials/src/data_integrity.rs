//! Data Integrity proofs with the `eddsa-jcs-2022` cryptosuite (W3C VC Data Integrity EdDSA
//! Cryptosuites v1.0, §3.3): the document without its proof and the proof's options are
//! each canonicalised with JCS and hashed with SHA-256; the Ed25519 signature covers the
//! options' hash followed by the document's, and is written base58-btc (`z…`).

use chrono::{DateTime, SecondsFormat, Utc};
use ed25519_dalek::{Signature, Signer, Verifier, VerifyingKey};
use serde_json::{Map, Value};
use sha2::{Digest, Sha256};

use super::{Issuer, jcs};

pub const PROOF_TYPE: &str = "DataIntegrityProof";
pub const CRYPTOSUITE: &str = "eddsa-jcs-2022";

/// Why a proof does not hold.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ProofError {
    /// No proof, or not one this suite reads.
    Missing,
    /// The proof names a key other than the one given.
    OtherKey,
    /// The signature does not match: the document or its proof was changed.
    Signature,
}

impl std::fmt::Display for ProofError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Self::Missing => "The file carries no eddsa-jcs-2022 proof.",
            Self::OtherKey => "The proof was not made with this site's key.",
            Self::Signature => {
                "The signature does not match: the credential was changed after it was issued."
            }
        })
    }
}

/// `document` with a proof by `issuer` made at `created`.
pub fn sign(document: &Value, issuer: &Issuer, created: DateTime<Utc>) -> Value {
    let mut options = Map::new();
    options.insert("type".into(), PROOF_TYPE.into());
    options.insert("cryptosuite".into(), CRYPTOSUITE.into());
    options.insert(
        "created".into(),
        created.to_rfc3339_opts(SecondsFormat::Secs, true).into(),
    );
    options.insert(
        "verificationMethod".into(),
        issuer.verification_method().into(),
    );
    options.insert("proofPurpose".into(), "assertionMethod".into());
    let config = proof_config(&options, document);
    let signature = issuer.signing_key().sign(&hash_data(&config, document));
    options.insert(
        "proofValue".into(),
        format!("z{}", bs58::encode(signature.to_bytes()).into_string()).into(),
    );
    let mut signed = document.clone();
    if let Value::Object(members) = &mut signed {
        members.insert("proof".into(), Value::Object(options));
    }
    signed
}

/// Checks `secured`'s proof against `key`, the key published as `method`.
pub fn verify(secured: &Value, method: &str, key: &VerifyingKey) -> Result<(), ProofError> {
    let proof = secured
        .get("proof")
        .and_then(Value::as_object)
        .ok_or(ProofError::Missing)?;
    if proof.get("type").and_then(Value::as_str) != Some(PROOF_TYPE)
        || proof.get("cryptosuite").and_then(Value::as_str) != Some(CRYPTOSUITE)
    {
        return Err(ProofError::Missing);
    }
    if proof.get("verificationMethod").and_then(Value::as_str) != Some(method) {
        return Err(ProofError::OtherKey);
    }
    let value = proof
        .get("proofValue")
        .and_then(Value::as_str)
        .and_then(|v| v.strip_prefix('z'))
        .and_then(|v| bs58::decode(v).into_vec().ok())
        .and_then(|bytes| <[u8; 64]>::try_from(bytes).ok())
        .ok_or(ProofError::Signature)?;
    let mut options = proof.clone();
    options.remove("proofValue");
    let mut document = secured.clone();
    if let Value::Object(members) = &mut document {
        members.remove("proof");
    }
    let config = proof_config(&options, &document);
    key.verify(
        &hash_data(&config, &document),
        &Signature::from_bytes(&value),
    )
    .map_err(|_| ProofError::Signature)
}

/// The proof's options as hashed: with the document's `@context` when they carry none.
fn proof_config(options: &Map<String, Value>, document: &Value) -> Value {
    let mut config = options.clone();
    if let (false, Some(context)) = (config.contains_key("@context"), document.get("@context")) {
        config.insert("@context".into(), context.clone());
    }
    Value::Object(config)
}

fn hash_data(config: &Value, document: &Value) -> Vec<u8> {
    let mut data = Sha256::digest(jcs::canonical(config).as_bytes()).to_vec();
    data.extend_from_slice(&Sha256::digest(jcs::canonical(document).as_bytes()));
    data
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn issuer(secret: &[u8]) -> Issuer {
        Issuer::new(secret, "https://cohort.example.org")
    }

    fn credential() -> Value {
        json!({
            "@context": ["https://www.w3.org/ns/credentials/v2"],
            "type": ["VerifiableCredential"],
            "issuer": "did:web:cohort.example.org",
            "credentialSubject": {"name": "Ada Lovelace", "creditsEarned": 1.5},
        })
    }

    #[test]
    fn a_signed_document_verifies_however_it_is_spaced_or_ordered() {
        let issuer = issuer(b"a secret of at least thirty-two bytes!");
        let signed = sign(&credential(), &issuer, kernel::clock::now());
        let method = issuer.verification_method();
        assert_eq!(verify(&signed, &method, &issuer.public_key()), Ok(()));
        // Pretty-printed and read back: the canonical form is the same.
        let reread: Value =
            serde_json::from_str(&serde_json::to_string_pretty(&signed).unwrap_or_default())
                .unwrap_or_default();
        assert_eq!(verify(&reread, &method, &issuer.public_key()), Ok(()));
    }

    #[test]
    fn a_changed_document_or_another_key_fails() {
        let issuer = issuer(b"a secret of at least thirty-two bytes!");
        let method = issuer.verification_method();
        let signed = sign(&credential(), &issuer, kernel::clock::now());
        let mut changed = signed.clone();
        changed["credentialSubject"]["name"] = "Mallory".into();
        assert_eq!(
            verify(&changed, &method, &issuer.public_key()),
            Err(ProofError::Signature)
        );
        let mut dated = signed.clone();
        dated["proof"]["created"] = "2020-01-01T00:00:00Z".into();
        assert_eq!(
            verify(&dated, &method, &issuer.public_key()),
            Err(ProofError::Signature)
        );
        let other = self::issuer(b"another secret of thirty-two bytes...");
        assert_eq!(
            verify(&signed, &method, &other.public_key()),
            Err(ProofError::Signature)
        );
        assert_eq!(
            verify(&signed, "did:web:elsewhere#key-1", &issuer.public_key()),
            Err(ProofError::OtherKey)
        );
        assert_eq!(
            verify(&credential(), &method, &issuer.public_key()),
            Err(ProofError::Missing)
        );
    }
}
