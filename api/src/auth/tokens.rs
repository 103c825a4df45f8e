//! Signed session tokens (HS256 JWT). A token names its kind (customer or admin), its subject,
//! its role and the subject's token version; raising the version in the database (password
//! change, deactivation, deletion) makes every older token stop working.

use std::path::Path;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use anyhow::{Context, bail};
use jsonwebtoken::{Algorithm, DecodingKey, EncodingKey, Header, Validation};
use serde::{Deserialize, Serialize};

use crate::auth::secret_repo;
use crate::db::Db;

/// How long a customer's token lasts.
pub const CUSTOMER_TOKEN_TTL: Duration = Duration::from_secs(7 * 24 * 60 * 60);
/// How long an admin's token lasts.
pub const ADMIN_TOKEN_TTL: Duration = Duration::from_secs(12 * 60 * 60);
/// The shortest secret accepted.
pub const MIN_SECRET_BYTES: usize = 32;

/// Who a token is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum TokenKind {
    /// A customer of the storefront.
    User,
    Admin,
}

/// The claims of a token.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Claims {
    /// Customer or admin.
    pub kind: TokenKind,
    /// The record key of the user or admin.
    pub sub: String,
    /// `customer`, or the admin's role.
    pub role: String,
    /// The subject's token version when the token was issued.
    pub ver: i64,
    /// Issued at (seconds since the epoch).
    pub iat: u64,
    /// Expires at (seconds since the epoch).
    pub exp: u64,
}

/// Signs and checks tokens with one secret.
#[derive(Clone)]
pub struct TokenKeys {
    encoding: EncodingKey,
    decoding: DecodingKey,
}

impl std::fmt::Debug for TokenKeys {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("TokenKeys(***)")
    }
}

impl TokenKeys {
    /// Keys from a secret of at least [`MIN_SECRET_BYTES`] bytes.
    pub fn new(secret: &[u8]) -> anyhow::Result<TokenKeys> {
        if secret.len() < MIN_SECRET_BYTES {
            bail!("JWT_SECRET must be at least {MIN_SECRET_BYTES} bytes");
        }
        // SurrealDB enables jsonwebtoken's aws-lc backend too; with two backends compiled in,
        // one must be chosen explicitly (a second call finds it chosen and changes nothing).
        let _ = jsonwebtoken::crypto::rust_crypto::DEFAULT_PROVIDER.install_default();
        Ok(TokenKeys {
            encoding: EncodingKey::from_secret(secret),
            decoding: DecodingKey::from_secret(secret),
        })
    }

    /// The configured secret (`JWT_SECRET`), or the one generated once and kept in the database,
    /// so every node shares it. A secret an older Whisk kept in `data_dir/jwt-secret` is moved
    /// into the database on first start, so sessions signed with it stay valid.
    pub async fn load_or_create(
        configured: Option<&str>,
        data_dir: &Path,
        db: &Db,
    ) -> anyhow::Result<(TokenKeys, Vec<u8>)> {
        if let Some(secret) = configured {
            return Ok((
                TokenKeys::new(secret.as_bytes())?,
                secret.as_bytes().to_vec(),
            ));
        }
        let legacy = data_dir.join("jwt-secret");
        let candidate = match std::fs::read_to_string(&legacy) {
            Ok(text) => text.trim().to_owned(),
            Err(error) if error.kind() == std::io::ErrorKind::NotFound => random_hex(48),
            Err(error) => {
                return Err(error).with_context(|| format!("reading {}", legacy.display()));
            }
        };
        let secret = secret_repo::find_or_store(db, &candidate).await?;
        if secret == candidate {
            tracing::info!("the token secret is kept in the database");
        }
        Ok((TokenKeys::new(secret.as_bytes())?, secret.into_bytes()))
    }

    /// A signed token for these claims' subject, valid for `ttl`.
    pub fn issue(
        &self,
        kind: TokenKind,
        subject: &str,
        role: &str,
        version: i64,
        ttl: Duration,
    ) -> anyhow::Result<String> {
        let now = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .unwrap_or_default()
            .as_secs();
        let claims = Claims {
            kind,
            sub: subject.to_owned(),
            role: role.to_owned(),
            ver: version,
            iat: now,
            exp: now + ttl.as_secs(),
        };
        jsonwebtoken::encode(&Header::new(Algorithm::HS256), &claims, &self.encoding)
            .context("signing a token")
    }

    /// The claims of a genuine, unexpired HS256 token; `None` for anything else.
    pub fn verify(&self, token: &str) -> Option<Claims> {
        let mut validation = Validation::new(Algorithm::HS256);
        validation.leeway = 5;
        validation.set_required_spec_claims(&["exp", "iat", "sub"]);
        jsonwebtoken::decode::<Claims>(token, &self.decoding, &validation)
            .ok()
            .map(|data| data.claims)
    }
}

fn random_hex(bytes: usize) -> String {
    use rand::RngCore;
    let mut buffer = vec![0u8; bytes];
    rand::rngs::OsRng.fill_bytes(&mut buffer);
    crate::hex::encode(&buffer)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_token_round_trips_and_a_forged_one_fails() {
        let keys = TokenKeys::new(&[7u8; 32]).unwrap();
        let token = keys
            .issue(TokenKind::Admin, "abc", "staff", 3, ADMIN_TOKEN_TTL)
            .unwrap();
        let claims = keys.verify(&token).unwrap();
        assert_eq!(
            (
                claims.kind,
                claims.sub.as_str(),
                claims.role.as_str(),
                claims.ver
            ),
            (TokenKind::Admin, "abc", "staff", 3)
        );
        assert_eq!(claims.exp - claims.iat, ADMIN_TOKEN_TTL.as_secs());
        let other = TokenKeys::new(&[8u8; 32]).unwrap();
        assert!(other.verify(&token).is_none());
        assert!(keys.verify("not.a.token").is_none());
    }

    #[test]
    fn short_secrets_are_refused() {
        assert!(TokenKeys::new(b"too short").is_err());
    }

    async fn database() -> Db {
        let db = surrealdb::engine::any::connect("mem://").await.unwrap();
        db.use_ns("whisk").use_db("test").await.unwrap();
        crate::db::apply_schema(&db).await.unwrap();
        db
    }

    #[tokio::test]
    async fn every_node_over_one_database_gets_the_secret_generated_first() {
        let db = database().await;
        let (a, b) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
        let (first, second) = tokio::join!(
            TokenKeys::load_or_create(None, a.path(), &db),
            TokenKeys::load_or_create(None, b.path(), &db)
        );
        let ((node_a, secret_a), (node_b, secret_b)) = (first.unwrap(), second.unwrap());
        assert_eq!(secret_a, secret_b);
        assert!(secret_a.len() >= MIN_SECRET_BYTES);
        let token = node_a
            .issue(
                TokenKind::User,
                "u1",
                "customer",
                1,
                Duration::from_secs(60),
            )
            .unwrap();
        assert_eq!(
            node_b.verify(&token).map(|claims| claims.sub),
            Some("u1".to_owned()),
            "a token from one node works on the other"
        );
        assert!(
            !a.path().join("jwt-secret").exists(),
            "nothing is kept on the node"
        );
    }

    #[tokio::test]
    async fn a_secret_an_older_whisk_kept_on_disk_moves_into_the_database() {
        let db = database().await;
        let dir = tempfile::tempdir().unwrap();
        let legacy = "0123456789abcdef0123456789abcdef0123456789abcdef";
        std::fs::write(dir.path().join("jwt-secret"), format!("{legacy}\n")).unwrap();
        let (_, secret) = TokenKeys::load_or_create(None, dir.path(), &db)
            .await
            .unwrap();
        assert_eq!(secret, legacy.as_bytes());
        let (_, again) = TokenKeys::load_or_create(None, tempfile::tempdir().unwrap().path(), &db)
            .await
            .unwrap();
        assert_eq!(
            again,
            legacy.as_bytes(),
            "another node finds it in the database"
        );
    }
}
