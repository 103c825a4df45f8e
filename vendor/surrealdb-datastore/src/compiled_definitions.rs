//! Compiled catalog definitions shared by every transaction (a Whisk patch, README.whisk.md).
//!
//! A transaction keeps the definitions it compiles in its own cache only, and reading a record
//! compiles its table's field definitions: each `ASSERT`, `VALUE`, `DEFAULT` and type is stored
//! as SurrealQL text and parsed again. A shop's transactions read the same few tables, so each
//! one parsed the same texts again (4% of the CPU of Whisk's orders bench). The write path
//! already shares compiled fields across transactions (keyed by the table's cache stamps); this
//! shares them on the read path, keyed by what was read.
//!
//! The key is a BLAKE3 digest of the stored keys and values a transaction read, so a changed
//! definition is a different key and is compiled afresh: the transaction still reads the
//! definitions from the store each time and only their compiling is shared. Compiling is a pure
//! function of those bytes (`FromStored`), which is what makes one process-wide cache right for
//! every datastore of the process.

use std::sync::Arc;

use anyhow::Result;
use quick_cache::sync::Cache;
use surrealdb_catalog::{self as catalog, FromStored};
use surrealdb_kvs::value::KVValue;

use crate::util;

/// Distinct sets of definitions kept: a shop's schema has a few dozen tables; a schema change
/// leaves its old sets behind until they are evicted.
const CAPACITY: usize = 256;

/// Compiled definitions of one kind by the digest of the stored entries they came from.
pub(crate) struct CompiledDefinitions<T> {
	compiled: Cache<[u8; 32], Arc<[T]>>,
}

impl<T> CompiledDefinitions<T>
where
	T: FromStored + Send + Sync + 'static,
	T::Stored: KVValue<KeyContext = ()>,
{
	pub(crate) fn new() -> Self {
		Self {
			compiled: Cache::new(CAPACITY),
		}
	}

	/// The definitions `entries` (stored keys and values, as a range read gives them) compile
	/// to, compiled once for every transaction that reads the same bytes.
	pub(crate) fn of(&self, entries: &[(Vec<u8>, Vec<u8>)]) -> Result<Arc<[T]>> {
		let digest = digest_of(entries);
		if let Some(compiled) = self.compiled.get(&digest) {
			return Ok(compiled);
		}
		let stored: Arc<[T::Stored]> =
			util::deserialize_cache(entries.iter().map(|entry| entry.1.as_slice()))?;
		let compiled = catalog::from_stored_all(&stored)?;
		self.compiled.insert(digest, Arc::clone(&compiled));
		Ok(compiled)
	}
}

/// A digest of `entries` in which no two different lists of keys and values agree: each key
/// and value goes in after its length.
fn digest_of(entries: &[(Vec<u8>, Vec<u8>)]) -> [u8; 32] {
	let mut hasher = blake3::Hasher::new();
	hasher.update(&(entries.len() as u64).to_le_bytes());
	for (key, value) in entries {
		hasher.update(&(key.len() as u64).to_le_bytes());
		hasher.update(key);
		hasher.update(&(value.len() as u64).to_le_bytes());
		hasher.update(value);
	}
	*hasher.finalize().as_bytes()
}

