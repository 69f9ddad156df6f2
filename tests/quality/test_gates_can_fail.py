"""Each gate's checking function, fed a deliberately broken page, reports the fault.

A gate that silently stopped seeing faults would pass forever: these tests keep each one honest.
The pages are tiny copies of a built page's shape with one fault each.
"""

from __future__ import annotations

import pytest

from quality_browser import (Record, axe, axe_everywhere, new_context, new_page, print_layout,
                             with_axe)
from quality_checks import (POLICY, axe_summary, csp_problems, link_problems, page_weight,
                            typography_problems, vnu_errors, weight_problems)

pytestmark = [pytest.mark.browser]

NB, NNB = "\u00a0", "\u202f"


def page(body: str, *, head: str = "", policy: str | None = POLICY) -> str:
    meta = f'<meta http-equiv="Content-Security-Policy" content="{policy}">' if policy else ""
    return (f'<!doctype html>\n<html lang="fr">\n<head>\n<meta charset="utf-8">\n{meta}\n'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">\n'
            f'<title>Essai</title>\n{head}</head>\n<body>\n<main>\n<h1>Essai</h1>\n{body}\n'
            f'</main>\n</body>\n</html>\n')


GOOD = page(f"<p>Le joueur ramasse la rangée{NB}: cinq têtes de bœuf. «{NB}6 qui prend{NNB}!{NB}» "
            f"(«{NB}6 nimmt!{NB}»), l’exemple 5-3, Alice marque \u22123 avec 104{NB}cartes, "
            f"à 95{NNB}% et 10{NB}×{NB}2{NB}+{NB}4{NB}={NB}24{NNB}; Alice 12, Bruno \u22123.</p>")


# --- typography ----------------------------------------------------------------------------------

def test_typography_accepts_a_good_page():
    assert typography_problems(GOOD) == []


@pytest.mark.parametrize("text, fault", [
    ("Il ramasse la rangée : cinq têtes.", "':' without a no-break space"),
    ("Quelle rangée?", "'?' without a no-break space"),
    ("Attention ; la carte", "';' without a no-break space"),
    ("Bravo !", "'!' without a no-break space"),
    ('Il dit "six".', "straight double quote"),
    (f"Le jeu «{NB}6 qui prend !{NB}» de Kramer", "must be « 6 qui prend ! »"),
    ("une tête de boeuf", "must be written with œ"),
    ("l'exemple", "straight apostrophe"),
    ("Alice marque -3 têtes", "minus sign"),
    (f"« 6 nimmt{NB}! »", "no space before the !"),
    (f"«six{NB}»", "« without a no-break space after"),
    (f"Bravo{NB}!", "U+202F before ; ! ?"),
    (f"La rangée{NNB}: cinq", "U+00A0 before :"),
    ("On joue avec 104 cartes.", "between a number and its noun"),
    (f"Un intervalle à 95 %{NB}: large.", "at % or an operator"),
    (f"De 1 à 10{NB}× 2{NB}+{NB}4 = 24.", "at % or an operator"),
])
def test_typography_reports_each_fault(text, fault):
    problems = typography_problems(page(f"<p>{text}</p>"))
    assert any(fault in p for p in problems), problems


def test_typography_ignores_code_and_urls():
    body = ('<p>Lancez <code>python -m game replay a.json ; echo "ok"</code> et ouvrez '
            'https://exemple.org/page à 12:30.</p><pre>x = "boeuf" ; y : int</pre>')
    assert typography_problems(page(body)) == []


def test_typography_reads_prose_attributes():
    problems = typography_problems(page('<img src="a.svg" alt="La rangée : 3 cartes">'))
    assert any("alt" in p for p in problems), problems


# --- security policy markup ----------------------------------------------------------------------

def test_csp_accepts_a_good_page():
    assert csp_problems(GOOD) == []


@pytest.mark.parametrize("html, fault", [
    (page("<p>x</p>", policy=None), "no <meta"),
    (page('<script src="https://cdn.exemple.org/x.js"></script>'), "from another origin"),
    (page("<script>alert(1)</script>"), "inline <script>"),
    (page('<button onclick="go()">Go</button>'), "inline handler onclick"),
    (page('<a href="javascript:go()">Go</a>'), "javascript: URL"),
    (page('<svg><a xlink:href="javascript:go()"><text>Go</text></a></svg>'), "javascript: URL in xlink:href="),
    (page('<a href="java\tscript:go()">Go</a>'), "javascript: URL in href="),
    (page('<a href="java&#10;script:go()">Go</a>'), "javascript: URL in href="),
    (page('<button formaction=" JavaScript:go()">Go</button>'), "javascript: URL in formaction="),
    (page('<svg><animate attributeName="href" values="#a;javascript:go()"/></svg>'), "javascript: URL"),
    (page('<p>x</p>', head='<meta http-equiv="refresh" content="0; url=https://exemple.org/">\n'),
     "refresh"),
    (page('<meta http-equiv="Refresh" content="5">'), "refresh"),
    (page("<p>x</p>", policy=POLICY.replace("'self' 'wasm", "'self' 'unsafe-inline' 'wasm")),
     "script-src"),
    (page("<p>x</p>", policy=POLICY.replace("object-src 'none'; ", "")), "object-src"),
    (page("<p>x</p>", policy=POLICY.replace("base-uri 'none'", "base-uri 'self'")), "base-uri"),
])
def test_csp_reports_each_fault(html, fault):
    problems = csp_problems(html)
    assert any(fault in p for p in problems), problems


def _style_hash(css: str) -> str:
    import base64
    import hashlib
    return "'sha256-" + base64.b64encode(hashlib.sha256(css.encode()).digest()).decode() + "'"


def test_csp_accepts_only_the_hash_of_the_page_own_style():
    """A local build's 404 page writes site.css in a <style> allowed by its hash: that hash only,
    and only for styles."""
    css = "body { color: #222; }\n"
    own = POLICY.replace("style-src 'self'", f"style-src 'self' {_style_hash(css)}")
    assert csp_problems(page("<p>x</p>", head=f"<style>{css}</style>\n", policy=own)) == []
    other = POLICY.replace("style-src 'self'", f"style-src 'self' {_style_hash('p {}')}")
    assert any("style-src allows 'sha256-" in p
               for p in csp_problems(page("<p>x</p>", head=f"<style>{css}</style>\n", policy=other)))
    script = POLICY.replace("script-src 'self'", f"script-src 'self' {_style_hash(css)}")
    assert any("script-src" in p
               for p in csp_problems(page("<p>x</p>", head=f"<style>{css}</style>\n", policy=script)))


# --- links and anchors -----------------------------------------------------------------------------

def test_links_report_a_missing_page_and_a_missing_anchor(tmp_path):
    (tmp_path / "regles").mkdir()
    (tmp_path / "regles" / "index.html").write_text(page('<h2 id="fin">Fin</h2>'), encoding="utf-8")
    (tmp_path / "index.html").write_text(page(
        '<a href="regles/#fin">ok</a> <a href="regles/#debut">ancre</a> '
        '<a href="absente/">page</a> <a href="/regles/">absolu</a> <a href="#ici">ici</a>'),
        encoding="utf-8")
    problems = link_problems(tmp_path)
    assert any("'regles/#debut': no id 'debut'" in p for p in problems), problems
    assert any("'absente/'> reaches no file" in p for p in problems), problems
    assert any("'/regles/' is absolute" in p for p in problems), problems
    assert any("'#ici': no id 'ici'" in p for p in problems), problems
    assert len(problems) == 4, problems


# --- page weight -----------------------------------------------------------------------------------

def test_the_weight_gate_counts_each_file_once_gzipped_leaves_the_engine_out_and_reports_a_heavy_page(tmp_path):
    import gzip
    import random
    base = "http://127.0.0.1:1/depot/"
    (tmp_path / "lourde").mkdir()
    (tmp_path / "lourde" / "index.html").write_text(page("<p>x</p>"), encoding="utf-8")
    noise = random.Random(1).randbytes(60 * 1024)          # does not compress: 60 KB gzip
    (tmp_path / "bruit.js").write_bytes(noise)
    (tmp_path / "engine-0123456789ab.zip").write_bytes(noise * 3)
    light = [base + "lourde/", base + "bruit.js", base + "bruit.js", base + "engine-0123456789ab.zip"]
    gz, raw, files = page_weight(tmp_path, base, light)
    html = (tmp_path / "lourde" / "index.html").read_bytes()
    assert (files, raw) == (2, len(html) + len(noise))
    assert gz == len(gzip.compress(html, compresslevel=6)) + len(gzip.compress(noise, compresslevel=6))
    assert weight_problems(tmp_path, base, {"lourde/": light}) == []
    (tmp_path / "bruit2.js").write_bytes(random.Random(2).randbytes(60 * 1024))
    heavy = weight_problems(tmp_path, base, {"lourde/": light + [base + "bruit2.js?v=2"]})
    assert len(heavy) == 1 and heavy[0].startswith("lourde/: 120.") and "budget 100 KB" in heavy[0]


# --- Nu HTML checker --------------------------------------------------------------------------------

def test_vnu_reports_invalid_html(tmp_path):
    good, bad = tmp_path / "bon.html", tmp_path / "mauvais.html"
    good.write_text(GOOD, encoding="utf-8")
    bad.write_text(page('<p><div>bloc dans un paragraphe</p><img src="a.svg"><span id="x"></span>'
                        '<span id="x"></span>'), encoding="utf-8")
    errors = vnu_errors([good, bad])
    assert errors and all("mauvais.html" in e for e in errors), errors
    assert any("alt" in e for e in errors), errors
    assert any("Duplicate ID" in e for e in errors), errors


# --- in Chromium: axe, CSP violations, foreign requests, print ----------------------------------------

BROKEN_A11Y = page(
    '<img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">'                 # no alt
    '<svg role="img" width="40" height="40"><rect width="40" height="40"/></svg>'  # no title
    '<p style="color:#777;background:#888">gris sur gris</p>'                # contrast
    '<button style="width:10px;height:10px;padding:0;margin:0;border:0"></button>'
    '<button style="width:10px;height:10px;padding:0;margin:0;border:0">b</button>',
    policy=None)
# Without a policy the browser really tries the other hosts (the privacy gate must see it);
# with the policy it refuses first (the CSP gate must see it).
BROKEN_REQUESTS = page('<img src="https://images.exemple.org/x.png" alt="x">'
                       '<script src="https://cdn.exemple.org/x.js"></script>', policy=None)
BROKEN_CSP = page('<script src="https://cdn.exemple.org/x.js"></script>'
                  '<script>console.log("inline")</script>')
# Readable in light, grey on grey in dark only: the dark pass (colour rules only) must see it.
BROKEN_DARK = page('<style>@media (prefers-color-scheme: dark) { body { background: #222 }'
                   ' p { color: #333 } }</style><p>Lisible en clair, pas en sombre</p>',
                   policy=None)
# Shown on a phone only, with a picture without its text and grey on grey in dark: the desktop
# passes and the phone's layout rules see neither, so the walk must notice what the phone alone
# shows and run every rule, and dark, at 320 px too.
BROKEN_PHONE = page('<style>.tel { display: none } @media (max-width: 40rem) { .tel { display: block } }'
                    ' @media (prefers-color-scheme: dark) { body { background: #222; color: #eee }'
                    ' .tel p { color: #333 } }'
                    '</style><div class="tel"><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">'
                    '<p>Sur un téléphone seulement</p></div>', policy=None)
BROKEN_LAYOUT = page('<h1>Un second titre</h1><div style="width:600px">Trop large</div>'
                     '<div style="overflow-x:auto"><table style="width:700px"><caption style='
                     '"white-space:nowrap">Un titre de tableau bien trop long pour un téléphone'
                     '</caption><tr><td>1</td></tr></table></div>', policy=None)
BROKEN_PRINT = page(
    '<nav aria-label="Sections du guide"><a href="regles/">Règles</a></nav>'
    '<div class="joueur-commandes"><button>Suivant</button></div>'
    '<ol><li class="etape" hidden><figure><figcaption>Étape cachée</figcaption></figure></li></ol>'
    '<figure style="break-inside:auto"><svg width="100" height="1500" role="img">'
    '<title>Très grande</title></svg></figure>', policy=None)


def _served(tmp_path, name, html):
    (tmp_path / name).write_text(html, encoding="utf-8")


@pytest.fixture(scope="module")
def broken_site(tmp_path_factory):
    from harness import serve

    root = tmp_path_factory.mktemp("broken")
    for name, html in (("a11y.html", BROKEN_A11Y), ("requests.html", BROKEN_REQUESTS),
                       ("csp.html", BROKEN_CSP), ("dark.html", BROKEN_DARK),
                       ("layout.html", BROKEN_LAYOUT), ("print.html", BROKEN_PRINT),
                       ("phone.html", BROKEN_PHONE)):
        _served(root, name, html)
    running = serve(root)
    yield running
    running.httpd.shutdown()
    running.httpd.server_close()


def _run_broken(browser, server):
    out = {}
    record = Record()
    context = new_context(browser, server, record)
    with_axe(context)
    tab = new_page(context, record)
    tab.goto(server.url("a11y.html"))
    out["axe"] = axe_summary(axe(tab))
    tab.goto(server.url("dark.html"))
    out["axe_everywhere"] = {}
    axe_everywhere(tab, "dark.html", out["axe_everywhere"])
    tab.goto(server.url("phone.html"))
    axe_everywhere(tab, "phone.html", out["axe_everywhere"])
    tab.goto(server.url("layout.html"))
    out["layout"] = {}
    axe_everywhere(tab, "layout.html", {}, out["layout"])
    tab.goto(server.url("requests.html"))
    tab.wait_for_timeout(300)
    out["record"] = record
    csp_record = Record()
    csp_tab = new_page(context, csp_record)
    csp_tab.goto(server.url("csp.html"))
    csp_tab.wait_for_timeout(300)
    out["csp"] = csp_record.console
    tab.goto(server.url("print.html"))
    out["print"] = print_layout(tab)
    context.close()
    return out


@pytest.fixture(scope="module")
def broken_results(chromium, broken_site):
    return chromium.call(_run_broken, broken_site)


def test_axe_reports_missing_alt_svg_title_contrast_and_target_size(broken_results):
    rules = {line.split(" ")[0] for line in broken_results["axe"]}
    assert {"image-alt", "svg-img-alt", "color-contrast", "target-size"} <= rules, rules


def rules_found(broken_results, name: str) -> dict[str, set[str]]:
    """What `axe_everywhere` found on the broken page `name`: rule ids by pass."""
    return {label: {v["id"] for v in violations}
            for label, violations in broken_results["axe_everywhere"].items()
            if label.startswith(name)}


def test_axe_everywhere_finds_a_contrast_fault_of_the_dark_scheme_only(broken_results):
    found = rules_found(broken_results, "dark.html")
    assert found == {"dark.html [dark, 1280 px]": {"color-contrast"}}, found


def test_axe_everywhere_runs_every_rule_and_dark_on_a_phone_that_shows_more(broken_results):
    found = rules_found(broken_results, "phone.html")
    assert found == {"phone.html [light, 320 px]": {"image-alt"},
                     "phone.html [dark, 320 px]": {"color-contrast"}}, found


def test_the_layout_gate_finds_a_sideways_scroll_a_cut_table_title_and_two_titles(broken_results):
    phone = broken_results["layout"]["layout.html [320 px]"]
    assert any(fault.startswith("scrolls sideways by") for fault in phone), phone
    assert any(fault.startswith("table titles cut off: Un titre") for fault in phone), phone
    assert "2 h1" in phone, phone
    assert broken_results["layout"]["layout.html [1280 px]"] == ["2 h1"]


def test_the_walk_records_foreign_requests_csp_violations_and_console_errors(broken_results):
    record = broken_results["record"]
    assert any("images.exemple.org" in url for url in record.foreign), record.foreign
    assert any("cdn.exemple.org" in url for url in record.foreign), record.foreign
    assert record.console, "an aborted request is a console error too"
    csp = [line for line in broken_results["csp"] if ": CSP violation: " in line]
    assert any("script-src-elem blocked inline" in line for line in csp), csp
    assert any("script-src-elem blocked https://cdn.exemple.org" in line for line in csp), csp


def test_print_layout_reports_controls_navigation_hidden_steps_and_cut_figures(broken_results):
    layout = broken_results["print"]
    assert layout["controls"], layout
    assert layout["navigation"] == ["nav"], layout
    assert layout["hiddenSteps"], layout
    assert any("break-inside is auto" in c for c in layout["cut"]), layout["cut"]
    assert any("px tall" in c for c in layout["cut"]), layout["cut"]
