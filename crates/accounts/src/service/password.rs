//! Password hashing with argon2id at OWASP's parameters (m=19456 KiB, t=2, p=1), on the
//! blocking pool, with a bounded number of hashes at once so a burst of sign-ins cannot
//! exhaust memory or starve the server.

use std::sync::LazyLock;

use argon2::password_hash::rand_core::OsRng;
use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::{Algorithm, Argon2, Params, Version};
use kernel::{AppError, AppResult};
use tokio::sync::Semaphore;

/// Minimum length of every password (spec §5, document 1).
pub const MIN_PASSWORD_LENGTH: u64 = 8;

/// At most this many hashes run at once; the rest wait their turn.
const CONCURRENT_HASHES: usize = 4;
static HASHING: LazyLock<Semaphore> = LazyLock::new(|| Semaphore::new(CONCURRENT_HASHES));

fn argon2() -> Argon2<'static> {
    let params = Params::new(19_456, 2, 1, None).unwrap_or_default();
    Argon2::new(Algorithm::Argon2id, Version::V0x13, params)
}

/// Hashes `password` into a PHC string (`$argon2id$...`).
pub fn hash(password: &str) -> anyhow::Result<String> {
    let salt = SaltString::generate(&mut OsRng);
    argon2()
        .hash_password(password.as_bytes(), &salt)
        .map(|h| h.to_string())
        .map_err(|e| anyhow::anyhow!("hashing password: {e}"))
}

/// True when `password` matches `phc`; a malformed stored hash never matches.
pub fn verify(password: &str, phc: &str) -> bool {
    PasswordHash::new(phc)
        .map(|parsed| {
            argon2()
                .verify_password(password.as_bytes(), &parsed)
                .is_ok()
        })
        .unwrap_or(false)
}

async fn bounded<T: Send + 'static>(work: impl FnOnce() -> T + Send + 'static) -> AppResult<T> {
    let _permit = HASHING
        .acquire()
        .await
        .map_err(|e| AppError::Internal(e.into()))?;
    tokio::task::spawn_blocking(work)
        .await
        .map_err(|e| AppError::Internal(e.into()))
}

/// [`hash`] off the async workers.
pub async fn hash_async(password: String) -> AppResult<String> {
    bounded(move || hash(&password))
        .await?
        .map_err(AppError::Internal)
}

/// [`verify`] off the async workers.
pub async fn verify_async(password: String, phc: String) -> AppResult<bool> {
    bounded(move || verify(&password, &phc)).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hashes_with_argon2id_at_owasp_parameters_and_verifies() {
        let phc = hash("correct horse").unwrap();
        assert!(phc.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"), "{phc}");
        assert!(verify("correct horse", &phc));
        assert!(!verify("wrong horse", &phc));
        assert!(!verify("correct horse", "not a hash"));
        assert_ne!(phc, hash("correct horse").unwrap(), "salts differ");
    }
}
