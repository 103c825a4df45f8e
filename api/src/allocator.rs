//! How the server's allocator (mimalloc, `src/main.rs`) is set up. The orders bench sets it up
//! the same way, so that it measures the allocator a shop runs.

/// `mi_option_arena_eager_commit` in mimalloc v3's `mimalloc.h` (the crate's constants follow
/// v2's numbering).
const MI_OPTION_ARENA_EAGER_COMMIT: libmimalloc_sys::mi_option_t = 4;

/// `mi_option_purge_delay` in the same header: how long freed memory stays with mimalloc before
/// it goes back to the system, in milliseconds (its default is 1,000).
const MI_OPTION_PURGE_DELAY: libmimalloc_sys::mi_option_t = 15;
const DEFAULT_PURGE_DELAY_MS: std::ffi::c_long = 1000;

/// Makes mimalloc commit its arenas as they fill rather than when reserved: with its defaults
/// an idle server with 10,000 products kept about 100 MB of anonymous memory
/// (`scripts/memory.sh`). Freed memory goes back to the system after mimalloc's default delay
/// of a second. Giving it back at once (`purge_delay` 0, as until session 36) kept about 11 MB
/// less when idle (69 against 80 MB anonymous), but under the orders bench's load it cost
/// 10-17% more CPU an order (page faults, zeroing fresh pages, `madvise`): 488 against 529 and
/// 476 against 574 orders/s in closed loop, and p99 at 500 orders/s of 481 against 166 ms.
/// (A thread forcing a purge every 5 s did not bring the idle figure down: what stays is held
/// by the worker threads' own heaps.)
pub fn tune() {
    set(MI_OPTION_ARENA_EAGER_COMMIT, 0);
}

/// Gives freed memory back to the system at once, for the server's start-up: applying the
/// schema and loading the catalog free far more than they keep, and with the default delay
/// much of it stayed with the idle server (`scripts/memory.sh`: 77.6 against 87.4 MB
/// anonymous with 10,000 products when the whole run gave memory back at once). Until
/// [`release_after_delay`].
pub fn release_at_once() {
    set(MI_OPTION_PURGE_DELAY, 0);
}

/// Back to mimalloc's default delay, once the server has started: see [`tune`] for what giving
/// memory back at once costs under orders.
pub fn release_after_delay() {
    set(MI_OPTION_PURGE_DELAY, DEFAULT_PURGE_DELAY_MS);
}

#[expect(unsafe_code, reason = "mimalloc's options are set through its C API")]
fn set(option: libmimalloc_sys::mi_option_t, value: std::ffi::c_long) {
    // SAFETY: `mi_option_set` stores a number in mimalloc's option table, which its allocation
    // paths read atomically; the options set here exist in the bundled v3 header.
    unsafe {
        libmimalloc_sys::mi_option_set(option, value);
    }
}
