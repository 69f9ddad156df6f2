"""The GitHub Pages workflow is a valid workflow, and it publishes what its build step writes,
dot-files included.

Validity: check-jsonschema with the GitHub workflow schema it ships (vendored in the package, so
no network is needed). Publishing: the build step's own command line is run here, with the values
GitHub would give its expressions, on a small content folder (the whole site is built once per
session, by tests/conftest.py) into the folder the upload step publishes.
"""

from __future__ import annotations

import re
import shlex
import subprocess
import sys

from ruamel.yaml import YAML

from site_helpers import FIXTURES, ROOT

WORKFLOW_FILE = ROOT / ".github" / "workflows" / "pages.yml"
WORKFLOW = YAML(typ="safe").load(WORKFLOW_FILE.read_text(encoding="utf-8"))
EXPRESSION = re.compile(r"\$\{\{\s*([^}]+?)\s*\}\}")
# What actions/configure-pages outputs for a project site (https://exemple.org/depot/).
PAGES_OUTPUTS = {"base_path": "/depot", "base_url": "https://exemple.org/depot"}


def check_workflow(path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "check_jsonschema", "--builtin-schema",
                           "vendor.github-workflows", str(path)], capture_output=True, text=True)


def test_the_workflow_is_valid_for_github_actions():
    done = check_workflow(WORKFLOW_FILE)
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_schema_check_refuses_a_broken_workflow(tmp_path):
    """The check is live: the same workflow with one misspelt `runs-on` is refused."""
    broken = tmp_path / "pages.yml"
    text = WORKFLOW_FILE.read_text(encoding="utf-8")
    broken.write_text(text.replace("runs-on:", "runs_on:", 1), encoding="utf-8")
    done = check_workflow(broken)
    assert done.returncode == 1 and "'runs-on' is a required property" in done.stdout, done.stdout


def steps() -> list[dict]:
    return WORKFLOW["jobs"]["build"]["steps"]


def only(found: list[dict], what: str) -> dict:
    assert len(found) == 1, f"expected one {what} step in the build job, found {len(found)}"
    return found[0]


def test_the_build_step_writes_what_the_upload_step_publishes(tmp_path):
    build = only([s for s in steps() if "-m site_builder build" in s.get("run", "")], "site build")
    upload = only([s for s in steps() if s.get("uses", "").startswith("actions/upload-pages-artifact@")],
                  "upload-pages-artifact")
    assert steps().index(build) < steps().index(upload)
    assert upload["with"].get("include-hidden-files") is True  # v4+ drops .nojekyll otherwise

    # Every expression of the build command names an output of an earlier step (configure-pages).
    earlier_ids = {s.get("id") for s in steps()[:steps().index(build)]}

    def value(match: re.Match) -> str:
        step_id, output = re.fullmatch(r"steps\.([\w-]+)\.outputs\.(\w+)", match[1]).groups()
        assert step_id in earlier_ids, f"{match[0]}: no earlier step with id {step_id!r}"
        configure = next(s for s in steps() if s.get("id") == step_id)
        assert configure["uses"].startswith("actions/configure-pages@")
        return PAGES_OUTPUTS[output]

    command = shlex.split(EXPRESSION.sub(value, build["run"]))
    assert command[:4] == ["python", "-m", "site_builder", "build"], command
    published = upload["with"]["path"]
    assert command[command.index("--out") + 1] == published, "the upload publishes another folder"

    out = tmp_path / published
    command[0], command[command.index("--out") + 1] = sys.executable, str(out)
    command += ["--content", str(FIXTURES / "ok")]
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert (out / ".nojekyll").is_file()
    assert 'href="/depot/site.css"' in (out / "404.html").read_text(encoding="utf-8")
    assert "<loc>https://exemple.org/depot/</loc>" in (out / "sitemap.xml").read_text(encoding="utf-8")
