//! CSV exports of orders and products.

use reqwest::Method;

use crate::orders::{checkout, product, send, shop};

#[tokio::test]
async fn orders_export_one_row_per_line_and_products_export_their_import_columns() {
    let (app, root) = shop().await;
    let flour = product(&app, &root, "Bread Flour, 1 kg", "80.50", 10).await;
    let tin = product(&app, &root, "=Tin", "450", 4).await;
    let (_, token) = app.register_customer("asha@example.in", "9876543210").await;
    let (status, placed) = send(
        &app,
        Method::POST,
        "/api/v1/orders",
        &token,
        Some(checkout(&[(&flour, 2, 80.5), (&tin, 1, 450.0)])),
    )
    .await;
    assert_eq!(status, 201);
    let number = placed["order"]["orderId"].as_str().unwrap().to_owned();

    let response = app
        .call(Method::GET, "/api/v1/orders/export.csv", Some(&root), None)
        .await;
    assert_eq!(response.status(), 200);
    assert_eq!(
        response.headers()["content-type"],
        "text/csv; charset=utf-8"
    );
    assert!(
        response.headers()["content-disposition"]
            .to_str()
            .unwrap()
            .starts_with("attachment; filename=\"orders-")
    );
    let text = response.text().await.unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines.len(),
        3,
        "a header and one row per order line: {text}"
    );
    assert!(lines[0].starts_with("orderId,placedAt,status,"));
    assert!(lines[1].starts_with(&format!("{number},")));
    assert!(
        lines[1].contains(",\"Bread Flour, 1 kg\","),
        "a comma is quoted: {}",
        lines[1]
    );
    assert!(
        lines[1].contains(",80.50,2,0.00,"),
        "price, amount, discount: {}",
        lines[1]
    );
    assert!(
        lines[2].contains(",'=Tin,"),
        "a formula-looking title is defused: {}",
        lines[2]
    );
    assert!(
        lines[2].ends_with(",611.00"),
        "the order total: {}",
        lines[2]
    );

    let response = app
        .call(
            Method::GET,
            "/api/v1/orders/export.csv?status=cancelled",
            Some(&root),
            None,
        )
        .await;
    assert_eq!(
        response.text().await.unwrap().lines().count(),
        1,
        "no cancelled orders: just the header"
    );
    let (status, body) = send(
        &app,
        Method::GET,
        "/api/v1/orders/export.csv?from=2026-13-01",
        &root,
        None,
    )
    .await;
    assert_eq!(
        (status, body["error"]["fields"]["from"].is_string()),
        (400, true)
    );
    let (status, _) = send(&app, Method::GET, "/api/v1/orders/export.csv", &token, None).await;
    assert_eq!(status, 403, "customers cannot export");

    let response = app
        .call(
            Method::GET,
            "/api/v1/products/export.csv",
            Some(&root),
            None,
        )
        .await;
    let text = response.text().await.unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines[0],
        "_id,title,company,category,description,price,sellingPrice,stock,featured,hsn,gstRate"
    );
    assert_eq!(lines.len(), 3);
    assert!(
        text.contains(&format!(
            "{flour},\"Bread Flour, 1 kg\",Whisk Mills,Flours,For orders.,99999.00,80.50,8,false,"
        )),
        "{text}"
    );
}
