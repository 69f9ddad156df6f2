"""A time limit for one call under test: a hang fails the test instead of stalling the suite."""

from __future__ import annotations

import signal
from contextlib import contextmanager


class Hang(AssertionError):
    """The call did not return in time (an AssertionError, so the test fails with its message)."""


@contextmanager
def time_limit(seconds: float):
    def stop(signum, frame):
        raise Hang(f"no answer after {seconds} s")
    previous = signal.signal(signal.SIGALRM, stop)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
