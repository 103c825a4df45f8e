#!/usr/bin/env python3
"""How a log's syncs wait while a table beside it is written at a flush's pace.

Appends 20 KB to a log file and syncs it (`fsync`, as SurrealKV's write-ahead log does) every
3 ms, as under Whisk's orders, while a table file in the same folder is written at 16 MiB a
second in 64 KiB steps (SurrealKV's paced flush, vendor/surrealkv/src/pace.rs): first synced
(`fdatasync`) every 8 MiB as the patched flush does, then left to the kernel until its closing
`fsync`. Prints, for each way, the log's sync times while the table was written (median, p99,
p99.9, longest) and how long the table's closing sync took.

    scripts/table-sync-stall.py [FOLDER] [MiB]   # defaults: a temporary folder under /tmp, 96
"""

import os
import sys
import time

from syncing_log import SyncingLog, run_in_folder

RATE = 16 << 20
STEP = 64 << 10
SYNC_EVERY = 8 << 20


def write_table(path, size, sync_as_written):
    descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
    chunk = os.urandom(STEP)
    started = time.perf_counter()
    written = synced = 0
    while written < size:
        os.write(descriptor, chunk)
        written += STEP
        if sync_as_written and written >= synced + SYNC_EVERY:
            synced = written
            os.fdatasync(descriptor)
        due = written / RATE - (time.perf_counter() - started)
        if due > 0:
            time.sleep(due)
    closing = time.perf_counter()
    os.fsync(descriptor)
    closing = time.perf_counter() - closing
    os.close(descriptor)
    os.unlink(path)
    return closing


def measure(folder, size, sync_as_written):
    log = SyncingLog(folder, os.fsync)
    log.start()
    time.sleep(0.5)
    started = time.perf_counter()
    closing = write_table(os.path.join(folder, "table"), size, sync_as_written)
    took = time.perf_counter() - started
    time.sleep(0.3)
    log.stop()
    syncs = log.syncs
    during = sorted(wait for at, wait in syncs if started <= at <= started + took)
    return took, closing, during


def run(folder):
    size = int(sys.argv[2]) << 20 if len(sys.argv) > 2 else 96 << 20
    for name, sync_as_written in (("synced every 8 MiB", True), ("synced at the end only", False)):
        took, closing, during = measure(folder, size, sync_as_written)

        def ms(share):
            return during[min(len(during) - 1, int(share * len(during)))] * 1000

        print(
            f"{size >> 20} MiB table {name}: took {took:.1f} s, closing sync {closing * 1000:.0f} ms; "
            f"{len(during)} log syncs meanwhile: median {ms(0.5):.2f} ms, p99 {ms(0.99):.1f} ms, "
            f"p99.9 {ms(0.999):.1f} ms, longest {during[-1] * 1000:.1f} ms"
        )


if __name__ == "__main__":
    run_in_folder(run)
