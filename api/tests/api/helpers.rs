//! Spawns a real app on a free port with a fresh in-memory database, and typed helpers to call it.

use std::net::SocketAddr;
use std::path::PathBuf;

use reqwest::Method;
use serde_json::{Value, json};
use tempfile::TempDir;
use whisk_api::config::Config;

/// A running app for one test.
pub struct TestApp {
    /// Where it listens.
    pub address: SocketAddr,
    /// An HTTP client without automatic decompression or redirects.
    pub client: reqwest::Client,
    /// The data directory (kept alive for the test's duration).
    pub data_dir: TempDir,
    /// The app's database, for arranging what the API cannot (an expired OTP).
    pub db: whisk_api::db::Db,
    /// The folder served as the built web app.
    #[allow(dead_code)]
    pub web_dist: PathBuf,
}

impl TestApp {
    /// The absolute URL of a path.
    pub fn url(&self, path: &str) -> String {
        format!("http://{}{path}", self.address)
    }

    /// GET a path.
    pub async fn get(&self, path: &str) -> reqwest::Response {
        self.client
            .get(self.url(path))
            .send()
            .await
            .expect("request reaches the app")
    }

    /// Sends a request with an optional bearer token and JSON body.
    pub async fn call(
        &self,
        method: Method,
        path: &str,
        token: Option<&str>,
        body: Option<Value>,
    ) -> reqwest::Response {
        let mut request = self.client.request(method, self.url(path));
        if let Some(token) = token {
            request = request.bearer_auth(token);
        }
        if let Some(body) = body {
            request = request.json(&body);
        }
        request.send().await.expect("request reaches the app")
    }

    /// POST JSON without a token.
    pub async fn post(&self, path: &str, body: Value) -> reqwest::Response {
        self.call(Method::POST, path, None, Some(body)).await
    }

    /// Registers a customer and returns their `user` object and token.
    pub async fn register_customer(&self, email: &str, mobile: &str) -> (Value, String) {
        let response = self
            .post("/api/v1/auth/register", customer_body(email, mobile))
            .await;
        let status = response.status();
        let body: Value = response.json().await.unwrap();
        assert_eq!(status, 201, "registering {email}: {body}");
        (
            body["user"].clone(),
            body["jwt"].as_str().unwrap().to_owned(),
        )
    }

    /// Registers `count` customers (buyer0@example.in, buyer1@..., each with a mobile of its own)
    /// and returns their tokens.
    pub async fn register_buyers(&self, count: usize) -> Vec<String> {
        let mut tokens = Vec::with_capacity(count);
        for n in 0..count {
            let (_, token) = self
                .register_customer(&format!("buyer{n}@example.in"), &format!("98765432{n:02}"))
                .await;
            tokens.push(token);
        }
        tokens
    }

    /// Registers the first admin (a superadmin) and returns their token.
    pub async fn first_superadmin(&self) -> String {
        let response = self
            .post("/api/v1/authadmin/register", json!({"username": "Root Admin", "email": "root@whisk.example", "password": ADMIN_PASSWORD}))
            .await;
        let status = response.status();
        let body: Value = response.json().await.unwrap();
        assert_eq!(status, 201, "first superadmin: {body}");
        assert_eq!(body["admin"]["role"], "superadmin");
        body["jwt"].as_str().unwrap().to_owned()
    }

    /// A superadmin registers an admin with this role; returns their id and token.
    pub async fn admin_with_role(&self, superadmin: &str, role: &str) -> (String, String) {
        let email = format!("{role}-{}@whisk.example", rand_suffix());
        let response = self
            .call(
                Method::POST,
                "/api/v1/authadmin/register",
                Some(superadmin),
                Some(json!({"username": format!("{role} person"), "email": email, "password": ADMIN_PASSWORD, "role": role})),
            )
            .await;
        assert_eq!(response.status(), 201, "registering a {role}");
        let body: Value = response.json().await.unwrap();
        assert!(
            body.get("jwt").is_none(),
            "a superadmin registering someone gets no token for them"
        );
        let id = body["admin"]["_id"].as_str().unwrap().to_owned();
        (id, self.login_admin(&email, ADMIN_PASSWORD).await)
    }

    /// Signs an admin in and returns their token.
    pub async fn login_admin(&self, email: &str, password: &str) -> String {
        let response = self
            .post(
                "/api/v1/authadmin/login",
                json!({"identifier": email, "password": password}),
            )
            .await;
        assert_eq!(response.status(), 200, "admin login for {email}");
        let body: Value = response.json().await.unwrap();
        body["jwt"].as_str().unwrap().to_owned()
    }

    /// The newest OTP e-mailed to `email`, waiting briefly for the background send.
    pub async fn read_otp(&self, email: &str) -> String {
        let outbox = self.data_dir.path().join("data/outbox");
        for _ in 0..50 {
            let mut newest: Option<(std::time::SystemTime, String)> = None;
            for entry in std::fs::read_dir(&outbox).into_iter().flatten().flatten() {
                let text = std::fs::read_to_string(entry.path()).unwrap_or_default();
                let modified = entry.metadata().and_then(|m| m.modified()).unwrap();
                if text.contains(&format!("To: {email}"))
                    && newest.as_ref().is_none_or(|(time, _)| modified >= *time)
                {
                    newest = Some((modified, text));
                }
            }
            if let Some((_, text)) = newest {
                let start = text
                    .find("reset code is ")
                    .expect("the mail states the code")
                    + "reset code is ".len();
                return text[start..start + 6].to_owned();
            }
            tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        }
        panic!("no OTP mail for {email} in {}", outbox.display());
    }

    /// How many mails the outbox holds.
    pub fn outbox_count(&self) -> usize {
        std::fs::read_dir(self.data_dir.path().join("data/outbox"))
            .map(|dir| dir.count())
            .unwrap_or(0)
    }
}

/// The password every test admin gets.
pub const ADMIN_PASSWORD: &str = "correct horse battery";
/// The password every test customer gets.
pub const CUSTOMER_PASSWORD: &str = "flour-and-sugar-42";

/// A valid customer registration.
pub fn customer_body(email: &str, mobile: &str) -> Value {
    json!({
        "username": "Asha Baker",
        "email": email,
        "password": CUSTOMER_PASSWORD,
        "address": "14 MG Road",
        "city": "Bengaluru",
        "state": "Karnataka",
        "mobile": mobile,
        "company": "Asha's Cakes"
    })
}

fn rand_suffix() -> String {
    format!(
        "{:x}",
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_nanos()
            % 0xffff_ffff
    )
}

/// A stand-in for `web/dist`: an index page and one hashed asset.
fn fake_web_dist(root: &std::path::Path) -> PathBuf {
    let dist = root.join("dist");
    std::fs::create_dir_all(dist.join("assets")).expect("create dist");
    std::fs::write(
        dist.join("index.html"),
        "<!doctype html><html><head><title>Whisk</title></head><body><div id=root></div></body></html>",
    )
    .expect("index");
    std::fs::write(dist.join("assets/index-abc123.js"), "console.log('whisk')").expect("asset");
    dist
}

/// Starts the app on port 0 with an in-memory database.
pub async fn spawn_app() -> TestApp {
    spawn_app_with(|_| {}).await
}

/// Starts the app with settings adjusted by `adjust`.
pub async fn spawn_app_with(adjust: impl FnOnce(&mut Config)) -> TestApp {
    whisk_api::telemetry::init("warn");
    let data_dir = tempfile::tempdir().expect("temp dir");
    let web_dist = fake_web_dist(data_dir.path());
    let mut config = Config::for_tests(data_dir.path().join("data"), web_dist.clone());
    adjust(&mut config);
    let state = whisk_api::state::AppState::new(config)
        .await
        .expect("app builds");
    serve(state, data_dir, web_dist).await
}

/// Starts the app over a database connected and migrated by the test, with data in `data_dir`.
pub async fn spawn_app_over(db: whisk_api::db::Db, data_dir: TempDir) -> TestApp {
    whisk_api::telemetry::init("warn");
    let web_dist = fake_web_dist(data_dir.path());
    let config = Config::for_tests(data_dir.path().join("data"), web_dist.clone());
    let state = whisk_api::state::AppState::over(config, db)
        .await
        .expect("app builds");
    serve(state, data_dir, web_dist).await
}

async fn serve(state: whisk_api::state::AppState, data_dir: TempDir, web_dist: PathBuf) -> TestApp {
    let db = state.db.clone();
    let router = whisk_api::app::router(state);
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("bind port 0");
    let address = listener.local_addr().expect("address");
    tokio::spawn(async move {
        axum::serve(
            listener,
            router.into_make_service_with_connect_info::<SocketAddr>(),
        )
        .await
        .expect("serve");
    });
    let client = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .expect("client");
    TestApp {
        address,
        client,
        data_dir,
        web_dist,
        db,
    }
}
