//! Password hashing with argon2id (OWASP parameters: 19 MiB, 2 passes, 1 lane), always off the
//! async threads. An unknown account is checked against a dummy hash so a failed sign-in takes
//! the same time whether or not the account exists.

use std::sync::OnceLock;

use anyhow::Context;
use argon2::password_hash::rand_core::OsRng;
use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::{Algorithm, Argon2, Params, Version};

use crate::domain::Password;

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

/// Hashes a new password (PHC string).
pub async fn hash(password: &Password) -> anyhow::Result<String> {
    let password = password.expose().to_owned();
    tokio::task::spawn_blocking(move || {
        let salt = SaltString::generate(&mut OsRng);
        argon2().hash_password(password.as_bytes(), &salt).map(|hash| hash.to_string())
    })
    .await
    .context("hashing task")?
    .map_err(|error| anyhow::anyhow!("hashing a password: {error}"))
}

/// True when `password` matches `stored`. With no stored hash (unknown account) the dummy hash is
/// checked instead and the answer is always false.
pub async fn verify(password: &str, stored: Option<String>) -> bool {
    let password = password.to_owned();
    tokio::task::spawn_blocking(move || {
        let known = stored.is_some();
        let hash = stored.unwrap_or_else(|| dummy_hash().to_owned());
        let matches = PasswordHash::new(&hash)
            .map(|parsed| argon2().verify_password(password.as_bytes(), &parsed).is_ok())
            .unwrap_or(false);
        known && matches
    })
    .await
    .unwrap_or(false)
}

/// Computes the dummy hash now, so the first failed sign-in is not faster than later ones.
pub fn warm_up() {
    let _ = dummy_hash();
}
