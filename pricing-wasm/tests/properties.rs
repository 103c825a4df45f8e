//! Properties of the cart and order totals that must hold for any input.

use pricing::{Cart, CartLine, Money, OrderLine, order_totals};
use proptest::prelude::*;

fn money() -> impl Strategy<Value = Money> {
    (0i64..2_000_000).prop_map(Money::from_paise)
}

fn order_line() -> impl Strategy<Value = OrderLine> {
    (money(), 1u32..=20).prop_map(|(price, amount)| OrderLine { price, amount })
}

fn cart_line(index: usize) -> impl Strategy<Value = CartLine> {
    (money(), 1u32..=20).prop_map(move |(price, amount)| CartLine {
        cart_id: format!("line-{index}"),
        product_id: format!("product-{index}"),
        image: String::new(),
        title: format!("Product {index}"),
        price,
        company: "Whisk".into(),
        amount,
    })
}

fn distinct_lines() -> impl Strategy<Value = Vec<CartLine>> {
    (0usize..12).prop_flat_map(|count| (0..count).map(cart_line).collect::<Vec<_>>())
}

proptest! {
    #[test]
    fn totals_are_never_negative(lines in prop::collection::vec(order_line(), 0..30), discount in (-100_000i64..10_000_000).prop_map(Money::from_paise)) {
        let totals = order_totals(&lines, discount);
        prop_assert!(!totals.total.is_negative());
        prop_assert!(!totals.subtotal.is_negative());
        prop_assert!(totals.total <= totals.subtotal);
    }

    #[test]
    fn line_order_does_not_matter(mut lines in prop::collection::vec(order_line(), 0..30), discount in money(), seed in any::<u64>()) {
        let before = order_totals(&lines, discount);
        let len = lines.len().max(1);
        lines.rotate_left((seed as usize) % len);
        lines.reverse();
        prop_assert_eq!(order_totals(&lines, discount), before);
    }

    #[test]
    fn adding_then_removing_a_line_is_identity(lines in distinct_lines(), extra in cart_line(999)) {
        let cart = lines.into_iter().fold(Cart::empty(), |cart, line| cart.add_item(line));
        prop_assert_eq!(cart.add_item(extra.clone()).remove_item(&extra.cart_id), cart);
    }

    #[test]
    fn editing_keeps_the_count_consistent(lines in distinct_lines(), pick in any::<prop::sample::Index>(), amount in 1u32..=20) {
        let cart = lines.into_iter().fold(Cart::empty(), |cart, line| cart.add_item(line));
        prop_assume!(!cart.cart_items.is_empty());
        let target = pick.get(&cart.cart_items).cart_id.clone();
        let edited = cart.edit_item(&target, amount);
        let sum: u32 = edited.cart_items.iter().map(|line| line.amount).sum();
        prop_assert_eq!(edited.num_items_in_cart, sum);
        prop_assert_eq!(edited.cart_items.len(), cart.cart_items.len());
        let total: Money = edited.cart_items.iter().map(|line| line.price.times(line.amount)).sum();
        prop_assert_eq!(edited.cart_total, total);
        prop_assert_eq!(edited.order_total, edited.cart_total);
    }
}
