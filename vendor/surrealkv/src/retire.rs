//! Whisk: removing a large file without holding up the write-ahead log's syncs.
//!
//! On ext4 (Whisk's hosts mount it with `discard`), unlinking a file frees all its blocks in
//! one journal commit, and every `fdatasync` of the write-ahead log that comes in meanwhile
//! waits for that commit. Measured on the 2-core development host with a script appending
//! 20 KB and syncing every 3 ms: unlinking a 256 MiB file (a flushed memtable's log segment)
//! took 55 ms, and the log's syncs beside it waited up to 38-42 ms (0.26 ms otherwise). Cut
//! from its end in 8 MiB steps first, each commit frees 8 MiB: the syncs waited at most
//! 1.1 ms, and the removal took 126 ms with a 2 ms pause between steps. In Whisk's orders
//! bench the group transaction committing when a flush's log segment went took 100-130 ms.
//!
//! Only for a file nobody reads any more: a reader with the file open would find it cut. A
//! flushed memtable's log segment is read by nobody; a table merged by a compaction may still
//! be read through a snapshot taken before, so [`remove_table_when_unread`] waits for those.

use std::fs::{self, OpenOptions};
use std::io;
use std::path::Path;
use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::sstable::table::Table;

/// How much of the file each step cuts, so that one journal commit frees at most this much.
const STEP_BYTES: u64 = 8 * 1024 * 1024;

/// The pause between two steps, which lets the log's syncs commit in between.
const PAUSE: Duration = Duration::from_millis(2);

/// Removes `path`, first cutting it from its end in [`STEP_BYTES`] steps with [`PAUSE`]
/// between them. A file of at most one step is removed at once. Errors as `fs::remove_file`'s
/// (a missing file is `NotFound`).
pub(crate) fn remove_in_steps(path: &Path) -> io::Result<()> {
	remove_in_steps_of(path, STEP_BYTES)
}

fn remove_in_steps_of(path: &Path, step: u64) -> io::Result<()> {
	let file = OpenOptions::new().write(true).open(path)?;
	let mut length = file.metadata()?.len();
	while length > step {
		length -= step;
		file.set_len(length)?;
		std::thread::sleep(PAUSE);
	}
	drop(file);
	fs::remove_file(path)
}

/// How long a merged table's removal waits for the reads that still hold it.
const WAIT_FOR_READERS: Duration = Duration::from_secs(2);

/// How often it looks whether they are done.
const READERS_POLL: Duration = Duration::from_millis(5);

/// Removes the file at `path` of `table`, a table no longer in the manifest: in steps
/// ([`remove_in_steps`]) once `table` is its last holder, so that no read can find the file
/// cut. A table still read after [`WAIT_FOR_READERS`] is unlinked at once instead (its blocks
/// are then freed when its last reader closes it).
pub(crate) fn remove_table_when_unread(path: &Path, table: Arc<Table>) -> io::Result<()> {
	remove_table_when_unread_in(path, table, STEP_BYTES, WAIT_FOR_READERS)
}

fn remove_table_when_unread_in(
	path: &Path,
	table: Arc<Table>,
	step: u64,
	wait_for_readers: Duration,
) -> io::Result<()> {
	let waited = Instant::now();
	while Arc::strong_count(&table) > 1 && waited.elapsed() < wait_for_readers {
		std::thread::sleep(READERS_POLL);
	}
	// Nothing else can take a new hold of the table: it is no longer in the manifest, and
	// every copy is made from one that someone holds.
	let unread = Arc::strong_count(&table) == 1;
	drop(table);
	if unread {
		remove_in_steps_of(path, step)
	} else {
		log::debug!("removing {} while a read still holds it", path.display());
		fs::remove_file(path)
	}
}

#[cfg(test)]
mod tests {
	use std::path::PathBuf;
	use std::thread;

	use super::*;
	use crate::sstable::table::TableWriter;
	use crate::{InternalKey, InternalKeyKind, LSMIterator, Options};

	const KEYS: usize = 2000;

	/// A table file of [`KEYS`] entries in small blocks, and the table read from it.
	fn table_in(folder: &Path) -> (PathBuf, Arc<Table>) {
		let path = folder.join("00000000000000000001.sst");
		let mut options = Options::new();
		options.block_size = 256;
		let options = Arc::new(options);
		let mut writer =
			TableWriter::new(fs::File::create(&path).unwrap(), 1, Arc::clone(&options), 1);
		for n in 0..KEYS {
			let key = InternalKey::new(format!("key:{n:05}").into_bytes(), 1, InternalKeyKind::Set, 0);
			writer.add(key, format!("value of {n}").as_bytes()).unwrap();
		}
		let size = writer.finish().unwrap() as u64;
		let file: Arc<dyn crate::vfs::File> = Arc::new(fs::File::open(&path).unwrap());
		(path.clone(), Arc::new(Table::new(1, options, file, size).unwrap()))
	}

	/// A reader holding `table` for `hold`, then reading all its entries.
	fn read_later(table: Arc<Table>, hold: Duration) -> thread::JoinHandle<crate::Result<usize>> {
		thread::spawn(move || {
			thread::sleep(hold);
			let mut iter = table.iter(None)?;
			let mut entries = 0;
			iter.seek_first()?;
			while iter.valid() {
				entries += 1;
				iter.next()?;
			}
			Ok(entries)
		})
	}

	#[test]
	fn a_merged_table_is_cut_only_after_its_last_read() {
		let folder = tempfile::tempdir().unwrap();
		let (path, table) = table_in(folder.path());
		let reader = read_later(Arc::clone(&table), Duration::from_millis(100));
		remove_table_when_unread_in(&path, table, 1024, Duration::from_secs(10)).unwrap();
		assert_eq!(reader.join().unwrap().unwrap(), KEYS);
		assert!(!path.exists());
	}

	#[test]
	fn a_table_read_past_the_wait_is_unlinked_whole() {
		let folder = tempfile::tempdir().unwrap();
		let (path, table) = table_in(folder.path());
		let reader = read_later(Arc::clone(&table), Duration::from_millis(300));
		remove_table_when_unread_in(&path, table, 1024, Duration::from_millis(20)).unwrap();
		assert!(!path.exists());
		assert_eq!(reader.join().unwrap().unwrap(), KEYS);
	}

	#[test]
	fn a_file_of_several_steps_is_removed() {
		let folder = tempfile::tempdir().unwrap();
		let path = folder.path().join("segment.wal");
		let file = fs::File::create(&path).unwrap();
		file.set_len(3 * STEP_BYTES + 5).unwrap();
		drop(file);
		remove_in_steps(&path).unwrap();
		assert!(!path.exists());
		assert_eq!(fs::read_dir(folder.path()).unwrap().count(), 0);
	}

	#[test]
	fn a_small_file_is_removed_and_a_missing_one_is_not_found() {
		let folder = tempfile::tempdir().unwrap();
		let path = folder.path().join("segment.wal");
		fs::write(&path, b"entries").unwrap();
		remove_in_steps(&path).unwrap();
		assert!(!path.exists());
		let error = remove_in_steps(&path).unwrap_err();
		assert_eq!(error.kind(), io::ErrorKind::NotFound);
	}
}
