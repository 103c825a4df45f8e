//! `whisk generate-orders`: a made-up history that reads like real orders: priced by the
//! placement's code, numbered from the shop's counter, invoiced in consecutive series.

use surrealdb::types::SurrealValue;
use whisk_api::config::Config;
use whisk_api::db;
use whisk_api::orders::workflow::TaxRules;
use whisk_api::seed;

#[derive(Debug, SurrealValue)]
#[surreal(crate = "surrealdb::types")]
struct Row {
    order_id: String,
    status: String,
    invoice_number: Option<String>,
    age_days: i64,
    lines_sum: rust_decimal::Decimal,
    charge_total: rust_decimal::Decimal,
    order_total: rust_decimal::Decimal,
    delivery: rust_decimal::Decimal,
    has_tax: bool,
}

#[tokio::test]
async fn generated_orders_are_numbered_priced_invoiced_and_spread_over_the_days() {
    let root = tempfile::tempdir().unwrap();
    let config = Config::for_tests(root.path().join("db"), root.path().join("dist"));
    let database = db::connect_and_migrate(&config).await.unwrap();
    let empty = TaxRules {
        shop_state: config.shop.state,
        default_rate: config.gst.default_rate,
        delivery: config.delivery,
    };
    let refused = seed::orders::generate(&database, empty, 10, 30, 1, |_| {}).await;
    assert!(refused.unwrap_err().to_string().contains("no products"));

    seed::generate::generate(&database, 40, 1, |_| {})
        .await
        .unwrap();
    let mut heard = Vec::new();
    seed::orders::generate(&database, empty, 1500, 90, 7, |done| heard.push(done))
        .await
        .unwrap();
    assert_eq!(heard, [1000, 1500], "progress after each transaction");

    let mut response = database
        .query(
            "SELECT order_id, status, invoice_number, \
                 duration::days(time::now() - created_at) AS age_days, \
                 math::sum(cart_items.map(|$i| $i.price * $i.amount)) AS lines_sum, charge_total, order_total, \
                 delivery.charge AS delivery, taxable_total != NONE AS has_tax, created_at \
             FROM shop_order ORDER BY created_at",
        )
        .await
        .unwrap();
    let rows: Vec<Row> = response.take(0).unwrap();
    assert_eq!(rows.len(), 1500);
    let numbers: Vec<String> = rows.iter().map(|row| row.order_id.clone()).collect();
    let expected: Vec<String> = (1001..=2500).map(|n| format!("ORD{n}")).collect();
    assert_eq!(
        numbers, expected,
        "numbered in order of placing, from the shop's counter"
    );
    for row in &rows {
        assert!((0..=90).contains(&row.age_days), "{row:?}");
        assert_eq!(row.lines_sum, row.charge_total, "{row:?}");
        assert_eq!(row.order_total, row.charge_total + row.delivery, "{row:?}");
        assert!(row.has_tax, "GST is split out: {row:?}");
        let invoiced = matches!(row.status.as_str(), "shipped" | "delivered");
        assert_eq!(row.invoice_number.is_some(), invoiced, "{row:?}");
    }
    let statuses: std::collections::BTreeSet<&str> =
        rows.iter().map(|row| row.status.as_str()).collect();
    assert!(
        statuses.contains("delivered") && statuses.contains("cancelled"),
        "{statuses:?}"
    );
    let mut invoices: Vec<&str> = rows
        .iter()
        .filter_map(|row| row.invoice_number.as_deref())
        .collect();
    invoices.sort_unstable();
    let mut by_series: std::collections::BTreeMap<&str, Vec<u32>> = Default::default();
    for number in invoices {
        let (series, n) = number.rsplit_once('/').unwrap();
        by_series
            .entry(series)
            .or_default()
            .push(n.parse().unwrap());
    }
    for (series, numbers) in by_series {
        let consecutive: Vec<u32> = (1..=u32::try_from(numbers.len()).unwrap()).collect();
        assert_eq!(numbers, consecutive, "{series} has no gaps");
    }
}
