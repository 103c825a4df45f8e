//! Password hashing with argon2id (OWASP parameters: 19 MiB, 2 passes, 1 lane), always off the
//! async threads. An unknown account is checked against a dummy hash so a failed sign-in takes
//! the same time whether or not the account exists.
//!
//! Each hash holds 19 MiB while it runs, so a [`Hasher`] runs at most one per core at once;
//! others queue for up to [`MAX_QUEUE_WAIT`], and past that, or when too many are already
//! queued, the caller gets 503 with Retry-After instead of the server growing without bound.

use std::sync::OnceLock;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use anyhow::Context;
use argon2::password_hash::rand_core::OsRng;
use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::{Algorithm, Argon2, Params, Version};
use tokio::sync::{Semaphore, SemaphorePermit};

use crate::domain::Password;
use crate::error::ApiError;

/// The longest a hash waits for its turn before the caller is told to come back.
pub const MAX_QUEUE_WAIT: Duration = Duration::from_secs(5);
/// Hashes queued per running one, beyond which callers are told to come back at once.
const QUEUE_PER_PERMIT: usize = 32;

/// Hashes and checks passwords, at most one per core at a time.
#[derive(Debug)]
pub struct Hasher {
    running: Semaphore,
    permits: usize,
    waiting: AtomicUsize,
}

impl Default for Hasher {
    fn default() -> Hasher {
        Hasher::new(std::thread::available_parallelism().map_or(2, std::num::NonZeroUsize::get))
    }
}

fn busy() -> ApiError {
    ApiError::Busy { retry_after_secs: 2 }
}

impl Hasher {
    /// A hasher running at most `permits` hashes at once.
    pub fn new(permits: usize) -> Hasher {
        let permits = permits.max(1);
        Hasher { running: Semaphore::new(permits), permits, waiting: AtomicUsize::new(0) }
    }

    /// Waits for a turn to hash.
    async fn turn(&self) -> Result<SemaphorePermit<'_>, ApiError> {
        if let Ok(permit) = self.running.try_acquire() {
            return Ok(permit);
        }
        if self.waiting.fetch_add(1, Ordering::AcqRel) >= self.permits * QUEUE_PER_PERMIT {
            self.waiting.fetch_sub(1, Ordering::AcqRel);
            return Err(busy());
        }
        let waited = tokio::time::timeout(MAX_QUEUE_WAIT, self.running.acquire()).await;
        self.waiting.fetch_sub(1, Ordering::AcqRel);
        match waited {
            Ok(Ok(permit)) => Ok(permit),
            _ => Err(busy()),
        }
    }

    /// Hashes a new password (PHC string); 503 when too many hashes are waiting.
    pub async fn hash(&self, password: &Password) -> Result<String, ApiError> {
        let _turn = self.turn().await?;
        let password = password.expose().to_owned();
        let hashed = tokio::task::spawn_blocking(move || {
            let salt = SaltString::generate(&mut OsRng);
            argon2().hash_password(password.as_bytes(), &salt).map(|hash| hash.to_string())
        })
        .await
        .context("hashing task")?
        .map_err(|error| anyhow::anyhow!("hashing a password: {error}"))?;
        Ok(hashed)
    }

    /// True when `password` matches `stored`. With no stored hash (unknown account) the dummy
    /// hash is checked instead and the answer is always false. 503 when too many hashes are waiting.
    pub async fn verify(&self, password: &str, stored: Option<String>) -> Result<bool, ApiError> {
        let _turn = self.turn().await?;
        let password = password.to_owned();
        let checked = tokio::task::spawn_blocking(move || {
            let known = stored.is_some();
            let hash = stored.unwrap_or_else(|| dummy_hash().to_owned());
            let matches = PasswordHash::new(&hash)
                .map(|parsed| argon2().verify_password(password.as_bytes(), &parsed).is_ok())
                .unwrap_or(false);
            known && matches
        })
        .await;
        Ok(checked.unwrap_or(false))
    }
}

fn argon2() -> Argon2<'static> {
    let params = Params::new(19 * 1024, 2, 1, None).unwrap_or_default();
    Argon2::new(Algorithm::Argon2id, Version::V0x13, params)
}

fn dummy_hash() -> &'static str {
    static DUMMY: OnceLock<String> = OnceLock::new();
    DUMMY.get_or_init(|| {
        let salt = SaltString::generate(&mut OsRng);
        argon2()
            .hash_password(b"whisk-dummy-password-for-unknown-accounts", &salt)
            .map(|hash| hash.to_string())
            .unwrap_or_default()
    })
}

/// Computes the dummy hash now, so the first failed sign-in is not faster than later ones.
pub fn warm_up() {
    let _ = dummy_hash();
}
