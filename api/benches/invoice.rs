//! How long one PDF invoice takes to render: a typical 10-line order and a 60-line order that
//! runs to three pages: criterion's estimate of the mean, then the median and p99 of 300 timed
//! renders each. Run with `cargo bench --workspace --bench invoice`.
#![allow(missing_docs)] // criterion_group! generates an undocumented public function

use std::hint::black_box;

use criterion::{Criterion, criterion_group};
use pricing::Money;
use whisk_api::invoices::{BilledTo, Invoice, InvoiceLine, ShopDetails, render};

const PRODUCTS: &[(&str, i64)] = &[
    ("Valrhona Dark Chocolate Couverture 70% (1 kg block)", 2450),
    (
        "Madagascar Bourbon Vanilla Beans, Grade A, pack of 10, hand-picked and fragrant",
        1899,
    ),
    ("Silicone Macaron Mat", 349),
    ("Unbleached All-Purpose Flour 2.27 kg", 1125),
    ("Gel Food Colour, Rose Pink", 95),
    ("Non-stick Springform Pan 9 inch", 749),
];

/// An order of `lines` items with a discount, as an invoice.
fn invoice(lines: usize) -> Invoice {
    let lines: Vec<InvoiceLine> = (0..lines)
        .map(|index| {
            let (name, rupees) = PRODUCTS[index % PRODUCTS.len()];
            let unit_cost = Money::from_rupees(rupees);
            let quantity = (index % 4) as u32 + 1;
            InvoiceLine {
                description: format!("{name} #{}", index + 1),
                unit_cost,
                quantity,
                amount: unit_cost.times(quantity),
            }
        })
        .collect();
    let subtotal: Money = lines.iter().map(|line| line.amount).sum();
    let discount = Money::from_paise(50_050);
    Invoice {
        shop: ShopDetails {
            name: "Whisk Baking Supplies".into(),
            address_lines: vec![
                "Unit 7, Koramangala Industrial Layout".into(),
                "Bengaluru, Karnataka 560095".into(),
            ],
            email: "orders@whisk.example".into(),
        },
        billed_to: BilledTo {
            name: "Asha Verma".into(),
            address: "Flat 12B, Lake View Apartments, 4th Cross, Indiranagar".into(),
            city: "Bengaluru".into(),
            state: "Karnataka".into(),
            company: String::new(),
            email: "asha.verma@example.com".into(),
        },
        invoice_number: "INV-ORD1001".into(),
        order_id: "ORD1001".into(),
        date: "23 Nov 2026".into(),
        status: "Delivered".into(),
        lines,
        subtotal,
        discount,
        total: subtotal - discount,
    }
}

fn render_invoices(c: &mut Criterion) {
    let mut group = c.benchmark_group("invoice_render");
    for lines in [10, 60] {
        let invoice = invoice(lines);
        group.bench_function(format!("{lines}_lines"), |b| {
            b.iter(|| render(black_box(&invoice)).map(|pdf| pdf.len()))
        });
    }
    group.finish();
}

/// Times `RENDERS` renders one by one and prints their median and p99.
fn render_percentiles() {
    const RENDERS: usize = 300;
    for lines in [10, 60] {
        let invoice = invoice(lines);
        let mut took: Vec<std::time::Duration> = (0..RENDERS)
            .map(|_| {
                let started = std::time::Instant::now();
                black_box(render(black_box(&invoice)).expect("the invoice renders"));
                started.elapsed()
            })
            .collect();
        took.sort_unstable();
        let at = |share: f64| took[((RENDERS - 1) as f64 * share).round() as usize].as_secs_f64() * 1000.0;
        println!("invoice_render/{lines}_lines: {RENDERS} renders, median {:.2} ms, p99 {:.2} ms, max {:.2} ms", at(0.5), at(0.99), at(1.0));
    }
}

criterion_group!(benches, render_invoices);

fn main() {
    benches();
    render_percentiles();
    Criterion::default().configure_from_args().final_summary();
}
