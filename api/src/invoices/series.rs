//! The numbering of tax invoices and credit notes: one consecutive series per financial year
//! (April to March, in India time), `WSK/26-27/00001` and `CN/26-27/00001`. The numbers are
//! taken in the transaction of the status change (see `orders::repo::update`).

use crate::india_time::IST;
use surrealdb::types::RecordId;
use time::OffsetDateTime;

use crate::orders::repo::Issue;

/// The year a financial year starts in (April) for a moment, in India time: 2026 for 2026-27.
pub fn financial_year(now: OffsetDateTime) -> i32 {
    let local = now.to_offset(IST);
    if u8::from(local.month()) >= 4 {
        local.year()
    } else {
        local.year() - 1
    }
}

fn issue(counter: &str, prefix: &str, now: OffsetDateTime) -> Issue {
    let start = financial_year(now);
    Issue {
        counter: RecordId::new("counter", format!("{counter}_{start}")),
        prefix: format!(
            "{prefix}/{:02}-{:02}/",
            start.rem_euclid(100),
            (start + 1).rem_euclid(100)
        ),
    }
}

/// The tax invoice series of the financial year of `now`.
pub fn invoice(now: OffsetDateTime) -> Issue {
    issue("invoice", "WSK", now)
}

/// The credit note series of the financial year of `now`.
pub fn credit_note(now: OffsetDateTime) -> Issue {
    issue("credit_note", "CN", now)
}

#[cfg(test)]
mod tests {
    use super::*;
    use time::macros::datetime;

    #[test]
    fn the_year_turns_on_the_first_of_april_in_india() {
        assert_eq!(financial_year(datetime!(2026-11-24 10:00 UTC)), 2026);
        assert_eq!(
            financial_year(datetime!(2027-03-31 18:29 UTC)),
            2026,
            "23:59 IST on 31 March"
        );
        assert_eq!(
            financial_year(datetime!(2027-03-31 18:30 UTC)),
            2027,
            "00:00 IST on 1 April"
        );
        let issue = invoice(datetime!(2026-11-24 10:00 UTC));
        assert_eq!(
            (issue.prefix.as_str(), issue.counter),
            ("WSK/26-27/", RecordId::new("counter", "invoice_2026"))
        );
        assert_eq!(
            credit_note(datetime!(2099-05-01 0:00 UTC)).prefix,
            "CN/99-00/"
        );
        assert!(
            "WSK/26-27/999999".len() <= 16,
            "invoice numbers stay within 16 characters"
        );
    }
}
