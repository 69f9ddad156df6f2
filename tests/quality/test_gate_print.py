"""The print gate in Chromium: every built page but the 404 printed once to PDF (A4, the site's
print stylesheet), with no control and no navigation shown, no step hidden, no figure cut and
every step caption in the PDF's text; each aide-mémoire on one sheet. Apart from the walk's
module (test_gate_browser.py), so that the two run side by side under `make test`.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from quality_browser import ROOT, Record, new_context, new_page, print_layout

pytestmark = [pytest.mark.browser, pytest.mark.slow]

PDF_DIR = ROOT / "test-artifacts" / "quality"


def _print_pages(browser, server, pages: list[str], out: Path) -> dict:
    record = Record()
    context = new_context(browser, server, record)
    page = new_page(context, record)
    results = {}
    for path in pages:
        page.emulate_media(media="screen")
        page.set_viewport_size({"width": 1280, "height": 900})
        page.goto(server.url(path))
        layout = print_layout(page)
        name = (path.strip("/").replace("/", "_") or "accueil").removesuffix(".html")
        pdf = out / f"{name}.pdf"
        page.pdf(path=str(pdf), prefer_css_page_size=True, print_background=True)
        layout["pdf"] = str(pdf)
        results[path] = layout
    results["__faults__"] = record.faults()
    context.close()
    return results


def pdf_text(pdf: str) -> str:
    tool = shutil.which("pdftotext")
    if tool is None:
        raise RuntimeError("pdftotext is missing: apt-get install poppler-utils")
    return subprocess.run([tool, "-enc", "UTF-8", pdf, "-"], capture_output=True, text=True,
                          check=True).stdout


def squeeze(text: str) -> str:
    return re.sub(r"[\s\u00a0\u202f\u2011\u00ad-]+", "", text)


def print_problems(layout: dict) -> list[str]:
    problems = [f"visible control in print: {c}" for c in layout["controls"]]
    problems += [f"navigation in print: {n}" for n in layout["navigation"]]
    problems += [f"step not printed: {s}" for s in layout["hiddenSteps"]]
    problems += [f"figure may be cut: {c}" for c in layout["cut"]]
    if layout.get("pdf"):
        text = squeeze(pdf_text(layout["pdf"]))
        problems += [f"step caption missing from the PDF: {caption[:60]!r}"
                     for caption in layout["captions"] if squeeze(caption) not in text]
    return problems


@pytest.fixture(scope="module")
def printed(chromium, quality_server, site_pages) -> dict:
    """Every page but the 404 printed once to PDF, with its print layout: the gates below read it."""
    PDF_DIR.mkdir(parents=True, exist_ok=True)
    pages = [p for p in site_pages if p != "404.html"]
    return chromium.call(_print_pages, quality_server, pages, PDF_DIR)


def test_print_every_page_to_pdf(printed):
    results = dict(printed)
    faults = results.pop("__faults__")
    found = {path: problems for path, layout in results.items()
             if (problems := print_problems(layout))}
    assert found == {}
    assert faults == {}
    example_pages = [p for p, layout in results.items() if layout["steps"]]
    assert example_pages, "no page with example steps was printed"


SHEETS = {
    # page: words its one sheet must carry (spaces squeezed out), so a rule cut off is caught
    "aide-memoire/": ("Valeurscroissantes", "Pluspetitécart", "Sixièmecarte", "Cartetropfaible",
                      "66têtesouplus", "55"),
    "variantes/aide-memoire-speciales/": ("5ᵉsérie", "7quiprend", "Insérer", "Remplacer", "Glisser",
                                          "Stop", "Négatif=positif", "deuxmanches"),
    "junior/aide-memoire-base/": ("unevachenouvelle", "lessixtypesdevaches", "leplusdecartesgagne",
                                  "Écosse"),
    "junior/aide-memoire-avance/": ("troiscartes", "unevachenouvelle", "leplusdecartesgagne",
                                    "Écosse"),
    "junior/aide-memoire-expert/": ("ladernièrecarte", "Lasixièmecarte", "Aucunecartene",
                                    "lemoinsdecartesgagne", "Écosse"),
}


@pytest.mark.parametrize("sheet", SHEETS)
def test_each_aide_memoire_prints_on_one_sheet(printed, site_pages, sheet):
    """An aide-mémoire is meant to lie on the table: one A4 page, every rule of its game on it
    (print CSS in site.css). Issue 26: the classic game, the special cards, each Junior level.
    Its PDF is the one `printed` made with every other page."""
    assert sheet in site_pages
    layout = printed[sheet]
    assert print_problems(layout) == []
    text = pdf_text(layout["pdf"])
    pages = text.count("\f")
    assert pages == 1, f"{sheet} prints on {pages} pages"
    flat = squeeze(text)
    for words in SHEETS[sheet]:
        assert words in flat, (sheet, words)
