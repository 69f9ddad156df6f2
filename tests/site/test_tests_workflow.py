"""The tests workflow is a valid GitHub Actions workflow that runs the README's test command on
every push and pull request, where .ci/run can install the browsers it needs."""

from __future__ import annotations

import shutil
import subprocess

from ruamel.yaml import YAML

from site_helpers import ROOT
from test_pages_workflow import check_workflow

WORKFLOW_FILE = ROOT / ".github" / "workflows" / "tests.yml"
WORKFLOW = YAML(typ="safe").load(WORKFLOW_FILE.read_text(encoding="utf-8"))
CI_RUN = ROOT / ".ci" / "run"


def test_the_workflow_is_valid_for_github_actions():
    done = check_workflow(WORKFLOW_FILE)
    assert done.returncode == 0, done.stdout + done.stderr


def test_it_runs_on_every_push_and_pull_request():
    triggers = WORKFLOW["on"]
    assert set(triggers) >= {"push", "pull_request"}
    for event in ("push", "pull_request"):   # no branch or path filter leaves a change untested
        assert not (triggers[event] or {}), f"{event} is filtered: {triggers[event]}"


def test_its_one_job_runs_ci_run_as_root_on_debian():
    (job,) = WORKFLOW["jobs"].values()
    # .ci/run installs the browsers with apt-get only as root: a Debian container job is root.
    assert job["container"].startswith("debian:")
    runs = [step["run"] for step in job["steps"] if "run" in step]
    assert "bash .ci/run" in runs
    checkout = next(i for i, s in enumerate(job["steps"]) if s.get("uses", "").startswith("actions/checkout@"))
    assert checkout < next(i for i, s in enumerate(job["steps"]) if s.get("run") == "bash .ci/run")


def run_ci(tmp_path, present: tuple[str, ...]) -> list[str]:
    """.ci/run as root on a machine whose PATH holds only `present` (and the shell tools it
    uses), apt-get and make recording their calls instead of acting: the calls, in order."""
    bin_dir, log = tmp_path / "bin", tmp_path / "calls.txt"
    bin_dir.mkdir()
    record = f'#!/bin/sh\necho "${{0##*/}} $*" >> {log}\n'
    for name, body in {"apt-get": record, "make": record, "id": "#!/bin/sh\necho 0\n",
                       **dict.fromkeys(present, "#!/bin/sh\n")}.items():
        (bin_dir / name).write_text(body, encoding="utf-8")
        (bin_dir / name).chmod(0o755)
    (bin_dir / "dirname").symlink_to(shutil.which("dirname"))
    done = subprocess.run(["/bin/bash", str(CI_RUN)], env={"PATH": str(bin_dir)},
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    return log.read_text(encoding="utf-8").splitlines()


BROWSER_PACKAGES = {"chromium-headless-shell": "chromium-headless-shell", "firefox-esr": "firefox-esr",
                    "WebKitWebDriver": "webkit2gtk-driver", "Xvfb": "xvfb"}


def test_ci_run_installs_every_browser_of_the_tests_then_runs_make_test(tmp_path):
    calls = run_ci(tmp_path, present=())
    installed = next(call for call in calls if call.startswith("apt-get install")).split()
    assert set(BROWSER_PACKAGES.values()) <= set(installed)
    assert calls[-1] == "make test"


def test_ci_run_installs_nothing_a_machine_has(tmp_path):
    calls = run_ci(tmp_path, present=(*BROWSER_PACKAGES, "java", "pdftotext"))
    assert calls == ["make test"]


def test_the_screenshots_are_taken_and_kept_even_when_a_test_fails():
    (job,) = WORKFLOW["jobs"].values()
    steps = job["steps"]
    upload = next(i for i, s in enumerate(steps) if s.get("uses", "").startswith("actions/upload-artifact@"))
    assert steps[upload]["if"] == "always()"
    assert steps[upload]["with"]["path"].rstrip("/") == "test-artifacts"
    take = next(i for i, s in enumerate(steps) if s.get("run") == "make screenshots")
    tests = next(i for i, s in enumerate(steps) if s.get("run") == "bash .ci/run")
    assert tests < take < upload and steps[take]["if"] == "always()"
