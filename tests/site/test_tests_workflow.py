"""The tests workflow is a valid GitHub Actions workflow that runs the README's test command on
every push and pull request, where .ci/run can install the browsers it needs."""

from __future__ import annotations

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


def test_ci_run_installs_every_browser_of_the_journeys_then_runs_make_test():
    script = CI_RUN.read_text(encoding="utf-8")
    for package in ("chromium", "firefox-esr", "webkit2gtk-driver", "xvfb"):
        assert f"need+=({package})" in script, package
    assert script.rstrip().splitlines()[-1] == "make test"


def test_the_screenshots_are_kept_even_when_a_test_fails():
    (job,) = WORKFLOW["jobs"].values()
    upload = next(s for s in job["steps"] if s.get("uses", "").startswith("actions/upload-artifact@"))
    assert upload["if"] == "always()" and upload["with"]["path"].rstrip("/") == "test-artifacts"
