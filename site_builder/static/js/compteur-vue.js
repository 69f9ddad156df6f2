// The score sheet as the reader sees it: its table (rounds, totals, the Board Game Arena
// countdown) and the round's entry form, one field per player with the cards to tick. Built from
// the sheet and the heads the engine exports; what an entry does is compteur.js's.

import { el } from "./dom.js";
import { NOUNS, WORDS, de, number, plural, say } from "./mots.js";

const T = WORDS.sheet;

/** The sheet's table: `sums` the totals, `leaders` marked (as winners once `over`), `end` the
 *  end of the game in words (its caption). Each round's number is a button that opens it for
 *  correction (compteur.js); the one being corrected is marked. */
export function sheetTable(sheet, { sums, leaders, over, correcting, end }) {
  const table = el("table", { class: "compteur-feuille" });
  const caption = el("caption", {}, T.caption);
  caption.append(el("span", { class: "compteur-fin" }, end));
  table.append(caption);
  const head = el("tr");
  head.append(el("th", { scope: "col" }, T.round));
  for (const name of sheet.players) head.append(el("th", { scope: "col" }, name));
  const thead = el("thead");
  thead.append(head);
  const body = el("tbody");
  sheet.rounds.forEach((round, r) => {
    const tr = el("tr", { class: r === correcting ? "compteur-en-correction" : null });
    const label = say(T.correct, { n: r + 1 });
    const open = el("button", { type: "button", class: "compteur-corriger", "data-manche": String(r),
      "aria-label": label, title: label, "aria-pressed": r === correcting ? "true" : null }, String(r + 1));
    const th = el("th", { scope: "row" });
    th.append(open);
    tr.append(th);
    for (const value of round) tr.append(el("td", {}, number(value)));
    body.append(tr);
  });
  const foot = el("tfoot");
  const totalRow = el("tr");
  totalRow.append(el("th", { scope: "row" }, T.total));
  sums.forEach((sum, i) => {
    const cell = el("td", {}, number(sum));
    if (leaders.includes(sheet.players[i])) cell.className = over ? "gagnant" : "en-tete";
    totalRow.append(cell);
  });
  foot.append(totalRow);
  if (sheet.bga) {
    const left = el("tr", { class: "compteur-bga" });
    left.append(el("th", { scope: "row" }, T.left));
    for (const sum of sums) left.append(el("td", {}, number(sheet.target - sum)));
    foot.append(left);
  }
  table.append(thead, body, foot);
  return table;
}

/** Fill `entry` (the build's form) with the next round's fields, unless `closed`, or with those
 *  of round `correcting` (an index) filled with what it holds; keeps what was typed for the same
 *  round. Returns the round's error line (null when closed). */
export function fillEntry(entry, sheet, heads, { closed, keepTyped, correcting = null }) {
  // Keep what the reader has typed for this round when the sheet redraws (an option changed, or
  // another tab changed the sheet: what is typed here is not lost).
  const typed = [...entry.querySelectorAll("input[data-joueur]")].map((input) => input.value);
  const ticked = [...entry.querySelectorAll("input[data-carte]:checked")].map((box) => box.id);
  const opened = [...entry.querySelectorAll("details")].map((details) => details.open);
  const which = correcting === null ? String(sheet.rounds.length + 1) : `correction-${correcting + 1}`;
  const sameRound = (keepTyped || entry.dataset.manche === which) && typed.length === sheet.players.length;
  const held = correcting === null ? null : sheet.rounds[correcting];
  entry.dataset.manche = which;
  entry.replaceChildren();
  entry.hidden = closed;
  if (closed) return null;
  const box = el("fieldset");
  box.append(el("legend", {}, held ? say(T.correcting, { n: correcting + 1 }) : say(T.new_round, { n: sheet.rounds.length + 1 })));
  const last = sheet.players.length - 1;
  sheet.players.forEach((name, i) => {
    const id = `compteur-manche-${i}`;
    const input = el("input", { id, name: id, inputmode: "numeric", size: "4", "data-joueur": String(i),
      "aria-describedby": `${id}-erreur`, enterkeyhint: i < last ? "next" : "done" });
    const error = el("span", { class: "compteur-erreur", id: `${id}-erreur`, role: "alert" });
    if (sameRound) input.value = typed[i];
    else if (held) input.value = String(held[i]);
    input.addEventListener("input", () => {
      error.textContent = "";
    });
    // Enter (a phone's « suivant ») goes on to the next player; only the last field adds the
    // round, so one key pressed too soon does not save the others' empty fields as zeros.
    if (i < last) {
      input.addEventListener("keydown", (event) => {
        if (event.key !== "Enter") return;
        event.preventDefault();
        entry.querySelector(`#compteur-manche-${i + 1}`).focus();
      });
    }
    const row = el("div", { class: "compteur-ligne" });
    row.append(el("label", { for: id }, name), " ", input, " ", error);
    row.append(tickCards(entry, heads, name, i, input));
    box.append(row);
  });
  const error = el("p", { class: "compteur-erreur", role: "alert" });
  box.append(error, el("button", { type: "submit", class: "compteur-principal" }, held ? T.save_correction : T.save));
  if (held) box.append(" ", el("button", { type: "button", "data-action": "renoncer-correction" }, T.cancel_correction));
  entry.append(box);
  if (sameRound) { // the ticks too, so that a card ticked next adds to them; the numbers as typed
    for (const id of ticked) entry.querySelector(`#${id}`)?.click();
    entry.querySelectorAll("input[data-joueur]").forEach((input, i) => { input.value = typed[i]; });
    entry.querySelectorAll("details").forEach((details, i) => { details.open = Boolean(opened[i]); });
  }
  return error;
}

/** « Cocher les cartes »: the deck's cards, whose ticked heads fill `input`. */
function tickCards(entry, heads, name, index, input) {
  const details = el("details", { class: "compteur-cartes" });
  // Each player's toggle says whose cards it ticks (ten alike would be no help to anyone).
  details.append(el("summary", {}, say(T.tick, { of_player: de(name) })));
  const group = el("fieldset");
  group.append(el("legend", {}, say(T.tick_title, { name })));
  const grid = el("div", { class: "compteur-grille" });
  for (let card = 1; card < heads.length; card += 1) {
    const id = `compteur-carte-${index}-${card}`;
    const box = el("input", { type: "checkbox", id, value: String(card), "data-carte": String(card) });
    box.addEventListener("change", () => {
      // A card is in one penalty pile only: tick it for one player, it greys out for the others.
      for (const other of entry.querySelectorAll(`input[data-carte="${card}"]`)) {
        if (other !== box) other.disabled = box.checked;
      }
      const sum = [...grid.querySelectorAll("input:checked")].reduce((s, b) => s + heads[Number(b.value)], 0);
      input.value = String(sum);
      input.dispatchEvent(new Event("input"));
    });
    const label = el("label", { for: id, class: `h${heads[card]}` });
    label.append(box, " ", el("strong", {}, String(card)), " ", plural(heads[card], NOUNS.head));
    grid.append(label);
  }
  group.append(grid);
  details.append(group);
  return details;
}
