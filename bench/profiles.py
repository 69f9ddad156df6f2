"""Fresh Chromium profiles on disk for the benchmarks, one per context.

A Playwright `browser.new_context()` is an off-the-record profile: its HTTP cache lives in
memory and never keeps Pyodide's 9.6 MB wasm (measured: a second fetch of it downloads it again,
while the 1.3 MB pyodide.asm.mjs comes from the cache). A reader's browser has a disk cache and
keeps it, so a « warm » or « next page » figure measured in such a context would time a download
no reader makes. Each context here is a persistent one in a new temporary folder: cold when
opened, warm for its own later pages, as a reader's browser is.
"""

from __future__ import annotations

import shutil
import tempfile


class Profiles:
    """`new_context(**options)` as on a Browser, each context in a profile of its own.

    A folder cannot go when its context's `close` event fires: Chromium is still writing its
    `Preferences` then, so `rmtree` raced it and left one folder per context in /tmp (80 after
    a benchmark run). The folders go in `close()`, once every browser has exited."""

    def __init__(self, driver, **launch):
        self.driver = driver
        self.launch = launch
        self.folders: list[str] = []

    def new_context(self, **options):
        folder = tempfile.mkdtemp(prefix="bench-profile-")
        self.folders.append(folder)
        return self.driver.chromium.launch_persistent_context(folder, **self.launch, **options)

    def close(self) -> None:
        """Each context closes its own browser; this removes the profiles they leave on disk."""
        for folder in self.folders:
            shutil.rmtree(folder, ignore_errors=True)
        self.folders.clear()
