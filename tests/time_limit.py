"""A time limit for one call under test: a hang fails the test instead of stalling the suite.

The limit counts the process's own CPU time (ITIMER_VIRTUAL), not the clock: a call that loops
forever spends CPU and is stopped, while a busy machine (the browser tests of the other test
processes, another build) only makes the clock run, and never fails a call that is merely
waiting for its turn on a core."""

from __future__ import annotations

import signal
from contextlib import contextmanager


class Hang(AssertionError):
    """The call did not return in time (an AssertionError, so the test fails with its message)."""


@contextmanager
def time_limit(seconds: float):
    def stop(signum, frame):
        raise Hang(f"no answer after {seconds} s of CPU")
    previous = signal.signal(signal.SIGVTALRM, stop)
    signal.setitimer(signal.ITIMER_VIRTUAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_VIRTUAL, 0)
        signal.signal(signal.SIGVTALRM, previous)
