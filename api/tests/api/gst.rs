//! GST and coupons on orders: the tax split by place of supply (intra-state, inter-state, a union
//! territory without a legislature), the buyer's GSTIN, coupons counted in the placement
//! transaction, and tax invoice and credit note numbers issued with the status change.

use reqwest::Method;
use reqwest::multipart::Form;
use serde_json::{Value, json};

use crate::helpers::TestApp;
use crate::orders::{checkout, create_product, send, shop, shop_with};

/// Creates a product with an HSN code and GST rate and returns its id.
async fn taxed_product(
    app: &TestApp,
    token: &str,
    title: &str,
    selling_price: &str,
    hsn: &str,
    rate: &str,
) -> String {
    let form = [
        ("title", title),
        ("company", "Whisk Mills"),
        ("description", "Taxed."),
        ("sellingPrice", selling_price),
        ("price", "99999"),
        ("category", "Flours"),
        ("stock", "1000"),
        ("hsn", hsn),
        ("gstRate", rate),
    ]
    .iter()
    .fold(Form::new(), |form, (name, value)| {
        form.text(name.to_string(), value.to_string())
    });
    let body = create_product(app, token, form, title).await;
    assert_eq!(
        (&body["product"]["hsn"], &body["product"]["gstRate"]),
        (&json!(hsn), &json!(rate.parse::<f64>().unwrap()))
    );
    body["product"]["_id"].as_str().unwrap().to_owned()
}

fn shipped_to(mut body: Value, state: &str) -> Value {
    body["data"]["state"] = json!(state);
    body
}

fn money(value: &Value) -> f64 {
    value
        .as_f64()
        .unwrap_or_else(|| panic!("{value} is not a number"))
}

/// Every line's taxable value and taxes make up its total, and the lines make up the order.
fn assert_adds_up(order: &Value) {
    let mut sums = [0.0f64; 6];
    for line in order["cartItems"].as_array().unwrap() {
        let total = money(&line["price"]) * money(&line["amount"]) - money(&line["discount"]);
        let parts = money(&line["taxableValue"])
            + money(&line["cgst"])
            + money(&line["sgst"])
            + money(&line["utgst"])
            + money(&line["igst"]);
        assert!(
            (parts - total).abs() < 0.001,
            "line {line} splits {total} into {parts}"
        );
        for (sum, field) in
            sums.iter_mut()
                .zip(["taxableValue", "cgst", "sgst", "utgst", "igst", "discount"])
        {
            *sum += money(&line[field]);
        }
    }
    for (sum, field) in sums.iter().zip([
        "taxableTotal",
        "cgstTotal",
        "sgstTotal",
        "utgstTotal",
        "igstTotal",
    ]) {
        assert!(
            (sum - money(&order[field])).abs() < 0.001,
            "{field} is the sum of the lines in {order}"
        );
    }
    assert!(
        (sums[5] - money(&order["couponDiscount"]) - money(&order["discount"])).abs() < 0.001,
        "the discounts are spread over the lines exactly"
    );
}

#[tokio::test]
async fn an_order_within_the_shops_state_splits_cgst_and_sgst() {
    let (app, root) = shop().await;
    let cocoa = taxed_product(&app, &root, "Cocoa Powder", "500", "1805", "18").await;
    let atta = taxed_product(&app, &root, "Atta 5 kg", "240", "1101", "5").await;
    let (_, token) = app.register_customer("asha@example.in", "9876543210").await;
    let (status, body) = send(
        &app,
        Method::POST,
        "/api/v1/orders",
        &token,
        Some(checkout(&[(&cocoa, 1, 500.0), (&atta, 2, 240.0)])),
    )
    .await;
    assert_eq!(status, 201, "{body}");
    let order = &body["order"];
    assert_eq!(
        order["placeOfSupply"],
        json!({"state": "Karnataka", "code": 29})
    );
    let line = &order["cartItems"][0];
    assert_eq!(
        (
            &line["hsn"],
            &line["gstRate"],
            &line["taxableValue"],
            &line["cgst"],
            &line["sgst"],
            &line["igst"]
        ),
        (
            &json!("1805"),
            &json!(18.0),
            &json!(423.72),
            &json!(38.14),
            &json!(38.14),
            &json!(0.0)
        )
    );
    assert_eq!(
        (
            &order["taxableTotal"],
            &order["cgstTotal"],
            &order["sgstTotal"],
            &order["orderTotal"]
        ),
        (&json!(880.86), &json!(49.57), &json!(49.57), &json!(980.0))
    );
    assert_eq!(
        (&order["invoiceNumber"], &order["buyerGstin"]),
        (&Value::Null, &Value::Null)
    );
    assert_adds_up(order);
}

#[tokio::test]
async fn an_order_to_another_state_pays_igst_and_may_carry_the_buyers_gstin() {
    let (app, root) = shop().await;
    let cocoa = taxed_product(&app, &root, "Cocoa Powder", "500", "1805", "18").await;
    let (_, token) = app.register_customer("asha@example.in", "9876543210").await;
    let mut body = shipped_to(checkout(&[(&cocoa, 1, 500.0)]), "Maharashtra");
    body["data"]["gstin"] = json!("27AAPFU0939F1ZW");
    let (status, refused) = send(
        &app,
        Method::POST,
        "/api/v1/orders",
        &token,
        Some(body.clone()),
    )
    .await;
    assert_eq!(
        (status, &refused["error"]["fields"]["gstin"]),
        (
            400,
            &json!("this GSTIN's check character is wrong; please check it for typing mistakes")
        )
    );
    body["data"]["gstin"] = json!("27aapfu0939f1zv");
    body["data"]["businessName"] = json!("Asha Cakes LLP");
    let (status, placed) = send(&app, Method::POST, "/api/v1/orders", &token, Some(body)).await;
    assert_eq!(status, 201, "{placed}");
    let order = &placed["order"];
    assert_eq!(
        (&order["buyerGstin"], &order["company"]),
        (&json!("27AAPFU0939F1ZV"), &json!("Asha Cakes LLP"))
    );
    assert_eq!(
        order["placeOfSupply"],
        json!({"state": "Maharashtra", "code": 27})
    );
    assert_eq!(
        (
            &order["taxableTotal"],
            &order["igstTotal"],
            &order["cgstTotal"],
            &order["sgstTotal"]
        ),
        (&json!(423.73), &json!(76.27), &json!(0.0), &json!(0.0))
    );
    assert_adds_up(order);
    let path = format!("/api/v1/orders/{}", order["_id"].as_str().unwrap());
    let (_, stored) = send(&app, Method::GET, &path, &token, None).await;
    assert_eq!(stored["order"], *order, "answered as stored");

    let (status, unknown) = send(
        &app,
        Method::POST,
        "/api/v1/orders",
        &token,
        Some(shipped_to(checkout(&[(&cocoa, 1, 500.0)]), "Atlantis")),
    )
    .await;
    assert_eq!(
        (status, &unknown["error"]["fields"]["state"]),
        (
            400,
            &json!("choose one of India's states or union territories")
        )
    );
}

#[tokio::test]
async fn a_shop_in_a_union_territory_without_a_legislature_charges_cgst_and_utgst() {
    let (app, root) = shop_with(|config| {
        config.shop.state = pricing::find_region("Chandigarh").unwrap();
        config.shop.gstin = "04AAFCW4821K1Z9".into();
    })
    .await;
    let topper = taxed_product(&app, &root, "Acrylic Topper", "118", "3926", "18").await;
    let (_, token) = app.register_customer("asha@example.in", "9876543210").await;
    let (status, body) = send(
        &app,
        Method::POST,
        "/api/v1/orders",
        &token,
        Some(shipped_to(checkout(&[(&topper, 3, 118.0)]), "chandigarh")),
    )
    .await;
    assert_eq!(status, 201, "{body}");
    let order = &body["order"];
    assert_eq!(
        (
            &order["taxableTotal"],
            &order["cgstTotal"],
            &order["utgstTotal"],
            &order["sgstTotal"]
        ),
        (&json!(300.0), &json!(27.0), &json!(27.0), &json!(0.0))
    );
    let (_, shop) = send(&app, Method::GET, "/api/v1/shop", &token, None).await;
    assert_eq!(
        (
            &shop["shop"]["state"],
            &shop["shop"]["stateCode"],
            &shop["shop"]["gstSlabs"]
        ),
        (
            &json!("Chandigarh"),
            &json!(4),
            &json!([0.0, 5.0, 18.0, 40.0])
        )
    );
}

#[tokio::test]
async fn a_product_rate_must_be_a_slab_in_force_and_an_hsn_code_four_to_eight_digits() {
    let (app, root) = shop().await;
    for (field, value, message) in [
        (
            "gstRate",
            "12",
            "must be one of the GST rates in force: 0%, 5%, 18%, 40%",
        ),
        ("hsn", "12a4", "must be an HSN code of 4 to 8 digits"),
    ] {
        let form = [
            ("title", "Mold"),
            ("company", "Whisk"),
            ("sellingPrice", "100"),
            ("price", "100"),
            ("category", "Flours"),
            ("stock", "1"),
            (field, value),
        ]
        .iter()
        .fold(Form::new(), |form, (name, value)| {
            form.text(name.to_string(), value.to_string())
        });
        let response = app
            .client
            .post(app.url("/api/v1/products"))
            .bearer_auth(&root)
            .multipart(form)
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), 400);
        let body: Value = response.json().await.unwrap();
        assert_eq!(body["error"]["fields"][field], message);
    }
    let plain = crate::orders::product(&app, &root, "Plain Flour", "50", 5).await;
    let (_, body) = send(
        &app,
        Method::GET,
        &format!("/api/v1/products/{plain}"),
        &root,
        None,
    )
    .await;
    assert_eq!(
        (&body["product"]["gstRate"], &body["product"]["hsn"]),
        (&json!(18.0), &json!("")),
        "the default rate when none is sent"
    );
}

async fn coupon(app: &TestApp, root: &str, body: Value) -> Value {
    let (status, created) = send(app, Method::POST, "/api/v1/coupons", root, Some(body)).await;
    assert_eq!(status, 201, "{created}");
    created["coupon"].clone()
}

#[tokio::test]
async fn two_hundred_buyers_racing_for_a_coupon_of_five_uses_get_exactly_five_discounts() {
    let (app, root) = shop_with(|config| config.max_pending_orders = 1000).await;
    let cocoa = taxed_product(&app, &root, "Cocoa Powder", "500", "1805", "18").await;
    coupon(&app, &root, json!({"code": "diwali10", "kind": "percent", "value": 10, "minSubtotal": 300, "usageLimit": 5})).await;
    let (_, asha) = app.register_customer("asha@example.in", "9876543210").await;
    let (_, ravi) = app.register_customer("ravi@example.in", "9876543211").await;
    let mut body = checkout(&[(&cocoa, 1, 500.0)]);
    body["data"]["couponCode"] = json!("Diwali10");
    let buyers = (0..200).map(|n| {
        let (app, token, body) = (&app, if n % 2 == 0 { &asha } else { &ravi }, body.clone());
        async move { send(app, Method::POST, "/api/v1/orders", token, Some(body)).await }
    });
    let results = futures::future::join_all(buyers).await;
    let placed: Vec<&Value> = results
        .iter()
        .filter(|(status, _)| *status == 201)
        .map(|(_, body)| &body["order"])
        .collect();
    assert_eq!(placed.len(), 5, "exactly five orders used the coupon");
    for order in &placed {
        assert_eq!(
            (
                &order["couponCode"],
                &order["couponDiscount"],
                &order["orderTotal"]
            ),
            (&json!("DIWALI10"), &json!(50.0), &json!(450.0))
        );
        assert_adds_up(order);
    }
    for (status, body) in results.iter().filter(|(status, _)| *status != 201) {
        assert_eq!(
            (
                *status,
                &body["error"]["code"],
                &body["error"]["details"]["reason"]
            ),
            (409, &json!("coupon_unusable"), &json!("used_up")),
            "{body}"
        );
    }
    let (status, without) = send(
        &app,
        Method::POST,
        "/api/v1/orders",
        &asha,
        Some(checkout(&[(&cocoa, 1, 500.0)])),
    )
    .await;
    assert_eq!(
        (status, &without["order"]["orderTotal"]),
        (201, &json!(500.0)),
        "a buyer who lost the race still buys without it"
    );
    let (_, stored) = send(&app, Method::GET, "/api/v1/coupons/DIWALI10", &root, None).await;
    assert_eq!(stored["coupon"]["uses"], 5);
}

#[tokio::test]
async fn a_customer_looks_a_coupon_up_and_hears_why_it_does_not_apply() {
    let (app, root) = shop().await;
    let cocoa = taxed_product(&app, &root, "Cocoa Powder", "500", "1805", "18").await;
    coupon(&app, &root, json!({"code": "FLAT100", "kind": "flat", "value": 100, "minSubtotal": 400, "perCustomerLimit": 1})).await;
    coupon(
        &app,
        &root,
        json!({"code": "OLD", "kind": "flat", "value": 10, "validUntil": "2020-01-01T00:00:00Z"}),
    )
    .await;
    let (_, token) = app.register_customer("asha@example.in", "9876543210").await;
    let (status, terms) = send(&app, Method::GET, "/api/v1/coupons/flat100", &token, None).await;
    assert_eq!(status, 200);
    assert_eq!(
        terms["coupon"],
        json!({"code": "FLAT100", "kind": "flat", "value": 100.0, "minSubtotal": 400.0, "maxDiscount": null, "validFrom": null, "validUntil": null})
    );
    let (status, missing) = send(&app, Method::GET, "/api/v1/coupons/NOPE", &token, None).await;
    assert_eq!(
        (status, &missing["error"]["code"]),
        (404, &json!("coupon_not_found"))
    );
    let (status, old) = send(&app, Method::GET, "/api/v1/coupons/OLD", &token, None).await;
    assert_eq!(
        (status, &old["error"]["details"]["reason"]),
        (409, &json!("expired"))
    );

    let mut body = checkout(&[(&cocoa, 1, 500.0)]);
    body["data"]["couponCode"] = json!("FLAT100");
    let (status, placed) = send(
        &app,
        Method::POST,
        "/api/v1/orders",
        &token,
        Some(body.clone()),
    )
    .await;
    assert_eq!(
        (status, &placed["order"]["orderTotal"]),
        (201, &json!(400.0)),
        "{placed}"
    );
    assert_adds_up(&placed["order"]);
    let path = format!(
        "/api/v1/orders/{}",
        placed["order"]["_id"].as_str().unwrap()
    );
    let (_, stored) = send(&app, Method::GET, &path, &token, None).await;
    assert_eq!(
        stored["order"], placed["order"],
        "a coupon's order answered as stored"
    );
    let (status, again) = send(&app, Method::POST, "/api/v1/orders", &token, Some(body)).await;
    assert_eq!(
        (status, &again["error"]["details"]["reason"]),
        (409, &json!("used_by_you"))
    );
    let (status, _) = send(&app, Method::GET, "/api/v1/coupons/FLAT100", &token, None).await;
    assert_eq!(status, 409, "the cart hears it too");

    let (status, taken) = send(
        &app,
        Method::POST,
        "/api/v1/coupons",
        &root,
        Some(json!({"code": "Flat100", "kind": "flat", "value": 5})),
    )
    .await;
    assert_eq!(
        (status, &taken["error"]["code"]),
        (409, &json!("code_taken"))
    );
    let (status, bad) = send(
        &app,
        Method::POST,
        "/api/v1/coupons",
        &root,
        Some(json!({"code": "BIG", "kind": "percent", "value": 150})),
    )
    .await;
    assert_eq!(
        (status, &bad["error"]["fields"]["value"]),
        (400, &json!("a percent coupon takes 1 to 100 percent off"))
    );
    let (status, edited) = send(
        &app,
        Method::PATCH,
        "/api/v1/coupons/flat100",
        &root,
        Some(json!({"active": false, "perCustomerLimit": null})),
    )
    .await;
    assert_eq!(
        (
            status,
            &edited["coupon"]["active"],
            &edited["coupon"]["perCustomerLimit"],
            &edited["coupon"]["uses"]
        ),
        (200, &json!(false), &Value::Null, &json!(1))
    );
    let (status, _) = send(&app, Method::DELETE, "/api/v1/coupons/FLAT100", &root, None).await;
    assert_eq!(status, 204);
}

async fn mark(app: &TestApp, root: &str, order: &str, status: &str) -> Value {
    let (code, body) = send(
        app,
        Method::PATCH,
        &format!("/api/v1/orders/{order}"),
        root,
        Some(json!({"status": status})),
    )
    .await;
    assert_eq!(code, 200, "{body}");
    body["order"].clone()
}

/// Places `count` orders of one `cocoa` at ₹500 as the customer `token`; their ids.
async fn cocoa_orders(app: &TestApp, token: &str, cocoa: &str, count: usize) -> Vec<String> {
    let mut orders = Vec::new();
    for _ in 0..count {
        let (status, body) = send(
            app,
            Method::POST,
            "/api/v1/orders",
            token,
            Some(checkout(&[(cocoa, 1, 500.0)])),
        )
        .await;
        assert_eq!(status, 201, "{body}");
        orders.push(body["order"]["_id"].as_str().unwrap().to_owned());
    }
    orders
}

#[tokio::test]
async fn fifty_concurrent_status_changes_number_the_invoices_without_gaps_or_repeats() {
    let (app, root) = shop_with(|config| config.max_pending_orders = 1000).await;
    let cocoa = taxed_product(&app, &root, "Cocoa Powder", "500", "1805", "18").await;
    let (_, token) = app.register_customer("asha@example.in", "9876543210").await;
    let orders = cocoa_orders(&app, &token, &cocoa, 50).await;
    let changes = orders.iter().enumerate().map(|(n, id)| {
        let (app, root) = (&app, &root);
        async move {
            mark(
                app,
                root,
                id,
                if n % 2 == 0 { "shipped" } else { "delivered" },
            )
            .await
        }
    });
    let marked = futures::future::join_all(changes).await;
    let year = whisk_api::invoices::series::financial_year(time::OffsetDateTime::now_utc());
    let prefix = format!("WSK/{:02}-{:02}/", year % 100, (year + 1) % 100);
    let mut numbers: Vec<String> = marked
        .iter()
        .map(|order| order["invoiceNumber"].as_str().unwrap().to_owned())
        .collect();
    numbers.sort();
    let expected: Vec<String> = (1..=50).map(|n| format!("{prefix}{n:05}")).collect();
    assert_eq!(numbers, expected);
    assert!(numbers.iter().all(|number| number.len() <= 16));
    let again = mark(&app, &root, &orders[0], "delivered").await;
    assert_eq!(
        again["invoiceNumber"], marked[0]["invoiceNumber"],
        "an invoice is issued once"
    );
}

#[tokio::test]
async fn an_invoice_number_issued_before_is_refused_even_when_the_counter_hands_it_out_again() {
    let (app, root) = shop().await;
    let cocoa = taxed_product(&app, &root, "Cocoa Powder", "500", "1805", "18").await;
    let (_, token) = app.register_customer("asha@example.in", "9876543210").await;
    let orders = cocoa_orders(&app, &token, &cocoa, 2).await;
    let year = whisk_api::invoices::series::financial_year(time::OffsetDateTime::now_utc());
    let prefix = format!("WSK/{:02}-{:02}/", year % 100, (year + 1) % 100);
    let counter = surrealdb::types::RecordId::new("counter", format!("invoice_{year}"));
    let first = mark(&app, &root, &orders[0], "shipped").await;
    assert_eq!(first["invoiceNumber"], format!("{prefix}00001"));

    // The counter set back, as by hand or by restoring an old copy of it.
    let move_counter = |by: i64| {
        let (db, counter) = (app.db.clone(), counter.clone());
        async move {
            db.query("UPDATE $counter SET value += $by")
                .bind(("counter", counter))
                .bind(("by", by))
                .await
                .unwrap()
                .check()
                .unwrap();
        }
    };
    move_counter(-1).await;
    let (status, body) = send(
        &app,
        Method::PATCH,
        &format!("/api/v1/orders/{}", orders[1]),
        &root,
        Some(json!({"status": "shipped"})),
    )
    .await;
    assert_eq!(status, 500, "the number was issued before: {body}");
    let (status, second) = send(
        &app,
        Method::GET,
        &format!("/api/v1/orders/{}", orders[1]),
        &root,
        None,
    )
    .await;
    assert_eq!(status, 200);
    assert_eq!(
        (
            &second["order"]["status"],
            &second["order"]["invoiceNumber"]
        ),
        (&json!("pending"), &Value::Null),
        "nothing of the refused change was kept: {second}"
    );

    // The counter mended: the next number.
    move_counter(1).await;
    let second = mark(&app, &root, &orders[1], "shipped").await;
    assert_eq!(second["invoiceNumber"], format!("{prefix}00002"));

    // A database whose numbers a unique index kept (before document_number): the schema gives
    // each issued number its record once and drops the index.
    app.db
        .query(
            "DELETE document_number; \
             DEFINE INDEX shop_order_invoice_number ON shop_order FIELDS invoice_number UNIQUE;",
        )
        .await
        .unwrap()
        .check()
        .unwrap();
    // As the first start of a new build: the schema changed since it was last applied.
    whisk_api::db::forget_applied_schema(&app.db).await.unwrap();
    whisk_api::db::apply_schema(&app.db).await.unwrap();
    let issued: Vec<String> = app
        .db
        .query("SELECT VALUE record::id(id)[1] FROM document_number ORDER BY id")
        .await
        .unwrap()
        .take(0)
        .unwrap();
    assert_eq!(issued, [format!("{prefix}00001"), format!("{prefix}00002")]);
    let indexes: Vec<String> = app
        .db
        .query("RETURN object::keys((INFO FOR TABLE shop_order).indexes)")
        .await
        .unwrap()
        .take(0)
        .unwrap();
    for gone in ["shop_order_invoice_number", "shop_order_credit_note_number"] {
        assert!(!indexes.iter().any(|index| index == gone), "{indexes:?}");
    }
}

#[tokio::test]
async fn cancelling_an_invoiced_order_issues_a_credit_note_and_its_terms_are_frozen() {
    let (app, root) = shop().await;
    let cocoa = taxed_product(&app, &root, "Cocoa Powder", "500", "1805", "18").await;
    let (_, token) = app.register_customer("asha@example.in", "9876543210").await;
    let (_, placed) = send(
        &app,
        Method::POST,
        "/api/v1/orders",
        &token,
        Some(checkout(&[(&cocoa, 2, 500.0)])),
    )
    .await;
    let id = placed["order"]["_id"].as_str().unwrap().to_owned();
    assert_eq!(
        (
            &placed["order"]["invoiceDate"],
            &placed["order"]["creditNoteDate"]
        ),
        (&Value::Null, &Value::Null),
        "no document, no date"
    );
    let (status, early) = send(
        &app,
        Method::GET,
        &format!("/api/v1/orders/{id}/invoice"),
        &token,
        None,
    )
    .await;
    assert_eq!(
        (status, &early["error"]["code"]),
        (409, &json!("invoice_unavailable"))
    );
    let shipped = mark(&app, &root, &id, "shipped").await;
    assert!(
        shipped["invoiceNumber"]
            .as_str()
            .unwrap()
            .starts_with("WSK/")
    );
    let invoice_date = shipped["invoiceDate"].as_str().unwrap_or_default();
    assert!(
        time::OffsetDateTime::parse(invoice_date, &time::format_description::well_known::Rfc3339)
            .is_ok(),
        "the invoice's date: {invoice_date:?}"
    );
    assert_eq!(shipped["creditNoteDate"], Value::Null);
    let (status, frozen) = send(
        &app,
        Method::PATCH,
        &format!("/api/v1/orders/{id}"),
        &root,
        Some(json!({"discount": 50})),
    )
    .await;
    assert_eq!(
        (status, &frozen["error"]["code"]),
        (409, &json!("order_invoiced"))
    );
    let (status, same) = send(
        &app,
        Method::PATCH,
        &format!("/api/v1/orders/{id}"),
        &root,
        Some(json!({"discount": 0, "name": "Asha Baker", "status": "shipped"})),
    )
    .await;
    assert_eq!(
        status, 200,
        "sending the unchanged terms back is not a change: {same}"
    );
    let (status, _) = send(
        &app,
        Method::GET,
        &format!("/api/v1/orders/{id}/credit-note"),
        &root,
        None,
    )
    .await;
    assert_eq!(status, 409);
    let cancelled = mark(&app, &root, &id, "cancelled").await;
    assert!(
        cancelled["creditNoteNumber"]
            .as_str()
            .unwrap()
            .starts_with("CN/"),
        "{cancelled}"
    );
    let response = app
        .client
        .get(app.url(&format!("/api/v1/orders/{id}/credit-note")))
        .bearer_auth(&token)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200);
    assert_eq!(response.headers()["content-type"], "application/pdf");
}
