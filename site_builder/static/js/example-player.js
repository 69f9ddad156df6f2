// The example player: turns each worked example (section.exemple) into a replay the reader drives.
//
// Progressive enhancement: without scripts the page shows every step. This module shows the
// controls the build wrote (hidden until then, their place kept: player.css) and one step at a
// time. Stepping, the quiz and a first row choice read what the build
// wrote with CPython's engine (data-pas, the page's choix.json: site_builder/branches.py), so they
// download nothing; « Et si… ? » and a second choice start the Python engine in the worker
// (engine.js), at a control that says what it downloads first. No rule and no drawing live here:
// markup comes from Python (which escapes it); reader text is only ever set with textContent.
// Nothing runs on import: the page's script (player.js) calls start() once.

import * as engine from "./engine.js";
import { EngineSlot, StepAnnouncer, StepControls } from "./controls.js";
import { el, fragment } from "./dom.js";
import { keepForOffline } from "./hors-ligne.js";
import { WORDS, say } from "./mots.js";
import { Quiz } from "./quiz.js";
import { WhatIf } from "./what-if.js";

const T = WORDS.player;

const ANNOUNCE_MS = 4000; // long enough for the live region's text to be queued and read

const STEP_ID = /^exemple-(.+)-etape-(\d+)$/;
// player.css paints the step a link names, alone, before this script runs (with :has()).
const FIRST_PAINT_AS_PLAYER = CSS.supports("selector(:has(*))");
// A heading that already names the example (« Exemple 3 : … ») names its region as it is.
const NAMED = new RegExp(`^${say(T.region, { name: "" }).trim()}\\b`);

// What the service worker keeps once the engine has run here (the page's own script and what it
// loaded, stylesheets included, are added by hors-ligne.js): every module of the player and its words.
const FILES = ["js/engine.js", "js/worker.js", "js/mots.js", "js/mots-data.js", "js/dom.js",
               "js/controls.js", "js/example-player.js", "js/quiz.js", "js/what-if.js"];

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
    this.links = null; // each step's explorer link once the example is changed (see linkExplorer)
    const link = section.querySelector(":scope > .etapes > .etape > .exemple-explorateur");
    this.linkModel = link && link.cloneNode(true);
    const comparison = section.querySelector(":scope > .encadre-comparaison");
    this.builtComparison = comparison && comparison.outerHTML;
    this.current = 0;
    this.name = this.regionName();
    section.setAttribute("aria-label", this.name);
    this.buildControls();
    // On arrival player.css has painted the step a link names, and the browser has scrolled to
    // it (or restored the reader's place): the view stays; a scroll now would move the text
    // under a reader who started reading. Without :has() the page changes now: to the example.
    this.show(this.startIndex(), FIRST_PAINT_AS_PLAYER ? { keepUrl: true, quiet: true } : { fromHash: true, quiet: true });
    this.mendLink();
  }

  /** A link to a step this example lacks (« etape-99 », « etape-02 »): the browser found no such
   *  element and scrolled nowhere; the address takes the step shown, and the view the example. */
  mendLink() {
    if (this.linkedStep() === null || document.getElementById(fragment())) return;
    history.replaceState(history.state, "", "#" + this.items[this.current].id);
    this.section.scrollIntoView({ block: "start" });
  }

  /** The rows on the table as step `index` starts (the quiz offers each). */
  rowsBefore(index) {
    return rowCount(this.steps[index - 1] || this.steps[index]);
  }

  get items() {
    return Array.from(this.list.querySelectorAll(":scope > li.etape"));
  }

  /** The step number the address names in this example, or null. */
  linkedStep() {
    const match = STEP_ID.exec(fragment());
    return match && match[1] === String(this.id) ? Number(match[2]) : null;
  }

  startIndex() {
    const linked = this.linkedStep();
    return linked === null ? 0 : Math.min(linked, this.items.length - 1);
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
      return say(T.region, { name: number[1] }) + (part ? `, ${part.charAt(0).toLowerCase()}${part.slice(1)}` : "");
    }
    if (this.special && heading) return say(T.region_special, { heading });
    if (heading) return NAMED.test(heading) ? heading : say(T.region_of, { heading });
    return say(T.region, { name: this.id.replace(/-/g, " ") });
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

  /** The controls, the quiz's box and « Et si… ? » are the build's (templates/blocks/
   *  example.html), shown here in the same task as the first step: nothing moves. */
  buildControls() {
    const s = this.section;
    s.classList.add("joueur");
    this.controls = new StepControls({
      bar: s.querySelector(":scope > .joueur-commandes"),
      label: say(T.controls, { name: this.name.charAt(0).toLowerCase() + this.name.slice(1) }),
      onMove: (action, index, held) => (action === "slide" ? this.show(index, { held }) : this.act(action, held)),
    });
    this.controls.show();
    this.buttons = this.controls.buttons;

    // The one announcement of each step (emptied once read: the caption stays the text to read).
    this.live = el("div", { class: "joueur-annonce", "aria-live": "polite" });
    this.announcer = new StepAnnouncer(this.live, { clearAfter: ANNOUNCE_MS });
    // The quiz and « Et si… ? » of the classic game (the build writes them for it only).
    this.quiz = new Quiz(this, s.querySelector(":scope > .joueur-quiz"));
    const whatIf = s.querySelector(":scope > .joueur-et-si");
    this.whatIf = whatIf && new WhatIf(this, whatIf);
    s.insertBefore(this.live, this.list);
    // Printed only, above the steps of a changed example (player.css): the prose around them
    // tells the example as written.
    this.changedNote = el("p", { class: "joueur-note-impression", hidden: "" }, T.printed_changed);
    this.list.before(this.changedNote);
    this.list.after(this.quiz.box);

    this.controls.listen(s);
    window.addEventListener("hashchange", () => {
      // Back to the address with no step (the page as it opened): every example at its start.
      if (!fragment()) this.show(0, { keepUrl: true });
      if (this.linkedStep() === null) return;
      this.show(this.startIndex(), { fromHash: true });
      this.mendLink();
    });
    s.addEventListener("click", (event) => this.onClick(event));
    // No engine here: stepping, the row choices and the quiz read what the build wrote. The
    // engine starts only at a control that says so (EngineSlot): « Et si… ? », a second choice.
  }

  act(action, held = false) {
    const last = this.items.length - 1;
    const target = { first: 0, prev: this.current - 1, next: this.current + 1, last }[action];
    if (action === "next" && this.quiz.holds(target)) return;
    this.show(Math.max(0, Math.min(last, target)), { held });
  }

  // --- showing a step ----------------------------------------------------------------------

  show(index, { fromHash = false, keepUrl = false, quiet = false, held = false } = {}) {
    const items = this.items;
    const last = items.length - 1;
    index = Math.max(0, Math.min(last, index));
    if (index !== this.current || this.quiz.pending !== null) this.quiz.close();
    this.current = index;
    items.forEach((li, k) => {
      li.classList.toggle("courante", k === index);
      li.hidden = k !== index;
    });
    const li = items[index];
    this.fill(li);
    const pause = this.pauseIndex();
    this.controls.update(index, items.length,
                         pause === null ? "" : index === pause ? T.paused : say(T.choice_ahead, { n: pause }));
    if (!fromHash && !keepUrl && li && li.id) history.replaceState(history.state, "", "#" + li.id);
    if (fromHash && li && location.hash === "#" + li.id) {
      this.section.scrollIntoView({ block: "start" });
    }
    if (!quiet) this.announce(this.stepText(index, li), held);
    this.renderChoice();
    this.linkExplorer(index);
  }

  /**
   * « Ouvrir dans l’explorateur » at the step shown. The build wrote it in each step of the
   * example as written (none where the explorer cannot open a step: no card to play next), and
   * player.css shows it with its step. A changed example's steps get theirs from its answer's
   * `links` (the build's choix.json or the engine's), in a copy of a built one.
   */
  linkExplorer(index) {
    const li = this.items[index];
    const found = this.links && this.links[index];
    if (!li || !found || !this.linkModel || li.querySelector(":scope > .exemple-explorateur")) return;
    const box = this.linkModel.cloneNode(true);
    const link = box.querySelector("a");
    link.setAttribute("href", `${link.getAttribute("href").split("#")[0]}#${found.fragment}`);
    box.querySelector("[data-explorateur-texte]").textContent = found.text;
    li.append(box);
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

  /** Say the step once, or, `held`, once the run of steps it is one of ends (StepAnnouncer). */
  announce(text, held = false) {
    this.announcer.say(text, held);
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
      "data-etiquette": step.label, // worded by the engine (game/messages/blocks.py step_label)
    }));
    this.list.replaceChildren(...items);
    this.show(index, { keepUrl, quiet });
  }

  /** A changed example (a choice's or « Et si… ? »'s answer): its steps and their explorer links. */
  showChanged(answer, index) {
    this.scenario = answer.scenario;
    this.links = answer.links || null;
    this.changedNote.hidden = false;
    this.tellComparison(answer.comparison);
    this.render(answer.steps, index);
  }

  /** « Et sans la carte spéciale ? » retells the example shown: a changed one's comes with its
   *  answer (game/specials/draw.py comparison_html), the one as written is the build's. */
  tellComparison(markup) {
    const box = this.section.querySelector(":scope > .encadre-comparaison");
    if (box && markup) box.outerHTML = markup;
  }

  /** Back to the example as written: the build's steps and markup, no engine. The step is said
   *  again (its text is the example's, not the changed game's) and the address names it. */
  restoreBuilt() {
    this.steps = this.built;
    this.scenario = this.original;
    this.deviation = null;
    this.links = null;
    this.changedNote.hidden = true;
    this.tellComparison(this.builtComparison);
    this.list.replaceChildren(...this.builtItems.map((li) => li.cloneNode(true)));
    this.show(this.current);
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
      // The build's branches could not be fetched (offline, a deploy that lost the file): the
      // engine answers instead, and its download shows where the reader chose, as it does for
      // a second deviation.
      if (!this.choiceSlot && !engine.isReady()) this.addChoiceSlot(this.decisionBox());
    }
    const answer = await this.send({ type: "choose", scenario: this.scenario, step: n, row }, this.choiceSlot);
    if (answer && answer.ok) this.deviation = "engine";
    return answer;
  }

  /** Show a choice's answer (see answerChoice); the reader's focus stays on the row chosen. */
  showChoice(answer, row) {
    if (answer.restore) this.restoreBuilt();
    else this.showChanged(answer, this.current);
    const box = this.decisionBox();
    const again = box && box.querySelector(`[data-choix="${row}"]`);
    if (again) again.focus();
  }

  /** What a control that starts the engine says first: nothing if the build knew no figure. */
  downloadNote(template) {
    return WORDS.engine_size ? say(template, { size: WORDS.engine_size }) : "";
  }

  /** A note at a choice box whose choices start the engine, where its progress then shows. */
  choiceNote(box, step) {
    this.choiceSlot = null;
    if (this.deviation === null || this.deviation === step.n || engine.isReady()) return;
    this.addChoiceSlot(box);
  }

  addChoiceSlot(box) {
    if (!box) return;
    this.choiceSlot = new EngineSlot(`exemple-${this.id}-etat-choix`, this.downloadNote(T.choice_download));
    box.append(this.choiceSlot.box);
  }

  // --- decisions -----------------------------------------------------------------------------

  /** The decision box the engine drew in the step shown (game/player_boxes.py), or null. */
  decisionBox() {
    const li = this.items[this.current];
    return li ? li.querySelector(".joueur-decision") : null;
  }

  /** The step's box shows with its step (player.css: the step's markup stays the engine's); here
   *  the note of a choice that would start the engine, and no refusal of an earlier visit. */
  renderChoice() {
    const box = this.decisionBox();
    if (!box) return;
    box.querySelectorAll(":scope > .joueur-moteur").forEach((slot) => slot.remove());
    this.refusal = box.querySelector(".joueur-refus");
    if (this.refusal) this.refusal.textContent = "";
    this.choiceNote(box, this.steps[this.current]);
  }

  async chooseJunior(step, row) {
    if (step.target.row === row) { // the row shown: nothing to change, nor any refusal to keep
      if (this.refusal) this.refusal.textContent = "";
      return;
    }
    const answer = await this.answerChoice(step, row);
    if (!answer) return;
    if (!answer.ok) {
      this.refusal.textContent = (answer.errors && answer.errors[0] && answer.errors[0].message) || T.refused;
      return;
    }
    this.showChoice(answer, row);
  }

  /** A press on a row: a button of the step's box, or (a row choice) a row of its drawing. */
  onClick(event) {
    const step = this.steps[this.current];
    const li = event.target.closest && event.target.closest("li.etape");
    if (!step || !li || !this.list.contains(li)) return;
    const button = event.target.closest(".joueur-decision [data-choix]");
    if (button) {
      const row = Number(button.dataset.choix);
      if (this.junior) this.chooseJunior(step, row);
      else if (step.choice) this.choose(step, row);
      return;
    }
    const drawn = event.target.closest("[data-row]");
    if (drawn && step.choice && !this.junior) this.choose(step, Number(drawn.getAttribute("data-row")));
  }

  async choose(step, row) {
    if (step.choice.chosen === row || !step.choice.options.some((o) => o.row === row)) return;
    const answer = await this.answerChoice(step, row);
    if (answer && answer.ok) this.showChoice(answer, row);
  }
}

// --- page start -------------------------------------------------------------------------------

/** Turn every worked example of the page into a player (once per page). */
export function start() {
  const sections = document.querySelectorAll("section.exemple[data-scenario]");
  if (!sections.length) return;
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
    keepForOffline({ files: [...FILES, ...new Set(choices)], engine: true });
  });
}
