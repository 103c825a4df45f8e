//! Whether the database answers, watched in the background, so requests that need it get a
//! prompt 503 while it is away instead of waiting on a connection that is reconnecting.
//!
//! The SurrealDB client reconnects by itself (once a second) and replays the session, but a
//! query sent meanwhile waits until it is back. A ping every [`PING_EVERY`] that gets no answer
//! within [`PING_TIMEOUT`] marks the database down; the next answered ping marks it up again.

use std::sync::Arc;
use std::time::{Duration, Instant};

use tokio::sync::watch;

use crate::db::Db;

/// How often the database is pinged.
pub const PING_EVERY: Duration = Duration::from_millis(250);
/// How long a ping may take before the database counts as down.
pub const PING_TIMEOUT: Duration = Duration::from_secs(1);
/// What a 503 tells a client to wait before trying again, in seconds.
pub const RETRY_AFTER_SECS: u64 = 2;

/// Is the database up? Cheap to read from every request.
#[derive(Debug)]
pub struct Availability {
    up: watch::Sender<bool>,
    /// The database watched, for an extra ping when a request failed between two pings.
    db: Option<Db>,
}

impl Default for Availability {
    fn default() -> Availability {
        Availability {
            up: watch::Sender::new(true),
            db: None,
        }
    }
}

impl Availability {
    /// Watches `db` from now on, pinging it until `tasks` stop.
    pub fn watch(db: Db, tasks: &crate::background::Tasks) -> Arc<Availability> {
        let availability = Arc::new(Availability {
            up: watch::Sender::new(true),
            db: Some(db.clone()),
        });
        let watcher = Arc::clone(&availability);
        tasks.spawn(async move {
            let mut down_since: Option<Instant> = None;
            loop {
                let answered = ping(&db).await;
                match (answered, down_since) {
                    (false, None) => {
                        tracing::error!(
                            "the database does not answer: answering 503 to requests that need it"
                        );
                        down_since = Some(Instant::now());
                        watcher.set(false);
                    }
                    (true, Some(since)) => {
                        tracing::info!(down_for = ?since.elapsed(), "the database answers again");
                        down_since = None;
                        watcher.set(true);
                    }
                    _ => {}
                }
                tokio::time::sleep(PING_EVERY).await;
            }
        });
        availability
    }

    /// Records what the last ping found.
    pub fn set(&self, up: bool) {
        self.up
            .send_if_modified(|current| std::mem::replace(current, up) != up);
    }

    /// True while the last ping went unanswered.
    pub fn is_down(&self) -> bool {
        !*self.up.borrow()
    }

    /// Pings the database now and records the answer; true when it is down. For a request that
    /// failed within the quarter second between two pings, when the failure may be the database
    /// going away (an outage's first failed query comes before the ping that notices it).
    pub async fn down_now(&self) -> bool {
        if self.is_down() {
            return true;
        }
        let Some(db) = &self.db else {
            return false;
        };
        let up = ping(db).await;
        self.set(up);
        !up
    }

    /// Resolves once the database is down (at once if it is down now).
    pub async fn went_down(&self) {
        let mut up = self.up.subscribe();
        // The sender lives as long as `self`, so waiting cannot fail.
        let _ = up.wait_for(|up| !*up).await;
    }
}

/// True when the database answers a trivial query within [`PING_TIMEOUT`].
pub async fn ping(db: &Db) -> bool {
    matches!(
        tokio::time::timeout(PING_TIMEOUT, crate::db::is_healthy(db)).await,
        Ok(true)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn waiting_for_the_database_to_go_down_resolves_when_it_does_and_at_once_while_it_is() {
        let availability = Arc::new(Availability::default());
        assert!(!availability.is_down());
        let waiting = tokio::spawn({
            let availability = Arc::clone(&availability);
            async move { availability.went_down().await }
        });
        tokio::time::sleep(Duration::from_millis(20)).await;
        assert!(!waiting.is_finished(), "up: nothing to wait for yet");
        availability.set(false);
        tokio::time::timeout(Duration::from_secs(1), waiting)
            .await
            .unwrap()
            .unwrap();
        assert!(availability.is_down());
        tokio::time::timeout(Duration::from_millis(10), availability.went_down())
            .await
            .unwrap();
        availability.set(true);
        assert!(!availability.is_down());
    }
}
