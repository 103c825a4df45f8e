use std::io::Read;

use reqwest::Method;
use serde_json::Value;

use crate::helpers::{spawn_app, spawn_app_with};
use crate::orders::{checkout, product, send, shop};

#[tokio::test]
async fn client_routes_fall_back_to_the_index_page() {
    let app = spawn_app().await;
    for path in [
        "/",
        "/products",
        "/admin/users",
        "/admin/coupons/edit/SAVE10",
        "/cart/",
    ] {
        let response = app.get(path).await;
        assert_eq!(response.status(), 200, "{path}");
        assert_eq!(response.headers()["cache-control"], "no-cache", "{path}");
        assert!(
            response.text().await.unwrap().contains("<div id=root>"),
            "{path}"
        );
    }
}

#[tokio::test]
async fn hashed_assets_are_cached_for_a_year_and_missing_ones_are_404() {
    let app = spawn_app().await;
    let response = app.get("/assets/index-abc123.js").await;
    assert_eq!(response.status(), 200);
    assert_eq!(
        response.headers()["cache-control"],
        "public, max-age=31536000, immutable"
    );
    let missing = app.get("/assets/gone-000.js").await;
    assert_eq!(missing.status(), 404);
    assert!(
        missing
            .headers()
            .get("cache-control")
            .is_none_or(|value| !value.to_str().unwrap().contains("immutable"))
    );
}

#[tokio::test]
async fn responses_are_compressed_when_the_client_accepts_it() {
    let app = spawn_app().await;
    for encoding in ["br", "gzip"] {
        let response = app
            .client
            .get(app.url("/api/v1/openapi.json"))
            .header("accept-encoding", encoding)
            .send()
            .await
            .unwrap();
        assert_eq!(response.headers()["content-encoding"], encoding);
    }
}

#[tokio::test]
async fn the_load_baseline_exists_only_when_configured_and_serves_the_file_as_is() {
    let app = spawn_app().await;
    let absent = app.get("/api/v1/load-baseline").await;
    assert_eq!(
        absent.status(),
        404,
        "a shop without LOAD_BASELINE_FILE has no such route"
    );

    let folder = tempfile::tempdir().unwrap();
    let file = folder.path().join("listing.json");
    std::fs::write(&file, r#"{"data":[],"meta":{"pagination":{"page":1}}}"#).unwrap();
    let app = spawn_app_with(|config| config.load_baseline_file = Some(file.clone())).await;
    std::fs::write(&file, "changed after start").unwrap();
    let response = app.get("/api/v1/load-baseline").await;
    assert_eq!(response.status(), 200);
    assert_eq!(response.headers()["content-type"], "application/json");
    assert_eq!(
        response.headers()["x-content-type-options"],
        "nosniff",
        "it passes the same layers as the API"
    );
    assert_eq!(
        response.text().await.unwrap(),
        r#"{"data":[],"meta":{"pagination":{"page":1}}}"#,
        "read once at start"
    );
}

#[tokio::test]
async fn assets_built_precompressed_are_sent_as_built() {
    let app = spawn_app().await;
    let assets = app.web_dist.join("assets");
    std::fs::write(assets.join("app-1.js"), "console.log('x');".repeat(200)).unwrap();
    std::fs::write(assets.join("app-1.js.br"), b"prebuilt brotli bytes").unwrap();
    let response = app
        .client
        .get(app.url("/assets/app-1.js"))
        .header("accept-encoding", "gzip, br")
        .send()
        .await
        .unwrap();
    assert_eq!(response.headers()["content-encoding"], "br");
    assert_eq!(response.headers()["content-type"], "text/javascript");
    assert_eq!(
        response.bytes().await.unwrap().as_ref(),
        b"prebuilt brotli bytes",
        "the file written at build time, not a compression of the script"
    );
    let plain = app.get("/assets/app-1.js").await;
    assert!(plain.headers().get("content-encoding").is_none());
    assert_eq!(plain.text().await.unwrap(), "console.log('x');".repeat(200));
}

/// The body of `path` asked for with `Accept-Encoding: br`, decoded, and its encoding.
async fn brotli_json(app: &crate::helpers::TestApp, path: &str) -> (Value, String) {
    let response = app
        .client
        .get(app.url(path))
        .header("accept-encoding", "br, gzip")
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200, "{path}");
    assert_eq!(response.headers()["vary"], "accept-encoding");
    let encoding = response.headers()["content-encoding"]
        .to_str()
        .unwrap()
        .to_owned();
    let body = response.bytes().await.unwrap();
    let mut json = Vec::new();
    brotli::Decompressor::new(&body[..], 4096)
        .read_to_end(&mut json)
        .unwrap();
    (serde_json::from_slice(&json).unwrap(), encoding)
}

#[tokio::test]
async fn catalog_answers_are_compressed_and_follow_every_change_of_the_catalog() {
    let (app, root) = shop().await;
    let id = product(&app, &root, "Bread Flour 1 kg", "80", 10).await;
    let listing = "/api/v1/products?category=Flours&order=low";
    let product_path = format!("/api/v1/products/{id}");
    for path in [
        listing,
        product_path.as_str(),
        "/api/v1/products/search?q=bread",
    ] {
        let (decoded, encoding) = brotli_json(&app, path).await;
        assert_eq!(encoding, "br", "{path}");
        let plain: Value = app.get(path).await.json().await.unwrap();
        assert_eq!(decoded, plain, "{path}: the same answer, compressed");
        let (again, _) = brotli_json(&app, path).await;
        assert_eq!(again, plain, "{path}: kept and sent again");
    }

    let (_, customer) = app
        .register_customer("meera@example.in", "9876543210")
        .await;
    let (status, body) = send(
        &app,
        Method::POST,
        "/api/v1/orders",
        &customer,
        Some(checkout(&[(&id, 3, 80.0)])),
    )
    .await;
    assert_eq!(status, 201, "{body}");
    let (listed, _) = brotli_json(&app, listing).await;
    assert_eq!(listed["data"][0]["stock"], 7, "a new snapshot answers anew");
    let (shown, _) = brotli_json(&app, &product_path).await;
    assert_eq!(shown["product"]["stock"], 7);
}

/// The page data a landing page embeds (`web::first_screen::page_data`), read back.
fn page_data(html: &str) -> Option<Value> {
    let start = html.find(r#"<script type="application/json" id="page-data">"#)?;
    let json = &html[start..];
    let json = &json[json.find('>')? + 1..json.find("</script>")?];
    Some(serde_json::from_str(json).unwrap())
}

#[tokio::test]
async fn landing_pages_carry_the_answer_and_pictures_of_their_first_screen() {
    let (app, root) = shop().await;
    let id = product(&app, &root, "Rye Flour 1 kg", "95", 4).await;
    let picture = reqwest::multipart::Part::bytes(crate::products::png(40, 40))
        .file_name("rye.png")
        .mime_str("image/png")
        .unwrap();
    let form = reqwest::multipart::Form::new().part("image1", picture);
    let saved = app
        .client
        .patch(app.url(&format!("/api/v1/products/{id}")))
        .bearer_auth(&root)
        .multipart(form)
        .send()
        .await
        .unwrap();
    assert_eq!(saved.status(), 200);
    let stored: Value = saved.json().await.unwrap();
    let image = stored["product"]["image1"]["url"]
        .as_str()
        .unwrap()
        .to_owned();
    let shells = app.web_dist.join("shells");
    std::fs::create_dir_all(&shells).unwrap();
    let slot = r#"<div class="aspect-square" data-picture-slot="" data-sizes="50vw"></div>"#;
    for name in ["home", "products", "product"] {
        std::fs::write(
            shells.join(format!("{name}.html")),
            format!("<!doctype html><html><head><title>Whisk</title></head><body><div id=root data-shell>{slot}{slot}</div></body></html>"),
        )
        .unwrap();
    }

    let page = app.get(&format!("/products/{id}")).await;
    assert_eq!(page.status(), 200);
    assert_eq!(page.headers()["cache-control"], "no-cache");
    let html = page.text().await.unwrap();
    let data = page_data(&html).expect("the product page embeds its product");
    assert_eq!(data["api"], format!("/api/v1/products/{id}"));
    let api: Value = app
        .get(&format!("/api/v1/products/{id}"))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(data["body"], api, "the answer the app would get");
    assert!(
        html.contains(&format!(
            r#"data-sizes="50vw"><img src="{image}" alt="" fetchpriority="high"></div>"#
        )),
        "the main picture is in its slot: {html}"
    );
    assert_eq!(
        html.matches("<img").count(),
        1,
        "one picture on a product page"
    );
    assert!(
        html.find("page-data").unwrap() > html.find("<div id=root").unwrap(),
        "the data comes after the first screen, which it must not hold up"
    );

    let listing = app.get("/products").await.text().await.unwrap();
    let data = page_data(&listing).expect("the list embeds its first page");
    assert_eq!(data["api"], "/api/v1/products");
    let api: Value = app.get("/api/v1/products").await.json().await.unwrap();
    assert_eq!(data["body"], api);
    let thumbnail = api["data"][0]["image1"]["thumbnail"].as_str().unwrap();
    assert!(
        listing.contains(&format!(
            r#"<img src="{thumbnail}" alt="" fetchpriority="high">"#
        )),
        "the first card's picture is in the first slot: {listing}"
    );
    let filtered = app
        .get("/products?category=Molds")
        .await
        .text()
        .await
        .unwrap();
    assert!(
        page_data(&filtered).is_none() && !filtered.contains("<img"),
        "a filtered list is the shell alone: {filtered}"
    );

    let home = app.get("/").await.text().await.unwrap();
    let data = page_data(&home).expect("the home page embeds its featured products");
    assert_eq!(data["api"], "/api/v1/products?featured=true");
    let featured: Value = app
        .get("/api/v1/products?featured=true")
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(data["body"], featured);

    let unknown = app.get("/products/nosuchproduct").await;
    assert_eq!(unknown.status(), 404, "an unknown product is not a page");
    let unknown = unknown.text().await.unwrap();
    assert!(unknown.contains("<div id=root></div>") && page_data(&unknown).is_none());
}

#[tokio::test]
async fn paths_the_app_has_no_page_for_answer_404_with_its_not_found_page() {
    let app = spawn_app().await;
    for path in [
        "/no/such/page",
        "/wp-login.php",
        "/products/a/b",
        "/admin/nothing",
        "/orders/",
        "/favicon-old.ico",
    ] {
        let response = app.get(path).await;
        let status = response.status();
        let body = response.text().await.unwrap();
        if path == "/orders/" {
            assert_eq!(
                status, 200,
                "{path} is the orders page with a trailing slash"
            );
            continue;
        }
        assert_eq!(status, 404, "{path}");
        assert!(
            body.contains("<div id=root>"),
            "{path}: the app shows its 404 page"
        );
    }
}

#[tokio::test]
async fn the_server_knows_every_page_of_the_web_apps_router() {
    // The router nests the storefront under '/' and the back office under 'admin', so its path
    // literals are the pages without the leading slash, and the admin pages without 'admin/'.
    let router = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../web/src/app/route-tree.tsx"
    ))
    .unwrap();
    let literals: std::collections::BTreeSet<&str> = router
        .split("path: '")
        .skip(1)
        .filter_map(|rest| rest.split('\'').next())
        .filter(|literal| *literal != "*")
        .collect();
    let expected: std::collections::BTreeSet<&str> = whisk_api::web::APP_PAGES
        .iter()
        .map(|page| match *page {
            "/" => "/",
            "/admin" => "admin",
            "/admin/login" | "/admin/register" => &page[1..],
            page => page.strip_prefix("/admin/").unwrap_or(&page[1..]),
        })
        .collect();
    assert_eq!(
        literals, expected,
        "web::APP_PAGES and route-tree.tsx list different pages"
    );
}

#[tokio::test]
async fn robots_and_the_sitemap_are_real_files_naming_every_product() {
    let (app, root) = shop().await;
    let id = product(&app, &root, "Cake Box 10 inch", "45", 20).await;

    let robots = app.get("/robots.txt").await;
    assert_eq!(robots.status(), 200);
    assert!(
        robots.headers()["content-type"]
            .to_str()
            .unwrap()
            .starts_with("text/plain")
    );
    let robots = robots.text().await.unwrap();
    assert!(robots.contains("Disallow: /admin"), "{robots}");
    let sitemap_line = robots
        .lines()
        .find(|line| line.starts_with("Sitemap: "))
        .unwrap();
    assert!(sitemap_line.ends_with("/sitemap.xml"), "{robots}");

    let sitemap = app.get("/sitemap.xml").await;
    assert_eq!(sitemap.status(), 200);
    assert!(
        sitemap.headers()["content-type"]
            .to_str()
            .unwrap()
            .starts_with("application/xml")
    );
    let sitemap = sitemap.text().await.unwrap();
    assert!(sitemap.starts_with("<?xml"), "{sitemap}");
    assert!(
        sitemap.contains(&format!("/products/{id}</loc><lastmod>")),
        "{sitemap}"
    );
    assert!(!sitemap.contains("<div id=root>"));

    let app =
        spawn_app_with(|config| config.public_url = Some("https://whisk.example".into())).await;
    let robots = app.get("/robots.txt").await.text().await.unwrap();
    assert!(
        robots.ends_with("Sitemap: https://whisk.example/sitemap.xml\n"),
        "{robots}"
    );
    let sitemap = app.get("/sitemap.xml").await.text().await.unwrap();
    assert!(
        sitemap.contains("<loc>https://whisk.example/products</loc>"),
        "{sitemap}"
    );
}

#[tokio::test]
async fn storefront_landing_pages_answer_with_their_prerendered_first_screen() {
    let app = spawn_app().await;
    let shells = app.web_dist.join("shells");
    std::fs::create_dir_all(&shells).unwrap();
    for name in ["home", "products", "product", "cart"] {
        std::fs::write(
            shells.join(format!("{name}.html")),
            format!("<!doctype html><html><head><title>Whisk</title></head><body><div id=root data-shell>{name} shell</div></body></html>"),
        )
        .unwrap();
    }

    for (path, shell) in [
        ("/", "home shell"),
        ("/products", "products shell"),
        ("/products?category=Molds", "products shell"),
        ("/cart", "cart shell"),
    ] {
        let page = app.get(path).await;
        assert_eq!(page.status(), 200, "{path}");
        assert_eq!(page.headers()["cache-control"], "no-cache");
        let html = page.text().await.unwrap();
        assert!(html.contains(shell), "{path}: {html}");
    }
    let home = app.get("/").await.text().await.unwrap();
    assert!(
        page_data(&home).is_some(),
        "the shell carries the page's data: {home}"
    );

    for (path, status) in [
        ("/about", 200),
        ("/checkout", 200),
        ("/products/nosuchproduct", 404),
    ] {
        let page = app.get(path).await;
        assert_eq!(page.status(), status, "{path}");
        let html = page.text().await.unwrap();
        assert!(
            html.contains("<div id=root></div>") && !html.contains("shell"),
            "{path} has no shell: {html}"
        );
    }

    std::fs::remove_dir_all(&shells).unwrap();
    let plain = app.get("/").await.text().await.unwrap();
    assert!(
        plain.contains("<div id=root></div>"),
        "without shells the page is index.html"
    );
}
