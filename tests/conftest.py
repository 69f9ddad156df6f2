"""Shared by every test folder: how hard Hypothesis searches, and the real site built once per run.

HYPOTHESIS_PROFILE picks the number of examples per property: `fast` (15, a quick look),
`dev` (100: a bare pytest and `make test`) or `deep` (500, a longer search before a release or
after a rule change). Tests never hard-code it (tests/hypothesis_budget.py).
"""

from __future__ import annotations

import fcntl
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import settings

ROOT = Path(__file__).resolve().parent.parent
PROFILES = {"fast": 15, "dev": 100, "deep": 500}
BASE_URL = "/depot/"
SITE_URL = "https://exemple.org/depot/"

for _name, _examples in PROFILES.items():
    settings.register_profile(_name, max_examples=_examples, deadline=None)


# Longest first: under `make test` xdist hands whole modules to the processes in collection
# order (`pytest_xdist_make_scheduler`), so a long module collected late would run alone at the
# end while the other processes wait. The heaviest modules (by `pytest --durations`; a renamed one merely loses its
# place) go first, then every browser, gate and Node module, then the quick engine and build
# tests, which fill the gaps. Only the order changes: each module keeps its own.
LONGEST = ("browser/test_journeys.py", "quality/test_gate_browser.py", "browser/test_jouer.py",
           "browser/test_snapshot_boot_browser.py", "browser/test_player_engine.py",
           "browser/test_player_built.py", "browser/test_offline.py", "browser/test_played_cards.py",
           "browser/test_explorer.py", "browser/test_player.py", "quality/test_gate_print.py",
           "parity/test_pyodide_parity.py", "browser/test_search.py")
HEAVY_FOLDERS = ("browser", "quality", "parity")
# Before all of them, after the Chromium journeys: while the process that took those builds the
# site (in a fresh clone, mostly Node trimming Pyodide's library: about 13 s of one core), the
# others would wait for it, so they start with modules that need no site (Pyodide under Node,
# the fast engine's and the explorer's links' properties) and take the Firefox and WebKit
# journeys after.
WITHOUT_SITE_FIRST = ("game/test_rng.py", "game/junior/test_junior_pyodide_parity.py",
                      "game/specials/test_specials_pyodide_parity.py", "game/classic/test_fast.py",
                      "game/explore/test_codec.py")


def _rank(item) -> int:
    path = Path(str(item.fspath)).resolve().relative_to(ROOT / "tests").as_posix()
    if path == "browser/test_journeys.py" and item.nodeid.endswith("[chromium]"):
        return 0
    if path in WITHOUT_SITE_FIRST:
        return 1 + WITHOUT_SITE_FIRST.index(path)
    rank = 1 + len(WITHOUT_SITE_FIRST)
    if path in LONGEST:
        return rank + LONGEST.index(path)
    return rank + len(LONGEST) + (0 if path.split("/")[0] in HEAVY_FOLDERS else 1)


def pytest_collection_modifyitems(items):
    items.sort(key=_rank)  # stable: a module's tests keep their order


# Modules whose tests are grouped by their parameter rather than by the module: the journeys'
# three browsers, each a session of its own, run side by side in three processes.
BY_PARAMETER = ("tests/browser/test_journeys.py",)
# Modules that run in one process, one after the other, because they share what a process boots
# once and costs seconds of CPU: Pyodide under Node (the `pyodide` fixture).
ONE_PROCESS = {"tests/game/test_rng.py": "pyodide-under-node",
               "tests/game/junior/test_junior_pyodide_parity.py": "pyodide-under-node",
               "tests/game/specials/test_specials_pyodide_parity.py": "pyodide-under-node"}


@pytest.hookimpl(optionalhook=True)   # `pytest -p no:xdist` still runs
def pytest_xdist_make_scheduler(config, log):
    """`make test`'s scheduling (`-n 4 --dist loadscope`): xdist's loadscope, a module's tests
    (and its costly module fixtures, such as the quality gate's walk) in one process, with two
    changes. The modules go out longest first, in collection order (`LONGEST`), not ordered by
    their number of tests; a module of BY_PARAMETER is one unit per parameter, and the modules
    of ONE_PROCESS one unit together. (xdist's loadgroup marks would do the last two, but since
    pytest 9.2 they no longer reach the scheduler: xdist 3.8 renames `item._nodeid`, which
    `item.nodeid` no longer reads.)"""
    if config.getvalue("dist") != "loadscope":
        return None
    from xdist.scheduler import LoadScopeScheduling

    class LongestFirst(LoadScopeScheduling):
        def __init__(self, config, log=None):
            super().__init__(config, log)
            config.option.loadscopereorder = False

        def _split_scope(self, nodeid: str) -> str:
            module, _, test = nodeid.partition("::")
            if module in BY_PARAMETER and test.endswith("]"):
                return f"{module}[{test.rsplit('[', 1)[1]}"
            if module in ONE_PROCESS:
                return ONE_PROCESS[module]
            return super()._split_scope(nodeid)

    return LongestFirst(config, log)


def pytest_configure(config):
    """Load the profile before any test module (and its module-level settings) is imported."""
    profile = os.environ.get("HYPOTHESIS_PROFILE", "dev")
    if profile not in PROFILES:
        raise pytest.UsageError(f"HYPOTHESIS_PROFILE={profile!r}: expected one of "
                                f"{', '.join(PROFILES)}")
    settings.load_profile(profile)


@pytest.fixture(scope="session")
def run_folder(tmp_path_factory) -> Path:
    """The temporary folder every test process of this run shares (the build, the engine's
    snapshot): under xdist, the parent of the process's own."""
    shared = tmp_path_factory.getbasetemp()
    return shared.parent if os.environ.get("PYTEST_XDIST_WORKER") else shared


@pytest.fixture(scope="session")
def built_site(run_folder) -> Path:
    """content/ built once per run, browser assets included, exactly as CI's
    `python -m site_builder build` does (under the /depot/ sub-path the browser tests use).

    Under xdist the processes share one build: the first to get the lock builds it in the
    run's common temporary folder, the others wait for it and read the same pages (no test
    writes into it: a test that needs a changed site copies it)."""
    out = run_folder / "built" / "_site"
    with open(run_folder / "built.lock", "w", encoding="utf-8") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        failure = run_folder / "built" / "failed.txt"
        if failure.exists():
            pytest.fail(failure.read_text(encoding="utf-8"))
        if not (run_folder / "built" / "done").exists():
            shutil.rmtree(out, ignore_errors=True)   # a process that died while building it
            done = subprocess.run([sys.executable, "-m", "site_builder", "build", "--out", str(out),
                                   "--base-url", BASE_URL, "--site-url", SITE_URL],
                                  cwd=ROOT, capture_output=True, text=True)
            if done.returncode != 0:
                failure.parent.mkdir(parents=True, exist_ok=True)
                failure.write_text(f"site build failed ({done.returncode}):\n{done.stdout}\n"
                                   f"{done.stderr}", encoding="utf-8")
                pytest.fail(failure.read_text(encoding="utf-8"))
            (run_folder / "built" / "done").touch()
    return out


@pytest.fixture(scope="session")
def site(built_site) -> Path:
    """Another name for `built_site`, which tests written before it was shared still use."""
    return built_site


@pytest.fixture(scope="session")
def pyodide():
    """Pyodide under Node with game/ loaded, booted once per test process (tests/pyodide_session.py)."""
    from pyodide_session import PyodideSession

    try:
        session = PyodideSession()
    except RuntimeError as error:
        pytest.fail(str(error))
    yield session
    session.close()
