//! Invoices: who may download which, what the PDF says, and long orders over several pages.
//! The text checks use `pdftotext` (poppler-utils, installed by scripts/setup.sh --browser).

use std::process::Command;

use reqwest::Method;
use serde_json::{Value, json};

use crate::helpers::TestApp;
use crate::orders::{checkout, product, send, shop, shop_with, stock};

/// The text of a PDF, through pdftotext with its layout kept.
fn pdf_text(pdf: &[u8]) -> String {
    let folder = tempfile::tempdir().unwrap();
    let path = folder.path().join("invoice.pdf");
    std::fs::write(&path, pdf).unwrap();
    let output = Command::new("pdftotext")
        .arg("-layout")
        .arg(&path)
        .arg("-")
        .output()
        .expect("pdftotext (poppler-utils) is installed");
    assert!(
        output.status.success(),
        "pdftotext failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).unwrap()
}

/// The number of pages of a PDF, through pdfinfo.
fn pdf_pages(pdf: &[u8]) -> u32 {
    let folder = tempfile::tempdir().unwrap();
    let path = folder.path().join("invoice.pdf");
    std::fs::write(&path, pdf).unwrap();
    let output = Command::new("pdfinfo")
        .arg(&path)
        .output()
        .expect("pdfinfo (poppler-utils) is installed");
    let info = String::from_utf8(output.stdout).unwrap();
    info.lines()
        .find_map(|line| line.strip_prefix("Pages:"))
        .and_then(|pages| pages.trim().parse().ok())
        .expect("pdfinfo names the page count")
}

async fn invoice(app: &TestApp, order: &str, token: &str) -> reqwest::Response {
    app.client
        .get(app.url(&format!("/api/v1/orders/{order}/invoice")))
        .bearer_auth(token)
        .send()
        .await
        .unwrap()
}

#[tokio::test]
async fn a_customer_gets_the_invoice_of_their_own_order_once_it_is_delivered() {
    let (app, root) = shop().await;
    let flour = product(&app, &root, "Bread Flour 1 kg", "80.50", 10).await;
    let tin = product(&app, &root, "Springform Cake Tin 8 inch", "1450", 3).await;
    let (_, token) = app.register_customer("asha@example.in", "9876543210").await;
    let (status, placed) = send(
        &app,
        Method::POST,
        "/api/v1/orders",
        &token,
        Some(checkout(&[(&flour, 3, 80.5), (&tin, 1, 1450.0)])),
    )
    .await;
    assert_eq!(status, 201, "{placed}");
    let id = placed["order"]["_id"].as_str().unwrap().to_owned();

    let early = invoice(&app, &id, &token).await;
    assert_eq!(early.status(), 409);
    let body: Value = early.json().await.unwrap();
    assert_eq!(body["error"]["code"], "invoice_unavailable");

    let (_, other) = app.register_customer("ravi@example.in", "9876543211").await;
    assert_eq!(
        invoice(&app, &id, &other).await.status(),
        404,
        "another customer's invoice does not exist for them"
    );
    assert_eq!(
        app.get(&format!("/api/v1/orders/{id}/invoice"))
            .await
            .status(),
        401
    );

    assert_eq!(
        invoice(&app, &id, &root).await.status(),
        409,
        "no tax invoice exists before the order ships, for admins either"
    );

    let (status, delivered) = send(
        &app,
        Method::PATCH,
        &format!("/api/v1/orders/{id}"),
        &root,
        Some(json!({"status": "delivered"})),
    )
    .await;
    assert_eq!(status, 200);
    let number = delivered["order"]["invoiceNumber"]
        .as_str()
        .unwrap()
        .to_owned();
    let response = invoice(&app, &id, &token).await;
    assert_eq!(response.status(), 200);
    assert_eq!(response.headers()["content-type"], "application/pdf");
    assert_eq!(
        response.headers()["content-disposition"],
        "attachment; filename=\"invoice-ORD1001.pdf\""
    );
    let pdf = response.bytes().await.unwrap();
    assert!(pdf.starts_with(b"%PDF"));
    assert!(
        pdf.len() < 200_000,
        "the font is subset: {} bytes",
        pdf.len()
    );

    let text = pdf_text(&pdf);
    assert!(
        text.contains(&number),
        "the invoice shows its number {number}:\n{text}"
    );
    for expected in [
        "Whisk Baking Supplies",
        "ORD1001",
        "Delivered",
        "Asha Baker",
        "14 MG Road",
        "Bengaluru",
        "asha@example.in",
        "Bread Flour 1 kg",
        "Springform Cake Tin 8 inch",
        "₹80.50",
        "₹241.50",
        "₹1,450.00",
        "₹1,691.50",
        "Tax Invoice",
        "GSTIN 29AAFCW4821K1ZX",
        "Whisk Baking Supplies Private Limited",
        "Karnataka (29)",
        "CGST",
        "SGST",
        "HSN-WISE TAX SUMMARY",
        "Authorised signatory",
    ] {
        assert!(
            text.contains(expected),
            "the invoice should show {expected:?}:\n{text}"
        );
    }
    let words = text
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .replace("For Whisk Baking Supplies Private Limited ", "");
    assert!(
        words.contains("Rupees One Thousand Six Hundred Ninety-One and Fifty Paise Only"),
        "the total in words:\n{text}"
    );
    assert!(
        !text.contains("IGST"),
        "a sale within the shop's state has no IGST:\n{text}"
    );
    assert!(
        !text.contains("Discount"),
        "no discount line without a discount:\n{text}"
    );
    assert_eq!(pdf_pages(&pdf), 1);
}

#[tokio::test]
async fn a_sixty_line_order_with_a_discount_runs_over_several_pages() {
    let (app, root) = shop().await;
    let mut lines = Vec::new();
    for n in 0..60 {
        let id = product(
            &app,
            &root,
            &format!("Decorating Nozzle No. {n:02}"),
            "25",
            50,
        )
        .await;
        lines.push(json!({"productId": id, "amount": 2, "price": 25}));
    }
    let (user, _) = app.register_customer("asha@example.in", "9876543210").await;
    let body = json!({"data": {"userId": user["_id"], "name": "Asha Baker", "address": "14 MG Road", "city": "Bengaluru", "state": "Karnataka", "discount": 123.45, "cartItems": lines}});
    let (status, created) = send(&app, Method::POST, "/api/v1/orders", &root, Some(body)).await;
    assert_eq!(status, 201, "{created}");
    assert_eq!(
        (
            created["order"]["chargeTotal"].as_f64(),
            created["order"]["orderTotal"].as_f64()
        ),
        (Some(3000.0), Some(2876.55))
    );
    let id = created["order"]["_id"].as_str().unwrap();
    let (status, _) = send(
        &app,
        Method::PATCH,
        &format!("/api/v1/orders/{id}"),
        &root,
        Some(json!({"status": "shipped"})),
    )
    .await;
    assert_eq!(status, 200);
    let response = invoice(&app, id, &root).await;
    assert_eq!(response.status(), 200);
    let pdf = response.bytes().await.unwrap();
    assert!(pdf_pages(&pdf) > 1, "60 lines do not fit one page");
    let text = pdf_text(&pdf);
    for n in 0..60 {
        assert!(
            text.contains(&format!("Decorating Nozzle No. {n:02}")),
            "line {n} is on the invoice"
        );
    }
    assert!(
        text.matches("Unit price").count() > 1,
        "the table header repeats on every page"
    );
    assert!(
        text.contains("Discount") && text.contains("₹123.45"),
        "{text}"
    );
    assert!(text.contains("₹2,876.55"));
    let words = text
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .replace("For Whisk Baking Supplies Private Limited ", "");
    assert!(
        words.contains("Rupees Two Thousand Eight Hundred Seventy-Six and Fifty-Five Paise Only"),
        "{text}"
    );
}

#[tokio::test]
async fn deleting_a_delivered_order_keeps_the_stock_sold() {
    let (app, root) = shop().await;
    let flour = product(&app, &root, "Bread Flour", "80", 10).await;
    let (_, token) = app.register_customer("asha@example.in", "9876543210").await;
    let (_, placed) = send(
        &app,
        Method::POST,
        "/api/v1/orders",
        &token,
        Some(checkout(&[(&flour, 4, 80.0)])),
    )
    .await;
    let path = format!(
        "/api/v1/orders/{}",
        placed["order"]["_id"].as_str().unwrap()
    );
    let (status, _) = send(
        &app,
        Method::PATCH,
        &path,
        &root,
        Some(json!({"status": "delivered"})),
    )
    .await;
    assert_eq!(status, 200);
    assert_eq!(stock(&app, &flour).await, 6);
    let (status, _) = send(&app, Method::DELETE, &path, &root, None).await;
    assert_eq!(status, 204);
    assert_eq!(
        stock(&app, &flour).await,
        6,
        "delivered goods do not come back on the shelf"
    );
}

/// The totals the web shows come from the same fixture table through wasm (web/src/lib/pricing.test.ts);
/// here the server must charge exactly those totals for orders made of the same lines.
#[tokio::test]
async fn the_server_charges_the_totals_of_the_shared_pricing_fixture() {
    let fixture: Value = serde_json::from_str(include_str!(
        "../../../pricing-wasm/tests/fixtures/pricing-cases.json"
    ))
    .unwrap();
    let (app, root) = shop().await;
    let (user, _) = app.register_customer("asha@example.in", "9876543210").await;
    let mut checked = 0;
    for (index, case) in fixture["orderTotals"]
        .as_array()
        .unwrap()
        .iter()
        .enumerate()
    {
        let lines = case["lines"].as_array().unwrap();
        if lines.is_empty() {
            continue;
        }
        let mut items = Vec::new();
        for (line_index, line) in lines.iter().enumerate() {
            let price = line["price"].to_string();
            let id = product(
                &app,
                &root,
                &format!("Fixture {index}-{line_index}"),
                &price,
                100,
            )
            .await;
            items.push(json!({"productId": id, "amount": line["amount"], "price": line["price"]}));
        }
        let body = json!({"data": {"userId": user["_id"], "name": "Asha Baker", "address": "14 MG Road", "state": "Karnataka", "discount": case["discount"], "cartItems": items}});
        let (status, created) = send(&app, Method::POST, "/api/v1/orders", &root, Some(body)).await;
        assert_eq!(status, 201, "case {index}: {created}");
        let (order, expected) = (&created["order"], &case["expected"]);
        for (field, key) in [
            ("chargeTotal", "subtotal"),
            ("discount", "discount"),
            ("orderTotal", "total"),
            ("numItemsInCart", "numItemsInCart"),
        ] {
            assert_eq!(
                order[field].as_f64(),
                expected[key].as_f64(),
                "case {index}: {field}"
            );
        }
        checked += 1;
    }
    assert!(checked >= 4, "the fixture has order cases to check");
}

/// The tax the cart shows through wasm comes from the fixture's taxed orders; the server must
/// charge the same tax, line by line, for orders shipped within the shop's state and across.
#[tokio::test]
async fn the_server_taxes_orders_as_the_shared_pricing_fixture_does() {
    let fixture: Value = serde_json::from_str(include_str!(
        "../../../pricing-wasm/tests/fixtures/pricing-cases.json"
    ))
    .unwrap();
    // One shop per set of delivery terms the cases use (none: free delivery).
    let mut shops: Vec<(Value, (TestApp, String, Value))> = Vec::new();
    let mut checked = 0;
    for (index, case) in fixture["taxedOrder"].as_array().unwrap().iter().enumerate() {
        let state = match case["supply"].as_str().unwrap() {
            "intra-state" => "Karnataka",
            "inter-state" => "Maharashtra",
            _ => continue, // a union territory shop is tested in gst.rs
        };
        let terms = case["delivery"].clone();
        if !shops.iter().any(|(known, _)| *known == terms) {
            let delivery: pricing::DeliveryTerms = if terms.is_null() {
                pricing::DeliveryTerms::FREE
            } else {
                serde_json::from_value(terms.clone()).unwrap()
            };
            let (app, root) = shop_with(|config| config.delivery = delivery).await;
            let (user, _) = app.register_customer("asha@example.in", "9876543210").await;
            shops.push((terms.clone(), (app, root, user)));
        }
        let (_, (app, root, user)) = shops.iter().find(|(known, _)| *known == terms).unwrap();
        let (app, root) = (app, root.as_str());
        let mut items = Vec::new();
        for (line_index, line) in case["lines"].as_array().unwrap().iter().enumerate() {
            let form = [
                ("title", format!("Taxed {index}-{line_index}")),
                ("company", "Whisk".to_owned()),
                ("sellingPrice", line["price"].to_string()),
                ("price", "99999".to_owned()),
                ("stock", "100".to_owned()),
                ("category", "Flours".to_owned()),
                ("gstRate", line["gstRate"].to_string()),
                ("hsn", "1905".to_owned()),
            ]
            .into_iter()
            .fold(reqwest::multipart::Form::new(), |form, (name, value)| {
                form.text(name, value)
            });
            let created: Value = app
                .client
                .post(app.url("/api/v1/products"))
                .bearer_auth(root)
                .multipart(form)
                .send()
                .await
                .unwrap()
                .json()
                .await
                .unwrap();
            items.push(json!({"productId": created["product"]["_id"], "amount": line["amount"], "price": line["price"]}));
        }
        let discount =
            case["couponDiscount"].as_f64().unwrap() + case["discount"].as_f64().unwrap();
        let body = json!({"data": {"userId": user["_id"], "name": "Asha Baker", "address": "14 MG Road", "state": state, "discount": discount, "cartItems": items}});
        let (status, created) = send(app, Method::POST, "/api/v1/orders", root, Some(body)).await;
        assert_eq!(status, 201, "case {index}: {created}");
        let (order, expected) = (&created["order"], &case["expected"]);
        assert_eq!(
            order["deliveryCharge"].as_f64(),
            expected["delivery"]["charge"].as_f64(),
            "case {index}: deliveryCharge"
        );
        for field in ["taxableValue", "cgst", "sgst", "igst"] {
            assert_eq!(
                order["delivery"][field].as_f64(),
                expected["delivery"][field].as_f64(),
                "case {index}: delivery {field}"
            );
        }
        for (field, key) in [
            ("chargeTotal", "subtotal"),
            ("orderTotal", "total"),
            ("taxableTotal", "taxableValue"),
            ("cgstTotal", "cgst"),
            ("sgstTotal", "sgst"),
            ("igstTotal", "igst"),
        ] {
            assert_eq!(
                order[field].as_f64(),
                expected[key].as_f64(),
                "case {index}: {field}"
            );
        }
        for (line, wanted) in order["cartItems"]
            .as_array()
            .unwrap()
            .iter()
            .zip(expected["lines"].as_array().unwrap())
        {
            for field in ["discount", "taxableValue", "cgst", "sgst", "igst"] {
                assert_eq!(
                    line[field].as_f64(),
                    wanted[field].as_f64(),
                    "case {index}: line {field}"
                );
            }
        }
        checked += 1;
    }
    assert!(checked >= 3, "the fixture has taxed orders to check");
}
