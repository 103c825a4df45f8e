//! India Standard Time: the shop's days (invoice dates and financial years, the dashboard's
//! days, export date ranges) start at midnight there.

use time::macros::offset;
use time::{Date, OffsetDateTime, UtcOffset};

/// UTC+05:30, all year (India has no daylight saving time).
pub const IST: UtcOffset = offset!(+5:30);

/// Midnight in India at the start of `day`.
pub fn midnight(day: Date) -> OffsetDateTime {
    day.midnight().assume_offset(IST)
}
