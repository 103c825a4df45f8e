//! Count indexes queue their compaction at most once a second per node (a Whisk patch,
//! README.whisk.md).
//!
//! Every transaction that changes a count index writes its delta and, upstream, one entry in
//! the index-compaction queue (`/!ic`), and wakes the compaction task. The task drains the
//! queue 250 ms later and deletes the entries it read, and the store keeps each deleted entry
//! as a tombstone until a level compaction drops it. Each pass reads the queue from its start,
//! twice (the scan and the scan after it wraps), and so walks every tombstone left since: in
//! Whisk's orders bench the scan was 8.8% of the CPU while orders were placed at 500 a second
//! (a `COUNT` index on `shop_order`, one entry per group of orders, and the tombstones of the
//! accounts' full-text entries), and it grows with every order placed.
//!
//! A count's reads sum its uncompacted deltas, so a delta left for a later pass counts all the
//! same: the queue entry only says when to fold them. This node therefore queues a count index
//! again only once [`EVERY`] has passed since it last did; the deltas of the transactions in
//! between are folded by the next pass that the index's next queued entry starts. So a busy
//! count index costs a queue entry (and a tombstone) a second instead of one a transaction, and
//! the compaction task wakes once a second for it. Full-text and vector indexes queue as before:
//! their compaction is what makes a change visible to their readers.

use std::collections::HashMap;
use std::sync::LazyLock;
use std::time::Duration;

use parking_lot::Mutex;
use web_time::Instant;

use crate::values::index_delta::BufferedIndex;

/// Least time between two queue entries of one count index from this process.
pub(crate) const EVERY: Duration = Duration::from_secs(1);

/// When this process last queued each count index's compaction.
static LAST_QUEUED: LazyLock<Mutex<HashMap<BufferedIndex, Instant>>> =
	LazyLock::new(Mutex::default);

/// Whether a transaction that changed the count index `index` at `now` should queue its
/// compaction; true also records `now` as the index's last queueing.
pub(crate) fn queue_now(index: &BufferedIndex, now: Instant) -> bool {
	let mut last = LAST_QUEUED.lock();
	match last.get(index) {
		Some(queued) if now.saturating_duration_since(*queued) < EVERY => false,
		_ => {
			last.insert(index.clone(), now);
			true
		}
	}
}

#[cfg(test)]
mod tests {
	use super::*;
	use surrealdb_catalog::{DatabaseId, IndexId, NamespaceId};

	fn index(ix: u32) -> BufferedIndex {
		BufferedIndex {
			ns: NamespaceId(7),
			db: DatabaseId(7),
			tb: "count_compaction_pace_test".into(),
			ix: IndexId(ix),
		}
	}

	#[test]
	fn a_count_index_is_queued_again_only_a_second_after_it_was_last() {
		let start = Instant::now();
		assert!(queue_now(&index(1), start));
		assert!(!queue_now(&index(1), start + Duration::from_millis(10)));
		assert!(!queue_now(&index(1), start + EVERY - Duration::from_millis(1)));
		assert!(queue_now(&index(1), start + EVERY));
		assert!(!queue_now(&index(1), start + EVERY + Duration::from_millis(500)));
	}

	#[test]
	fn each_index_keeps_its_own_time() {
		let start = Instant::now();
		assert!(queue_now(&index(2), start));
		assert!(queue_now(&index(3), start));
		assert!(!queue_now(&index(2), start));
	}
}
