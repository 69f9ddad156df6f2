// The quiz of a worked example: before Suivant shows where a card goes, the reader guesses it.
// The answer is the build's (each step's facts, data-pas): no engine. Used by example-player.js.

import { el, reveal } from "./dom.js";
import { WORDS, say } from "./mots.js";

const T = WORDS.player;

/** The card a step places and where: {card, row} or {card, none: true} for a too-low card. */
function target(step) {
  if (!step) return null;
  if (step.target) return { card: step.target.card, row: step.target.row, none: Boolean(step.target.chosen) };
  if (step.kind === "choice" && step.choice) return { card: step.choice.card, row: null, none: true };
  return null;
}

export class Quiz {
  /** `label`: the build's « Quiz » box (templates/blocks/example.html), or null where the
   *  example has no quiz (special cards, Junior): then it never asks. */
  constructor(player, label) {
    this.player = player;
    this.pending = null; // index of the step whose question is open
    this.verdictStep = null; // index of the step the shown verdict is about
    this.box = el("div", { class: "joueur-quiz-question" });
    this.toggle = label && label.querySelector("input[type=checkbox]");
    if (!this.toggle) return;
    this.toggle.addEventListener("change", () => this.close());
    reveal(label);
  }

  /** Before Suivant shows step `index`: true when the quiz holds it back (a question is open,
   *  or is asked now). An open question is answered first: Suivant never skips it. */
  holds(index) {
    if (!this.toggle || !this.toggle.checked) return false;
    if (this.pending !== null) {
      this.player.announce(T.quiz_open);
      const first = this.box.querySelector("button");
      if (first) first.focus();
      return true;
    }
    return this.ask(index);
  }

  /** Before showing a placement, ask where the card goes; true if the question is now shown. */
  ask(index) {
    const steps = this.player.steps;
    const goal = target(steps[index]);
    if (!goal) return false;
    this.pending = index;
    const box = el("fieldset", { class: "joueur-quiz-choix" });
    box.append(el("legend", {}, say(T.quiz_question, { card: goal.card })));
    const rows = this.player.rowsBefore(index);
    for (let r = 0; r < rows; r++) {
      const b = el("button", { type: "button", "data-quiz": String(r) }, say(T.row, { row: r + 1 }));
      b.addEventListener("click", () => this.answer(index, r));
      box.append(b);
    }
    const none = el("button", { type: "button", "data-quiz": "aucune" }, T.quiz_none);
    none.addEventListener("click", () => this.answer(index, null));
    box.append(none);
    this.box.replaceChildren(box);
    box.querySelector("button").focus();
    return true;
  }

  answer(index, row) {
    const player = this.player;
    const goal = target(player.steps[index]);
    const right = goal.none ? row === null : row === goal.row;
    const verdict = goal.none
      ? say(right ? T.quiz_none_right : T.quiz_none_wrong, { card: goal.card })
      : say(right ? T.quiz_right : T.quiz_wrong, { card: goal.card, row: goal.row + 1 });
    this.pending = null;
    player.show(index);
    const p = el("p", { class: "joueur-quiz-verdict", "data-juste": String(right) }, verdict);
    this.box.replaceChildren(p);
    this.verdictStep = index;
    // One announcement: the verdict, then what the step shows.
    player.announce(`${verdict} ${player.stepText(index, player.items[index])}`);
    player.buttons.next.focus();
  }

  /** An open question or a verdict belongs to one step: gone once another step shows. */
  close() {
    this.pending = null;
    this.verdictStep = null;
    this.box.replaceChildren();
  }
}
