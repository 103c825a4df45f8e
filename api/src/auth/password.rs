//! Password hashing with argon2id (OWASP parameters: 19 MiB, 2 passes, 1 lane), always off the
//! async threads. An unknown account is checked against a dummy hash so a failed sign-in takes
//! the same time whether or not the account exists.
//!
//! Each hash needs 19 MiB, so a [`Hasher`] runs at most one per core at once (a
//! [`Gate`]), each in one of its own memory areas, reused while hashes follow each other and
//! freed when none runs: allocating the 19 MiB per hash let mimalloc keep a copy per thread
//! (measured: 600 MB resident after a burst of 300 sign-ins), and keeping the areas for good
//! kept 20 MB more in an idle server after one sign-in (`scripts/memory.sh`). glibc's malloc
//! hands such large blocks straight back to the system (`allocator::tune`).

use std::sync::{Mutex, OnceLock};

use anyhow::Context;
use argon2::password_hash::rand_core::OsRng;
use argon2::password_hash::{Output, ParamsString, PasswordHash, SaltString};
use argon2::{Algorithm, Argon2, Block, Params, Version};

use crate::capacity::Gate;
use crate::domain::Password;
use crate::error::ApiError;

fn params() -> Params {
    Params::new(19 * 1024, 2, 1, None).unwrap_or_default()
}

fn argon2() -> Argon2<'static> {
    Argon2::new(Algorithm::Argon2id, Version::V0x13, params())
}

/// The memory one hash works in.
type Workspace = Vec<Block>;

/// Hashes a password into a PHC string, working in `memory`.
fn hash_in(memory: &mut Workspace, password: &[u8]) -> anyhow::Result<String> {
    let argon = argon2();
    memory.resize(
        argon.params().block_count().max(memory.len()),
        Block::default(),
    );
    let salt = SaltString::generate(&mut OsRng);
    let mut salt_bytes = [0u8; 64];
    let salt_bytes = salt
        .as_salt()
        .decode_b64(&mut salt_bytes)
        .map_err(|error| anyhow::anyhow!("salt: {error}"))?;
    let output = Output::init_with(Params::DEFAULT_OUTPUT_LEN, |out| {
        argon
            .hash_password_into_with_memory(password, salt_bytes, out, &mut memory[..])
            .map_err(|_| argon2::password_hash::Error::Crypto)
    })
    .map_err(|error| anyhow::anyhow!("hashing a password: {error}"))?;
    let hash = PasswordHash {
        algorithm: Algorithm::Argon2id.ident(),
        version: Some(Version::V0x13.into()),
        params: ParamsString::try_from(argon.params())
            .map_err(|error| anyhow::anyhow!("{error}"))?,
        salt: Some(salt.as_salt()),
        hash: Some(output),
    };
    Ok(hash.to_string())
}

/// True when `password` matches the PHC string `stored`, computed in `memory` (grown if the
/// stored parameters need more). The comparison takes constant time.
fn verify_in(memory: &mut Workspace, password: &[u8], stored: &str) -> bool {
    let Ok(parsed) = PasswordHash::new(stored) else {
        return false;
    };
    let (Ok(algorithm), Ok(params)) = (
        Algorithm::try_from(parsed.algorithm),
        Params::try_from(&parsed),
    ) else {
        return false;
    };
    let version = parsed
        .version
        .map_or(Ok(Version::default()), Version::try_from);
    let (Ok(version), Some(salt), Some(expected)) = (version, parsed.salt, parsed.hash) else {
        return false;
    };
    let mut salt_bytes = [0u8; 64];
    let Ok(salt_bytes) = salt.decode_b64(&mut salt_bytes) else {
        return false;
    };
    if memory.len() < params.block_count() {
        memory.resize(params.block_count(), Block::default());
    }
    let argon = Argon2::new(algorithm, version, params);
    let mut out = vec![0u8; expected.len()];
    argon
        .hash_password_into_with_memory(password, salt_bytes, &mut out, &mut memory[..])
        .is_ok()
        && Output::new(&out).is_ok_and(|actual| actual == expected)
}

/// Hashes and checks passwords, at most one per core at a time.
#[derive(Debug)]
pub struct Hasher {
    gate: Gate,
    workspaces: Mutex<Workspaces>,
}

/// The memory of the hashes that run or just ran.
#[derive(Debug, Default)]
struct Workspaces {
    /// Hashes holding a workspace now.
    running: usize,
    /// Workspaces a finished hash left for the next one; empty whenever no hash runs.
    spare: Vec<Workspace>,
}

impl Default for Hasher {
    fn default() -> Hasher {
        Hasher::with_gate(Gate::per_core())
    }
}

impl Hasher {
    /// A hasher running at most `permits` hashes at once.
    pub fn new(permits: usize) -> Hasher {
        Hasher::with_gate(Gate::new(permits))
    }

    fn with_gate(gate: Gate) -> Hasher {
        Hasher {
            gate,
            workspaces: Mutex::new(Workspaces::default()),
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Workspaces> {
        self.workspaces
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// A spare workspace, or an empty one the hash grows.
    fn take_workspace(&self) -> Workspace {
        let mut workspaces = self.lock();
        workspaces.running += 1;
        workspaces.spare.pop().unwrap_or_default()
    }

    /// Keeps `workspace` for a hash that may follow while others run; the last hash to finish
    /// frees every workspace (dropped after the lock is let go).
    fn return_workspace(&self, workspace: Workspace) -> Vec<Workspace> {
        let mut workspaces = self.lock();
        workspaces.running = workspaces.running.saturating_sub(1);
        workspaces.spare.push(workspace);
        if workspaces.running == 0 {
            std::mem::take(&mut workspaces.spare)
        } else {
            Vec::new()
        }
    }

    /// Bytes of workspace kept while no hash uses them.
    #[cfg(test)]
    fn spare_bytes(&self) -> usize {
        self.lock()
            .spare
            .iter()
            .map(|workspace| workspace.capacity() * size_of::<Block>())
            .sum()
    }

    /// Runs `work` on a blocking thread in a workspace, during a turn.
    async fn in_turn<T: Send + 'static>(
        &self,
        work: impl FnOnce(&mut Workspace) -> T + Send + 'static,
    ) -> Result<T, ApiError> {
        let _turn = self.gate.turn().await?;
        let mut workspace = self.take_workspace();
        let finished = tokio::task::spawn_blocking(move || {
            let result = work(&mut workspace);
            (workspace, result)
        })
        .await;
        let (workspace, result) = match finished {
            Ok((workspace, result)) => (workspace, Ok(result)),
            Err(error) => (Workspace::new(), Err(error)),
        };
        drop(self.return_workspace(workspace));
        Ok(result.context("hashing task")?)
    }

    /// Hashes a new password (PHC string); 503 when too many hashes are waiting.
    pub async fn hash(&self, password: &Password) -> Result<String, ApiError> {
        let password = password.expose().to_owned();
        Ok(self
            .in_turn(move |memory| hash_in(memory, password.as_bytes()))
            .await??)
    }

    /// True when `password` matches `stored`. With no stored hash (unknown account) the dummy
    /// hash is checked instead and the answer is always false. 503 when too many hashes are waiting.
    pub async fn verify(&self, password: &str, stored: Option<String>) -> Result<bool, ApiError> {
        let password = password.to_owned();
        self.in_turn(move |memory| {
            let known = stored.is_some();
            let hash = stored.unwrap_or_else(|| dummy_hash().to_owned());
            verify_in(memory, password.as_bytes(), &hash) && known
        })
        .await
    }
}

fn dummy_hash() -> &'static str {
    static DUMMY: OnceLock<String> = OnceLock::new();
    DUMMY.get_or_init(|| {
        hash_in(
            &mut Vec::new(),
            b"whisk-dummy-password-for-unknown-accounts",
        )
        .unwrap_or_default()
    })
}

/// Computes the dummy hash now, so the first failed sign-in is not faster than later ones.
pub fn warm_up() {
    let _ = dummy_hash();
}

#[cfg(test)]
mod tests {
    use super::*;
    use argon2::PasswordVerifier;

    #[test]
    fn hashes_verify_here_and_with_the_argon2_crate_and_wrong_passwords_fail() {
        let mut memory = Vec::new();
        let stored = hash_in(&mut memory, b"correct horse").unwrap();
        assert!(
            stored.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"),
            "{stored}"
        );
        assert!(verify_in(&mut memory, b"correct horse", &stored));
        assert!(!verify_in(&mut memory, b"correct hors", &stored));
        assert!(!verify_in(&mut memory, b"correct horse", "not a hash"));
        let parsed = PasswordHash::new(&stored).unwrap();
        assert!(
            argon2().verify_password(b"correct horse", &parsed).is_ok(),
            "a standard PHC string"
        );
        let theirs = argon2::password_hash::PasswordHasher::hash_password(
            &argon2(),
            b"old password",
            &SaltString::generate(&mut OsRng),
        )
        .unwrap()
        .to_string();
        assert!(
            verify_in(&mut memory, b"old password", &theirs),
            "hashes made before keep working"
        );
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn workspaces_are_reused_while_hashes_follow_and_freed_when_none_runs() {
        let hasher = std::sync::Arc::new(Hasher::new(2));
        let password = Password::parse("correct horse battery").unwrap();
        let stored = hasher.hash(&password).await.unwrap();
        assert_eq!(hasher.spare_bytes(), 0, "nothing kept after a lone hash");

        let workspace = hasher.take_workspace();
        let running = {
            let hasher = std::sync::Arc::clone(&hasher);
            let stored = stored.clone();
            tokio::spawn(async move { hasher.verify("correct horse battery", Some(stored)).await })
        };
        assert!(running.await.unwrap().unwrap());
        assert!(
            hasher.spare_bytes() >= 19 * 1024 * 1024,
            "kept for the next hash while another holds a workspace: {} bytes",
            hasher.spare_bytes()
        );
        drop(hasher.return_workspace(workspace));
        assert_eq!(hasher.spare_bytes(), 0, "freed once no hash runs");
    }
}
