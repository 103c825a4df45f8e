//! The server's allocator: jemalloc, set up here for every program built on this library (the
//! server, the benches, the tests), so that the orders bench measures the allocator a shop runs.
//!
//! Session 47 measured three allocators with the same build, the orders bench in turns (64
//! buyers, 8 s, this host at about half its usual speed) and `scripts/memory.sh`: glibc's malloc
//! (the server's allocator since session 43) 423-441 orders/s spread and 495-510 on one
//! product, idle 50.0 MB; jemalloc 456-477 and 526-653, idle 53.6 MB; tcmalloc 491-508 and
//! 570-574 but idle 549 MB. glibc's malloc spent about 17% of the orders' CPU in `_int_malloc`,
//! `unlink_chunk` and `malloc_consolidate`, and it gives back only the free top of a heap, so a
//! serving node had to trim itself every 30 s to stay flat under load (README, Memory).
//! jemalloc hands freed pages back by itself, from a background thread, a second after they
//! are freed.

use std::ffi::{c_char, c_void};

#[global_allocator]
static JEMALLOC: tikv_jemallocator::Jemalloc = tikv_jemallocator::Jemalloc;

/// jemalloc's options, read when it starts: a background thread gives dirty pages back after
/// `dirty_decay_ms` (its default is 10 s) and at once from there (`muzzy_decay_ms:0`, no
/// lazily freed stage), so an idle server shrinks within a second of its last request; one
/// arena per CPU, as the server ran glibc's malloc (its default is four per CPU, each keeping
/// its own free pages).
#[expect(unsafe_code, reason = "jemalloc reads its options from this C symbol")]
#[unsafe(export_name = "_rjem_malloc_conf")]
pub static MALLOC_CONF: &[u8; 80] =
    b"background_thread:true,percpu_arena:percpu,dirty_decay_ms:1000,muzzy_decay_ms:0\0";

/// Gives the memory the allocator holds free back to the system at once, for the server's
/// start-up: applying the schema and loading the catalog free far more than they keep, and
/// the background thread would take its second. Not for hot paths.
#[expect(unsafe_code, reason = "jemalloc is told to purge through its C API")]
pub fn give_back_free_memory() {
    // "arena.<MALLCTL_ARENAS_ALL>.purge": every arena's unused dirty pages.
    const PURGE_ALL: &[u8] = b"arena.4096.purge\0";
    // SAFETY: a void control that reads and writes nothing through the pointers it is given
    // (all null), named by a NUL-terminated string.
    let failed = unsafe {
        tikv_jemalloc_sys::mallctl(
            PURGE_ALL.as_ptr().cast::<c_char>(),
            std::ptr::null_mut::<c_void>(),
            std::ptr::null_mut(),
            std::ptr::null_mut::<c_void>(),
            0,
        )
    };
    if failed != 0 {
        tracing::warn!(error = failed, "jemalloc did not purge its arenas");
    }
}

#[cfg(test)]
mod tests {
    use std::ffi::{CStr, c_void};

    /// jemalloc's value of the option `name`, of the C type `T` the manual gives it.
    #[expect(unsafe_code, reason = "jemalloc's options are read through its C API")]
    fn option<T: Copy + Default>(name: &CStr) -> T {
        let mut value = T::default();
        let mut size = size_of::<T>();
        // SAFETY: `value` has the size jemalloc is told, and the option's type is `T`.
        let failed = unsafe {
            tikv_jemalloc_sys::mallctl(
                name.as_ptr(),
                std::ptr::from_mut(&mut value).cast::<c_void>(),
                &raw mut size,
                std::ptr::null_mut(),
                0,
            )
        };
        assert_eq!(failed, 0, "reading {name:?}");
        value
    }

    #[test]
    fn jemalloc_runs_with_the_servers_options() {
        assert!(option::<bool>(c"opt.background_thread"));
        assert_eq!(option::<isize>(c"opt.dirty_decay_ms"), 1000);
        assert_eq!(option::<isize>(c"opt.muzzy_decay_ms"), 0);
        super::give_back_free_memory();
    }
}
