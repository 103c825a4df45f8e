//! A stopped server closes its embedded store: SurrealKV writes what it holds in memory to its
//! tables then, so the next start reads tables instead of replaying the write-ahead log.

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::helpers::customer_body;

/// The bytes of the files in `dir` (none when it does not exist).
fn bytes_in(dir: &Path) -> u64 {
    std::fs::read_dir(dir)
        .map(|entries| {
            entries
                .flatten()
                .filter_map(|entry| entry.metadata().ok())
                .map(|meta| meta.len())
                .sum()
        })
        .unwrap_or(0)
}

#[tokio::test]
async fn a_stopped_server_writes_its_store_to_tables_and_empties_the_log() {
    let dir = tempfile::tempdir().unwrap();
    let store = dir.path().join("whisk.db");
    let web = dir.path().join("dist");
    std::fs::create_dir_all(web.join("assets")).unwrap();
    std::fs::write(
        web.join("index.html"),
        "<!doctype html><title>Whisk</title>",
    )
    .unwrap();
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let mut server = Command::new(env!("CARGO_BIN_EXE_whisk"))
        .arg("serve")
        .env("DATABASE_URL", format!("surrealkv://{}", store.display()))
        .env("DATA_DIR", dir.path())
        .env("WEB_DIST", &web)
        .env("HOST", "127.0.0.1")
        .env("PORT", port.to_string())
        .env("LOG_LEVEL", "warn")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let base = format!("http://127.0.0.1:{port}/api/v1");
    let client = reqwest::Client::new();
    let started = Instant::now();
    while client.get(format!("{base}/health")).send().await.is_err() {
        assert!(
            started.elapsed() < Duration::from_secs(60),
            "the server did not start"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let registered = client
        .post(format!("{base}/auth/register"))
        .json(&customer_body("closing@whisk.example", "9876501234"))
        .send()
        .await
        .unwrap();
    assert_eq!(
        registered.status(),
        201,
        "{}",
        registered.text().await.unwrap()
    );
    assert!(
        bytes_in(&store.join("wal")) > 0,
        "a serving store keeps its recent writes in the log"
    );

    let signalled = Command::new("kill")
        .args(["-TERM", &server.id().to_string()])
        .status()
        .unwrap();
    assert!(signalled.success());
    let stopping = Instant::now();
    let status = loop {
        if let Some(status) = server.try_wait().unwrap() {
            break status;
        }
        assert!(
            stopping.elapsed() < Duration::from_secs(30),
            "the server did not stop"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    };

    assert!(status.success(), "{status}");
    assert_eq!(
        bytes_in(&store.join("wal")),
        0,
        "the log was written to tables"
    );
    assert!(bytes_in(&store.join("sstables")) > 0);
}
