// The step player: turns each worked example (section.exemple) into a replay the reader drives.
//
// Progressive enhancement: the static page already shows every step. This script adds controls
// and shows one step at a time. Stepping, the quiz and a first row choice read what the build
// wrote with CPython's engine (data-pas, the page's choix.json: site_builder/branches.py), so they
// download nothing; « Et si… ? » and a second choice start the Python engine in the worker
// (engine.js), at a control that says what it downloads first. No rule and no drawing live here:
// markup comes from Python (which escapes it); reader text is only ever set with textContent.

import * as engine from "./engine.js";
import { keepForOffline } from "./hors-ligne.js";
import { NBSP, NNBSP, de, plural } from "./mots.js";

// One formatter: toLocaleString builds a new one per call, slow at a progress report's pace.
const MB = new Intl.NumberFormat("fr-FR", { minimumFractionDigits: 1, maximumFractionDigits: 1 });

function megabytes(bytes) {
  return MB.format(bytes / 1e6) + NBSP + "Mo";
}

const T = {
  // What the reader waits for while the engine starts (worker.js phases), in the reader's words.
  phases: {
    download: "Téléchargement du moteur de jeu…",
    start: "Démarrage…",
    engine: "Chargement des règles…",
  },
  bytes: (loaded, total) => (total ? `${megabytes(loaded)} sur ${megabytes(total)}` : megabytes(loaded)),
  failed:
    "Le rejeu interactif n’a pas pu démarrer dans ce navigateur (trop ancien ou hors ligne)" + NBSP +
    ": les étapes de l’exemple restent lisibles avec les boutons ci-dessus.",
  first: "Début",
  prev: "Précédent",
  next: "Suivant",
  last: "Fin",
  slider: "Étape",
  // Steps are numbered from 0 (the table before), as the static page labels them.
  position: (k, n) => (k === 0 ? `Au départ (étape 0 sur ${n - 1})` : `Étape ${k} sur ${n - 1}`),
  paused: ", la suite après le choix",
  // Every step before a replay's pause says a choice comes: the count grows once it is made.
  choiceAhead: (n) => `, un choix de rangée vous attend à l’étape ${n}`,
  region: (name) => `Exemple ${name}`,
  regionOf: (heading) => `Exemple${NBSP}: ${heading}`,
  regionSpecial: (heading) => `Exemple${NBSP}: cartes spéciales, ${heading}`,
  controls: (name) => `Commandes de lecture, ${name.charAt(0).toLowerCase()}${name.slice(1)}`,
  choiceTitle: (player, card) =>
    `Décision ${de(player)} (carte ${card})${NBSP}: quelle rangée ramasser${NNBSP}?`,
  option: (row, heads) => `Rangée ${row + 1}${NBSP}: ${plural(heads, "tête de bœuf", "têtes de bœuf")}`,
  optionTotal: (player, total) => ` (total ${de(player)} à la fin du tour${NBSP}: ${total})`,
  chosen: " — choix affiché",
  juniorTitle: (player) => `Et si ${player} avait posé sa carte ailleurs${NNBSP}?`,
  juniorRow: (r) => `Rangée ${r + 1}`,
  refused: "Les règles refusent cette rangée.",
  whatIf: "Et si…" + NNBSP + "?",
  whatIfHelp:
    "Changez les rangées de départ (cartes séparées par des espaces) ou les cartes jouées, " +
    "puis rejouez. Si une carte devient plus faible que toutes les rangées, le rejeu s’arrête " +
    "sur elle" + NBSP + ": vous choisirez la rangée que son joueur ramasse, puis les étapes " +
    "suivantes s’ajouteront.",
  row: (i) => `Rangée ${i + 1}`,
  play: (turn, player) => `Tour ${turn + 1}, carte ${de(player)}`,
  replay: "Rejouer avec ces cartes",
  restore: "Revenir à l’exemple",
  replayed: "Nouvelle partie rejouée par le moteur.",
  replayedChoice: (n, player, card) =>
    `Nouvelle partie rejouée. À l’étape ${n}, la carte ${card} ${de(player)} est plus faible que ` +
    `toutes les rangées${NBSP}: vous choisirez la rangée ramassée, puis la suite s’affichera.`,
  restored: "Exemple d’origine rétabli.",
  fixErrors: "Corrigez les champs signalés" + NBSP + ": rien n’a été changé.",
  quiz: "Quiz" + NBSP + ": devinez où va chaque carte avant de la voir posée",
  quizQuestion: (card) => `Où va la carte ${card}${NNBSP}?`,
  quizRow: (i) => `Rangée ${i + 1}`,
  quizNone: "Aucune rangée" + NBSP + ": le joueur choisit",
  // Where a control starts the engine, the page says what it costs first (the build's figure).
  whatIfDownload: (bytes) =>
    `«${NBSP}Rejouer avec ces cartes${NBSP}» télécharge d’abord le moteur de jeu (environ ${megabytes(bytes)}, ` +
    "une seule fois).",
  choiceDownload: (bytes) =>
    `Un autre choix dans cet exemple modifié télécharge d’abord le moteur de jeu (environ ${megabytes(bytes)}, ` +
    "une seule fois).",
  quizOpen: "Répondez d’abord à la question (ou décochez le quiz pour avancer sans répondre).",
  quizRight: (card, row) => `Bien vu${NNBSP}! La carte ${card} va dans la rangée ${row + 1}.`,
  quizWrong: (card, row) => `Non${NBSP}: la carte ${card} va dans la rangée ${row + 1}.`,
  quizNoneRight: (card) =>
    `Bien vu${NNBSP}! La carte ${card} est plus faible que toutes les rangées${NBSP}: ` +
    "son joueur choisit la rangée qu’il ramasse.",
  quizNoneWrong: (card) =>
    `Non${NBSP}: la carte ${card} est plus faible que toutes les rangées, elle ne va d’elle-même ` +
    `dans aucune${NNBSP}; son joueur choisit la rangée qu’il ramasse.`,
};

const ANNOUNCE_MS = 4000; // long enough for the live region's text to be queued and read

const STEP_ID = /^exemple-(.+)-etape-(\d+)$/;

function el(tag, attributes = {}, text = null) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  if (text !== null) node.textContent = text;
  return node;
}

/** Load the players' stylesheet once (player.css, beside this file): any page with a player. */
export function useStylesheet() {
  const href = new URL("./player.css", import.meta.url).href;
  if (![...document.querySelectorAll("link[rel=stylesheet]")].some((l) => l.href === href)) {
    document.head.append(el("link", { rel: "stylesheet", href }));
  }
}

/**
 * The controls of every step player of the site (the worked examples, « Revoir la manche » in
 * Jouer): Début / Précédent / Suivant / Fin, a slider and « Étape k sur n » counted from 0, the
 * arrow keys, Home and End. `onMove(action, index)` gets the action ("first", "prev", "next",
 * "last" or "slide") and the step it asks for; `update` says where the player stands.
 */
export class StepControls {
  constructor({ label, onMove }) {
    this.onMove = onMove;
    this.index = 0;
    this.count = 1;
    this.bar = el("div", { class: "joueur-commandes", role: "group", "aria-label": label });
    const button = (action, text) => {
      const b = el("button", { type: "button", "data-action": action }, text);
      b.addEventListener("click", () => this.move(action));
      this.bar.append(b);
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
    this.slider.addEventListener("input", () => this.onMove("slide", Number(this.slider.value)));
    this.position = el("span", { class: "joueur-position" });
    this.bar.append(this.slider, this.position);
  }

  move(action) {
    const last = this.count - 1;
    const target = { first: 0, prev: this.index - 1, next: this.index + 1, last }[action];
    this.onMove(action, Math.max(0, Math.min(last, target)));
  }

  /** Show step `index` of `count`; `note` follows the position (e.g. a row choice ahead). */
  update(index, count, note = "") {
    this.index = index;
    this.count = count;
    const last = count - 1;
    const position = T.position(index, count) + note;
    this.slider.max = String(last);
    this.slider.value = String(index);
    this.slider.setAttribute("aria-valuetext", position);
    this.position.textContent = position;
    // aria-disabled, not disabled: a button that cannot act keeps the focus and stays reachable
    // (a disabled one would drop the focus to the page, and keys pressed there reach no player).
    for (const [name, off] of [["first", index === 0], ["prev", index === 0],
                               ["next", index === last], ["last", index === last]]) {
      this.buttons[name].setAttribute("aria-disabled", String(off));
    }
  }

  /** The arrow keys, Home and End anywhere in `area`, except while typing in a field. */
  listen(area) {
    area.addEventListener("keydown", (event) => {
      const tag = event.target.tagName;
      if (tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT") return;
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      const action = { ArrowLeft: "prev", ArrowRight: "next", Home: "first", End: "last" }[event.key];
      if (!action) return;
      event.preventDefault();
      this.move(action);
    });
  }
}

/**
 * What the engine's start is at: one sentence per phase (announced), a bar and a byte count (not
 * announced), fed by engine.onProgress; the same in every page that starts the engine.
 */
export class EngineProgress {
  constructor(id) {
    this.box = el("div", { class: "joueur-etat", hidden: "" });
    this.text = el("p", { role: "status", id });
    this.bar = el("progress", { max: "1", "aria-labelledby": id });
    this.bytes = el("span", { class: "joueur-octets" });
    this.box.append(this.text, this.bar, this.bytes);
  }

  show({ phase, loaded, total }) {
    this.box.hidden = false;
    this.box.dataset.etat = "chargement";
    this.box.dataset.phase = phase;
    const text = T.phases[phase] || T.phases.download;
    if (this.text.textContent !== text) this.text.textContent = text;
    if (phase === "download" && total) this.bar.value = loaded / total;
    else if (phase === "download") this.bar.removeAttribute("value"); // indeterminate
    else this.bar.value = phase === "start" ? 0.9 : 0.97;
    this.bytes.textContent = phase === "download" && loaded ? T.bytes(loaded, total) : "";
  }

  /** Follow the engine's start until it is ready (nothing shown if it already is). */
  follow() {
    if (engine.isReady()) return () => {};
    this.show({ phase: "download", loaded: 0, total: null });
    return engine.onProgress((report) => this.show(report));
  }

  hide() {
    this.box.hidden = true;
    this.text.textContent = "";
  }

  fail(text) {
    this.box.hidden = false;
    this.box.dataset.etat = "echec";
    this.bar.hidden = true;
    this.bytes.textContent = "";
    this.text.textContent = text;
  }
}

/** Rows on the table at a step: the engine's steps carry them, the build's their count. */
function rowCount(step) {
  return step.rows ? step.rows.length : step.nrows;
}

const prebuiltFiles = new Map(); // URL → promise of the page's choix.json (null if unreachable)

/** The build's answer to one deviation of a section's example (`"step:row"`), or null. */
async function prebuilt(section, key) {
  if (!section.dataset.choix) return null;
  const url = new URL(section.dataset.choix, location.href).href;
  if (!prebuiltFiles.has(url)) {
    prebuiltFiles.set(url, fetch(url).then((r) => (r.ok ? r.json() : null)).catch(() => null));
  }
  const data = await prebuiltFiles.get(url);
  const found = data && data[section.dataset.exemple];
  return (found && found[key]) || null;
}

/**
 * At a control that starts the engine: first the cost (« environ N Mo, une seule fois »), then, in
 * the same place and the same height, the start's progress (EngineProgress), so nothing moves.
 */
class EngineSlot {
  constructor(id, note) {
    this.box = el("div", { class: "joueur-moteur" });
    this.note = el("p", { class: "joueur-moteur-note" }, note);
    this.progress = new EngineProgress(id);
    this.box.append(this.note, this.progress.box);
  }

  follow() {
    if (engine.isReady()) return () => {};
    this.note.hidden = true;
    return this.progress.follow();
  }

  /** The engine runs: the slot says nothing more, and keeps its place (nothing moves). */
  ready() {
    this.progress.hide();
  }

  fail(text) {
    this.note.hidden = true;
    this.progress.fail(text);
  }
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
    this.scenario = this.original;
    this.list = section.querySelector("ol.etapes");
    // The build's facts of every step (site_builder/branches.py): stepping, choosing and the quiz
    // need no engine. The built items are kept to come back to the example as written.
    this.built = JSON.parse(section.dataset.pas || "[]");
    this.builtItems = this.items.map((li) => li.cloneNode(true));
    this.steps = this.built;
    this.deviation = null; // the step of the one pre-rendered deviation shown, or "engine"
    this.links = null; // explorer links of a pre-rendered deviation's steps
    this.download = Number(section.dataset.moteurOctets) || 0;
    this.current = 0;
    this.quizPending = null; // index of the step whose question is open
    this.verdictStep = null; // index of the step the shown verdict is about
    this.name = this.regionName();
    section.setAttribute("aria-label", this.name);
    this.buildControls();
    this.show(this.startIndex(), { fromHash: true, quiet: true });
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

  /**
   * The region's name in words, not its id: « Exemple 6 », « Exemple 6, la version corrigée »
   * when a page holds several numbered examples, « Exemple : cartes spéciales, 5ᵉ série ».
   */
  regionName() {
    const heading = this.headingBefore();
    const number = /^(\d+)(?:-|$)/.exec(this.id);
    if (number) {
      const several = document.querySelectorAll("section.exemple[data-scenario]").length > 1;
      const part = several && this.headingBefore("h2");
      return T.region(number[1]) + (part ? `, ${part.charAt(0).toLowerCase()}${part.slice(1)}` : "");
    }
    if (this.special && heading) return T.regionSpecial(heading);
    if (heading) return /^Exemple\b/.test(heading) ? heading : T.regionOf(heading);
    return T.region(this.id.replace(/-/g, " "));
  }

  /** Text of the nearest heading before the section (permalink signs left out). */
  headingBefore(selector = "h2, h3, h4") {
    let found = null;
    for (const h of document.querySelectorAll(selector)) {
      if (h.compareDocumentPosition(this.section) & Node.DOCUMENT_POSITION_FOLLOWING) found = h;
    }
    if (!found) return null;
    const copy = found.cloneNode(true);
    copy.querySelectorAll("a[href^='#'], .permalien, [aria-hidden=true]").forEach((a) => {
      if (!a.textContent.trim().replace(/[#¶§]/g, "")) a.remove();
    });
    return copy.textContent.replace(/[#¶§]\s*$/, "").trim() || null;
  }

  // --- controls --------------------------------------------------------------------------

  buildControls() {
    const s = this.section;
    s.classList.add("joueur");
    this.controls = new StepControls({
      label: T.controls(this.name),
      onMove: (action, index) => (action === "slide" ? this.show(index) : this.act(action)),
    });
    const bar = this.controls.bar;
    this.buttons = this.controls.buttons;

    // The one announcement of each step (emptied once read: the caption stays the text to read).
    this.live = el("div", { class: "joueur-annonce", "aria-live": "polite" });
    this.choice = el("div", { class: "joueur-choix" });
    this.quizBox = el("div", { class: "joueur-quiz-question" });

    const quizLabel = el("label", { class: "joueur-quiz" });
    this.quizToggle = el("input", { type: "checkbox" });
    this.quizToggle.addEventListener("change", () => this.closeQuiz());
    quizLabel.append(this.quizToggle, document.createTextNode(" " + T.quiz));

    const classic = !this.junior && !this.special;
    this.whatIf = classic ? this.buildWhatIf() : el("div", { hidden: "" });
    if (!classic) quizLabel.hidden = true;
    s.insertBefore(bar, this.list);
    s.insertBefore(this.live, this.list);
    this.list.after(this.choice, this.quizBox, quizLabel, this.whatIf);

    this.controls.listen(s);
    window.addEventListener("hashchange", () => {
      const match = STEP_ID.exec(decodeURIComponent(location.hash.slice(1)));
      if (match && match[1] === String(this.id)) this.show(this.startIndex(), { fromHash: true });
    });
    s.addEventListener("click", (event) => this.onTableClick(event));
    // No engine here: stepping, the row choices and the quiz read what the build wrote. The
    // engine starts only at a control that says so (EngineSlot): « Et si… ? », a second choice.
  }

  act(action) {
    const last = this.items.length - 1;
    const target = { first: 0, prev: this.current - 1, next: this.current + 1, last }[action];
    if (action === "next" && this.quizToggle.checked) {
      // An open question is answered before its step is shown: Suivant never skips it.
      if (this.quizPending !== null) {
        this.announce(T.quizOpen);
        const first = this.quizBox.querySelector("button");
        if (first) first.focus();
        return;
      }
      if (this.askQuiz(target)) return;
    }
    this.show(Math.max(0, Math.min(last, target)));
  }

  // --- showing a step ----------------------------------------------------------------------

  show(index, { fromHash = false, keepUrl = false, quiet = false } = {}) {
    const items = this.items;
    const last = items.length - 1;
    index = Math.max(0, Math.min(last, index));
    if (index !== this.current || this.quizPending !== null) this.closeQuiz();
    this.current = index;
    items.forEach((li, k) => {
      li.classList.toggle("courante", k === index);
      li.hidden = k !== index;
    });
    const li = items[index];
    this.fill(li);
    const pause = this.pauseIndex();
    this.controls.update(index, items.length,
                         pause === null ? "" : index === pause ? T.paused : T.choiceAhead(pause));
    if (!fromHash && !keepUrl && li && li.id) history.replaceState(history.state, "", "#" + li.id);
    if (fromHash && li && location.hash === "#" + li.id) {
      this.section.scrollIntoView({ block: "start" });
    }
    if (!quiet) this.announce(this.stepText(index, li));
    this.renderChoice();
    this.linkExplorer(index);
  }

  /**
   * « Ouvrir dans l’explorateur » follows the step shown: the links the build wrote for the
   * example as written (data-etapes), the engine's (explore_link) once the reader has changed
   * it. No link for a step the explorer cannot open (no card to play next).
   */
  linkExplorer(index) {
    const box = this.section.querySelector(":scope > .exemple-explorateur");
    if (!box) return;
    const link = box.querySelector("a");
    if (!this.builtLinks) {
      this.builtLinks = JSON.parse(box.dataset.etapes || "[]"); // [{fragment, text} or null]
      this.explorerPage = link.href.split("#")[0];
    }
    const put = (found) => {
      if (index !== this.current) return; // the reader has moved on
      box.hidden = !found.fragment;
      link.href = `${this.explorerPage}#${found.fragment}`;
      box.querySelector("[data-explorateur-texte]").textContent = found.text || "";
    };
    if (this.scenario === this.original) put(this.builtLinks[index] || {});
    else if (this.links) put(this.links[index] || {});
    else engine.ask({ type: "explore_link", scenario: this.scenario, step: index })
      .then((answer) => put(answer.ok ? answer : {}));
  }

  /** The step where the replay stops for a row choice the reader has to make, or null. */
  pauseIndex() {
    const step = this.steps && this.steps[this.steps.length - 1];
    return step && step.choice && step.choice.chosen == null ? this.steps.length - 1 : null;
  }

  /** Put the engine's markup into a step when it is first shown (building all of them at once
   *  is a long task on a big example). */
  fill(li) {
    if (!li) return;
    if (li.dataset.html !== undefined) {
      li.innerHTML = this.steps[Number(li.dataset.step)].html; // from game.classic.draw.step_html
      delete li.dataset.html;
    }
  }

  /**
   * Say the step once. The live region is emptied once spoken, so a screen reader reading the
   * page does not meet the text twice (here and in the step's caption).
   */
  announce(text) {
    clearTimeout(this.silence);
    if (this.live.textContent !== text) this.live.textContent = text;
    this.silence = setTimeout(() => {
      this.live.textContent = "";
    }, ANNOUNCE_MS);
  }

  stepText(index, li) {
    const step = this.steps[index];
    if (step && step.text) return step.text;
    const text = li && li.querySelector("figcaption");
    return text ? text.textContent : "";
  }

  /** Replace the list's steps with the engine's: empty items, each filled when first shown. */
  render(steps, index, { keepUrl = false, quiet = false } = {}) {
    this.steps = steps;
    const items = steps.map((step) => el("li", {
      class: "etape", id: `exemple-${this.id}-etape-${step.n}`,
      "data-step": String(step.n), "data-kind": step.kind, "data-html": "", hidden: "",
    }));
    this.list.replaceChildren(...items);
    this.show(index, { keepUrl, quiet });
  }

  /** Back to the example as written: the build's steps and markup, no engine. */
  restoreBuilt() {
    this.steps = this.built;
    this.scenario = this.original;
    this.deviation = null;
    this.links = null;
    this.list.replaceChildren(...this.builtItems.map((li) => li.cloneNode(true)));
    this.show(this.current, { keepUrl: true, quiet: true });
  }

  /** Printing shows every step: fill the ones never shown. */
  fillAll() {
    this.items.forEach((li) => this.fill(li));
  }

  // --- the engine ----------------------------------------------------------------------------

  fail(error, slot) {
    console.error("engine:", error);
    this.section.dataset.moteur = "echec";
    if (slot) slot.fail(T.failed); // where the reader pressed; the steps stay readable
  }

  /** Ask the engine, starting it if needed with its progress in `slot` (an EngineSlot at the
   *  control pressed: nothing above the controls moves). Null when it could not start. */
  async send(message, slot) {
    this.section.setAttribute("aria-busy", "true");
    const stop = slot ? slot.follow() : () => {};
    try {
      await engine.start();
      this.section.dataset.moteur = "pret";
      if (slot) slot.ready();
      return await engine.ask(message);
    } catch (error) {
      this.fail(error, slot);
      return null;
    } finally {
      stop();
      this.section.removeAttribute("aria-busy");
    }
  }

  /**
   * The answer to choosing `row` at `step`: the build's (choix.json) for a single deviation from
   * the example as written, the example itself when the reader takes its row back, else the
   * engine's. Null when there is nothing to show.
   */
  async answerChoice(step, row) {
    const n = step.n;
    if (this.deviation === null || this.deviation === n) {
      const original = this.junior ? this.built[n].target.row : this.built[n].choice.chosen;
      if (this.deviation === n && row === original) return { ok: true, restore: true };
      const found = await prebuilt(this.section, `${n}:${row}`);
      if (found) {
        if (found.ok) this.deviation = n; // a refusal changes nothing
        return found;
      }
    }
    const answer = await this.send({ type: "choose", scenario: this.scenario, step: n, row }, this.choiceSlot);
    if (answer && answer.ok) this.deviation = "engine";
    return answer;
  }

  /** Show a choice's answer (see answerChoice); the reader's focus stays on the row chosen. */
  showChoice(answer, row) {
    if (answer.restore) this.restoreBuilt();
    else {
      this.scenario = answer.scenario;
      this.links = this.deviation === "engine" ? null : answer.links || null;
      this.render(answer.steps, this.current);
    }
    const again = this.choice.querySelector(`[data-choix="${row}"]`);
    if (again) again.focus();
  }

  /** What a control that starts the engine says first: nothing if the build knew no figure. */
  downloadNote(words) {
    return this.download ? words(this.download) : "";
  }

  /** A note at a choice box whose choices start the engine, where its progress then shows. */
  choiceNote(box, step) {
    this.choiceSlot = null;
    if (this.deviation === null || this.deviation === step.n || engine.isReady()) return;
    this.choiceSlot = new EngineSlot(`exemple-${this.id}-etat-choix`, this.downloadNote(T.choiceDownload));
    box.append(this.choiceSlot.box);
  }

  // --- decisions -----------------------------------------------------------------------------

  renderChoice() {
    this.choice.replaceChildren();
    const step = this.steps[this.current];
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
    this.choiceNote(box, step);
    this.choice.append(box);
  }

  /** Junior: every move may be replayed in another row; the engine refuses it in French if illegal. */
  renderJuniorChoice(step) {
    if (!step || !step.target) return;
    const box = el("fieldset", { class: "joueur-decision" });
    box.append(el("legend", {}, T.juniorTitle(step.target.player)));
    for (let r = 0; r < rowCount(step); r++) {
      const b = el("button", {
        type: "button", "data-choix": String(r), "aria-pressed": String(r === step.target.row),
      }, T.juniorRow(r));
      b.addEventListener("click", () => this.chooseJunior(step, r));
      box.append(b);
    }
    this.refusal = el("p", { class: "joueur-refus", role: "alert" });
    box.append(this.refusal);
    this.choiceNote(box, step);
    this.choice.append(box);
  }

  async chooseJunior(step, row) {
    if (step.target.row === row) return;
    const answer = await this.answerChoice(step, row);
    if (!answer) return;
    if (!answer.ok) {
      this.refusal.textContent = (answer.errors && answer.errors[0] && answer.errors[0].message) || T.refused;
      return;
    }
    this.showChoice(answer, row);
  }

  onTableClick(event) {
    const step = this.steps[this.current];
    if (!step || !step.choice || this.junior) return;
    const li = event.target.closest && event.target.closest("li.etape");
    const row = event.target.closest && event.target.closest("[data-row]");
    if (!li || !row || !this.list.contains(li)) return;
    this.choose(step, Number(row.getAttribute("data-row")));
  }

  async choose(step, row) {
    if (step.choice.chosen === row || !step.choice.options.some((o) => o.row === row)) return;
    const answer = await this.answerChoice(step, row);
    if (answer && answer.ok) this.showChoice(answer, row);
  }

  // --- quiz ------------------------------------------------------------------------------------

  /** The card a step places and where: {card, row} or {card, none: true} for a too-low card. */
  quizTarget(step) {
    if (!step) return null;
    if (step.target) return { card: step.target.card, row: step.target.row, none: Boolean(step.target.chosen) };
    if (step.kind === "choice" && step.choice) return { card: step.choice.card, row: null, none: true };
    return null;
  }

  /** Before showing a placement, ask where the card goes; true if the question is now shown. */
  askQuiz(index) {
    const target = this.quizTarget(this.steps[index]);
    if (!target) return false;
    this.quizPending = index;
    const box = el("fieldset", { class: "joueur-quiz-choix" });
    box.append(el("legend", {}, T.quizQuestion(target.card)));
    const rows = rowCount(this.steps[index - 1] || this.steps[index]);
    for (let r = 0; r < rows; r++) {
      const b = el("button", { type: "button", "data-quiz": String(r) }, T.quizRow(r));
      b.addEventListener("click", () => this.answerQuiz(index, r));
      box.append(b);
    }
    const none = el("button", { type: "button", "data-quiz": "aucune" }, T.quizNone);
    none.addEventListener("click", () => this.answerQuiz(index, null));
    box.append(none);
    this.quizBox.replaceChildren(box);
    box.querySelector("button").focus();
    return true;
  }

  answerQuiz(index, row) {
    const target = this.quizTarget(this.steps[index]);
    const right = target.none ? row === null : row === target.row;
    let verdict;
    if (target.none) verdict = right ? T.quizNoneRight(target.card) : T.quizNoneWrong(target.card);
    else verdict = right ? T.quizRight(target.card, target.row) : T.quizWrong(target.card, target.row);
    this.quizPending = null;
    this.show(index);
    const p = el("p", { class: "joueur-quiz-verdict", "data-juste": String(right) }, verdict);
    this.quizBox.replaceChildren(p);
    this.verdictStep = index;
    // One announcement: the verdict, then what the step shows.
    this.announce(`${verdict} ${this.stepText(index, this.items[index])}`);
    this.buttons.next.focus();
  }

  /** An open question or a verdict belongs to one step: gone once another step shows. */
  closeQuiz() {
    this.quizPending = null;
    this.verdictStep = null;
    this.quizBox.replaceChildren();
  }

  // --- « Et si… ? » -------------------------------------------------------------------------

  buildWhatIf() {
    const details = el("details", { class: "joueur-et-si" });
    details.append(el("summary", {}, T.whatIf));
    const form = el("form", { novalidate: "" });
    form.append(el("p", {}, T.whatIfHelp));
    const grid = el("div", { class: "joueur-champs" });
    this.fields = new Map();
    const field = (name, label, value, width) => {
      const id = `exemple-${this.id}-${name.replace(/[^a-zA-Z0-9]+/g, "-")}`;
      const input = el("input", {
        type: "text", id, name, value, autocomplete: "off", spellcheck: "false",
        size: String(width), "aria-describedby": id + "-erreur",
      });
      const error = el("span", { class: "joueur-erreur", id: id + "-erreur" });
      grid.append(el("label", { for: id }, label), input, error);
      this.fields.set(name, { input, error });
    };
    this.original.rows.forEach((row, i) => field(`rows[${i}]`, T.row(i), row.join(" "), 16));
    this.original.turns.forEach((turn, t) => {
      for (const [player, card] of Object.entries(turn.plays)) {
        field(`turns[${t}].plays.${player}`, T.play(t, player), String(card), 4);
      }
    });
    form.append(grid);
    this.formError = el("p", { class: "joueur-erreur", role: "alert" });
    this.formStatus = el("p", { class: "joueur-message", role: "status" });
    const submit = el("button", { type: "submit" }, T.replay);
    const restore = el("button", { type: "button" }, T.restore);
    restore.addEventListener("click", () => this.restore());
    const buttons = el("p", { class: "joueur-et-si-boutons" });
    buttons.append(submit, restore);
    this.whatIfSlot = new EngineSlot(`exemple-${this.id}-etat`, this.downloadNote(T.whatIfDownload));
    form.append(this.formError, this.formStatus, buttons, this.whatIfSlot.box);
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      this.submitWhatIf();
    });
    details.append(form);
    return details;
  }

  clearErrors() {
    this.formError.textContent = "";
    this.formStatus.textContent = "";
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
    const answer = await this.send({ type: "what_if", scenario: this.original, rows, plays }, this.whatIfSlot);
    if (!answer) return;
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
    this.deviation = "engine";
    this.links = null;
    this.render(answer.steps, 0);
    const pause = answer.steps.find((step) => step.kind === "choice" && step.choice && step.choice.chosen == null);
    this.formStatus.textContent = pause
      ? T.replayedChoice(pause.n, pause.choice.player, pause.choice.card)
      : T.replayed;
  }

  restore() {
    this.clearErrors();
    for (const [, { input }] of this.fields) input.value = input.defaultValue;
    this.current = 0;
    this.restoreBuilt();
    this.formStatus.textContent = T.restored;
  }
}

// --- page start -------------------------------------------------------------------------------

function main() {
  const sections = document.querySelectorAll("section.exemple[data-scenario]");
  if (!sections.length) return;
  document.documentElement.classList.add("js-joueur");
  useStylesheet();
  const players = Array.from(sections, (section) => new Player(section));
  // No engine here: it starts only at a control that says so (EngineSlot in Player).
  window.addEventListener("beforeprint", () => players.forEach((p) => p.fillAll()));
  engine.whenReady.then(() => {
    // One engine per page: every player's « Et si… ? » and choices now answer at once.
    sections.forEach((s) => {
      s.dataset.moteur = "pret";
    });
    // Once the engine has run, the service worker keeps this page, its pre-rendered choices and
    // the engine for repeat and offline visits (before that, a reader who only reads registers
    // nothing).
    const choices = Array.from(sections).filter((s) => s.dataset.choix)
      .map((s) => new URL(s.dataset.choix, location.href).href);
    keepForOffline({ files: ["js/engine.js", "js/mots.js", "js/worker.js", "js/player.css",
                             ...new Set(choices)], engine: true });
  });
}

main();
