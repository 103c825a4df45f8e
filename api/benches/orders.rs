//! Orders placed per second with stock checks, through the real HTTP API over embedded
//! SurrealDB (surrealkv in a temporary folder, as a shop runs by default).
//!
//! Two runs, each with `BUYERS` concurrent customers placing orders back to back:
//! - spread: every order takes 1-3 units of three of 40 products (few write conflicts);
//! - contended: every order takes one unit of the same product (every transaction conflicts).
//!
//! After each run the bench checks that the stock taken equals the units the placed orders hold,
//! so a fast but overselling build fails it.
//!
//! The shop keeps its default cap of open pending orders a customer may have (5), which every
//! placement checks by reading that customer's pending orders. So that each placement reads what
//! it would in a shop with many customers, a buyer stands for a pool of accounts and moves to the
//! next account once an account holds as many pending orders as the cap allows (with no cap, a
//! buyer's hundreds of orders were all read again in every placement). An exhausted pool
//! registers another account during the run, which the run's figures include: its password hash
//! takes CPU the placements then lack (with 12 accounts a buyer, the registrations during the
//! one-product run held it at 232-249 orders/s; with none, 389). The default pool lasts the four
//! runs at 64 buyers and up to about 700 orders/s.
//!
//! Then both again with the buyers sending on a schedule at a fixed total rate (`-paced`), which
//! gives the latency a shop sees at that load rather than at saturation: a closed loop of 64
//! buyers keeps 64 orders in the server at all times, so its latency is 64 / throughput whatever
//! the shop does.
//!
//! `cargo bench --workspace --bench orders` (env `ORDER_BENCH_SECONDS`, default 10,
//! `ORDER_BENCH_BUYERS`, default 16, `ORDER_BENCH_ACCOUNTS`, accounts registered per buyer
//! before the runs, default 96, `ORDER_BENCH_RATE`, orders/s of the paced runs, default 500,
//! 0 to leave them out, `ORDER_BENCH_RUNS`, the runs to do in that order, comma-separated and
//! repeatable (`spread`, `contended`, `spread-paced`, `contended-paced`; default each once), and
//! `ORDER_BENCH_MAIL_FILES`, set to have the shop write its mails to files rather than hand
//! them to the bench's SMTP relay, and `ORDER_BENCH_TIMELINE`, set to print each run's latency
//! by quarter second, to tell a queue that builds over the run from stalls; the shop's own
//! `ORDER_GROUP_INTERVAL_MS` is read as the server reads it). Each run also
//! prints the CPU time it took an order, the shop's and the load generator's together, and how
//! many mails the shop handed over meanwhile (two an order when its outbox keeps up), and after
//! it how long the outbox took to send the rest, before the next run starts, and the share of
//! the host's CPU time its hypervisor stole meanwhile and that its CPUs were idle (idle with
//! orders queued: the shop waited rather than computed). Before the first run and after the last
//! the bench times a fixed piece of work on one thread (`host_check`), to tell a slow host from
//! a slow build.
#![allow(missing_docs, clippy::unwrap_used)]

use std::collections::BTreeMap;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use reqwest::Client;
use reqwest::multipart::Form;
use serde_json::{Value, json};
use tokio::sync::Mutex;
use whisk_api::config::{Config, DEFAULT_MAX_PENDING_ORDERS};

const START_STOCK: u32 = 1_000_000;
const PASSWORD: &str = "bench-password-42";

struct Shop {
    base: String,
    client: Client,
    admin: String,
    /// Each buyer's accounts not used up yet, the one in use last: its token and how many
    /// orders it placed.
    buyers: Vec<Mutex<Vec<(String, u32)>>>,
    /// Accounts registered so far, which numbers the next one.
    registered: std::sync::atomic::AtomicUsize,
}

impl Shop {
    async fn post(&self, path: &str, token: Option<&str>, body: Value) -> (u16, Value) {
        self.send(path, token, None, body).await
    }

    /// POST with an Idempotency-Key, as the shop's checkout sends every order.
    async fn send(
        &self,
        path: &str,
        token: Option<&str>,
        idempotency_key: Option<&str>,
        body: Value,
    ) -> (u16, Value) {
        let mut request = self.client.post(format!("{}{path}", self.base)).json(&body);
        if let Some(token) = token {
            request = request.bearer_auth(token);
        }
        if let Some(key) = idempotency_key {
            request = request.header("Idempotency-Key", key);
        }
        answer(request).await
    }

    /// Registers a new customer from an address of its own (the registration throttle counts per
    /// address) and returns its token.
    async fn register(&self) -> String {
        let n = self.registered.fetch_add(1, Ordering::SeqCst);
        let customer = json!({
            "username": format!("Buyer {n}"), "email": format!("buyer{n}@bench.example"), "password": PASSWORD,
            "address": "1 Bench Road", "city": "Pune", "state": "Maharashtra", "mobile": format!("98{n:08}"), "company": "Bench Bakes"
        });
        loop {
            let request = self
                .client
                .post(format!("{}/api/v1/auth/register", self.base))
                .header(
                    "x-forwarded-for",
                    format!("10.{}.{}.{}", n / 62_500, n / 250 % 250, n % 250 + 1),
                )
                .json(&customer);
            match answer(request).await {
                (201, body) => return body["jwt"].as_str().unwrap().to_owned(),
                // Too many passwords hashed at once: the server asks to come back.
                (503, _) => tokio::time::sleep(Duration::from_millis(50)).await,
                (status, body) => panic!("registering a buyer: {status} {body}"),
            }
        }
    }

    async fn product(&self, title: &str, price: &str) -> String {
        let form = Form::new()
            .text("title", title.to_owned())
            .text("company", "Bench Mills")
            .text("description", "Benchmark stock")
            .text("sellingPrice", price.to_owned())
            .text("price", "9999")
            .text("stock", START_STOCK.to_string())
            .text("category", "Bench");
        let response = self
            .client
            .post(format!("{}/api/v1/products", self.base))
            .bearer_auth(&self.admin)
            .multipart(form)
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), 201);
        let body: Value = response.json().await.unwrap();
        body["product"]["_id"].as_str().unwrap().to_owned()
    }

    async fn stock(&self, id: &str) -> i64 {
        let body: Value = self
            .client
            .get(format!("{}/api/v1/products/{id}", self.base))
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        body["product"]["stock"].as_i64().unwrap()
    }
}

/// A mail relay on 127.0.0.1 that takes every message and keeps none, counting them in
/// `delivered`; its `smtp://` address.
///
/// The shop hands its mails to it over SMTP, as a shop in production hands them to its relay.
/// Without `SMTP_URL` the shop writes each mail to a file instead, a development fallback that
/// costs more here than the order does in places: creating a file takes about 0.5 ms of CPU on
/// this machine's ext4 (mounted without a journal, the kernel reads inode tables to skip
/// recently deleted inodes), two mails an order.
async fn smtp_sink(delivered: Arc<AtomicU64>) -> String {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap();
    tokio::spawn(async move {
        while let Ok((socket, _)) = listener.accept().await {
            let delivered = Arc::clone(&delivered);
            tokio::spawn(async move {
                let _ = smtp_session(socket, &delivered).await;
            });
        }
    });
    format!("smtp://{address}")
}

/// One SMTP connection: every command is accepted, and each message's end counts one mail.
async fn smtp_session(socket: tokio::net::TcpStream, delivered: &AtomicU64) -> std::io::Result<()> {
    use tokio::io::{AsyncBufReadExt, AsyncWriteExt};
    socket.set_nodelay(true)?;
    let (read, mut write) = socket.into_split();
    let mut read = tokio::io::BufReader::new(read);
    write.write_all(b"220 sink ESMTP\r\n").await?;
    let mut line = Vec::new();
    loop {
        line.clear();
        if read.read_until(b'\n', &mut line).await? == 0 {
            return Ok(());
        }
        let verb = line.get(..4).unwrap_or_default().to_ascii_uppercase();
        let reply: &[u8] = match verb.as_slice() {
            b"EHLO" => b"250-sink\r\n250 8BITMIME\r\n",
            b"DATA" => {
                write.write_all(b"354 end with a dot\r\n").await?;
                loop {
                    line.clear();
                    if read.read_until(b'\n', &mut line).await? == 0 {
                        return Ok(());
                    }
                    if line == b".\r\n" {
                        break;
                    }
                }
                delivered.fetch_add(1, Ordering::SeqCst);
                b"250 taken\r\n"
            }
            b"QUIT" => {
                write.write_all(b"221 bye\r\n").await?;
                return Ok(());
            }
            // HELO, MAIL, RCPT, RSET, NOOP.
            _ => b"250 ok\r\n",
        };
        write.write_all(reply).await?;
    }
}

/// A running shop's store folder and the way to stop it.
struct Running {
    stop: tokio::sync::oneshot::Sender<()>,
    served: tokio::task::JoinHandle<()>,
    folder: tempfile::TempDir,
}

impl Running {
    /// Stops the shop as `whisk serve` stops (its tasks ended, its store closed), then deletes
    /// the folder: deleted under the running shop, a memtable flush under way failed and logged
    /// SurrealKV errors at the end of the bench.
    async fn stop(self) {
        let _ = self.stop.send(());
        self.served.await.unwrap();
        drop(self.folder);
    }
}

async fn open_shop(
    buyers: usize,
    accounts: usize,
    smtp_url: Option<String>,
) -> (Arc<Shop>, Running) {
    let folder = tempfile::tempdir().unwrap();
    let data = folder.path().join("data");
    std::fs::create_dir_all(&data).unwrap();
    let mut config = Config::for_tests(data.clone(), folder.path().join("dist"));
    config.smtp_url = smtp_url;
    config.database_url = format!("surrealkv://{}", data.join("whisk.db").display());
    config.max_pending_orders = DEFAULT_MAX_PENDING_ORDERS;
    config.order_group_interval =
        whisk_api::config::order_group_interval(std::env::var("ORDER_GROUP_INTERVAL_MS").ok())
            .unwrap();
    // Buyers register from addresses of their own (the load generator stands in as a trusted
    // proxy), as real shoppers do: from one address the registration throttle stops at 60.
    config.trusted_proxies = whisk_api::client_ip::parse_list("127.0.0.1/32").unwrap();
    let state = whisk_api::state::AppState::new(config).await.unwrap();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    // As `whisk serve` serves: its sockets, and its allocator's trim every 30 s.
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let served = tokio::spawn(async move {
        whisk_api::app::serve_on(state, listener, async {
            let _ = stopped.await;
        })
        .await
        .unwrap();
    });
    let client = Client::builder()
        .pool_max_idle_per_host(buyers * 2)
        .build()
        .unwrap();
    let mut shop = Shop {
        base,
        client,
        admin: String::new(),
        buyers: (0..buyers).map(|_| Mutex::new(Vec::new())).collect(),
        registered: std::sync::atomic::AtomicUsize::new(0),
    };
    let (status, body) = shop
        .post(
            "/api/v1/authadmin/register",
            None,
            json!({"username": "Bench", "email": "bench@whisk.example", "password": PASSWORD}),
        )
        .await;
    assert_eq!(status, 201, "{body}");
    shop.admin = body["jwt"].as_str().unwrap().to_owned();
    let (status, _) = shop
        .post(
            "/api/v1/categories",
            Some(&shop.admin.clone()),
            json!({"name": "Bench"}),
        )
        .await;
    assert_eq!(status, 201);
    let shop = Arc::new(shop);
    // Two at a time: the server hashes passwords on its two cores.
    let registering: Vec<_> = (0..2)
        .map(|_| {
            let shop = Arc::clone(&shop);
            tokio::spawn(async move {
                let mut tokens = Vec::new();
                while shop.registered.load(Ordering::SeqCst) < buyers * accounts {
                    tokens.push(shop.register().await);
                }
                tokens
            })
        })
        .collect();
    let mut tokens = Vec::new();
    for task in registering {
        tokens.extend(task.await.unwrap());
    }
    for (n, token) in tokens.into_iter().enumerate() {
        shop.buyers[n % buyers].lock().await.push((token, 0));
    }
    let running = Running {
        stop,
        served,
        folder,
    };
    (shop, running)
}

/// The token of the account `buyer` places its next order with: the one in use, or the next once
/// it holds `DEFAULT_MAX_PENDING_ORDERS` orders, or a new one.
async fn account(shop: &Shop, buyer: usize) -> String {
    let mut pool = shop.buyers[buyer].lock().await;
    if pool
        .last()
        .is_some_and(|(_, placed)| *placed == DEFAULT_MAX_PENDING_ORDERS)
    {
        pool.pop();
    }
    if pool.is_empty() {
        pool.push((shop.register().await, 0));
    }
    let (token, placed) = pool.last_mut().unwrap();
    *placed += 1;
    token.clone()
}

/// Sends `request`: its status and JSON body (`null` when it has none).
async fn answer(request: reqwest::RequestBuilder) -> (u16, Value) {
    let response = request.send().await.unwrap();
    let status = response.status().as_u16();
    (status, response.json().await.unwrap_or(Value::Null))
}

/// What one run measured.
struct Run {
    placed: u64,
    refused: u64,
    units: i64,
    /// The latencies of `timeline`, sorted.
    latencies_ms: Vec<f64>,
    /// Each order's due time (seconds into the run) and latency (ms), in no order.
    timeline: Vec<(f64, f64)>,
    elapsed: Duration,
    /// CPU time of this process (the shop and its load generator) during the run.
    cpu: Duration,
    /// The host's CPU time over the run, all CPUs together.
    host: HostTime,
}

/// CPU time this process used so far, user and system (`/proc/self/stat`, in clock ticks of
/// 10 ms), or zero where there is no `/proc`.
fn cpu_used() -> Duration {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    // Fields after the command name, which is in parentheses and may hold spaces.
    let fields: Vec<&str> = stat
        .rsplit_once(')')
        .map_or(Vec::new(), |(_, rest)| rest.split_whitespace().collect());
    let ticks = |n: usize| {
        fields
            .get(n)
            .and_then(|text| text.parse::<u64>().ok())
            .unwrap_or(0)
    };
    // utime and stime are the 14th and 15th fields; the list starts at the 3rd.
    Duration::from_millis((ticks(11) + ticks(12)) * 10)
}

/// The host's CPU time from `/proc/stat`'s first line, in clock ticks, all CPUs together
/// (zeros where there is no `/proc`).
#[derive(Debug, Default, Clone, Copy)]
struct HostTime {
    /// Every state's ticks: user, nice, system, idle, iowait, irq, softirq and steal.
    total: u64,
    /// Ticks the hypervisor ran something else while a CPU of this machine wanted to run.
    steal: u64,
    /// Ticks a CPU had nothing to run (idle and iowait): with orders queued, the shop was
    /// waiting (on the disk, a lock, a timer), not short of CPU.
    idle: u64,
}

impl HostTime {
    fn now() -> HostTime {
        let stat = std::fs::read_to_string("/proc/stat").unwrap_or_default();
        let ticks: Vec<u64> = stat
            .lines()
            .next()
            .and_then(|line| line.strip_prefix("cpu "))
            .map_or(Vec::new(), |rest| {
                rest.split_whitespace()
                    .take(8)
                    .filter_map(|text| text.parse().ok())
                    .collect()
            });
        let tick = |n: usize| ticks.get(n).copied().unwrap_or(0);
        HostTime {
            total: ticks.iter().sum(),
            steal: tick(7),
            idle: tick(3) + tick(4),
        }
    }

    fn since(&self, before: &HostTime) -> HostTime {
        HostTime {
            total: self.total.saturating_sub(before.total),
            steal: self.steal.saturating_sub(before.steal),
            idle: self.idle.saturating_sub(before.idle),
        }
    }

    /// The share of the machine's CPU time that `ticks` of it are, in percent.
    fn percent(&self, ticks: u64) -> f64 {
        ticks as f64 * 100.0 / self.total.max(1) as f64
    }
}

/// The checkout's body for `lines` of (product id, units, price), as the shop's cart sends it.
fn checkout_body<'a>(lines: impl Iterator<Item = (&'a str, u32, f64)>) -> Value {
    let items: Vec<Value> = lines
        .map(|(product, amount, price)| json!({"productId": product, "amount": amount, "price": price}))
        .collect();
    json!({"data": {"name": "Bench Buyer", "address": "1 Bench Road", "city": "Pune", "state": "Maharashtra", "company": "Bench Bakes", "cartItems": items}})
}

/// How fast this host runs a fixed piece of work like the shop's (JSON built, written and
/// parsed again: allocation and copying), on one thread while the bench sends no orders: the
/// thread's time on a CPU (`/proc/thread-self/schedstat`, ns) and the wall time, in ms. The
/// host's speed moves by up to a half between bench processes (flat-out spread runs of one
/// binary at 339 and 619 orders/s in one hour), and within one (session 76: 119 to 198 ms for
/// this work with no steal). It does not tell a slow process, though (session 77: a 115-ms check
/// in a process at 444 spread orders/s, a 132-ms one at 888/s): its few megabytes miss what the
/// shop's hundreds meet, so a comparison of builds still needs several processes in turns.
fn host_check() -> (f64, f64) {
    fn on_cpu_ns() -> u64 {
        std::fs::read_to_string("/proc/thread-self/schedstat")
            .ok()
            .and_then(|text| text.split_whitespace().next()?.parse().ok())
            .unwrap_or(0)
    }
    std::thread::spawn(|| {
        let (cpu_before, wall_before) = (on_cpu_ns(), Instant::now());
        let mut lengths = 0usize;
        for n in 0..20_000u32 {
            let lines: Vec<(String, u32, f64)> = (0..3)
                .map(|line| {
                    (
                        format!("product:{}", (n + line) % 40),
                        line + 1,
                        50.5 + f64::from(line),
                    )
                })
                .collect();
            let body = checkout_body(
                lines
                    .iter()
                    .map(|(id, amount, price)| (id.as_str(), *amount, *price)),
            );
            let text = serde_json::to_string(&body).unwrap();
            let parsed: Value = serde_json::from_str(&text).unwrap();
            lengths += parsed["data"]["cartItems"].as_array().map_or(0, Vec::len) + text.len();
        }
        std::hint::black_box(lengths);
        let cpu = on_cpu_ns().saturating_sub(cpu_before) as f64 / 1e6;
        (cpu, wall_before.elapsed().as_secs_f64() * 1000.0)
    })
    .join()
    .unwrap()
}

/// Prints [`host_check`]'s figures, `when` saying at what point of the bench.
fn report_host_check(when: &str) {
    let (cpu, wall) = host_check();
    println!("orders: host check {when}: {cpu:.0} ms on a CPU, {wall:.0} ms wall time");
}

/// Each buyer places orders until `seconds` pass; `lines(buyer, n)` picks (product index, units).
///
/// Without a `rate` a buyer sends its next order as soon as the last is answered (closed loop:
/// the figures are the shop's saturation throughput and the latency at it). With a `rate`
/// (orders/s for all buyers together) each buyer sends on a fixed schedule, its share of the
/// rate, staggered against the others, and a latency counts from when the order was due to be
/// sent, so an order held up behind a slow one counts the wait (no coordinated omission, as wrk2
/// measures).
async fn run(
    shop: &Arc<Shop>,
    products: &Arc<Vec<(String, f64)>>,
    seconds: u64,
    rate: Option<f64>,
    lines: Lines,
) -> Run {
    let started = Instant::now();
    let cpu_before = cpu_used();
    let host_before = HostTime::now();
    let until = started + Duration::from_secs(seconds);
    // Keys differ between runs, which may use the same accounts.
    let run_id = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_nanos();
    let buyers = shop.buyers.len();
    let tasks: Vec<_> = (0..buyers)
        .map(|buyer| {
            let (shop, products) = (Arc::clone(shop), Arc::clone(products));
            // When a buyer's first order is due, and its time between two orders.
            let schedule = rate.map(|rate| {
                let every = Duration::from_secs_f64(buyers as f64 / rate);
                (started + every.mul_f64(buyer as f64 / buyers as f64), every)
            });
            tokio::spawn(async move {
                let (mut placed, mut refused, mut units, mut latencies) =
                    (0u64, 0u64, 0i64, Vec::new());
                let mut n = 0u64;
                loop {
                    let due = match schedule {
                        Some((first, every)) => {
                            let due = first + every.mul_f64(n as f64);
                            tokio::time::sleep_until(due.into()).await;
                            due
                        }
                        None => Instant::now(),
                    };
                    if due >= until {
                        break;
                    }
                    let token = account(&shop, buyer).await;
                    n += 1;
                    let chosen = lines(buyer, n);
                    let body = checkout_body(chosen.iter().map(|&(index, amount)| {
                        (products[index].0.as_str(), amount, products[index].1)
                    }));
                    let key = format!("bench-{run_id}-{buyer}-{n}");
                    let (status, answer) = shop
                        .send("/api/v1/orders", Some(&token), Some(&key), body)
                        .await;
                    latencies.push((
                        (due - started).as_secs_f64(),
                        due.elapsed().as_secs_f64() * 1000.0,
                    ));
                    if status == 201 {
                        placed += 1;
                        units += answer["order"]["numItemsInCart"].as_i64().unwrap();
                    } else {
                        refused += 1;
                        eprintln!("refused: {status} {answer}");
                    }
                }
                (placed, refused, units, latencies)
            })
        })
        .collect();
    let mut total = Run {
        placed: 0,
        refused: 0,
        units: 0,
        latencies_ms: Vec::new(),
        timeline: Vec::new(),
        elapsed: Duration::ZERO,
        cpu: Duration::ZERO,
        host: HostTime::default(),
    };
    for task in tasks {
        let (placed, refused, units, latencies) = task.await.unwrap();
        total.placed += placed;
        total.refused += refused;
        total.units += units;
        total.timeline.extend(latencies);
    }
    total.elapsed = started.elapsed();
    total.cpu = cpu_used().saturating_sub(cpu_before);
    total.host = HostTime::now().since(&host_before);
    total.latencies_ms = total.timeline.iter().map(|&(_, latency)| latency).collect();
    total.latencies_ms.sort_by(f64::total_cmp);
    total
}

fn percentile(sorted: &[f64], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let rank = ((p / 100.0) * (sorted.len() - 1) as f64).round() as usize;
    sorted[rank.min(sorted.len() - 1)]
}

fn report(name: &str, run: &Run, buyers: usize, offered: Option<f64>) {
    let rate = run.placed as f64 / run.elapsed.as_secs_f64();
    let offered = offered.map_or(String::new(), |offered| {
        format!(" (offered {offered:.0}/s)")
    });
    println!(
        "orders/{name}: {buyers} buyers, {} orders in {:.1} s = {rate:.0} orders/s{offered}; latency p50 {:.1} ms, p99 {:.1} ms; refused {}; CPU {:.2} ms an order (shop and load generator)",
        run.placed,
        run.elapsed.as_secs_f64(),
        percentile(&run.latencies_ms, 50.0),
        percentile(&run.latencies_ms, 99.0),
        run.refused,
        run.cpu.as_secs_f64() * 1000.0 / run.placed.max(1) as f64
    );
    println!(
        "orders/{name}: the host's steal {:.1}% and idle {:.1}% of its CPUs' time during the run",
        run.host.percent(run.host.steal),
        run.host.percent(run.host.idle)
    );
}

/// With `ORDER_BENCH_TIMELINE` set: the orders due in each 250-ms window, their median and
/// slowest latency, to tell a run-long queue from stalls.
fn timeline(name: &str, run: &Run) {
    if std::env::var_os("ORDER_BENCH_TIMELINE").is_none() {
        return;
    }
    let mut windows: BTreeMap<u64, Vec<f64>> = BTreeMap::new();
    for &(due, latency) in &run.timeline {
        windows.entry((due * 4.0) as u64).or_default().push(latency);
    }
    for (window, mut latencies) in windows {
        latencies.sort_by(f64::total_cmp);
        println!(
            "orders/{name}: {:5.2} s {:4} due, p50 {:6.1} ms, slowest {:6.1} ms",
            window as f64 / 4.0,
            latencies.len(),
            percentile(&latencies, 50.0),
            latencies[latencies.len() - 1]
        );
    }
}

fn spread(buyer: usize, n: u64) -> Vec<(usize, u32)> {
    let first = (buyer * 7 + n as usize * 3) % 40;
    let amount = |k: u64| 1 + u32::try_from((n + k) % 3).unwrap();
    let mut chosen = vec![
        (first, amount(0)),
        ((first + 13) % 40, amount(1)),
        ((first + 27) % 40, amount(2)),
    ];
    chosen.dedup_by_key(|(index, _)| *index);
    chosen
}

/// The lines of a buyer's `n`th order: (product index, units).
type Lines = fn(usize, u64) -> Vec<(usize, u32)>;

fn contended(_buyer: usize, _n: u64) -> Vec<(usize, u32)> {
    vec![(0, 1)]
}

fn main() {
    whisk_api::startup_env::prepare_process().expect("the storage settings");
    // The server's log subscriber too: without one, `tracing` hands every disabled span to the
    // `log` crate's check instead, and SurrealDB's storage spans format each key they touch.
    whisk_api::telemetry::init("warn");
    let seconds: u64 = std::env::var("ORDER_BENCH_SECONDS")
        .ok()
        .and_then(|text| text.parse().ok())
        .unwrap_or(10);
    let buyers: usize = std::env::var("ORDER_BENCH_BUYERS")
        .ok()
        .and_then(|text| text.parse().ok())
        .unwrap_or(16);
    let accounts: usize = std::env::var("ORDER_BENCH_ACCOUNTS")
        .ok()
        .and_then(|text| text.parse().ok())
        .unwrap_or(96);
    let rate: f64 = std::env::var("ORDER_BENCH_RATE")
        .ok()
        .and_then(|text| text.parse().ok())
        .unwrap_or(500.0);
    let wanted: Option<Vec<String>> = std::env::var("ORDER_BENCH_RUNS").ok().map(|names| {
        names
            .split(',')
            .map(|name| name.trim().to_owned())
            .collect()
    });
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .unwrap();
    runtime.block_on(async {
        let delivered = Arc::new(AtomicU64::new(0));
        let smtp_url = if std::env::var_os("ORDER_BENCH_MAIL_FILES").is_some() {
            None
        } else {
            Some(smtp_sink(Arc::clone(&delivered)).await)
        };
        let smtp_url_set = smtp_url.is_some();
        let (shop, running) = open_shop(buyers, accounts, smtp_url).await;
        let mut products = Vec::new();
        for n in 0..40 {
            let price = format!("{}.50", 50 + n * 10);
            let id = shop.product(&format!("Bench Product {n:02}"), &price).await;
            products.push((id, price.parse::<f64>().unwrap()));
        }
        let products = Arc::new(products);

        let paced = (rate > 0.0).then_some(rate);
        let runs: [(&str, Lines, Option<f64>); 4] = [
            ("spread", spread, None),
            ("contended", contended, None),
            ("spread-paced", spread, paced),
            ("contended-paced", contended, paced),
        ];
        let chosen: Vec<(&str, Lines, Option<f64>)> = match &wanted {
            Some(wanted) => wanted
                .iter()
                .map(|wanted| {
                    *runs
                        .iter()
                        .find(|(name, _, _)| name == wanted)
                        .unwrap_or_else(|| panic!("ORDER_BENCH_RUNS: no run is called {wanted}"))
                })
                .collect(),
            None => runs.to_vec(),
        };
        report_host_check("before the runs");
        for (name, lines, rate) in chosen {
            if name.ends_with("-paced") && rate.is_none() {
                continue;
            }
            eprintln!("orders/{name}: running for {seconds} s");
            let before: Vec<i64> = futures_stock(&shop, &products).await;
            let accounts_before = shop.registered.load(Ordering::SeqCst);
            let mails_before = delivered.load(Ordering::SeqCst);
            let result = run(&shop, &products, seconds, rate, lines).await;
            let registered = shop.registered.load(Ordering::SeqCst) - accounts_before;
            let mails = delivered.load(Ordering::SeqCst) - mails_before;
            if registered > 0 {
                println!("orders/{name}: {registered} accounts registered during the run (raise ORDER_BENCH_ACCOUNTS)");
            }
            let after: Vec<i64> = futures_stock(&shop, &products).await;
            let taken: i64 = before.iter().zip(&after).map(|(b, a)| b - a).sum();
            report(name, &result, buyers, rate);
            timeline(name, &result);
            if smtp_url_set {
                println!("orders/{name}: {mails} mails handed to the relay during the run ({} placed orders send {})", result.placed, result.placed * 2);
            }
            assert_eq!(
                taken, result.units,
                "the stock taken must equal the units the placed orders hold"
            );
            assert_eq!(result.refused, 0, "no order may fail while stock lasts");
            if smtp_url_set {
                let waited = mail_caught_up(&delivered).await;
                println!("orders/{name}: the outbox sent the rest of the run's mail in {:.1} s after it", waited.as_secs_f64());
            }
        }
        report_host_check("after the runs");
        drop(shop);
        running.stop().await;
    });
}

/// Waits until the relay has received no mail for half a second (at most a minute), so that the
/// next run does not share the CPU with this one's mail; how long that took.
async fn mail_caught_up(delivered: &AtomicU64) -> Duration {
    let start = Instant::now();
    let mut seen = delivered.load(Ordering::SeqCst);
    let mut quiet_since = Instant::now();
    while start.elapsed() < Duration::from_secs(60) {
        tokio::time::sleep(Duration::from_millis(100)).await;
        let now = delivered.load(Ordering::SeqCst);
        if now != seen {
            seen = now;
            quiet_since = Instant::now();
        } else if quiet_since.elapsed() >= Duration::from_millis(500) {
            return quiet_since.duration_since(start);
        }
    }
    start.elapsed()
}

async fn futures_stock(shop: &Shop, products: &[(String, f64)]) -> Vec<i64> {
    let mut levels = Vec::with_capacity(products.len());
    for (id, _) in products {
        levels.push(shop.stock(id).await);
    }
    levels
}
