// « Et si… ? » under a classic worked example: the reader changes the starting rows or the cards
// played and the engine replays them (the first replay starts it, at a note that says what it
// downloads). The engine checks every field and answers in French; this module only shows its
// answer. Used by example-player.js.

import { EngineSlot } from "./controls.js";
import { el, reveal } from "./dom.js";
import { WORDS, de, say } from "./mots.js";

const T = WORDS.player;

export class WhatIf {
  /** `details`: the build's « Et si… ? » box (templates/blocks/example.html), closed; its form
   *  is made here from the example's scenario, then the box is shown. */
  constructor(player, details) {
    this.player = player;
    this.build(details);
    reveal(details);
  }

  build(details) {
    const player = this.player;
    const form = el("form", { novalidate: "" });
    form.append(el("p", {}, T.what_if_help));
    const grid = el("div", { class: "joueur-champs" });
    this.fields = new Map();
    const field = (name, label, value, width) => {
      const id = `exemple-${player.id}-${name.replace(/[^a-zA-Z0-9]+/g, "-")}`;
      const input = el("input", {
        type: "text", id, name, value, autocomplete: "off", spellcheck: "false",
        size: String(width), "aria-describedby": id + "-erreur",
      });
      const error = el("span", { class: "joueur-erreur", id: id + "-erreur" });
      grid.append(el("label", { for: id }, label), input, error);
      this.fields.set(name, { input, error });
    };
    player.original.rows.forEach((row, i) => field(`rows[${i}]`, say(T.row, { row: i + 1 }), row.join(" "), 16));
    player.original.turns.forEach((turn, t) => {
      for (const [name, card] of Object.entries(turn.plays)) {
        field(`turns[${t}].plays.${name}`, say(T.play, { turn: t + 1, of_player: de(name) }), String(card), 4);
      }
    });
    form.append(grid);
    this.error = el("p", { class: "joueur-erreur", role: "alert" });
    this.status = el("p", { class: "joueur-message", role: "status" });
    const submit = el("button", { type: "submit" }, T.replay);
    const restore = el("button", { type: "button" }, T.restore);
    restore.addEventListener("click", () => this.restore());
    const buttons = el("p", { class: "joueur-et-si-boutons" });
    buttons.append(submit, restore);
    this.slot = new EngineSlot(`exemple-${player.id}-etat`, player.downloadNote(T.what_if_download));
    form.append(this.error, this.status, buttons, this.slot.box);
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      this.submit();
    });
    details.append(form);
  }

  clearErrors() {
    this.error.textContent = "";
    this.status.textContent = "";
    for (const { input, error } of this.fields.values()) {
      error.textContent = "";
      input.removeAttribute("aria-invalid");
    }
  }

  async submit() {
    const player = this.player;
    this.clearErrors();
    const rows = player.original.rows.map((_, i) => this.fields.get(`rows[${i}]`).input.value);
    const plays = player.original.turns.map((turn, t) => {
      const typed = {};
      for (const name of Object.keys(turn.plays)) {
        typed[name] = this.fields.get(`turns[${t}].plays.${name}`).input.value;
      }
      return typed;
    });
    const answer = await player.send({ type: "what_if", scenario: player.original, rows, plays }, this.slot);
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
          this.error.textContent = message;
        }
      }
      if (!this.error.textContent) this.error.textContent = T.fix_errors;
      if (first) first.focus();
      return;
    }
    player.deviation = "engine";
    player.showChanged(answer, 0);
    const pause = answer.steps.find((step) => step.kind === "choice" && step.choice && step.choice.chosen == null);
    this.status.textContent = pause
      ? say(T.replayed_choice, { n: pause.n, of_player: de(pause.choice.player), card: pause.choice.card })
      : T.replayed;
  }

  restore() {
    this.clearErrors();
    for (const [, { input }] of this.fields) input.value = input.defaultValue;
    this.player.current = 0;
    this.player.restoreBuilt();
    this.status.textContent = T.restored;
  }
}
