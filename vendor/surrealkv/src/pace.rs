//! Whisk: the pace at which a background flush or level compaction writes its table.
//!
//! Unpaced, a flush of a full 256 MiB memtable wrote its ~150 MB table in 1.0-1.5 s, and while
//! it ran the transactions of the same process took two to three times as long (Whisk's orders
//! bench, paced at 500 orders/s on a 2-core machine: each order's share of a group's
//! transaction went from 1.3-1.4 ms to 2.7-3.5 ms, and the p99 of the run it fell in from
//! 33-43 ms to 287-785 ms in six processes). Moving the flush thread to the lowest nice level
//! made it worse (2.9 s and 694 ms): what slows the transactions is the flush running beside
//! them, not only its share of the CPU. So a table is written at a bounded rate while the store
//! can wait for it, in short bursts with sleeps between, and at full speed once writes would
//! otherwise stall behind it.

use std::sync::OnceLock;
use std::time::{Duration, Instant};

/// The variable that sets the rate in bytes of table a second; `0` writes unpaced.
const RATE_VARIABLE: &str = "SURREALKV_BACKGROUND_WRITE_RATE";

/// The rate when [`RATE_VARIABLE`] is unset: a 150 MB flush takes about 9 s, well within the
/// 20-30 s a 256 MiB memtable takes to fill at 500-900 orders a second.
const DEFAULT_BYTES_PER_SECOND: u64 = 16 * 1024 * 1024;

/// How much table is written between two looks at the clock.
const STEP_BYTES: usize = 64 * 1024;

/// How much table is written between two syncs of its file. Left to the kernel, a paced table
/// stayed in the page cache until the flush's closing `fsync`, which then wrote 165 MB at once
/// and held up the write-ahead log's syncs behind it: commits waited 150-200 ms. A flush syncs
/// the value log it moves large values to with it ([`Pace::also_sync`]).
const SYNC_BYTES: usize = 8 * 1024 * 1024;

/// The configured rate, read once; `None` when unpaced.
fn configured_rate() -> Option<u64> {
	static RATE: OnceLock<Option<u64>> = OnceLock::new();
	*RATE.get_or_init(|| {
		let rate = match std::env::var(RATE_VARIABLE) {
			Err(_) => DEFAULT_BYTES_PER_SECOND,
			Ok(value) => value.trim().parse().unwrap_or_else(|_| {
				log::warn!(
					"{RATE_VARIABLE}={value:?} is not a number of bytes a second; using {DEFAULT_BYTES_PER_SECOND}"
				);
				DEFAULT_BYTES_PER_SECOND
			}),
		};
		(rate > 0).then_some(rate)
	})
}

/// Paces one table's writing. `urgent` says whether writes are about to wait for this table, in
/// which case it is written at full speed.
pub(crate) struct Pace<'a> {
	bytes_per_second: Option<u64>,
	urgent: Box<dyn Fn() -> bool + 'a>,
	started: Instant,
	/// Bytes written when the clock was last looked at.
	seen: usize,
	/// The table's file, synced every [`SYNC_BYTES`], and the bytes written at its last sync.
	file: Option<(std::fs::File, usize)>,
	/// Another file written beside the table (a flush's value log), synced with it.
	also: Option<Box<dyn FnMut() -> crate::Result<()> + 'a>>,
}

impl<'a> Pace<'a> {
	pub(crate) fn new(urgent: impl Fn() -> bool + 'a) -> Self {
		Self::at(configured_rate(), urgent)
	}

	pub(crate) fn at(bytes_per_second: Option<u64>, urgent: impl Fn() -> bool + 'a) -> Self {
		Pace {
			bytes_per_second,
			urgent: Box::new(urgent),
			started: Instant::now(),
			seen: 0,
			file: None,
			also: None,
		}
	}

	/// Also syncs `file`, the table's (a handle of its own), every [`SYNC_BYTES`] written.
	pub(crate) fn sync(&mut self, file: std::fs::File) {
		self.file = Some((file, 0));
	}

	/// Also runs `sync` whenever the table's file is synced: for a file written beside the
	/// table, whose bytes are then counted in what [`Pace::wrote`] is given.
	pub(crate) fn also_sync(&mut self, sync: impl FnMut() -> crate::Result<()> + 'a) {
		self.also = Some(Box::new(sync));
	}

	/// Called with the bytes written to the table (and beside it) so far; sleeps while they are
	/// ahead of the rate, unless writes are about to wait.
	pub(crate) fn wrote(&mut self, written: usize) {
		if let Some((file, synced)) = &mut self.file {
			if written >= *synced + SYNC_BYTES {
				*synced = written;
				// A failure shows again in the closing syncs, which fail the table.
				if let Err(error) = file.sync_data() {
					log::warn!("syncing a table being written: {error}");
				}
				if let Some(Err(error)) = self.also.as_mut().map(|sync| sync()) {
					log::warn!("syncing a file written beside a table: {error}");
				}
			}
		}
		let Some(rate) = self.bytes_per_second else {
			return;
		};
		if written < self.seen + STEP_BYTES {
			return;
		}
		self.seen = written;
		let due = Duration::from_secs_f64(written as f64 / rate as f64);
		let elapsed = self.started.elapsed();
		if due > elapsed && !(self.urgent)() {
			std::thread::sleep(due - elapsed);
		}
	}
}

#[cfg(test)]
mod tests {
	use std::cell::Cell;

	use super::*;

	#[test]
	fn a_table_ahead_of_the_rate_waits_for_it() {
		let mut pace = Pace::at(Some(10 * 1024 * 1024), || false);
		let started = Instant::now();
		pace.wrote(1024 * 1024);
		// 1 MiB at 10 MiB a second is due after 100 ms.
		assert!(started.elapsed() >= Duration::from_millis(95), "{:?}", started.elapsed());
	}

	#[test]
	fn an_urgent_or_unpaced_table_does_not_wait() {
		let urgent_looks = Cell::new(0);
		let mut pace = Pace::at(Some(1024), || {
			urgent_looks.set(urgent_looks.get() + 1);
			true
		});
		let started = Instant::now();
		for written in (0..=16).map(|step| step * 1024 * 1024) {
			pace.wrote(written);
		}
		Pace::at(None, || false).wrote(1024 * 1024 * 1024);
		assert!(started.elapsed() < Duration::from_secs(1), "{:?}", started.elapsed());
		assert_eq!(urgent_looks.get(), 16);
	}

	#[test]
	fn a_table_is_synced_as_it_grows() {
		let folder = tempfile::tempdir().unwrap();
		let path = folder.path().join("table");
		let mut file = std::fs::File::create(&path).unwrap();
		let mut pace = Pace::at(None, || false);
		pace.sync(file.try_clone().unwrap());
		std::io::Write::write_all(&mut file, &vec![7; SYNC_BYTES]).unwrap();
		pace.wrote(SYNC_BYTES - 1);
		assert_eq!(pace.file.as_ref().map(|(_, synced)| *synced), Some(0));
		pace.wrote(SYNC_BYTES);
		assert_eq!(pace.file.as_ref().map(|(_, synced)| *synced), Some(SYNC_BYTES));
	}

	#[test]
	fn a_file_beside_the_table_is_synced_with_it() {
		let folder = tempfile::tempdir().unwrap();
		let file = std::fs::File::create(folder.path().join("table")).unwrap();
		let syncs = Cell::new(0);
		let mut pace = Pace::at(None, || false);
		pace.sync(file);
		pace.also_sync(|| {
			syncs.set(syncs.get() + 1);
			Ok(())
		});
		pace.wrote(SYNC_BYTES - 1);
		assert_eq!(syncs.get(), 0);
		pace.wrote(SYNC_BYTES);
		pace.wrote(2 * SYNC_BYTES);
		assert_eq!(syncs.get(), 2);
	}
}
