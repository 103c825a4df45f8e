//! Rupee text: en-IN display with Indian digit grouping, and amounts in words for invoices.

use rust_decimal::Decimal;
use rust_decimal::prelude::ToPrimitive;

use crate::money::{MONEY_SCALE, Money};

/// en-IN currency text with Indian digit grouping: `123456.5` is `₹1,23,456.50`.
///
/// The last three digits of the rupees form one group and every two digits before them another,
/// as `Intl.NumberFormat('en-IN', {style: 'currency', currency: 'INR'})` writes them. Negative
/// amounts carry a leading minus: `-₹500.00`.
pub fn format_inr(amount: Money) -> String {
    let mut fixed = amount.as_decimal().abs();
    fixed.rescale(MONEY_SCALE);
    let text = fixed.to_string();
    let (rupees, paise) = text.split_once('.').unwrap_or((text.as_str(), "00"));
    let sign = if amount.is_negative() { "-" } else { "" };
    format!("{sign}₹{}.{paise}", group_indian(rupees))
}

/// Groups a string of digits the Indian way: `1234567` becomes `12,34,567`.
fn group_indian(digits: &str) -> String {
    if digits.len() <= 3 {
        return digits.to_owned();
    }
    let (head, last_three) = digits.split_at(digits.len() - 3);
    let mut groups: Vec<&str> = Vec::new();
    let mut end = head.len();
    while end > 0 {
        let start = end.saturating_sub(2);
        groups.push(&head[start..end]);
        end = start;
    }
    groups.reverse();
    format!("{},{last_three}", groups.join(","))
}

const ONES: [&str; 20] = [
    "Zero", "One", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten", "Eleven",
    "Twelve", "Thirteen", "Fourteen", "Fifteen", "Sixteen", "Seventeen", "Eighteen", "Nineteen",
];
const TENS: [&str; 10] = [
    "", "", "Twenty", "Thirty", "Forty", "Fifty", "Sixty", "Seventy", "Eighty", "Ninety",
];

/// Words for 0..=99: `Fifty-Six`.
fn below_hundred(n: u64) -> String {
    match n {
        0..=19 => ONES[n as usize].to_owned(),
        _ if n.is_multiple_of(10) => TENS[(n / 10) as usize].to_owned(),
        _ => format!("{}-{}", TENS[(n / 10) as usize], ONES[(n % 10) as usize]),
    }
}

/// Words for 1..=999: `Four Hundred Fifty-Six`.
fn below_thousand(n: u64) -> String {
    let hundreds = n / 100;
    let rest = n % 100;
    match (hundreds, rest) {
        (0, _) => below_hundred(rest),
        (_, 0) => format!("{} Hundred", ONES[hundreds as usize]),
        _ => format!("{} Hundred {}", ONES[hundreds as usize], below_hundred(rest)),
    }
}

/// Words for a whole number in the Indian system (thousand, lakh, crore).
fn indian_words(n: u64) -> String {
    if n == 0 {
        return ONES[0].to_owned();
    }
    let crores = n / 10_000_000;
    let lakhs = (n / 100_000) % 100;
    let thousands = (n / 1_000) % 100;
    let rest = n % 1_000;
    let mut parts = Vec::new();
    if crores > 0 {
        parts.push(format!("{} Crore", indian_words(crores)));
    }
    if lakhs > 0 {
        parts.push(format!("{} Lakh", below_hundred(lakhs)));
    }
    if thousands > 0 {
        parts.push(format!("{} Thousand", below_hundred(thousands)));
    }
    if rest > 0 {
        parts.push(below_thousand(rest));
    }
    parts.join(" ")
}

/// An amount in words in the Indian system, as an invoice states it:
/// `123456.5` is `Rupees One Lakh Twenty-Three Thousand Four Hundred Fifty-Six and Fifty Paise Only`.
pub fn amount_in_words(amount: Money) -> String {
    let value = amount.as_decimal().abs();
    let rupees = value.trunc().to_u64().unwrap_or(0);
    let paise = ((value - value.trunc()) * Decimal::ONE_HUNDRED).to_u64().unwrap_or(0);
    let sign = if amount.is_negative() { "Minus " } else { "" };
    let mut words = format!("{sign}Rupees {}", indian_words(rupees));
    if paise > 0 {
        words.push_str(&format!(" and {} Paise", below_hundred(paise)));
    }
    words.push_str(" Only");
    words
}

#[cfg(test)]
mod tests {
    use super::*;

    fn money(text: &str) -> Money {
        text.parse().unwrap()
    }

    #[test]
    fn groups_digits_the_indian_way() {
        assert_eq!(format_inr(money("123456.5")), "₹1,23,456.50");
        assert_eq!(format_inr(money("0")), "₹0.00");
        assert_eq!(format_inr(money("999")), "₹999.00");
        assert_eq!(format_inr(money("1000")), "₹1,000.00");
        assert_eq!(format_inr(money("12345678.9")), "₹1,23,45,678.90");
        assert_eq!(format_inr(money("-500")), "-₹500.00");
    }

    #[test]
    fn writes_amounts_in_indian_words() {
        assert_eq!(
            amount_in_words(money("123456.5")),
            "Rupees One Lakh Twenty-Three Thousand Four Hundred Fifty-Six and Fifty Paise Only"
        );
        assert_eq!(amount_in_words(money("0")), "Rupees Zero Only");
        assert_eq!(amount_in_words(money("100")), "Rupees One Hundred Only");
        assert_eq!(amount_in_words(money("0.05")), "Rupees Zero and Five Paise Only");
        assert_eq!(
            amount_in_words(money("21000000")),
            "Rupees Two Crore Ten Lakh Only"
        );
    }
}
