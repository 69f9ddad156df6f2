"""The GitHub Pages workflow publishes what the build writes, dot-files included."""

from __future__ import annotations

from site_helpers import ROOT

WORKFLOW = (ROOT / ".github" / "workflows" / "pages.yml").read_text(encoding="utf-8")


def test_workflow_passes_the_base_path_and_keeps_nojekyll():
    assert '--base-url "${{ steps.pages.outputs.base_path }}/"' in WORKFLOW
    assert "actions/upload-pages-artifact@v5" in WORKFLOW
    assert "include-hidden-files: true" in WORKFLOW  # v4+ drops .nojekyll otherwise
    for action in ("actions/checkout@", "actions/setup-python@", "actions/setup-node@",
                   "actions/configure-pages@", "actions/deploy-pages@"):
        assert action in WORKFLOW, action
    assert "npm ci" in WORKFLOW
