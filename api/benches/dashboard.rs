//! `GET /dashboard`'s database work over a year of orders: 100,000 orders (override with
//! `DASHBOARD_ORDERS`) spread evenly over the last 365 days in an in-memory SurrealDB with the
//! shop's schema, each with 1 to 4 lines of 200 products; then the dashboard's one round trip
//! (`dashboard::repo::read`) for the 7, 30 and 90 days ending today, 30 times each, with the
//! median and p95. Run with `cargo bench --workspace --bench dashboard`.
#![allow(missing_docs, clippy::unwrap_used, clippy::expect_used)]

use std::time::{Duration, Instant};

use time::OffsetDateTime;
use whisk_api::config::Config;
use whisk_api::dashboard::period::Period;
use whisk_api::dashboard::{days, repo};
use whisk_api::db;

const BATCH: usize = 2_000;
const RUNS: usize = 30;

fn percentile(sorted: &[Duration], fraction: f64) -> Duration {
    let index = ((sorted.len() as f64 - 1.0) * fraction).round() as usize;
    sorted[index]
}

#[tokio::main]
async fn main() {
    let orders: usize = std::env::var("DASHBOARD_ORDERS")
        .ok()
        .and_then(|text| text.parse().ok())
        .unwrap_or(100_000);
    let dir = std::env::temp_dir();
    let config = Config::for_tests(dir.clone(), dir);
    let db = db::connect_and_migrate(&config)
        .await
        .expect("an in-memory database");
    let now = OffsetDateTime::now_utc();
    let started = Instant::now();
    let mut written = 0;
    while written < orders {
        let count = BATCH.min(orders - written);
        // Order n is placed (n / orders) of a year ago; totals and lines vary with n.
        db.query(
            "FOR $n IN $from..$to { \
                 LET $lines = 1 + $n % 4; \
                 LET $items = array::range(0, $lines).map(|$l| { \
                     product: type::record('product', 'p' + <string> (($n * 7 + $l * 13) % 200)), \
                     name: 'Product ' + <string> (($n * 7 + $l * 13) % 200), price: <decimal> (49 + ($n + $l) % 500), \
                     amount: 1 + ($n + $l) % 3, image: '', discount: 0dec }); \
                 CREATE type::record('shop_order', 'g' + <string> $n) SET \
                     order_id = 'ORD' + <string> (100000 + $n), user = type::record('user', 'u' + <string> ($n % 500)), \
                     name = 'Buyer', email = 'buyer@example.in', address = '1 MG Road', city = 'Bengaluru', \
                     state = 'Karnataka', company = '', cart_items = $items, \
                     num_items_in_cart = math::sum($items.amount), \
                     charge_total = math::sum($items.map(|$i| $i.price * $i.amount)), \
                     order_total = math::sum($items.map(|$i| $i.price * $i.amount)), \
                     status = ['pending', 'paid', 'shipped', 'delivered', 'delivered', 'cancelled'][$n % 6], \
                     created_at = $now - duration::from_secs($n * 31536000 / $orders) \
                     RETURN NONE; \
             };",
        )
        .bind(("from", written as i64))
        .bind(("to", (written + count) as i64))
        .bind(("orders", orders as i64))
        .bind((
            "now",
            surrealdb::types::Datetime::try_from((now.unix_timestamp(), 0)).unwrap(),
        ))
        .await
        .expect("writing orders")
        .check()
        .expect("writing orders");
        written += count;
    }
    eprintln!(
        "wrote {orders} orders in {:.1} s",
        started.elapsed().as_secs_f64()
    );
    for days in [7, 30, 90] {
        let period = Period::ending(now, days);
        let began = Instant::now();
        days::period_days(&db, period)
            .await
            .expect("summing the days");
        let cold = began.elapsed();
        let mut times = Vec::with_capacity(RUNS);
        let mut sold = 0;
        for _ in 0..RUNS {
            let began = Instant::now();
            let sums = days::period_days(&db, period)
                .await
                .expect("reading the dashboard");
            repo::low_stock(&db, 5)
                .await
                .expect("reading the low stock");
            times.push(began.elapsed());
            sold = period
                .dates()
                .filter_map(|date| {
                    sums.get(
                        &date
                            .format(time::macros::format_description!("[year]-[month]-[day]"))
                            .unwrap(),
                    )
                })
                .map(|day| day.orders)
                .sum::<i64>();
        }
        times.sort();
        println!(
            "dashboard {days:>2} days ({sold} orders sold in it): first {:.1} ms (sums the days not kept yet), then median {:.1} ms, p95 {:.1} ms",
            cold.as_secs_f64() * 1e3,
            percentile(&times, 0.5).as_secs_f64() * 1e3,
            percentile(&times, 0.95).as_secs_f64() * 1e3,
        );
    }
    // An admin edit forgets one kept day: the next read sums that day again.
    let period = Period::ending(now, 30);
    let forgotten = (now.to_offset(whisk_api::india_time::IST).date() - time::Duration::days(10))
        .format(time::macros::format_description!("[year]-[month]-[day]"))
        .unwrap();
    db.query("DELETE type::record('sales_day', $date)")
        .bind(("date", forgotten))
        .await
        .unwrap()
        .check()
        .unwrap();
    let began = Instant::now();
    days::period_days(&db, period).await.unwrap();
    println!(
        "dashboard 30 days after an edit forgot a day: {:.1} ms",
        began.elapsed().as_secs_f64() * 1e3
    );
}
