//! The cross-node checks of `scripts/cluster-test.sh`, run against two Whisk nodes (`a`, `b`)
//! over one SurrealDB server (`db`, a `ws://` address with root `root`/`root`). Each prints what
//! it saw and exits non-zero when the shop broke a rule.
//!
//! ```text
//! cluster_check propagation <a> <b> [rounds=20]      writes on A, visible on B within 1 s (p50, p99, max)
//! cluster_check last-units  <a> <b> <db> [buyers=200] buyers on both nodes for the last 5 units
//! cluster_check in-sync     <a> <b> <db> <via> [seconds=10] orders through <via> (nginx); listings equal the database
//! cluster_check throttle    <a> <b> [tries=40]        wrong passwords for one account over both nodes
//! cluster_check outage      <a> <b> <seconds> <flag>  light load while the script stops the database
//! cluster_check caught-up   <a> <b> <db>              after the outage: writes on A reach B; stock agrees
//! ```
//!
//! The nodes trust 127.0.0.1 as a proxy (`TRUSTED_PROXIES`), so each simulated client sends its
//! own address in `X-Forwarded-For`, as nginx would pass it on.
#![allow(missing_docs, clippy::unwrap_used)]

use std::collections::BTreeMap;
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use reqwest::{Client, StatusCode};
use serde_json::{Value, json};
use surrealdb::Surreal;
use surrealdb::engine::any::Any;

/// The admin the scripts bootstrap (`BOOTSTRAP_ADMIN_*`).
const ADMIN_EMAIL: &str = "admin@whisk.example";
const ADMIN_PASSWORD: &str = "whisk-script-admin";
const PASSWORD: &str = "cluster-password-42";
/// How soon a write on one node must be listed by the other.
const WITHIN: Duration = Duration::from_secs(1);

static ADDRESSES: AtomicU64 = AtomicU64::new(1);

/// A fresh client address for `X-Forwarded-For` (198.18.0.0/15, the benchmarking range).
fn next_address() -> String {
    let n = ADDRESSES.fetch_add(1, Ordering::Relaxed);
    format!("198.18.{}.{}", (n >> 8) & 0xff, n & 0xff)
}

/// A mobile number no other customer of this run has.
fn next_mobile() -> String {
    static MOBILES: AtomicU64 = AtomicU64::new(0);
    let n = MOBILES.fetch_add(1, Ordering::Relaxed);
    format!("9{:04}{:05}", std::process::id() % 10_000, n % 100_000)
}

fn client() -> Client {
    Client::builder()
        .timeout(Duration::from_secs(30))
        .pool_max_idle_per_host(256)
        .build()
        .unwrap()
}

async fn json_of(response: reqwest::Response) -> (StatusCode, Value) {
    let status = response.status();
    (status, response.json().await.unwrap_or(Value::Null))
}

async fn admin_token(client: &Client, base: &str) -> String {
    let response = client
        .post(format!("{base}/api/v1/authadmin/login"))
        .json(&json!({"identifier": ADMIN_EMAIL, "password": ADMIN_PASSWORD}))
        .send()
        .await
        .unwrap();
    let (status, body) = json_of(response).await;
    assert_eq!(status, StatusCode::OK, "the admin signs in: {body}");
    body["jwt"].as_str().unwrap().to_owned()
}

async fn database(url: &str) -> Surreal<Any> {
    let db = surrealdb::engine::any::connect(url).await.unwrap();
    db.signin(surrealdb::opt::auth::Root {
        username: "root".into(),
        password: "root".into(),
    })
    .await
    .unwrap();
    db.use_ns("whisk").use_db("shop").await.unwrap();
    db
}

async fn stored_stock(db: &Surreal<Any>, id: &str) -> i64 {
    let mut response = db
        .query("SELECT VALUE stock FROM ONLY type::record('product', $id)")
        .bind(("id", id.to_owned()))
        .await
        .unwrap();
    let stock: Option<i64> = response.take(0).unwrap();
    stock.unwrap()
}

async fn stored_orders(db: &Surreal<Any>) -> u64 {
    let mut response = db
        .query("SELECT count() AS total FROM shop_order GROUP ALL")
        .await
        .unwrap();
    let count: Option<u64> = response.take((0, "total")).unwrap();
    count.unwrap_or(0)
}

/// How many orders an admin's text search on a node finds for `q`.
async fn searched_orders(client: &Client, base: &str, admin: &str, q: &str) -> Option<u64> {
    let response = client
        .get(format!("{base}/api/v1/orders?q={q}&limit=1"))
        .bearer_auth(admin)
        .send()
        .await
        .ok()?;
    let (status, body) = json_of(response).await;
    (status == StatusCode::OK)
        .then(|| body["meta"]["pagination"]["total"].as_u64())
        .flatten()
}

/// A product's stock as a node lists it; `None` when the node does not list it.
async fn listed_stock(client: &Client, base: &str, id: &str) -> Option<i64> {
    let response = client
        .get(format!("{base}/api/v1/products/{id}"))
        .send()
        .await
        .ok()?;
    let (status, body) = json_of(response).await;
    (status == StatusCode::OK)
        .then(|| body["product"]["stock"].as_i64())
        .flatten()
}

async fn ensure_category(client: &Client, base: &str, admin: &str, name: &str) {
    let response = client
        .post(format!("{base}/api/v1/categories"))
        .bearer_auth(admin)
        .json(&json!({"name": name}))
        .send()
        .await
        .unwrap();
    let (status, body) = json_of(response).await;
    assert!(
        status == StatusCode::CREATED
            || body["error"]["code"] == "name_taken"
            || status == StatusCode::CONFLICT,
        "category {name}: {status} {body}"
    );
}

async fn create_product(
    client: &Client,
    base: &str,
    admin: &str,
    title: &str,
    price: &str,
    stock: i64,
) -> String {
    let form = [
        ("title", title),
        ("company", "Cluster Mills"),
        ("description", "A cluster check."),
        ("sellingPrice", price),
        ("price", price),
        ("category", "Cluster"),
    ]
    .iter()
    .fold(reqwest::multipart::Form::new(), |form, (name, value)| {
        form.text(name.to_string(), value.to_string())
    })
    .text("stock", stock.to_string());
    let response = client
        .post(format!("{base}/api/v1/products"))
        .bearer_auth(admin)
        .multipart(form)
        .send()
        .await
        .unwrap();
    let (status, body) = json_of(response).await;
    assert_eq!(status, StatusCode::CREATED, "creating {title}: {body}");
    body["product"]["_id"].as_str().unwrap().to_owned()
}

/// Registers `count` customers, a few at a time, each from its own address; returns their tokens.
async fn customers(client: &Client, base: &str, count: usize, tag: &str) -> Vec<String> {
    let run = std::process::id();
    let mut tokens = Vec::with_capacity(count);
    for chunk in (0..count).collect::<Vec<_>>().chunks(4) {
        let registered = futures::future::join_all(chunk.iter().map(|&n| async move {
            let body = json!({
                "username": "Cluster Baker", "email": format!("{tag}{run}-{n}@example.in"), "password": PASSWORD,
                "address": "1 Market Road", "city": "Pune", "state": "Maharashtra", "mobile": next_mobile(), "company": "Cluster Bakes"
            });
            for _ in 0..20 {
                let response = client.post(format!("{base}/api/v1/auth/register")).header("X-Forwarded-For", next_address()).json(&body).send().await.unwrap();
                let (status, answer) = json_of(response).await;
                if status == StatusCode::CREATED {
                    return answer["jwt"].as_str().unwrap().to_owned();
                }
                assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "registering a customer: {answer}");
                tokio::time::sleep(Duration::from_millis(500)).await;
            }
            panic!("registration stayed busy");
        }))
        .await;
        tokens.extend(registered);
    }
    tokens
}

fn order_body(lines: &[(&str, u32, f64)]) -> Value {
    json!({"data": {"name": "Cluster Baker", "address": "1 Market Road", "city": "Pune", "state": "Maharashtra", "company": "Cluster Bakes",
        "cartItems": lines.iter().map(|(id, amount, price)| json!({"productId": id, "amount": amount, "price": price, "name": "x", "image": ""})).collect::<Vec<_>>()}})
}

fn percentile(sorted: &[Duration], share: f64) -> Duration {
    sorted[((sorted.len() - 1) as f64 * share).round() as usize]
}

/// Polls until `check` holds, for at most `within`; returns how long it took, or `None`.
async fn until<F: Future<Output = bool>>(
    within: Duration,
    mut check: impl FnMut() -> F,
) -> Option<Duration> {
    let started = Instant::now();
    loop {
        if check().await {
            return Some(started.elapsed());
        }
        if started.elapsed() > within {
            return None;
        }
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
}

async fn propagation(a: &str, b: &str, rounds: usize) -> bool {
    let client = client();
    let admin = admin_token(&client, a).await;
    ensure_category(&client, a, &admin, "Cluster").await;
    let mut delays = Vec::new();
    let mut ok = true;
    // Each write waits a varying part of B's read interval first: a write right after the
    // previous one became visible would otherwise always land just after B's read, and every
    // delay would measure a whole interval.
    let mut dice = 0x2545_f491_u64;
    let mut jitter = move || {
        dice ^= dice << 13;
        dice ^= dice >> 7;
        dice ^= dice << 17;
        Duration::from_millis(dice % 100)
    };
    for round in 0..rounds {
        let title = format!("Propagation Flour {round}-{}", std::process::id());
        tokio::time::sleep(jitter()).await;
        let id = create_product(&client, a, &admin, &title, "80", 10).await;
        let created = until(WITHIN * 3, || async {
            listed_stock(&client, b, &id).await == Some(10)
        })
        .await;
        tokio::time::sleep(jitter()).await;
        let form = reqwest::multipart::Form::new()
            .text("title", format!("{title} (edited)"))
            .text("company", "Cluster Mills")
            .text("sellingPrice", "90")
            .text("price", "90")
            .text("category", "Cluster")
            .text("stock", "14")
            .text("stockShown", "10");
        let (status, body) = json_of(
            client
                .patch(format!("{a}/api/v1/products/{id}"))
                .bearer_auth(&admin)
                .multipart(form)
                .send()
                .await
                .unwrap(),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "editing: {body}");
        let edited = until(WITHIN * 3, || async {
            listed_stock(&client, b, &id).await == Some(14)
        })
        .await;
        tokio::time::sleep(jitter()).await;
        let (status, _) = json_of(
            client
                .delete(format!("{a}/api/v1/products/{id}"))
                .bearer_auth(&admin)
                .send()
                .await
                .unwrap(),
        )
        .await;
        assert_eq!(status, StatusCode::NO_CONTENT);
        let deleted = until(WITHIN * 3, || async {
            listed_stock(&client, b, &id).await.is_none()
        })
        .await;
        for (what, delay) in [("create", created), ("edit", edited), ("delete", deleted)] {
            match delay {
                Some(delay) => {
                    if delay > WITHIN {
                        println!(
                            "round {round}: {what} reached B after {delay:?}, more than {WITHIN:?}"
                        );
                        ok = false;
                    }
                    delays.push(delay);
                }
                None => {
                    println!("round {round}: {what} never reached B");
                    ok = false;
                }
            }
        }
    }
    // A category rename reaches the other node's products.
    let id = create_product(
        &client,
        a,
        &admin,
        &format!("Rename Check {}", std::process::id()),
        "50",
        3,
    )
    .await;
    let (_, categories) = json_of(
        client
            .get(format!("{a}/api/v1/categories?limit=1000"))
            .send()
            .await
            .unwrap(),
    )
    .await;
    let category = categories["data"]
        .as_array()
        .unwrap()
        .iter()
        .find(|category| category["name"] == "Cluster")
        .unwrap()["_id"]
        .as_str()
        .unwrap()
        .to_owned();
    let renamed = format!("Cluster {}", std::process::id());
    let (status, body) = json_of(
        client
            .patch(format!("{a}/api/v1/categories/{category}"))
            .bearer_auth(&admin)
            .json(&json!({"name": renamed}))
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "renaming: {body}");
    let rename = until(WITHIN, || async {
        let Ok(response) = client.get(format!("{b}/api/v1/products/{id}")).send().await else {
            return false;
        };
        json_of(response).await.1["product"]["category"]["name"] == renamed.as_str()
    })
    .await;
    let (status, _) = json_of(
        client
            .patch(format!("{a}/api/v1/categories/{category}"))
            .bearer_auth(&admin)
            .json(&json!({"name": "Cluster"}))
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    let _ = client
        .delete(format!("{a}/api/v1/products/{id}"))
        .bearer_auth(&admin)
        .send()
        .await;
    println!(
        "category rename on A shown on B's product: {}",
        rename.map_or("never".to_owned(), |delay| format!("after {delay:?}"))
    );
    ok &= rename.is_some();

    delays.sort();
    println!(
        "propagation A -> B over {} writes (create, edit, delete): p50 {:.1} ms, p99 {:.1} ms, max {:.1} ms",
        delays.len(),
        percentile(&delays, 0.5).as_secs_f64() * 1e3,
        percentile(&delays, 0.99).as_secs_f64() * 1e3,
        delays.last().unwrap().as_secs_f64() * 1e3
    );
    ok
}

async fn last_units(a: &str, b: &str, db_url: &str, buyers: usize) -> bool {
    let client = client();
    let admin = admin_token(&client, a).await;
    ensure_category(&client, a, &admin, "Cluster").await;
    let id = create_product(
        &client,
        a,
        &admin,
        &format!("Last Five Tins {}", std::process::id()),
        "450",
        5,
    )
    .await;
    println!("registering {buyers} buyers");
    let tokens = customers(&client, a, buyers, "last").await;
    let statuses = futures::future::join_all(tokens.iter().enumerate().map(|(n, token)| {
        let (client, id) = (client.clone(), id.clone());
        let node = if n % 2 == 0 { a } else { b };
        async move {
            let response = client
                .post(format!("{node}/api/v1/orders"))
                .bearer_auth(token)
                .json(&order_body(&[(&id, 1, 450.0)]))
                .send()
                .await
                .unwrap();
            response.status().as_u16()
        }
    }))
    .await;
    let mut tally: BTreeMap<u16, usize> = BTreeMap::new();
    for status in &statuses {
        *tally.entry(*status).or_default() += 1;
    }
    let db = database(db_url).await;
    let stored = stored_stock(&db, &id).await;
    let on_a = until(WITHIN, || async {
        listed_stock(&client, a, &id).await == Some(0)
    })
    .await;
    let on_b = until(WITHIN, || async {
        listed_stock(&client, b, &id).await == Some(0)
    })
    .await;
    println!(
        "{buyers} buyers over both nodes for 5 units: answers {tally:?}; stock in the database {stored}, on A {:?}, on B {:?}",
        listed_stock(&client, a, &id).await,
        listed_stock(&client, b, &id).await
    );
    tally.get(&201) == Some(&5)
        && tally.keys().all(|status| [201, 409].contains(status))
        && stored == 0
        && on_a.is_some()
        && on_b.is_some()
}

async fn in_sync(a: &str, b: &str, db_url: &str, via: &str, seconds: u64) -> bool {
    let client = client();
    let admin = admin_token(&client, a).await;
    ensure_category(&client, a, &admin, "Cluster").await;
    let mut products = Vec::new();
    for n in 0..6 {
        products.push(
            create_product(
                &client,
                a,
                &admin,
                &format!("Sync Flour {n} {}", std::process::id()),
                "60",
                100_000,
            )
            .await,
        );
    }
    let tokens = customers(&client, a, 8, "sync").await;
    // Each node's order search reads every order now, and only what changed from then on.
    let admin_b = admin_token(&client, b).await;
    for (node, token) in [(a, &admin), (b, &admin_b)] {
        assert!(searched_orders(&client, node, token, "ord").await.is_some());
    }
    let until_at = Instant::now() + Duration::from_secs(seconds);
    let placed = Arc::new(AtomicU64::new(0));
    let workers = tokens.iter().enumerate().map(|(n, token)| {
        let (client, products, placed) = (client.clone(), products.clone(), Arc::clone(&placed));
        let node = via.to_owned();
        let token = token.clone();
        async move {
            let mut k = n;
            while Instant::now() < until_at {
                k += 1;
                let (first, second) = (
                    &products[k % products.len()],
                    &products[(k * 5 + 1) % products.len()],
                );
                let lines: Vec<(&str, u32, f64)> = if first == second {
                    vec![(first, 2, 60.0)]
                } else {
                    vec![(first, 1, 60.0), (second, 3, 60.0)]
                };
                let response = client
                    .post(format!("{node}/api/v1/orders"))
                    .bearer_auth(&token)
                    .json(&order_body(&lines))
                    .send()
                    .await
                    .unwrap();
                if response.status() == StatusCode::CREATED {
                    placed.fetch_add(1, Ordering::Relaxed);
                } else {
                    let (status, body) = json_of(response).await;
                    panic!("an order failed: {status} {body}");
                }
            }
        }
    });
    let started = Instant::now();
    futures::future::join_all(workers).await;
    let elapsed = started.elapsed();
    let db = database(db_url).await;
    let mut ok = true;
    for id in &products {
        let stored = stored_stock(&db, id).await;
        let settled = until(WITHIN, || async {
            listed_stock(&client, a, id).await == Some(stored)
                && listed_stock(&client, b, id).await == Some(stored)
        })
        .await;
        if settled.is_none() {
            println!(
                "product {id}: database {stored}, A lists {:?}, B lists {:?}",
                listed_stock(&client, a, id).await,
                listed_stock(&client, b, id).await
            );
            ok = false;
        }
    }
    let placed = placed.load(Ordering::Relaxed);
    println!(
        "{placed} orders through {via} in {:.1} s ({:.0} orders/s): both nodes' listings {} the database's stock of {} products",
        elapsed.as_secs_f64(),
        placed as f64 / elapsed.as_secs_f64(),
        if ok { "equal" } else { "DIFFER from" },
        products.len()
    );
    // Every order number holds "ord": each node's search finds every order, at once.
    let orders = stored_orders(&db).await;
    let found = [
        searched_orders(&client, a, &admin, "ord").await,
        searched_orders(&client, b, &admin_b, "ord").await,
    ];
    let searched = found == [Some(orders); 2];
    println!(
        "the admin's order search for \"ord\" finds {found:?} on A and B, the database holds {orders} orders: {}",
        if searched { "equal" } else { "DIFFER" }
    );
    ok && searched
}

async fn throttle(a: &str, b: &str, tries: usize) -> bool {
    let client = client();
    let token = customers(&client, a, 1, "throttle").await;
    assert_eq!(token.len(), 1);
    let email = format!("throttle{}-0@example.in", std::process::id());
    let statuses = futures::future::join_all((0..tries).map(|n| {
        let (client, email) = (client.clone(), email.clone());
        let node = if n % 2 == 0 { a } else { b };
        async move {
            let response = client
                .post(format!("{node}/api/v1/auth/login"))
                .header("X-Forwarded-For", next_address())
                .json(&json!({"identifier": email, "password": format!("wrong-password-{n}")}))
                .send()
                .await
                .unwrap();
            response.status().as_u16()
        }
    }))
    .await;
    let mut tally: BTreeMap<u16, usize> = BTreeMap::new();
    for status in &statuses {
        *tally.entry(*status).or_default() += 1;
    }
    let checked = tally.get(&401).copied().unwrap_or(0);
    println!(
        "{tries} wrong passwords for one account over both nodes, each from its own address: {tally:?} ({checked} checked; the policy allows 5)"
    );
    checked <= 5 && tally.keys().all(|status| [401, 429, 503].contains(status))
}

/// Light load on both nodes until `flag` exists: listings (served from memory) and a signed-in
/// customer's orders (which need the database). Every answer must come within 3 s; while the
/// database is away, what needs it gets 503 in the error envelope, never a 500 or a hang.
async fn outage(a: &str, b: &str, seconds: u64, flag: &str) -> bool {
    let client = Client::builder()
        .timeout(Duration::from_secs(10))
        .build()
        .unwrap();
    let token = customers(&client, a, 1, "outage").await.pop().unwrap();
    let started = Instant::now();
    let mut tally: BTreeMap<String, usize> = BTreeMap::new();
    let mut slowest = Duration::ZERO;
    let mut ok = true;
    while started.elapsed() < Duration::from_secs(seconds) && !std::path::Path::new(flag).exists() {
        for node in [a, b] {
            for (what, request) in [
                (
                    "listing",
                    client.get(format!("{node}/api/v1/products?limit=5")),
                ),
                (
                    "my orders",
                    client
                        .get(format!("{node}/api/v1/orders"))
                        .bearer_auth(&token),
                ),
            ] {
                let sent = Instant::now();
                let result = request.send().await;
                let took = sent.elapsed();
                slowest = slowest.max(took);
                let label = match result {
                    Ok(response) => {
                        let status = response.status().as_u16();
                        let body: Value = response.json().await.unwrap_or(Value::Null);
                        if status >= 500
                            && !(status == 503 && body["error"]["code"] == "unavailable")
                        {
                            println!("{what} on {node}: {status} {body}");
                            ok = false;
                        }
                        format!("{what} {status}")
                    }
                    Err(error) => {
                        println!("{what} on {node}: no answer after {took:?}: {error}");
                        ok = false;
                        format!("{what} no answer")
                    }
                };
                if took > Duration::from_secs(3) {
                    println!("{what} on {node} took {took:?}");
                    ok = false;
                }
                *tally.entry(label).or_default() += 1;
            }
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    println!(
        "answers during the outage window: {tally:?}; slowest {:.0} ms",
        slowest.as_secs_f64() * 1e3
    );
    ok &= tally.keys().any(|label| label == "my orders 503");
    if !tally.keys().any(|label| label == "my orders 503") {
        println!("the database outage was never seen");
    }
    ok
}

async fn caught_up(a: &str, b: &str, db_url: &str) -> bool {
    let client = client();
    let admin = admin_token(&client, a).await;
    let id = create_product(
        &client,
        a,
        &admin,
        &format!("After Outage {}", std::process::id()),
        "70",
        9,
    )
    .await;
    let token = customers(&client, b, 1, "after").await.pop().unwrap();
    let (status, body) = json_of(
        client
            .post(format!("{b}/api/v1/orders"))
            .bearer_auth(&token)
            .json(&order_body(&[(&id, 2, 70.0)]))
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_eq!(
        status,
        StatusCode::CREATED,
        "ordering after the outage: {body}"
    );
    let db = database(db_url).await;
    let stored = stored_stock(&db, &id).await;
    let on_a = until(WITHIN, || async {
        listed_stock(&client, a, &id).await == Some(7)
    })
    .await;
    let on_b = until(WITHIN, || async {
        listed_stock(&client, b, &id).await == Some(7)
    })
    .await;
    println!(
        "after the outage: a product made on A and ordered on B: database {stored}, A caught up {on_a:?}, B caught up {on_b:?}"
    );
    stored == 7 && on_a.is_some() && on_b.is_some()
}

#[tokio::main]
async fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().collect();
    let arg = |n: usize| args.get(n).cloned().unwrap_or_default();
    let number = |n: usize, default: u64| {
        args.get(n)
            .and_then(|text| text.parse().ok())
            .unwrap_or(default)
    };
    let ok = match arg(1).as_str() {
        "propagation" => propagation(&arg(2), &arg(3), number(4, 20) as usize).await,
        "last-units" => last_units(&arg(2), &arg(3), &arg(4), number(5, 200) as usize).await,
        "in-sync" => in_sync(&arg(2), &arg(3), &arg(4), &arg(5), number(6, 10)).await,
        "throttle" => throttle(&arg(2), &arg(3), number(4, 40) as usize).await,
        "outage" => outage(&arg(2), &arg(3), number(4, 60), &arg(5)).await,
        "caught-up" => caught_up(&arg(2), &arg(3), &arg(4)).await,
        _ => {
            eprintln!(
                "usage: cluster_check propagation|last-units|in-sync|throttle|outage|caught-up ... (see the source)"
            );
            return ExitCode::from(2);
        }
    };
    println!("{}: {}", arg(1), if ok { "PASS" } else { "FAIL" });
    if ok {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
