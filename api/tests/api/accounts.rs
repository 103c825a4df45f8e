use reqwest::Method;
use serde_json::{Value, json};

use crate::helpers::{CUSTOMER_PASSWORD, customer_body, spawn_app};

#[tokio::test]
async fn a_customer_registers_and_signs_in_with_email_or_mobile() {
    let app = spawn_app().await;
    let (user, token) = app
        .register_customer("Asha@Example.in", "+91 98765 43210")
        .await;
    assert_eq!(user["email"], "asha@example.in", "e-mail is lower-cased");
    assert_eq!(user["mobile"], "9876543210", "mobile loses its +91");
    assert_eq!(user["status"], "active");
    assert!(user.get("password").is_none() && user.get("passwordHash").is_none());
    assert!(!token.is_empty());

    for identifier in [
        "asha@example.in",
        "ASHA@example.in",
        "9876543210",
        "09876543210",
    ] {
        let response = app
            .post(
                "/api/v1/auth/login",
                json!({"identifier": identifier, "password": CUSTOMER_PASSWORD}),
            )
            .await;
        assert_eq!(response.status(), 200, "{identifier}");
        let body: Value = response.json().await.unwrap();
        assert_eq!(body["user"]["_id"], user["_id"]);
        assert!(body["jwt"].as_str().unwrap().len() > 20);
    }
}

#[tokio::test]
async fn registration_refuses_each_bad_field_by_name() {
    let app = spawn_app().await;
    let response = app
        .post(
            "/api/v1/auth/register",
            json!({"username": "A", "email": "not-an-email", "password": "short", "address": " ", "city": "x".repeat(201),
                   "state": "Karnataka", "mobile": "12345", "company": ""}),
        )
        .await;
    assert_eq!(response.status(), 400);
    let body: Value = response.json().await.unwrap();
    let fields = body["error"]["fields"].as_object().unwrap();
    for field in [
        "username", "email", "password", "address", "city", "mobile", "company",
    ] {
        assert!(fields.contains_key(field), "{field} is named: {fields:?}");
    }
    assert!(!fields.contains_key("state"));
}

#[tokio::test]
async fn unknown_fields_such_as_role_are_refused_and_customers_cannot_set_their_status() {
    let app = spawn_app().await;
    let mut body = customer_body("ravi@example.in", "9123456780");
    body["role"] = json!("superadmin");
    let response = app.post("/api/v1/auth/register", body).await;
    assert_eq!(response.status(), 400);
    let text = response.text().await.unwrap();
    assert!(text.contains("role"), "{text}");

    let mut body = customer_body("ravi@example.in", "9123456780");
    body["status"] = json!("active");
    let response = app.post("/api/v1/auth/register", body).await;
    assert_eq!(response.status(), 400);
    let body: Value = response.json().await.unwrap();
    assert!(body["error"]["fields"]["status"].is_string());
}

#[tokio::test]
async fn a_second_account_with_the_same_email_or_mobile_is_409() {
    let app = spawn_app().await;
    app.register_customer("meera@example.in", "9988776655")
        .await;
    let response = app
        .post(
            "/api/v1/auth/register",
            customer_body("MEERA@example.in", "9000000001"),
        )
        .await;
    assert_eq!(response.status(), 409);
    assert_eq!(
        response.json::<Value>().await.unwrap()["error"]["code"],
        "email_taken"
    );
    let response = app
        .post(
            "/api/v1/auth/register",
            customer_body("other@example.in", "+919988776655"),
        )
        .await;
    assert_eq!(response.status(), 409);
    assert_eq!(
        response.json::<Value>().await.unwrap()["error"]["code"],
        "mobile_taken"
    );
}

#[tokio::test]
async fn a_wrong_password_and_an_unknown_account_get_the_same_answer() {
    let app = spawn_app().await;
    app.register_customer("kiran@example.in", "9876501234")
        .await;
    let wrong = app
        .post(
            "/api/v1/auth/login",
            json!({"identifier": "kiran@example.in", "password": "not the password"}),
        )
        .await;
    let unknown = app
        .post(
            "/api/v1/auth/login",
            json!({"identifier": "nobody@example.in", "password": "not the password"}),
        )
        .await;
    assert_eq!(wrong.status(), 401);
    assert_eq!(unknown.status(), 401);
    assert_eq!(
        wrong.json::<Value>().await.unwrap(),
        unknown.json::<Value>().await.unwrap()
    );
}

#[tokio::test]
async fn forgot_password_answers_the_same_for_existing_and_unknown_accounts() {
    let app = spawn_app().await;
    app.register_customer("lata@example.in", "9876500001").await;
    let known = app
        .post(
            "/api/v1/auth/forgot-password",
            json!({"identifier": "lata@example.in"}),
        )
        .await;
    let unknown = app
        .post(
            "/api/v1/auth/forgot-password",
            json!({"identifier": "ghost@example.in"}),
        )
        .await;
    assert_eq!(known.status(), 202);
    assert_eq!(unknown.status(), 202);
    let known: Value = known.json().await.unwrap();
    assert_eq!(known, unknown.json::<Value>().await.unwrap());
    let otp = app.read_otp("lata@example.in").await;
    assert!(
        !known.to_string().contains(&otp),
        "the OTP goes by e-mail only: {known}"
    );
}

#[tokio::test]
async fn a_password_is_reset_with_the_emailed_otp_once_and_old_tokens_stop_working() {
    let app = spawn_app().await;
    let (_, old_token) = app
        .register_customer("nisha@example.in", "9876500002")
        .await;
    // A mobile identifier sends the code to the account's e-mail.
    let response = app
        .post(
            "/api/v1/auth/forgot-password",
            json!({"identifier": "9876500002"}),
        )
        .await;
    assert_eq!(response.status(), 202);
    let otp = app.read_otp("nisha@example.in").await;

    let reset =
        json!({"identifier": "nisha@example.in", "otp": otp, "newPassword": "brand-new-secret"});
    let response = app.post("/api/v1/auth/reset-password", reset.clone()).await;
    assert_eq!(response.status(), 200);
    assert_eq!(
        response.json::<Value>().await.unwrap()["message"],
        "Password reset successfully"
    );

    let again = app.post("/api/v1/auth/reset-password", reset).await;
    assert_eq!(again.status(), 400, "an OTP works once");
    assert_eq!(
        again.json::<Value>().await.unwrap()["error"]["code"],
        "invalid_otp"
    );

    let old = app
        .post(
            "/api/v1/auth/login",
            json!({"identifier": "nisha@example.in", "password": CUSTOMER_PASSWORD}),
        )
        .await;
    assert_eq!(old.status(), 401);
    let new = app
        .post(
            "/api/v1/auth/login",
            json!({"identifier": "nisha@example.in", "password": "brand-new-secret"}),
        )
        .await;
    assert_eq!(new.status(), 200);

    let response = app
        .call(
            Method::POST,
            "/api/v1/auth/register",
            Some(&old_token),
            Some(customer_body("y@example.in", "9876500098")),
        )
        .await;
    assert_eq!(
        response.status(),
        401,
        "the token from before the reset is revoked"
    );
}

#[tokio::test]
async fn an_otp_is_void_after_five_wrong_tries() {
    let app = spawn_app().await;
    app.register_customer("omana@example.in", "9876500003")
        .await;
    app.post(
        "/api/v1/auth/forgot-password",
        json!({"identifier": "omana@example.in"}),
    )
    .await;
    let otp = app.read_otp("omana@example.in").await;
    let wrong = if otp == "000000" { "111111" } else { "000000" };
    for _ in 0..5 {
        let response = app.post("/api/v1/auth/reset-password", json!({"identifier": "omana@example.in", "otp": wrong, "newPassword": "whatever-123"})).await;
        assert_eq!(response.status(), 400);
    }
    let response = app
        .post(
            "/api/v1/auth/reset-password",
            json!({"identifier": "omana@example.in", "otp": otp, "newPassword": "whatever-123"}),
        )
        .await;
    assert_eq!(
        response.status(),
        400,
        "the right code no longer works after five wrong tries"
    );
}

#[tokio::test]
async fn an_expired_otp_is_refused() {
    let app = spawn_app().await;
    app.register_customer("pooja@example.in", "9876500004")
        .await;
    app.post(
        "/api/v1/auth/forgot-password",
        json!({"identifier": "pooja@example.in"}),
    )
    .await;
    let otp = app.read_otp("pooja@example.in").await;
    app.db
        .query("UPDATE password_reset SET expires_at = time::now() - 1s")
        .await
        .unwrap()
        .check()
        .unwrap();
    let response = app
        .post(
            "/api/v1/auth/reset-password",
            json!({"identifier": "pooja@example.in", "otp": otp, "newPassword": "whatever-123"}),
        )
        .await;
    assert_eq!(response.status(), 400);
}

#[tokio::test]
async fn a_second_otp_request_within_a_minute_sends_nothing() {
    let app = spawn_app().await;
    app.register_customer("rani@example.in", "9876500005").await;
    app.post(
        "/api/v1/auth/forgot-password",
        json!({"identifier": "rani@example.in"}),
    )
    .await;
    app.read_otp("rani@example.in").await;
    let response = app
        .post(
            "/api/v1/auth/forgot-password",
            json!({"identifier": "rani@example.in"}),
        )
        .await;
    assert_eq!(response.status(), 202);
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    assert_eq!(app.outbox_count(), 1);
}

#[tokio::test]
async fn repeated_failed_logins_are_throttled_with_retry_after() {
    let app = spawn_app().await;
    app.register_customer("sita@example.in", "9876500006").await;
    for attempt in 0..5 {
        let response = app
            .post(
                "/api/v1/auth/login",
                json!({"identifier": "sita@example.in", "password": "wrong password"}),
            )
            .await;
        assert_eq!(response.status(), 401, "attempt {attempt}");
    }
    let response = app
        .post(
            "/api/v1/auth/login",
            json!({"identifier": "sita@example.in", "password": CUSTOMER_PASSWORD}),
        )
        .await;
    assert_eq!(response.status(), 429);
    let retry_after: u64 = response.headers()["retry-after"]
        .to_str()
        .unwrap()
        .parse()
        .unwrap();
    assert!((1..=900).contains(&retry_after));
    assert_eq!(
        response.json::<Value>().await.unwrap()["error"]["code"],
        "rate_limited"
    );
}

#[tokio::test]
async fn an_inactive_customer_cannot_sign_in_and_loses_their_session() {
    let app = spawn_app().await;
    let superadmin = app.first_superadmin().await;
    let (user, token) = app.register_customer("tara@example.in", "9876500007").await;
    let id = user["_id"].as_str().unwrap();
    let response = app
        .call(
            Method::PUT,
            &format!("/api/v1/users/{id}"),
            Some(&superadmin),
            Some(json!({"status": "inactive"})),
        )
        .await;
    assert_eq!(response.status(), 200);

    let response = app
        .post(
            "/api/v1/auth/login",
            json!({"identifier": "tara@example.in", "password": CUSTOMER_PASSWORD}),
        )
        .await;
    assert_eq!(response.status(), 403);
    assert_eq!(
        response.json::<Value>().await.unwrap()["error"]["code"],
        "account_inactive"
    );
    let wrong = app
        .post(
            "/api/v1/auth/login",
            json!({"identifier": "tara@example.in", "password": "wrong password"}),
        )
        .await;
    assert_eq!(
        wrong.status(),
        401,
        "the inactive answer needs the right password"
    );

    let response = app
        .call(
            Method::POST,
            "/api/v1/auth/register",
            Some(&token),
            Some(customer_body("x@example.in", "9876500099")),
        )
        .await;
    assert_eq!(
        response.status(),
        401,
        "the deactivated customer's token is revoked"
    );
}

#[tokio::test]
async fn an_admin_creates_an_inactive_customer() {
    let app = spawn_app().await;
    let superadmin = app.first_superadmin().await;
    let mut body = customer_body("uma@example.in", "9876500008");
    body["status"] = json!("inactive");
    let response = app
        .call(
            Method::POST,
            "/api/v1/auth/register",
            Some(&superadmin),
            Some(body),
        )
        .await;
    assert_eq!(response.status(), 201);
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["user"]["status"], "inactive");
    assert!(
        body.get("jwt").is_none(),
        "the admin gets no customer token"
    );
}
