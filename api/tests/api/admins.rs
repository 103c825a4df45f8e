use reqwest::Method;
use serde_json::{Value, json};

use crate::helpers::{ADMIN_PASSWORD, spawn_app};

#[tokio::test]
async fn the_first_admin_becomes_superadmin_then_registration_closes() {
    let app = spawn_app().await;
    let response = app
        .post("/api/v1/authadmin/register", json!({"username": "First", "email": "first@whisk.example", "password": ADMIN_PASSWORD, "role": "staff"}))
        .await;
    assert_eq!(response.status(), 201);
    let body: Value = response.json().await.unwrap();
    assert_eq!(
        body["admin"]["role"], "superadmin",
        "the first admin is always superadmin"
    );
    assert!(body["jwt"].is_string());

    let response = app
        .post("/api/v1/authadmin/register", json!({"username": "Second", "email": "second@whisk.example", "password": ADMIN_PASSWORD}))
        .await;
    assert_eq!(response.status(), 403);
    assert_eq!(
        response.json::<Value>().await.unwrap()["error"]["code"],
        "registration_closed"
    );
}

#[tokio::test]
async fn admin_registration_accepts_a_multipart_form() {
    let app = spawn_app().await;
    let form = reqwest::multipart::Form::new()
        .text("username", "Form Admin")
        .text("email", "form@whisk.example")
        .text("password", ADMIN_PASSWORD);
    let response = app
        .client
        .post(app.url("/api/v1/authadmin/register"))
        .multipart(form)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 201);
    let token = app.login_admin("form@whisk.example", ADMIN_PASSWORD).await;
    assert!(!token.is_empty());
}

#[tokio::test]
async fn an_admin_signs_in_and_a_wrong_password_is_the_usual_401() {
    let app = spawn_app().await;
    app.first_superadmin().await;
    let response = app
        .post(
            "/api/v1/authadmin/login",
            json!({"identifier": "root@whisk.example", "password": "nope nope nope"}),
        )
        .await;
    assert_eq!(response.status(), 401);
    assert_eq!(
        response.json::<Value>().await.unwrap()["error"]["code"],
        "invalid_credentials"
    );
    let response = app
        .post(
            "/api/v1/authadmin/login",
            json!({"identifier": "ROOT@whisk.example", "password": ADMIN_PASSWORD}),
        )
        .await;
    assert_eq!(response.status(), 200);
}

#[tokio::test]
async fn admins_are_listed_read_updated_and_an_empty_password_keeps_the_old_one() {
    let app = spawn_app().await;
    let root = app.first_superadmin().await;
    let (staff_id, _) = app.admin_with_role(&root, "staff").await;

    let response = app
        .call(
            Method::GET,
            "/api/v1/admins?page=1&limit=10",
            Some(&root),
            None,
        )
        .await;
    assert_eq!(response.status(), 200);
    let list: Value = response.json().await.unwrap();
    assert_eq!(list["meta"]["pagination"]["total"], 2);
    assert_eq!(list["data"].as_array().unwrap().len(), 2);

    let path = format!("/api/v1/admins/{staff_id}");
    let response = app
        .call(
            Method::PUT,
            &path,
            Some(&root),
            Some(json!({"username": "Renamed", "password": "", "role": "admin"})),
        )
        .await;
    assert_eq!(response.status(), 200);
    let updated: Value = response.json().await.unwrap();
    assert_eq!(updated["admin"]["username"], "Renamed");
    assert_eq!(updated["admin"]["role"], "admin");
    let email = updated["admin"]["email"].as_str().unwrap();
    app.login_admin(email, ADMIN_PASSWORD).await;

    let response = app.call(Method::GET, &path, Some(&root), None).await;
    assert_eq!(
        response.json::<Value>().await.unwrap()["admin"]["username"],
        "Renamed"
    );
}

#[tokio::test]
async fn nobody_deletes_themselves_or_removes_the_last_superadmin() {
    let app = spawn_app().await;
    let root = app.first_superadmin().await;
    let list: Value = app
        .call(Method::GET, "/api/v1/admins", Some(&root), None)
        .await
        .json()
        .await
        .unwrap();
    let root_id = list["data"][0]["_id"].as_str().unwrap().to_owned();

    let response = app
        .call(
            Method::DELETE,
            &format!("/api/v1/admins/{root_id}"),
            Some(&root),
            None,
        )
        .await;
    assert_eq!(response.status(), 403, "not yourself");

    let response = app
        .call(
            Method::PUT,
            &format!("/api/v1/admins/{root_id}"),
            Some(&root),
            Some(json!({"role": "staff"})),
        )
        .await;
    assert_eq!(
        response.status(),
        409,
        "the last superadmin cannot be demoted"
    );
    assert_eq!(
        response.json::<Value>().await.unwrap()["error"]["code"],
        "last_superadmin"
    );

    let (second_id, second) = app.admin_with_role(&root, "superadmin").await;
    let response = app
        .call(
            Method::DELETE,
            &format!("/api/v1/admins/{root_id}"),
            Some(&second),
            None,
        )
        .await;
    assert_eq!(response.status(), 204);
    let response = app
        .call(
            Method::GET,
            &format!("/api/v1/admins/{root_id}"),
            Some(&second),
            None,
        )
        .await;
    assert_eq!(response.status(), 404);
    let response = app
        .call(Method::GET, "/api/v1/admins", Some(&root), None)
        .await;
    assert_eq!(
        response.status(),
        401,
        "a deleted admin's token stops working"
    );
    let _ = second_id;
}

#[tokio::test]
async fn a_demoted_admin_loses_their_old_token() {
    let app = spawn_app().await;
    let root = app.first_superadmin().await;
    let (id, token) = app.admin_with_role(&root, "admin").await;
    app.call(
        Method::PUT,
        &format!("/api/v1/admins/{id}"),
        Some(&root),
        Some(json!({"role": "staff"})),
    )
    .await;
    let response = app
        .call(Method::GET, "/api/v1/users", Some(&token), None)
        .await;
    assert_eq!(response.status(), 401);
}
