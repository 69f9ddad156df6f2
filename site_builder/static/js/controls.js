// The controls every step player of the site shares (the worked examples, « Revoir la manche »
// in Jouer) and the box that shows the engine's start: what a page imports to step through
// steps or to start the engine, and nothing else (nothing runs on import). The controls' markup
// is the build's; this module only drives it.

import * as engine from "./engine.js";
import { el, reveal } from "./dom.js";
import { WORDS, say } from "./mots.js";

const T = WORDS.player;

// One formatter: toLocaleString builds a new one per call, slow at a progress report's pace.
const MB = new Intl.NumberFormat("fr-FR", { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** The bytes loaded so far, live (the build says the engine's whole size: mots-data.js engine_size). */
function megabytes(bytes) {
  return say(WORDS.grammar.megabytes, { n: MB.format(bytes / 1e6) });
}

function byteCount(loaded, total) {
  return total ? say(T.bytes, { loaded: megabytes(loaded), total: megabytes(total) }) : megabytes(loaded);
}

/**
 * The controls of every step player of the site (the worked examples, « Revoir la manche » in
 * Jouer): Début / Précédent / Suivant / Fin, a slider and « Étape k sur n » counted from 0, the
 * arrow keys, Home and End. `bar` is their markup, written by the build
 * (templates/blocks/step_controls.html: in each example, and in Jouer's <template>), which this
 * class shows and listens to. `onMove(action, index, held)` gets the action ("first", "prev",
 * "next", "last" or "slide"), the step it asks for, and whether it is one of a run (a key held
 * down, the slider dragged: see StepAnnouncer); `update` says where the player stands.
 */
export class StepControls {
  constructor({ bar, label, onMove }) {
    this.onMove = onMove;
    this.index = 0;
    this.count = 1;
    this.bar = bar;
    bar.setAttribute("aria-label", label);
    this.buttons = {};
    for (const button of bar.querySelectorAll("button[data-action]")) {
      const action = button.dataset.action;
      this.buttons[action] = button;
      button.addEventListener("click", () => this.move(action, false));
    }
    this.slider = bar.querySelector(".joueur-curseur");
    this.slider.addEventListener("input", () => this.onMove("slide", Number(this.slider.value), true));
    this.position = bar.querySelector(".joueur-position");
  }

  /** The build hides the controls until a script drives them (player.css keeps their place). */
  show() {
    reveal(this.bar);
  }

  move(action, held) {
    const last = this.count - 1;
    const target = { first: 0, prev: this.index - 1, next: this.index + 1, last }[action];
    this.onMove(action, Math.max(0, Math.min(last, target)), held);
  }

  /** Show step `index` of `count`; `note` follows the position (e.g. a row choice ahead). */
  update(index, count, note = "") {
    this.index = index;
    this.count = count;
    const last = count - 1;
    const position = say(index === 0 ? T.position_start : T.position, { k: index, last }) + note;
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
      this.move(action, event.repeat);
    });
  }
}

const SETTLE_MS = 500; // a run of steps (a key held, the slider dragged) is over after this pause

/**
 * A step player's live region, which says each step the reader stops at, once. The steps a held
 * key or a dragged slider runs through are not said one by one (a screen reader would read
 * them all, long after the reader has stopped): the step where the run ends is, once it ends.
 * With `clearAfter` (ms) the region empties once read, so that reading the page meets the
 * step's text once, in its caption.
 */
export class StepAnnouncer {
  constructor(live, { clearAfter = 0 } = {}) {
    this.live = live;
    this.clearAfter = clearAfter;
  }

  say(text, held = false) {
    clearTimeout(this.settle);
    clearTimeout(this.silence);
    if (held) {
      this.settle = setTimeout(() => this.say(text), SETTLE_MS);
      return;
    }
    if (this.live.textContent !== text) this.live.textContent = text;
    if (this.clearAfter) this.silence = setTimeout(() => { this.live.textContent = ""; }, this.clearAfter);
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
    this.bytes.textContent = phase === "download" && loaded ? byteCount(loaded, total) : "";
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

/**
 * At a control that starts the engine: first the cost (« environ N Mo, une seule fois »), then, in
 * the same place and the same height, the start's progress (EngineProgress), so nothing moves.
 */
export class EngineSlot {
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
