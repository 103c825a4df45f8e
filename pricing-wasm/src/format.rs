//! Rupee text: en-IN display with Indian digit grouping, and amounts in words for invoices.

use crate::money::Money;

/// en-IN currency text with Indian digit grouping: `123456.5` is `₹1,23,456.50`.
///
/// The last three digits of the rupees form one group and every two digits before them another,
/// as `Intl.NumberFormat('en-IN', {style: 'currency', currency: 'INR'})` writes them. Negative
/// amounts carry a leading minus: `-₹500.00`.
pub fn format_inr(amount: Money) -> String {
    let (rupees, paise) = amount.rupees_and_paise();
    let sign = if amount.is_negative() { "-" } else { "" };
    format!("{sign}₹{}.{paise:02}", group_indian(&rupees.to_string()))
}

/// Groups a string of digits the Indian way: `1234567` becomes `12,34,567`.
fn group_indian(digits: &str) -> String {
    let mut grouped = String::with_capacity(digits.len() + digits.len() / 2);
    // The last three digits form one group and every two before them another, so a comma
    // precedes each digit whose distance from the end is odd and at least 3.
    for (index, digit) in digits.char_indices() {
        let from_end = digits.len() - index;
        if index > 0 && from_end >= 3 && from_end % 2 == 1 {
            grouped.push(',');
        }
        grouped.push(digit);
    }
    grouped
}

const ONES: [&str; 20] = [
    "Zero",
    "One",
    "Two",
    "Three",
    "Four",
    "Five",
    "Six",
    "Seven",
    "Eight",
    "Nine",
    "Ten",
    "Eleven",
    "Twelve",
    "Thirteen",
    "Fourteen",
    "Fifteen",
    "Sixteen",
    "Seventeen",
    "Eighteen",
    "Nineteen",
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
        _ => format!(
            "{} Hundred {}",
            ONES[hundreds as usize],
            below_hundred(rest)
        ),
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
    let mut words = String::new();
    let mut add = |part: String| {
        if !words.is_empty() {
            words.push(' ');
        }
        words.push_str(&part);
    };
    if crores > 0 {
        add(format!("{} Crore", indian_words(crores)));
    }
    if lakhs > 0 {
        add(format!("{} Lakh", below_hundred(lakhs)));
    }
    if thousands > 0 {
        add(format!("{} Thousand", below_hundred(thousands)));
    }
    if rest > 0 {
        add(below_thousand(rest));
    }
    words
}

/// An amount in words in the Indian system, as an invoice states it:
/// `123456.5` is `Rupees One Lakh Twenty-Three Thousand Four Hundred Fifty-Six and Fifty Paise Only`.
pub fn amount_in_words(amount: Money) -> String {
    let (rupees, paise) = amount.rupees_and_paise();
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
        assert_eq!(
            amount_in_words(money("0.05")),
            "Rupees Zero and Five Paise Only"
        );
        assert_eq!(
            amount_in_words(money("21000000")),
            "Rupees Two Crore Ten Lakh Only"
        );
    }
}
