// « L’explorateur de positions »: the page side. It holds no rule and no French sentence of its
// own: it sends the text of its fields to the worker (explore_* messages, game/explore/web.py)
// and shows what comes back — French errors on the field at fault, the greyed cards of the grid,
// the link, the risk bars (and, the moment they are asked for, the room they will take). The
// engine (its download is said in the page, the build's figure) starts only when the reader asks
// for something only it can do: « Vérifier la position », « Quel risque ? », a JSON scenario, or
// a link to a position. Never on hover, focus or idle: until then typing checks nothing (the page
// says so), and once it runs every change is checked as it is typed.

import { fragment, reveal } from "./dom.js";
import * as engine from "./engine.js";
import { keepForOffline } from "./hors-ligne.js";
import { WORDS, say } from "./mots.js";

const T = WORDS.explore;
const root = document.querySelector("[data-explorer]");
const form = root && root.querySelector(".explorer-position");
const CHECK_DELAY = 250;

let checkTimer = null;
let checkCount = 0;
let running = null;     // {stopped} while an estimate runs
let lastFragment = "";
let wanted = false;     // the reader has asked for the engine: checks follow every change
let opening = Promise.resolve();   // the link being read: a check waits for the position it opens
let edits = 0;          // changes to the position or the settings, to tell figures out of date
let touched = null;     // while a link is read: the fields the reader changes meanwhile

function fields() {
  return [...form.querySelectorAll("[data-champ]")];
}

function field(name) {
  return form.querySelector(`[data-champ="${CSS.escape(name)}"]`);
}

function setting(name) {
  return form.querySelector(`[data-reglage="${name}"]`);
}

const TEXTS = ["variant", "players", "hand", "known", "gone", "marked", "stopped", "their_specials"];
/** The numbered fields of a list (`rows[0]`, `rows[1]`…), in order: the page has as many as the
 *  build wrote (five rows, the fifth for the special cards' « 5ᵉ série »; three special cards). */
function listed(name) {
  return fields().filter((input) => input.dataset.champ.startsWith(`${name}[`));
}

function readForm() {
  const values = Object.fromEntries(TEXTS.map((name) => [name, field(name).value]));
  values.rows = listed("rows").map((input) => input.value);
  values.specials = listed("specials").map((input) => input.value);
  return values;
}

function fillForm(values) {
  for (const name of TEXTS) if (values[name] !== undefined) field(name).value = values[name];
  listed("rows").forEach((input, i) => { input.value = (values.rows || [])[i] || ""; });
  listed("specials").forEach((input, i) => { input.value = (values.specials || [])[i] || ""; });
  showVariant();
  edited();
}

/** The position or a setting changed: figures already shown are now another position's, and an
 *  estimate under way computes for one the reader has left (it stops). */
function edited() {
  edits += 1;
  sayAboutJson("");   // a refused export or import spoke of a position the form has left
  if (running && running.from !== undefined) running.stopped = true;
  outdate();
}

/** Figures of a position the form no longer holds stay, dimmed (tools.css), and their summary
 *  says so in its own room (no line moves). */
function outdate() {
  const results = root.querySelector("[data-resultats]");
  const summary = results.querySelector(".explorer-resume > span");
  if (!summary || results.querySelector(".explorer-place")) return;
  results.dataset.perime = "";
  summary.textContent = T.outdated;
}

/** The special cards' fields are shown with that variant only (the engine ignores them else). */
function showVariant() {
  const variant = field("variant").value;
  for (const part of root.querySelectorAll("[data-variante]")) part.hidden = part.dataset.variante !== variant;
}

function settings() {
  return { seed: setting("seed").value, mode: setting("mode").value, samples: Number(setting("samples").value) };
}

// --- answers → page --------------------------------------------------------------------------

/** The JSON tools' own line: said by their presses, cleared by an edit; not by a check, which
 *  may answer just after a refused export and would wipe its reason. */
function sayAboutJson(text) {
  root.querySelector('[data-erreur="scenario"]').textContent = text;
}

function showErrors(errors) {
  for (const spot of root.querySelectorAll('[data-erreur]:not([data-erreur="scenario"])')) spot.textContent = "";
  for (const input of form.querySelectorAll("[aria-invalid]")) input.removeAttribute("aria-invalid");
  for (const error of errors || []) {
    const spot = root.querySelector(`[data-erreur="${CSS.escape(error.field || "lien")}"]`);
    if (spot) spot.textContent = error.message;
    const input = error.field && (field(error.field) || setting(error.field));
    if (input) input.setAttribute("aria-invalid", "true");
  }
}

function showGrid(answer) {
  if (!answer || !answer.used) return;
  const used = new Set(answer.used);
  for (const button of form.querySelectorAll("[data-carte]")) {
    const card = Number(button.dataset.carte);
    const out = card > answer.highest;
    button.classList.toggle("utilisee", used.has(card));
    button.classList.toggle("hors-jeu", out);
    button.setAttribute("aria-disabled", String(used.has(card) || out));
  }
}

function status(text) {
  root.querySelector("[data-statut]").textContent = text;
}

function failed(error) {
  console.error(error);
  status(root.querySelector("[data-statut]").dataset.texteEchec);
}

/** The reader asked for something only the engine does: start it (once) and check from now on. */
function want() {
  if (wanted) return;
  wanted = true;
  if (!engine.isReady()) status(root.querySelector("[data-statut]").dataset.texteDemarrage);
  engine.start().then(() => {
    status("");
  }, failed);
}

// --- checking and the link -----------------------------------------------------------------------

async function check() {
  await opening;
  const mine = ++checkCount;
  const answer = await engine.ask({ type: "explore_check", form: readForm() });
  if (mine !== checkCount) return null;  // a newer edit is on its way
  showErrors(answer.errors);
  showGrid(answer);
  if (answer.ok) await updateLink();
  form.dataset.valide = String(answer.ok);
  return answer;
}

function scheduleCheck() {
  clearTimeout(checkTimer);
  delete form.dataset.valide;
  if (!wanted) return; // checked on request (the page says so): typing downloads nothing
  checkTimer = setTimeout(() => check().catch(failed), CHECK_DELAY);
}

async function verify() {
  want();
  clearTimeout(checkTimer);
  await check();
}

async function updateLink() {
  const { seed, mode } = settings();
  const answer = await engine.ask({ type: "explore_encode", form: readForm(), seed, mode });
  const seedError = root.querySelector('[data-erreur="seed"]');
  seedError.textContent = answer.ok ? "" : answer.errors.map((error) => error.message).join(" ");
  if (answer.ok) setting("seed").removeAttribute("aria-invalid");
  else setting("seed").setAttribute("aria-invalid", "true");
  if (!answer.ok) {
    // No link to share then: the last one holds a seed the field no longer shows.
    root.querySelector(".explorer-lien").dataset.enAttente = "";
    return;
  }
  lastFragment = answer.fragment;
  history.replaceState(null, "", `#${answer.fragment}`);
  const link = root.querySelector("[data-lien]");
  link.href = `#${answer.fragment}`;
  delete root.querySelector(".explorer-lien").dataset.enAttente;
}

/** Read `link`, noting what the reader types meanwhile: `typed` holds the fields they changed,
 *  with their text, which the link's position must not overwrite. */
async function decode(link) {
  touched = new Set();
  try {
    const answer = await engine.ask({ type: "explore_decode", fragment: link });
    return { answer, typed: [...touched].map((input) => [input, input.value]) };
  } finally {
    touched = null;
  }
}

/** Put back what the reader typed while a link was read; true if anything was. The form then
 *  holds a position of their own, which its check gives a link. */
function keepTyped(typed) {
  for (const [input, value] of typed) input.value = value;
  if (!typed.length) return false;
  showVariant();
  edited();
  scheduleCheck();
  root.querySelector(".explorer-lien").dataset.enAttente = "";
  return true;
}

async function openLink() {
  const link = fragment();
  if (!link || link === lastFragment) return;
  want(); // a link to a position: the reader asked to see it
  delete form.dataset.valide; // until this position is read
  const { answer, typed } = await decode(link);
  if (!answer.ok) {
    fillForm({ variant: "classic", players: "4", hand: "", known: "", gone: "", marked: "", stopped: "" });
    showErrors(answer.errors);
    showGrid({ used: [], highest: Infinity });   // an empty table: no card used, none out of play
    root.querySelector("[data-resultats]").replaceChildren();
    root.querySelector(".explorer-lien").dataset.enAttente = "";
    lastFragment = "";   // no position open: going back to the last good link reads it again
    keepTyped(typed);
    return;
  }
  fillForm(answer.form);
  if (answer.seed !== null) setting("seed").value = String(answer.seed);
  setting("mode").value = answer.mode;
  lastFragment = link;
  if (keepTyped(typed)) return;
  showErrors([]);
  showGrid(answer);
  form.dataset.valide = "true";
  delete root.querySelector(".explorer-lien").dataset.enAttente;
  root.querySelector("[data-lien]").href = `#${link}`;
}

// --- the estimate, chunk by chunk ----------------------------------------------------------------

/** The room the figures will take, shown the moment they are asked for: one empty line per card
 *  of the hand, each exactly as tall as its figures will be, so nothing under them moves while the
 *  engine starts and computes. Its markup is the build's (game/explore/web.py `room_html`). */
function keepRoom() {
  const results = root.querySelector("[data-resultats]");
  const cards = field("hand").value.split(/[\s,;]+/).filter(Boolean).length;
  if (!cards || results.querySelectorAll(".explorer-risque, .explorer-place").length === cards) return;
  results.innerHTML = say(T.room, { lines: T.room_line.repeat(cards) });
}

async function estimate(event) {
  event.preventDefault();
  if (running) return;
  const stop = form.querySelector("[data-action=stop]");
  const go = form.querySelector("button[type=submit]");
  const bar = root.querySelector(".explorer-progression progress");
  const results = root.querySelector("[data-resultats]");
  want();
  keepRoom();
  running = { stopped: false };
  go.disabled = true;
  stop.disabled = false;
  results.setAttribute("aria-busy", "true");
  try {
    clearTimeout(checkTimer);
    let checked = await check();
    // An edit while this check waited (for the engine's start, say) has checked anew: check the
    // position as it now reads rather than drop the reader's press.
    while (checked === null) checked = await check();
    if (!checked.ok) return;
    const { seed, mode, samples } = settings();
    const base = { type: "explore_estimate", form: readForm(), seed, mode, samples };
    running.from = edits;
    bar.value = 0;
    bar.parentElement.hidden = false;
    let answer = await engine.ask(base);
    while (true) {
      if (!answer.ok) {
        showErrors(answer.errors);
        return;
      }
      results.innerHTML = answer.html;   // markup drawn by Python (game/explore/web.py)
      delete results.dataset.perime;
      if (edits !== running.from) outdate();
      bar.max = answer.samples;
      bar.value = answer.done;
      if (answer.finished || running.stopped) break;
      answer = await engine.ask({ ...base, start: answer.done, so_far: answer.estimate });
    }
    results.dataset.fini = String(answer.finished);
  } catch (error) {
    failed(error);
  } finally {
    running = null;
    go.disabled = false;
    stop.disabled = true;
    bar.parentElement.hidden = true;
    results.removeAttribute("aria-busy");
    if (results.querySelector(".explorer-place")) results.replaceChildren();   // no figures came
    if (document.activeElement === stop || !document.activeElement || document.activeElement === document.body) go.focus();
  }
}

// --- the grid of 104 cards ------------------------------------------------------------------------

function aim(input) {
  const choice = form.querySelector("[data-cible]");
  if ([...choice.options].some((option) => option.value === input.dataset.champ)) {
    choice.value = input.dataset.champ;
  }
}

function addCard(button) {
  if (button.getAttribute("aria-disabled") === "true") return;
  const input = field(form.querySelector("[data-cible]").value);
  input.value = `${input.value.trim()} ${button.dataset.carte}`.trim();
  edited();
  scheduleCheck();
}

function moveInGrid(event) {
  const buttons = [...form.querySelectorAll("[data-carte]")];
  const at = buttons.indexOf(event.target);
  if (at < 0) return;
  const steps = { ArrowRight: 1, ArrowLeft: -1, ArrowDown: 10, ArrowUp: -10 };
  let next = null;
  if (event.key in steps) next = at + steps[event.key];
  else if (event.key === "Home") next = 0;
  else if (event.key === "End") next = buttons.length - 1;
  if (next === null || next < 0 || next >= buttons.length) return;
  event.preventDefault();
  buttons[at].tabIndex = -1;
  buttons[next].tabIndex = 0;
  buttons[next].focus();
}

// --- scenario JSON -------------------------------------------------------------------------------

async function exportScenario() {
  want();
  const answer = await engine.ask({ type: "explore_export", form: readForm() });
  const json = root.querySelector("#explorer-json");
  if (!answer.ok) {
    showErrors(answer.errors);
    json.value = "";   // not the last position's scenario, beside a refusal of this one
    sayAboutJson(T.export_refused);
    return;
  }
  json.value = answer.scenario;
  showErrors([]);
  sayAboutJson("");
}

async function importScenario() {
  want();
  const answer = await engine.ask({ type: "explore_import", text: root.querySelector("#explorer-json").value });
  if (!answer.ok) return sayAboutJson(answer.errors.map((error) => error.message).join(" "));
  fillForm(answer.form);
  await check();
}

// --- wiring ----------------------------------------------------------------------------------

function init() {
  if (!root || !form) return;
  reveal(form, engine.supported());   // no engine here: the form's kept place goes
  reveal(root.querySelector(".explorer-partage"), engine.supported());
  if (form.hidden) {
    status(root.querySelector("[data-statut]").dataset.texteEchec);
    return;
  }
  showVariant();
  field("variant").addEventListener("change", showVariant);
  form.querySelector("[data-action=verifier]").addEventListener("click", () => verify().catch(failed));
  // Typed while a link is read: kept when its position fills the form (openLink).
  for (const input of [...fields(), setting("seed"), setting("mode")]) {
    input.addEventListener(input.tagName === "SELECT" ? "change" : "input", () => touched?.add(input));
  }
  for (const input of fields()) {
    input.addEventListener(input.tagName === "SELECT" ? "change" : "input", edited);
    input.addEventListener(input.tagName === "SELECT" ? "change" : "input", scheduleCheck);
    if (input.hasAttribute("data-cartes")) input.addEventListener("input", () => aim(input));
  }
  // A hand edited while the figures are awaited: their room follows it, as the reader types.
  field("hand").addEventListener("input", () => {
    if (root.querySelector(".explorer-place")) keepRoom();
  });
  setting("seed").addEventListener("input", () => { if (form.dataset.valide === "true") updateLink().catch(failed); });
  setting("mode").addEventListener("change", () => { if (form.dataset.valide === "true") updateLink().catch(failed); });
  setting("seed").addEventListener("input", edited);
  for (const name of ["mode", "samples"]) setting(name).addEventListener("change", edited);
  form.addEventListener("submit", estimate);
  form.querySelector("[data-action=stop]").addEventListener("click", () => { if (running) running.stopped = true; });
  const grid = form.querySelector(".explorer-grille");
  grid.addEventListener("click", (event) => {
    const button = event.target.closest("[data-carte]");
    if (button) addCard(button);
  });
  grid.addEventListener("keydown", moveInGrid);
  root.querySelector("[data-action=exporter]").addEventListener("click", () => exportScenario().catch(failed));
  root.querySelector("[data-action=importer]").addEventListener("click", () => importScenario().catch(failed));
  // A check (a press, say) waits for the link being read, so it checks the position it opens.
  const follow = () => { opening = openLink().catch(failed); };
  window.addEventListener("hashchange", follow);
  if (location.hash.length > 1) follow();
  root.dataset.pret = "";
  // Like Jouer, the explorer works offline after one visit: the page now, the engine once it ran.
  const files = ["js/engine.js"];
  keepForOffline({ files, engine: false });
  engine.whenReady.then(() => keepForOffline({ files: [...files, "js/worker.js"], engine: true }));
}

init();
