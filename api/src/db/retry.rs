//! Running a transaction again when it loses a write race: how often, and how long to pause.

use std::time::Duration;

use rand::Rng;

use crate::error::ApiError;

/// How often a write that lost a race is run again before the caller gets a 503.
pub const MAX_ATTEMPTS: u32 = 60;

/// A pause before attempt `attempt` (from 1): doubling from 2 ms up to 64 ms, with full jitter so
/// racing writers spread out.
pub fn backoff(attempt: u32) -> Duration {
    let ceiling = 2u64 << attempt.min(5);
    Duration::from_micros(rand::thread_rng().gen_range(500..=ceiling * 1000))
}

/// The answer when every attempt lost its race.
pub fn too_busy() -> ApiError {
    ApiError::Busy {
        retry_after_secs: 1,
    }
}

/// What one attempt of a write that may lose a race came to; a refusal is the `Err` beside it.
#[derive(Debug)]
pub enum Attempt<T> {
    /// It committed, with this answer.
    Done(T),
    /// It lost a write race: run it again after a pause.
    Retry,
}

/// Runs `attempt` (given its number, from 1) until it is done or refused, pausing between tries;
/// after [`MAX_ATTEMPTS`] lost races the answer is `busy()`.
pub async fn until_settled<T, E, F, Fut>(mut attempt: F, busy: impl FnOnce() -> E) -> Result<T, E>
where
    F: FnMut(u32) -> Fut,
    Fut: Future<Output = Result<Attempt<T>, E>>,
{
    for number in 1..=MAX_ATTEMPTS {
        if let Attempt::Done(answer) = attempt(number).await? {
            return Ok(answer);
        }
        tokio::time::sleep(backoff(number)).await;
    }
    Err(busy())
}
