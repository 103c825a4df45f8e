//! Criterion benchmark: building a 50-line cart and totalling a 50-line order.
#![allow(missing_docs)] // criterion_group! generates an undocumented public function

use criterion::{Criterion, black_box, criterion_group, criterion_main};
use pricing::{Cart, CartLine, Money, OrderLine, order_totals};

fn lines() -> Vec<CartLine> {
    (0..50)
        .map(|index| CartLine {
            cart_id: format!("cart-{index}"),
            product_id: format!("product-{index}"),
            image: format!("/uploads/{index}.webp"),
            title: format!("Baking product {index}"),
            price: Money::from_paise(9_999 + index * 137),
            company: "Whisk Mills".into(),
            amount: (index % 20 + 1) as u32,
        })
        .collect()
}

fn bench_cart(c: &mut Criterion) {
    let lines = lines();
    c.bench_function("cart: add 50 lines one by one", |b| {
        b.iter(|| {
            lines
                .iter()
                .cloned()
                .fold(Cart::empty(), |cart, line| cart.add_item(black_box(line)))
        })
    });
    let cart = Cart::from_lines(lines.clone());
    c.bench_function("cart: edit one line of 50", |b| {
        b.iter(|| black_box(&cart).edit_item("cart-25", 7))
    });
    let order: Vec<OrderLine> = lines
        .iter()
        .map(|line| OrderLine {
            price: line.price,
            amount: line.amount,
        })
        .collect();
    c.bench_function("order totals: 50 lines", |b| {
        b.iter(|| order_totals(black_box(&order), Money::from_rupees(250)))
    });
}

criterion_group!(benches, bench_cart);
criterion_main!(benches);
