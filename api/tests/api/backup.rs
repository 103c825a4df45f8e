//! `whisk backup` and `whisk restore`: a backup restored into an empty store holds every order,
//! product and image; a store that holds data is refused.

use reqwest::Method;
use serde_json::Value;
use whisk_api::config::Config;
use whisk_api::db;

use crate::helpers::{spawn_app_over, spawn_app_with};
use crate::orders::{checkout, send};

fn image_form(title: &str, stock: u32) -> reqwest::multipart::Form {
    let mut png = std::io::Cursor::new(Vec::new());
    image::DynamicImage::ImageRgb8(image::RgbImage::from_pixel(
        30,
        20,
        image::Rgb([200, 120, 40]),
    ))
    .write_to(&mut png, image::ImageFormat::Png)
    .unwrap();
    [
        ("title", title),
        ("company", "Whisk Mills"),
        ("sellingPrice", "80"),
        ("price", "95"),
        ("category", "Flours"),
    ]
    .iter()
    .fold(reqwest::multipart::Form::new(), |form, (name, value)| {
        form.text(name.to_string(), value.to_string())
    })
    .text("stock", stock.to_string())
    .part(
        "image1",
        reqwest::multipart::Part::bytes(png.into_inner())
            .file_name("photo.png")
            .mime_str("image/png")
            .unwrap(),
    )
}

#[tokio::test]
async fn a_backup_restored_into_an_empty_store_holds_every_order_product_and_image() {
    let app = spawn_app_with(|_| {}).await;
    let root = app.first_superadmin().await;
    let (_, _) = send(
        &app,
        Method::POST,
        "/api/v1/categories",
        &root,
        Some(serde_json::json!({"name": "Flours"})),
    )
    .await;
    let mut products = Vec::new();
    for (title, stock) in [("Bread Flour 1 kg", 10), ("Rye Flour 1 kg", 7)] {
        let response = app
            .client
            .post(app.url("/api/v1/products"))
            .bearer_auth(&root)
            .multipart(image_form(title, stock))
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), 201);
        products.push(response.json::<Value>().await.unwrap()["product"].clone());
    }
    let (_, customer) = app.register_customer("asha@example.in", "9876543210").await;
    let mut orders = Vec::new();
    for amount in [2, 3] {
        let (status, body) = send(
            &app,
            Method::POST,
            "/api/v1/orders",
            &customer,
            Some(checkout(&[(
                products[0]["_id"].as_str().unwrap(),
                amount,
                80.0,
            )])),
        )
        .await;
        assert_eq!(status, 201, "{body}");
        orders.push(body["order"]["orderId"].as_str().unwrap().to_owned());
    }
    let file = app.data_dir.path().join("whisk-backup.surql");
    db::backup::backup(&app.db, &file).await.unwrap();

    let target = tempfile::tempdir().unwrap();
    let mut config = Config::for_tests(target.path().join("data"), target.path().join("dist"));
    config.database_url = format!(
        "surrealkv://{}",
        target.path().join("data/whisk.db").display()
    );
    let restored = db::connect(&config).await.unwrap();
    db::backup::restore(&restored, &file).await.unwrap();
    db::apply_schema(&restored).await.unwrap();
    let refused = db::backup::restore(&restored, &file).await.unwrap_err();
    assert!(format!("{refused:#}").contains("not empty"), "{refused:#}");

    let copy = spawn_app_over(restored, target).await;
    let admin = copy
        .login_admin("root@whisk.example", crate::helpers::ADMIN_PASSWORD)
        .await;
    let (_, listed) = send(&copy, Method::GET, "/api/v1/orders", &admin, None).await;
    let mut numbers: Vec<&str> = listed["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|order| order["orderId"].as_str().unwrap())
        .collect();
    numbers.sort();
    assert_eq!(
        numbers,
        orders.iter().map(String::as_str).collect::<Vec<_>>()
    );
    for product in &products {
        let id = product["_id"].as_str().unwrap();
        let (status, again) = send(
            &copy,
            Method::GET,
            &format!("/api/v1/products/{id}"),
            &admin,
            None,
        )
        .await;
        assert_eq!(status, 200);
        assert_eq!(
            again["product"]["stock"],
            if id == products[0]["_id"] { 5 } else { 7 },
            "stock as it was"
        );
        for url in [&product["image1"]["url"], &product["image1"]["thumbnail"]] {
            let served = copy.get(url.as_str().unwrap()).await;
            assert_eq!(served.status(), 200, "{url} restored");
            assert_eq!(
                served.bytes().await.unwrap(),
                app.get(url.as_str().unwrap()).await.bytes().await.unwrap()
            );
        }
    }
    let (status, next) = send(
        &copy,
        Method::POST,
        "/api/v1/orders",
        &copy
            .register_customer("ravi@example.in", "9876543211")
            .await
            .1,
        Some(checkout(&[(products[1]["_id"].as_str().unwrap(), 1, 80.0)])),
    )
    .await;
    assert_eq!(
        (status, next["order"]["orderId"].as_str()),
        (201, Some("ORD1003")),
        "the order numbers carry on: {next}"
    );
}
