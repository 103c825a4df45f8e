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

/// A day sent as a query parameter, `2026-11-25`: `None` when empty, a 400 naming `field` when
/// it is not a date.
pub fn day_param(field: &str, text: Option<&str>) -> Result<Option<Date>, crate::error::ApiError> {
    match text.map(str::trim).filter(|text| !text.is_empty()) {
        None => Ok(None),
        Some(text) => Date::parse(
            text,
            time::macros::format_description!("[year]-[month]-[day]"),
        )
        .map(Some)
        .map_err(|_| {
            crate::error::ApiError::invalid_field(field, "must be a date such as 2026-11-25")
        }),
    }
}
