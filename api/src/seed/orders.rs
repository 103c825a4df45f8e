//! Made-up order history for trying the back office (the dashboard, exports, the orders list)
//! with a shop that has been selling for a while: `whisk generate-orders`. Orders are priced by
//! the placement's own code at the products' current prices, numbered from the shop's order
//! counter, and the shipped and delivered ones get tax invoice numbers from the series of their
//! financial year, so they read like real orders everywhere. They take no stock (they are the
//! past; the stock is what it is now) and send no mail. The same seed gives the same history.

use std::collections::HashMap;

use anyhow::Context;
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use time::{Duration, OffsetDateTime};

use crate::db::Db;
use crate::domain::{Password, ProductId};
use crate::invoices::series;
use crate::orders::lines::CurrentProduct;
use crate::orders::repo as orders_repo;
use crate::orders::types::{OrderStatus, PaymentMethod};
use crate::orders::workflow::{self, ShipTo, TaxRules};
use crate::products::repo as products_repo;
use crate::seed::repo::{self, Customer, GeneratedOrder};

/// Orders written per transaction.
const BATCH: usize = 1000;
/// Customers the history is spread over (made up when the shop has fewer).
const CUSTOMERS: usize = 200;

/// Where made-up customers live: state, city and the first three digits of its PIN codes.
const PLACES: [(&str, &str, u32); 10] = [
    ("Karnataka", "Bengaluru", 560),
    ("Maharashtra", "Mumbai", 400),
    ("Delhi", "New Delhi", 110),
    ("Tamil Nadu", "Chennai", 600),
    ("West Bengal", "Kolkata", 700),
    ("Telangana", "Hyderabad", 500),
    ("Gujarat", "Ahmedabad", 380),
    ("Kerala", "Kochi", 682),
    ("Punjab", "Ludhiana", 141),
    ("Chandigarh", "Chandigarh", 160),
];

const FIRST_NAMES: [&str; 12] = [
    "Asha", "Ravi", "Meera", "Arjun", "Priya", "Kabir", "Neha", "Vikram", "Ananya", "Rohan",
    "Isha", "Farhan",
];
const LAST_NAMES: [&str; 8] = [
    "Baker", "Sharma", "Iyer", "Das", "Reddy", "Patel", "Menon", "Singh",
];

/// How an order placed `age` ago stands now, with its payment method.
fn standing(rng: &mut StdRng, age: Duration) -> (OrderStatus, PaymentMethod) {
    let method = if rng.gen_bool(0.4) {
        PaymentMethod::Upi
    } else {
        PaymentMethod::Cod
    };
    let roll: f64 = rng.r#gen();
    let status = if roll < 0.06 {
        OrderStatus::Cancelled
    } else if age > Duration::days(6) {
        OrderStatus::Delivered
    } else if age > Duration::days(2) {
        if roll < 0.5 {
            OrderStatus::Shipped
        } else {
            OrderStatus::Delivered
        }
    } else if method == PaymentMethod::Upi {
        OrderStatus::Paid
    } else {
        OrderStatus::Pending
    };
    (status, method)
}

/// The shop's customers, topped up with made-up ones to [`CUSTOMERS`].
async fn customers(db: &Db, seed: u64) -> anyhow::Result<Vec<Customer>> {
    let mut customers = repo::customers(db, CUSTOMERS).await?;
    if customers.len() >= CUSTOMERS {
        return Ok(customers);
    }
    let mut rng = StdRng::seed_from_u64(seed ^ 0x5eed);
    // Made-up customers sign in only after a password reset.
    let unknowable: String = (0..32)
        .map(|_| rng.sample(rand::distributions::Alphanumeric) as char)
        .collect();
    let hash = crate::auth::password::Hasher::new(1)
        .hash(&Password::parse(&unknowable).map_err(|error| anyhow::anyhow!(error))?)
        .await
        .map_err(|error| anyhow::anyhow!("hashing a password: {error}"))?;
    let made: Vec<Customer> = (customers.len()..CUSTOMERS)
        .map(|n| {
            let (state, city, pin) = PLACES[n % PLACES.len()];
            let name = format!(
                "{} {}",
                FIRST_NAMES[n % FIRST_NAMES.len()],
                LAST_NAMES[(n / FIRST_NAMES.len()) % LAST_NAMES.len()]
            );
            Customer {
                id: format!("gen{seed}c{n}"),
                username: name,
                email: format!("buyer{n}.s{seed}@example.in"),
                mobile: format!("7{:09}", (seed % 100) * 10_000_000 + n as u64),
                address: format!("{} MG Road", 1 + n % 90),
                city: city.to_owned(),
                state: state.to_owned(),
                pin_code: format!("{pin}{:03}", 1 + n % 98),
                company: if n % 5 == 0 {
                    format!("{city} Cakes")
                } else {
                    String::new()
                },
            }
        })
        .collect();
    repo::insert_customers(db, &made, &hash).await?;
    customers.extend(made);
    Ok(customers)
}

/// Adds `count` orders placed over the last `days` days (oldest first), in transactions of a
/// thousand; `progress` hears the running total after each.
pub async fn generate(
    db: &Db,
    rules: TaxRules,
    count: usize,
    days: u32,
    seed: u64,
    mut progress: impl FnMut(usize),
) -> anyhow::Result<()> {
    let products: Vec<ProductId> = products_repo::all(db)
        .await?
        .into_iter()
        .filter_map(|row| ProductId::parse(&row.id))
        .collect();
    if products.is_empty() {
        anyhow::bail!("the shop has no products: add some (or run generate-catalog) first");
    }
    let current: HashMap<ProductId, CurrentProduct> =
        orders_repo::products(db, &products, rules.default_rate).await?;
    let customers = customers(db, seed).await?;
    let mut rng = StdRng::seed_from_u64(seed);
    let now = OffsetDateTime::now_utc();
    let span = Duration::days(i64::from(days.max(1)));
    let mut done = 0;
    while done < count {
        let size = BATCH.min(count - done);
        let mut batch = Vec::with_capacity(size);
        for n in done..done + size {
            // Order n of count is placed (count - n) / count of the span ago, give or take.
            let age = span * ((count - n) as f64 / count as f64);
            let placed = now - age;
            let customer = customers.choose(&mut rng).context("no customers")?;
            let line_count = rng.gen_range(1..=4);
            let lines: Vec<(ProductId, u32)> = products
                .choose_multiple(&mut rng, line_count)
                .map(|id| (id.clone(), rng.gen_range(1..=3)))
                .collect();
            let (status, method) = standing(&mut rng, age);
            let ship_to = ShipTo {
                name: customer.username.clone(),
                email: customer.email.clone(),
                address: customer.address.clone(),
                city: customer.city.clone(),
                state: customer.state.clone(),
                pin_code: Some(customer.pin_code.clone()).filter(|pin| !pin.is_empty()),
                phone: Some(customer.mobile.clone()),
                company: customer.company.clone(),
            };
            let fields = workflow::priced_fields(rules, &ship_to, &lines, &current, method, status)
                .map_err(|error| anyhow::anyhow!("pricing a made-up order: {error}"))?;
            let invoiced = matches!(status, OrderStatus::Shipped | OrderStatus::Delivered);
            let invoice_date = (placed + Duration::days(1)).min(now);
            batch.push(GeneratedOrder {
                id: crate::domain::OrderId::generate().record(),
                user: surrealdb::types::RecordId::new("user", customer.id.as_str()),
                fields,
                created_at: datetime(placed)?,
                invoice: invoiced.then(|| series::invoice(invoice_date)),
                invoice_date: datetime(invoice_date)?,
            });
        }
        repo::insert_orders(db, batch).await?;
        done += size;
        progress(done);
    }
    // The dashboard's kept days do not know these orders: it sums them again when asked.
    repo::forget_sales_days(db).await?;
    Ok(())
}

fn datetime(at: OffsetDateTime) -> anyhow::Result<surrealdb::types::Datetime> {
    surrealdb::types::Datetime::try_from((at.unix_timestamp(), at.nanosecond()))
        .map_err(|error| anyhow::anyhow!("a time out of range: {error:?}"))
}
