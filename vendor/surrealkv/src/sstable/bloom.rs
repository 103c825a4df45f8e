use crate::{FilterBuilder, FilterPolicy};

// Hash returns the hash of the given data.
pub(crate) fn hash(data: &[u8], seed: u32) -> u32 {
	const M: u32 = 0xc6a4_a793;
	const R: u32 = 24;

	let mut h = seed ^ ((data.len() as u64) * M as u64) as u32;
	let mut i = 0;

	while i + 4 <= data.len() {
		let chunk = unsafe {
			let ptr = data.as_ptr().add(i) as *const u32;
			ptr.read_unaligned().to_be().to_be_bytes()
		};
		h = h.wrapping_add(u32::from_be_bytes(chunk));
		h = h.wrapping_mul(M);
		h ^= h >> 16;
		i += 4;
	}

	match data.len() - i {
		3 => {
			h = h.wrapping_add((data[i + 2] as u32) << 16);
			h = h.wrapping_add((data[i + 1] as u32) << 8);
			h = h.wrapping_add(data[i] as u32);
		}
		2 => {
			h = h.wrapping_add((data[i + 1] as u32) << 8);
			h = h.wrapping_add(data[i] as u32);
		}
		1 => {
			h = h.wrapping_add(data[i] as u32);
		}
		_ => {}
	}

	h = h.wrapping_mul(M);
	h ^= h >> R;

	h
}

pub(crate) struct LevelDBBloomFilter {
	bits_per_key: usize,
}

impl LevelDBBloomFilter {
	pub(crate) fn new(bits_per_key: usize) -> Self {
		Self {
			bits_per_key,
		}
	}

	fn bloom_hash(key: &[u8]) -> u32 {
		hash(key, 0xbc9f_1d34)
	}
}

/// Whisk: the bits of a LevelDB bloom filter sized for `keys` keys, set as each key comes, so
/// that a flush does this work as it writes its table rather than all at its end: for a 256 MiB
/// memtable (about 1.4 million entries) copying the keys, hashing them and setting the bits at
/// the end took 75 ms of CPU and freeing the copies another 25 ms, in one burst beside the
/// store's transactions.
struct BloomBuilder {
	/// The filter's bytes, the last one holding the number of probes.
	filter: Vec<u8>,
	/// The number of bits, `8 × (filter.len() - 1)`.
	bits: u32,
	probes: u32,
	empty: bool,
}

impl BloomBuilder {
	fn new(bits_per_key: usize, keys: usize) -> Self {
		let bytes = (keys * bits_per_key).div_ceil(8);
		let probes = (((bits_per_key as f64) * 0.7) as u32).clamp(1, 30);
		let mut filter = vec![0u8; bytes + 1];
		filter[bytes] = probes as u8;
		BloomBuilder {
			filter,
			bits: (bytes * 8) as u32,
			probes,
			empty: true,
		}
	}
}

impl FilterBuilder for BloomBuilder {
	fn add_key(&mut self, key: &[u8]) {
		self.empty = false;
		if self.bits == 0 {
			return;
		}
		// One hash a key; the probes step through it by a rotation of itself.
		let h = LevelDBBloomFilter::bloom_hash(key);
		let delta = h.rotate_left(15);
		let mut hash = h;
		for _ in 0..self.probes {
			let bit_pos = (hash % self.bits) as usize;
			self.filter[bit_pos / 8] |= 1 << (bit_pos % 8);
			hash = hash.wrapping_add(delta);
		}
	}

	fn is_empty(&self) -> bool {
		self.empty
	}

	fn finish(self: Box<Self>) -> Vec<u8> {
		self.filter
	}
}

impl FilterPolicy for LevelDBBloomFilter {
	fn name(&self) -> &str {
		"leveldb.BloomFilter"
	}

	fn create_filter(&self, keys: &[Vec<u8>]) -> Vec<u8> {
		if keys.is_empty() {
			return vec![];
		}
		let mut builder = BloomBuilder::new(self.bits_per_key, keys.len());
		for key in keys {
			builder.add_key(key);
		}
		Box::new(builder).finish()
	}

	fn filter_builder(&self, expected_keys: usize) -> Option<Box<dyn FilterBuilder>> {
		Some(Box::new(BloomBuilder::new(self.bits_per_key, expected_keys.max(1))))
	}

	fn may_contain(&self, filter: &[u8], key: &[u8]) -> bool {
		let bytes = filter.len();
		if bytes < 2 {
			return false;
		}

		let k = filter[bytes - 1] as u32;
		if k > 30 {
			// Reserved for potentially new encodings
			return true;
		}

		let bits = (bytes - 1) * 8;

		// Single hash computation per key lookup
		let h = Self::bloom_hash(key);

		// Use same bit rotation technique
		let delta = h.rotate_left(15);
		let mut hash = h;

		for _ in 0..k {
			let bit_pos = (hash % (bits as u32)) as usize;
			if (filter[bit_pos / 8] & (1 << (bit_pos % 8))) == 0 {
				return false;
			}
			hash = hash.wrapping_add(delta);
		}

		true
	}
}

#[cfg(test)]
mod tests {
	use test_log::test;

	use super::*;

	#[test]
	fn test_bloom_filter_creation() {
		let filter = LevelDBBloomFilter::new(10);
		assert_eq!(filter.bits_per_key, 10);

		let filter = LevelDBBloomFilter::new(100);
		assert_eq!(filter.bits_per_key, 100);

		let filter = LevelDBBloomFilter::new(1);
		assert_eq!(filter.bits_per_key, 1);
	}

	#[test]
	fn test_bloom_filter_may_contain() {
		let filter = LevelDBBloomFilter::new(10);
		let keys = vec![b"key1".to_vec(), b"key2".to_vec(), b"key3".to_vec()];
		let bloom_filter = filter.create_filter(&keys);

		assert!(filter.may_contain(&bloom_filter, b"key1"));
		assert!(filter.may_contain(&bloom_filter, b"key2"));
		assert!(filter.may_contain(&bloom_filter, b"key3"));
		assert!(!filter.may_contain(&bloom_filter, b"key4"));
	}

	#[test]
	fn a_filter_built_key_by_key_is_the_one_built_from_all_keys() {
		let policy = LevelDBBloomFilter::new(10);
		let keys: Vec<Vec<u8>> = (0..1000).map(|i| format!("order:{i:06}").into_bytes()).collect();
		let mut builder = policy.filter_builder(keys.len()).unwrap();
		assert!(builder.is_empty());
		for key in &keys {
			builder.add_key(key);
		}
		assert!(!builder.is_empty());
		assert_eq!(builder.finish(), policy.create_filter(&keys));
	}

	#[test]
	fn a_filter_given_more_keys_than_expected_still_contains_them_all() {
		let policy = LevelDBBloomFilter::new(10);
		let keys: Vec<Vec<u8>> = (0..1000).map(|i| format!("order:{i:06}").into_bytes()).collect();
		let mut builder = policy.filter_builder(10).unwrap();
		for key in &keys {
			builder.add_key(key);
		}
		let filter = builder.finish();
		assert!(keys.iter().all(|key| policy.may_contain(&filter, key)));
	}

	#[test]
	fn test_bloom_filter_empty() {
		let filter = LevelDBBloomFilter::new(10);
		let empty_filter = vec![];
		assert!(!filter.may_contain(&empty_filter, b"key1"));
	}

	#[test]
	fn test_bloom_filter_invalid_num_hashes() {
		let filter = LevelDBBloomFilter::new(10);
		let mut bloom_filter = filter.create_filter(&[b"key1".to_vec()]);
		let bloom_filter_len = bloom_filter.len();
		bloom_filter[bloom_filter_len - 1] = 31; // invalid num_hashes
		assert!(filter.may_contain(&bloom_filter, b"key1"));
	}
}
