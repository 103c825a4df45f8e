//! All SurrealQL of the dashboard. Days are India days: a time is shifted by +05:30 before its
//! date is taken.
//!
//! **Closed days are kept.** Summing a period's orders on every request grows with the orders:
//! with 100,000 orders over a year, 30 days took 340 ms. So each day before today is summed once
//! into a `sales_day` record (its sales, its orders by status, its products), in a transaction
//! that also reads the orders, and the dashboard reads those records plus today's orders. An
//! admin edit or delete of an order removes the record of the day the order was placed, in the
//! order's own transaction (see `orders::repo`), so the day is summed again when next asked
//! for; the two transactions write the same record, so a summing that read the order before the
//! edit cannot commit after it. Placing an order never touches a kept day: it is today's.

use anyhow::Context;
use rust_decimal::Decimal;
use surrealdb::types::{RecordId, SurrealValue};
use time::OffsetDateTime;
use time::format_description::well_known::Rfc3339;

use crate::db::Db;

/// Orders of one status.
#[derive(Debug, Clone, SurrealValue)]
#[surreal(crate = "surrealdb::types")]
pub struct StatusCount {
    pub status: String,
    pub orders: i64,
}

/// A product's lines, summed.
#[derive(Debug, Clone, SurrealValue)]
#[surreal(crate = "surrealdb::types")]
pub struct ProductSales {
    pub product: RecordId,
    /// A name it was ordered under.
    pub name: Option<String>,
    pub units: i64,
    /// Price times amount over its lines.
    pub gross: Decimal,
    /// Its lines' shares of discounts.
    pub discounts: Decimal,
}

/// One India day's orders, summed: sales of those not cancelled, all of them by status, and
/// the products of those not cancelled.
#[derive(Debug, Clone, SurrealValue)]
#[surreal(crate = "surrealdb::types")]
pub struct SalesDay {
    /// `2026-11-25`.
    pub date: String,
    pub revenue: Decimal,
    pub orders: i64,
    pub statuses: Vec<StatusCount>,
    pub products: Vec<ProductSales>,
}

/// A product running out.
#[derive(Debug, Clone, SurrealValue)]
#[surreal(crate = "surrealdb::types")]
pub struct LowStockRow {
    pub id: String,
    pub title: String,
    pub stock: i64,
}

/// Sums the orders placed in `[start, end)` into one [`SalesDay`] for each of `dates` (all of
/// them, days without orders too): grouped by date and then looked up by date, so the work grows
/// with the orders and the days, not their product. As a statement fragment: kept days are
/// written from it, today is answered from it.
macro_rules! sum_days {
    () => {
        "LET $sales = SELECT time::format(created_at + 5h30m, '%Y-%m-%d') AS date, \
             <decimal> math::sum(order_total) AS revenue, count() AS orders FROM shop_order \
             WHERE created_at >= $start AND created_at < $end AND status != 'cancelled' GROUP BY date; \
         LET $statuses = SELECT date, array::group({ status: status, orders: orders }) AS rows FROM \
             (SELECT time::format(created_at + 5h30m, '%Y-%m-%d') AS date, status, count() AS orders \
                 FROM shop_order WHERE created_at >= $start AND created_at < $end GROUP BY date, status) \
             GROUP BY date; \
         LET $products = SELECT date, array::group({ product: product, name: name, units: units, \
                 gross: gross, discounts: discounts }) AS rows FROM \
             (SELECT date, product, array::first(array::group(name)) AS name, math::sum(amount) AS units, \
                 <decimal> math::sum(price * amount) AS gross, <decimal> math::sum(discount ?? 0dec) AS discounts \
                 FROM array::flatten(SELECT VALUE cart_items.map(|$line| $line + \
                     { date: time::format(created_at + 5h30m, '%Y-%m-%d') }) FROM shop_order \
                     WHERE created_at >= $start AND created_at < $end AND status != 'cancelled') \
                 GROUP BY date, product) \
             GROUP BY date; \
         LET $sales_on = object::from_entries($sales.map(|$row| [$row.date, $row])); \
         LET $statuses_on = object::from_entries($statuses.map(|$row| [$row.date, $row.rows])); \
         LET $products_on = object::from_entries($products.map(|$row| [$row.date, $row.rows])); \
         LET $days = $dates.map(|$date| { \
             date: $date, \
             revenue: $sales_on[$date].revenue ?? 0dec, \
             orders: $sales_on[$date].orders ?? 0, \
             statuses: $statuses_on[$date] ?? [], \
             products: $products_on[$date] ?? [] \
         }); "
    };
}

fn rfc3339(time: OffsetDateTime) -> anyhow::Result<String> {
    time.format(&Rfc3339).context("formatting a dashboard time")
}

/// The kept days from `first` to `last` (dates, inclusive) that are there.
pub async fn kept_days(db: &Db, first: &str, last: &str) -> anyhow::Result<Vec<SalesDay>> {
    let mut response = db
        .query(
            "SELECT date, revenue, orders, statuses, products FROM sales_day \
             WHERE date >= $first AND date <= $last",
        )
        .bind(("first", first.to_owned()))
        .bind(("last", last.to_owned()))
        .await
        .context("reading the kept sales days")?;
    response.take(0).context("reading the kept sales days")
}

/// Sums the orders of `dates`, the closed days from `start` to `end`, and keeps each as a
/// `sales_day`, in one transaction with the reading (see the module doc). Returns the days.
pub async fn keep_days(
    db: &Db,
    start: OffsetDateTime,
    end: OffsetDateTime,
    dates: Vec<String>,
) -> anyhow::Result<Vec<SalesDay>> {
    let mut response = db
        .query(concat!(
            "BEGIN; LET $start = <datetime> $start_text; LET $end = <datetime> $end_text; ",
            sum_days!(),
            "FOR $day IN $days { UPSERT type::record('sales_day', $day.date) CONTENT $day RETURN NONE; }; \
             COMMIT; \
             RETURN $days;"
        ))
        .bind(("start_text", rfc3339(start)?))
        .bind(("end_text", rfc3339(end)?))
        .bind(("dates", dates))
        .await
        .context("summing sales days")?;
    let last = response.num_statements() - 1;
    response.take(last).context("summing sales days")
}

/// Sums the orders placed from `start` until `end` (today so far) as the day `date`, without
/// keeping it.
pub async fn today(
    db: &Db,
    start: OffsetDateTime,
    end: OffsetDateTime,
    date: String,
) -> anyhow::Result<SalesDay> {
    let mut response = db
        .query(concat!(
            "LET $start = <datetime> $start_text; LET $end = <datetime> $end_text; ",
            sum_days!(),
            "RETURN $days[0];"
        ))
        .bind(("start_text", rfc3339(start)?))
        .bind(("end_text", rfc3339(end)?))
        .bind(("dates", vec![date]))
        .await
        .context("summing today's sales")?;
    let last = response.num_statements() - 1;
    let day: Option<SalesDay> = response.take(last).context("summing today's sales")?;
    day.context("today's sales")
}

/// The products with at most `threshold` units, fewest first (at most 10).
pub async fn low_stock(db: &Db, threshold: i64) -> anyhow::Result<Vec<LowStockRow>> {
    let mut response = db
        .query(
            "SELECT record::id(id) AS id, type::record('product', record::id(id)).title AS title, units AS stock \
             FROM product_stock WHERE units <= $threshold \
             AND record::exists(type::record('product', record::id(id))) \
             ORDER BY stock, title LIMIT 10",
        )
        .bind(("threshold", threshold))
        .await
        .context("reading the low stock")?;
    response.take(0).context("reading the low stock")
}

/// The current titles of `products` (deleted ones are missing).
pub async fn titles(db: &Db, products: Vec<RecordId>) -> anyhow::Result<Vec<(String, String)>> {
    #[derive(SurrealValue)]
    #[surreal(crate = "surrealdb::types")]
    struct Title {
        id: String,
        title: String,
    }
    let mut response = db
        .query("SELECT record::id(id) AS id, title FROM $products")
        .bind(("products", products))
        .await
        .context("reading product titles")?;
    let rows: Vec<Title> = response.take(0).context("reading product titles")?;
    Ok(rows.into_iter().map(|row| (row.id, row.title)).collect())
}

/// Forgets every kept day, so each is summed again from the orders when next asked for (after
/// orders were written around the order workflow: a restore, a bulk load).
pub async fn forget_days(db: &Db) -> anyhow::Result<()> {
    db.query("DELETE sales_day RETURN NONE")
        .await
        .context("forgetting the kept sales days")?
        .check()
        .context("forgetting the kept sales days")?;
    Ok(())
}
