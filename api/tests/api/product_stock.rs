//! Product edits move stock by what the admin changed on the form (`stock - stockShown`), so
//! units that orders took while the form was open stay taken.

use reqwest::Method;
use reqwest::multipart::Form;
use serde_json::Value;

use crate::helpers::TestApp;
use crate::orders::{checkout, product, send, shop, stock};

/// Saves the edit form of a product as the web app sends it: every field, `stock` as typed and
/// `stockShown` as loaded (when given).
async fn save(
    app: &TestApp,
    token: &str,
    id: &str,
    stock: i64,
    stock_shown: Option<i64>,
) -> (u16, Value) {
    let mut form = [
        ("title", "Bread Flour 1 kg"),
        ("company", "Whisk Mills"),
        ("description", "For orders."),
        ("sellingPrice", "80"),
        ("price", "99999"),
        ("category", "Flours"),
    ]
    .iter()
    .fold(Form::new(), |form, (name, value)| {
        form.text(name.to_string(), value.to_string())
    })
    .text("stock", stock.to_string());
    if let Some(shown) = stock_shown {
        form = form.text("stockShown", shown.to_string());
    }
    let response = app
        .client
        .patch(app.url(&format!("/api/v1/products/{id}")))
        .bearer_auth(token)
        .multipart(form)
        .send()
        .await
        .unwrap();
    let status = response.status().as_u16();
    (status, response.json().await.unwrap_or(Value::Null))
}

async fn order(app: &TestApp, customer: &str, product: &str, amount: u32) {
    let (status, body) = send(
        app,
        Method::POST,
        "/api/v1/orders",
        customer,
        Some(checkout(&[(product, amount, 80.0)])),
    )
    .await;
    assert_eq!(status, 201, "{body}");
}

#[tokio::test]
async fn saving_the_edit_form_with_the_stock_it_loaded_keeps_the_units_orders_took_meanwhile() {
    let (app, root) = shop().await;
    let flour = product(&app, &root, "Bread Flour 1 kg", "80", 10).await;
    let (_, customer) = app.register_customer("asha@example.in", "9876543210").await;
    let loaded = stock(&app, &flour).await;
    assert_eq!(loaded, 10);

    order(&app, &customer, &flour, 3).await;
    let (status, body) = save(&app, &root, &flour, loaded, Some(loaded)).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        body["product"]["stock"], 7,
        "the 3 units ordered stay taken"
    );
    assert_eq!(stock(&app, &flour).await, 7, "the storefront agrees");
}

#[tokio::test]
async fn a_stock_change_on_a_stale_form_is_applied_as_a_difference() {
    let (app, root) = shop().await;
    let flour = product(&app, &root, "Bread Flour 1 kg", "80", 10).await;
    let (_, customer) = app.register_customer("asha@example.in", "9876543210").await;

    order(&app, &customer, &flour, 3).await;
    let (status, body) = save(&app, &root, &flour, 15, Some(10)).await;
    assert_eq!(
        (status, &body["product"]["stock"]),
        (200, &Value::from(12)),
        "5 units received on top of the 7 left: {body}"
    );

    order(&app, &customer, &flour, 2).await;
    let (status, body) = save(&app, &root, &flour, 8, Some(12)).await;
    assert_eq!(
        (status, &body["product"]["stock"]),
        (200, &Value::from(6)),
        "4 units written off from the 10 left: {body}"
    );
}

#[tokio::test]
async fn taking_off_more_units_than_are_left_is_refused_and_changes_nothing() {
    let (app, root) = shop().await;
    let flour = product(&app, &root, "Bread Flour 1 kg", "80", 10).await;
    let (_, customer) = app.register_customer("asha@example.in", "9876543210").await;

    order(&app, &customer, &flour, 8).await;
    let (status, body) = save(&app, &root, &flour, 1, Some(10)).await;
    assert_eq!(status, 409, "{body}");
    assert_eq!(body["error"]["code"], "stock_changed");
    assert_eq!(body["error"]["details"]["stock"], 2);
    assert!(
        body["error"]["message"]
            .as_str()
            .unwrap()
            .contains("2 in stock now"),
        "{body}"
    );
    assert_eq!(stock(&app, &flour).await, 2);
}

#[tokio::test]
async fn without_stock_shown_the_stock_is_set_as_given_and_stock_shown_alone_is_refused() {
    let (app, root) = shop().await;
    let flour = product(&app, &root, "Bread Flour 1 kg", "80", 10).await;
    let (status, body) = save(&app, &root, &flour, 4, None).await;
    assert_eq!(
        (status, &body["product"]["stock"]),
        (200, &Value::from(4)),
        "{body}"
    );

    let form = Form::new().text("stockShown", "4");
    let response = app
        .client
        .patch(app.url(&format!("/api/v1/products/{flour}")))
        .bearer_auth(&root)
        .multipart(form)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 400);
    let body: Value = response.json().await.unwrap();
    assert!(body["error"]["fields"]["stockShown"].is_string(), "{body}");
    assert_eq!(stock(&app, &flour).await, 4);
}
