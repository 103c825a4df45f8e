//! How long one PDF invoice takes to render: a typical 10-line order and a 60-line order that
//! runs to four pages: criterion's estimate of the mean, then the median and p99 of 300 timed
//! renders each. Run with `cargo bench --workspace --bench invoice`.
#![allow(missing_docs)] // criterion_group! generates an undocumented public function

use std::hint::black_box;

use criterion::{Criterion, criterion_group};
use pricing::Supply;
use whisk_api::invoices::{Invoice, render, sample};

/// An order of `lines` items with a discount, as an inter-state tax invoice.
fn invoice(lines: usize) -> Invoice {
    sample::invoice(lines, Supply::InterState)
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
        let at = |share: f64| {
            took[((RENDERS - 1) as f64 * share).round() as usize].as_secs_f64() * 1000.0
        };
        println!(
            "invoice_render/{lines}_lines: {RENDERS} renders, median {:.2} ms, p99 {:.2} ms, max {:.2} ms",
            at(0.5),
            at(0.99),
            at(1.0)
        );
    }
}

criterion_group!(benches, render_invoices);

fn main() {
    benches();
    render_percentiles();
    Criterion::default().configure_from_args().final_summary();
}
