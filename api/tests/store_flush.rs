//! The embedded store writes every full memtable to disk, the first and all the ones after it,
//! and writes and reads go on meanwhile. `vendor/surrealkv` runs the flush on a thread of its
//! own; that thread once lacked the async runtime that a flush's clean-up task is spawned on, so
//! the first flush panicked, its task ended, and no memtable was written out after it (writes
//! then wait for a flush that never comes).
//!
//! A flush also once deadlocked with a read: the flush locks the table manifest, then the list
//! of full memtables, and a range read (every `SELECT` over a table) locked them the other way
//! round, so a read that took the memtables' lock just after the flush took the manifest's
//! waited for the flush, which waited for the read, and every thread touching the store stopped
//! for good. The window is short unless the flush thread loses its core between its two locks:
//! a bench with that thread at the lowest priority hung so (session 53). The child here puts
//! the flush threads at that priority half of the time and keeps range reads going through all
//! the flushes.
//!
//! And a flush once went missing: the flush task was woken only when not running, but it looks
//! for more full memtables just before it stops running, so a memtable rotated in between was
//! never written out, and once the next filled, writes waited for good (session 60). The
//! child's many small memtables fill that window often.
//!
//! Its own test binary without the test harness: the memtable's bound is read from the
//! environment, so the test runs itself again as a child process with a 128 KiB bound (the
//! server's is 256 MiB) and checks what the child reports.

use std::path::Path;
use std::process::{Command, ExitCode};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// The one test this binary runs, as `cargo test` lists and reports it.
const TEST: &str = "a_full_memtable_is_written_to_disk_each_time_while_writes_and_reads_go_on";
/// Set in the child, which does the writing.
const CHILD: &str = "WHISK_STORE_FLUSH_CHILD";
const MEMTABLE_BYTES: usize = 128 * 1024;
/// Rows of about 1 KiB, 64 a transaction: 256 memtables' worth. Before the lock order was
/// mended, 11 of 30 children writing 32 memtables' worth hung.
const ROWS: usize = 32 * 1024;
/// Tasks reading ranges of the table while it is written.
const READERS: usize = 4;
const ROWS_A_TRANSACTION: usize = 64;
/// How long the child waits for the flushes to show on disk, and for any one write.
const PATIENCE: Duration = Duration::from_secs(30);
/// How long the child may take in all. A deadlock blocks the runtime's workers, which then
/// fire no timer of the child's: only the parent can tell that it hung.
const CHILD_DEADLINE: Duration = Duration::from_secs(180);
/// What the child prints when it leaves the flush threads' priority alone.
const UNLOWERED: &str =
    "the flush threads kept their priority: this process may not raise one again once lowered";

fn main() -> ExitCode {
    if std::env::var_os(CHILD).is_some() {
        return child();
    }
    // `cargo test` passes the harness's arguments (filters, --list): a test named after the
    // file is all there is.
    if std::env::args().any(|arg| arg == "--list") {
        println!("{TEST}: test");
        return ExitCode::SUCCESS;
    }
    let (status, stdout, stderr) = run_child();
    let tables = stdout
        .lines()
        .find_map(|line| line.strip_prefix("tables on disk: "))
        .and_then(|count| count.trim().parse::<usize>().ok());
    let failures = [
        match status {
            Some(status) if status.success() => None,
            Some(status) => Some(format!("the child failed: {status}")),
            None => Some(format!(
                "the child hung: not done after {CHILD_DEADLINE:?} (the store deadlocked?)"
            )),
        },
        stderr
            .contains("panicked")
            .then(|| "a thread of the child panicked (the store's, or a failed check)".to_owned()),
        match tables {
            Some(count) if count >= 1 => None,
            Some(_) => Some("no memtable reached the disk".to_owned()),
            None => Some("the child did not report its tables".to_owned()),
        },
    ];
    let failures: Vec<String> = failures.into_iter().flatten().collect();
    if failures.is_empty() {
        if stdout.contains(UNLOWERED) {
            println!("{UNLOWERED}");
        }
        println!("test {TEST} ... ok");
        ExitCode::SUCCESS
    } else {
        eprintln!("child stdout:\n{stdout}\nchild stderr:\n{stderr}");
        for failure in failures {
            eprintln!("FAILED: {failure}");
        }
        ExitCode::FAILURE
    }
}

/// Runs the child with the small memtable, its output in files (a pipe would fill and block
/// it), and ends it once past [`CHILD_DEADLINE`]: its exit status (`None` when it was ended),
/// standard output and error.
fn run_child() -> (Option<std::process::ExitStatus>, String, String) {
    let folder = tempfile::tempdir().expect("a folder for the child's output");
    let (out, err) = (folder.path().join("stdout"), folder.path().join("stderr"));
    let file = |path: &Path| std::fs::File::create(path).expect("a file for the child's output");
    let mut child = Command::new(std::env::current_exe().expect("this test's own path"))
        .env(CHILD, "1")
        .env(
            "SURREAL_SURREALKV_MAX_MEMTABLE_SIZE",
            MEMTABLE_BYTES.to_string(),
        )
        .stdout(file(&out))
        .stderr(file(&err))
        .spawn()
        .expect("running the test's child process");
    let started = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().expect("waiting for the child") {
            break Some(status);
        }
        if started.elapsed() > CHILD_DEADLINE {
            let _ = child.kill();
            let _ = child.wait();
            break None;
        }
        std::thread::sleep(Duration::from_millis(100));
    };
    let read = |path: &Path| {
        String::from_utf8_lossy(&std::fs::read(path).unwrap_or_default()).into_owned()
    };
    (status, read(&out), read(&err))
}

/// Writes 256 memtables' worth of rows through Whisk's connection to an embedded store while
/// [`READERS`] tasks read ranges of the table, each transaction and read within [`PATIENCE`],
/// reads them back and prints the count of tables on disk. Writes stall once a few full
/// memtables wait for a flush, so all of them going through means the memtables kept being
/// written out; the level compaction merges the tables, so their count says only that some
/// reached the disk.
fn child() -> ExitCode {
    let writing = Arc::new(AtomicBool::new(true));
    let lowering = {
        let writing = Arc::clone(&writing);
        std::thread::spawn(move || lower_flush_threads_while(&writing))
    };
    let folder = tempfile::tempdir().expect("a temporary folder");
    let store = folder.path().join("store");
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("a runtime");
    runtime.block_on(async {
        let mut config = whisk_api::config::Config::for_tests(
            folder.path().to_path_buf(),
            folder.path().to_path_buf(),
        );
        config.database_url = format!("surrealkv://{}", store.display());
        let db = whisk_api::db::connect(&config)
            .await
            .expect("opening the store");
        db.query("DEFINE TABLE scratch SCHEMALESS")
            .await
            .expect("defining the table")
            .check()
            .expect("defining the table");
        let readers: Vec<_> = (0..READERS)
            .map(|reader| {
                let (db, writing) = (db.clone(), Arc::clone(&writing));
                tokio::spawn(async move {
                    let mut reads = 0_u64;
                    while writing.load(Ordering::Relaxed) {
                        let read = tokio::time::timeout(
                            PATIENCE,
                            db.query("SELECT VALUE n FROM scratch LIMIT 1"),
                        )
                        .await
                        .unwrap_or_else(|_| {
                            panic!("read {reads} of reader {reader} waited over {PATIENCE:?}")
                        });
                        read.expect("reading rows").check().expect("reading rows");
                        reads += 1;
                        // Leaves the runtime's workers some idle time, which the flush thread
                        // at its low priority needs to get on.
                        tokio::time::sleep(Duration::from_micros(200)).await;
                    }
                    reads
                })
            })
            .collect();
        let text = "flour ".repeat(170);
        for batch in 0..ROWS / ROWS_A_TRANSACTION {
            let rows: Vec<serde_json::Value> = (0..ROWS_A_TRANSACTION)
                .map(|n| serde_json::json!({ "n": batch * ROWS_A_TRANSACTION + n, "text": text }))
                .collect();
            let written = tokio::time::timeout(
                PATIENCE,
                db.query("INSERT INTO scratch $rows RETURN NONE")
                    .bind(("rows", rows)),
            )
            .await
            .unwrap_or_else(|_| panic!("transaction {batch} waited over {PATIENCE:?}"));
            written
                .expect("writing rows")
                .check()
                .expect("writing rows");
        }
        writing.store(false, Ordering::Relaxed);
        for reader in readers {
            assert!(reader.await.expect("a reader") > 0, "a reader read nothing");
        }
        let count: Option<usize> = db
            .query("RETURN (SELECT count() FROM scratch GROUP ALL)[0].count")
            .await
            .expect("counting the rows")
            .take(0)
            .expect("counting the rows");
        assert_eq!(count, Some(ROWS), "rows read back");
        let started = Instant::now();
        let mut tables = tables_on_disk(&store);
        while tables == 0 && started.elapsed() < PATIENCE {
            tokio::time::sleep(Duration::from_millis(100)).await;
            tables = tables_on_disk(&store);
        }
        println!("tables on disk: {tables}");
        whisk_api::db::close(db, &config.database_url).await;
    });
    lowering
        .join()
        .expect("the thread lowering the flush threads");
    ExitCode::SUCCESS
}

/// How long the flush threads stay at the lowest priority, then at their own, in turn. At the
/// lowest throughout, any other busy process on the machine starves them, and writes queue
/// behind flushes that do not run: with two processes keeping both cores busy, children took
/// 270 s and more.
const PRIORITY_PHASE: Duration = Duration::from_millis(20);

/// Puts this process's SurrealKV flush and compaction threads (named `surrealkv-compaction`, one
/// a flush) at Linux's lowest priority (`SCHED_IDLE`) and back at their own, [`PRIORITY_PHASE`]
/// each, over and over until `running` is false: while lowered, the threads that read the
/// store preempt a flush wherever it is, between its two locks too. Where this process may not
/// take a thread back from the lowest priority (no `CAP_SYS_NICE`), the threads keep their own.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
fn lower_flush_threads_while(running: &AtomicBool) {
    if !lowest_priority_is_reversible() {
        println!("{UNLOWERED}");
        return;
    }
    let mut known = std::collections::HashSet::new();
    let mut lowered = false;
    let mut phase_started = Instant::now();
    while running.load(Ordering::Relaxed) {
        let alive = flush_threads();
        let switching = phase_started.elapsed() >= PRIORITY_PHASE;
        if switching {
            lowered = !lowered;
            phase_started = Instant::now();
        }
        for &tid in alive
            .iter()
            .filter(|tid| switching || !known.contains(*tid))
        {
            set_priority(tid, lowered);
        }
        known = alive.into_iter().collect();
        std::thread::sleep(Duration::from_micros(500));
    }
    for tid in flush_threads() {
        set_priority(tid, false);
    }
}

/// Elsewhere the flush threads keep their priority.
#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
fn lower_flush_threads_while(_running: &AtomicBool) {}

/// This process's SurrealKV flush and compaction threads: one is started for each flush or
/// compaction and ends with it.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
fn flush_threads() -> Vec<libc::pid_t> {
    std::fs::read_dir("/proc/self/task")
        .into_iter()
        .flatten()
        .flatten()
        .filter_map(|task| {
            let tid = task
                .file_name()
                .to_string_lossy()
                .parse::<libc::pid_t>()
                .ok()?;
            let name = std::fs::read_to_string(task.path().join("comm")).unwrap_or_default();
            // The kernel keeps 15 bytes of a thread's name.
            (name.trim_end() == "surrealkv-compa").then_some(tid)
        })
        .collect()
}

/// Whether a thread of this process put at the lowest priority can be put back: raising a
/// priority takes `CAP_SYS_NICE` or room in `RLIMIT_NICE`. Tried on a thread of its own (thread
/// id 0 is the calling thread).
#[cfg(all(target_os = "linux", target_env = "gnu"))]
fn lowest_priority_is_reversible() -> bool {
    std::thread::spawn(|| set_priority(0, true) && set_priority(0, false))
        .join()
        .unwrap_or(false)
}

/// Puts thread `tid` at the lowest priority (`SCHED_IDLE`) or at the usual one (`SCHED_OTHER`):
/// whether that worked.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
#[expect(
    unsafe_code,
    reason = "a thread's scheduling policy is set through the C library"
)]
fn set_priority(tid: libc::pid_t, lowest: bool) -> bool {
    let policy = if lowest {
        libc::SCHED_IDLE
    } else {
        libc::SCHED_OTHER
    };
    let parameters = libc::sched_param { sched_priority: 0 };
    // SAFETY: `parameters` lives through the call, which only reads it; a thread that ended
    // meanwhile makes the call fail, which changes nothing.
    unsafe { libc::sched_setscheduler(tid, policy, &raw const parameters) == 0 }
}

/// The store's table files (`.sst`) under `folder`, however deep.
fn tables_on_disk(folder: &Path) -> usize {
    let Ok(entries) = std::fs::read_dir(folder) else {
        return 0;
    };
    entries
        .flatten()
        .map(|entry| {
            let path = entry.path();
            if path.is_dir() {
                tables_on_disk(&path)
            } else {
                usize::from(path.extension().is_some_and(|extension| extension == "sst"))
            }
        })
        .sum()
}
