// « Jouer une manche »'s game area: built once under the form, then redrawn from each view the
// engine sends. The table, the cards and the steps are the engine's markup (game/session.py
// `view`); this module places them, sets the words of the buttons and keeps the board on screen.
// What a press does is the flow's (jouer.js), through the handlers given to `buildArea`.

import { el } from "./dom.js";
import { WORDS, list, say } from "./mots.js";

const T = WORDS.play;

/** The area's elements, by name (status, scene, hand, log…), once `buildArea` has run. */
export const ui = {};
let on = null; // the flow's handlers: play, pick, choose, move, advice, save, newGame, nextRound, review, showAll
let shown = null; // the view last drawn

/** Build the area once, after the form in `root`; `handlers` are what its buttons call. */
export function buildArea(root, handlers) {
  on = handlers;
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
  ui.showAll.addEventListener("click", () => on.showAll());

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
  // The hand's title line also holds « Tout montrer », on a line as tall as the button, shown
  // or not (tools.css): nothing under the table moves when a turn starts or ends.
  ui.handHead = el("div", { class: "jouer-tete-main" });
  ui.handHead.append(ui.handTitle, ui.showAll);
  ui.handHint = el("span", { class: "jouer-invisible", id: "jouer-aide-main" }, T.hand_hint);
  ui.hand = el("div", { class: "jouer-main", role: "group", "aria-labelledby": "jouer-titre-main",
                        "aria-describedby": "jouer-aide-main" });
  ui.hand.addEventListener("keydown", moveInHand);

  const tools = el("div", { class: "jouer-outils" });
  ui.adviceButton = el("button", { type: "button", class: "jouer-secondaire" }, T.advice);
  ui.adviceButton.title = T.advice_title;
  ui.adviceButton.addEventListener("click", () => on.advice());
  ui.saveButton = el("button", { type: "button", class: "jouer-secondaire" }, T.save);
  ui.saveButton.addEventListener("click", () => on.save());
  ui.againButton = el("button", { type: "button", class: "jouer-secondaire" }, T.again);
  ui.againButton.addEventListener("click", () => on.newGame());
  tools.append(ui.adviceButton, ui.saveButton, ui.againButton);
  ui.advice = el("p", { class: "jouer-conseil", hidden: "" });

  ui.end = el("div", { class: "jouer-fin", hidden: "" });
  ui.summary = el("p", { class: "jouer-resume" });
  ui.nextButton = el("button", { type: "button", class: "jouer-principal" }, T.next);
  ui.nextButton.addEventListener("click", () => on.nextRound());
  ui.reviewButton = el("button", { type: "button", class: "jouer-secondaire" }, T.review);
  ui.reviewButton.addEventListener("click", () => on.review());
  ui.end.append(ui.summary, ui.nextButton, ui.reviewButton);

  ui.logBox = el("details", { class: "jouer-journal", open: "" });
  ui.logBox.append(el("summary", {}, T.turn_log));
  ui.log = el("ol");
  ui.logBox.append(ui.log);

  ui.review = el("section", { class: "jouer-revoir", hidden: "" });

  // The board: what the reader looks at while playing, kept on screen together (the table, the
  // row choice or the end of the round, the hand); the rest of the game follows it.
  ui.board = el("div", { class: "jouer-plateau" });
  ui.board.append(ui.status, ui.error, ui.scene, ui.choice, ui.decision, ui.end,
                  ui.handHead, ui.handHint, ui.hand, ui.extra);
  area.append(ui.live, ui.board, tools, ui.advice, scoreBox, ui.logBox, ui.review);
  root.append(area);
  ui.area = area;
  ui.root = root;
  let width = window.innerWidth;
  window.addEventListener("resize", () => {
    if (window.innerWidth === width) return; // a phone's address bar showing: the same layout
    width = window.innerWidth;
    ui.scene.style.minHeight = ""; // another layout: keepScene starts again
  });
}

/** Draw `view` (the engine's): status, scores, hand, the decision asked, the end of a round;
 *  the table too with `scene` (else the steps being shown keep it). Buttons stay off while `busy`. */
export function render(view, { scene = false, busy = false } = {}) {
  shown = view;
  ui.status.textContent = view.status;
  renderScores(view);
  if (scene) {
    ui.scene.innerHTML = view.table; // markup drawn by the engine
    // A round's (or a draft's) first table: the room keepScene kept for the last round's shorter
    // hand would push a full hand off a phone's screen.
    ui.scene.style.minHeight = "";
  }

  const drafting = view.phase === "pick";
  ui.handTitle.textContent = drafting ? T.pool : T.hand;
  ui.hand.replaceChildren();
  ui.hand.dataset.cartes = drafting ? "" : String(view.turns || ""); // the hand dealt: tools.css lays it out
  const cards = drafting ? view.pool : view.hand;
  const action = drafting ? on.pick : on.play;
  for (const card of cards) {
    const button = el("button", { type: "button", class: "jouer-carte", "data-card": card.card });
    button.innerHTML = card.svg; // drawn by the engine (game.classic.draw.card_svg)
    // The name is the hidden text, not an aria-label: the drawing's numbers stay out of it.
    button.firstElementChild.setAttribute("aria-hidden", "true");
    button.append(el("span", { class: "jouer-invisible" }, drafting ? say(T.take, { card: card.card }) : card.label));
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
      button.addEventListener("click", () => on.choose(option.row));
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
      button.addEventListener("click", () => on.move(option.index));
      ui.moves.append(button);
    }
  }
  ui.extra.innerHTML = view.extra || ""; // drawn by the engine (the special cards still held)

  ui.logBox.hidden = ui.log.children.length === 0;
  const over = view.phase === "round_over" || view.phase === "game_over";
  ui.end.hidden = !over;
  ui.handHead.hidden = over; // no cards left to play, nor steps to hurry
  ui.summary.textContent = view.summary || "";
  ui.nextButton.hidden = view.phase !== "round_over";
  ui.root.dataset.phase = view.phase;
  setEnabled(!busy);
}

function renderScores(view) {
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

/** Every button of the game on or off (a move is being answered); on, the view decides
 *  whether the hand, advice and saving make sense now. */
export function setEnabled(enabled) {
  for (const button of ui.area.querySelectorAll("button")) {
    // The review player keeps its own Début / Fin states.
    if (button !== ui.showAll && !ui.review.contains(button)) button.disabled = !enabled;
  }
  if (enabled && shown) {
    // The hand answers only when a card is asked for: at a row or a listed move it stays dim.
    const cards = ["play", "pick"].includes(shown.phase);
    for (const card of ui.hand.querySelectorAll(".jouer-carte")) card.disabled = !cards;
    ui.adviceButton.disabled = !["play", "row", "pick", "move"].includes(shown.phase);
    ui.saveButton.disabled = shown.phase === "pick";
  }
}

const MARGIN = 8; // px above the board once scrolled to it (showBoard)

/** Show a step's `html` in the scene without letting the scene shrink until the next round (or a
 *  new width): a shorter caption would move the hand under the reader's finger. Never beyond the
 *  room that keeps the board (table and hand) on screen; tools.css lets it shrink at any other
 *  question (a draft, a row, a special card, the end of the round). */
export function keepScene(html) {
  const height = (e) => e.getBoundingClientRect().height;
  const before = height(ui.scene); // the height kept so far
  ui.scene.style.minHeight = "";
  ui.scene.innerHTML = html; // markup drawn by the engine (game.classic.draw.step_html)
  const now = height(ui.scene);
  const room = Math.floor(window.innerHeight - MARGIN - (height(ui.board) - now));
  if (now < before && now < room) ui.scene.style.minHeight = `${Math.min(before, room)}px`;
}

/** Bring the whole board (table, choice, hand) on screen, or at least its top. */
export function showBoard() {
  if (!ui.board || ui.area.hidden) return;
  const box = ui.board.getBoundingClientRect();
  const fits = box.top >= 0 && box.bottom <= window.innerHeight;
  // An instant scroll, even of 0 px, also stops a smooth one still under way (a form field's
  // focus, with `scroll-behavior: smooth`), which would otherwise carry the board off screen.
  window.scrollBy({ top: fits ? 0 : box.top - MARGIN, behavior: "instant" });
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
