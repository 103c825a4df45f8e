//! The embedded store writes every full memtable to disk, the first and all the ones after it,
//! and writes go on meanwhile. `vendor/surrealkv` runs the flush on a thread of its own; that
//! thread once lacked the async runtime that a flush's clean-up task is spawned on, so the first
//! flush panicked, its task ended, and no memtable was written out after it (writes then wait
//! for a flush that never comes).
//!
//! Its own test binary without the test harness: the memtable's bound is read from the
//! environment, so the test runs itself again as a child process with a 1 MiB bound (the
//! server's is 256 MiB) and checks what the child reports.

use std::path::Path;
use std::process::{Command, ExitCode};
use std::time::{Duration, Instant};

/// Set in the child, which does the writing.
const CHILD: &str = "WHISK_STORE_FLUSH_CHILD";
const MEMTABLE_BYTES: usize = 1024 * 1024;
/// Rows of about 1 KiB, 64 a transaction: eight memtables' worth.
const ROWS: usize = 8 * 1024;
const ROWS_A_TRANSACTION: usize = 64;
/// How long the child waits for the flushes to show on disk, and for any one write.
const PATIENCE: Duration = Duration::from_secs(30);

fn main() -> ExitCode {
    if std::env::var_os(CHILD).is_some() {
        return child();
    }
    // `cargo test` passes the harness's arguments (filters, --list): a test named after the
    // file is all there is.
    if std::env::args().any(|arg| arg == "--list") {
        println!("a_full_memtable_is_written_to_disk_each_time_and_writes_go_on: test");
        return ExitCode::SUCCESS;
    }
    let output = Command::new(std::env::current_exe().expect("this test's own path"))
        .env(CHILD, "1")
        .env(
            "SURREAL_SURREALKV_MAX_MEMTABLE_SIZE",
            MEMTABLE_BYTES.to_string(),
        )
        .output()
        .expect("running the test's child process");
    let (stdout, stderr) = (
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr),
    );
    let tables = stdout
        .lines()
        .find_map(|line| line.strip_prefix("tables on disk: "))
        .and_then(|count| count.trim().parse::<usize>().ok());
    let failures = [
        (!output.status.success()).then(|| format!("the child failed: {}", output.status)),
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
        println!("test a_full_memtable_is_written_to_disk_each_time_and_writes_go_on ... ok");
        ExitCode::SUCCESS
    } else {
        eprintln!("child stdout:\n{stdout}\nchild stderr:\n{stderr}");
        for failure in failures {
            eprintln!("FAILED: {failure}");
        }
        ExitCode::FAILURE
    }
}

/// Writes eight memtables' worth of rows through Whisk's connection to an embedded store, each
/// transaction within [`PATIENCE`], reads them back and prints the count of tables on disk.
/// Writes stall once a few full memtables wait for a flush, so all of them going through means
/// the memtables kept being written out; the level compaction merges the tables, so their count
/// says only that some reached the disk.
fn child() -> ExitCode {
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
    ExitCode::SUCCESS
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
