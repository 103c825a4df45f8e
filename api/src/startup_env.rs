//! What the process sets for itself at start, before its first thread: the allocator, and the
//! environment variables it gives itself where the environment leaves them unset (settings that
//! libraries read from the environment only).

/// Sets up the process as `whisk` runs: glibc's malloc (`allocator::tune`), errors without
/// stack traces (`telemetry::leave_backtraces_to_panics`) and the embedded store's bounds
/// (`db::engine_settings`). The server's `main` and the orders bench both call it, so that the
/// bench measures the process a shop runs. Fails when a storage bound is set but not a number.
///
/// Must run first thing in `main`, before the process starts a thread.
pub fn prepare_process() -> anyhow::Result<()> {
    crate::allocator::tune();
    crate::telemetry::leave_backtraces_to_panics();
    crate::db::engine_settings::apply_defaults()
}

/// Sets `name` to `value`.
///
/// Changes the process's environment, so it must run before the process starts a thread
/// (first thing in `main`).
#[expect(
    unsafe_code,
    reason = "changing the environment is unsafe once threads run"
)]
pub(crate) fn set(name: &str, value: &str) {
    // SAFETY: the callers run first thing in `main`, before any thread exists that could read
    // the environment at the same time.
    unsafe { std::env::set_var(name, value) }
}

/// Sets `name` to `value` unless the environment has it already; as [`set`], before any
/// thread starts.
pub(crate) fn default_to(name: &str, value: &str) {
    if std::env::var_os(name).is_none() {
        set(name, value);
    }
}
