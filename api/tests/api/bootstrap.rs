use std::io::Write;
use std::process::{Command, Stdio};

use serde_json::{Value, json};
use whisk_api::config::{BootstrapAdmin, Config};

use crate::helpers::spawn_app_with;

#[tokio::test]
async fn the_bootstrap_superadmin_is_created_once() {
    let bootstrap = BootstrapAdmin {
        username: "Owner".into(),
        email: "Owner@Whisk.example".into(),
        password: "owner-password-1".into(),
    };
    let app = spawn_app_with(|config| config.bootstrap_admin = Some(bootstrap.clone())).await;
    let token = app
        .login_admin("owner@whisk.example", "owner-password-1")
        .await;
    let list: Value = app
        .call(reqwest::Method::GET, "/api/v1/admins", Some(&token), None)
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(list["meta"]["pagination"]["total"], 1);
    assert_eq!(list["data"][0]["role"], "superadmin");

    // A later start with the same settings finds an admin and creates nobody.
    whisk_api::admins::bootstrap::ensure_superadmin(&app.db, &bootstrap)
        .await
        .unwrap();
    let list: Value = app
        .call(reqwest::Method::GET, "/api/v1/admins", Some(&token), None)
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(list["meta"]["pagination"]["total"], 1);
}

#[tokio::test]
async fn the_create_admin_command_adds_an_admin_to_the_embedded_database() {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("surrealkv://{}", dir.path().join("whisk.db").display());
    let run = |email: &str, role: &str, password: &str| {
        let mut child = Command::new(env!("CARGO_BIN_EXE_whisk"))
            .args([
                "create-admin",
                "--email",
                email,
                "--username",
                "Shell Admin",
                "--role",
                role,
            ])
            .env("DATABASE_URL", &url)
            .env("DATA_DIR", dir.path())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        child
            .stdin
            .take()
            .unwrap()
            .write_all(format!("{password}\n").as_bytes())
            .unwrap();
        child.wait_with_output().unwrap()
    };
    let output = run("shell@whisk.example", "admin", "from-the-shell-1");
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(
        String::from_utf8_lossy(&output.stdout)
            .contains("Created admin admin Shell Admin <shell@whisk.example>")
    );

    let refused = run("weak@whisk.example", "staff", "short");
    assert!(!refused.status.success());
    assert!(String::from_utf8_lossy(&refused.stderr).contains("password"));

    let mut config = Config::for_tests(dir.path().to_path_buf(), dir.path().to_path_buf());
    config.database_url = url.clone();
    config.database_db = "shop".to_owned();
    let state = whisk_api::state::AppState::new(config).await.unwrap();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap();
    let router = whisk_api::app::router(state);
    tokio::spawn(async move {
        axum::serve(
            listener,
            router.into_make_service_with_connect_info::<std::net::SocketAddr>(),
        )
        .await
        .unwrap();
    });
    let response = reqwest::Client::new()
        .post(format!("http://{address}/api/v1/authadmin/login"))
        .json(&json!({"identifier": "shell@whisk.example", "password": "from-the-shell-1"}))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200);
    assert_eq!(
        response.json::<Value>().await.unwrap()["admin"]["role"],
        "admin"
    );
}
