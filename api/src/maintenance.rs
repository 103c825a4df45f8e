//! Background chores each node runs while it serves: deleting per-account throttle keys whose
//! window has passed (so the table holds only the accounts under attack), dropping this node's
//! copies of images deleted through another node, deleting mail sent a week ago, and summing
//! the dashboard's closed days ahead of the first admin who asks (after a start, and after
//! midnight in India).

use std::time::Duration;

use crate::auth::throttle_repo;
use crate::db::Db;
use crate::uploads::ImageCache;

/// How often the chores run.
pub const INTERVAL: Duration = Duration::from_secs(10 * 60);

/// Starts the chores among `tasks`.
pub fn spawn(db: Db, images: ImageCache, tasks: &crate::background::Tasks) {
    tasks.spawn(async move {
        let mut ticks = tokio::time::interval(INTERVAL);
        ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            ticks.tick().await;
            if let Err(error) = throttle_repo::sweep(&db).await {
                tracing::warn!(error = ?error, "sweeping throttle keys failed");
            }
            if let Err(error) = images.sweep(&db).await {
                tracing::warn!(error = ?error, "sweeping image copies failed");
            }
            if let Err(error) = crate::mail::repo::sweep(&db, crate::mail::outbox::KEEP).await {
                tracing::warn!(error = ?error, "sweeping sent mail failed");
            }
            let longest = crate::dashboard::period::PERIODS
                .iter()
                .copied()
                .max()
                .unwrap_or(90);
            let period =
                crate::dashboard::period::Period::ending(time::OffsetDateTime::now_utc(), longest);
            if let Err(error) = crate::dashboard::days::period_days(&db, period).await {
                tracing::warn!(error = ?error, "summing the dashboard's days failed");
            }
        }
    });
}
