"""A log appended and synced every 3 ms in a thread, as SurrealKV's write-ahead log is under
Whisk's orders, for the scripts that measure how other file work holds up its syncs
(`removal-stall.py`, `table-sync-stall.py`)."""

import os
import shutil
import sys
import tempfile
import threading
import time


class SyncingLog:
    """Appends 20 KB to `folder/log` and syncs it with `sync` (`os.fsync` or `os.fdatasync`)
    every 3 ms from `start()` to `stop()`; `syncs` holds each sync's start and its time, in
    `time.perf_counter()` seconds."""

    def __init__(self, folder, sync):
        self.path = os.path.join(folder, "log")
        self.sync = sync
        self.syncs = []
        self._stop = threading.Event()
        # A daemon, so that a script stopped with an error or Ctrl-C does not leave it
        # appending until the disk is full (an interrupted run once left a 48 GB log).
        self._thread = threading.Thread(target=self._append, daemon=True)

    def _append(self):
        descriptor = os.open(self.path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)
        entry = b"x" * 20000
        while not self._stop.is_set():
            started = time.perf_counter()
            os.write(descriptor, entry)
            self.sync(descriptor)
            self.syncs.append((started, time.perf_counter() - started))
            time.sleep(0.003)
        os.close(descriptor)

    def start(self):
        self._thread.start()

    def stop(self):
        self._stop.set()
        self._thread.join()
        os.unlink(self.path)


def run_in_folder(run):
    """Calls `run(folder)` with the folder named as the script's first argument, or with a new
    one under /tmp that is removed afterwards, whatever happens."""
    if len(sys.argv) > 1:
        run(sys.argv[1])
        return
    folder = tempfile.mkdtemp(dir="/tmp")
    try:
        run(folder)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
