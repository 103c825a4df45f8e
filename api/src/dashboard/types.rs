//! The dashboard's request and answer.

use std::collections::BTreeMap;

use pricing::Money;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

/// `GET /dashboard?days=`.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct DashboardParams {
    /// The period: 7, 30 (the default) or 90 days, the last of them today (India time).
    pub days: Option<u32>,
}

/// Sales of a period: orders placed in it that were not cancelled.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PeriodSales {
    /// The sum of their totals, GST and delivery included.
    #[schema(value_type = f64)]
    pub revenue: Money,
    pub orders: u32,
    /// Revenue per order, to the paisa; 0 without orders.
    #[schema(value_type = f64)]
    pub average_order_value: Money,
}

/// One day of the chart.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct DailySales {
    /// `2026-11-25`, a day in India.
    pub date: String,
    #[schema(value_type = f64)]
    pub revenue: Money,
    pub orders: u32,
}

/// A best seller of the period.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct TopProduct {
    #[serde(rename = "_id")]
    pub id: String,
    /// Its title now (or as ordered, if it was deleted).
    pub title: String,
    pub units: u32,
    /// What its lines were charged, after their share of discounts.
    #[schema(value_type = f64)]
    pub revenue: Money,
}

/// A product running out.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct LowStock {
    #[serde(rename = "_id")]
    pub id: String,
    pub title: String,
    pub stock: i64,
}

/// `GET /dashboard`: the period's sales with those of the period before, day by day, orders by
/// status, the five best sellers and the products at or below the low-stock threshold.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Dashboard {
    pub days: u32,
    /// The first day of the period (India time).
    pub from: String,
    /// The last day: today.
    pub to: String,
    #[schema(value_type = f64)]
    pub revenue: Money,
    pub orders: u32,
    #[schema(value_type = f64)]
    pub average_order_value: Money,
    /// The same figures for the as many days before.
    pub previous: PeriodSales,
    /// Orders placed in the period by their status now, cancelled ones included; every status
    /// is present.
    pub by_status: BTreeMap<String, u32>,
    /// Every day of the period, oldest first, days without orders as zeros.
    pub daily: Vec<DailySales>,
    pub top_products: Vec<TopProduct>,
    /// Products with at most `lowStockThreshold` units, fewest first (at most 10).
    pub low_stock: Vec<LowStock>,
    pub low_stock_threshold: i64,
}
