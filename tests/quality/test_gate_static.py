"""Gates over the built files themselves, no browser: typography, security policy markup,
internal links and anchors, the Nu HTML checker (byte-identical rebuilds: tests/site/test_site_build.py).

Every page is found in the build output (quality_checks.html_files), so a page added later is
checked without touching this file.
"""

from __future__ import annotations

import shutil

from quality_checks import (ROOT, build_site, csp_problems, html_files, link_problems, typography_problems,
                            url_path, vnu_errors)


def report(found: dict[str, list[str]]) -> str:
    """Every problem on its own line, so a failing gate lists them all (no truncated diff)."""
    return "\n" + "\n".join(f"{page or '/'}: {problem}" for page, problems in found.items()
                             for problem in problems)


def per_page(site, check) -> dict[str, list[str]]:
    found = {}
    for html in html_files(site):
        problems = check(html.read_text(encoding="utf-8"))
        if problems:
            found[url_path(site, html)] = problems
    return found


def test_the_build_has_pages(site_pages):
    assert "" in site_pages and "404.html" in site_pages and len(site_pages) >= 10


def test_typography_of_every_page(built_site):
    found = per_page(built_site, typography_problems)
    assert not found, report(found)


def test_security_policy_in_every_page(built_site):
    found = per_page(built_site, csp_problems)
    assert not found, report(found)


def test_security_policy_of_a_local_build_404_page(tmp_path):
    """Without --base-url the 404 page carries its stylesheet inline (any depth): the gate holds."""
    import subprocess
    import sys
    out = tmp_path / "_site"
    subprocess.run([sys.executable, "-m", "site_builder", "build", "--out", str(out), "--pages-only"],
                   cwd=ROOT, check=True, capture_output=True)
    html = (out / "404.html").read_text(encoding="utf-8")
    assert "<style>" in html and 'rel="stylesheet"' not in html
    assert csp_problems(html) == []
    assert typography_problems(html) == []


def test_every_internal_link_and_anchor_resolves(built_site):
    problems = link_problems(built_site, base_url="/depot/")
    assert not problems, "\n".join(problems)


def test_every_page_passes_the_nu_html_checker(built_site):
    errors = vnu_errors(html_files(built_site))
    assert not errors, "\n".join(errors)


def test_the_build_refuses_a_broken_link_and_a_broken_anchor(tmp_path):
    """The real content with one page linking to a missing page and one to a missing anchor."""
    content = tmp_path / "content"
    shutil.copytree(ROOT / "content", content)
    page = content / "glossaire.md"
    text = page.read_text(encoding="utf-8")
    page.write_text(text + "\nVoir [cette page](absente.md) et [ce titre](regles.md#nulle-part).\n",
                    encoding="utf-8")
    line = text.count("\n") + 2
    out = tmp_path / "_site"
    result = build_site(out, content=content)
    assert result.returncode == 2
    assert f"glossaire.md:{line}: broken link 'absente.md'" in result.stderr
    assert f"glossaire.md:{line}: broken link 'regles.md#nulle-part': no anchor" in result.stderr
    assert not out.exists(), "a refused build must write nothing"

