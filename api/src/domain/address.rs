//! Parts of an Indian postal address that have a fixed form.

use std::fmt;

/// An Indian PIN code: six digits, the first 1 to 9 (1-8 are the postal regions, 9 the Army
/// Postal Service); spaces are dropped, so `560 025` is `560025`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct PinCode(String);

impl PinCode {
    /// Normalises and checks the code.
    pub fn parse(raw: &str) -> Result<PinCode, String> {
        let digits: String = raw.chars().filter(|c| !c.is_whitespace()).collect();
        let valid = digits.len() == 6
            && digits.bytes().all(|b| b.is_ascii_digit())
            && digits.as_bytes()[0] != b'0';
        if valid {
            Ok(PinCode(digits))
        } else {
            Err("must be a 6-digit PIN code".to_owned())
        }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for PinCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pin_code_is_six_digits_not_starting_with_zero() {
        assert_eq!(PinCode::parse(" 560 025 ").unwrap().as_str(), "560025");
        for bad in ["", "56002", "5600251", "056002", "56002a", "５６００２５"] {
            assert!(PinCode::parse(bad).is_err(), "{bad:?}");
        }
    }
}
