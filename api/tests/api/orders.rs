//! Orders: placement with server prices and stock in one transaction, concurrent buyers,
//! Idempotency-Key replays, who sees which order, and admin edits that move stock.

use reqwest::Method;
use reqwest::multipart::Form;
use serde_json::{Value, json};

use crate::helpers::{TestApp, spawn_app_with};
use pricing::PageRequest;
use whisk_api::config::Config;
use whisk_api::orders::admin_list::AdminOrderList;

/// A shop with a superadmin, one category and products; returns the app and the admin token.
pub(crate) async fn shop() -> (TestApp, String) {
    shop_with(|_| {}).await
}

/// [`shop`] with its settings adjusted by `adjust`.
pub(crate) async fn shop_with(adjust: impl FnOnce(&mut Config)) -> (TestApp, String) {
    let app = spawn_app_with(adjust).await;
    let root = app.first_superadmin().await;
    let response = app
        .call(
            Method::POST,
            "/api/v1/categories",
            Some(&root),
            Some(json!({"name": "Flours"})),
        )
        .await;
    assert_eq!(response.status(), 201);
    (app, root)
}

/// Creates a product and returns its id.
pub(crate) async fn product(
    app: &TestApp,
    token: &str,
    title: &str,
    selling_price: &str,
    stock: u32,
) -> String {
    let form = [
        ("title", title),
        ("company", "Whisk Mills"),
        ("description", "For orders."),
        ("sellingPrice", selling_price),
        ("price", "99999"),
        ("category", "Flours"),
    ]
    .iter()
    .fold(Form::new(), |form, (name, value)| {
        form.text(name.to_string(), value.to_string())
    })
    .text("stock", stock.to_string());
    let body = create_product(app, token, form, title).await;
    body["product"]["_id"].as_str().unwrap().to_owned()
}

/// Posts a product form as `token`; asserts it was created and returns the answer.
pub(crate) async fn create_product(app: &TestApp, token: &str, form: Form, title: &str) -> Value {
    let response = app
        .client
        .post(app.url("/api/v1/products"))
        .bearer_auth(token)
        .multipart(form)
        .send()
        .await
        .unwrap();
    let status = response.status();
    let body: Value = response.json().await.unwrap();
    assert_eq!(status, 201, "creating {title}: {body}");
    body
}

pub(crate) async fn stock(app: &TestApp, id: &str) -> i64 {
    let body: Value = app
        .get(&format!("/api/v1/products/{id}"))
        .await
        .json()
        .await
        .unwrap();
    body["product"]["stock"].as_i64().unwrap()
}

/// The stock of product `id` as the database holds it (not a node's catalog).
pub(crate) async fn stored_stock(app: &TestApp, id: &str) -> Option<i64> {
    let mut response = app
        .db
        .query("SELECT VALUE stock FROM type::record('product', $id)")
        .bind(("id", id.to_owned()))
        .await
        .unwrap();
    response.take(0).unwrap()
}

/// Places an order as `token`'s customer: the status and the answer.
pub(crate) async fn place(app: &TestApp, token: &str, body: Value) -> (u16, Value) {
    send(app, Method::POST, "/api/v1/orders", token, Some(body)).await
}

pub(crate) fn checkout(items: &[(&str, u32, f64)]) -> Value {
    json!({"data": {
        "name": "Asha Baker", "address": "14 MG Road", "city": "Bengaluru", "state": "Karnataka", "company": "Asha's Cakes",
        "chargeTotal": 1, "orderTotal": "₹1.00", "numItemsInCart": 1,
        "cartItems": items.iter().map(|(id, amount, price)| json!({"productId": id, "amount": amount, "price": price, "name": "x", "image": ""})).collect::<Vec<_>>(),
    }})
}

pub(crate) async fn send(
    app: &TestApp,
    method: Method,
    path: &str,
    token: &str,
    body: Option<Value>,
) -> (u16, Value) {
    let response = app.call(method, path, Some(token), body).await;
    let status = response.status().as_u16();
    (status, response.json().await.unwrap_or(Value::Null))
}

/// A customer's checkout sent with an Idempotency-Key: (status, body).
async fn checkout_with_key(
    app: &TestApp,
    token: &str,
    key: &str,
    items: &[(&str, u32, f64)],
) -> (u16, Value) {
    let response = app
        .client
        .post(app.url("/api/v1/orders"))
        .bearer_auth(token)
        .header("Idempotency-Key", key)
        .json(&checkout(items))
        .send()
        .await
        .unwrap();
    (
        response.status().as_u16(),
        response.json::<Value>().await.unwrap(),
    )
}

#[tokio::test]
async fn a_customer_places_an_order_priced_and_counted_by_the_server() {
    let (app, root) = shop().await;
    let flour = product(&app, &root, "Bread Flour 1 kg", "80.50", 10).await;
    let tin = product(&app, &root, "Cake Tin", "450", 3).await;
    let (_, token) = app.register_customer("asha@example.in", "9876543210").await;

    let (status, body) = send(
        &app,
        Method::POST,
        "/api/v1/orders",
        &token,
        Some(checkout(&[(&flour, 3, 80.5), (&tin, 1, 450.0)])),
    )
    .await;
    assert_eq!(status, 201, "{body}");
    let order = &body["order"];
    assert_eq!(order["orderId"], "ORD1001");
    assert_eq!(
        order["chargeTotal"],
        json!(691.5),
        "3 x 80.50 + 450, whatever the client said"
    );
    assert_eq!(order["orderTotal"], json!(691.5));
    assert_eq!(order["discount"], json!(0.0));
    assert_eq!(order["numItemsInCart"], 4);
    assert_eq!(order["status"], "pending");
    assert_eq!(order["email"], "asha@example.in");
    assert_eq!(
        order["cartItems"][0]["name"], "Bread Flour 1 kg",
        "names come from the product"
    );
    assert_eq!(order["user"]["company"], "Asha's Cakes");
    assert_eq!(
        (stock(&app, &flour).await, stock(&app, &tin).await),
        (7, 2),
        "the storefront shows the stock left"
    );

    let id = order["_id"].as_str().unwrap();
    let (status, list) = send(&app, Method::GET, "/api/v1/orders", &token, None).await;
    assert_eq!(status, 200);
    assert_eq!(list["meta"]["pagination"]["total"], 1);
    assert_eq!(list["data"][0]["_id"], id);
    let (status, one) = send(
        &app,
        Method::GET,
        &format!("/api/v1/orders/{id}"),
        &token,
        None,
    )
    .await;
    assert_eq!(status, 200);
    assert_eq!(
        one["order"], *order,
        "the placement answers the order as stored"
    );

    let (_, other) = app.register_customer("ravi@example.in", "9876543211").await;
    let (status, _) = send(
        &app,
        Method::GET,
        &format!("/api/v1/orders/{id}"),
        &other,
        None,
    )
    .await;
    assert_eq!(
        status, 404,
        "another customer's order does not exist for them"
    );
    let (_, theirs) = send(&app, Method::GET, "/api/v1/orders", &other, None).await;
    assert_eq!(theirs["meta"]["pagination"]["total"], 0);
    let (status, all) = send(&app, Method::GET, "/api/v1/orders", &root, None).await;
    assert_eq!(
        (status, &all["meta"]["pagination"]["total"]),
        (200, &json!(1)),
        "admins see every order"
    );
    assert_eq!(app.get("/api/v1/orders").await.status(), 401);
}

#[tokio::test]
async fn two_hundred_buyers_for_the_last_five_units_make_exactly_five_orders() {
    let (app, root) = shop().await;
    let flour = product(&app, &root, "Last Flour", "100", 5).await;
    let (_, asha) = app.register_customer("asha@example.in", "9876543210").await;
    let (_, ravi) = app.register_customer("ravi@example.in", "9876543211").await;
    let buyers = (0..200).map(|n| {
        let (app, token, flour) = (&app, if n % 2 == 0 { &asha } else { &ravi }, &flour);
        async move {
            send(
                app,
                Method::POST,
                "/api/v1/orders",
                token,
                Some(checkout(&[(flour, 1, 100.0)])),
            )
            .await
        }
    });
    let results = futures::future::join_all(buyers).await;
    let mut numbers: Vec<String> = results
        .iter()
        .filter(|(status, _)| *status == 201)
        .map(|(_, body)| body["order"]["orderId"].as_str().unwrap().to_owned())
        .collect();
    numbers.sort();
    assert_eq!(
        numbers,
        ["ORD1001", "ORD1002", "ORD1003", "ORD1004", "ORD1005"]
    );
    for (status, body) in results.iter().filter(|(status, _)| *status != 201) {
        assert_eq!(
            (*status, body["error"]["code"].as_str()),
            (409, Some("out_of_stock")),
            "{body}"
        );
        assert_eq!(body["error"]["message"], "Last Flour is out of stock");
    }
    assert_eq!(stock(&app, &flour).await, 0);
    let (_, all) = send(&app, Method::GET, "/api/v1/orders?limit=100", &root, None).await;
    assert_eq!(all["meta"]["pagination"]["total"], 5);
}

#[tokio::test]
async fn orders_placed_at_once_are_numbered_in_turn_and_one_refusal_refuses_only_its_own() {
    let (app, root) = shop().await;
    let flour = product(&app, &root, "Group Flour", "50", 1000).await;
    let gone = product(&app, &root, "Sold Out Sugar", "40", 0).await;
    let tokens = app.register_buyers(5).await;
    // 20 at once: while the first transaction runs, the others queue and commit together. One
    // asks for what is sold out, which refuses its group; the rest must still be placed.
    let buyers = (0..20).map(|n| {
        let (app, token) = (&app, &tokens[n % tokens.len()]);
        let items = if n == 13 {
            vec![(flour.as_str(), 1, 50.0), (gone.as_str(), 1, 40.0)]
        } else {
            vec![(flour.as_str(), 1 + n as u32 % 3, 50.0)]
        };
        async move {
            let answer = send(
                app,
                Method::POST,
                "/api/v1/orders",
                token,
                Some(checkout(&items)),
            )
            .await;
            (n, answer)
        }
    });
    let results = futures::future::join_all(buyers).await;
    let mut numbers = Vec::new();
    let mut units = 0;
    for (n, (status, body)) in &results {
        if *n == 13 {
            assert_eq!(
                (*status, body["error"]["code"].as_str()),
                (409, Some("out_of_stock")),
                "{body}"
            );
            assert_eq!(body["error"]["message"], "Sold Out Sugar is out of stock");
        } else {
            assert_eq!(*status, 201, "order {n}: {body}");
            let id = body["order"]["_id"].as_str().unwrap();
            let token = &tokens[n % tokens.len()];
            let (_, stored) = send(
                &app,
                Method::GET,
                &format!("/api/v1/orders/{id}"),
                token,
                None,
            )
            .await;
            assert_eq!(
                stored["order"], body["order"],
                "order {n} answered as stored"
            );
            numbers.push(body["order"]["orderId"].as_str().unwrap().to_owned());
            units += body["order"]["cartItems"][0]["amount"].as_i64().unwrap();
        }
    }
    numbers.sort();
    let expected: Vec<String> = (1001..1020).map(|number| format!("ORD{number}")).collect();
    assert_eq!(
        numbers, expected,
        "19 orders, numbered without gaps or repeats"
    );
    assert_eq!(stock(&app, &flour).await, 1000 - units);
    assert_eq!(stock(&app, &gone).await, 0);
}

/// A node starts an order group at most once every `order_group_interval`: the orders that
/// arrive meanwhile commit together. Each group stores its orders' mails under one claim, so
/// the mails' stored times tell the groups apart.
#[tokio::test]
async fn orders_arriving_within_the_group_interval_after_a_group_commit_together() {
    let (app, root) = shop_with(|config| {
        config.order_group_interval = std::time::Duration::from_secs(1);
    })
    .await;
    let flour = product(&app, &root, "Interval Flour", "50", 100).await;
    let tokens = app.register_buyers(4).await;
    let items = [(flour.as_str(), 1, 50.0)];
    let place = |token| {
        send(
            &app,
            Method::POST,
            "/api/v1/orders",
            token,
            Some(checkout(&items)),
        )
    };
    let (status, first) = place(&tokens[0]).await;
    assert_eq!(status, 201, "{first}");
    // Sent together right after the first group, within its second: the first of them to get
    // the turn waits the second out, and the others join it.
    let after = futures::future::join_all(tokens.iter().map(|token| place(token))).await;
    let mut later_ids = Vec::new();
    for (status, body) in &after {
        assert_eq!(*status, 201, "{body}");
        later_ids.push(body["order"]["_id"].as_str().unwrap().to_owned());
    }
    let mails: Vec<Vec<String>> = app
        .db
        .query(
            "SELECT VALUE [record::id(order), <string> created_at] FROM mail WHERE order != NONE",
        )
        .await
        .unwrap()
        .take(0)
        .unwrap();
    let groups_of = |ids: &[String]| {
        let mut times: Vec<&str> = mails
            .iter()
            .filter(|mail| ids.contains(&mail[0]))
            .map(|mail| mail[1].as_str())
            .collect();
        times.sort_unstable();
        times.dedup();
        times
    };
    let first_id = first["order"]["_id"].as_str().unwrap().to_owned();
    let (first_group, later_groups) = (groups_of(&[first_id]), groups_of(&later_ids));
    assert_eq!(later_groups.len(), 1, "the four in one group: {mails:?}");
    assert_eq!(first_group.len(), 1, "{mails:?}");
    assert_ne!(
        first_group, later_groups,
        "the first order in a group of its own"
    );
}

#[tokio::test]
async fn orders_through_two_nodes_take_the_next_number_whichever_node_placed_the_last() {
    let (a, root) = shop().await;
    let b = crate::catalog_feed::second_node(&a).await;
    let flour = product(&a, &root, "Number Flour", "50", 1000).await;
    let tokens = a.register_buyers(8).await;
    let place_through = |node: &'static str, n: usize| {
        let (app, token, flour) = (if node == "a" { &a } else { &b }, &tokens[n % 8], &flour);
        async move {
            let (status, body) = place(app, token, checkout(&[(flour, 1, 50.0)])).await;
            assert_eq!(status, 201, "through {node}: {body}");
            body["order"]["orderId"].as_str().unwrap().to_owned()
        }
    };
    // Each node numbers from the counter as it last saw it; the other node moves it meanwhile.
    let mut numbers = vec![
        place_through("a", 0).await,
        place_through("b", 1).await,
        place_through("a", 2).await,
        place_through("b", 3).await,
    ];
    assert_eq!(numbers, ["ORD1001", "ORD1002", "ORD1003", "ORD1004"]);
    let at_once = futures::future::join_all(
        (0..16).map(|n| place_through(if n % 2 == 0 { "a" } else { "b" }, n)),
    )
    .await;
    numbers.extend(at_once);
    numbers.sort();
    let expected: Vec<String> = (1001..1021).map(|number| format!("ORD{number}")).collect();
    assert_eq!(
        numbers, expected,
        "20 orders, numbered without gaps or repeats"
    );
    assert_eq!(stored_stock(&a, &flour).await, Some(1000 - 20));
}

#[tokio::test]
async fn an_idempotency_key_replay_returns_the_first_order() {
    let (app, root) = shop().await;
    let flour = product(&app, &root, "Bread Flour", "80", 10).await;
    let (_, token) = app.register_customer("asha@example.in", "9876543210").await;
    let items = [(flour.as_str(), 2, 80.0)];
    let place = || checkout_with_key(&app, &token, "checkout-7f3a", &items);
    let (first, second) = tokio::join!(place(), place());
    assert_eq!((first.0, second.0), (201, 201), "{} {}", first.1, second.1);
    assert_eq!(first.1["order"]["_id"], second.1["order"]["_id"]);
    let (third_status, third) = place().await;
    assert_eq!(
        (third_status, &third["order"]["_id"]),
        (201, &first.1["order"]["_id"])
    );
    assert_eq!(stock(&app, &flour).await, 8, "the stock was taken once");
    let (_, list) = send(&app, Method::GET, "/api/v1/orders", &token, None).await;
    assert_eq!(list["meta"]["pagination"]["total"], 1);
}

#[tokio::test]
async fn a_key_stored_before_keys_had_their_own_record_id_moves_to_it_and_is_still_replayed() {
    let (app, root) = shop().await;
    let flour = product(&app, &root, "Bread Flour", "80", 10).await;
    let (_, token) = app.register_customer("asha@example.in", "9876543210").await;
    let items = [(flour.as_str(), 2, 80.0)];
    let place = || checkout_with_key(&app, &token, "checkout-old", &items);
    let (status, first) = place().await;
    assert_eq!(status, 201, "{first}");
    let key_ids = || async {
        let mut ids = app
            .db
            .query("SELECT VALUE type::is_array(record::id(id)) FROM order_request")
            .await
            .unwrap();
        ids.take::<Vec<bool>>(0).unwrap()
    };
    assert_eq!(key_ids().await, [true], "stored under [sender, key]");
    // As an older version stored it: under a random id.
    app.db
        .query(
            "FOR $old IN (SELECT * FROM order_request) { \
                 DELETE $old.id; \
                 CREATE order_request SET user = $old.user, idempotency_key = $old.idempotency_key, \
                     order = $old.order, created_at = $old.created_at; \
             }",
        )
        .await
        .unwrap()
        .check()
        .unwrap();
    assert_eq!(key_ids().await, [false], "one record, under a random id");
    // As the next start after an upgrade applies the schema.
    whisk_api::db::forget_applied_schema(&app.db).await.unwrap();
    whisk_api::db::apply_schema(&app.db).await.unwrap();
    assert_eq!(key_ids().await, [true], "moved to [sender, key]");

    let (status, again) = place().await;

    assert_eq!(
        (status, &again["order"]["_id"]),
        (201, &first["order"]["_id"]),
        "{again}"
    );
    assert_eq!(stock(&app, &flour).await, 8, "the stock was taken once");
}

#[tokio::test]
async fn stale_prices_short_stock_and_bad_payloads_are_refused_and_change_nothing() {
    let (app, root) = shop().await;
    let flour = product(&app, &root, "Bread Flour", "80", 2).await;
    let (_, token) = app.register_customer("asha@example.in", "9876543210").await;

    let (status, body) = send(
        &app,
        Method::POST,
        "/api/v1/orders",
        &token,
        Some(checkout(&[(&flour, 1, 75.0)])),
    )
    .await;
    assert_eq!(
        (status, body["error"]["code"].as_str()),
        (409, Some("price_changed")),
        "{body}"
    );
    assert_eq!(
        body["error"]["details"],
        json!([{"productId": flour, "price": 80.0}])
    );
    assert!(
        body["error"]["message"]
            .as_str()
            .unwrap()
            .contains("Bread Flour now costs ₹80.00")
    );

    let (status, body) = send(
        &app,
        Method::POST,
        "/api/v1/orders",
        &token,
        Some(checkout(&[(&flour, 3, 80.0)])),
    )
    .await;
    assert_eq!(
        (status, body["error"]["code"].as_str()),
        (409, Some("out_of_stock")),
        "{body}"
    );
    assert_eq!(body["error"]["message"], "Only 2 left of Bread Flour");
    assert_eq!(
        body["error"]["details"],
        json!({"productId": flour, "left": 2})
    );

    for (payload, field) in [
        (checkout(&[]), "cartItems"),
        (checkout(&[(&flour, 21, 80.0)]), "cartItems[0].amount"),
        (
            checkout(&[(&flour, 1, 80.0), (&flour, 1, 80.0)]),
            "cartItems[1].productId",
        ),
        (
            json!({"data": {"name": "", "address": "14 MG Road", "cartItems": [{"productId": flour, "amount": 1, "price": 80}]}}),
            "name",
        ),
    ] {
        let (status, body) =
            send(&app, Method::POST, "/api/v1/orders", &token, Some(payload)).await;
        assert_eq!(status, 400, "{body}");
        assert!(
            body["error"]["fields"].get(field).is_some(),
            "expected {field} in {body}"
        );
    }
    let (status, body) = send(
        &app,
        Method::POST,
        "/api/v1/orders",
        &token,
        Some(json!({"data": {"name": "A", "address": "B", "cartItems": [], "stock": 1}})),
    )
    .await;
    assert_eq!(status, 400, "unknown fields are refused: {body}");
    let (status, _) = send(
        &app,
        Method::POST,
        "/api/v1/orders",
        &token,
        Some(checkout(&[("nosuchproduct", 1, 80.0)])),
    )
    .await;
    assert_eq!(status, 409);

    assert_eq!(stock(&app, &flour).await, 2);
    let (_, list) = send(&app, Method::GET, "/api/v1/orders", &token, None).await;
    assert_eq!(list["meta"]["pagination"]["total"], 0);
}

#[tokio::test]
async fn admins_order_for_customers_and_edits_move_the_stock() {
    let (app, root) = shop().await;
    let flour = product(&app, &root, "Bread Flour", "80", 10).await;
    let tin = product(&app, &root, "Cake Tin", "450", 4).await;
    let (user, _) = app.register_customer("asha@example.in", "9876543210").await;
    let body = json!({"data": {
        "userId": user["_id"], "name": "Asha Baker", "address": "14 MG Road", "city": "Bengaluru", "state": "Karnataka",
        "discount": 60.5, "numItemsInCart": 3,
        "cartItems": [{"productId": flour, "amount": 2, "price": 80, "name": "Bread Flour", "image": ""}, {"productId": tin, "amount": 1, "price": 450, "name": "Cake Tin", "image": ""}],
    }});
    let (status, created) = send(&app, Method::POST, "/api/v1/orders", &root, Some(body)).await;
    assert_eq!(status, 201, "{created}");
    let order = &created["order"];
    assert_eq!(
        (
            order["chargeTotal"].as_f64(),
            order["discount"].as_f64(),
            order["orderTotal"].as_f64()
        ),
        (Some(610.0), Some(60.5), Some(549.5))
    );
    assert_eq!(
        order["company"], "Asha's Cakes",
        "the customer's company by default"
    );
    let path = format!("/api/v1/orders/{}", order["_id"].as_str().unwrap());
    let (_, stored) = send(&app, Method::GET, &path, &root, None).await;
    assert_eq!(
        stored["order"], *order,
        "an admin's placement answers the order as stored"
    );
    assert_eq!(stored["order"]["user"]["email"], "asha@example.in");
    assert_eq!((stock(&app, &flour).await, stock(&app, &tin).await), (8, 3));

    // More flour, no tin, a bigger discount than the subtotal: totals recomputed, stock follows.
    let items = json!([{"productId": flour, "amount": 5, "price": 80}]);
    let (status, edited) = send(
        &app,
        Method::PATCH,
        &path,
        &root,
        Some(json!({"cartItems": items, "discount": 1000, "orderTotal": 5})),
    )
    .await;
    assert_eq!(status, 200, "{edited}");
    assert_eq!(
        (
            edited["order"]["chargeTotal"].as_f64(),
            edited["order"]["orderTotal"].as_f64()
        ),
        (Some(400.0), Some(0.0))
    );
    assert_eq!((stock(&app, &flour).await, stock(&app, &tin).await), (5, 4));

    let (status, _) = send(
        &app,
        Method::PATCH,
        &path,
        &root,
        Some(json!({"status": "cancelled"})),
    )
    .await;
    assert_eq!(status, 200);
    assert_eq!(
        stock(&app, &flour).await,
        10,
        "cancelling returns the stock"
    );

    // Someone else buys 7 of the 10 while it is cancelled: leaving cancelled needs 5, only 3 are left.
    let (_, token) = app.register_customer("ravi@example.in", "9876543211").await;
    let (status, _) = send(
        &app,
        Method::POST,
        "/api/v1/orders",
        &token,
        Some(checkout(&[(&flour, 7, 80.0)])),
    )
    .await;
    assert_eq!(status, 201);
    let (status, refused) = send(
        &app,
        Method::PATCH,
        &path,
        &root,
        Some(json!({"status": "paid"})),
    )
    .await;
    assert_eq!(
        (status, refused["error"]["code"].as_str()),
        (409, Some("out_of_stock")),
        "{refused}"
    );
    assert_eq!(refused["error"]["message"], "Only 3 left of Bread Flour");
    let (_, still) = send(&app, Method::GET, &path, &root, None).await;
    assert_eq!(
        still["order"]["status"], "cancelled",
        "a refused edit changes nothing"
    );

    let (status, _) = send(&app, Method::PATCH, &path, &root, Some(json!({"status": "pending", "cartItems": [{"productId": flour, "amount": 3, "price": 80}]}))).await;
    assert_eq!(status, 200, "leaving cancelled takes the stock again");
    assert_eq!(stock(&app, &flour).await, 0);

    let (_, staff) = app.admin_with_role(&root, "staff").await;
    let (status, _) = send(&app, Method::DELETE, &path, &staff, None).await;
    assert_eq!(status, 403, "staff may not delete");
    let (status, _) = send(&app, Method::DELETE, &path, &root, None).await;
    assert_eq!(status, 204);
    assert_eq!(
        stock(&app, &flour).await,
        3,
        "deleting a pending order returns its stock"
    );
    let (status, _) = send(&app, Method::GET, &path, &root, None).await;
    assert_eq!(status, 404);
}

#[tokio::test]
async fn admins_find_orders_by_number_buyer_or_status() {
    let (app, root) = shop().await;
    let flour = product(&app, &root, "Bread Flour 1 kg", "80", 50).await;
    let (_, asha) = app.register_customer("asha@example.in", "9876543210").await;
    let (_, ravi) = app.register_customer("ravi@example.in", "9876543211").await;
    let mut ids = Vec::new();
    for token in [&asha, &ravi, &asha] {
        let (status, body) = place(&app, token, checkout(&[(&flour, 1, 80.0)])).await;
        assert_eq!(status, 201, "{body}");
        ids.push(body["order"]["_id"].as_str().unwrap().to_owned());
    }
    for (id, new_status) in [(&ids[2], "paid"), (&ids[1], "cancelled")] {
        let (status, _) = send(
            &app,
            Method::PATCH,
            &format!("/api/v1/orders/{id}"),
            &root,
            Some(json!({ "status": new_status })),
        )
        .await;
        assert_eq!(status, 200, "{new_status}");
    }

    // The query, the page it shows and how many orders match in all.
    for (query, expected, matches) in [
        ("q=ord1002", vec!["ORD1002"], 1),
        ("q=%20RAVI%40%20", vec!["ORD1002"], 1),
        ("q=Asha%40", vec!["ORD1003", "ORD1001"], 2),
        ("status=paid", vec!["ORD1003"], 1),
        ("status=pending", vec!["ORD1001"], 1),
        ("status=cancelled", vec!["ORD1002"], 1),
        ("status=shipped", vec![], 0),
        ("status=pending&q=asha%40", vec!["ORD1001"], 1),
        ("status=cancelled&q=asha%40", vec![], 0),
        ("q=%20%20", vec!["ORD1003", "ORD1002", "ORD1001"], 3),
        // Taken literally, not as a pattern.
        ("q=ord.00", vec![], 0),
        ("q=ord1%7C", vec![], 0),
        // A page of a text search; every match is counted, not just the page's.
        ("q=ord100&limit=2", vec!["ORD1003", "ORD1002"], 3),
        ("q=ord100&limit=2&page=2", vec!["ORD1001"], 3),
        ("status=cancelled&q=ord100&limit=1", vec!["ORD1002"], 1),
    ] {
        let (numbers, total) = listed_orders(&app, &root, query).await;
        assert_eq!(numbers, expected, "{query}");
        assert_eq!(
            total,
            json!(matches),
            "{query}: the count follows the filter"
        );
    }

    for (token, query, expected) in [
        (&asha, "", vec!["ORD1003", "ORD1001"]),
        (&asha, "limit=1&page=2", vec!["ORD1001"]),
        (&root, "limit=1&page=2", vec!["ORD1002"]),
    ] {
        let (numbers, _) = listed_orders(&app, token, query).await;
        assert_eq!(numbers, expected, "newest first, paged: {query}");
    }

    let (status, body) = send(&app, Method::GET, "/api/v1/orders?status=lost", &root, None).await;
    assert_eq!(status, 400, "{body}");
    let (mine, _) = listed_orders(&app, &asha, "q=ravi").await;
    assert_eq!(
        mine,
        Vec::<String>::new(),
        "a customer's search stays within their own orders"
    );
}

/// The order numbers of a list, in its order.
fn order_numbers(list: &Value) -> Vec<String> {
    list["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|order| order["orderId"].as_str().unwrap().to_owned())
        .collect()
}

/// `GET /orders?{query}` as `token`: the order numbers listed and the count.
async fn listed_orders(node: &TestApp, token: &str, query: &str) -> (Vec<String>, Value) {
    let (status, list) = send(
        node,
        Method::GET,
        &format!("/api/v1/orders?{query}"),
        token,
        None,
    )
    .await;
    assert_eq!(status, 200, "{query}: {list}");
    (
        order_numbers(&list),
        list["meta"]["pagination"]["total"].clone(),
    )
}

#[tokio::test]
async fn an_admins_order_list_on_either_node_shows_what_the_other_wrote_at_once() {
    let (a, root) = shop().await;
    let b = crate::catalog_feed::second_node(&a).await;
    let flour = product(&a, &root, "Bread Flour 1 kg", "80", 50).await;
    let (_, asha) = a.register_customer("asha@example.in", "9876543210").await;
    let (_, ravi) = a.register_customer("ravi@example.in", "9876543211").await;
    let order_as = async |token: &str| -> String {
        let (status, body) = place(&a, token, checkout(&[(&flour, 1, 80.0)])).await;
        assert_eq!(status, 201, "{body}");
        body["order"]["_id"].as_str().unwrap().to_owned()
    };
    let first = order_as(&asha).await;
    let second = order_as(&ravi).await;
    // Node b lists what it read at start and what was placed since; so does node a.
    assert_eq!(
        listed_orders(&b, &root, "q=ord100").await,
        (vec!["ORD1002".to_owned(), "ORD1001".to_owned()], json!(2))
    );

    let third = order_as(&asha).await;
    for (id, change) in [
        (&second, json!({"name": "Zoya Khan"})),
        (&third, json!({"status": "paid"})),
    ] {
        let (status, body) = send(
            &a,
            Method::PATCH,
            &format!("/api/v1/orders/{id}"),
            &root,
            Some(change),
        )
        .await;
        assert_eq!(status, 200, "{body}");
    }
    let (status, _) = send(
        &a,
        Method::DELETE,
        &format!("/api/v1/orders/{first}"),
        &root,
        None,
    )
    .await;
    assert_eq!(status, 204);

    for node in [&b, &a] {
        for (query, expected) in [
            ("", vec!["ORD1003", "ORD1002"]),
            ("status=paid", vec!["ORD1003"]),
            ("status=pending", vec!["ORD1002"]),
            ("q=ord100", vec!["ORD1003", "ORD1002"]),
            ("q=zoya%20k", vec!["ORD1002"]),
            ("q=asha%20baker", vec!["ORD1003"]),
            ("status=paid&q=asha%40", vec!["ORD1003"]),
            ("status=pending&q=asha%40", vec![]),
        ] {
            let (numbers, total) = listed_orders(node, &root, query).await;
            assert_eq!(numbers, expected, "{query}");
            assert_eq!(total, json!(expected.len()), "{query}: counted");
        }
    }
}

#[tokio::test]
async fn an_admins_order_list_read_whole_again_takes_in_a_change_its_reads_of_changes_cannot_see() {
    let (a, root) = shop().await;
    let flour = product(&a, &root, "Bread Flour 1 kg", "80", 50).await;
    let (_, asha) = a.register_customer("asha@example.in", "9876543210").await;
    let (status, body) = place(&a, &asha, checkout(&[(&flour, 1, 80.0)])).await;
    assert_eq!(status, 201, "{body}");
    let id = body["order"]["_id"].as_str().unwrap().to_owned();

    let list = AdminOrderList::default();
    let page = PageRequest::new(None, None, 100).unwrap();
    let listed = async |needle: &str| -> (Vec<String>, u64) {
        let (rows, total) = list.page(&a.db, Some(needle), None, page).await.unwrap();
        (rows.into_iter().map(|row| row.order_id).collect(), total)
    };
    assert_eq!(listed("ord").await, (vec!["ORD1001".to_owned()], 1));

    // The order is swapped, behind the audit log, for one dated an hour back: the count stays
    // one, nothing was placed since the last read and the log shows nothing.
    a.db.query(
        "LET $order = type::record('shop_order', $id); \
         LET $copy = (SELECT * OMIT id FROM ONLY $order); \
         DELETE $order; \
         CREATE shop_order CONTENT object::extend($copy, { order_id: 'ORD9001', created_at: time::now() - 1h });",
    )
    .bind(("id", id))
    .await
    .unwrap()
    .check()
    .unwrap();
    assert_eq!(
        listed("9001").await,
        (vec![], 0),
        "the reads of changes do not see it"
    );

    list.read_whole_again(&a.db).await.unwrap();
    assert_eq!(listed("ord").await, (vec!["ORD9001".to_owned()], 1));
    assert_eq!(listed("1001").await, (vec![], 0));
}
