//! The discount a selling price gives on the MRP (maximum retail price), as product cards say it.

use crate::money::Money;

/// How far below `mrp` the `selling` price is, in whole percent rounded down (MRP ₹1,199,
/// selling ₹899: 25); 0 when it is not below the MRP or the MRP is not positive. Worked in
/// paise, so a third off ₹300 says 33 and 30 % off says 30.
pub fn percent_off(mrp: Money, selling: Money) -> u32 {
    let (mrp, selling) = (i128::from(mrp.paise()), i128::from(selling.paise()));
    if mrp <= 0 || selling >= mrp {
        return 0;
    }
    u32::try_from((mrp - selling.max(0)) * 100 / mrp).unwrap_or(100)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn whole_percent_rounded_down_and_none_above_the_mrp() {
        let rupees = Money::from_rupees;
        assert_eq!(percent_off(rupees(1199), rupees(899)), 25);
        assert_eq!(percent_off(rupees(300), rupees(200)), 33);
        assert_eq!(percent_off(rupees(100), rupees(70)), 30);
        assert_eq!(
            percent_off(Money::from_paise(9_999), Money::from_paise(9_998)),
            0
        );
        assert_eq!(percent_off(rupees(100), rupees(100)), 0);
        assert_eq!(percent_off(rupees(100), rupees(120)), 0);
        assert_eq!(percent_off(Money::ZERO, rupees(5)), 0);
        assert_eq!(percent_off(rupees(100), Money::ZERO), 100);
    }
}
