//! How the server's allocator (mimalloc, `src/main.rs`) is set up. The orders bench sets it up
//! the same way, so that it measures the allocator a shop runs.

/// `mi_option_arena_eager_commit` in mimalloc v3's `mimalloc.h` (the crate's constants follow
/// v2's numbering).
const MI_OPTION_ARENA_EAGER_COMMIT: libmimalloc_sys::mi_option_t = 4;

/// Makes mimalloc commit its arenas as they fill rather than when reserved: with its defaults
/// an idle server with 10,000 products kept about 100 MB of anonymous memory
/// (`scripts/memory.sh`). Freed memory goes back to the system after mimalloc's default delay
/// of a second. Giving it back at once (`purge_delay` 0, as until session 36) kept about 11 MB
/// less when idle (69 against 80 MB anonymous), but under the orders bench's load it cost
/// 10-17% more CPU an order (page faults, zeroing fresh pages, `madvise`): 488 against 529 and
/// 476 against 574 orders/s in closed loop, and p99 at 500 orders/s of 481 against 166 ms.
/// (A thread forcing a purge every 5 s did not bring the idle figure down: what stays is held
/// by the worker threads' own heaps.)
#[expect(unsafe_code, reason = "mimalloc's options are set through its C API")]
pub fn tune() {
    // SAFETY: `mi_option_set` stores a number in mimalloc's option table, which its allocation
    // paths read atomically; the option exists in the bundled v3 header.
    unsafe {
        libmimalloc_sys::mi_option_set(MI_OPTION_ARENA_EAGER_COMMIT, 0);
    }
}
