//! The period a dashboard covers: whole days in India time, the last of them today.

use time::{Date, Duration, OffsetDateTime};

use crate::india_time::{IST, midnight};

/// The periods the dashboard offers, in days.
pub const PERIODS: [u32; 3] = [7, 30, 90];

/// `days` whole days ending today (India time) and the same number of days before them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Period {
    /// The first day of the period.
    pub first_day: Date,
    /// The last day of the period: today, which is summed live.
    pub today: Date,
    pub days: u32,
    /// Its start: midnight IST of the first day.
    pub start: OffsetDateTime,
    /// Its end: midnight IST after today.
    pub end: OffsetDateTime,
    /// The start of the period before, as long.
    pub previous_start: OffsetDateTime,
}

impl Period {
    /// The `days` days up to and including the day of `now` in India.
    pub fn ending(now: OffsetDateTime, days: u32) -> Period {
        let today = now.to_offset(IST).date();
        let first_day = today - Duration::days(i64::from(days) - 1);
        let start = midnight(first_day);
        Period {
            first_day,
            today,
            days,
            start,
            end: midnight(today + Duration::days(1)),
            previous_start: start - Duration::days(i64::from(days)),
        }
    }

    /// Every day of the period, oldest first.
    pub fn dates(&self) -> impl Iterator<Item = Date> + '_ {
        (0..self.days).map(|offset| self.first_day + Duration::days(i64::from(offset)))
    }

    /// Every day of the period before, oldest first.
    pub fn previous_dates(&self) -> impl Iterator<Item = Date> + '_ {
        let first = self.first_day - Duration::days(i64::from(self.days));
        (0..self.days).map(move |offset| first + Duration::days(i64::from(offset)))
    }
}

#[cfg(test)]
mod tests {
    use time::macros::{date, datetime};

    use super::*;

    #[test]
    fn a_period_is_whole_india_days_ending_today() {
        // 20:00 UTC is 01:30 the next day in India.
        let period = Period::ending(datetime!(2026-11-24 20:00 UTC), 7);
        assert_eq!(period.first_day, date!(2026 - 11 - 19));
        assert_eq!(period.start, datetime!(2026-11-18 18:30 UTC));
        assert_eq!(period.end, datetime!(2026-11-25 18:30 UTC));
        assert_eq!(period.previous_start, datetime!(2026-11-11 18:30 UTC));
        let dates: Vec<Date> = period.dates().collect();
        assert_eq!(dates.len(), 7);
        assert_eq!(dates.last(), Some(&date!(2026 - 11 - 25)));
    }
}
