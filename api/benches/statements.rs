//! CPU of each kind of statement the order placement's group transaction runs
//! (`orders::repo::place`), by how many orders the group holds: what to weigh before changing
//! the serial step of placing (README "Orders and invoices", session 72).
//!
//! An embedded store (surrealkv in a temporary folder) with `schema.surql`, 40 products with
//! their stock records and 1,920 orders of 64 customers (3 pending each). One thread, timed by
//! its CPU clock. Every variant is one transaction; a round runs each variant once, in turn, so
//! that the store's growth and the host's noise fall on all of them alike. The figure printed
//! is the median over the rounds, less the median of a transaction that only moves a counter,
//! divided by the rows: the CPU a row costs, in µs. Every variant binds the same values, so the
//! cost of handing them over (about 25 µs an order) is in the counter's transaction, not here.
//! Last, all the kinds in one transaction as the placement runs them (each table's definitions
//! read once), and the whole of that transaction an order, counter and binding included.
//!
//! `cargo bench --workspace --bench statements` (env `STATEMENTS_BENCH_ROUNDS`, default 240;
//! `STATEMENTS_BENCH_SIZES`, e.g. `1` to profile a one-order group's transactions alone).
#![allow(missing_docs, clippy::unwrap_used)]

use rust_decimal::Decimal;
use surrealdb::types::{Array, Object, RecordId, Value};
use whisk_api::db::Db;

/// Orders in a group unless `STATEMENTS_BENCH_SIZES` says: one order's worth, a paced run's
/// group and two of the closed loop's.
const SIZES: [usize; 4] = [1, 4, 12, 40];
const PRODUCTS: usize = 40;
const CUSTOMERS: usize = 64;
/// Products an order takes, as the orders bench's spread orders do; a group checks and moves
/// each of its products once.
const LINES: usize = 3;

/// CPU time of the calling thread, in µs.
#[expect(unsafe_code, reason = "the thread's CPU clock is read through libc")]
fn thread_cpu_us() -> f64 {
    let mut now = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `now` is a valid timespec for clock_gettime to write.
    let status = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &raw mut now) };
    assert_eq!(status, 0, "the thread's CPU clock");
    now.tv_sec as f64 * 1e6 + now.tv_nsec as f64 / 1e3
}

/// A statement kind: its name, what one row is, and the transaction's text (in which
/// `BEGIN; ... COMMIT;` and the counter move are added).
struct Kind {
    name: &'static str,
    rows: fn(usize) -> usize,
    text: &'static str,
}

const KINDS: [Kind; 6] = [
    Kind {
        name: "INSERT INTO order_request, a key",
        rows: |orders| orders,
        text: "INSERT INTO order_request $keys RETURN NONE;",
    },
    Kind {
        name: "INSERT INTO mail, an order's mails (one record)",
        rows: |orders| orders,
        text: "INSERT INTO mail $mails RETURN NONE;",
    },
    Kind {
        name: "INSERT INTO shop_order, an order",
        rows: |orders| orders,
        text: "INSERT INTO shop_order $orders RETURN NONE;",
    },
    Kind {
        name: "pending-orders check, a customer",
        rows: |orders| orders,
        // As `orders::repo::PlacementQuery::PENDING`.
        text: "FOR $limit IN $pending { \
                   LET $user = $limit.user; \
                   LET $most = $limit.most; \
                   IF array::len(SELECT VALUE id FROM shop_order WHERE user = $user AND status = 'pending' LIMIT $most) + $limit.placing > $most \
                       { THROW 'too_many_pending' }; \
               };",
    },
    Kind {
        name: "price check, a product",
        rows: |orders| (LINES * orders).min(PRODUCTS),
        text: "FOR $check IN $price_checks { \
                   LET $now = $check.product.selling_price; \
                   IF $now = NONE { THROW 'product_gone' }; \
                   IF $now != $check.price { THROW 'price_changed' }; \
               };",
    },
    Kind {
        name: "stock move, a product",
        rows: |orders| (LINES * orders).min(PRODUCTS),
        text: "FOR $move IN $moves { \
                   LET $units = $move.stock.units; \
                   IF $units = NONE { THROW 'product_gone' } \
                   ELSE IF $units + $move.delta < 0 { THROW 'out_of_stock' } \
                   ELSE { UPDATE $move.stock SET units += $move.delta RETURN NONE }; \
               };",
    },
];

const COUNTER: &str = "UPDATE ONLY counter:statements_bench SET value += 1 RETURN NONE;";

fn main() {
    // As the server starts: its allocator, backtrace and storage settings, and its log
    // subscriber, without which SurrealDB's storage spans format every key they touch (about 3%
    // of a one-order group's CPU).
    whisk_api::startup_env::prepare_process().expect("the storage settings");
    whisk_api::telemetry::init("warn");
    let rounds: usize = std::env::var("STATEMENTS_BENCH_ROUNDS")
        .ok()
        .and_then(|rounds| rounds.parse().ok())
        .unwrap_or(240);
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let sizes: Vec<usize> = std::env::var("STATEMENTS_BENCH_SIZES").map_or_else(
        |_| SIZES.to_vec(),
        |sizes| {
            sizes
                .split(',')
                .map(|size| {
                    size.trim()
                        .parse()
                        .expect("STATEMENTS_BENCH_SIZES: orders a group")
                })
                .collect()
        },
    );
    runtime.block_on(run(rounds, &sizes));
}

async fn run(rounds: usize, sizes: &[usize]) {
    let folder = tempfile::tempdir().unwrap();
    let db: Db =
        surrealdb::engine::any::connect(format!("surrealkv://{}/store", folder.path().display()))
            .await
            .unwrap();
    db.use_ns("bench").use_db("bench").await.unwrap();
    whisk_api::db::apply_schema(&db).await.unwrap();
    fill(&db).await;
    let baseline = format!("BEGIN; {COUNTER} COMMIT;");
    // Each kind alone, then all of them in one transaction as the placement runs them, where
    // the tables' definitions are read once.
    let every_kind: String = KINDS
        .iter()
        .map(|kind| kind.text)
        .collect::<Vec<_>>()
        .join(" ");
    let texts: Vec<String> = KINDS
        .iter()
        .map(|kind| kind.text)
        .chain([every_kind.as_str()])
        .map(|text| format!("BEGIN; {COUNTER} {text} COMMIT;"))
        .collect();
    println!(
        "µs of CPU a row (median of {rounds} rounds, less a transaction that only moves a counter)"
    );
    println!(
        "{:<44} {}",
        "orders in the group:",
        sizes
            .iter()
            .map(|size| format!("{size:>7}"))
            .collect::<String>()
    );
    // Per size: the counter's transaction, each kind, all kinds together (medians, µs).
    let mut medians_by_size: Vec<Vec<f64>> = Vec::new();
    for &size in sizes {
        let mut times = vec![Vec::with_capacity(rounds); texts.len() + 1];
        for round in 0..rounds {
            for (slot, text) in std::iter::once(&baseline).chain(&texts).enumerate() {
                let group = Group::new(size, round);
                let started = thread_cpu_us();
                group.run(&db, text).await;
                times[slot].push(thread_cpu_us() - started);
            }
        }
        medians_by_size.push(times.iter_mut().map(|spent| median(spent)).collect());
        eprintln!("statements: groups of {size} done");
    }
    let row = |name: &str, cost: &dyn Fn(usize, &[f64]) -> f64| {
        let cells: String = sizes
            .iter()
            .zip(&medians_by_size)
            .map(|(size, medians)| format!("{:>7.0}", cost(*size, medians)))
            .collect();
        println!("{name:<44} {cells}");
    };
    for (slot, kind) in KINDS.iter().enumerate() {
        row(kind.name, &|size, medians| {
            (medians[slot + 1] - medians[0]) / (kind.rows)(size) as f64
        });
    }
    row("all six in one transaction, an order", &|size, medians| {
        (medians[KINDS.len() + 1] - medians[0]) / size as f64
    });
    row("the counter's transaction, an order", &|size, medians| {
        medians[0] / size as f64
    });
    row("both: the whole transaction, an order", &|size, medians| {
        medians[KINDS.len() + 1] / size as f64
    });
}

fn median(values: &mut [f64]) -> f64 {
    values.sort_by(f64::total_cmp);
    values[values.len() / 2]
}

/// 40 products with their stock, and 30 orders of each customer, the first 3 pending.
async fn fill(db: &Db) {
    let description = "A finely milled flour for soft cakes and sponges. ".repeat(8);
    for product in 0..PRODUCTS {
        db.query(
            "UPSERT category:flours SET name = 'Flours', name_key = 'flours'; \
             CREATE type::record('product', $key) SET title = $title, company = 'Acme', description = $description, \
                 price = 120dec, selling_price = 99.50dec, category = category:flours, hsn = '1101', gst_rate = 5dec; \
             CREATE type::record('product_stock', $key) SET units = 1000000; \
             UPSERT counter:statements_bench SET value = 0;",
        )
        .bind(("key", format!("p{product}")))
        .bind(("title", format!("Flour {product}")))
        .bind(("description", description.clone()))
        .await
        .unwrap()
        .check()
        .unwrap();
    }
    for customer in 0..CUSTOMERS {
        let orders: Vec<Value> = (0..30)
            .map(|n| {
                let mut order = order(customer, &format!("ORD-{customer}-{n}"));
                if n >= 3 {
                    order.insert("status".to_owned(), text("delivered"));
                }
                Value::Object(order)
            })
            .collect();
        db.query("INSERT INTO shop_order $orders RETURN NONE")
            .bind(("orders", orders))
            .await
            .unwrap()
            .check()
            .unwrap();
    }
}

/// A group's bound values, as the placement binds them, for `size` orders (by `round`, other
/// customers and products each time).
struct Group {
    keys: Vec<Value>,
    mails: Vec<Value>,
    orders: Vec<Value>,
    pending: Vec<Value>,
    price_checks: Vec<Value>,
    moves: Vec<Value>,
}

impl Group {
    fn new(size: usize, round: usize) -> Group {
        let customer = |n: usize| (round * 5 + n * 3) % CUSTOMERS;
        let products: Vec<usize> = (0..(LINES * size).min(PRODUCTS))
            .map(|n| (round * 7 + n * 13) % PRODUCTS)
            .collect();
        let order_ids: Vec<String> = (0..size)
            .map(|_| uuid::Uuid::new_v4().to_string())
            .collect();
        Group {
            keys: (0..size)
                .map(|n| {
                    let user = user(customer(n));
                    let key = uuid::Uuid::new_v4().to_string();
                    object([
                        (
                            "id",
                            Value::Array(Array::from(vec![
                                Value::RecordId(user.clone()),
                                text(&key),
                            ])),
                        ),
                        ("user", Value::RecordId(user)),
                        ("idempotency_key", text(&key)),
                        (
                            "order",
                            Value::RecordId(RecordId::new("shop_order", order_ids[n].clone())),
                        ),
                    ])
                })
                .collect(),
            // As `orders::repo::MailRow`: the confirmation, the shop's notice its companion.
            mails: order_ids
                .iter()
                .map(|order| {
                    object([
                        ("id", text(order)),
                        ("recipient", text("asha@example.in")),
                        ("subject", text("Your Whisk order {number} is confirmed")),
                        ("body", text("")),
                        (
                            "order",
                            Value::RecordId(RecordId::new("shop_order", order.clone())),
                        ),
                        ("template", text("order_confirmation")),
                        (
                            "companion",
                            object([
                                ("recipient", text("orders@whisk.example")),
                                ("subject", text("New order {number}: Rs 1,234 from Asha")),
                                ("template", text("order_notice")),
                            ]),
                        ),
                        ("claimed_by", text("node-a")),
                    ])
                })
                .collect(),
            orders: order_ids
                .iter()
                .enumerate()
                .map(|(n, id)| {
                    let mut order = order(customer(n), &format!("ORD-{id}"));
                    order.insert("id".to_owned(), text(id));
                    // Not pending, so that the customers' pending orders stay 3 over the rounds.
                    order.insert("status".to_owned(), text("delivered"));
                    Value::Object(order)
                })
                .collect(),
            pending: (0..size)
                .map(|n| {
                    object([
                        ("user", Value::RecordId(user(customer(n)))),
                        ("most", Value::from_t(5_i64)),
                        ("placing", Value::from_t(1_i64)),
                    ])
                })
                .collect(),
            price_checks: products
                .iter()
                .map(|product| {
                    object([
                        (
                            "product",
                            Value::RecordId(RecordId::new("product", format!("p{product}"))),
                        ),
                        ("price", Value::from_t(Decimal::new(9950, 2))),
                    ])
                })
                .collect(),
            moves: products
                .iter()
                .map(|product| {
                    object([
                        (
                            "stock",
                            Value::RecordId(RecordId::new("product_stock", format!("p{product}"))),
                        ),
                        ("delta", Value::from_t(-1_i64)),
                    ])
                })
                .collect(),
        }
    }

    async fn run(self, db: &Db, text: &str) {
        db.query(text)
            .bind(("keys", self.keys))
            .bind(("mails", self.mails))
            .bind(("orders", self.orders))
            .bind(("pending", self.pending))
            .bind(("price_checks", self.price_checks))
            .bind(("moves", self.moves))
            .await
            .unwrap()
            .check()
            .unwrap();
    }
}

fn user(customer: usize) -> RecordId {
    RecordId::new("user", format!("u{customer}"))
}

fn text(value: &str) -> Value {
    Value::from_t(value.to_owned())
}

fn object<const N: usize>(fields: [(&str, Value); N]) -> Value {
    let mut object = Object::default();
    for (name, value) in fields {
        object.insert(name.to_owned(), value);
    }
    Value::Object(object)
}

/// An order of three lines as a placement stores it, pending.
fn order(customer: usize, number: &str) -> Object {
    let money = |cents| Value::from_t(Decimal::new(cents, 2));
    let line = |product: usize| {
        let mut line = Object::default();
        line.insert(
            "product".to_owned(),
            Value::RecordId(RecordId::new("product", format!("p{}", product % PRODUCTS))),
        );
        line.insert("name".to_owned(), text("Flour"));
        line.insert("price".to_owned(), money(9950));
        line.insert("amount".to_owned(), Value::from_t(1_i64));
        line.insert("image".to_owned(), text("a1b2c3.webp"));
        line.insert("hsn".to_owned(), text("1101"));
        for field in [
            "gst_rate",
            "discount",
            "taxable_value",
            "cgst",
            "sgst",
            "utgst",
            "igst",
        ] {
            line.insert(field.to_owned(), money(500));
        }
        Value::Object(line)
    };
    let mut order = Object::default();
    for (field, value) in [
        ("order_id", number),
        ("name", "Asha Rao"),
        ("email", "asha@example.in"),
        ("address", "12 MG Road"),
        ("city", "Bengaluru"),
        ("state", "Karnataka"),
        ("company", ""),
        ("pin_code", "560001"),
        ("phone", "9876543210"),
        ("payment_method", "cod"),
        ("payment_status", "unpaid"),
        ("status", "pending"),
    ] {
        order.insert(field.to_owned(), text(value));
    }
    order.insert("user".to_owned(), Value::RecordId(user(customer)));
    order.insert("num_items_in_cart".to_owned(), Value::from_t(3_i64));
    for field in [
        "charge_total",
        "order_total",
        "taxable_total",
        "cgst_total",
        "sgst_total",
        "utgst_total",
        "igst_total",
    ] {
        order.insert(field.to_owned(), money(29850));
    }
    order.insert(
        "cart_items".to_owned(),
        Value::Array(Array::from(vec![
            line(customer),
            line(customer + 7),
            line(customer + 19),
        ])),
    );
    order
}
