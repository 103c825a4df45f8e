//! Money: Indian rupees with two decimals.
//!
//! A [`Money`] wraps a [`rust_decimal::Decimal`]; no float ever takes part in arithmetic.
//!
//! **Rounding rule.** Amounts are kept to the paisa (two decimals). Sums of prices times whole
//! amounts are exact and never need rounding. Wherever a value with more decimals has to become
//! money it is rounded *half away from zero* to the paisa: `0.005` becomes `0.01`, `-0.005`
//! becomes `-0.01`, `2.344` becomes `2.34`. [`Money::round`] is the only place that rounds.
//!
//! On the wire (JSON and the wasm boundary) money is a plain number in rupees such as `1299.5`.
//! A number is read through its shortest decimal text, so `0.1` is exactly ten paise, and a
//! number with more than two decimals is refused rather than silently rounded.

use std::fmt;
use std::iter::Sum;
use std::ops::{Add, Mul, Sub};
use std::str::FromStr;

use rust_decimal::{Decimal, RoundingStrategy};
use serde::de::{self, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// The number of decimals money carries: rupees and paise.
pub const MONEY_SCALE: u32 = 2;

/// An amount of Indian rupees, exact to the paisa.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Money(Decimal);

/// Why a value could not become [`Money`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MoneyError {
    /// The text is not a decimal number.
    #[error("'{0}' is not a number")]
    NotANumber(String),
    /// The value has more than two decimals.
    #[error("{0} has more than two decimals")]
    TooManyDecimals(String),
    /// The value is NaN, infinite or beyond what money can hold.
    #[error("{0} is out of range")]
    OutOfRange(String),
}

impl Money {
    /// Zero rupees.
    pub const ZERO: Money = Money(Decimal::ZERO);

    /// Money from a decimal, rounded to the paisa by the crate's rounding rule.
    pub fn round(value: Decimal) -> Money {
        Money(
            value
                .round_dp_with_strategy(MONEY_SCALE, RoundingStrategy::MidpointAwayFromZero)
                .normalize(),
        )
    }

    /// Money from a decimal that must already be exact to the paisa.
    pub fn exact(value: Decimal) -> Result<Money, MoneyError> {
        let normalized = value.normalize();
        if normalized.scale() > MONEY_SCALE {
            return Err(MoneyError::TooManyDecimals(normalized.to_string()));
        }
        Ok(Money(normalized))
    }

    /// Money from whole rupees, usable in constants.
    pub const fn from_whole_rupees(rupees: i64) -> Money {
        Money(Decimal::from_parts(
            rupees.unsigned_abs() as u32,
            (rupees.unsigned_abs() >> 32) as u32,
            0,
            rupees < 0,
            0,
        ))
    }

    /// Money from whole rupees.
    pub fn from_rupees(rupees: i64) -> Money {
        Money(Decimal::from(rupees))
    }

    /// Money from paise (hundredths of a rupee).
    pub fn from_paise(paise: i64) -> Money {
        Money(Decimal::new(paise, MONEY_SCALE).normalize())
    }

    /// Money from a float, read through its shortest decimal text (so `0.1` is ten paise).
    pub fn from_f64(value: f64) -> Result<Money, MoneyError> {
        if !value.is_finite() {
            return Err(MoneyError::OutOfRange(value.to_string()));
        }
        let text = value.to_string();
        let decimal =
            Decimal::from_str(&text).map_err(|_| MoneyError::OutOfRange(text.clone()))?;
        Money::exact(decimal)
    }

    /// The value as a float, for the wire only: the nearest float to the exact decimal.
    pub fn to_f64(self) -> f64 {
        f64::from_str(&self.0.to_string()).unwrap_or(f64::NAN)
    }

    /// The exact decimal value.
    pub fn as_decimal(self) -> Decimal {
        self.0
    }

    /// True when the amount is below zero.
    pub fn is_negative(self) -> bool {
        self.0.is_sign_negative() && !self.0.is_zero()
    }

    /// True when the amount is zero.
    pub fn is_zero(self) -> bool {
        self.0.is_zero()
    }

    /// The larger of this amount and zero.
    pub fn at_least_zero(self) -> Money {
        if self.is_negative() { Money::ZERO } else { self }
    }

    /// The value in whole paise, when it fits an `i64`.
    pub fn to_paise(self) -> Option<i64> {
        let scaled = self.0.checked_mul(Decimal::ONE_HUNDRED)?;
        i64::try_from(scaled.trunc()).ok()
    }

    /// This price times a whole amount.
    pub fn times(self, amount: u32) -> Money {
        Money((self.0 * Decimal::from(amount)).normalize())
    }
}

impl FromStr for Money {
    type Err = MoneyError;

    fn from_str(text: &str) -> Result<Money, MoneyError> {
        let trimmed = text.trim();
        let decimal = Decimal::from_str(trimmed)
            .map_err(|_| MoneyError::NotANumber(trimmed.to_owned()))?;
        Money::exact(decimal)
    }
}

impl fmt::Display for Money {
    /// Plain decimal text with two decimals, such as `1299.50`; see [`crate::format_inr`] for display.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut fixed = self.0;
        fixed.rescale(MONEY_SCALE);
        write!(f, "{fixed}")
    }
}

impl Add for Money {
    type Output = Money;
    fn add(self, other: Money) -> Money {
        Money((self.0 + other.0).normalize())
    }
}

impl Sub for Money {
    type Output = Money;
    fn sub(self, other: Money) -> Money {
        Money((self.0 - other.0).normalize())
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

impl From<Money> for Decimal {
    fn from(money: Money) -> Decimal {
        money.0
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
        Ok(Money::from_rupees(value))
    }

    fn visit_u64<E: de::Error>(self, value: u64) -> Result<Money, E> {
        i64::try_from(value)
            .map(Money::from_rupees)
            .map_err(|_| E::custom(MoneyError::OutOfRange(value.to_string())))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rounds_half_away_from_zero_to_the_paisa() {
        let cases = [("0.005", "0.01"), ("-0.005", "-0.01"), ("2.344", "2.34"), ("2.345", "2.35"), ("10", "10.00")];
        for (input, expected) in cases {
            let rounded = Money::round(Decimal::from_str(input).unwrap());
            assert_eq!(rounded.to_string(), expected, "rounding {input}");
        }
    }

    #[test]
    fn floats_are_read_through_their_shortest_text() {
        assert_eq!(Money::from_f64(0.1).unwrap(), Money::from_paise(10));
        assert_eq!(Money::from_f64(1299.5).unwrap(), Money::from_paise(129_950));
        assert_eq!(Money::from_f64(0.1 + 0.2), Err(MoneyError::TooManyDecimals("0.30000000000000004".into())));
        assert!(Money::from_f64(f64::NAN).is_err());
    }

    #[test]
    fn serializes_as_a_plain_json_number() {
        let money: Money = serde_json::from_str("1299.5").unwrap();
        assert_eq!(serde_json::to_string(&money).unwrap(), "1299.5");
        assert_eq!(serde_json::to_string(&Money::from_rupees(500)).unwrap(), "500.0");
        assert!(serde_json::from_str::<Money>("\"12\"").is_err());
        assert!(serde_json::from_str::<Money>("1.234").is_err());
    }

    #[test]
    fn arithmetic_is_exact() {
        let price = Money::from_paise(1999);
        assert_eq!(price.times(3).to_string(), "59.97");
        assert_eq!((Money::from_paise(10) + Money::from_paise(20)).to_string(), "0.30");
        assert_eq!((Money::from_rupees(5) - Money::from_rupees(7)).at_least_zero(), Money::ZERO);
    }
}
