//! Rules a hostile or unlucky client must not defeat: open pending orders per customer, admin
//! order replays, bounded prices, and categories deleted while a product is saved into them.

use reqwest::Method;
use reqwest::multipart::Form;
use serde_json::{Value, json};

use crate::helpers::TestApp;
use crate::orders::{checkout, product, send, shop, stock};

#[tokio::test]
async fn a_customer_holds_at_most_five_pending_orders_and_paying_one_frees_a_place() {
    let (app, root) = shop().await;
    let flour = product(&app, &root, "Bread Flour 1 kg", "80", 100).await;
    let (user, customer) = app.register_customer("asha@example.in", "9876543210").await;
    let mut first = String::new();
    for n in 0..5 {
        let (status, body) = send(
            &app,
            Method::POST,
            "/api/v1/orders",
            &customer,
            Some(checkout(&[(&flour, 1, 80.0)])),
        )
        .await;
        assert_eq!(status, 201, "order {n}: {body}");
        if n == 0 {
            first = body["order"]["_id"].as_str().unwrap().to_owned();
        }
    }
    let (status, body) = send(
        &app,
        Method::POST,
        "/api/v1/orders",
        &customer,
        Some(checkout(&[(&flour, 1, 80.0)])),
    )
    .await;
    assert_eq!(
        (status, body["error"]["code"].as_str()),
        (409, Some("too_many_pending_orders")),
        "{body}"
    );
    assert!(
        body["error"]["message"]
            .as_str()
            .unwrap()
            .contains("5 orders waiting for payment"),
        "{body}"
    );
    assert_eq!(
        stock(&app, &flour).await,
        95,
        "the refused order took nothing"
    );

    let on_behalf = json!({"data": {"userId": user["_id"], "name": "Asha Baker", "address": "14 MG Road", "city": "Bengaluru", "state": "Karnataka",
        "cartItems": [{"productId": flour, "amount": 1, "price": 80, "name": "x", "image": ""}]}});
    let (status, body) = send(&app, Method::POST, "/api/v1/orders", &root, Some(on_behalf)).await;
    assert_eq!(
        status, 201,
        "an admin taking a phone order is not limited: {body}"
    );

    let (status, _) = send(
        &app,
        Method::PATCH,
        &format!("/api/v1/orders/{first}"),
        &root,
        Some(json!({"status": "paid"})),
    )
    .await;
    assert_eq!(status, 200);
    let (status, body) = send(
        &app,
        Method::POST,
        "/api/v1/orders",
        &customer,
        Some(checkout(&[(&flour, 1, 80.0)])),
    )
    .await;
    assert_eq!(
        status, 409,
        "six are pending again, with the admin's: {body}"
    );
    let (status, _) = send(
        &app,
        Method::PATCH,
        &format!("/api/v1/orders/{first}"),
        &root,
        Some(json!({"status": "cancelled"})),
    )
    .await;
    assert_eq!(status, 200);
}

#[tokio::test]
async fn parallel_checkouts_cannot_slip_past_the_pending_order_limit() {
    let (app, root) = shop().await;
    let flour = product(&app, &root, "Bread Flour 1 kg", "80", 100).await;
    let (_, customer) = app.register_customer("asha@example.in", "9876543210").await;
    let attempts = (0..20).map(|_| {
        let (app, customer, flour) = (&app, &customer, &flour);
        async move {
            send(
                app,
                Method::POST,
                "/api/v1/orders",
                customer,
                Some(checkout(&[(flour, 1, 80.0)])),
            )
            .await
            .0
        }
    });
    let statuses = futures::future::join_all(attempts).await;
    assert_eq!(
        statuses.iter().filter(|&&s| s == 201).count(),
        5,
        "{statuses:?}"
    );
    assert_eq!(
        statuses.iter().filter(|&&s| s == 409).count(),
        15,
        "{statuses:?}"
    );
    assert_eq!(stock(&app, &flour).await, 95);
}

/// Placements arriving together share a transaction, which checks each customer's pending
/// orders in turn (`orders::repo::PlacementQuery::PENDING`): every customer of a group is held
/// to the limit, whichever place the group gives their check.
#[tokio::test]
async fn parallel_checkouts_of_several_customers_each_stop_at_the_pending_order_limit() {
    let (app, root) = shop().await;
    let flour = product(&app, &root, "Bread Flour 1 kg", "80", 100).await;
    let mut customers = Vec::new();
    for (email, mobile) in [
        ("asha@example.in", "9876543210"),
        ("ravi@example.in", "9876543211"),
        ("meera@example.in", "9876543212"),
        ("kabir@example.in", "9876543213"),
    ] {
        customers.push(app.register_customer(email, mobile).await.1);
    }
    let place = |customer: usize| {
        let (app, flour, token) = (&app, &flour, &customers[customer]);
        async move {
            let status = send(
                app,
                Method::POST,
                "/api/v1/orders",
                token,
                Some(checkout(&[(flour, 1, 80.0)])),
            )
            .await
            .0;
            (customer, status)
        }
    };
    // The first customer already has four of the five pending orders allowed.
    for _ in 0..4 {
        assert_eq!(place(0).await.1, 201);
    }
    let answers =
        futures::future::join_all((0..4).flat_map(|_| 0..customers.len()).map(place)).await;
    for (customer, placed) in [(0, 1), (1, 4), (2, 4), (3, 4)] {
        let statuses: Vec<u16> = answers
            .iter()
            .filter(|(of, _)| *of == customer)
            .map(|(_, status)| *status)
            .collect();
        assert_eq!(
            statuses.iter().filter(|&&s| s == 201).count(),
            placed,
            "customer {customer}: {statuses:?}"
        );
        assert_eq!(
            statuses.iter().filter(|&&s| s == 409).count(),
            4 - placed,
            "customer {customer}: {statuses:?}"
        );
    }
    assert_eq!(stock(&app, &flour).await, 100 - 4 - 13);
}

#[tokio::test]
async fn an_admin_order_replayed_with_its_idempotency_key_is_placed_once() {
    let (app, root) = shop().await;
    let flour = product(&app, &root, "Bread Flour 1 kg", "80", 10).await;
    let (user, _) = app.register_customer("asha@example.in", "9876543210").await;
    let body = json!({"data": {"userId": user["_id"], "name": "Asha Baker", "address": "14 MG Road", "city": "Bengaluru", "state": "Karnataka",
        "cartItems": [{"productId": flour, "amount": 2, "price": 80, "name": "x", "image": ""}]}});
    let place = || {
        app.client
            .post(app.url("/api/v1/orders"))
            .bearer_auth(&root)
            .header("Idempotency-Key", "desk-42")
            .json(&body)
            .send()
    };
    let first: Value = place().await.unwrap().json().await.unwrap();
    let again = place().await.unwrap();
    assert_eq!(again.status(), 201);
    let again: Value = again.json().await.unwrap();
    assert_eq!(again["order"]["_id"], first["order"]["_id"]);
    assert_eq!(stock(&app, &flour).await, 8, "the stock was taken once");
    let (_, all) = send(&app, Method::GET, "/api/v1/orders", &root, None).await;
    assert_eq!(all["meta"]["pagination"]["total"], 1);
}

async fn send_form(
    app: &TestApp,
    method: Method,
    path: &str,
    token: &str,
    form: Form,
) -> (u16, Value) {
    let response = app
        .client
        .request(method, app.url(path))
        .bearer_auth(token)
        .multipart(form)
        .send()
        .await
        .unwrap();
    let status = response.status().as_u16();
    (status, response.json().await.unwrap_or(Value::Null))
}

#[tokio::test]
async fn prices_and_discounts_beyond_their_bounds_are_refused_with_the_field_named() {
    let (app, root) = shop().await;
    let form = [
        ("title", "Gold Leaf"),
        ("company", "Luxe"),
        ("sellingPrice", "10000000.01"),
        ("price", "99999999999999999999"),
        ("stock", "1"),
        ("category", "Flours"),
    ]
    .iter()
    .fold(Form::new(), |form, (name, value)| {
        form.text(name.to_string(), value.to_string())
    });
    let (status, body) = send_form(&app, Method::POST, "/api/v1/products", &root, form).await;
    assert_eq!(status, 400, "{body}");
    assert_eq!(
        body["error"]["fields"]["sellingPrice"],
        "must be at most ₹1,00,00,000.00"
    );
    assert_eq!(
        body["error"]["fields"]["price"],
        "must be at most ₹1,00,00,000.00"
    );

    let form = [
        ("title", "Wedding Cake Stand"),
        ("company", "Luxe"),
        ("sellingPrice", "10000000"),
        ("price", "10000000"),
        ("stock", "3"),
        ("category", "Flours"),
    ]
    .iter()
    .fold(Form::new(), |form, (name, value)| {
        form.text(name.to_string(), value.to_string())
    });
    let (status, body) = send_form(&app, Method::POST, "/api/v1/products", &root, form).await;
    assert_eq!(status, 201, "one crore is allowed: {body}");
    let crore = body["product"]["_id"].as_str().unwrap().to_owned();
    let (_, customer) = app.register_customer("asha@example.in", "9876543210").await;
    let (status, body) = send(
        &app,
        Method::POST,
        "/api/v1/orders",
        &customer,
        Some(checkout(&[(&crore, 20, 1e300)])),
    )
    .await;
    assert_eq!(status, 400, "{body}");
    let (status, body) = send(
        &app,
        Method::POST,
        "/api/v1/orders",
        &customer,
        Some(checkout(&[(&crore, 1, 10000000.5)])),
    )
    .await;
    assert_eq!(
        (
            status,
            body["error"]["fields"]["cartItems[0].price"].as_str()
        ),
        (400, Some("item 0: price must be at most ₹1,00,00,000.00")),
        "{body}"
    );
    let (status, body) = send(
        &app,
        Method::POST,
        "/api/v1/orders",
        &customer,
        Some(checkout(&[(&crore, 2, 10000000.0)])),
    )
    .await;
    assert_eq!(status, 201, "the dearest allowed product sells: {body}");
    assert_eq!(body["order"]["orderTotal"], json!(20000000.0));
}

#[tokio::test]
async fn a_category_deleted_while_a_product_is_saved_into_it_never_leaves_a_dangling_product() {
    let (app, root) = shop().await;
    let flour = product(&app, &root, "Bread Flour 1 kg", "80", 10).await;
    for round in 0..25 {
        let name = format!("Seasonal {round}");
        let response = app
            .call(
                Method::POST,
                "/api/v1/categories",
                Some(&root),
                Some(json!({"name": name})),
            )
            .await;
        let category: Value = response.json().await.unwrap();
        let category_id = category["category"]["_id"].as_str().unwrap().to_owned();
        let (category_path, product_path) = (
            format!("/api/v1/categories/{category_id}"),
            format!("/api/v1/products/{flour}"),
        );
        let delete = app.call(Method::DELETE, &category_path, Some(&root), None);
        let save = send_form(
            &app,
            Method::PATCH,
            &product_path,
            &root,
            Form::new().text("category", name.clone()),
        );
        let (deleted, (saved, body)) = tokio::join!(delete, save);
        let deleted = deleted.status().as_u16();
        let (_, now) = send(
            &app,
            Method::GET,
            &format!("/api/v1/products/{flour}"),
            &root,
            None,
        )
        .await;
        let in_new = now["product"]["category"]["_id"] == category_id;
        match (deleted, saved) {
            (204, 400) => assert!(
                !in_new,
                "round {round}: the category went and the save was refused: {body}"
            ),
            (409, 200) => assert!(
                in_new,
                "round {round}: the save won and the delete was refused"
            ),
            (204, 200) => panic!(
                "round {round}: both succeeded, the product points at a deleted category: {now}"
            ),
            other => panic!("round {round}: unexpected {other:?}: {body}"),
        }
        if in_new {
            let (status, _) = send_form(
                &app,
                Method::PATCH,
                &format!("/api/v1/products/{flour}"),
                &root,
                Form::new().text("category", "Flours"),
            )
            .await;
            assert_eq!(status, 200);
        }
    }
    let catalog = whisk_api::catalog::load(&app.db).await.unwrap();
    assert_eq!(catalog.len(), 1);
}

#[tokio::test]
async fn the_catalog_loads_past_a_product_row_it_cannot_read() {
    let (app, root) = shop().await;
    product(&app, &root, "Bread Flour 1 kg", "80", 10).await;
    let broken = product(&app, &root, "Rye Flour 1 kg", "95", 10).await;
    app.db
        .query("UPDATE type::record('product', $key) SET category = category:gone")
        .bind(("key", broken.clone()))
        .await
        .unwrap()
        .check()
        .unwrap();
    let catalog = whisk_api::catalog::load(&app.db)
        .await
        .expect("start-up survives the bad row");
    assert_eq!(catalog.len(), 1, "the readable product is served");
    assert!(catalog.product(&broken).is_none());
}

fn png(width: u32, height: u32, shade: u8) -> Vec<u8> {
    let mut out = std::io::Cursor::new(Vec::new());
    image::DynamicImage::ImageRgb8(image::RgbImage::from_pixel(
        width,
        height,
        image::Rgb([shade, 90, 40]),
    ))
    .write_to(&mut out, image::ImageFormat::Png)
    .unwrap();
    out.into_inner()
}

fn image_part(name: &str, shade: u8) -> reqwest::multipart::Part {
    reqwest::multipart::Part::bytes(png(24, 24, shade))
        .file_name(name.to_owned())
        .mime_str("image/png")
        .unwrap()
}

async fn stored_images(app: &TestApp) -> Vec<String> {
    let mut response = app
        .db
        .query("SELECT VALUE record::id(id) FROM image")
        .await
        .unwrap();
    let mut names: Vec<String> = response.take(0).unwrap();
    names.sort();
    names
}

#[tokio::test]
async fn concurrent_image_edits_of_one_product_keep_every_image_it_shows() {
    let (app, root) = shop().await;
    let flour = product(&app, &root, "Bread Flour 1 kg", "80", 10).await;
    for round in 0..8u8 {
        let path = format!("/api/v1/products/{flour}");
        let front = send_form(
            &app,
            Method::PATCH,
            &path,
            &root,
            Form::new().part("image1", image_part("front.png", round)),
        );
        let back = send_form(
            &app,
            Method::PATCH,
            &path,
            &root,
            Form::new().part("image2", image_part("back.png", 200 - round)),
        );
        let ((first, a), (second, b)) = tokio::join!(front, back);
        assert_eq!((first, second), (200, 200), "round {round}: {a} {b}");
        let (_, now) = send(&app, Method::GET, &path, &root, None).await;
        let mut shown = Vec::new();
        for slot in ["image1", "image2"] {
            let image = &now["product"][slot];
            assert!(image.is_object(), "round {round}: both edits landed: {now}");
            for url in [
                image["url"].as_str().unwrap(),
                image["thumbnail"].as_str().unwrap(),
            ] {
                assert_eq!(
                    app.get(url).await.status(),
                    200,
                    "round {round}: {url} is served"
                );
                shown.push(url.trim_start_matches("/uploads/").to_owned());
            }
        }
        shown.sort();
        assert_eq!(
            stored_images(&app).await,
            shown,
            "round {round}: replaced images are deleted, shown ones kept"
        );
    }
}

#[tokio::test]
async fn images_live_in_the_database_and_a_node_without_a_copy_still_serves_them() {
    let (app, root) = shop().await;
    let form = [
        ("title", "Piping Bags"),
        ("company", "Sugarcraft"),
        ("sellingPrice", "120"),
        ("price", "150"),
        ("stock", "9"),
        ("category", "Flours"),
    ]
    .iter()
    .fold(Form::new(), |form, (name, value)| {
        form.text(name.to_string(), value.to_string())
    })
    .part("image1", image_part("bags.png", 10));
    let (status, body) = send_form(&app, Method::POST, "/api/v1/products", &root, form).await;
    assert_eq!(status, 201, "{body}");
    let url = body["product"]["image1"]["url"]
        .as_str()
        .unwrap()
        .to_owned();
    let first = app.get(&url).await.bytes().await.unwrap();
    let copies = app.data_dir.path().join("data/uploads");
    assert!(
        copies.join(url.trim_start_matches("/uploads/")).is_file(),
        "the serving node kept a copy"
    );
    std::fs::remove_dir_all(&copies).unwrap();
    std::fs::create_dir_all(&copies).unwrap();
    let again = app.get(&url).await;
    assert_eq!(again.status(), 200, "served from the database");
    assert_eq!(again.bytes().await.unwrap(), first);
    let leftovers: Vec<_> = std::fs::read_dir(app.data_dir.path().join("data/tmp"))
        .unwrap()
        .flatten()
        .collect();
    assert!(
        leftovers.is_empty(),
        "streamed uploads are removed once read: {leftovers:?}"
    );
}

#[tokio::test]
async fn images_an_older_whisk_kept_only_on_disk_are_moved_into_the_database() {
    let (app, root) = shop().await;
    let flour = product(&app, &root, "Bread Flour 1 kg", "80", 10).await;
    let copies = app.data_dir.path().join("data/uploads");
    std::fs::write(copies.join("legacyphoto1.png"), png(20, 20, 5)).unwrap();
    std::fs::write(copies.join("legacyphoto1-thumb.webp"), b"RIFF....WEBP").unwrap();
    app.db
        .query("UPDATE type::record('product', $key) SET images[0] = { file: 'legacyphoto1.png', thumb: 'legacyphoto1-thumb.webp' }; DELETE seed;")
        .bind(("key", flour.clone()))
        .await
        .unwrap()
        .check()
        .unwrap();
    let cache = whisk_api::uploads::ImageCache::new(&app.data_dir.path().join("data")).unwrap();
    assert_eq!(cache.import_disk_images(&app.db).await.unwrap(), 2);
    assert_eq!(
        stored_images(&app).await,
        ["legacyphoto1-thumb.webp", "legacyphoto1.png"]
    );
    assert_eq!(
        cache.import_disk_images(&app.db).await.unwrap(),
        0,
        "once per database"
    );
    std::fs::remove_file(copies.join("legacyphoto1.png")).unwrap();
    assert_eq!(app.get("/uploads/legacyphoto1.png").await.status(), 200);
}
