//! How the server's allocator, glibc's malloc, is set up. The orders bench sets it up the same
//! way, so that it measures the allocator a shop runs.
//!
//! Session 43 measured glibc's malloc against mimalloc (which the server ran from session 30)
//! with the same build, idle with 10,000 products (`scripts/memory.sh`'s steps): mimalloc kept
//! 62-81 MB of anonymous memory, glibc's malloc 33-39 MB with its defaults and 30 MB with an
//! arena per core, while the live heap was about 18 MB. mimalloc was faster under orders (1,180
//! against 983 orders/s flat out on spread products), but both are about twice the goal of 500,
//! and at 500 orders/s the p99 was 13-57 ms against 19-20 ms (README, Memory).

/// Blocks from this size on get pages of their own from the system, given back when freed.
const OWN_PAGES_FROM: i32 = 4 * 1024 * 1024;

/// Limits glibc's malloc to as many arenas as cores, the main thread's counted (so on two cores
/// every other thread shares one), and gives blocks of [`OWN_PAGES_FROM`] or more pages of
/// their own. Session 71 tried four arenas a core under orders: the samples spent in malloc's
/// locks fell from 2.1% to 1.6%, the CPU an order did not move (README, Orders and invoices).
/// Its defaults: eight arenas per core (threads that meet a locked arena
/// make a new one, and each arena keeps the memory its threads freed), and a threshold for own
/// pages that rises to the size of the largest such block freed, up to 32 MiB, so that a second
/// password hash's 19 MiB (`auth::password`) stayed in the heap after it was freed. Call before
/// other threads start. No effect on other C libraries.
pub fn tune() {
    let cores = std::thread::available_parallelism().map_or(1, std::num::NonZero::get);
    glibc::limit_arenas(i32::try_from(cores).unwrap_or(i32::MAX));
    glibc::own_pages_from(OWN_PAGES_FROM);
}

/// Gives the memory the allocator holds free back to the system, for the server's start-up:
/// applying the schema and loading the catalog free far more than they keep, and glibc's
/// malloc gives back only the top of a heap by itself. Takes a few milliseconds; not for hot
/// paths.
pub fn give_back_free_memory() {
    glibc::trim();
}

/// How often a serving node gives back what its allocator holds free.
const GIVE_BACK_EVERY: std::time::Duration = std::time::Duration::from_secs(30);

/// Gives back the free memory every [`GIVE_BACK_EVERY`] while the node serves. Under orders the
/// heap grows with SurrealKV's memtable and shrinks when it is written out, and what is freed
/// below live blocks stays with glibc's malloc: a 10-minute soak's lowest RSS after each of
/// three flushes rose 134 → 169 → 185 MB without it (README "Memory"). Runs off the runtime's
/// threads, since a trim holds each arena's lock while it walks it.
pub fn keep_giving_back(tasks: &crate::background::Tasks) {
    tasks.spawn(async {
        let mut ticks = tokio::time::interval(GIVE_BACK_EVERY);
        ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        // The first tick is at once, and `app::serve` has just trimmed.
        ticks.tick().await;
        loop {
            ticks.tick().await;
            let started = std::time::Instant::now();
            if tokio::task::spawn_blocking(give_back_free_memory)
                .await
                .is_ok()
            {
                tracing::debug!(took = ?started.elapsed(), "free memory given back");
            }
        }
    });
}

#[cfg(all(target_os = "linux", target_env = "gnu"))]
#[expect(unsafe_code, reason = "glibc's malloc is tuned through its C API")]
mod glibc {
    pub fn limit_arenas(arenas: i32) {
        // SAFETY: `mallopt` stores a number in malloc's parameters under its own lock.
        unsafe {
            libc::mallopt(libc::M_ARENA_MAX, arenas);
        }
    }

    pub fn own_pages_from(bytes: i32) {
        // SAFETY: as above; setting the threshold also stops glibc from moving it.
        unsafe {
            libc::mallopt(libc::M_MMAP_THRESHOLD, bytes);
        }
    }

    pub fn trim() {
        // SAFETY: `malloc_trim` walks malloc's arenas under their locks and returns whole free
        // pages to the system; it touches no memory that is allocated.
        unsafe {
            libc::malloc_trim(0);
        }
    }
}

#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
mod glibc {
    pub fn limit_arenas(_arenas: i32) {}

    pub fn own_pages_from(_bytes: i32) {}

    pub fn trim() {}
}
