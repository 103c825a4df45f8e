//! The embedded store's memory bounds. SurrealDB sizes SurrealKV's memtable and block cache from
//! the machine's memory, as for a database server with the machine to itself: on this 24 GiB
//! machine a 1 GiB memtable, which holds every write since the last flush (a server under the
//! soak's orders grew by about 2 MB a second, `scripts/soak.sh`), and an 11 GiB block cache. A
//! shop's server shares its machine, so Whisk bounds both unless the environment already does;
//! the variables are SurrealDB's own (`surreal start` reads them too), which the embedded engine
//! reads through the patched `vendor/surrealdb-engine-local`.

use anyhow::{Context, bail};

const MIB: u64 = 1024 * 1024;

/// Each variable with Whisk's default, in bytes.
const DEFAULTS: [(&str, u64); 2] = [
    // Writes wait in the memtable until it is full and then go to a table on disk in the
    // background, so under load it is most of what the server's memory grows by. One
    // transaction must fit in it, and a product import is one transaction of about 5 KB a
    // row: 256 MiB takes 35,000 rows (which take 30 s, the request time limit), where 128 MiB
    // refused 25,000 and 64 MiB took 10,000.
    ("SURREAL_SURREALKV_MAX_MEMTABLE_SIZE", 256 * MIB),
    // Blocks read from the tables on disk, uncompressed, which the system's page cache holds
    // as well. The catalog lives in Whisk's own read model, so the cache need only hold what
    // orders and sign-ins read again; unbounded it kept the blocks the catalog load read, 8 MB
    // more of an idle server's memory (`scripts/memory.sh`). With 50,000 orders in the store a
    // start fills 32 MiB of it: idle at 95 MB anonymous against 62-65 MB with 4 MiB. 2 MiB
    // keeps an idle server with 10,000 products about 8 MB smaller than 8 MiB, with the same
    // orders bench and admin order-list times, interleaved on one machine (README "Memory").
    ("SURREAL_SURREALKV_BLOCK_CACHE_CAPACITY", 2 * MIB),
];

/// Bytes of table a second at which the patched SurrealKV writes a memtable flush or a level
/// compaction while writes need not wait for it (`vendor/surrealkv/src/pace.rs`; unset, 16 MiB
/// a second; `0` unpaced). Checked here when set, since the store would fall back to its
/// default on anything but a number.
const BACKGROUND_WRITE_RATE: &str = "SURREALKV_BACKGROUND_WRITE_RATE";

/// Sets each bound the environment leaves unset and checks that a set one, and a set
/// [`BACKGROUND_WRITE_RATE`], is a number of bytes (SurrealDB would ignore anything else and
/// fall back to its own size).
///
/// Changes the process's environment, so it must run before the process starts a thread.
pub fn apply_defaults() -> anyhow::Result<()> {
    for (name, default) in DEFAULTS {
        if set_to(name)?.is_none() {
            crate::startup_env::set(name, &default.to_string());
        }
    }
    set_to(BACKGROUND_WRITE_RATE)?;
    Ok(())
}

/// The number of bytes the variable `name` is set to, `None` when it is unset.
fn set_to(name: &str) -> anyhow::Result<Option<u64>> {
    match std::env::var(name) {
        Ok(value) => bytes(name, &value).map(Some),
        Err(std::env::VarError::NotPresent) => Ok(None),
        Err(std::env::VarError::NotUnicode(_)) => bail!("{name} must be a number of bytes"),
    }
}

/// The number of bytes `value` of the variable `name` gives.
fn bytes(name: &str, value: &str) -> anyhow::Result<u64> {
    value
        .parse()
        .with_context(|| format!("{name} must be a number of bytes, not {value:?}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bound_is_a_plain_number_of_bytes_as_surrealdb_reads_it() {
        assert_eq!(bytes("X", "67108864").ok(), Some(64 * MIB));
        for wrong in ["64MiB", "64 MB", "-1", "", " 5"] {
            let error = bytes("SURREAL_SURREALKV_MAX_MEMTABLE_SIZE", wrong).unwrap_err();
            assert!(
                format!("{error:#}")
                    .starts_with("SURREAL_SURREALKV_MAX_MEMTABLE_SIZE must be a number of bytes"),
                "{error:#}"
            );
        }
    }
}
