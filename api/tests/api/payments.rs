//! Delivery charges, the checkout's PIN code, phone and payment method, UPI payment links and
//! their QR codes, and admins marking payments.

use std::path::PathBuf;

use pricing::{DeliveryTerms, GstRate, Money};
use reqwest::Method;
use serde_json::{Value, json};
use surrealdb::types::SurrealValue;
use whisk_api::config::Config;

use crate::helpers::TestApp;
use crate::orders::{checkout, place, product, send, shop, shop_with};

/// The demo shop's terms: ₹49, free from ₹499, 18 % GST.
fn demo_delivery() -> DeliveryTerms {
    DeliveryTerms {
        fee: Money::from_rupees(49),
        free_from: Some(Money::from_rupees(499)),
        gst_rate: GstRate::percent(18),
    }
}

fn with(mut body: Value, extra: Value) -> Value {
    for (key, value) in extra.as_object().unwrap() {
        body["data"][key] = value.clone();
    }
    body
}

#[tokio::test]
async fn delivery_is_charged_below_the_threshold_taxed_at_its_rate_and_free_from_it() {
    let (app, root) = shop_with(|config| config.delivery = demo_delivery()).await;
    let flour = product(&app, &root, "Bread Flour 1 kg", "300", 10).await;
    let (_, token) = app.register_customer("asha@example.in", "9876543210").await;

    let (status, body) = place(&app, &token, checkout(&[(&flour, 1, 300.0)])).await;
    assert_eq!(status, 201, "{body}");
    let order = &body["order"];
    assert_eq!(order["chargeTotal"], json!(300.0));
    assert_eq!(order["deliveryCharge"], json!(49.0));
    assert_eq!(order["orderTotal"], json!(349.0), "the fee is added");
    assert_eq!(
        (
            order["delivery"]["gstRate"].as_f64(),
            order["delivery"]["cgst"].as_f64()
        ),
        (Some(18.0), Some(3.74)),
        "49 x 9 / 118 = 3.737..., each half, within Karnataka"
    );
    let tax = ["taxableTotal", "cgstTotal", "sgstTotal", "igstTotal"]
        .iter()
        .map(|field| order[*field].as_f64().unwrap())
        .sum::<f64>();
    assert!(
        (tax - 349.0).abs() < 1e-9,
        "taxable value and tax make the total: {tax}"
    );

    let (status, body) = place(&app, &token, checkout(&[(&flour, 2, 300.0)])).await;
    assert_eq!(status, 201, "{body}");
    assert_eq!(
        (
            body["order"]["deliveryCharge"].clone(),
            body["order"]["orderTotal"].clone()
        ),
        (json!(0.0), json!(600.0)),
        "free from ₹499"
    );

    let (_, shop) = send(&app, Method::GET, "/api/v1/shop", &token, None).await;
    assert_eq!(
        shop["shop"]["delivery"],
        json!({"fee": 49.0, "freeFrom": 499.0, "gstRate": 18.0})
    );
}

#[tokio::test]
async fn an_admin_edit_prices_delivery_with_the_terms_the_order_was_placed_with() {
    let (app, root) = shop_with(|config| config.delivery = demo_delivery()).await;
    let flour = product(&app, &root, "Bread Flour 1 kg", "300", 10).await;
    let (_, token) = app.register_customer("asha@example.in", "9876543210").await;
    let (_, body) = place(&app, &token, checkout(&[(&flour, 1, 300.0)])).await;
    let id = body["order"]["_id"].as_str().unwrap().to_owned();

    let path = format!("/api/v1/orders/{id}");
    let items = json!([{"productId": flour, "amount": 2, "price": 300}]);
    let (status, body) = send(
        &app,
        Method::PATCH,
        &path,
        &root,
        Some(json!({"cartItems": items})),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        (
            body["order"]["deliveryCharge"].clone(),
            body["order"]["orderTotal"].clone()
        ),
        (json!(0.0), json!(600.0)),
        "two units reach the free threshold"
    );
    let (status, body) = send(
        &app,
        Method::PATCH,
        &path,
        &root,
        Some(json!({"discount": 200})),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        body["order"]["orderTotal"],
        json!(449.0),
        "a discount taking the goods to ₹400 brings the ₹49 back"
    );
}

#[tokio::test]
async fn checkout_checks_the_pin_code_phone_city_and_payment_method() {
    let (app, root) = shop().await;
    let flour = product(&app, &root, "Bread Flour 1 kg", "80", 10).await;
    let (_, token) = app.register_customer("asha@example.in", "9876543210").await;
    let order = checkout(&[(&flour, 1, 80.0)]);

    let bad = with(
        order.clone(),
        json!({"pinCode": "05600", "phone": "12345", "city": " ", "paymentMethod": "cod"}),
    );
    let (status, body) = place(&app, &token, bad).await;
    assert_eq!(status, 400, "{body}");
    let fields = &body["error"]["fields"];
    for field in ["pinCode", "phone", "city"] {
        assert!(fields[field].is_string(), "{field} named: {body}");
    }
    let (status, body) = place(
        &app,
        &token,
        with(order.clone(), json!({"paymentMethod": "card"})),
    )
    .await;
    assert_eq!(status, 400, "an unknown method: {body}");

    let good = with(
        order.clone(),
        json!({"pinCode": "560 025", "phone": "+91 91234 56789", "paymentMethod": "cod"}),
    );
    let (status, body) = place(&app, &token, good).await;
    assert_eq!(status, 201, "{body}");
    let placed = &body["order"];
    assert_eq!(
        (
            &placed["pinCode"],
            &placed["phone"],
            &placed["paymentMethod"],
            &placed["paymentStatus"]
        ),
        (
            &json!("560025"),
            &json!("9123456789"),
            &json!("cod"),
            &json!("unpaid")
        )
    );
    assert!(
        placed["upiLink"].is_null(),
        "cash on delivery has no UPI link"
    );

    let (status, body) = place(&app, &token, order).await;
    assert_eq!(status, 201, "{body}");
    assert_eq!(
        (&body["order"]["phone"], &body["order"]["paymentMethod"]),
        (&json!("9876543210"), &json!("cod")),
        "left out: the account's mobile, cash on delivery"
    );
}

#[tokio::test]
async fn a_upi_order_shows_a_link_and_qr_for_its_amount_until_an_admin_marks_it_paid() {
    let (app, root) = shop().await;
    let flour = product(&app, &root, "Bread Flour 1 kg", "80.50", 10).await;
    let (_, token) = app.register_customer("asha@example.in", "9876543210").await;
    let (_, other) = app.register_customer("ravi@example.in", "9876500000").await;

    let body = with(
        checkout(&[(&flour, 2, 80.5)]),
        json!({"paymentMethod": "upi"}),
    );
    let (status, body) = place(&app, &token, body).await;
    assert_eq!(status, 201, "{body}");
    let order = &body["order"];
    let id = order["_id"].as_str().unwrap().to_owned();
    assert_eq!(
        order["upiLink"],
        json!(
            "upi://pay?pa=whisk.demo@upi&pn=Whisk%20Baking%20Supplies&am=161.00&cu=INR&tn=Order%20ORD1001&tr=ORD1001"
        )
    );

    let qr = format!("/api/v1/orders/{id}/upi-qr");
    let response = app.call(Method::GET, &qr, Some(&token), None).await;
    assert_eq!(response.status(), 200);
    assert_eq!(response.headers()["content-type"], "image/svg+xml");
    assert!(response.text().await.unwrap().contains("<svg"));
    let (status, _) = send(&app, Method::GET, &qr, &other, None).await;
    assert_eq!(status, 404, "another customer's order stays hidden");

    let path = format!("/api/v1/orders/{id}");
    let (status, _) = send(
        &app,
        Method::PATCH,
        &path,
        &token,
        Some(json!({"paymentStatus": "paid"})),
    )
    .await;
    assert_eq!(status, 403, "customers cannot mark their own orders paid");
    let (status, body) = send(
        &app,
        Method::PATCH,
        &path,
        &root,
        Some(json!({"paymentStatus": "paid"})),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        (&body["order"]["paymentStatus"], &body["order"]["status"]),
        (&json!("paid"), &json!("paid")),
        "a pending order moves to paid with its payment"
    );
    assert!(body["order"]["upiLink"].is_null());
    let (status, body) = send(&app, Method::GET, &qr, &token, None).await;
    assert_eq!(
        (status, body["error"]["code"].clone()),
        (409, json!("payment_unavailable"))
    );
}

#[tokio::test]
async fn marking_an_order_paid_marks_its_payment_and_a_shop_without_upi_refuses_it() {
    let (app, root) = shop_with(|config| config.upi = None).await;
    let flour = product(&app, &root, "Bread Flour 1 kg", "80", 10).await;
    let (_, token) = app.register_customer("asha@example.in", "9876543210").await;

    let upi = with(
        checkout(&[(&flour, 1, 80.0)]),
        json!({"paymentMethod": "upi"}),
    );
    let (status, body) = place(&app, &token, upi).await;
    assert_eq!(status, 400, "{body}");
    assert!(
        body["error"]["fields"]["paymentMethod"].is_string(),
        "{body}"
    );
    let (_, shop) = send(&app, Method::GET, "/api/v1/shop", &token, None).await;
    assert_eq!(shop["shop"]["paymentMethods"], json!(["cod"]));

    let (_, body) = place(&app, &token, checkout(&[(&flour, 1, 80.0)])).await;
    let path = format!("/api/v1/orders/{}", body["order"]["_id"].as_str().unwrap());
    let (status, body) = send(
        &app,
        Method::PATCH,
        &path,
        &root,
        Some(json!({"status": "paid"})),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["order"]["paymentStatus"], "paid");
    let (status, body) = send(
        &app,
        Method::PATCH,
        &path,
        &root,
        Some(json!({"status": "cancelled", "paymentStatus": "refunded"})),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        (&body["order"]["status"], &body["order"]["paymentStatus"]),
        (&json!("cancelled"), &json!("refunded"))
    );
}

/// The order mails in the outbox, oldest first: (recipient, subject, body, html).
async fn order_mails(app: &TestApp) -> Vec<(String, String, String, String)> {
    #[derive(SurrealValue)]
    #[surreal(crate = "surrealdb::types")]
    struct Row {
        recipient: String,
        subject: String,
        body: String,
        html: Option<String>,
        order: surrealdb::types::RecordId,
        template: Option<String>,
        companion: Option<whisk_api::mail::repo::Companion>,
    }
    let rows: Vec<Row> = app
        .db
        .query("SELECT recipient, subject, body, html, order, template, companion, created_at FROM mail WHERE order != NONE ORDER BY created_at")
        .await
        .unwrap()
        .take(0)
        .unwrap();
    // A placement's mails are stored without their text: the outbox renders it from the order.
    let shop = Config::for_tests(PathBuf::new(), PathBuf::new()).shop;
    let render = whisk_api::orders::placed_mail::renderer(app.db.clone(), shop.name, shop.email);
    let mut mails = Vec::new();
    for row in rows {
        let (body, html) = match row.template {
            Some(template) => {
                assert_eq!(row.body, "", "{template} is stored without its text");
                assert_eq!(row.html, None, "{template} is stored without its HTML");
                render(row.order.clone(), template).await.unwrap().unwrap()
            }
            None => (row.body, row.html.unwrap_or_default()),
        };
        mails.push((row.recipient, row.subject, body, html));
        // A placement's notice to the shop, in the confirmation's record.
        if let Some(companion) = row.companion {
            let (body, html) = render(row.order, companion.template)
                .await
                .unwrap()
                .unwrap();
            mails.push((companion.recipient, companion.subject, body, html));
        }
    }
    mails
}

#[tokio::test]
async fn placing_and_shipping_an_order_write_its_mails_to_the_outbox_with_the_order() {
    // A relay that refuses keeps the mails in the outbox as the order's transaction wrote
    // them (a mail sent is kept without its text).
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let (app, root) = shop_with(|config| {
        config.delivery = demo_delivery();
        config.smtp_url = Some(format!("smtp://127.0.0.1:{port}"));
    })
    .await;
    let flour = product(&app, &root, "Bread <Flour> 1 kg", "300", 10).await;
    let (_, token) = app.register_customer("asha@example.in", "9876543210").await;
    let (status, body) = place(
        &app,
        &token,
        with(
            checkout(&[(&flour, 1, 300.0)]),
            json!({"pinCode": "560001"}),
        ),
    )
    .await;
    assert_eq!(status, 201, "{body}");
    let number = body["order"]["orderId"].as_str().unwrap().to_owned();

    let mails = order_mails(&app).await;
    assert_eq!(
        mails.len(),
        2,
        "the customer's confirmation and the shop's notice"
    );
    let (to, subject, text, html) = &mails[0];
    assert_eq!(to, "asha@example.in");
    assert_eq!(
        subject,
        &format!("Your Whisk Baking Supplies order {number} is confirmed")
    );
    for expected in [
        "1 x Bread <Flour> 1 kg @ ₹300.00",
        "Delivery: ₹49.00",
        "Total (GST included): ₹349.00",
        "560001",
        "Cash on delivery",
    ] {
        assert!(text.contains(expected), "{expected} in {text}");
    }
    assert!(
        html.contains("Bread &lt;Flour&gt; 1 kg") && !html.contains("<Flour>"),
        "escaped: {html}"
    );
    assert!(html.contains(&number) && !html.contains("{order}"));
    let (to, subject, _, _) = &mails[1];
    assert_eq!(
        (to.as_str(), subject.as_str()),
        (
            "orders@whisk.example",
            format!("New order {number}: ₹349.00 from Asha Baker").as_str()
        )
    );

    let path = format!("/api/v1/orders/{}", body["order"]["_id"].as_str().unwrap());
    let (status, _) = send(
        &app,
        Method::PATCH,
        &path,
        &root,
        Some(json!({"status": "shipped"})),
    )
    .await;
    assert_eq!(status, 200);
    let (status, _) = send(
        &app,
        Method::PATCH,
        &path,
        &root,
        Some(json!({"paymentStatus": "paid"})),
    )
    .await;
    assert_eq!(status, 200);
    let mails = order_mails(&app).await;
    assert_eq!(
        mails.len(),
        3,
        "shipping sends one mail; a payment mark sends none: {mails:?}"
    );
    assert_eq!(mails[2].1, format!("Your order {number} is on its way"));
}

#[tokio::test]
async fn an_orders_mails_are_sent_as_soon_as_it_commits() {
    let (app, root) = shop().await;
    let flour = product(&app, &root, "Bread Flour 1 kg", "80", 10).await;
    let (_, token) = app.register_customer("asha@example.in", "9876543210").await;
    let before = app.outbox_count();
    let (status, body) = place(&app, &token, checkout(&[(&flour, 1, 80.0)])).await;
    assert_eq!(status, 201, "{body}");
    // Well within the outbox's 5-second look for due mail, which alone sent them before.
    let began = std::time::Instant::now();
    while app.outbox_count() < before + 2 && began.elapsed() < std::time::Duration::from_secs(2) {
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    assert_eq!(
        app.outbox_count() - before,
        2,
        "the customer's confirmation and the shop's notice, sent within {:?}",
        began.elapsed()
    );
}

#[tokio::test]
async fn an_order_is_placed_while_smtp_refuses_and_its_mail_waits_for_a_later_try() {
    // A port nothing listens on: connecting is refused at once.
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let (app, root) =
        shop_with(|config| config.smtp_url = Some(format!("smtp://127.0.0.1:{port}"))).await;
    let flour = product(&app, &root, "Bread Flour 1 kg", "80", 10).await;
    let (_, token) = app.register_customer("asha@example.in", "9876543210").await;
    let began = std::time::Instant::now();
    let (status, body) = place(&app, &token, checkout(&[(&flour, 1, 80.0)])).await;
    assert_eq!(status, 201, "{body}");
    assert!(
        began.elapsed() < std::time::Duration::from_secs(2),
        "checkout does not wait on SMTP"
    );

    #[derive(Debug, SurrealValue)]
    #[surreal(crate = "surrealdb::types")]
    struct Attempt {
        pending: bool,
        attempts: i64,
        has_error: bool,
        later: bool,
    }
    // The outbox worker tries within its interval (5 s) and keeps the mail for a later try.
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(15);
    loop {
        let rows: Vec<Attempt> = app
            .db
            .query("SELECT pending, attempts, last_error != NONE AS has_error, due_at > time::now() AS later FROM mail WHERE order != NONE")
            .await
            .unwrap()
            .take(0)
            .unwrap();
        // One record: the confirmation with the shop's notice as its companion.
        if rows.len() == 1 && rows.iter().all(|row| row.attempts >= 1 && row.has_error) {
            assert!(
                rows.iter()
                    .all(|row| row.pending && row.has_error && row.later),
                "kept with the error, due again later: {rows:?}"
            );
            break;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "not tried in time: {rows:?}"
        );
        tokio::time::sleep(std::time::Duration::from_millis(250)).await;
    }
    let (status, _) = send(
        &app,
        Method::GET,
        &format!("/api/v1/orders/{}", body["order"]["_id"].as_str().unwrap()),
        &token,
        None,
    )
    .await;
    assert_eq!(status, 200, "the order stands");
}
