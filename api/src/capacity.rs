//! Bounds on heavy work (password hashes, image decoding): a [`Gate`] lets a fixed number of
//! jobs run at once; others queue briefly, and past a wait limit, or when the queue is full,
//! the caller is told to come back (503 with Retry-After) instead of the server growing
//! without bound.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use tokio::sync::{Semaphore, SemaphorePermit};

use crate::error::ApiError;

/// The longest a job waits for its turn.
pub const MAX_QUEUE_WAIT: Duration = Duration::from_secs(5);
/// Jobs queued per running one, beyond which callers are told to come back at once.
const QUEUE_PER_PERMIT: usize = 32;

/// At most `permits` jobs at once, a bounded queue behind them.
#[derive(Debug)]
pub struct Gate {
    running: Semaphore,
    permits: usize,
    waiting: AtomicUsize,
}

impl Gate {
    /// A gate for `permits` jobs at once (at least one).
    pub fn new(permits: usize) -> Gate {
        let permits = permits.max(1);
        Gate {
            running: Semaphore::new(permits),
            permits,
            waiting: AtomicUsize::new(0),
        }
    }

    /// A gate with one permit per core.
    pub fn per_core() -> Gate {
        Gate::new(std::thread::available_parallelism().map_or(2, std::num::NonZeroUsize::get))
    }

    /// How many jobs may run at once.
    pub fn permits(&self) -> usize {
        self.permits
    }

    /// Waits for a turn; held until the returned permit is dropped.
    pub async fn turn(&self) -> Result<SemaphorePermit<'_>, ApiError> {
        if let Ok(permit) = self.running.try_acquire() {
            return Ok(permit);
        }
        if self.waiting.fetch_add(1, Ordering::AcqRel) >= self.permits * QUEUE_PER_PERMIT {
            self.waiting.fetch_sub(1, Ordering::AcqRel);
            return Err(busy());
        }
        let waited = tokio::time::timeout(MAX_QUEUE_WAIT, self.running.acquire()).await;
        self.waiting.fetch_sub(1, Ordering::AcqRel);
        match waited {
            Ok(Ok(permit)) => Ok(permit),
            _ => Err(busy()),
        }
    }
}

fn busy() -> ApiError {
    ApiError::Busy {
        retry_after_secs: 2,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test(start_paused = true)]
    async fn jobs_past_the_permits_queue_and_a_full_queue_is_told_to_come_back() {
        let gate = Gate::new(1);
        let running = gate.turn().await.unwrap();
        let queued: Vec<_> = (0..QUEUE_PER_PERMIT).map(|_| gate.turn()).collect();
        let mut queued: Vec<_> = queued.into_iter().map(Box::pin).collect();
        for job in &mut queued {
            assert!(futures::poll!(job.as_mut()).is_pending(), "waits its turn");
        }
        assert!(
            matches!(gate.turn().await, Err(ApiError::Busy { .. })),
            "the queue is full"
        );
        drop(running);
        let first = queued.remove(0).await;
        assert!(first.is_ok(), "the first in the queue runs");
        assert!(
            matches!(queued.remove(0).await, Err(ApiError::Busy { .. })),
            "the rest give up after the wait limit"
        );
    }
}
