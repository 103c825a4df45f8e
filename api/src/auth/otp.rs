//! One-time passwords for password resets: six digits from the OS's CSPRNG, stored only as an
//! HMAC-SHA256 keyed with the server's secret, valid for ten minutes, single use, void after five
//! wrong tries. All SurrealQL about them lives here.

use std::time::Duration;

use anyhow::Context;
use hmac::{Hmac, Mac};
use rand::Rng;
use sha2::Sha256;
use surrealdb::types::SurrealValue;

use crate::db::Db;
use crate::db::errors::{Failure, failure};
use crate::db::retry::{Attempt, until_settled};
use crate::domain::UserId;

/// How long an OTP stays valid.
pub const OTP_TTL: Duration = Duration::from_secs(10 * 60);
/// Wrong tries after which an OTP is void.
pub const MAX_ATTEMPTS: i64 = 5;
/// A new OTP is not sent sooner than this after the previous one.
pub const RESEND_INTERVAL: Duration = Duration::from_secs(60);

/// A fresh six-digit code.
pub fn generate() -> String {
    format!("{:06}", rand::rngs::OsRng.gen_range(0..1_000_000u32))
}

/// The stored form of a code for a user.
pub fn digest(key: &[u8], user: &UserId, code: &str) -> String {
    let Ok(mut mac) = Hmac::<Sha256>::new_from_slice(key) else {
        return String::new();
    };
    mac.update(user.key().as_bytes());
    mac.update(b":");
    mac.update(code.as_bytes());
    crate::hex::encode(&mac.finalize().into_bytes())
}

fn matches(key: &[u8], user: &UserId, code: &str, stored_hex: &str) -> bool {
    let Ok(mut mac) = Hmac::<Sha256>::new_from_slice(key) else {
        return false;
    };
    mac.update(user.key().as_bytes());
    mac.update(b":");
    mac.update(code.as_bytes());
    let Some(stored) = decode_hex(stored_hex) else {
        return false;
    };
    mac.verify_slice(&stored).is_ok()
}

fn decode_hex(text: &str) -> Option<Vec<u8>> {
    (0..text.len())
        .step_by(2)
        .map(|i| {
            text.get(i..i + 2)
                .and_then(|pair| u8::from_str_radix(pair, 16).ok())
        })
        .collect()
}

/// True when the user was sent an OTP within the resend interval.
pub async fn sent_recently(db: &Db, user: &UserId) -> anyhow::Result<bool> {
    let mut response = db
        .query("SELECT count() AS n FROM password_reset WHERE user = $user AND created_at > time::now() - $interval GROUP ALL")
        .bind(("user", user.record()))
        .bind(("interval", surrealdb::types::Duration::from_secs(RESEND_INTERVAL.as_secs())))
        .await
        .context("checking recent OTPs")?;
    let count: Option<i64> = response.take((0, "n")).context("checking recent OTPs")?;
    Ok(count.unwrap_or(0) > 0)
}

/// Stores a new OTP for the user, voiding any earlier one.
pub async fn store(db: &Db, user: &UserId, otp_hash: String) -> anyhow::Result<()> {
    db.query(concat!(
        "BEGIN; ",
        "UPDATE password_reset SET used = true WHERE user = $user AND used = false RETURN NONE; ",
        "CREATE password_reset CONTENT { user: $user, otp_hash: $hash, expires_at: time::now() + $ttl } RETURN NONE; ",
        "COMMIT;"
    ))
    .bind(("user", user.record()))
    .bind(("hash", otp_hash))
    .bind(("ttl", surrealdb::types::Duration::from_secs(OTP_TTL.as_secs())))
    .await
    .context("storing an OTP")?
    .check()
    .context("storing an OTP")?;
    Ok(())
}

/// Checks a code against the user's live OTP. The try is counted first, in the same statement
/// that finds the OTP (so parallel tries can never check more than [`MAX_ATTEMPTS`] codes); a
/// right code is then used up.
pub async fn redeem(db: &Db, key: &[u8], user: &UserId, code: &str) -> anyhow::Result<bool> {
    #[derive(SurrealValue)]
    #[surreal(crate = "surrealdb::types")]
    struct Live {
        id: surrealdb::types::RecordId,
        otp_hash: String,
    }
    until_settled(
        |_| async move {
            let mut response = db
                .query(
                    "UPDATE password_reset SET attempts += 1 \
                     WHERE user = $user AND used = false AND attempts < $max AND expires_at > time::now() \
                     RETURN id, otp_hash",
                )
                .bind(("user", user.record()))
                .bind(("max", MAX_ATTEMPTS))
                .await
                .context("counting an OTP try")?;
            match failure(&mut response) {
                None => {}
                Some(Failure::Conflict) => return Ok(Attempt::Retry),
                Some(other) => anyhow::bail!("counting an OTP try: {other:?}"),
            }
            let live: Vec<Live> = response.take(0).context("reading an OTP")?;
            let Some(live) = live
                .into_iter()
                .find(|live| code.len() == 6 && matches(key, user, code, &live.otp_hash))
            else {
                return Ok(Attempt::Done(false));
            };
            let mut response = db
                .query("UPDATE $id SET used = true WHERE used = false RETURN VALUE id")
                .bind(("id", live.id))
                .await
                .context("using an OTP")?;
            let used: Vec<surrealdb::types::RecordId> = response.take(0).context("using an OTP")?;
            Ok(Attempt::Done(!used.is_empty()))
        },
        || anyhow::anyhow!("counting an OTP try kept losing races"),
    )
    .await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_have_six_digits_and_digests_depend_on_key_user_and_code() {
        for _ in 0..100 {
            let code = generate();
            assert_eq!(code.len(), 6);
            assert!(code.bytes().all(|b| b.is_ascii_digit()));
        }
        let user = UserId::parse("abc").unwrap();
        let other = UserId::parse("abd").unwrap();
        let stored = digest(b"key-one", &user, "123456");
        assert!(matches(b"key-one", &user, "123456", &stored));
        assert!(!matches(b"key-two", &user, "123456", &stored));
        assert!(!matches(b"key-one", &other, "123456", &stored));
        assert!(!matches(b"key-one", &user, "123457", &stored));
    }
}
