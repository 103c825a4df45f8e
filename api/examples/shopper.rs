//! Shoppers for `scripts/chaos.sh` and `scripts/soak.sh`: they set up a shop through the API,
//! place orders (remembering every one the server acknowledged), browse, and check afterwards
//! that nothing acknowledged was lost and that stock adds up.
//!
//! ```text
//! shopper setup  <base-url> <state.json> [products=20] [stock=100000] [customers=8]
//! shopper orders <base-url> <state.json> <acks.txt> [seconds=60] [buyers=8]
//! shopper mixed  <base-url> <state.json> [seconds=600] [workers=16] [server-pid]
//! shopper verify <base-url> <state.json> <acks.txt>
//! shopper logins <base-url> [count=300]
//! ```
//!
//! `orders` keeps going while the server is down (a refused connection is retried), so a script
//! can kill and restart the server under it. An order counts as acknowledged only when a 201
//! arrived; its number is then appended to the acks file at once.
//!
//! `mixed` mixes listing pages, product pages, searches and orders (each then marked paid by the
//! admin, as the shop would), and prints a row every 10 s:
//! requests, p50 and p99 latency, errors and (with a server pid) the server's resident memory.
#![allow(missing_docs, clippy::unwrap_used)]

use std::collections::{HashMap, HashSet};
use std::io::Write;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use reqwest::{Client, StatusCode};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

const PASSWORD: &str = "shopper-password-42";
/// The admin the scripts bootstrap (`BOOTSTRAP_ADMIN_*`).
const ADMIN_EMAIL: &str = "admin@whisk.example";
const ADMIN_PASSWORD: &str = "whisk-script-admin";

#[derive(Serialize, Deserialize)]
struct Shop {
    products: Vec<Product>,
    customers: Vec<String>,
}

#[derive(Clone, Serialize, Deserialize)]
struct Product {
    id: String,
    price: f64,
    start_stock: i64,
}

fn client() -> Client {
    Client::builder()
        .timeout(Duration::from_secs(30))
        .pool_max_idle_per_host(64)
        .build()
        .unwrap()
}

async fn admin_token(client: &Client, base: &str) -> String {
    let response = client
        .post(format!("{base}/api/v1/authadmin/login"))
        .json(&json!({"identifier": ADMIN_EMAIL, "password": ADMIN_PASSWORD}))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::OK, "the admin signs in");
    response.json::<Value>().await.unwrap()["jwt"]
        .as_str()
        .unwrap()
        .to_owned()
}

async fn setup(base: &str, state: &str, products: usize, stock: i64, customers: usize) {
    let client = client();
    let admin = admin_token(&client, base).await;
    let response = client
        .post(format!("{base}/api/v1/categories"))
        .bearer_auth(&admin)
        .json(&json!({"name": "Chaos Shelf"}))
        .send()
        .await
        .unwrap();
    assert!(
        response.status().is_success() || response.status() == StatusCode::CONFLICT,
        "category: {}",
        response.status()
    );
    let mut shop = Shop {
        products: Vec::new(),
        customers: Vec::new(),
    };
    for n in 0..products {
        let price = 50.0 + n as f64 * 7.5;
        let form = reqwest::multipart::Form::new()
            .text("title", format!("Shelf Product {n}"))
            .text("company", "Chaos Mills")
            .text("description", "Stock for the chaos and soak scripts.")
            .text("sellingPrice", price.to_string())
            .text("price", (price + 10.0).to_string())
            .text("stock", stock.to_string())
            .text("category", "Chaos Shelf");
        let response = client
            .post(format!("{base}/api/v1/products"))
            .bearer_auth(&admin)
            .multipart(form)
            .send()
            .await
            .unwrap();
        let status = response.status();
        let body: Value = response.json().await.unwrap();
        assert_eq!(status, StatusCode::CREATED, "creating a product: {body}");
        shop.products.push(Product {
            id: body["product"]["_id"].as_str().unwrap().to_owned(),
            price,
            start_stock: stock,
        });
    }
    let stamp = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_millis()
        % 1_000_000;
    for n in 0..customers {
        let customer = json!({
            "username": format!("Shopper {n}"), "email": format!("shopper{n}-{stamp}@example.in"), "password": PASSWORD,
            "address": "1 Market Road", "city": "Pune", "state": "Maharashtra", "mobile": format!("9{:09}", stamp * 100 + n as u128), "company": "Soak Bakes"
        });
        let response = client
            .post(format!("{base}/api/v1/auth/register"))
            .json(&customer)
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), StatusCode::CREATED);
        shop.customers.push(
            response.json::<Value>().await.unwrap()["jwt"]
                .as_str()
                .unwrap()
                .to_owned(),
        );
    }
    std::fs::write(state, serde_json::to_vec_pretty(&shop).unwrap()).unwrap();
    println!("set up {products} products with {stock} units each and {customers} customers");
}

fn load(state: &str) -> Shop {
    serde_json::from_slice(&std::fs::read(state).unwrap()).unwrap()
}

/// A small deterministic generator, so runs need no extra crate.
struct Dice(u64);

impl Dice {
    fn roll(&mut self, sides: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % sides as u64) as usize
    }
}

fn checkout(shop: &Shop, dice: &mut Dice) -> Value {
    let first = dice.roll(shop.products.len());
    let chosen: std::collections::BTreeSet<usize> = (0..1 + dice.roll(3))
        .map(|k| (first + k * 7) % shop.products.len())
        .collect();
    let lines: Vec<Value> = chosen
        .into_iter()
        .map(|index| &shop.products[index])
        .map(|product| json!({"productId": product.id, "amount": 1 + dice.roll(3), "price": product.price, "name": "x", "image": ""}))
        .collect();
    json!({"data": {"name": "Shopper", "address": "1 Market Road", "city": "Pune", "state": "Maharashtra", "company": "Soak Bakes", "cartItems": lines}})
}

/// Places orders until `seconds` pass, retrying while the server is unreachable, and appends
/// each acknowledged order number to `acks`.
async fn orders(base: &str, state: &str, acks: &str, seconds: u64, buyers: usize) {
    let shop = Arc::new(load(state));
    let acks = Arc::new(Mutex::new(
        std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(acks)
            .unwrap(),
    ));
    let until = Instant::now() + Duration::from_secs(seconds);
    let tallies: Vec<_> = (0..buyers)
        .map(|buyer| {
            let (shop, acks, base) = (Arc::clone(&shop), Arc::clone(&acks), base.to_owned());
            tokio::spawn(async move {
                let client = client();
                let mut dice = Dice(0x9e37_79b9 + buyer as u64);
                let token = &shop.customers[buyer % shop.customers.len()];
                let (mut placed, mut refused, mut unreachable) = (0u64, 0u64, 0u64);
                while Instant::now() < until {
                    let key = format!("chaos-{buyer}-{}", dice.roll(usize::MAX));
                    let body = checkout(&shop, &mut dice);
                    // Resent with the same key after a lost answer, so an order whose 201 got
                    // lost in a crash is not placed twice.
                    loop {
                        let sent = client
                            .post(format!("{base}/api/v1/orders"))
                            .bearer_auth(token)
                            .header("Idempotency-Key", &key)
                            .json(&body)
                            .send()
                            .await;
                        match sent {
                            Ok(response) if response.status() == StatusCode::CREATED => {
                                let Ok(order) = response.json::<Value>().await else {
                                    continue;
                                };
                                let number = order["order"]["orderId"].as_str().unwrap().to_owned();
                                writeln!(acks.lock().unwrap(), "{number}").unwrap();
                                placed += 1;
                                break;
                            }
                            Ok(response) if !response.status().is_server_error() => {
                                refused += 1;
                                break;
                            }
                            // Down, starting or busy: the same request again, with the same key.
                            _ => {
                                unreachable += 1;
                                if Instant::now() > until + Duration::from_secs(60) {
                                    break;
                                }
                                tokio::time::sleep(Duration::from_millis(100)).await;
                            }
                        }
                    }
                }
                (placed, refused, unreachable)
            })
        })
        .collect();
    let (mut placed, mut refused, mut unreachable) = (0, 0, 0);
    for tally in tallies {
        let (p, r, u) = tally.await.unwrap();
        (placed, refused, unreachable) = (placed + p, refused + r, unreachable + u);
    }
    println!(
        "acknowledged {placed} orders, {refused} refused, {unreachable} attempts found the server down or busy"
    );
}

/// Every acknowledged order is stored, and each product's stock is its start minus the units
/// the stored orders hold.
async fn verify(base: &str, state: &str, acks: &str) -> bool {
    let shop = load(state);
    let client = client();
    let admin = admin_token(&client, base).await;
    let mut stored = HashSet::new();
    let mut taken: HashMap<String, i64> = HashMap::new();
    for page in 1.. {
        let body: Value = client
            .get(format!("{base}/api/v1/orders?page={page}&limit=100"))
            .bearer_auth(&admin)
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        for order in body["data"].as_array().unwrap() {
            stored.insert(order["orderId"].as_str().unwrap().to_owned());
            if order["status"] == "cancelled" {
                continue;
            }
            for line in order["cartItems"].as_array().unwrap() {
                *taken
                    .entry(line["productId"].as_str().unwrap().to_owned())
                    .or_default() += line["amount"].as_i64().unwrap();
            }
        }
        if page
            >= body["meta"]["pagination"]["pageCount"]
                .as_u64()
                .unwrap_or(0)
        {
            break;
        }
    }
    let acked: Vec<String> = std::fs::read_to_string(acks)
        .unwrap_or_default()
        .lines()
        .map(str::to_owned)
        .collect();
    let lost: Vec<&String> = acked
        .iter()
        .filter(|number| !stored.contains(*number))
        .collect();
    let mut ok = lost.is_empty();
    println!(
        "{} acknowledged orders, {} stored, {} acknowledged but missing {:?}",
        acked.len(),
        stored.len(),
        lost.len(),
        lost.iter().take(10).collect::<Vec<_>>()
    );
    let mut mismatched = 0;
    for product in &shop.products {
        let body: Value = client
            .get(format!("{base}/api/v1/products/{}", product.id))
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        let stock = body["product"]["stock"].as_i64().unwrap();
        let expected = product.start_stock - taken.get(&product.id).copied().unwrap_or(0);
        if stock != expected {
            mismatched += 1;
            println!(
                "product {}: stock {stock}, but start {} minus stored orders' units is {expected}",
                product.id, product.start_stock
            );
        }
    }
    ok &= mismatched == 0;
    println!(
        "stock of {} products: {}",
        shop.products.len(),
        if mismatched == 0 {
            "equals the start minus what the stored orders took".to_owned()
        } else {
            format!("{mismatched} wrong")
        }
    );
    ok
}

fn percentile(sorted: &[u32], share: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    f64::from(sorted[((sorted.len() as f64 - 1.0) * share).round() as usize]) / 1000.0
}

fn rss_mb(pid: Option<u32>) -> Option<f64> {
    let status = std::fs::read_to_string(format!("/proc/{}/status", pid?)).ok()?;
    let kib: f64 = status
        .lines()
        .find(|line| line.starts_with("VmRSS:"))?
        .split_whitespace()
        .nth(1)?
        .parse()
        .ok()?;
    Some(kib / 1024.0)
}

/// Browsing and buying for `seconds`, a row every 10 s.
async fn mixed(base: &str, state: &str, seconds: u64, workers: usize, pid: Option<u32>) {
    let shop = Arc::new(load(state));
    let admin = Arc::new(admin_token(&client(), base).await);
    let window: Arc<Mutex<(Vec<u32>, u64)>> = Arc::new(Mutex::new((Vec::new(), 0)));
    let started = Instant::now();
    let until = started + Duration::from_secs(seconds);
    let searches = ["shelf", "product 1", "mills", "chaos", "cake"];
    let tasks: Vec<_> = (0..workers)
        .map(|worker| {
            let (shop, window, base, admin) = (
                Arc::clone(&shop),
                Arc::clone(&window),
                base.to_owned(),
                Arc::clone(&admin),
            );
            tokio::spawn(async move {
                let client = client();
                let mut dice = Dice(0x2545_f491 + worker as u64);
                let token = &shop.customers[worker % shop.customers.len()];
                let mut round = 0u64;
                while Instant::now() < until {
                    round += 1;
                    // Reads ask for compression as a browser would (their bodies are only counted).
                    let read = |url: String| client.get(url).header("Accept-Encoding", "br, gzip");
                    let request = match dice.roll(10) {
                        0..=3 => read(format!(
                            "{base}/api/v1/products?page={}&order=low",
                            1 + dice.roll(3)
                        )),
                        4..=6 => read(format!(
                            "{base}/api/v1/products/{}",
                            shop.products[dice.roll(shop.products.len())].id
                        )),
                        7 | 8 => read(format!(
                            "{base}/api/v1/products/search?q={}",
                            searches[dice.roll(searches.len())]
                        )),
                        _ => client
                            .post(format!("{base}/api/v1/orders"))
                            .bearer_auth(token)
                            .header("Idempotency-Key", format!("soak-{worker}-{round}"))
                            .json(&checkout(&shop, &mut dice)),
                    };
                    let sent = Instant::now();
                    let ok = match request.send().await {
                        Ok(response) if response.status() == StatusCode::CREATED => {
                            // The shop takes the payment: the order leaves pending, as in a
                            // running shop, where no customer keeps piling up unpaid orders.
                            let order: Value = response.json().await.unwrap_or_default();
                            let id = order["order"]["_id"].as_str().unwrap_or_default();
                            let paid = client
                                .patch(format!("{base}/api/v1/orders/{id}"))
                                .bearer_auth(&admin)
                                .json(&json!({"status": "paid"}))
                                .send()
                                .await;
                            paid.is_ok_and(|response| response.status().is_success())
                        }
                        Ok(response) => {
                            response.status().is_success() && response.bytes().await.is_ok()
                        }
                        Err(_) => false,
                    };
                    let micros = u32::try_from(sent.elapsed().as_micros()).unwrap_or(u32::MAX);
                    let mut window = window.lock().unwrap();
                    if ok {
                        window.0.push(micros)
                    } else {
                        window.1 += 1
                    }
                }
            })
        })
        .collect();
    println!(
        "{:>6} {:>9} {:>8} {:>8} {:>8} {:>7} {:>8}",
        "t_s", "requests", "req_s", "p50_ms", "p99_ms", "errors", "rss_mb"
    );
    let mut ticker = tokio::time::interval_at(
        tokio::time::Instant::now() + Duration::from_secs(10),
        Duration::from_secs(10),
    );
    while Instant::now() < until {
        ticker.tick().await;
        let (mut latencies, errors) = std::mem::take(&mut *window.lock().unwrap());
        latencies.sort_unstable();
        println!(
            "{:>6.0} {:>9} {:>8.0} {:>8.2} {:>8.2} {:>7} {:>8}",
            started.elapsed().as_secs_f64(),
            latencies.len(),
            latencies.len() as f64 / 10.0,
            percentile(&latencies, 0.5),
            percentile(&latencies, 0.99),
            errors,
            rss_mb(pid).map_or_else(|| "-".to_owned(), |mb| format!("{mb:.1}")),
        );
    }
    for task in tasks {
        task.await.unwrap();
    }
}

/// `count` sign-ins at once, each for its own unknown account from its own address (the server
/// must trust 127.0.0.1 as a proxy), while the health check is asked every 100 ms. Prints how the
/// sign-ins were answered and how the health checks fared; fails if one went unanswered.
async fn logins(base: &str, count: usize) -> bool {
    let client = Client::builder()
        .timeout(Duration::from_secs(60))
        .pool_max_idle_per_host(count)
        .build()
        .unwrap();
    let done = Arc::new(std::sync::atomic::AtomicBool::new(false));
    let health = {
        let (client, base, done) = (client.clone(), base.to_owned(), Arc::clone(&done));
        tokio::spawn(async move {
            let (mut answered, mut failed, mut slowest) = (0u32, 0u32, Duration::ZERO);
            while !done.load(std::sync::atomic::Ordering::Relaxed) {
                let asked = Instant::now();
                match client
                    .get(format!("{base}/api/v1/health"))
                    .timeout(Duration::from_secs(5))
                    .send()
                    .await
                {
                    Ok(response) if response.status().is_success() => answered += 1,
                    _ => failed += 1,
                }
                slowest = slowest.max(asked.elapsed());
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
            (answered, failed, slowest)
        })
    };
    let started = Instant::now();
    let attempts = (0..count).map(|n| {
        let (client, base) = (client.clone(), base.to_owned());
        tokio::spawn(async move {
            let body = json!({"identifier": format!("burst{n}@example.in"), "password": "not-a-real-password"});
            let address = format!("10.{}.{}.{}", n / 65536 % 256, n / 256 % 256, n % 256);
            match client.post(format!("{base}/api/v1/auth/login")).header("X-Forwarded-For", address).json(&body).send().await {
                Ok(response) => response.status().as_u16(),
                Err(_) => 0,
            }
        })
    });
    let mut statuses: HashMap<u16, usize> = HashMap::new();
    for attempt in attempts.collect::<Vec<_>>() {
        *statuses.entry(attempt.await.unwrap()).or_default() += 1;
    }
    let elapsed = started.elapsed();
    done.store(true, std::sync::atomic::Ordering::Relaxed);
    let (answered, failed, slowest) = health.await.unwrap();
    let mut tally: Vec<_> = statuses.into_iter().collect();
    tally.sort_unstable();
    println!(
        "{count} sign-ins in {:.1} s, answered {}",
        elapsed.as_secs_f64(),
        tally
            .iter()
            .map(|(status, n)| format!("{status}: {n}"))
            .collect::<Vec<_>>()
            .join(", ")
    );
    println!(
        "health checks during the burst: {answered} answered, {failed} failed, slowest {:.0} ms",
        slowest.as_secs_f64() * 1000.0
    );
    failed == 0 && !tally.iter().any(|(status, _)| *status == 0)
}

#[tokio::main]
async fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let arg = |index: usize| args.get(index).cloned().unwrap_or_default();
    let number = |index: usize, default: u64| {
        args.get(index)
            .and_then(|value| value.parse().ok())
            .unwrap_or(default)
    };
    match arg(0).as_str() {
        "setup" => {
            setup(
                &arg(1),
                &arg(2),
                number(3, 20) as usize,
                number(4, 100_000) as i64,
                number(5, 8) as usize,
            )
            .await
        }
        "orders" => {
            orders(
                &arg(1),
                &arg(2),
                &arg(3),
                number(4, 60),
                number(5, 8) as usize,
            )
            .await
        }
        "mixed" => {
            mixed(
                &arg(1),
                &arg(2),
                number(3, 600),
                number(4, 16) as usize,
                args.get(5).and_then(|pid| pid.parse().ok()),
            )
            .await
        }
        "logins" => {
            if !logins(&arg(1), number(2, 300) as usize).await {
                std::process::exit(1);
            }
        }
        "verify" => {
            if !verify(&arg(1), &arg(2), &arg(3)).await {
                std::process::exit(1);
            }
        }
        _ => {
            eprintln!(
                "usage: shopper setup|orders|mixed|verify <base-url> <state.json> ... (see the file's header)"
            );
            std::process::exit(2);
        }
    }
}
