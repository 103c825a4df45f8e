//! The audit log and the order timeline: every admin write records who, what and the changed
//! fields in its own transaction; a refused write records nothing.

use std::time::Duration;

use reqwest::Method;
use reqwest::multipart::Form;
use serde_json::{Value, json};

use crate::helpers::{TestApp, customer_body};
use crate::orders::{checkout, product, send, shop};

async fn audit(app: &TestApp, token: &str, query: &str) -> Vec<Value> {
    let (status, body) = send(
        app,
        Method::GET,
        &format!("/api/v1/audit?{query}"),
        token,
        None,
    )
    .await;
    assert_eq!(status, 200, "{body}");
    body["data"].as_array().unwrap().clone()
}

async fn edit_price(app: &TestApp, token: &str, id: &str, selling_price: &str) -> u16 {
    let form = Form::new()
        .text("sellingPrice", selling_price.to_owned())
        .text("price", "99999");
    app.client
        .patch(app.url(&format!("/api/v1/products/{id}")))
        .bearer_auth(token)
        .multipart(form)
        .send()
        .await
        .unwrap()
        .status()
        .as_u16()
}

#[tokio::test]
async fn admin_writes_are_logged_with_who_and_the_changed_fields_and_filtered() {
    let (app, root) = shop().await;
    let (clerk_id, clerk) = app.admin_with_role(&root, "staff").await;
    let flour = product(&app, &root, "Bread Flour 1 kg", "80.50", 10).await;
    assert_eq!(edit_price(&app, &clerk, &flour, "75").await, 200);
    assert_eq!(
        edit_price(&app, &clerk, &flour, "75").await,
        200,
        "a save that changes nothing"
    );

    let products = audit(&app, &root, "entity=product").await;
    assert_eq!(
        products.len(),
        2,
        "the create and the one real change: {products:#?}"
    );
    let (edit, create) = (&products[0], &products[1]);
    assert_eq!(edit["action"], "update");
    assert_eq!(
        edit["actor"],
        json!({"_id": clerk_id, "name": "staff person"})
    );
    assert_eq!(edit["entity"], "product");
    assert_eq!(edit["entityId"], flour);
    assert_eq!(edit["entityLabel"], "Bread Flour 1 kg");
    let changes = edit["changes"].as_object().unwrap();
    assert_eq!(
        changes.keys().collect::<Vec<_>>(),
        ["sellingPrice"],
        "{changes:?}"
    );
    let [before, after] = [&changes["sellingPrice"][0], &changes["sellingPrice"][1]];
    assert_eq!(before.as_str().unwrap().parse::<f64>().unwrap(), 80.5);
    assert_eq!(after.as_str().unwrap().parse::<f64>().unwrap(), 75.0);
    assert_eq!(create["action"], "create");
    assert_eq!(create["actor"]["name"], "Root Admin");
    assert_eq!(
        create["changes"]["title"],
        json!([null, "Bread Flour 1 kg"])
    );
    assert_eq!(
        create["changes"]["category"],
        json!([null, "Flours"]),
        "a link shows the linked record's name"
    );

    // A customer signing up is not an admin write; an admin creating one, and changing their
    // password, are, and the password itself never shows.
    app.register_customer("asha@example.in", "9876543210").await;
    let (status, created) = send(
        &app,
        Method::POST,
        "/api/v1/auth/register",
        &root,
        Some(customer_body("ravi@example.in", "9876543211")),
    )
    .await;
    assert_eq!(status, 201, "{created}");
    let ravi = created["user"]["_id"].as_str().unwrap();
    let (status, _) = send(
        &app,
        Method::PUT,
        &format!("/api/v1/users/{ravi}"),
        &root,
        Some(json!({"password": "a-new-secret-9", "city": "Mysuru"})),
    )
    .await;
    assert_eq!(status, 200);
    let users = audit(&app, &root, "entity=user").await;
    assert_eq!(users.len(), 2, "{users:#?}");
    assert_eq!(users[0]["changes"]["password"], json!(["hidden", "hidden"]));
    assert_eq!(users[0]["changes"]["city"][1], "Mysuru");
    let text = serde_json::to_string(&users).unwrap();
    assert!(
        !text.contains("argon2") && !text.contains("passwordHash"),
        "{text}"
    );

    // Deleting keeps the record's name; the actor filter picks one admin's writes.
    let (status, _) = send(
        &app,
        Method::DELETE,
        &format!("/api/v1/products/{flour}"),
        &root,
        None,
    )
    .await;
    assert_eq!(status, 204);
    let newest = &audit(&app, &root, "entity=product&limit=1").await[0];
    assert_eq!(newest["action"], "delete");
    assert_eq!(newest["entityLabel"], "Bread Flour 1 kg");
    assert_eq!(
        newest["changes"]["title"],
        json!(["Bread Flour 1 kg", null])
    );
    let by_clerk = audit(&app, &root, &format!("actor={clerk_id}")).await;
    assert_eq!(by_clerk.len(), 1, "{by_clerk:#?}");

    let everything = audit(&app, &root, "").await;
    let kinds: Vec<&str> = everything
        .iter()
        .map(|e| e["entity"].as_str().unwrap())
        .collect();
    assert!(
        kinds.contains(&"category") && kinds.contains(&"admin"),
        "{kinds:?}"
    );
    let (status, body) = send(
        &app,
        Method::GET,
        "/api/v1/audit?limit=2&page=2",
        &root,
        None,
    )
    .await;
    assert_eq!(status, 200);
    assert_eq!(body["meta"]["pagination"]["total"], everything.len());
    assert_eq!(body["data"][0], everything[2]);

    let today = audit(&app, &root, "from=2020-01-01&to=2099-12-31").await;
    assert_eq!(
        today, everything,
        "a filter that picks every entry lists them in the same order as no filter"
    );
    assert!(audit(&app, &root, "to=2020-01-01").await.is_empty());
    let (status, body) = send(
        &app,
        Method::GET,
        "/api/v1/audit?entity=recipe",
        &root,
        None,
    )
    .await;
    assert_eq!(status, 400);
    assert!(body["error"]["fields"]["entity"].is_string(), "{body}");
    let (_, customer) = app
        .register_customer("meera@example.in", "9876543212")
        .await;
    let (status, _) = send(&app, Method::GET, "/api/v1/audit", &customer, None).await;
    assert!(status == 401 || status == 403, "{status}");
}

#[tokio::test]
async fn a_refused_write_leaves_no_entry() {
    let (app, root) = shop().await;
    let flour = product(&app, &root, "Bread Flour 1 kg", "80", 10).await;
    let categories = audit(&app, &root, "entity=category").await.len();
    let (status, _) = send(&app, Method::GET, "/api/v1/categories?limit=1", &root, None).await;
    assert_eq!(status, 200);
    let (_, list) = send(&app, Method::GET, "/api/v1/categories", &root, None).await;
    let flours = list["data"][0]["_id"].as_str().unwrap().to_owned();
    let (status, _) = send(
        &app,
        Method::DELETE,
        &format!("/api/v1/categories/{flours}"),
        &root,
        None,
    )
    .await;
    assert_eq!(status, 409, "a product uses it");
    assert_eq!(
        audit(&app, &root, "entity=category").await.len(),
        categories
    );

    let (_, customer) = app.register_customer("asha@example.in", "9876543210").await;
    let (status, placed) = send(
        &app,
        Method::POST,
        "/api/v1/orders",
        &customer,
        Some(checkout(&[(&flour, 2, 80.0)])),
    )
    .await;
    assert_eq!(status, 201, "{placed}");
    let order = placed["order"]["_id"].as_str().unwrap();
    assert!(
        audit(&app, &root, "entity=order").await.is_empty(),
        "a customer's order is not an admin write"
    );
    let (status, _) = send(
        &app,
        Method::PATCH,
        &format!("/api/v1/orders/{order}"),
        &root,
        Some(json!({"cartItems": [{"productId": flour, "amount": 20, "price": 80, "name": "x", "image": ""}], "numItemsInCart": 20})),
    )
    .await;
    assert_eq!(status, 409, "only 8 more in stock");
    assert!(audit(&app, &root, "entity=order").await.is_empty());
}

#[tokio::test]
async fn an_order_an_admin_places_is_logged_as_created_by_them_with_its_fields() {
    let (app, root) = shop().await;
    let flour = product(&app, &root, "Bread Flour 1 kg", "80", 10).await;
    let (user, _) = app.register_customer("asha@example.in", "9876543210").await;
    let body = json!({"data": {
        "userId": user["_id"], "name": "Asha Baker", "address": "14 MG Road", "city": "Bengaluru", "state": "Karnataka",
        "numItemsInCart": 2,
        "cartItems": [{"productId": flour, "amount": 2, "price": 80, "name": "Bread Flour 1 kg", "image": ""}],
    }});
    let (status, placed) = send(&app, Method::POST, "/api/v1/orders", &root, Some(body)).await;
    assert_eq!(status, 201, "{placed}");
    let number = placed["order"]["orderId"].as_str().unwrap();

    let entries = audit(&app, &root, "entity=order").await;
    assert_eq!(entries.len(), 1, "{entries:#?}");
    let created = &entries[0];
    assert_eq!(created["action"], "create");
    assert_eq!(created["actor"]["name"], "Root Admin");
    assert_eq!(created["entityId"], placed["order"]["_id"]);
    assert_eq!(created["entityLabel"], number);
    assert_eq!(
        created["changes"]["orderId"],
        json!([null, number]),
        "every field shows as new: {created:#?}"
    );
    assert_eq!(created["changes"]["name"], json!([null, "Asha Baker"]));
}

#[tokio::test]
async fn an_orders_timeline_shows_placing_edits_status_documents_and_mails() {
    let (app, root) = shop().await;
    let flour = product(&app, &root, "Bread Flour 1 kg", "80", 10).await;
    let (_, customer) = app.register_customer("asha@example.in", "9876543210").await;
    let (status, placed) = send(
        &app,
        Method::POST,
        "/api/v1/orders",
        &customer,
        Some(checkout(&[(&flour, 2, 80.0)])),
    )
    .await;
    assert_eq!(status, 201, "{placed}");
    let order = placed["order"]["_id"].as_str().unwrap();
    let number = placed["order"]["orderId"].as_str().unwrap();
    let path = format!("/api/v1/orders/{order}");
    let (status, body) = send(
        &app,
        Method::PATCH,
        &path,
        &root,
        Some(json!({"cartItems": [{"productId": flour, "amount": 3, "price": 80, "name": "x", "image": ""}], "numItemsInCart": 3, "discount": 10})),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    let (status, _) = send(
        &app,
        Method::PATCH,
        &path,
        &root,
        Some(json!({"status": "shipped"})),
    )
    .await;
    assert_eq!(status, 200);

    let timeline_path = format!("{path}/timeline");
    let mut events = Vec::new();
    for _ in 0..100 {
        let (status, body) = send(&app, Method::GET, &timeline_path, &root, None).await;
        assert_eq!(status, 200, "{body}");
        events = body["data"].as_array().unwrap().clone();
        let mails = events.iter().filter(|e| e["action"] == "mail_sent").count();
        if mails >= 3 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let actions: Vec<&str> = events
        .iter()
        .map(|e| e["action"].as_str().unwrap())
        .filter(|action| *action != "mail_sent")
        .collect();
    assert_eq!(
        actions,
        ["placed", "edited", "status_changed", "invoice_issued"],
        "{events:#?}"
    );
    let summary = |action: &str| {
        events.iter().find(|e| e["action"] == action).unwrap()["summary"]
            .as_str()
            .unwrap()
            .to_owned()
    };
    assert_eq!(
        summary("placed"),
        format!("Placed {number}: 2 items, ₹160.00")
    );
    assert_eq!(
        summary("edited"),
        "Changed lines: Bread Flour 1 kg ×2 → ×3; discount ₹0.00 → ₹10.00; total ₹160.00 → ₹230.00"
    );
    assert_eq!(summary("status_changed"), "Status pending → shipped");
    assert!(summary("invoice_issued").starts_with("Tax invoice WSK/"));
    // By action: an order's mails go as soon as it commits, between the changes.
    let actor =
        |action: &str| events.iter().find(|e| e["action"] == action).unwrap()["actor"].clone();
    assert_eq!(actor("placed")["kind"], "customer");
    assert_eq!(actor("edited")["kind"], "admin");
    assert_eq!(actor("edited")["name"], "Root Admin");
    let mails: Vec<&str> = events
        .iter()
        .filter(|e| e["action"] == "mail_sent")
        .map(|e| e["summary"].as_str().unwrap())
        .collect();
    assert!(
        mails
            .iter()
            .any(|m| m.contains("is on its way") && m.contains("asha@example.in")),
        "{mails:#?}"
    );

    let (status, _) = send(&app, Method::GET, &timeline_path, &customer, None).await;
    assert!(status == 401 || status == 403, "{status}");
}
