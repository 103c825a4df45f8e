//! Tells the task that commits a transaction when its writes are applied: in the memtable and
//! visible to every transaction that starts from then on, before the caller (SurrealDB's
//! grouped commit, with `sync=every`) waits for the write-ahead log's sync.
//!
//! A caller whose transactions run one at a time (Whisk's order placements, queued per node)
//! may start the next one then instead of after the sync: the log is written in commit order,
//! so a sync that covers the next transaction covers this one too, and each caller still waits
//! for its own sync before it answers. Whisk patch (README.whisk.md).
//!
//! The hook belongs to the first transaction with writes that the task begins in the scope: a
//! transaction SurrealDB begins and commits inside it (its sequence allocator hands out
//! document ids that way, in a transaction of its own) does not call it.

use std::cell::RefCell;
use std::future::Future;

/// What runs once the watched transaction is applied.
type Hook = Box<dyn FnOnce() + Send>;

/// A scope's hook, and whether a transaction was begun to call it.
struct Watch {
	hook: Option<Hook>,
	claimed: bool,
}

tokio::task_local! {
	static WATCH: RefCell<Watch>;
}

/// Runs `work`, calling `hook` as soon as the first transaction with writes that `work` begins
/// is committed and applied (at most once; never when that transaction is rolled back or its
/// commit fails before it applies). The transaction must begin and commit in the task that
/// polls `work`, as an embedded SurrealDB's queries do.
pub async fn notify_when_applied<F: Future>(hook: impl FnOnce() + Send + 'static, work: F) -> F::Output {
	let watch = Watch {
		hook: Some(Box::new(hook)),
		claimed: false,
	};
	WATCH.scope(RefCell::new(watch), work).await
}

/// Whether a transaction with writes that begins now calls the scope's hook: true for the
/// first one begun in a scope.
pub(crate) fn claim() -> bool {
	WATCH
		.try_with(|watch| {
			let mut watch = watch.borrow_mut();
			let first = !watch.claimed;
			watch.claimed = true;
			first
		})
		.unwrap_or(false)
}

/// Calls the scope's hook, if it was not called yet.
pub(crate) fn applied() {
	let hook = WATCH.try_with(|watch| watch.borrow_mut().hook.take()).ok().flatten();
	if let Some(hook) = hook {
		hook();
	}
}

#[cfg(test)]
mod tests {
	use std::sync::atomic::{AtomicUsize, Ordering};
	use std::sync::Arc;

	use super::*;

	#[tokio::test]
	async fn only_the_first_transaction_claims_the_hook_which_runs_once() {
		let calls = Arc::new(AtomicUsize::new(0));
		assert!(!claim(), "no scope");
		applied();
		let counted = Arc::clone(&calls);
		notify_when_applied(
			move || {
				counted.fetch_add(1, Ordering::SeqCst);
			},
			async {
				assert!(claim());
				assert!(!claim(), "a second transaction");
				assert_eq!(calls.load(Ordering::SeqCst), 0, "not before a commit applies");
				applied();
				applied();
			},
		)
		.await;
		applied();
		assert_eq!(calls.load(Ordering::SeqCst), 1);
	}
}
