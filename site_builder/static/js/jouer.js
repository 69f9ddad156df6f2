// « Jouer une manche »: the page side of a game against robots, in any variant the engine offers.
//
// No rule and no drawing live here. The Python engine (game/session.py, through the worker of
// engine.js) decides everything and draws the table, the cards and each step; this script keeps
// the session state it is given, sends it back with the reader's move, and swaps the markup.
// Markup comes from Python (which escapes names); reader text is only ever set with textContent.

import * as engine from "./engine.js";
import { EngineProgress } from "./controls.js";
import { el, reveal } from "./dom.js";
import { keepForOffline } from "./hors-ligne.js";
import { buildArea, keepScene, render, setEnabled, showBoard, ui } from "./jouer-board.js";
import { showReview } from "./jouer-review.js";
import { download, keep, kept, readJson } from "./jouer-store.js";
import { WORDS } from "./mots.js";

const T = WORDS.play;

const root = document.querySelector("[data-jouer]");
const form = root && root.querySelector(".jouer-reglages");

let state = null; // the session state Python gave us: sent back with every move
let view = null;
let busy = false;
let shown = 0; // steps of the current turn already shown (before a decision: a row, a special card)
let skip = false; // « Tout montrer » pressed: show the rest of the turn at once

function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function delay() {
  return skip ? 0 : Number(form.elements.vitesse.value) || 0;
}

// --- talking to Python ---------------------------------------------------------------------

let progress = null; // the engine's start, shown under the form's buttons (as in the examples)

/** Run `work` (a first message to the engine), showing what loads until the engine is ready. */
async function whileStarting(work) {
  if (engine.isReady()) return work();
  if (!progress) {
    progress = new EngineProgress("jouer-etat");
    form.querySelector(".jouer-boutons").after(progress.box);
  }
  const stop = progress.follow();
  try {
    return await work();
  } finally {
    stop();
    progress.hide();
  }
}

async function ask(message) {
  ui.error && (ui.error.textContent = "");
  return whileStarting(() => engine.ask(message));
}

function showErrors(errors) {
  for (const error of errors || []) {
    const spot = error.field && root.querySelector(`[data-erreur="${CSS.escape(error.field)}"]`);
    if (spot && !spot.closest("[hidden]")) spot.textContent = error.message;
    else if (ui.error) ui.error.textContent = error.message;
    else form.querySelector(".jouer-boutons").after(el("p", { class: "jouer-erreur", role: "alert" }, error.message));
  }
}

/** A move the engine refused: the board goes back to the question it asked, with the reason
 *  (the state it refused is unchanged, so is the view). */
function refused(answer) {
  render(view, { busy });
  showErrors(answer.errors);
}

function clearErrors() {
  for (const spot of root.querySelectorAll("[data-erreur]")) spot.textContent = "";
}

async function guarded(work) {
  if (busy) return;
  busy = true;
  root.setAttribute("aria-busy", "true");
  try {
    await work();
  } catch (error) {
    console.error(error);
    const target = ui.error || form.querySelector("[data-erreur=reader]");
    target.textContent = T.failed;
  } finally {
    busy = false;
    root.removeAttribute("aria-busy");
    if (ui.area) setEnabled(true);
    if (focusAfter) {
      const container = focusAfter;
      focusAfter = null;
      focusFirst(container);
    }
  }
}

// --- moves -------------------------------------------------------------------------------------

function levels() {
  const count = Number(form.elements.bots.value);
  const level = form.elements.niveau.value;
  return Array.from({ length: count }, (_, i) =>
    level === "mix" ? (i % 2 ? "random" : "heuristic") : level);
}

// The options as the build wrote the form from the registry (site_builder/blocks/jouer.py): the
// menu entry's variant and its own options (« junior-expert »: data-options {"level": "expert"}),
// then every field marked data-option, named after its option; the engine reads and checks them.
function chosenOptions() {
  const entry = form.elements.variante.selectedOptions[0];
  const options = { variant: entry.value.split("-")[0], ...JSON.parse(entry.dataset.options || "{}") };
  for (const field of form.querySelectorAll("[data-option]")) {
    options[field.dataset.option] = field.type === "checkbox" ? field.checked : field.value;
  }
  return options;
}

function start(event) {
  event.preventDefault();
  clearErrors();
  guarded(async () => {
    const answer = await ask({
      type: "play_new",
      reader: form.elements.nom.value,
      bots: levels(),
      options: chosenOptions(),
      seed: Math.floor(Math.random() * 1e9), // the engine reads integers up to 10⁹ (game/untrusted.py)
    });
    if (!answer.ok) return showErrors(answer.errors);
    begin(answer);
  });
}

function begin(answer) {
  if (!ui.area) {
    buildArea(root, { play, pick, choose, move, advice: askAdvice, save, newGame, nextRound, review,
                      showAll: () => { skip = true; } });
  }
  form.hidden = true;
  ui.area.hidden = false;
  ui.review.hidden = true;
  ui.review.replaceChildren();
  ui.log.replaceChildren();
  shown = 0; // nothing of this game's turn is shown yet, whatever the last game showed
  accept(answer, { scene: true });
  focusFirst(ui.hand);
}

function accept(answer, { scene = false } = {}) {
  state = answer.state;
  view = answer.view;
  keep(state);
  render(view, { scene, busy });
  linkExplorer();
}

function offerResume() {
  const saved = kept();
  if (!saved) return;
  const button = el("button", { type: "button", class: "jouer-secondaire jouer-reprendre" }, T.resume);
  button.addEventListener("click", () => guarded(async () => {
    const answer = await ask({ type: "play_view", state: saved });
    if (!answer.ok) {
      keep(null);
      button.remove();
      return showErrors(answer.errors);
    }
    button.remove();
    begin(answer);
    ui.live.textContent = view.status;
  }));
  form.querySelector(".jouer-boutons").append(" ", button);
}

/** A card played: a new turn, a new log. */
function play(card) {
  guarded(async () => {
    ui.advice.hidden = true;
    ui.status.textContent = T.busy;
    root.dataset.phase = "busy";
    setEnabled(false);
    const answer = await ask({ type: "play_card", card, state });
    if (!answer.ok) return refused(answer);
    ui.log.replaceChildren();
    shown = 0;
    await showTurn(answer);
  });
}

/** A decision in the middle of a turn (a row, a special card): the turn so far stays drawn
 *  and logged, the engine sends the steps that follow the `shown` ones. */
function decide(message, fieldset) {
  guarded(async () => {
    ui.advice.hidden = true;
    root.dataset.phase = "busy";
    setEnabled(false);
    const answer = await ask({ ...message, state, shown });
    if (!answer.ok) return refused(answer);
    fieldset.hidden = true;
    if (!shown) ui.log.replaceChildren(); // a decision that opens a turn (Junior)
    await showTurn(answer);
  });
}

async function showTurn(answer) {
  await showSteps(answer.steps);
  const last = answer.steps[answer.steps.length - 1];
  if (!last || last.kind !== "choice") shown = 0; // the turn is over: the next one starts afresh
  accept(answer);
  afterTurn();
}

function move(index) {
  decide({ type: "play_move", index }, ui.decision);
}

function choose(row) {
  decide({ type: "play_choose", row }, ui.choice);
}

function pick(card) {
  guarded(async () => {
    const answer = await ask({ type: "play_pick", state, card });
    if (!answer.ok) return showErrors(answer.errors);
    accept(answer, { scene: true });
    ui.live.textContent = `${view.picks || ""} ${view.status}`.trim();
    focusFirst(ui.hand);
  });
}

function nextRound() {
  guarded(async () => {
    const answer = await ask({ type: "play_next", state });
    if (!answer.ok) return showErrors(answer.errors);
    ui.log.replaceChildren();
    ui.review.hidden = true;
    accept(answer, { scene: true });
    ui.live.textContent = view.status;
    focusFirst(ui.hand);
  });
}

function newGame() {
  state = null;
  keep(null);
  ui.area.hidden = true;
  form.hidden = false;
  form.elements.nom.focus();
}

function askAdvice() {
  guarded(async () => {
    const answer = await ask({ type: "play_advice", state });
    if (!answer.ok) return showErrors(answer.errors);
    ui.advice.textContent = answer.advice.text;
    ui.advice.hidden = false;
    for (const button of ui.hand.querySelectorAll("button")) {
      button.classList.toggle("conseillee", Number(button.dataset.card) === answer.advice.card);
    }
    for (const button of ui.moves.querySelectorAll("button")) {
      button.classList.toggle("conseillee", Number(button.dataset.coup) === answer.advice.index);
    }
  });
}

function save() {
  guarded(async () => {
    const answer = await ask({ type: "play_export", state });
    if (!answer.ok) return showErrors(answer.errors);
    download(answer.scenario, `6-qui-prend-manche-${view.round}.json`);
    ui.live.textContent = T.saved;
  });
}

function load(event) {
  const file = event.target.files[0];
  if (!file) return;
  clearErrors();
  guarded(async () => {
    const scenario = await readJson(file);
    const answer = await ask({ type: "play_load", scenario });
    event.target.value = "";
    if (!answer.ok) return showErrors(answer.errors);
    begin(answer);
    if (answer.steps.length) {
      const last = answer.steps[answer.steps.length - 1];
      ui.scene.innerHTML = last.html; // markup drawn by the engine
    }
    ui.live.textContent = T.loaded + " " + view.status;
  });
}

function review() {
  guarded(async () => {
    const answer = await ask({ type: "play_review", state });
    if (!answer.ok) return showErrors(answer.errors);
    showReview(ui, root, view.round, answer.steps);
  });
}

// --- showing -----------------------------------------------------------------------------------

async function showSteps(steps) {
  skip = false;
  ui.status.textContent = T.placing; // the question that led here is answered
  ui.showAll.hidden = delay() === 0;
  ui.logBox.hidden = false;
  for (const step of steps) {
    keepScene(step.html);
    ui.log.append(el("li", {}, step.text));
    showBoard(); // the view follows the cards being placed
    if (step.kind !== "choice") shown += 1;
    if (delay()) {
      ui.live.textContent = step.text;
      await sleep(delay());
    }
  }
  if (!delay() || skip) {
    ui.live.textContent = steps.map((s) => s.text).join(" ");
  }
  ui.showAll.hidden = true;
}

function afterTurn() {
  if (view.phase === "row") focusFirst(ui.rows);
  else if (view.phase === "move") focusFirst(ui.moves);
  else if (view.phase === "play") focusFirst(ui.hand);
  else {
    ui.live.textContent = view.summary;
    focusFirst(ui.end);
  }
}

let focusAfter = null; // where the focus goes once the buttons are enabled again

function focusFirst(container) {
  if (busy) {
    focusAfter = container;
    return;
  }
  const target = container.querySelector("button:not([disabled]):not([hidden])[tabindex='0']") ||
    container.querySelector("button:not([disabled]):not([hidden])");
  // The browser would scroll the focused button into view, table off screen: the board is
  // brought into view as a whole instead.
  if (target) target.focus({ preventScroll: true });
  showBoard();
}

let explorerAsked = 0; // answers may come back out of order: only the latest one counts

/** « Ouvrir dans l’explorateur »: the table and the hand the reader sees now, as a permalink the
 *  engine encodes (explore_link); unseen (its line kept, tools.css) when the explorer cannot
 *  open it (Junior, a draft), and without an address, so neither a click nor a tab reaches it. */
function linkExplorer() {
  if (!ui.explorer) {
    ui.explorer = el("a", { class: "jouer-explorateur", "data-indisponible": "" }, T.explorer);
    ui.adviceButton.parentElement.append(ui.explorer);
  }
  const mine = ++explorerAsked;
  engine.ask({ type: "explore_link", state }).then((answer) => {
    if (mine !== explorerAsked) return;
    ui.explorer.toggleAttribute("data-indisponible", !answer.ok);
    if (answer.ok) ui.explorer.href = new URL(`../outils/explorer/#${answer.fragment}`, import.meta.url).href;
    else ui.explorer.removeAttribute("href");
  });
}

/** Offer no more robots than the chosen variant seats beside the reader (data-robots: the
 *  build's figure from the registry); a count above it comes down to the largest. */
function fitRobots() {
  const most = Number(form.elements.variante.selectedOptions[0].dataset.robots);
  const select = form.elements.bots;
  for (const option of select.options) option.disabled = Number(option.value) > most;
  if (Number(select.value) > most) select.value = String(most);
}

/** Set up the page once: the form, a game to resume, the offline copy. */
function main() {
  if (!root || !form) return;
  reveal(form);
  form.elements.variante.addEventListener("change", fitRobots);
  fitRobots();
  form.addEventListener("submit", start);
  offerResume();
  form.querySelector("#jouer-fichier").addEventListener("change", load);
  // The engine (its download is said under « Commencer », the build's figure) starts only when
  // the reader asks: « Commencer », a resumed or a loaded game — never on hover or focus.
  // Jouer works offline after one visit: the page now, the engine once it has run.
  const files = ["js/engine.js", "js/mots.js", "js/mots-data.js", "js/dom.js", "js/controls.js",
                 "js/jouer-board.js", "js/jouer-review.js", "js/jouer-store.js"];
  keepForOffline({ files, engine: false });
  engine.whenReady.then(() => keepForOffline({ files: [...files, "js/worker.js"], engine: true }));
}

main();
