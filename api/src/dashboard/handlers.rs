//! The dashboard call.

// utoipa's `params(...)` expansion names the params type with a path unused_qualifications flags.
#![allow(unused_qualifications)]

use std::collections::{BTreeMap, HashMap};

use axum::Json;
use axum::extract::State;
use pricing::Money;
use rust_decimal::Decimal;
use time::OffsetDateTime;

use crate::auth::session::Admin;
use crate::dashboard::days::{self, date_text};
use crate::dashboard::period::{PERIODS, Period};
use crate::dashboard::repo::{self, LowStockRow, SalesDay};
use crate::dashboard::types::{
    DailySales, Dashboard, DashboardParams, LowStock, PeriodSales, TopProduct,
};
use crate::domain::ProductId;
use crate::error::{ApiError, ApiResult};
use crate::extract::ApiQuery;
use crate::orders::types::OrderStatus;
use crate::state::AppState;

/// How many best sellers the dashboard lists.
const TOP_PRODUCTS: usize = 5;

/// The period when none is asked for, in days.
const DEFAULT_DAYS: u32 = 30;

fn money(value: Decimal) -> Money {
    Money::round(value)
}

fn count(value: i64) -> u32 {
    u32::try_from(value).unwrap_or(0)
}

/// Revenue and orders with their average, to the paisa.
fn sales(revenue: Money, orders: u32) -> PeriodSales {
    PeriodSales {
        revenue,
        orders,
        average_order_value: if orders == 0 {
            Money::ZERO
        } else {
            revenue
                .times_ratio(1, i64::from(orders))
                .unwrap_or(Money::ZERO)
        },
    }
}

/// A product's sales summed over days.
#[derive(Debug, Default)]
struct ProductTotal {
    name: Option<String>,
    units: u32,
    revenue: Money,
}

/// The dashboard of `period` from its days' sums (`days`, by date, the period before included;
/// a date without sums had no orders) and the products running out. Best sellers carry a name
/// they were ordered under; the handler puts in their titles now.
fn assemble(
    period: Period,
    days: &HashMap<String, SalesDay>,
    low_stock: Vec<LowStockRow>,
    threshold: i64,
) -> Dashboard {
    let daily: Vec<DailySales> = period
        .dates()
        .map(|date| {
            let date = date_text(date);
            let (revenue, orders) = days.get(&date).map_or((Money::ZERO, 0), |day| {
                (money(day.revenue), count(day.orders))
            });
            DailySales {
                date,
                revenue,
                orders,
            }
        })
        .collect();
    let current = sales(
        daily.iter().map(|day| day.revenue).sum(),
        daily.iter().map(|day| day.orders).sum(),
    );
    let before: Vec<&SalesDay> = period
        .previous_dates()
        .filter_map(|date| days.get(&date_text(date)))
        .collect();
    let previous = sales(
        before.iter().map(|day| money(day.revenue)).sum(),
        before.iter().map(|day| count(day.orders)).sum(),
    );
    let mut by_status: BTreeMap<String, u32> = [
        OrderStatus::Pending,
        OrderStatus::Paid,
        OrderStatus::Shipped,
        OrderStatus::Delivered,
        OrderStatus::Cancelled,
    ]
    .into_iter()
    .map(|status| (status.as_str().to_owned(), 0))
    .collect();
    let mut products: HashMap<String, ProductTotal> = HashMap::new();
    for day in daily.iter().filter_map(|day| days.get(&day.date)) {
        for row in &day.statuses {
            *by_status.entry(row.status.clone()).or_default() += count(row.orders);
        }
        for row in &day.products {
            let id = ProductId::from_record(&row.product)
                .map(|id| id.key().to_owned())
                .unwrap_or_default();
            let total = products.entry(id).or_default();
            total.name = total.name.take().or_else(|| row.name.clone());
            total.units += count(row.units);
            total.revenue = total.revenue + money(row.gross) - money(row.discounts);
        }
    }
    let mut top_products: Vec<TopProduct> = products
        .into_iter()
        .map(|(id, total)| TopProduct {
            title: total.name.unwrap_or_default(),
            id,
            units: total.units,
            revenue: total.revenue,
        })
        .collect();
    top_products.sort_by(|a, b| {
        b.revenue
            .cmp(&a.revenue)
            .then(b.units.cmp(&a.units))
            .then(a.id.cmp(&b.id))
    });
    top_products.truncate(TOP_PRODUCTS);
    Dashboard {
        days: period.days,
        from: date_text(period.first_day),
        to: daily.last().map(|day| day.date.clone()).unwrap_or_default(),
        revenue: current.revenue,
        orders: current.orders,
        average_order_value: current.average_order_value,
        previous,
        by_status,
        daily,
        top_products,
        low_stock: low_stock
            .into_iter()
            .map(|row| LowStock {
                id: row.id,
                title: row.title,
                stock: row.stock,
            })
            .collect(),
        low_stock_threshold: threshold,
    }
}

/// The shop's sales over the last 7, 30 or 90 days against the days before, day by day, orders
/// by status, best sellers and low stock (admins).
#[utoipa::path(get, path = "/api/v1/dashboard", operation_id = "get_dashboard", tag = "dashboard", params(DashboardParams), security(("bearer" = [])),
    responses((status = 200, body = Dashboard), (status = 400, body = crate::error::ErrorEnvelope), (status = 401, body = crate::error::ErrorEnvelope)))]
pub async fn dashboard(
    State(state): State<AppState>,
    _admin: Admin,
    ApiQuery(params): ApiQuery<DashboardParams>,
) -> ApiResult<Json<Dashboard>> {
    let days = params.days.unwrap_or(DEFAULT_DAYS);
    if !PERIODS.contains(&days) {
        return Err(ApiError::invalid_field("days", "must be 7, 30 or 90"));
    }
    let period = Period::ending(OffsetDateTime::now_utc(), days);
    let threshold = state.config.low_stock_threshold;
    let sums = days::period_days(&state.db, period).await?;
    let low_stock = repo::low_stock(&state.db, threshold).await?;
    let mut dashboard = assemble(period, &sums, low_stock, threshold);
    let wanted = dashboard
        .top_products
        .iter()
        .filter_map(|product| ProductId::parse(&product.id).map(|id| id.record()))
        .collect();
    let titles: HashMap<String, String> =
        repo::titles(&state.db, wanted).await?.into_iter().collect();
    for product in &mut dashboard.top_products {
        if let Some(title) = titles.get(&product.id) {
            product.title.clone_from(title);
        }
    }
    Ok(Json(dashboard))
}

#[cfg(test)]
mod tests {
    use time::macros::datetime;

    use super::*;
    use crate::dashboard::repo::StatusCount;

    fn day(date: &str, revenue: &str, orders: i64) -> SalesDay {
        SalesDay {
            date: date.into(),
            revenue: revenue.parse().unwrap(),
            orders,
            statuses: vec![StatusCount {
                status: "pending".into(),
                orders,
            }],
            products: Vec::new(),
        }
    }

    #[test]
    fn days_without_orders_are_zeros_and_the_average_is_to_the_paisa() {
        let period = Period::ending(datetime!(2026-11-25 06:00 UTC), 7);
        let days: HashMap<String, SalesDay> = [
            day("2026-11-15", "100", 3),
            day("2026-11-20", "300.50", 2),
            day("2026-11-25", "99.50", 1),
        ]
        .into_iter()
        .map(|day| (day.date.clone(), day))
        .collect();
        let dashboard = assemble(period, &days, Vec::new(), 5);
        assert_eq!(
            (dashboard.from.as_str(), dashboard.to.as_str()),
            ("2026-11-19", "2026-11-25")
        );
        assert_eq!(dashboard.daily.len(), 7);
        assert_eq!(dashboard.daily[0].orders, 0);
        assert_eq!(dashboard.daily[1].revenue, Money::from_paise(30_050));
        assert_eq!(
            (dashboard.revenue, dashboard.orders),
            (Money::from_rupees(400), 3)
        );
        assert_eq!(dashboard.average_order_value, Money::from_paise(13_333));
        assert_eq!(
            (
                dashboard.previous.orders,
                dashboard.previous.average_order_value
            ),
            (3, Money::from_paise(3_333)),
            "the 15th is in the 7 days before"
        );
        assert_eq!(dashboard.by_status["pending"], 3);
        assert_eq!(dashboard.by_status["cancelled"], 0);
    }
}
