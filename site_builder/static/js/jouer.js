// « Jouer une manche »: the page side of a game against robots, in any variant the engine offers.
//
// No rule and no drawing live here. The Python engine (game/session.py, through the worker of
// engine.js) decides everything and draws the table, the cards and each step; this script keeps
// the session state it is given, sends it back with the reader's move, and swaps the markup.
// Markup comes from Python (which escapes names); reader text is only ever set with textContent.

import * as engine from "./engine.js";
import { EngineProgress, StepControls } from "./controls.js";
import { el, reveal } from "./dom.js";
import { keepForOffline } from "./hors-ligne.js";
import { WORDS, list, say } from "./mots.js";

const T = WORDS.play;
// The session state, so a reload does not lose the game. sessionStorage, not localStorage: the
// guide keeps nothing on the reader's device beyond the score sheet once the tab is closed.
const STORE = "sqp-jouer-v1";

const root = document.querySelector("[data-jouer]");
const form = root && root.querySelector(".jouer-reglages");

let state = null; // the session state Python gave us: sent back with every move
let view = null;
let busy = false;
let shown = 0; // steps of the current turn already shown (before a decision: a row, a special card)
let skip = false; // « Tout montrer » pressed: show the rest of the turn at once
const ui = {};

function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function delay() {
  return skip ? 0 : Number(form.elements.vitesse.value) || 0;
}

// --- the game area, built once ---------------------------------------------------------------

function buildArea() {
  const area = el("section", { class: "jouer-partie", "aria-label": T.game });
  ui.status = el("p", { class: "jouer-statut" });
  ui.live = el("p", { class: "jouer-annonce", "aria-live": "polite", role: "status" });
  ui.error = el("p", { class: "jouer-erreur", role: "alert" });

  // Focusable so a keyboard user can scroll it sideways on a narrow screen.
  const scoreBox = el("div", { class: "jouer-scores", tabindex: "0", role: "region", "aria-label": T.scores });
  ui.scores = el("table", { class: "jouer-tableau-scores" });
  ui.scores.append(el("caption", {}, T.scores));
  ui.bgaHelp = el("p", { class: "jouer-aide" });
  scoreBox.append(ui.scores, ui.bgaHelp);

  ui.scene = el("div", { class: "jouer-scene", "aria-label": T.table, role: "region" });
  ui.showAll = el("button", { type: "button", class: "jouer-secondaire", hidden: "" }, T.show_all);
  ui.showAll.addEventListener("click", () => { skip = true; });

  ui.choice = el("fieldset", { class: "jouer-choix", hidden: "" });
  ui.choice.append(el("legend", {}, T.choose));
  ui.rows = el("div", { class: "jouer-rangees" });
  ui.choice.append(ui.rows);

  // Any other decision (a special card, a cow card and its row): the engine lists the legal
  // moves with their French words; the page only shows them as buttons.
  ui.decision = el("fieldset", { class: "jouer-choix jouer-decision", hidden: "" });
  ui.decisionText = el("legend", {}, T.decide);
  ui.moves = el("div", { class: "jouer-coups" });
  ui.decision.append(ui.decisionText, ui.moves);
  ui.extra = el("div", { class: "jouer-en-plus" });

  ui.handTitle = el("h3", { class: "jouer-titre-main", id: "jouer-titre-main" }, T.hand);
  ui.handHint = el("span", { class: "jouer-invisible", id: "jouer-aide-main" }, T.hand_hint);
  ui.hand = el("div", { class: "jouer-main", role: "group", "aria-labelledby": "jouer-titre-main",
                        "aria-describedby": "jouer-aide-main" });
  ui.hand.addEventListener("keydown", moveInHand);

  const tools = el("div", { class: "jouer-outils" });
  ui.adviceButton = el("button", { type: "button", class: "jouer-secondaire" }, T.advice);
  ui.adviceButton.title = T.advice_title;
  ui.adviceButton.addEventListener("click", askAdvice);
  ui.saveButton = el("button", { type: "button", class: "jouer-secondaire" }, T.save);
  ui.saveButton.addEventListener("click", save);
  ui.againButton = el("button", { type: "button", class: "jouer-secondaire" }, T.again);
  ui.againButton.addEventListener("click", newGame);
  tools.append(ui.adviceButton, ui.saveButton, ui.againButton);
  ui.advice = el("p", { class: "jouer-conseil", hidden: "" });

  ui.end = el("div", { class: "jouer-fin", hidden: "" });
  ui.summary = el("p", { class: "jouer-resume" });
  ui.nextButton = el("button", { type: "button", class: "jouer-principal" }, T.next);
  ui.nextButton.addEventListener("click", nextRound);
  ui.reviewButton = el("button", { type: "button", class: "jouer-secondaire" }, T.review);
  ui.reviewButton.addEventListener("click", review);
  ui.end.append(ui.summary, ui.nextButton, ui.reviewButton);

  ui.logBox = el("details", { class: "jouer-journal", open: "" });
  ui.logBox.append(el("summary", {}, T.turn_log));
  ui.log = el("ol");
  ui.logBox.append(ui.log);

  ui.review = el("section", { class: "jouer-revoir", hidden: "" });

  // The board: what the reader looks at while playing, kept on screen together (the table, the
  // row choice or the end of the round, the hand); the rest of the game follows it.
  ui.board = el("div", { class: "jouer-plateau" });
  ui.board.append(ui.status, ui.error, ui.scene, ui.showAll, ui.choice, ui.decision, ui.end,
                  ui.handTitle, ui.handHint, ui.hand, ui.extra);
  area.append(ui.live, ui.board, tools, ui.advice, scoreBox, ui.logBox, ui.review);
  root.append(area);
  ui.area = area;
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
  const answer = await whileStarting(() => engine.ask(message));
  if (answer.failed) throw new Error("engine failed");
  return answer;
}

function showErrors(errors) {
  for (const error of errors || []) {
    const spot = error.field && root.querySelector(`[data-erreur="${CSS.escape(error.field)}"]`);
    if (spot && !spot.closest("[hidden]")) spot.textContent = error.message;
    else if (ui.error) ui.error.textContent = error.message;
    else form.querySelector(".jouer-boutons").after(el("p", { class: "jouer-erreur", role: "alert" }, error.message));
  }
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
  if (!ui.area) buildArea();
  form.hidden = true;
  ui.area.hidden = false;
  ui.review.hidden = true;
  ui.review.replaceChildren();
  ui.log.replaceChildren();
  accept(answer, { scene: true });
  focusFirst(ui.hand);
}

function accept(answer, { scene = false } = {}) {
  state = answer.state;
  view = answer.view;
  keep(state);
  render(scene);
  linkExplorer();
}

function keep(value) {
  try {
    if (value) sessionStorage.setItem(STORE, JSON.stringify(value));
    else sessionStorage.removeItem(STORE);
  } catch {
    // No storage (private browsing): the game still works until the page is closed.
  }
}

function kept() {
  try {
    return JSON.parse(sessionStorage.getItem(STORE));
  } catch {
    return null;
  }
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
    if (!answer.ok) return showErrors(answer.errors);
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
    if (!answer.ok) return showErrors(answer.errors);
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
    const text = JSON.stringify(answer.scenario, null, 1) + "\n";
    const link = el("a", {
      href: URL.createObjectURL(new Blob([text], { type: "application/json" })),
      download: `6-qui-prend-manche-${view.round}.json`,
    });
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
    ui.live.textContent = T.saved;
  });
}

function load(event) {
  const file = event.target.files[0];
  if (!file) return;
  clearErrors();
  guarded(async () => {
    let scenario = null;
    try {
      scenario = JSON.parse(await file.text());
    } catch {
      scenario = null;
    }
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
    showReview(answer.steps);
  });
}

/** The round's steps one at a time, with the examples' own controls (controls.js StepControls):
 *  Début / Précédent / Suivant / Fin, the slider, the arrow keys, steps counted from 0. */
function showReview(steps) {
  const title = el("h3", { tabindex: "-1" }, say(T.review_title, { n: view.round }));
  const stage = el("div", { class: "etape jouer-revoir-etape" });
  const bar = root.querySelector("template#jouer-commandes").content.firstElementChild.cloneNode(true);
  const controls = new StepControls({ bar, label: T.review_nav, onMove: (action, index) => go(index, true) });
  controls.show();
  const go = (index, announce) => {
    const step = steps[index];
    stage.innerHTML = step.html; // markup drawn by the engine
    stage.dataset.step = String(index);
    stage.dataset.kind = step.kind;
    controls.update(index, steps.length);
    if (announce) ui.live.textContent = step.text;
  };
  // A new box each time: the keys of an earlier review must not reach this one.
  const box = el("div", { class: "jouer-revoir-joueur" });
  box.append(title, controls.bar, stage);
  controls.listen(box);
  ui.review.replaceChildren(box);
  ui.review.hidden = false;
  go(0, false);
  title.focus({ preventScroll: true });
  ui.review.scrollIntoView({ block: "start", behavior: "instant" }); // the step, not just its title
}

// --- showing -----------------------------------------------------------------------------------

async function showSteps(steps) {
  skip = false;
  ui.status.textContent = T.placing; // the question that led here is answered
  ui.showAll.hidden = delay() === 0;
  ui.logBox.hidden = false;
  for (const step of steps) {
    ui.scene.innerHTML = step.html; // markup drawn by the engine (game.classic.draw.step_html)
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

/** Bring the whole board (table, choice, hand) on screen, or at least its top. */
function showBoard() {
  if (!ui.board || ui.area.hidden) return;
  const box = ui.board.getBoundingClientRect();
  const margin = 8;
  const fits = box.top >= 0 && box.bottom <= window.innerHeight;
  // An instant scroll, even of 0 px, also stops a smooth one still under way (a form field's
  // focus, with `scroll-behavior: smooth`), which would otherwise carry the board off screen.
  window.scrollBy({ top: fits ? 0 : box.top - margin, behavior: "instant" });
}

/** Arrow keys, Home and End move between the cards of the hand (one tab stop for the hand). */
function moveInHand(event) {
  const cards = [...ui.hand.querySelectorAll(".jouer-carte:not([disabled])")];
  const here = cards.indexOf(document.activeElement);
  if (here < 0) return;
  const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
  let next = null;
  if (step) next = (here + step + cards.length) % cards.length;
  else if (event.key === "Home") next = 0;
  else if (event.key === "End") next = cards.length - 1;
  if (next === null) return;
  event.preventDefault();
  for (const card of cards) card.tabIndex = -1;
  cards[next].tabIndex = 0;
  cards[next].focus({ preventScroll: true });
}

function setEnabled(on) {
  for (const button of ui.area.querySelectorAll("button")) {
    // The review player keeps its own Début / Fin states.
    if (button !== ui.showAll && !ui.review.contains(button)) button.disabled = !on;
  }
  if (on && view) {
    ui.adviceButton.disabled = !["play", "row", "pick", "move"].includes(view.phase);
    ui.saveButton.disabled = view.phase === "pick";
  }
}

function render(scene) {
  ui.status.textContent = view.status;
  renderScores();
  if (scene) ui.scene.innerHTML = view.table; // markup drawn by the engine

  const drafting = view.phase === "pick";
  ui.handTitle.textContent = drafting ? T.pool : T.hand;
  ui.hand.replaceChildren();
  ui.hand.dataset.cartes = drafting ? "" : String(view.turns || ""); // the hand dealt: tools.css lays it out
  const cards = drafting ? view.pool : view.hand;
  const action = drafting ? pick : play;
  for (const card of cards) {
    const button = el("button", { type: "button", class: "jouer-carte", "data-card": card.card });
    button.innerHTML = card.svg; // drawn by the engine (game.classic.draw.card_svg)
    // The name is the hidden text, not an aria-label: the drawing's numbers stay out of it.
    button.firstElementChild.setAttribute("aria-hidden", "true");
    button.append(el("span", { class: "jouer-invisible" }, drafting ? say(T.take, { card: card.card }) : card.label));
    button.disabled = !["play", "pick"].includes(view.phase);
    button.tabIndex = ui.hand.querySelector(".jouer-carte") ? -1 : 0; // roving: one tab stop
    button.addEventListener("click", () => action(card.card));
    ui.hand.append(button);
  }
  if (drafting && view.picks) ui.status.textContent = `${view.picks} ${view.status}`;
  if (drafting && view.hand.length) {
    const mine = el("p", { class: "jouer-aide" },
      say(T.hand_held, { held: view.hand.length, turns: view.turns, cards: view.hand.map((c) => c.card).join(", ") }));
    ui.hand.append(mine);
  }
  ui.hand.hidden = cards.length === 0;
  ui.handTitle.hidden = cards.length === 0;

  ui.choice.hidden = view.phase !== "row";
  ui.rows.replaceChildren();
  if (view.choice) {
    for (const option of view.choice.options) {
      const button = el("button", { type: "button", class: "jouer-rangee", "data-row": option.row },
        option.label);
      button.addEventListener("click", () => choose(option.row));
      ui.rows.append(button);
    }
  }

  ui.decision.hidden = view.phase !== "move";
  ui.moves.replaceChildren();
  if (view.decision) {
    ui.decisionText.textContent = view.decision.text;
    for (const option of view.decision.options) {
      const button = el("button", { type: "button", class: "jouer-coup", "data-coup": option.index },
        option.label);
      button.addEventListener("click", () => move(option.index));
      ui.moves.append(button);
    }
  }
  ui.extra.innerHTML = view.extra || ""; // drawn by the engine (the special cards still held)

  ui.logBox.hidden = ui.log.children.length === 0;
  const over = view.phase === "round_over" || view.phase === "game_over";
  ui.end.hidden = !over;
  ui.summary.textContent = view.summary || "";
  ui.nextButton.hidden = view.phase !== "round_over";
  root.dataset.phase = view.phase;
  setEnabled(!busy);
}

let explorerAsked = 0; // answers may come back out of order: only the latest one counts

/** « Ouvrir dans l’explorateur »: the table and the hand the reader sees now, as a permalink the
 *  engine encodes (explore_link); hidden when the explorer cannot open it (Junior, a draft). */
function linkExplorer() {
  if (!ui.explorer) {
    ui.explorer = el("a", { class: "jouer-explorateur", hidden: "" }, T.explorer);
    ui.adviceButton.parentElement.append(ui.explorer);
  }
  const mine = ++explorerAsked;
  engine.ask({ type: "explore_link", state }).then((answer) => {
    if (mine !== explorerAsked) return;
    ui.explorer.hidden = !answer.ok;
    if (answer.ok) ui.explorer.href = new URL(`../outils/explorer/#${answer.fragment}`, import.meta.url).href;
  });
}

function renderScores() {
  const caption = ui.scores.querySelector("caption");
  const head = el("thead");
  const line = el("tr");
  // The Board Game Arena countdown exists where the game ends at a target (not with the special
  // cards nor in Junior: the engine sends no target there).
  const countdown = view.target !== null && view.target !== undefined;
  const labels = [T.player, T.level, T.round, T.total, ...(countdown ? [T.bga] : [])];
  for (const label of labels) line.append(el("th", { scope: "col" }, label));
  head.append(line);
  const body = el("tbody");
  for (const score of view.scores) {
    const row = el("tr");
    if (score.player === view.reader) row.className = "vous";
    if (view.winners.includes(score.player)) row.classList.add("gagnant");
    row.append(el("th", { scope: "row" }, score.player), el("td", {}, score.level),
               el("td", {}, String(score.round)), el("td", {}, String(score.total)));
    if (countdown) row.append(el("td", {}, String(score.countdown)));
    body.append(row);
  }
  ui.scores.replaceChildren(caption, head, body);
  // Who leads is the engine's (view.leaders: the best `returns()`, fewest heads or most cards).
  const leads = view.winners.length || !view.leaders.length ? "" : (view.leaders.length === 1 ? say(T.leads_one, { name: view.leaders[0] }) : say(T.leads_many, { names: list(view.leaders) })) + " ";
  ui.bgaHelp.textContent = leads + (countdown ? say(T.bga_help, { target: view.target }) : "");
  ui.bgaHelp.hidden = !ui.bgaHelp.textContent;
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
  const files = ["js/engine.js", "js/mots.js", "js/mots-data.js", "js/dom.js", "js/controls.js"];
  keepForOffline({ files, engine: false });
  engine.whenReady.then(() => keepForOffline({ files: [...files, "js/worker.js"], engine: true }));
}

main();
