//! A realistic tax invoice of any length, priced by the pricing crate: for the renderer's tests,
//! the render bench and looking at the layout (`whisk` has no command for it; the tests write
//! none to disk).

use pricing::{DeliveryTerms, GstRate, Money, Supply, TaxedLine, taxed_order};

use crate::invoices::document::{BilledTo, DocumentKind, Invoice, InvoiceLine, ShopDetails};

const PRODUCTS: &[(&str, &str, i64, u8)] = &[
    (
        "Valrhona Dark Chocolate Couverture 70% (1 kg block)",
        "1806",
        2450,
        18,
    ),
    (
        "Madagascar Bourbon Vanilla Beans, Grade A, pack of 10, hand-picked and fragrant",
        "0905",
        1899,
        5,
    ),
    ("Silicone Macaron Mat", "3924", 349, 18),
    ("Unbleached All-Purpose Flour 2.27 kg", "1101", 1125, 5),
    ("Gel Food Colour, Rose Pink", "3203", 95, 18),
    ("Non-stick Springform Pan 9 inch", "7615", 749, 5),
];

/// An order of `lines` items with a ₹500.50 discount as a tax invoice for `supply`.
pub fn invoice(lines: usize, supply: Supply) -> Invoice {
    let items: Vec<(String, &str, TaxedLine)> = (0..lines)
        .map(|index| {
            let (name, hsn, rupees, rate) = PRODUCTS[index % PRODUCTS.len()];
            let line = TaxedLine {
                price: Money::from_rupees(rupees),
                amount: (index % 4) as u32 + 1,
                gst_rate: GstRate::percent(rate),
            };
            (format!("{name} #{}", index + 1), hsn, line)
        })
        .collect();
    let taxed_lines: Vec<TaxedLine> = items.iter().map(|(_, _, line)| *line).collect();
    let order = taxed_order(
        &taxed_lines,
        Money::from_paise(50_050),
        Money::ZERO,
        supply,
        &DeliveryTerms::FREE,
    );
    let (place, billed_state) = if supply == Supply::InterState {
        ("Maharashtra (27)", "Maharashtra")
    } else {
        ("Karnataka (29)", "Karnataka")
    };
    Invoice {
        kind: DocumentKind::TaxInvoice,
        shop: ShopDetails {
            name: "Whisk Baking Supplies".into(),
            legal_name: "Whisk Baking Supplies Private Limited".into(),
            address_lines: vec![
                "Unit 7, Koramangala Industrial Layout".into(),
                "Bengaluru, Karnataka 560095".into(),
            ],
            email: "orders@whisk.example".into(),
            gstin: "29AAFCW4821K1ZX".into(),
            state: "Karnataka (29)".into(),
        },
        billed_to: BilledTo {
            name: "Asha Verma".into(),
            address: "Flat 12B, Lake View Apartments, 4th Cross, Indiranagar".into(),
            city: if supply == Supply::InterState {
                "Pune".into()
            } else {
                "Bengaluru".into()
            },
            state: billed_state.into(),
            company: "Asha Cakes LLP".into(),
            email: "asha.verma@example.com".into(),
            gstin: (supply == Supply::InterState).then(|| "27AAPFU0939F1ZV".into()),
        },
        invoice_number: "WSK/26-27/00001".into(),
        order_id: "ORD1001".into(),
        date: "23 Nov 2026".into(),
        status: "Shipped".into(),
        place_of_supply: place.into(),
        supply,
        lines: items
            .iter()
            .zip(&order.lines)
            .map(|((description, hsn, line), money)| InvoiceLine {
                description: description.clone(),
                hsn: (*hsn).to_owned(),
                unit_cost: line.price,
                quantity: line.amount,
                amount: money.value,
                discount: money.discount,
                taxable_value: money.tax.taxable_value,
                rate: line.gst_rate,
                cgst: money.tax.cgst,
                sgst: money.tax.sgst,
                utgst: money.tax.utgst,
                igst: money.tax.igst,
            })
            .collect(),
        subtotal: order.subtotal,
        discount: order.coupon_discount + order.discount,
        taxable_total: order.tax.taxable_value,
        cgst: order.tax.cgst,
        sgst: order.tax.sgst,
        utgst: order.tax.utgst,
        igst: order.tax.igst,
        total: order.total,
    }
}
