//! Writes sample tax invoices and a credit note to a folder, to look at the layout:
//! `cargo run --release --workspace --example render_invoice -- /tmp/invoices`, then
//! `pdftoppm -png -r 80 /tmp/invoices/intra-10.pdf /tmp/invoices/intra-10`.

use pricing::Supply;
use whisk_api::invoices::{DocumentKind, render, sample};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let folder = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "invoices".to_owned());
    std::fs::create_dir_all(&folder)?;
    for (name, lines, supply) in [
        ("intra-10", 10, Supply::IntraState),
        ("inter-10", 10, Supply::InterState),
        ("intra-60", 60, Supply::IntraState),
        ("ut-3", 3, Supply::IntraTerritory),
    ] {
        let pdf = render(&sample::invoice(lines, supply))?;
        std::fs::write(format!("{folder}/{name}.pdf"), pdf)?;
    }
    let mut credit = sample::invoice(4, Supply::InterState);
    credit.kind = DocumentKind::CreditNote {
        invoice_number: credit.invoice_number.clone(),
        invoice_date: credit.date.clone(),
    };
    credit.invoice_number = "CN/26-27/00001".into();
    std::fs::write(format!("{folder}/credit-note.pdf"), render(&credit)?)?;
    println!("wrote the samples to {folder}");
    Ok(())
}
