//! The back office's dashboard: sums over the orders placed in the period.

use reqwest::Method;
use serde_json::json;

use crate::orders::{checkout, product, send, shop};

#[tokio::test]
async fn the_dashboard_sums_todays_orders_counts_statuses_ranks_products_and_lists_low_stock() {
    let (app, root) = shop().await;
    let flour = product(&app, &root, "Bread Flour 1 kg", "80.50", 10).await;
    let tin = product(&app, &root, "Cake Tin", "450", 4).await;
    let (_, token) = app.register_customer("asha@example.in", "9876543210").await;

    let (status, _) = send(
        &app,
        Method::POST,
        "/api/v1/orders",
        &token,
        Some(checkout(&[(&flour, 2, 80.5)])),
    )
    .await;
    assert_eq!(status, 201);
    let (status, placed) = send(
        &app,
        Method::POST,
        "/api/v1/orders",
        &token,
        Some(checkout(&[(&tin, 1, 450.0), (&flour, 1, 80.5)])),
    )
    .await;
    assert_eq!(status, 201);
    let (status, cancelled) = send(
        &app,
        Method::POST,
        "/api/v1/orders",
        &token,
        Some(checkout(&[(&tin, 1, 450.0)])),
    )
    .await;
    assert_eq!(status, 201);
    let path = format!(
        "/api/v1/orders/{}",
        cancelled["order"]["_id"].as_str().unwrap()
    );
    let (status, _) = send(
        &app,
        Method::PATCH,
        &path,
        &root,
        Some(json!({"status": "cancelled"})),
    )
    .await;
    assert_eq!(status, 200);

    let (status, body) = send(&app, Method::GET, "/api/v1/dashboard?days=7", &root, None).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["days"], 7);
    assert_eq!(body["orders"], 2, "the cancelled order is not a sale");
    assert_eq!(body["revenue"], json!(691.5), "161 + 530.50");
    assert_eq!(body["averageOrderValue"], json!(345.75));
    assert_eq!(
        body["previous"],
        json!({"revenue": 0.0, "orders": 0, "averageOrderValue": 0.0})
    );
    assert_eq!(
        body["byStatus"],
        json!({"cancelled": 1, "delivered": 0, "paid": 0, "pending": 2, "shipped": 0})
    );
    let daily = body["daily"].as_array().unwrap();
    assert_eq!(daily.len(), 7);
    assert_eq!(
        daily[6],
        json!({"date": body["to"], "revenue": 691.5, "orders": 2}),
        "today is the last day"
    );
    assert_eq!(body["topProducts"][0]["title"], "Cake Tin");
    assert_eq!(body["topProducts"][0]["units"], 1);
    assert_eq!(
        body["topProducts"][1],
        json!({"_id": flour, "title": "Bread Flour 1 kg", "units": 3, "revenue": 241.5})
    );
    assert_eq!(placed["order"]["status"], "pending");
    assert_eq!(
        body["lowStock"],
        json!([{"_id": tin, "title": "Cake Tin", "stock": 3}]),
        "4 less the pending order's 1; the cancelled one's came back"
    );

    let (status, body) = send(&app, Method::GET, "/api/v1/dashboard?days=12", &root, None).await;
    assert_eq!(
        (status, body["error"]["fields"]["days"].is_string()),
        (400, true)
    );
    let (status, _) = send(&app, Method::GET, "/api/v1/dashboard", &token, None).await;
    assert_eq!(status, 403, "customers cannot see the shop's sales");
}

#[tokio::test]
async fn closed_days_are_summed_once_kept_and_summed_again_after_an_admin_edit() {
    let (app, root) = shop().await;
    let flour = product(&app, &root, "Bread Flour 1 kg", "100", 50).await;
    let (_, token) = app.register_customer("asha@example.in", "9876543210").await;
    let (status, placed) = send(
        &app,
        Method::POST,
        "/api/v1/orders",
        &token,
        Some(checkout(&[(&flour, 2, 100.0)])),
    )
    .await;
    assert_eq!(status, 201);
    // An order from three days ago (created_at cannot be changed through the API or an UPDATE).
    app.db
        .query("CREATE shop_order:old CONTENT (SELECT * OMIT id FROM ONLY $placed) + { order_id: 'ORD9999', created_at: time::now() - 3d }")
        .bind(("placed", surrealdb::types::RecordId::new("shop_order", placed["order"]["_id"].as_str().unwrap())))
        .await
        .unwrap()
        .check()
        .unwrap();
    // Written around the order workflow, as a restore would: the kept days are forgotten.
    whisk_api::dashboard::repo::forget_days(&app.db)
        .await
        .unwrap();

    let (_, body) = send(&app, Method::GET, "/api/v1/dashboard?days=7", &root, None).await;
    assert_eq!(
        (body["orders"].clone(), body["revenue"].clone()),
        (json!(2), json!(400.0)),
        "{body}"
    );
    let kept: Vec<String> = app
        .db
        .query("SELECT VALUE date FROM sales_day WHERE orders > 0")
        .await
        .unwrap()
        .take(0)
        .unwrap();
    assert_eq!(
        kept.len(),
        1,
        "the old order's day is kept; today stays live: {kept:?}"
    );

    // The old order is cancelled: its day is summed again.
    let (status, _) = send(
        &app,
        Method::PATCH,
        "/api/v1/orders/old",
        &root,
        Some(json!({"status": "cancelled"})),
    )
    .await;
    assert_eq!(status, 200);
    let (_, body) = send(&app, Method::GET, "/api/v1/dashboard?days=7", &root, None).await;
    assert_eq!(
        (body["orders"].clone(), body["revenue"].clone()),
        (json!(1), json!(200.0)),
        "{body}"
    );
    assert_eq!(body["byStatus"]["cancelled"], 1);
}
