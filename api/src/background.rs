//! The tasks a serving node runs beside its requests (the outbox, the catalog feed, the
//! database watch, the chores). They hold database handles, and an embedded SurrealKV store
//! closes (writing its memtable to disk, so the next start need not replay the log) only once
//! the last handle is gone: a stopping server ends them first.

use std::future::Future;
use std::sync::Mutex;

use tokio::task::JoinHandle;

/// This node's background tasks.
#[derive(Debug, Default)]
pub struct Tasks(Mutex<Vec<JoinHandle<()>>>);

impl Tasks {
    /// Runs `task` on the runtime until [`Tasks::stop`].
    pub fn spawn(&self, task: impl Future<Output = ()> + Send + 'static) {
        let handle = tokio::spawn(task);
        self.0
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .push(handle);
    }

    /// Cancels every task and waits until each has dropped what it held.
    pub async fn stop(&self) {
        let handles = std::mem::take(
            &mut *self
                .0
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner),
        );
        for handle in &handles {
            handle.abort();
        }
        for handle in handles {
            // A cancelled task answers `Err(cancelled)`: that is the expected end.
            let _ = handle.await;
        }
    }
}
