//! The built `surreal` is the SurrealDB command line at the version the API links: `cargo test`
//! builds it (this test needs the binary), so the cluster scripts find it beside the server.

use std::process::Command;

#[test]
fn the_binary_is_the_surrealdb_command_line_at_the_version_the_api_links() {
    let output = Command::new(env!("CARGO_BIN_EXE_surreal"))
        .arg("version")
        .output()
        .expect("surreal runs");
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "surreal version failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(text.starts_with("3.3.5"), "version: {text}");
}
