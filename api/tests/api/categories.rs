use reqwest::Method;
use serde_json::{Value, json};

use crate::helpers::{TestApp, spawn_app};

async fn create(app: &TestApp, token: &str, name: &str) -> Value {
    let response = app
        .call(
            Method::POST,
            "/api/v1/categories",
            Some(token),
            Some(json!({"name": name, "description": format!("All about {name}")})),
        )
        .await;
    assert_eq!(response.status(), 201, "creating {name}");
    response.json::<Value>().await.unwrap()["category"].clone()
}

#[tokio::test]
async fn categories_are_created_listed_by_name_read_and_updated() {
    let app = spawn_app().await;
    let root = app.first_superadmin().await;
    for name in ["Flours", "Candles", "  Cake Mixes  "] {
        create(&app, &root, name).await;
    }
    let list: Value = app
        .get("/api/v1/categories?page=1&pageSize=1000")
        .await
        .json()
        .await
        .unwrap();
    let names: Vec<&str> = list["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["name"].as_str().unwrap())
        .collect();
    assert_eq!(
        names,
        ["Cake Mixes", "Candles", "Flours"],
        "sorted by name and trimmed"
    );
    assert_eq!(list["meta"]["pagination"]["total"], 3);

    let id = list["data"][2]["_id"].as_str().unwrap();
    let one: Value = app
        .get(&format!("/api/v1/categories/{id}"))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(one["category"]["description"], "All about Flours");

    let response = app
        .call(
            Method::PATCH,
            &format!("/api/v1/categories/{id}"),
            Some(&root),
            Some(json!({"name": "Flours & Grains"})),
        )
        .await;
    assert_eq!(response.status(), 200);
    let updated: Value = response.json().await.unwrap();
    assert_eq!(updated["category"]["name"], "Flours & Grains");
    assert_eq!(
        updated["category"]["description"], "All about Flours",
        "fields left out stay"
    );
}

#[tokio::test]
async fn names_are_unique_ignoring_case() {
    let app = spawn_app().await;
    let root = app.first_superadmin().await;
    create(&app, &root, "Toppers").await;
    let response = app
        .call(
            Method::POST,
            "/api/v1/categories",
            Some(&root),
            Some(json!({"name": "TOPPERS"})),
        )
        .await;
    assert_eq!(response.status(), 409);
    assert_eq!(
        response.json::<Value>().await.unwrap()["error"]["code"],
        "name_taken"
    );

    let other = create(&app, &root, "Molds").await;
    let response = app
        .call(
            Method::PATCH,
            &format!("/api/v1/categories/{}", other["_id"].as_str().unwrap()),
            Some(&root),
            Some(json!({"name": "toppers "})),
        )
        .await;
    assert_eq!(
        response.status(),
        409,
        "renaming onto another name is refused too"
    );
}

#[tokio::test]
async fn bad_input_names_the_field() {
    let app = spawn_app().await;
    let root = app.first_superadmin().await;
    let response = app
        .call(
            Method::POST,
            "/api/v1/categories",
            Some(&root),
            Some(json!({"name": "  ", "description": "x".repeat(2001)})),
        )
        .await;
    assert_eq!(response.status(), 400);
    let body: Value = response.json().await.unwrap();
    assert!(
        body["error"]["fields"]["name"].is_string()
            && body["error"]["fields"]["description"].is_string(),
        "{body}"
    );
    assert_eq!(app.get("/api/v1/categories?limit=1001").await.status(), 400);
    assert_eq!(
        app.get("/api/v1/categories/not-a-real-id").await.status(),
        404
    );
}

#[tokio::test]
async fn a_category_in_use_cannot_be_deleted_and_a_free_one_can() {
    let app = spawn_app().await;
    let root = app.first_superadmin().await;
    let used = create(&app, &root, "Flours").await;
    let free = create(&app, &root, "Packaging").await;
    let used_id = used["_id"].as_str().unwrap().to_owned();
    app.db
        .query("CREATE product CONTENT { title: 'Bread Flour 1 kg', company: 'Whisk Mills', price: 90dec, selling_price: 80dec, stock: 5, category: type::record('category', $key) }")
        .bind(("key", used_id.clone()))
        .await
        .unwrap()
        .check()
        .unwrap();

    let response = app
        .call(
            Method::DELETE,
            &format!("/api/v1/categories/{used_id}"),
            Some(&root),
            None,
        )
        .await;
    assert_eq!(response.status(), 409);
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["error"]["code"], "category_in_use");
    assert!(
        body["error"]["message"]
            .as_str()
            .unwrap()
            .starts_with("1 product uses")
    );

    let free_path = format!("/api/v1/categories/{}", free["_id"].as_str().unwrap());
    assert_eq!(
        app.call(Method::DELETE, &free_path, Some(&root), None)
            .await
            .status(),
        204
    );
    assert_eq!(app.get(&free_path).await.status(), 404);
    assert_eq!(
        app.call(Method::DELETE, &free_path, Some(&root), None)
            .await
            .status(),
        404
    );
}

#[tokio::test]
async fn writes_follow_the_role_rules() {
    let app = spawn_app().await;
    let root = app.first_superadmin().await;
    let (_, staff) = app.admin_with_role(&root, "staff").await;
    let (_, customer) = app.register_customer("asha@example.in", "9876543210").await;
    let body = json!({"name": "Sprinkles"});
    assert_eq!(
        app.call(Method::POST, "/api/v1/categories", None, Some(body.clone()))
            .await
            .status(),
        401
    );
    assert_eq!(
        app.call(
            Method::POST,
            "/api/v1/categories",
            Some(&customer),
            Some(body.clone())
        )
        .await
        .status(),
        403
    );
    let category = create(&app, &staff, "Sprinkles").await;
    let path = format!("/api/v1/categories/{}", category["_id"].as_str().unwrap());
    assert_eq!(
        app.call(
            Method::PATCH,
            &path,
            Some(&staff),
            Some(json!({"description": "Tiny and bright"}))
        )
        .await
        .status(),
        200
    );
    let response = app.call(Method::DELETE, &path, Some(&staff), None).await;
    assert_eq!(response.status(), 403, "staff may not delete");
    assert!(
        response.json::<Value>().await.unwrap()["error"]["message"]
            .as_str()
            .unwrap()
            .contains("admin or superadmin")
    );
    assert_eq!(
        app.call(Method::DELETE, &path, Some(&root), None)
            .await
            .status(),
        204
    );
}
