// The step player: turns each worked example (section.exemple) into a replay the reader drives.
//
// Progressive enhancement: the static page already shows every step. This script adds controls,
// shows one step at a time, and once the Python engine runs in the worker (engine.js), replaces
// each step with the engine's own markup and lets the reader choose a row, edit the cards
// (« Et si… ? ») and guess where a card goes. No rule and no drawing live here: markup comes from
// Python (which escapes it); reader text is only ever set with textContent.

import * as engine from "./engine.js";

const NBSP = "\u00a0";
const T = {
  loading: "Chargement du moteur Python…",
  ready: "Moteur Python prêt" + NBSP + ": vous pouvez choisir, modifier les cartes et jouer au quiz.",
  readySpecial: "Moteur Python prêt" + NBSP + ": l’exemple est rejoué par le moteur, étape par étape.",
  failed:
    "Le moteur Python n’a pas pu démarrer dans ce navigateur (trop ancien, sans WebAssembly, " +
    "ou hors ligne)" + NBSP + ": les étapes de l’exemple restent lisibles ci-dessous.",
  busy: "Calcul en cours…",
  first: "Début",
  prev: "Précédent",
  next: "Suivant",
  last: "Fin",
  slider: "Étape",
  // Steps are numbered from 0 (the table before), as the static page labels them.
  position: (k, n) => (k === 0 ? `Au départ (étape 0 sur ${n - 1})` : `Étape ${k} sur ${n - 1}`),
  controls: (id) => `Rejouer l’exemple ${id}`,
  choiceTitle: (player, card) =>
    `Décision de ${player} (carte ${card})${NBSP}: quelle rangée prendre${NBSP}?`,
  option: (row, heads) => `Rangée ${row + 1}${NBSP}: ${heads} tête${heads > 1 ? "s" : ""} de bœuf`,
  optionTotal: (player, total) => ` (total de ${player} à la fin du tour${NBSP}: ${total})`,
  chosen: " — choix affiché",
  juniorTitle: (player) => `Et si ${player} avait posé sa carte ailleurs${NBSP}?`,
  juniorRow: (r) => `Rangée ${r + 1}`,
  refused: "Les règles refusent cette rangée.",
  whatIf: "Et si…" + NBSP + "?",
  whatIfHelp:
    "Changez les rangées de départ (cartes séparées par des espaces) ou les cartes jouées, " +
    "puis rejouez.",
  row: (i) => `Rangée ${i + 1}`,
  play: (turn, player) => `Tour ${turn + 1}, carte de ${player}`,
  replay: "Rejouer avec ces cartes",
  restore: "Revenir à l’exemple",
  replayed: "Nouvelle partie rejouée par le moteur.",
  restored: "Exemple d’origine rétabli.",
  fixErrors: "Corrigez les champs signalés" + NBSP + ": rien n’a été changé.",
  quiz: "Où va cette carte" + NBSP + "?",
  quizQuestion: (card) => `Où va la carte ${card}${NBSP}?`,
  quizRow: (i) => `Rangée ${i + 1}`,
  quizRight: (card, row) => `Bien vu${NBSP}! La carte ${card} va dans la rangée ${row + 1}.`,
  quizWrong: (card, row) => `Non${NBSP}: la carte ${card} va dans la rangée ${row + 1}.`,
  quizChoice: (card) =>
    `La carte ${card} ne va d’elle-même dans aucune rangée${NBSP}: son joueur choisit la rangée qu’il prend.`,
};

const STEP_ID = /^exemple-(.+)-etape-(\d+)$/;

function el(tag, attributes = {}, text = null) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  if (text !== null) node.textContent = text;
  return node;
}

class Player {
  constructor(section) {
    this.section = section;
    this.id = section.dataset.exemple || section.id.replace(/^exemple-/, "");
    this.original = JSON.parse(section.dataset.scenario);
    // The variant (game/variants.py) the scenario names; the worker's messages are the same for all.
    this.junior = section.dataset.variant === "junior";
    // Special cards (« 6 qui surprend ! »): the « Et si… ? » form and the quiz speak of the
    // classic game only, so such sections keep the steps and the row choices.
    this.special = section.dataset.variant === "speciales";
    this.readyText = this.special ? T.readySpecial : T.ready;
    this.scenario = this.original;
    this.list = section.querySelector("ol.etapes");
    this.steps = null; // engine steps, once the engine has answered
    this.current = 0;
    this.quizPending = null;
    this.buildControls();
    this.show(this.startIndex(), { fromHash: true });
  }

  get items() {
    return Array.from(this.list.querySelectorAll(":scope > li.etape"));
  }

  startIndex() {
    const match = STEP_ID.exec(decodeURIComponent(location.hash.slice(1)));
    if (match && match[1] === String(this.id)) {
      return Math.min(Number(match[2]), this.items.length - 1);
    }
    return 0;
  }

  // --- controls --------------------------------------------------------------------------

  buildControls() {
    const s = this.section;
    s.classList.add("joueur");
    const bar = el("div", { class: "joueur-commandes", role: "group", "aria-label": T.controls(this.id) });
    const button = (action, label) => {
      const b = el("button", { type: "button", "data-action": action }, label);
      b.addEventListener("click", () => this.act(action));
      bar.append(b);
      return b;
    };
    this.buttons = {
      first: button("first", T.first),
      prev: button("prev", T.prev),
      next: button("next", T.next),
      last: button("last", T.last),
    };
    this.slider = el("input", {
      type: "range", min: "0", max: "0", step: "1", value: "0",
      class: "joueur-curseur", "aria-label": T.slider,
    });
    this.slider.addEventListener("input", () => this.show(Number(this.slider.value)));
    this.position = el("span", { class: "joueur-position" });
    bar.append(this.slider, this.position);

    this.status = el("p", { class: "joueur-etat", role: "status" });
    this.live = el("div", { class: "joueur-annonce", "aria-live": "polite" });
    this.choice = el("div", { class: "joueur-choix" });
    this.quizBox = el("div", { class: "joueur-quiz-question" });

    const quizLabel = el("label", { class: "joueur-quiz" });
    this.quizToggle = el("input", { type: "checkbox" });
    this.quizToggle.addEventListener("change", () => {
      this.quizPending = null;
      this.quizBox.replaceChildren();
      if (this.quizToggle.checked) this.ensureEngine();
    });
    quizLabel.append(this.quizToggle, document.createTextNode(" " + T.quiz));

    const classic = !this.junior && !this.special;
    this.whatIf = classic ? this.buildWhatIf() : el("div", { hidden: "" });
    if (!classic) quizLabel.hidden = true;
    s.insertBefore(bar, this.list);
    s.insertBefore(this.status, this.list);
    s.insertBefore(this.live, this.list);
    this.list.after(this.choice, this.quizBox, quizLabel, this.whatIf);

    s.addEventListener("keydown", (event) => this.onKey(event));
    window.addEventListener("hashchange", () => {
      const match = STEP_ID.exec(decodeURIComponent(location.hash.slice(1)));
      if (match && match[1] === String(this.id)) this.show(this.startIndex(), { fromHash: true });
    });
    s.addEventListener("click", (event) => this.onTableClick(event));
    s.addEventListener("pointerdown", () => this.ensureEngine(), { once: true });
    s.addEventListener("keydown", () => this.ensureEngine(), { once: true });
  }

  onKey(event) {
    const tag = event.target.tagName;
    if (tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT") return;
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const action = { ArrowLeft: "prev", ArrowRight: "next", Home: "first", End: "last" }[event.key];
    if (!action) return;
    event.preventDefault();
    this.act(action);
  }

  act(action) {
    this.ensureEngine();
    const last = this.items.length - 1;
    const target = { first: 0, prev: this.current - 1, next: this.current + 1, last }[action];
    if (action === "next" && this.quizToggle.checked && this.steps && this.askQuiz(target)) return;
    this.show(Math.max(0, Math.min(last, target)));
  }

  // --- showing a step ----------------------------------------------------------------------

  show(index, { fromHash = false } = {}) {
    const items = this.items;
    const last = items.length - 1;
    index = Math.max(0, Math.min(last, index));
    this.current = index;
    items.forEach((li, k) => {
      li.classList.toggle("courante", k === index);
      li.hidden = k !== index;
    });
    this.slider.max = String(last);
    this.slider.value = String(index);
    this.slider.setAttribute("aria-valuetext", T.position(index, items.length));
    this.position.textContent = T.position(index, items.length);
    // A button that gets disabled while focused would drop the focus to the page: hand it over.
    const focused = document.activeElement;
    this.buttons.first.disabled = this.buttons.prev.disabled = index === 0;
    this.buttons.next.disabled = this.buttons.last.disabled = index === last;
    if (focused && focused.disabled && Object.values(this.buttons).includes(focused)) {
      (index === 0 ? this.buttons.next : this.buttons.prev).focus();
    }
    const li = items[index];
    if (!fromHash && li && li.id) history.replaceState(history.state, "", "#" + li.id);
    if (fromHash && li && location.hash === "#" + li.id) {
      this.section.scrollIntoView({ block: "start" });
    }
    this.live.textContent = this.stepText(index, li);
    this.renderChoice();
  }

  stepText(index, li) {
    if (this.steps) return this.steps[index].text;
    const text = li && li.querySelector("figcaption");
    return text ? text.textContent : "";
  }

  /** Replace the list's steps with the engine's markup (Python escaped it). */
  render(steps, index) {
    this.steps = steps;
    const items = steps.map((step) => {
      const li = el("li", {
        class: "etape", id: `exemple-${this.id}-etape-${step.n}`,
        "data-step": String(step.n), "data-kind": step.kind,
      });
      li.innerHTML = step.html; // markup from game.classic.draw.step_html, never reader text
      return li;
    });
    this.list.replaceChildren(...items);
    this.section.dataset.moteur = "pret";
    this.show(index);
  }

  // --- the engine ----------------------------------------------------------------------------

  ensureEngine() {
    if (this.engineStarted) return this.engineStarted;
    this.setStatus(T.loading, "chargement");
    this.engineStarted = engine
      .ask({ type: "replay", scenario: this.scenario })
      .then((answer) => {
        if (!answer.ok) throw new Error(answer.detail || "replay refused");
        this.render(answer.steps, this.current);
        this.setStatus(this.readyText, "pret");
      })
      .catch((error) => this.fail(error));
    return this.engineStarted;
  }

  fail(error) {
    console.error("engine:", error);
    this.section.dataset.moteur = "echec";
    this.setStatus(T.failed, "echec");
    this.whatIf.hidden = true;
    this.quizToggle.disabled = true;
  }

  setStatus(text, state) {
    this.status.textContent = text;
    this.status.dataset.etat = state;
  }

  async send(message) {
    this.setStatus(T.busy, "calcul");
    const answer = await engine.ask(message);
    this.setStatus(this.readyText, "pret");
    return answer;
  }

  // --- decisions -----------------------------------------------------------------------------

  renderChoice() {
    this.choice.replaceChildren();
    const step = this.steps && this.steps[this.current];
    if (this.junior) {
      this.renderJuniorChoice(step);
      return;
    }
    if (!step || !step.choice) return;
    const { player, card, options, chosen, costs } = step.choice;
    const box = el("fieldset", { class: "joueur-decision" });
    box.append(el("legend", {}, T.choiceTitle(player, card)));
    for (const option of options) {
      let label = T.option(option.row, option.heads);
      if (costs && costs[String(option.row)] !== undefined) label += T.optionTotal(player, costs[String(option.row)]);
      if (option.row === chosen) label += T.chosen;
      const b = el("button", {
        type: "button", "data-choix": String(option.row),
        "aria-pressed": option.row === chosen ? "true" : "false",
      }, label);
      b.addEventListener("click", () => this.choose(step, option.row));
      box.append(b);
    }
    this.choice.append(box);
  }

  /** Junior: every move may be replayed in another row; the engine refuses it in French if illegal. */
  renderJuniorChoice(step) {
    if (!step || !step.target) return;
    const box = el("fieldset", { class: "joueur-decision" });
    box.append(el("legend", {}, T.juniorTitle(step.target.player)));
    step.rows.forEach((_, r) => {
      const b = el("button", {
        type: "button", "data-choix": String(r), "aria-pressed": String(r === step.target.row),
      }, T.juniorRow(r));
      b.addEventListener("click", () => this.chooseJunior(step, r));
      box.append(b);
    });
    this.refusal = el("p", { class: "joueur-refus", role: "alert" });
    box.append(this.refusal);
    this.choice.append(box);
  }

  async chooseJunior(step, row) {
    if (step.target.row === row) return;
    const answer = await this.send({ type: "choose", scenario: this.scenario, step: step.n, row });
    if (!answer.ok) {
      this.refusal.textContent = (answer.errors && answer.errors[0] && answer.errors[0].message) || T.refused;
      return;
    }
    this.scenario = answer.scenario;
    this.render(answer.steps, this.current);
    const again = this.choice.querySelector(`[data-choix="${row}"]`);
    if (again) again.focus();
  }

  onTableClick(event) {
    const step = this.steps && this.steps[this.current];
    if (!step || !step.choice || this.junior) return;
    const li = event.target.closest && event.target.closest("li.etape");
    const row = event.target.closest && event.target.closest("[data-row]");
    if (!li || !row || !this.list.contains(li)) return;
    this.choose(step, Number(row.getAttribute("data-row")));
  }

  async choose(step, row) {
    if (step.choice.chosen === row) return;
    const answer = await this.send({ type: "choose", scenario: this.scenario, step: step.n, row });
    if (!answer.ok) return;
    this.scenario = answer.scenario;
    this.render(answer.steps, this.current);
    const again = this.choice.querySelector(`[data-choix="${row}"]`);
    if (again) again.focus();
  }

  // --- quiz ------------------------------------------------------------------------------------

  /** Before showing a placement, ask where the card goes; true if the question is now shown. */
  askQuiz(index) {
    const step = this.steps[index];
    if (!step || !step.target || this.quizPending === index) return false;
    this.quizPending = index;
    const { card } = step.target;
    const box = el("fieldset", { class: "joueur-quiz-choix" });
    box.append(el("legend", {}, T.quizQuestion(card)));
    const rows = this.steps[index - 1] ? this.steps[index - 1].rows.length : step.rows.length;
    for (let r = 0; r < rows; r++) {
      const b = el("button", { type: "button", "data-quiz": String(r) }, T.quizRow(r));
      b.addEventListener("click", () => this.answerQuiz(index, r));
      box.append(b);
    }
    this.quizBox.replaceChildren(box);
    box.querySelector("button").focus();
    return true;
  }

  answerQuiz(index, row) {
    const { card, row: right, chosen } = this.steps[index].target;
    let verdict;
    if (chosen) verdict = T.quizChoice(card);
    else verdict = row === right ? T.quizRight(card, right) : T.quizWrong(card, right);
    const p = el("p", { class: "joueur-quiz-verdict", "data-juste": String(chosen || row === right) }, verdict);
    this.quizBox.replaceChildren(p);
    this.show(index);
    this.quizPending = null;
    this.buttons.next.focus();
  }

  // --- « Et si… ? » -------------------------------------------------------------------------

  buildWhatIf() {
    const details = el("details", { class: "joueur-et-si" });
    details.append(el("summary", {}, T.whatIf));
    details.addEventListener("toggle", () => details.open && this.ensureEngine());
    const form = el("form", { novalidate: "" });
    form.append(el("p", {}, T.whatIfHelp));
    this.fields = new Map();
    const field = (name, label, value, width) => {
      const id = `exemple-${this.id}-${name.replace(/[^a-zA-Z0-9]+/g, "-")}`;
      const wrap = el("p", { class: "joueur-champ" });
      const input = el("input", {
        type: "text", id, name, value, autocomplete: "off", spellcheck: "false",
        size: String(width), "aria-describedby": id + "-erreur",
      });
      const error = el("span", { class: "joueur-erreur", id: id + "-erreur", "aria-live": "polite" });
      wrap.append(el("label", { for: id }, label), input, error);
      form.append(wrap);
      this.fields.set(name, { input, error });
    };
    this.original.rows.forEach((row, i) => field(`rows[${i}]`, T.row(i), row.join(" "), 16));
    this.original.turns.forEach((turn, t) => {
      for (const [player, card] of Object.entries(turn.plays)) {
        field(`turns[${t}].plays.${player}`, T.play(t, player), String(card), 4);
      }
    });
    this.formError = el("p", { class: "joueur-erreur", role: "alert" });
    const submit = el("button", { type: "submit" }, T.replay);
    const restore = el("button", { type: "button" }, T.restore);
    restore.addEventListener("click", () => this.restore());
    form.append(this.formError, submit, restore);
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      this.submitWhatIf();
    });
    details.append(form);
    return details;
  }

  clearErrors() {
    this.formError.textContent = "";
    for (const { input, error } of this.fields.values()) {
      error.textContent = "";
      input.removeAttribute("aria-invalid");
    }
  }

  async submitWhatIf() {
    this.clearErrors();
    const rows = this.original.rows.map((_, i) => this.fields.get(`rows[${i}]`).input.value);
    const plays = this.original.turns.map((turn, t) => {
      const typed = {};
      for (const player of Object.keys(turn.plays)) {
        typed[player] = this.fields.get(`turns[${t}].plays.${player}`).input.value;
      }
      return typed;
    });
    const answer = await this.send({ type: "what_if", scenario: this.original, rows, plays });
    if (!answer.ok) {
      let first = null;
      for (const { field, message } of answer.errors || []) {
        const target = field && this.fields.get(field);
        if (target) {
          target.error.textContent = message;
          target.input.setAttribute("aria-invalid", "true");
          first = first || target.input;
        } else {
          this.formError.textContent = message;
        }
      }
      if (!this.formError.textContent) this.formError.textContent = T.fixErrors;
      if (first) first.focus();
      return;
    }
    this.scenario = answer.scenario;
    this.render(answer.steps, 0);
    this.formError.textContent = T.replayed;
  }

  async restore() {
    this.clearErrors();
    for (const [name, { input }] of this.fields) input.value = input.defaultValue;
    const answer = await this.send({ type: "replay", scenario: this.original });
    if (!answer.ok) return;
    this.scenario = this.original;
    this.render(answer.steps, 0);
    this.formError.textContent = T.restored;
  }
}

// --- page start -------------------------------------------------------------------------------

/** Once the engine has run, let a service worker keep its files for repeat and offline visits. */
function registerServiceWorker() {
  if (!("serviceWorker" in navigator) || !/^https?:$/.test(location.protocol)) return;
  // sw.js sits at the site root (this file is <root>/js/player.js) so its scope is every page.
  navigator.serviceWorker.register(new URL("../sw.js", import.meta.url))
    .then(() => navigator.serviceWorker.ready)
    .then((registration) => {
      // This page and its files were fetched before the service worker existed: hand them over.
      const urls = [
        location.href.split("#")[0],
        ...Array.from(document.querySelectorAll("link[rel~=stylesheet], link[rel~=icon]"), (l) => l.href),
        ...Array.from(document.querySelectorAll("script[src]"), (s) => s.src),
        ...["./engine.js", "./worker.js", "./player.css"].map((u) => new URL(u, import.meta.url).href),
      ];
      registration.active.postMessage({ type: "keep", urls });
    })
    .catch(() => {});
}

function main() {
  const sections = document.querySelectorAll("section.exemple[data-scenario]");
  if (!sections.length) return;
  document.documentElement.classList.add("js-joueur");
  const stylesheet = el("link", { rel: "stylesheet", href: new URL("./player.css", import.meta.url).href });
  document.head.append(stylesheet);
  const players = Array.from(sections, (section) => new Player(section));
  // Start the engine once the page has been read a moment and the browser is idle.
  const idle = window.requestIdleCallback || ((callback) => setTimeout(callback, 200));
  const later = () => setTimeout(() => idle(() => players.forEach((p) => p.ensureEngine())), 1500);
  if (document.readyState === "complete") later();
  else window.addEventListener("load", later, { once: true });
  engine.whenReady.then(registerServiceWorker);
}

main();
