//! Throttles under bursts: every attempt is counted before the work it guards, per account in
//! the database, so parallel requests from many addresses are held to the per-account policy.

use serde_json::{Value, json};
use whisk_api::client_ip;

use crate::helpers::{ADMIN_PASSWORD, CUSTOMER_PASSWORD, TestApp, spawn_app_with};

/// An app behind a proxy on 127.0.0.1, so each test request can come from its own address.
async fn behind_proxy() -> TestApp {
    spawn_app_with(|config| config.trusted_proxies = client_ip::parse_list("127.0.0.1").unwrap())
        .await
}

async fn post_from(app: &TestApp, address: &str, path: &str, body: Value) -> u16 {
    let response = app
        .client
        .post(app.url(path))
        .header("X-Forwarded-For", address)
        .json(&body)
        .send()
        .await
        .unwrap();
    response.status().as_u16()
}

fn tally(statuses: &[u16], status: u16) -> usize {
    statuses.iter().filter(|&&s| s == status).count()
}

#[tokio::test]
async fn forty_parallel_wrong_passwords_from_forty_addresses_get_five_password_checks() {
    let app = behind_proxy().await;
    app.register_customer("tara@example.in", "9876500011").await;
    let attempts = (0..40).map(|n| {
        let app = &app;
        async move {
            post_from(
                app,
                &format!("203.0.113.{n}"),
                "/api/v1/auth/login",
                json!({"identifier": "tara@example.in", "password": "not her password"}),
            )
            .await
        }
    });
    let statuses = futures::future::join_all(attempts).await;
    assert_eq!(
        tally(&statuses, 401),
        5,
        "only the five free attempts reach the password check: {statuses:?}"
    );
    assert_eq!(tally(&statuses, 429), 35, "{statuses:?}");

    let status = post_from(
        &app,
        "198.51.100.9",
        "/api/v1/auth/login",
        json!({"identifier": "tara@example.in", "password": CUSTOMER_PASSWORD}),
    )
    .await;
    assert_eq!(status, 429, "the account waits, whatever address asks");
    let other = post_from(
        &app,
        "203.0.113.1",
        "/api/v1/auth/login",
        json!({"identifier": "someone@example.in", "password": CUSTOMER_PASSWORD}),
    )
    .await;
    assert_eq!(
        other, 401,
        "other accounts are not held up by the per-address limits"
    );
}

#[tokio::test]
async fn forty_parallel_wrong_otps_from_forty_addresses_check_at_most_five_codes() {
    let app = behind_proxy().await;
    app.register_customer("uma@example.in", "9876500012").await;
    assert_eq!(
        post_from(
            &app,
            "198.51.100.1",
            "/api/v1/auth/forgot-password",
            json!({"identifier": "uma@example.in"})
        )
        .await,
        202
    );
    let otp = app.read_otp("uma@example.in").await;
    let wrong = if otp == "000000" { "111111" } else { "000000" };
    let attempts = (0..40).map(|n| {
        let app = &app;
        async move {
            let body = json!({"identifier": "uma@example.in", "otp": wrong, "newPassword": "a-new-password-1"});
            post_from(app, &format!("203.0.113.{n}"), "/api/v1/auth/reset-password", body).await
        }
    });
    let statuses = futures::future::join_all(attempts).await;
    assert_eq!(
        tally(&statuses, 400),
        9,
        "the OTP request and nine tries use the account's ten free attempts: {statuses:?}"
    );
    assert_eq!(tally(&statuses, 429), 31, "{statuses:?}");
    let mut response = app
        .db
        .query("SELECT VALUE attempts FROM password_reset")
        .await
        .unwrap();
    let tries: Vec<i64> = response.take(0).unwrap();
    assert_eq!(tries, vec![5], "no more than five codes were ever compared");
}

#[tokio::test]
async fn admin_registration_is_throttled_per_address_and_per_account() {
    let app = behind_proxy().await;
    let register =
        |email: String| json!({"username": "Someone", "email": email, "password": ADMIN_PASSWORD});
    assert_eq!(
        post_from(
            &app,
            "203.0.113.1",
            "/api/v1/authadmin/register",
            register("first@whisk.example".into())
        )
        .await,
        201
    );
    let mut statuses = Vec::new();
    for n in 0..11 {
        statuses.push(
            post_from(
                &app,
                &format!("203.0.113.{}", n + 10),
                "/api/v1/authadmin/register",
                register("intruder@whisk.example".into()),
            )
            .await,
        );
    }
    assert_eq!(
        statuses[..10],
        [403; 10],
        "registration is closed once an admin exists: {statuses:?}"
    );
    assert_eq!(
        statuses[10], 429,
        "one e-mail address gets ten attempts: {statuses:?}"
    );

    let mut statuses = Vec::new();
    for n in 0..61 {
        statuses.push(
            post_from(
                &app,
                "198.51.100.7",
                "/api/v1/authadmin/register",
                register(format!("probe{n}@whisk.example")),
            )
            .await,
        );
    }
    assert_eq!(tally(&statuses, 403), 60, "{statuses:?}");
    assert_eq!(
        statuses[60], 429,
        "one address gets sixty attempts an hour: {statuses:?}"
    );
}

#[tokio::test]
async fn without_a_trusted_proxy_forwarded_addresses_are_not_believed() {
    let app = spawn_app_with(|_| {}).await;
    let attempts = (0..101).map(|n| {
        let app = &app;
        async move {
            let body = json!({"identifier": format!("nobody{n}@example.in"), "password": "x"});
            post_from(app, &format!("203.0.113.{n}"), "/api/v1/auth/login", body).await
        }
    });
    let statuses = futures::future::join_all(attempts).await;
    assert_eq!(
        tally(&statuses, 429),
        1,
        "all share the socket's address, which gets 100 attempts: {statuses:?}"
    );
    assert!(
        statuses
            .iter()
            .all(|status| [401, 429, 503].contains(status)),
        "{statuses:?}"
    );
}
