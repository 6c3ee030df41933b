//! Password hashing with argon2id at OWASP's parameters (m=19456 KiB, t=2, p=1), on a
//! few threads of its own so a burst of sign-ins cannot exhaust memory or starve the
//! server.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, Sender, channel};
use std::sync::{Arc, LazyLock, Mutex};

use argon2::password_hash::rand_core::OsRng;
use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::{Algorithm, Argon2, Params, Version};
use kernel::config::PasswordCost;
use kernel::{AppError, AppResult};
use tokio::sync::oneshot;

/// Minimum length of every password.
pub const MIN_PASSWORD_LENGTH: u64 = 8;

/// At most this many hashes run at once; the rest wait their turn.
const HASHING_THREADS: usize = 4;

type Job = Box<dyn FnOnce() + Send>;

/// The hashing threads' queue. Each hash needs 19 MiB of working memory, which the
/// allocator keeps cached per thread: on tokio's blocking pool (up to hundreds of
/// threads) a burst of sign-ups left gigabytes resident; a fixed set of threads caps
/// it at `HASHING_THREADS` times that.
static HASHING: LazyLock<Mutex<Sender<Job>>> = LazyLock::new(|| {
    let (jobs, queue) = channel::<Job>();
    let queue = Arc::new(Mutex::new(queue));
    for n in 0..HASHING_THREADS {
        let queue = Arc::clone(&queue);
        // A thread that cannot start leaves the others to do the work.
        let _ = std::thread::Builder::new()
            .name(format!("password-hash-{n}"))
            .spawn(move || work(&queue));
    }
    Mutex::new(jobs)
});

fn work(queue: &Mutex<Receiver<Job>>) {
    loop {
        let next = match queue.lock() {
            Ok(queue) => queue.recv(),
            Err(_) => return,
        };
        match next {
            Ok(job) => job(),
            Err(_) => return,
        }
    }
}

/// Whether new hashes are made at [`PasswordCost::TestsOnly`] (the app sets it at start-up).
static TESTS_ONLY_COST: AtomicBool = AtomicBool::new(false);

/// The cost of the hashes made from now on in this process.
pub fn set_cost(cost: PasswordCost) {
    TESTS_ONLY_COST.store(cost == PasswordCost::TestsOnly, Ordering::Relaxed);
}

fn argon2() -> Argon2<'static> {
    argon2_at(if TESTS_ONLY_COST.load(Ordering::Relaxed) {
        PasswordCost::TestsOnly
    } else {
        PasswordCost::Owasp
    })
}

fn argon2_at(cost: PasswordCost) -> Argon2<'static> {
    let params = match cost {
        PasswordCost::Owasp => Params::new(19_456, 2, 1, None),
        PasswordCost::TestsOnly => Params::new(Params::MIN_M_COST, Params::MIN_T_COST, 1, None),
    };
    Argon2::new(
        Algorithm::Argon2id,
        Version::V0x13,
        params.unwrap_or_default(),
    )
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

/// Runs `job` on a hashing thread and waits for its result.
async fn bounded<T: Send + 'static>(job: impl FnOnce() -> T + Send + 'static) -> AppResult<T> {
    let (done, result) = oneshot::channel();
    let job: Job = Box::new(move || {
        let _ = done.send(job());
    });
    HASHING
        .lock()
        .map_err(|_| AppError::Internal(anyhow::anyhow!("the hashing queue is poisoned")))?
        .send(job)
        .map_err(|_| AppError::Internal(anyhow::anyhow!("the hashing threads have stopped")))?;
    result
        .await
        .map_err(|_| AppError::Internal(anyhow::anyhow!("a hashing job was dropped")))
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

    #[test]
    fn a_hash_verifies_at_its_own_cost_whatever_new_hashes_cost() {
        let salt = SaltString::generate(&mut OsRng);
        let light = argon2_at(PasswordCost::TestsOnly)
            .hash_password(b"correct horse", &salt)
            .unwrap()
            .to_string();
        assert!(light.starts_with("$argon2id$v=19$m=8,t=1,p=1$"), "{light}");
        assert!(verify("correct horse", &light));
        assert!(!verify("wrong horse", &light));
    }

    #[tokio::test]
    async fn hashes_queued_at_once_all_finish_on_the_hashing_threads() {
        let jobs = (0..HASHING_THREADS * 2).map(|i| hash_async(format!("password {i}")));
        let hashes = futures_util::future::join_all(jobs).await;
        for (i, phc) in hashes.into_iter().enumerate() {
            assert!(
                verify_async(format!("password {i}"), phc.unwrap())
                    .await
                    .unwrap()
            );
        }
    }
}
