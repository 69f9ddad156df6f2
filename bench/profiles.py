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
    """`new_context(**options)` as on a Browser, each context in a profile of its own; the
    folder goes when the context is closed."""

    def __init__(self, driver, **launch):
        self.driver = driver
        self.launch = launch

    def new_context(self, **options):
        folder = tempfile.mkdtemp(prefix="bench-profile-")
        context = self.driver.chromium.launch_persistent_context(folder, **self.launch, **options)
        context.on("close", lambda _: shutil.rmtree(folder, ignore_errors=True))
        return context

    def close(self) -> None:
        """Nothing stays open between contexts: each closes its own browser."""
