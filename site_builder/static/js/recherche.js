// « Rechercher »: the box in every page's header. The build writes it hidden (a reader without
// JavaScript sees no box rather than one that does nothing) and its index with Pagefind
// (site_builder/search.py). Nothing of the index loads until the reader focuses the box; then
// Pagefind fetches its wasm and the few index chunks a search needs, all from this site.
// Each result opens the page at the heading it was found under (its own anchor).
// Once a search has worked on a page the service worker controls, the whole index is kept for
// offline use (the list is js/recherche-hors-ligne.json, written by site_builder/offline.py).
// The words shown are the form's data-* attributes: no French is written here.

import { el } from "./dom.js";

const SITE_ROOT = new URL("../", import.meta.url); // this file is <root>/js/recherche.js
const MAX_PAGES = 8;
const SECTIONS_PER_PAGE = 2;
const WAIT_MS = 120;

let pagefind = null;

/** Pagefind's module, loaded and initialised once (null when it cannot load, e.g. offline). */
function engine() {
  pagefind ??= import(new URL("pagefind/pagefind.js", SITE_ROOT).href).then(async (module) => {
    // pageLength 0.1 (Pagefind's default 0.75): a long page of rules is not pushed below a
    // short example that only shows the rule
    await module.options({
      baseUrl: SITE_ROOT.pathname, excerptLength: 18, ranking: { pageLength: 0.1 },
    });
    await module.init();
    return module;
  });
  return pagefind;
}

/** Text with Pagefind's <mark> kept and everything else as plain text (an inert template
 *  parses it: no script runs, nothing loads). */
function excerptNodes(html) {
  const template = document.createElement("template");
  template.innerHTML = html;
  return Array.from(template.content.childNodes, (node) => (node.nodeName === "MARK"
    ? el("mark", {}, node.textContent) : document.createTextNode(node.textContent)));
}

/** The sections of a page result worth opening: most matches first, those with an anchor
 *  preferred (the page's own intro has none). */
function sections(data) {
  const found = (data.sub_results || []).slice()
    .sort((a, b) => (b.locations?.length || 0) - (a.locations?.length || 0)
      || Number(b.url.includes("#")) - Number(a.url.includes("#")));
  return (found.length ? found : [{ title: data.meta.title, url: data.url, excerpt: data.excerpt }])
    .slice(0, SECTIONS_PER_PAGE);
}

function resultItem(page, section) {
  const link = el("a", { href: section.url });
  link.append(el("span", { class: "recherche-page" }, page.meta.title));
  if (section.title && section.title !== page.meta.title) {
    link.append(" ", el("span", { class: "recherche-section" }, section.title));
  }
  const excerpt = el("span", { class: "recherche-extrait" });
  excerpt.append(...excerptNodes(section.excerpt || ""));
  link.append(excerpt);
  const item = el("li");
  item.append(link);
  return item;
}

/** Ask the service worker, when it controls this page, to keep the whole index. */
async function keepIndexOffline() {
  if (!navigator.serviceWorker?.controller) return;
  try {
    const response = await fetch(new URL("js/recherche-hors-ligne.json", SITE_ROOT));
    if (!response.ok) return;
    const { keepForOffline } = await import("./hors-ligne.js");
    await keepForOffline({ files: await response.json() });
  } catch {
    // online search still works; offline it will say it cannot load
  }
}

function setUp(form) {
  const input = form.querySelector("input[type=search]");
  const panel = form.querySelector(".recherche-panneau");
  const status = form.querySelector(".recherche-etat");
  const list = form.querySelector(".recherche-resultats");
  const words = form.dataset;
  let asked = 0;
  let timer = 0;
  let kept = false;

  const show = (text, items = []) => {
    status.textContent = text;
    list.replaceChildren(...items);
    panel.hidden = false;
  };
  const close = () => {
    panel.hidden = true;
  };

  async function run(query) {
    const mine = ++asked;
    if (!query.trim()) {
      list.replaceChildren();
      close();
      return;
    }
    show(words.attente);
    let module;
    try {
      module = await engine();
    } catch {
      pagefind = null; // try again on the next search (the network may be back)
      if (mine === asked) show(words.indisponible);
      return;
    }
    let found;
    try {
      const search = await module.search(query);
      found = await Promise.all(search.results.slice(0, MAX_PAGES).map((result) => result.data()));
    } catch {
      if (mine === asked) show(words.indisponible);
      return;
    }
    if (mine !== asked) return; // the reader has typed on
    const items = found.flatMap((page) => sections(page).map((part) => resultItem(page, part)));
    if (!items.length) {
      show(words.aucun.replace("{mots}", query.trim()));
      form.dataset.resultats = query;
      return;
    }
    const count = items.length === 1 ? words.un : words.plusieurs.replace("{n}", String(items.length));
    show(count, items);
    form.dataset.resultats = query; // what the list shows (the browser tests wait on it)
    if (!kept) {
      kept = true;
      keepIndexOffline();
    }
  }

  input.addEventListener("focus", () => {
    engine().catch(() => {
      pagefind = null;
    });
    if (list.childElementCount || status.textContent) panel.hidden = false;
  }, { once: false });
  input.addEventListener("input", () => {
    clearTimeout(timer);
    timer = setTimeout(() => run(input.value), WAIT_MS);
  });
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    clearTimeout(timer);
    await run(input.value);
    const first = list.querySelector("a");
    if (first) first.click();
  });
  form.addEventListener("keydown", (event) => {
    const links = Array.from(list.querySelectorAll("a"));
    const at = links.indexOf(document.activeElement);
    if (event.key === "Escape") {
      close();
      input.focus();
    } else if (event.key === "ArrowDown" && links.length) {
      event.preventDefault();
      links[Math.min(at + 1, links.length - 1)].focus();
    } else if (event.key === "ArrowUp" && at >= 0) {
      event.preventDefault();
      (at === 0 ? input : links[at - 1]).focus();
    }
  });
  // a result on this very page only moves the anchor: close the list so the heading shows
  list.addEventListener("click", (event) => {
    if (event.target.closest("a")) close();
  });
  document.addEventListener("pointerdown", (event) => {
    if (!form.contains(event.target)) close();
  });
  form.addEventListener("focusout", (event) => {
    if (event.relatedTarget && !form.contains(event.relatedTarget)) close();
  });
  form.hidden = false;
}

for (const form of document.querySelectorAll("form[data-recherche]")) setUp(form);
