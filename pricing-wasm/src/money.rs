//! Money: Indian rupees with two decimals.
//!
//! A [`Money`] is a whole number of paise; no float ever takes part in arithmetic. Whole paise
//! keep the crate free of a decimal library in the browser (the wasm stays small), and the API
//! converts to and from `rust_decimal` at its edge (the `decimal` feature).
//!
//! **Rounding rule.** Amounts are kept to the paisa. Sums of prices times whole amounts are exact
//! and never need rounding. Wherever a fraction of money has to become money (a share of a
//! percent, the tax in an inclusive price) it is rounded *half away from zero* to the paisa:
//! `0.005` becomes `0.01`, `-0.005` becomes `-0.01`, `2.344` becomes `2.34`.
//! [`Money::times_ratio`] is the only place that rounds (and `Money::round` for decimals).
//!
//! **Range.** Arithmetic saturates at the `i64` bounds instead of wrapping; [`crate::limits`]
//! keeps every real amount many orders of magnitude inside them.
//!
//! On the wire (JSON and the wasm boundary) money is a plain number in rupees such as `1299.5`.
//! A number is money when it is the float nearest to some amount of whole paise, so `0.1` is
//! exactly ten paise, and a number with more than two decimals is refused rather than silently
//! rounded.

use std::fmt;
use std::iter::Sum;
use std::ops::{Add, Mul, Sub};
use std::str::FromStr;

use serde::de::{self, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// The number of decimals money carries: rupees and paise.
pub const MONEY_SCALE: u32 = 2;

/// Paise in a rupee.
const PAISE_PER_RUPEE: i64 = 100;

/// The largest float that still holds every whole number of paise below it exactly (2^53).
const EXACT_FLOAT_PAISE: f64 = 9_007_199_254_740_992.0;

/// An amount of Indian rupees, exact to the paisa.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Money(i64);

/// Why a value could not become [`Money`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MoneyError {
    /// The text is not a decimal number.
    #[error("'{0}' is not a number")]
    NotANumber(String),
    /// The value has more than two decimals.
    #[error("{0} has more than two decimals")]
    TooManyDecimals(String),
    /// The value is beyond what money can hold.
    #[error("{0} is out of range")]
    OutOfRange(String),
    /// A number (from JSON or JavaScript) that is not a whole number of paise. It carries no
    /// text of the number: writing floats as text is what keeps the wasm large.
    #[error("the number has more than two decimals")]
    NumberNotInPaise,
    /// A number (from JSON or JavaScript) that is NaN, infinite or too large for money.
    #[error("the number is out of range")]
    NumberOutOfRange,
}

impl Money {
    /// Zero rupees.
    pub const ZERO: Money = Money(0);

    /// Money from whole rupees, usable in constants.
    pub const fn from_whole_rupees(rupees: i64) -> Money {
        Money(rupees.saturating_mul(PAISE_PER_RUPEE))
    }

    /// Money from whole rupees.
    pub fn from_rupees(rupees: i64) -> Money {
        Money::from_whole_rupees(rupees)
    }

    /// Money from paise (hundredths of a rupee).
    pub const fn from_paise(paise: i64) -> Money {
        Money(paise)
    }

    /// Money from a float: the amount of whole paise whose nearest float it is (so `0.1` is ten
    /// paise and `0.30000000000000004` is refused).
    pub fn from_f64(value: f64) -> Result<Money, MoneyError> {
        let scaled = value * PAISE_PER_RUPEE as f64;
        if !scaled.is_finite() || scaled.abs() >= EXACT_FLOAT_PAISE {
            return Err(MoneyError::NumberOutOfRange);
        }
        let paise = scaled.round() as i64;
        // Both operands are exact floats, so the division is correctly rounded: this is the
        // float nearest to `paise / 100`, the only float that stands for that amount.
        if paise as f64 / PAISE_PER_RUPEE as f64 == value {
            Ok(Money(paise))
        } else {
            Err(MoneyError::NumberNotInPaise)
        }
    }

    /// The value as a float, for the wire only: the nearest float to the exact amount.
    pub fn to_f64(self) -> f64 {
        self.0 as f64 / PAISE_PER_RUPEE as f64
    }

    /// True when the amount is below zero.
    pub fn is_negative(self) -> bool {
        self.0 < 0
    }

    /// True when the amount is zero.
    pub fn is_zero(self) -> bool {
        self.0 == 0
    }

    /// The larger of this amount and zero.
    pub fn at_least_zero(self) -> Money {
        Money(self.0.max(0))
    }

    /// The value in whole paise.
    pub const fn paise(self) -> i64 {
        self.0
    }

    /// This price times a whole amount.
    pub fn times(self, amount: u32) -> Money {
        Money(self.0.saturating_mul(i64::from(amount)))
    }

    /// `self × numerator / denominator`, rounded half away from zero to the paisa: a percent of
    /// an amount, or the tax in an inclusive price. `None` when `denominator` is zero.
    pub fn times_ratio(self, numerator: i64, denominator: i64) -> Option<Money> {
        if denominator == 0 {
            return None;
        }
        let product = i128::from(self.0) * i128::from(numerator);
        let denominator = i128::from(denominator);
        let quotient = product / denominator;
        let remainder = product % denominator;
        let rounded = if 2 * remainder.abs() >= denominator.abs() {
            quotient
                + if (product < 0) == (denominator < 0) {
                    1
                } else {
                    -1
                }
        } else {
            quotient
        };
        Some(Money(saturate(rounded)))
    }

    /// Whole rupees and the paise beyond them, both without sign: `-12.05` is `(12, 5)`.
    pub fn rupees_and_paise(self) -> (u64, u64) {
        let paise = self.0.unsigned_abs();
        (
            paise / PAISE_PER_RUPEE as u64,
            paise % PAISE_PER_RUPEE as u64,
        )
    }
}

fn saturate(value: i128) -> i64 {
    i64::try_from(value).unwrap_or(if value < 0 { i64::MIN } else { i64::MAX })
}

#[cfg(feature = "decimal")]
mod decimal {
    use rust_decimal::prelude::ToPrimitive;
    use rust_decimal::{Decimal, RoundingStrategy};

    use super::{MONEY_SCALE, Money, MoneyError};

    impl Money {
        /// Money from a decimal, rounded to the paisa by the crate's rounding rule (saturating
        /// beyond what money holds).
        pub fn round(value: Decimal) -> Money {
            let paise = value
                .round_dp_with_strategy(MONEY_SCALE, RoundingStrategy::MidpointAwayFromZero)
                * Decimal::ONE_HUNDRED;
            Money(paise.to_i64().unwrap_or(if paise.is_sign_negative() {
                i64::MIN
            } else {
                i64::MAX
            }))
        }

        /// Money from a decimal that must already be exact to the paisa.
        pub fn exact(value: Decimal) -> Result<Money, MoneyError> {
            let normalized = value.normalize();
            if normalized.scale() > MONEY_SCALE {
                return Err(MoneyError::TooManyDecimals(normalized.to_string()));
            }
            (normalized * Decimal::ONE_HUNDRED)
                .to_i64()
                .map(Money)
                .ok_or_else(|| MoneyError::OutOfRange(normalized.to_string()))
        }

        /// The exact decimal value, without trailing zeros (`500`, `12.5`).
        pub fn as_decimal(self) -> Decimal {
            Decimal::new(self.0, MONEY_SCALE).normalize()
        }
    }

    impl From<Money> for Decimal {
        fn from(money: Money) -> Decimal {
            money.as_decimal()
        }
    }
}

impl FromStr for Money {
    type Err = MoneyError;

    /// Plain decimal text: an optional sign, digits, and an optional point with more digits.
    /// Trailing zeros beyond the paise are allowed (`1.250`); other decimals are not.
    fn from_str(text: &str) -> Result<Money, MoneyError> {
        let trimmed = text.trim();
        let not_a_number = || MoneyError::NotANumber(trimmed.to_owned());
        let (negative, unsigned) = match trimmed.as_bytes().first() {
            Some(b'-') => (true, &trimmed[1..]),
            Some(b'+') => (false, &trimmed[1..]),
            _ => (false, trimmed),
        };
        let (whole, fraction) = unsigned.split_once('.').unwrap_or((unsigned, ""));
        let all_digits = |part: &str| part.bytes().all(|byte| byte.is_ascii_digit());
        if whole.len() + fraction.len() == 0 || !all_digits(whole) || !all_digits(fraction) {
            return Err(not_a_number());
        }
        let significant = fraction.trim_end_matches('0');
        if significant.len() > MONEY_SCALE as usize {
            return Err(MoneyError::TooManyDecimals(trimmed.to_owned()));
        }
        let out_of_range = || MoneyError::OutOfRange(trimmed.to_owned());
        let mut paise: i64 = 0;
        for digit in whole
            .bytes()
            .chain(significant.bytes().chain(b"00".iter().copied()).take(2))
        {
            paise = paise
                .checked_mul(10)
                .and_then(|value| value.checked_add(i64::from(digit - b'0')))
                .ok_or_else(out_of_range)?;
        }
        Ok(Money(if negative { -paise } else { paise }))
    }
}

impl fmt::Display for Money {
    /// Plain decimal text with two decimals, such as `1299.50`; see [`crate::format_inr`] for display.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (rupees, paise) = self.rupees_and_paise();
        let sign = if self.is_negative() { "-" } else { "" };
        write!(f, "{sign}{rupees}.{paise:02}")
    }
}

impl Add for Money {
    type Output = Money;
    fn add(self, other: Money) -> Money {
        Money(self.0.saturating_add(other.0))
    }
}

impl Sub for Money {
    type Output = Money;
    fn sub(self, other: Money) -> Money {
        Money(self.0.saturating_sub(other.0))
    }
}

impl Mul<u32> for Money {
    type Output = Money;
    fn mul(self, amount: u32) -> Money {
        self.times(amount)
    }
}

impl Sum for Money {
    fn sum<I: Iterator<Item = Money>>(iter: I) -> Money {
        iter.fold(Money::ZERO, Add::add)
    }
}

impl Serialize for Money {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_f64(self.to_f64())
    }
}

impl<'de> Deserialize<'de> for Money {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Money, D::Error> {
        deserializer.deserialize_any(MoneyVisitor)
    }
}

struct MoneyVisitor;

impl Visitor<'_> for MoneyVisitor {
    type Value = Money;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("an amount of rupees with at most two decimals")
    }

    fn visit_f64<E: de::Error>(self, value: f64) -> Result<Money, E> {
        Money::from_f64(value).map_err(E::custom)
    }

    fn visit_i64<E: de::Error>(self, value: i64) -> Result<Money, E> {
        value
            .checked_mul(PAISE_PER_RUPEE)
            .map(Money)
            .ok_or_else(|| E::custom(MoneyError::NumberOutOfRange))
    }

    fn visit_u64<E: de::Error>(self, value: u64) -> Result<Money, E> {
        i64::try_from(value)
            .map_err(|_| E::custom(MoneyError::NumberOutOfRange))
            .and_then(|value| self.visit_i64(value))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ratios_round_half_away_from_zero_to_the_paisa() {
        // 0.5 paise, -0.5 paise, 234.4 paise, 234.5 paise, 1000 paise.
        let cases = [
            (1, 1, 2, "0.01"),
            (-1, 1, 2, "-0.01"),
            (2344, 1, 10, "2.34"),
            (2345, 1, 10, "2.35"),
            (1000, 1, 1, "10.00"),
        ];
        for (paise, numerator, denominator, expected) in cases {
            let rounded = Money::from_paise(paise)
                .times_ratio(numerator, denominator)
                .unwrap();
            assert_eq!(
                rounded.to_string(),
                expected,
                "{paise} × {numerator}/{denominator}"
            );
        }
        assert_eq!(
            Money::from_paise(1).times_ratio(1, -2),
            Some(Money::from_paise(-1))
        );
        assert_eq!(Money::from_paise(5).times_ratio(1, 0), None);
    }

    #[cfg(feature = "decimal")]
    #[test]
    fn decimals_round_half_away_from_zero_to_the_paisa() {
        use rust_decimal::Decimal;
        let cases = [
            ("0.005", "0.01"),
            ("-0.005", "-0.01"),
            ("2.344", "2.34"),
            ("2.345", "2.35"),
            ("10", "10.00"),
        ];
        for (input, expected) in cases {
            let rounded = Money::round(Decimal::from_str(input).unwrap());
            assert_eq!(rounded.to_string(), expected, "rounding {input}");
        }
        assert_eq!(
            Money::exact(Decimal::from_str("12.50").unwrap())
                .unwrap()
                .as_decimal()
                .to_string(),
            "12.5"
        );
        assert!(Money::exact(Decimal::from_str("1.234").unwrap()).is_err());
    }

    #[test]
    fn floats_are_money_when_they_stand_for_whole_paise() {
        assert_eq!(Money::from_f64(0.1).unwrap(), Money::from_paise(10));
        assert_eq!(Money::from_f64(1299.5).unwrap(), Money::from_paise(129_950));
        assert_eq!(Money::from_f64(-0.07).unwrap(), Money::from_paise(-7));
        assert_eq!(
            Money::from_f64(0.1 + 0.2),
            Err(MoneyError::NumberNotInPaise)
        );
        assert_eq!(Money::from_f64(1.005), Err(MoneyError::NumberNotInPaise));
        assert_eq!(Money::from_f64(f64::NAN), Err(MoneyError::NumberOutOfRange));
        assert_eq!(Money::from_f64(1e300), Err(MoneyError::NumberOutOfRange));
        for paise in [0, 1, 99, 12_345, 1_000_000_001, 99_999_999_999_999] {
            assert_eq!(
                Money::from_f64(Money::from_paise(paise).to_f64()),
                Ok(Money::from_paise(paise)),
                "{paise} paise"
            );
        }
    }

    #[test]
    fn text_is_read_exactly() {
        assert_eq!("12.5".parse(), Ok(Money::from_paise(1250)));
        assert_eq!(" -0.05 ".parse(), Ok(Money::from_paise(-5)));
        assert_eq!("1.230".parse(), Ok(Money::from_paise(123)));
        assert_eq!(".5".parse(), Ok(Money::from_paise(50)));
        assert_eq!("7.".parse(), Ok(Money::from_paise(700)));
        assert_eq!(
            "1.234".parse::<Money>(),
            Err(MoneyError::TooManyDecimals("1.234".into()))
        );
        for bad in ["", ".", "-", "1e5", "12,5", "1.2.3", "abc", "--1"] {
            assert_eq!(
                bad.parse::<Money>(),
                Err(MoneyError::NotANumber(bad.into())),
                "{bad:?}"
            );
        }
        assert!(matches!(
            "99999999999999999999".parse::<Money>(),
            Err(MoneyError::OutOfRange(_))
        ));
    }

    #[test]
    fn serializes_as_a_plain_json_number() {
        let money: Money = serde_json::from_str("1299.5").unwrap();
        assert_eq!(serde_json::to_string(&money).unwrap(), "1299.5");
        assert_eq!(
            serde_json::to_string(&Money::from_rupees(500)).unwrap(),
            "500.0"
        );
        assert!(serde_json::from_str::<Money>("\"12\"").is_err());
        assert!(serde_json::from_str::<Money>("1.234").is_err());
    }

    #[test]
    fn arithmetic_is_exact() {
        let price = Money::from_paise(1999);
        assert_eq!(price.times(3).to_string(), "59.97");
        assert_eq!(
            (Money::from_paise(10) + Money::from_paise(20)).to_string(),
            "0.30"
        );
        assert_eq!(
            (Money::from_rupees(5) - Money::from_rupees(7)).at_least_zero(),
            Money::ZERO
        );
    }
}
