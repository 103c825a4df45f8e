//! The sums of a dashboard's days: kept closed days read as kept, missing ones summed and kept
//! now (each run of consecutive days in one go), today summed live. Shared by the dashboard
//! call, the node's chores (which sum ahead) and the bench.

use std::collections::HashMap;

use time::Date;
use time::macros::format_description;

use crate::dashboard::period::Period;
use crate::dashboard::repo::{self, SalesDay};
use crate::db::Db;
use crate::india_time::midnight;

/// `2026-11-25`: how the dashboard names a day.
pub fn date_text(date: Date) -> String {
    date.format(format_description!("[year]-[month]-[day]"))
        .unwrap_or_default()
}

/// The sums of every day of `period` and the period before: kept days as kept, the missing
/// ones summed and kept now, and today summed live.
pub async fn period_days(db: &Db, period: Period) -> anyhow::Result<HashMap<String, SalesDay>> {
    let closed: Vec<Date> = period
        .previous_dates()
        .chain(period.dates())
        .filter(|date| *date < period.today)
        .collect();
    let mut days: HashMap<String, SalesDay> = HashMap::new();
    if let (Some(first), Some(last)) = (closed.first(), closed.last()) {
        for day in repo::kept_days(db, &date_text(*first), &date_text(*last)).await? {
            days.insert(day.date.clone(), day);
        }
        let missing: Vec<Date> = closed
            .iter()
            .copied()
            .filter(|date| !days.contains_key(&date_text(*date)))
            .collect();
        // Each run of consecutive missing days is summed in one go.
        let mut runs: Vec<(Date, Date)> = Vec::new();
        for date in missing {
            match runs.last_mut() {
                Some((_, last)) if *last + time::Duration::days(1) == date => *last = date,
                _ => runs.push((date, date)),
            }
        }
        for (first, last) in runs {
            let span: Vec<String> = (0..=(last - first).whole_days())
                .map(|offset| date_text(first + time::Duration::days(offset)))
                .collect();
            let (start, end) = (midnight(first), midnight(last + time::Duration::days(1)));
            // Summing loses to an order edit that removed one of its days meanwhile (both write
            // the day): sum again, which reads the edit.
            let summed = match repo::keep_days(db, start, end, span.clone()).await {
                Ok(summed) => summed,
                Err(error) => {
                    tracing::warn!(error = %error, "summing sales days again");
                    repo::keep_days(db, start, end, span).await?
                }
            };
            for day in summed {
                days.insert(day.date.clone(), day);
            }
        }
    }
    let today = repo::today(
        db,
        midnight(period.today),
        period.end,
        date_text(period.today),
    )
    .await?;
    days.insert(today.date.clone(), today);
    Ok(days)
}
