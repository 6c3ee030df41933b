//! A self-hosted proof-of-work captcha: the server hands out signed, expiring
//! challenges; the browser finds a nonce whose SHA-256 with the challenge starts with
//! `difficulty` zero bits; the server checks the signature, the expiry and the work,
//! and accepts each challenge once. No third party sees the visitor. The port and its
//! messages are the kernel's (`kernel::captcha`).

use async_trait::async_trait;
use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use chrono::{DateTime, Duration, TimeZone, Utc};
use hmac::{Hmac, Mac};
use rand::RngCore;
use sea_orm::{ActiveModelTrait, ColumnTrait, DatabaseConnection, EntityTrait, QueryFilter, Set};
use sha2::{Digest, Sha256};

use kernel::captcha::{Captcha, CaptchaChallenge, EXPIRED, FIELD, INVALID, MISSING, REUSED};
use kernel::error::{AppError, AppResult};

mod spent {
    use sea_orm::entity::prelude::*;

    #[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
    #[sea_orm(table_name = "captcha_uses")]
    pub struct Model {
        #[sea_orm(primary_key, auto_increment = false)]
        pub challenge_id: String,
        pub expires_at: DateTimeUtc,
    }

    #[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
    pub enum Relation {}

    impl ActiveModelBehavior for ActiveModel {}
}

/// The default captcha.
pub struct ProofOfWork {
    key: Vec<u8>,
    db: DatabaseConnection,
    difficulty: u8,
    ttl: Duration,
}

const ID_LEN: usize = 16;

impl ProofOfWork {
    pub fn new(key: &[u8], db: DatabaseConnection, difficulty: u8) -> Self {
        Self {
            key: key.to_vec(),
            db,
            difficulty,
            ttl: Duration::minutes(10),
        }
    }

    fn mac(&self) -> Hmac<Sha256> {
        // HMAC accepts keys of any length, so this cannot fail.
        match <Hmac<Sha256> as Mac>::new_from_slice(&self.key) {
            Ok(mac) => mac,
            Err(_) => unreachable_key(),
        }
    }

    fn sign(&self, payload: &[u8]) -> String {
        let mut mac = self.mac();
        mac.update(payload);
        URL_SAFE_NO_PAD.encode(mac.finalize().into_bytes())
    }

    /// Issues a challenge expiring `ttl` after `now`.
    pub fn issue_at(&self, now: DateTime<Utc>) -> CaptchaChallenge {
        let mut payload = [0u8; ID_LEN + 9];
        rand::rng().fill_bytes(&mut payload[..ID_LEN]);
        let expires_at = now + self.ttl;
        payload[ID_LEN..ID_LEN + 8].copy_from_slice(&expires_at.timestamp().to_be_bytes());
        payload[ID_LEN + 8] = self.difficulty;
        let challenge = format!(
            "{}.{}",
            URL_SAFE_NO_PAD.encode(payload),
            self.sign(&payload)
        );
        CaptchaChallenge {
            enabled: true,
            challenge,
            difficulty: self.difficulty,
            expires_at,
        }
    }

    /// Checks signature, expiry and work; returns the challenge id and expiry.
    fn check(&self, solution: &str, now: DateTime<Utc>) -> AppResult<(String, DateTime<Utc>)> {
        let invalid = || AppError::field(FIELD, INVALID);
        let (challenge, nonce) = solution.rsplit_once(':').ok_or_else(invalid)?;
        let (payload_b64, signature) = challenge.split_once('.').ok_or_else(invalid)?;
        let payload = URL_SAFE_NO_PAD.decode(payload_b64).map_err(|_| invalid())?;
        if payload.len() != ID_LEN + 9 || nonce.is_empty() || nonce.len() > 20 {
            return Err(invalid());
        }
        let mut mac = self.mac();
        mac.update(&payload);
        let expected = URL_SAFE_NO_PAD.decode(signature).map_err(|_| invalid())?;
        mac.verify_slice(&expected).map_err(|_| invalid())?;

        let mut seconds = [0u8; 8];
        seconds.copy_from_slice(&payload[ID_LEN..ID_LEN + 8]);
        let expires_at = Utc
            .timestamp_opt(i64::from_be_bytes(seconds), 0)
            .single()
            .ok_or_else(invalid)?;
        if expires_at <= now {
            return Err(AppError::field(FIELD, EXPIRED));
        }
        let difficulty = payload[ID_LEN + 8];
        if leading_zero_bits(&Sha256::digest(solution.as_bytes())) < u32::from(difficulty) {
            return Err(invalid());
        }
        Ok((URL_SAFE_NO_PAD.encode(&payload[..ID_LEN]), expires_at))
    }
}

#[cold]
fn unreachable_key() -> ! {
    panic!("HMAC-SHA256 rejected a key; it accepts every length")
}

#[async_trait]
impl Captcha for ProofOfWork {
    fn challenge(&self) -> CaptchaChallenge {
        self.issue_at(kernel::clock::now())
    }

    async fn verify(&self, solution: Option<&str>) -> AppResult<()> {
        let solution = solution
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .ok_or_else(|| AppError::field(FIELD, MISSING))?;
        let now = kernel::clock::now();
        let (challenge_id, expires_at) = self.check(solution, now)?;
        // Forget spent challenges once they could no longer be replayed anyway.
        spent::Entity::delete_many()
            .filter(spent::Column::ExpiresAt.lt(now))
            .exec(&self.db)
            .await?;
        // The primary key makes "spend" atomic: a second insert of the id fails.
        let spent = spent::ActiveModel {
            challenge_id: Set(challenge_id),
            expires_at: Set(expires_at),
        };
        if spent.insert(&self.db).await.is_err() {
            return Err(AppError::field(FIELD, REUSED));
        }
        Ok(())
    }
}

/// `COHORT_CAPTCHA=off`: every solution passes. For local development and tests only.
pub struct Disabled;

#[async_trait]
impl Captcha for Disabled {
    fn challenge(&self) -> CaptchaChallenge {
        CaptchaChallenge {
            enabled: false,
            challenge: String::new(),
            difficulty: 0,
            expires_at: kernel::clock::now() + Duration::days(1),
        }
    }

    async fn verify(&self, _: Option<&str>) -> AppResult<()> {
        Ok(())
    }
}

fn leading_zero_bits(hash: &[u8]) -> u32 {
    let mut bits = 0;
    for byte in hash {
        if *byte == 0 {
            bits += 8;
        } else {
            bits += byte.leading_zeros();
            break;
        }
    }
    bits
}

/// Finds a nonce for `challenge`, as the browser does. Used by tests and tools.
pub fn solve(challenge: &CaptchaChallenge) -> String {
    (0u64..)
        .map(|nonce| format!("{}:{nonce}", challenge.challenge))
        .find(|candidate| {
            leading_zero_bits(&Sha256::digest(candidate.as_bytes()))
                >= u32::from(challenge.difficulty)
        })
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pow() -> ProofOfWork {
        // The checks below need no database.
        ProofOfWork::new(b"test key", DatabaseConnection::default(), 8)
    }

    #[test]
    fn a_solved_challenge_checks_out() {
        let captcha = pow();
        let now = kernel::clock::now();
        let challenge = captcha.issue_at(now);
        let solution = solve(&challenge);
        assert!(captcha.check(&solution, now).is_ok());
    }

    #[test]
    fn forged_unsolved_and_expired_challenges_fail() {
        let captcha = pow();
        let now = kernel::clock::now();
        let challenge = captcha.issue_at(now);
        let solution = solve(&challenge);

        let other_key = ProofOfWork::new(b"other key", DatabaseConnection::default(), 8);
        let err = other_key.check(&solution, now).unwrap_err();
        assert_eq!(err.body().messages[FIELD], vec![INVALID]);

        let unsolved = (0u64..)
            .map(|n| format!("{}:{n}", challenge.challenge))
            .find(|c| leading_zero_bits(&Sha256::digest(c.as_bytes())) < 8)
            .unwrap();
        assert!(captcha.check(&unsolved, now).is_err());

        let later = now + Duration::minutes(11);
        let err = captcha.check(&solution, later).unwrap_err();
        assert_eq!(err.body().messages[FIELD], vec![EXPIRED]);

        assert!(captcha.check("garbage", now).is_err());
    }

    #[test]
    fn counts_leading_zero_bits() {
        assert_eq!(leading_zero_bits(&[0, 0x0f, 0xff]), 12);
        assert_eq!(leading_zero_bits(&[0x80]), 0);
    }
}
