#!/usr/bin/env python3
"""How long a log's syncs wait while a large file beside it is removed.

Appends 20 KB to a log file and syncs it (`fdatasync`) every 3 ms, as SurrealKV's write-ahead
log does under Whisk's orders, while a large file in the same folder is removed: unlinked
whole, then cut from its end in 8 MiB steps with 2 ms pauses before the unlink (SurrealKV's
`retire.rs`, vendor/surrealkv/README.whisk.md). Prints, for each way, how long the removal
took and the longest sync during it.

    scripts/removal-stall.py [FOLDER] [MiB]   # defaults: a temporary folder under /tmp, 256
"""

import os
import sys
import time

from syncing_log import SyncingLog, run_in_folder

STEP = 8 << 20
PAUSE = 0.002


def large_file(path, size):
    chunk = os.urandom(1 << 20)
    descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
    for _ in range(size >> 20):
        os.write(descriptor, chunk)
    os.fsync(descriptor)
    os.close(descriptor)


def unlink_whole(path):
    os.unlink(path)


def cut_in_steps(path):
    descriptor = os.open(path, os.O_WRONLY)
    length = os.fstat(descriptor).st_size
    while length > STEP:
        length -= STEP
        os.ftruncate(descriptor, length)
        time.sleep(PAUSE)
    os.close(descriptor)
    os.unlink(path)


def measure(folder, size, remove):
    path = os.path.join(folder, "segment")
    large_file(path, size)
    time.sleep(1)
    log = SyncingLog(folder, os.fdatasync)
    log.start()
    time.sleep(0.5)
    started = time.perf_counter()
    remove(path)
    took = time.perf_counter() - started
    time.sleep(0.5)
    log.stop()
    syncs = log.syncs
    during = [wait for at, wait in syncs if started - 0.01 <= at <= started + took + 0.1]
    before = sorted(wait for at, wait in syncs if at < started - 0.01)
    return took, max(during, default=0.0), before[len(before) // 2]


def run(folder):
    size = int(sys.argv[2]) << 20 if len(sys.argv) > 2 else 256 << 20
    for name, remove in (("unlinked whole", unlink_whole), ("cut in 8 MiB steps", cut_in_steps)):
        took, longest, median = measure(folder, size, remove)
        print(
            f"{size >> 20} MiB {name}: took {took * 1000:.0f} ms; "
            f"longest log sync during it {longest * 1000:.1f} ms (median before {median * 1000:.2f} ms)"
        )


if __name__ == "__main__":
    run_in_folder(run)
