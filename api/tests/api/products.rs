//! Products: listing filters, orders and pages from the read model, detail, search, the
//! multipart writes with their images, and the role rules.

use std::io::Cursor;

use image::{DynamicImage, ImageFormat};
use reqwest::Method;
use reqwest::multipart::{Form, Part};
use serde_json::{Value, json};

use crate::helpers::{TestApp, spawn_app};

/// A product to create: title, company, selling price, list price, category, featured.
struct Seed(
    &'static str,
    &'static str,
    &'static str,
    &'static str,
    &'static str,
    bool,
);

const SEEDS: [Seed; 8] = [
    Seed(
        "Bread Flour 1 kg",
        "Whisk Mills",
        "80",
        "95",
        "Flours",
        false,
    ),
    Seed(
        "Whole Wheat Atta 5 kg",
        "Annapurna Grains",
        "245.50",
        "260",
        "Flours",
        true,
    ),
    Seed(
        "Almond Flour 500 g",
        "Whisk Mills",
        "649",
        "699",
        "Flours",
        false,
    ),
    Seed(
        "Chocolate Cake Mix",
        "Bake Easy",
        "199",
        "199",
        "Cake Mixes",
        true,
    ),
    Seed(
        "Vanilla Sponge Mix",
        "Bake Easy",
        "175",
        "210",
        "Cake Mixes",
        false,
    ),
    Seed(
        "Silicone Savarin Mold",
        "MoldCraft",
        "1500",
        "1800",
        "Molds",
        false,
    ),
    Seed(
        "Springform Pan 8 inch",
        "MoldCraft",
        "1500.01",
        "1650",
        "Molds",
        true,
    ),
    Seed(
        "Zebra Stripe Cake Mold",
        "MoldCraft",
        "12000",
        "14999",
        "Molds",
        false,
    ),
];

pub(crate) fn png(width: u32, height: u32) -> Vec<u8> {
    let mut out = Cursor::new(Vec::new());
    DynamicImage::new_rgb8(width, height)
        .write_to(&mut out, ImageFormat::Png)
        .unwrap();
    out.into_inner()
}

fn webp(width: u32, height: u32) -> Vec<u8> {
    let mut out = Cursor::new(Vec::new());
    DynamicImage::new_rgba8(width, height)
        .write_to(&mut out, ImageFormat::WebP)
        .unwrap();
    out.into_inner()
}

/// A PNG whose header claims 100,000 x 100,000 pixels (40 GB decoded) in a few hundred bytes.
fn decompression_bomb() -> Vec<u8> {
    let mut bytes = png(8, 8);
    // IHDR data starts at byte 16: width and height as big-endian u32, then the chunk's CRC.
    bytes[16..20].copy_from_slice(&100_000u32.to_be_bytes());
    bytes[20..24].copy_from_slice(&100_000u32.to_be_bytes());
    let crc = crc32(&bytes[12..29]);
    bytes[29..33].copy_from_slice(&crc.to_be_bytes());
    bytes
}

fn crc32(data: &[u8]) -> u32 {
    let mut crc = 0xffff_ffffu32;
    for &byte in data {
        crc ^= u32::from(byte);
        for _ in 0..8 {
            crc = if crc & 1 == 1 {
                (crc >> 1) ^ 0xedb8_8320
            } else {
                crc >> 1
            };
        }
    }
    !crc
}

fn file(name: &str, bytes: Vec<u8>, mime: &str) -> Part {
    Part::bytes(bytes)
        .file_name(name.to_owned())
        .mime_str(mime)
        .unwrap()
}

fn text_form(fields: &[(&str, &str)]) -> Form {
    fields.iter().fold(Form::new(), |form, (name, value)| {
        form.text(name.to_string(), value.to_string())
    })
}

fn product_form(title: &str, category: &str) -> Form {
    text_form(&[
        ("title", title),
        ("company", "Whisk Mills"),
        ("description", "Stone-ground, unbleached."),
        ("sellingPrice", "80"),
        ("price", "95"),
        ("stock", "12"),
        ("category", category),
    ])
}

async fn send(
    app: &TestApp,
    method: Method,
    path: &str,
    token: Option<&str>,
    form: Form,
) -> (u16, Value) {
    let mut request = app.client.request(method, app.url(path)).multipart(form);
    if let Some(token) = token {
        request = request.bearer_auth(token);
    }
    let response = request.send().await.unwrap();
    let status = response.status().as_u16();
    (status, response.json().await.unwrap_or(Value::Null))
}

async fn create_category(app: &TestApp, token: &str, name: &str) {
    let response = app
        .call(
            Method::POST,
            "/api/v1/categories",
            Some(token),
            Some(json!({"name": name})),
        )
        .await;
    assert_eq!(response.status(), 201, "category {name}");
}

/// A superadmin token and the eight seeded products.
async fn seeded() -> (TestApp, String) {
    let app = spawn_app().await;
    let root = app.first_superadmin().await;
    for name in ["Flours", "Cake Mixes", "Molds", "Candles"] {
        create_category(&app, &root, name).await;
    }
    for Seed(title, company, selling, price, category, featured) in SEEDS {
        let form = text_form(&[
            ("title", title),
            ("company", company),
            ("description", "For the test shelf."),
            ("sellingPrice", selling),
            ("price", price),
            ("stock", "7"),
            ("category", category),
            ("featured", if featured { "true" } else { "false" }),
        ]);
        let (status, body) = send(&app, Method::POST, "/api/v1/products", Some(&root), form).await;
        assert_eq!(status, 201, "creating {title}: {body}");
    }
    (app, root)
}

async fn list(app: &TestApp, query: &str) -> Value {
    let response = app.get(&format!("/api/v1/products?{query}")).await;
    assert_eq!(response.status(), 200, "GET /products?{query}");
    response.json().await.unwrap()
}

async fn titles(app: &TestApp, query: &str) -> Vec<String> {
    list(app, query).await["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["title"].as_str().unwrap().to_owned())
        .collect()
}

/// The names of the image files the shop stores.
async fn uploads(app: &TestApp) -> Vec<String> {
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
async fn each_filter_alone_and_combined() {
    let (app, _) = seeded().await;
    assert_eq!(
        titles(&app, "search=MILLS").await,
        ["Almond Flour 500 g", "Bread Flour 1 kg"],
        "search matches the company, any case"
    );
    assert_eq!(
        titles(&app, "search=sponge").await,
        ["Vanilla Sponge Mix"],
        "search matches the title"
    );
    assert_eq!(
        titles(&app, "category=cake%20mixes").await,
        ["Chocolate Cake Mix", "Vanilla Sponge Mix"]
    );
    assert_eq!(titles(&app, "company=MoldCraft").await.len(), 3);
    assert_eq!(
        titles(&app, "featured=true").await,
        [
            "Chocolate Cake Mix",
            "Springform Pan 8 inch",
            "Whole Wheat Atta 5 kg"
        ]
    );
    assert_eq!(
        titles(&app, "price=1500&order=high").await[0],
        "Silicone Savarin Mold",
        "the price bound is inclusive and 1500.01 is above it"
    );
    assert_eq!(titles(&app, "price=79.99").await, Vec::<String>::new());
    assert_eq!(
        titles(
            &app,
            "category=Molds&company=MoldCraft&price=1500.01&featured=true&shipping=free"
        )
        .await,
        ["Springform Pan 8 inch"]
    );
    assert_eq!(
        titles(&app, "category=all&company=all&search=flour&price=700").await,
        ["Almond Flour 500 g", "Bread Flour 1 kg"],
        "`all` means no filter"
    );
    assert_eq!(
        titles(&app, "category=Candles").await,
        Vec::<String>::new(),
        "an empty category lists nothing"
    );
}

#[tokio::test]
async fn each_order_and_the_default() {
    let (app, _) = seeded().await;
    let by_title = titles(&app, "limit=100").await;
    let mut sorted = by_title.clone();
    sorted.sort();
    assert_eq!(by_title, sorted, "a-z is the default");
    assert_eq!(titles(&app, "order=a-z&limit=100").await, sorted);
    let mut reversed = sorted.clone();
    reversed.reverse();
    assert_eq!(titles(&app, "order=z-a&limit=100").await, reversed);
    let prices = |body: Value| -> Vec<f64> {
        body["data"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p["sellingPrice"].as_f64().unwrap())
            .collect()
    };
    let low = prices(list(&app, "order=low&limit=100").await);
    assert_eq!(
        low,
        [80.0, 175.0, 199.0, 245.5, 649.0, 1500.0, 1500.01, 12000.0]
    );
    let high = prices(list(&app, "sort=high&limit=100").await);
    assert_eq!(
        high,
        [12000.0, 1500.01, 1500.0, 649.0, 245.5, 199.0, 175.0, 80.0],
        "sort is an alias of order"
    );
}

#[tokio::test]
async fn pages_and_meta() {
    let (app, _) = seeded().await;
    let first = list(&app, "limit=3").await;
    assert_eq!(
        first["meta"]["pagination"],
        json!({"page": 1, "pageSize": 3, "pageCount": 3, "total": 8})
    );
    assert_eq!(first["data"].as_array().unwrap().len(), 3);
    let last = list(&app, "limit=3&page=3").await;
    assert_eq!(
        last["data"].as_array().unwrap().len(),
        2,
        "the last page holds the rest"
    );
    let beyond = list(&app, "limit=3&page=9").await;
    assert_eq!(
        beyond["data"],
        json!([]),
        "a page past the end is empty, not an error"
    );
    assert_eq!(beyond["meta"]["pagination"]["total"], 8);
    let default = list(&app, "").await;
    assert_eq!(default["meta"]["pagination"]["pageSize"], 10);
    assert_eq!(
        default["meta"]["categories"],
        json!(["all", "Cake Mixes", "Candles", "Flours", "Molds"])
    );
    assert_eq!(
        default["meta"]["companies"],
        json!([
            "all",
            "Annapurna Grains",
            "Bake Easy",
            "MoldCraft",
            "Whisk Mills"
        ])
    );
    let filtered = list(&app, "category=Flours").await;
    assert_eq!(
        filtered["meta"]["categories"][0], "all",
        "meta lists every choice whatever the filter"
    );
    assert_eq!(filtered["meta"]["companies"].as_array().unwrap().len(), 5);
}

#[tokio::test]
async fn bad_parameters_answer_400_naming_them() {
    let app = spawn_app().await;
    for (query, field) in [
        ("page=0", "page"),
        ("limit=5000", "limit"),
        ("order=cheap", "order"),
        ("price=abc", "price"),
        ("featured=yes", "featured"),
        ("page=-1", "page"),
        ("price=-5", "price"),
    ] {
        let response = app.get(&format!("/api/v1/products?{query}")).await;
        assert_eq!(response.status(), 400, "{query}");
        let body: Value = response.json().await.unwrap();
        assert!(
            body["error"]["fields"][field].is_string(),
            "{query} names {field}: {body}"
        );
    }
    assert_eq!(
        app.get("/api/v1/products?utm_source=newsletter")
            .await
            .status(),
        200,
        "shared links with tracking parameters still work"
    );
}

#[tokio::test]
async fn detail_and_search() {
    let (app, _) = seeded().await;
    let id = list(&app, "search=savarin").await["data"][0]["_id"]
        .as_str()
        .unwrap()
        .to_owned();
    let body: Value = app
        .get(&format!("/api/v1/products/{id}"))
        .await
        .json()
        .await
        .unwrap();
    let product = &body["product"];
    assert_eq!(product["title"], "Silicone Savarin Mold");
    assert_eq!(product["price"].as_f64(), Some(1800.0));
    assert_eq!(product["sellingPrice"].as_f64(), Some(1500.0));
    assert_eq!(product["category"]["name"], "Molds");
    assert_eq!(product["image1"], Value::Null);
    assert_eq!(app.get("/api/v1/products/nope").await.status(), 404);

    let found: Value = app
        .get("/api/v1/products/search?q=mold")
        .await
        .json()
        .await
        .unwrap();
    let found: Vec<&str> = found["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["title"].as_str().unwrap())
        .collect();
    assert_eq!(
        found[..3],
        [
            "Silicone Savarin Mold",
            "Springform Pan 8 inch",
            "Zebra Stripe Cake Mold"
        ],
        "company matches count too"
    );
}

#[tokio::test]
async fn search_returns_at_most_twenty() {
    let app = spawn_app().await;
    let root = app.first_superadmin().await;
    create_category(&app, &root, "Candles").await;
    for n in 0..23 {
        let (status, _) = send(
            &app,
            Method::POST,
            "/api/v1/products",
            Some(&root),
            product_form(&format!("Number Candle {n}"), "Candles"),
        )
        .await;
        assert_eq!(status, 201);
    }
    let found: Value = app
        .get("/api/v1/products/search?q=candle")
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(found["data"].as_array().unwrap().len(), 20);
}

#[tokio::test]
async fn a_bad_form_names_each_field_and_stores_nothing() {
    let app = spawn_app().await;
    let root = app.first_superadmin().await;
    create_category(&app, &root, "Flours").await;
    let form = text_form(&[
        ("title", " "),
        ("company", "Whisk Mills"),
        ("sellingPrice", "100"),
        ("price", "90"),
        ("stock", "-1"),
        ("category", "Sprinkles"),
        ("featured", "maybe"),
    ])
    .part("image1", file("photo.png", png(40, 40), "image/png"));
    let (status, body) = send(&app, Method::POST, "/api/v1/products", Some(&root), form).await;
    assert_eq!(status, 400);
    for field in ["title", "price", "stock", "category", "featured"] {
        assert!(
            body["error"]["fields"][field].is_string(),
            "{field}: {body}"
        );
    }
    assert!(
        body["error"]["fields"]["category"]
            .as_str()
            .unwrap()
            .contains("Sprinkles")
    );
    assert_eq!(
        uploads(&app).await,
        Vec::<String>::new(),
        "the valid image of a refused form is not kept"
    );

    let (status, body) = send(
        &app,
        Method::POST,
        "/api/v1/products",
        Some(&root),
        product_form("Bread Flour", "Flours").text("colour", "red"),
    )
    .await;
    assert_eq!(status, 400);
    assert!(body["error"]["fields"]["colour"].is_string());
    assert_eq!(list(&app, "").await["meta"]["pagination"]["total"], 0);
}

#[tokio::test]
async fn bad_images_are_refused_with_a_clear_message() {
    let app = spawn_app().await;
    let root = app.first_superadmin().await;
    create_category(&app, &root, "Flours").await;
    let big = {
        let mut bytes = png(16, 16);
        bytes.resize(6 * 1024 * 1024, 0);
        bytes
    };
    let truncated = {
        let bytes = png(200, 200);
        bytes[..bytes.len() / 2].to_vec()
    };
    let cases = [
        (
            "text renamed .jpg",
            file(
                "flour.jpg",
                b"I am not a picture at all".to_vec(),
                "image/jpeg",
            ),
            "not a JPEG, PNG or WebP",
        ),
        (
            "6 MB",
            file("big.png", big, "image/png"),
            "larger than 5 MB",
        ),
        (
            "decompression bomb",
            file("bomb.png", decompression_bomb(), "image/png"),
            "larger than 4096x4096",
        ),
        (
            "truncated PNG",
            file("half.png", truncated, "image/png"),
            "damaged or incomplete",
        ),
    ];
    for (case, part, message) in cases {
        let form = product_form("Bread Flour", "Flours")
            .part("image2", part)
            .part("image1", file("good.png", png(30, 30), "image/png"));
        let (status, body) = send(&app, Method::POST, "/api/v1/products", Some(&root), form).await;
        assert_eq!(status, 400, "{case}: {body}");
        let said = body["error"]["fields"]["image2"]
            .as_str()
            .unwrap_or_default();
        assert!(said.contains(message), "{case}: {body}");
        assert_eq!(
            uploads(&app).await,
            Vec::<String>::new(),
            "{case} leaves no files"
        );
    }
    assert_eq!(list(&app, "").await["meta"]["pagination"]["total"], 0);
}

#[tokio::test]
async fn images_are_stored_served_replaced_cleared_and_removed() {
    let app = spawn_app().await;
    let root = app.first_superadmin().await;
    create_category(&app, &root, "Flours").await;
    let form = product_form("Bread Flour", "Flours")
        .part("image1", file("front.webp", webp(640, 480), "image/webp"))
        .part("image3", file("back.png", png(100, 50), "image/png"));
    let (status, body) = send(&app, Method::POST, "/api/v1/products", Some(&root), form).await;
    assert_eq!(status, 201, "{body}");
    let product = &body["product"];
    let id = product["_id"].as_str().unwrap().to_owned();
    assert_eq!(product["image2"], Value::Null);
    assert_eq!(
        uploads(&app).await.len(),
        4,
        "two images and two thumbnails"
    );

    let url = product["image1"]["url"].as_str().unwrap().to_owned();
    assert!(
        url.starts_with("/uploads/") && url.ends_with(".webp"),
        "{url}"
    );
    assert!(!url.contains("front"), "stored under a random name");
    assert_eq!(
        (&product["image1"]["width"], &product["image1"]["height"]),
        (&json!(640), &json!(480)),
        "the size for srcset"
    );
    let png_url = product["image3"]["url"].as_str().unwrap();
    assert!(
        png_url.ends_with(".webp"),
        "a PNG is stored as a lossless WebP: {png_url}"
    );
    assert_eq!(product["image3"]["width"], json!(100));
    let response = app.get(&url).await;
    assert_eq!(response.status(), 200);
    assert_eq!(response.headers()["content-type"], "image/webp");
    assert!(
        response.headers()["cache-control"]
            .to_str()
            .unwrap()
            .contains("immutable")
    );
    let etag = response.headers()["etag"].clone();
    let decoded = image::load_from_memory(&response.bytes().await.unwrap()).unwrap();
    assert_eq!((decoded.width(), decoded.height()), (640, 480));
    let again = app
        .client
        .get(app.url(&url))
        .header("if-none-match", etag)
        .send()
        .await
        .unwrap();
    assert_eq!(again.status(), 304);
    let thumbnail = app
        .get(product["image1"]["thumbnail"].as_str().unwrap())
        .await
        .bytes()
        .await
        .unwrap();
    assert_eq!(image::guess_format(&thumbnail).unwrap(), ImageFormat::WebP);
    assert_eq!(image::load_from_memory(&thumbnail).unwrap().width(), 320);
    assert_eq!(app.get("/uploads/..%2Fjwt-secret").await.status(), 404);

    // Replace slot 1, clear slot 3, change only the stock.
    let form = text_form(&[("stock", "3"), ("delete_image3", "true")])
        .part("image1", file("new.jpg", jpeg(50, 50), "image/jpeg"));
    let (status, body) = send(
        &app,
        Method::PATCH,
        &format!("/api/v1/products/{id}"),
        Some(&root),
        form,
    )
    .await;
    assert_eq!(status, 200, "{body}");
    let updated = &body["product"];
    assert_eq!(updated["stock"], 3);
    assert_eq!(updated["title"], "Bread Flour", "fields left out stay");
    assert!(updated["image1"]["url"].as_str().unwrap().ends_with(".jpg"));
    assert_eq!(updated["image3"], Value::Null);
    assert_eq!(
        app.get(&url).await.status(),
        404,
        "the replaced file is gone"
    );
    assert_eq!(uploads(&app).await.len(), 2);

    let listed = list(&app, "search=bread").await;
    assert_eq!(
        listed["data"][0]["stock"], 3,
        "the listing follows the write at once"
    );

    let response = app
        .call(
            Method::DELETE,
            &format!("/api/v1/products/{id}"),
            Some(&root),
            None,
        )
        .await;
    assert_eq!(response.status(), 204);
    assert_eq!(
        uploads(&app).await,
        Vec::<String>::new(),
        "deleting removes the files"
    );
    assert_eq!(
        app.get(&format!("/api/v1/products/{id}")).await.status(),
        404
    );
    assert_eq!(list(&app, "").await["meta"]["pagination"]["total"], 0);
}

fn jpeg(width: u32, height: u32) -> Vec<u8> {
    let mut out = Cursor::new(Vec::new());
    DynamicImage::new_rgb8(width, height)
        .write_to(&mut out, ImageFormat::Jpeg)
        .unwrap();
    out.into_inner()
}

#[tokio::test]
async fn writes_follow_the_role_rules() {
    let app = spawn_app().await;
    let root = app.first_superadmin().await;
    create_category(&app, &root, "Flours").await;
    let (_, staff) = app.admin_with_role(&root, "staff").await;
    let (_, admin) = app.admin_with_role(&root, "admin").await;
    let (_, customer) = app.register_customer("asha@example.in", "9876543210").await;

    let (status, _) = send(
        &app,
        Method::POST,
        "/api/v1/products",
        None,
        product_form("Anonymous", "Flours"),
    )
    .await;
    assert_eq!(status, 401);
    let (status, _) = send(
        &app,
        Method::POST,
        "/api/v1/products",
        Some(&customer),
        product_form("Customer's", "Flours"),
    )
    .await;
    assert_eq!(status, 403, "a customer token is not an admin token");
    let (status, body) = send(
        &app,
        Method::POST,
        "/api/v1/products",
        Some(&staff),
        product_form("Staff made", "Flours"),
    )
    .await;
    assert_eq!(status, 201, "staff create products");
    let id = body["product"]["_id"].as_str().unwrap().to_owned();
    let path = format!("/api/v1/products/{id}");
    let (status, _) = send(
        &app,
        Method::PATCH,
        &path,
        Some(&staff),
        text_form(&[("title", "Staff edited")]),
    )
    .await;
    assert_eq!(status, 200, "staff edit products");
    let (status, _) = send(
        &app,
        Method::PATCH,
        &path,
        Some(&customer),
        text_form(&[("title", "Hacked")]),
    )
    .await;
    assert_eq!(status, 403);

    let response = app.call(Method::DELETE, &path, Some(&staff), None).await;
    assert_eq!(response.status(), 403, "staff cannot delete");
    assert_eq!(
        response.json::<Value>().await.unwrap()["error"]["code"],
        "forbidden"
    );
    assert_eq!(
        app.call(Method::DELETE, &path, Some(&customer), None)
            .await
            .status(),
        403
    );
    assert_eq!(
        app.call(Method::DELETE, &path, None, None).await.status(),
        401
    );
    assert_eq!(
        app.call(Method::DELETE, &path, Some(&admin), None)
            .await
            .status(),
        204,
        "an admin deletes"
    );
    assert_eq!(
        app.call(Method::DELETE, &path, Some(&admin), None)
            .await
            .status(),
        404
    );
}

#[tokio::test]
async fn category_changes_reach_the_listing() {
    let (app, root) = seeded().await;
    let categories: Value = app
        .get("/api/v1/categories?limit=100")
        .await
        .json()
        .await
        .unwrap();
    let molds = categories["data"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["name"] == "Molds")
        .unwrap()["_id"]
        .as_str()
        .unwrap()
        .to_owned();
    let response = app
        .call(
            Method::PATCH,
            &format!("/api/v1/categories/{molds}"),
            Some(&root),
            Some(json!({"name": "Moulds & Pans"})),
        )
        .await;
    assert_eq!(response.status(), 200);
    let listed = list(&app, "category=moulds%20%26%20pans").await;
    assert_eq!(listed["data"].as_array().unwrap().len(), 3);
    assert_eq!(listed["data"][0]["category"]["name"], "Moulds & Pans");
    assert!(
        listed["meta"]["categories"]
            .as_array()
            .unwrap()
            .contains(&json!("Moulds & Pans"))
    );
    assert_eq!(titles(&app, "category=Molds").await, Vec::<String>::new());
    let response = app
        .call(
            Method::DELETE,
            &format!("/api/v1/categories/{molds}"),
            Some(&root),
            None,
        )
        .await;
    assert_eq!(response.status(), 409, "still in use");
}
