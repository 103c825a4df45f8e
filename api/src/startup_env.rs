//! Environment variables the process gives itself at start, where the environment leaves them
//! unset: settings that libraries read from the environment only.

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
