// The score sheet's arithmetic: totals, the end of the game, who leads, a typed number of heads
// read, the sheet as CSV. Pure functions of the sheet and of the rules the engine exports
// (js/tetes.json, read by compteur.js): no rule of play is written here, only compared.

import { variantOf } from "./compteur-feuille.js";
import { NOUNS, WORDS, count, plural, say } from "./mots.js";

const T = WORDS.sheet;

/** Each player's heads since the start of the game. */
export function totals(sheet) {
  return sheet.players.map((_, i) => sheet.rounds.reduce((sum, round) => sum + round[i], 0));
}

/** The end of a game, as the engine exports it (`variants.*.end`): a fixed number of rounds (the
 *  special cards: two), or the round where the worst total meets the target with the comparison
 *  the rules name (">=", or ">" for « plus de 66 »). */
export function gameOver(sheet, rules, sums) {
  if (!sheet.rounds.length) return false;
  const end = variantOf(rules, sheet.specials).end;
  const rounds = sheet.fixed || end.rounds;
  if (rounds) return sheet.rounds.length >= rounds;
  const worst = Math.max(...sums);
  const compare = sheet.strict ? end.strict_compare : end.compare;
  return compare === ">" ? worst > sheet.target : worst >= sheet.target;
}

/** The same end in words, under the sheet's caption (printed with it, where the option fields
 *  are not): « Fin de la partie à 66 têtes de bœuf. », « … au-delà de 66 … », « Partie en deux
 *  manches. » */
export function endRule(sheet, rules) {
  const end = variantOf(rules, sheet.specials).end;
  const rounds = sheet.fixed || end.rounds;
  if (rounds) return say(T.end_rounds, { rounds: count(rounds, NOUNS.round) });
  const compare = sheet.strict ? end.strict_compare : end.compare;
  return say(compare === ">" ? T.end_beyond : T.end_at, { heads: plural(sheet.target, NOUNS.head) });
}

/** Who leads (or has won): the fewest heads, or the most, as the rules export it. */
export function best(sheet, rules, sums) {
  const top = variantOf(rules, sheet.specials).winners === "most" ? Math.max(...sums) : Math.min(...sums);
  return sheet.players.filter((_, i) => sums[i] === top);
}

/** A round's heads as typed: {value} or {error} (French); empty is 0, a minus sign only where the
 *  variant scores below zero, never more than the deck holds (either way). */
export function parseHeads(text, rules, specials) {
  const value = String(text).trim();
  if (value === "") return { value: 0 };
  const negative = /^[-\u2212]\s*\d+$/.test(value);
  if (negative && !variantOf(rules, specials).negative_scores) return { error: T.negative };
  if (!negative && !/^\d+$/.test(value)) return { error: say(T.not_number, { text: value }) };
  const number = negative ? -Number(value.replace(/^[-\u2212]\s*/, "")) : Number(value);
  if (Math.abs(number) > rules.total) return { error: say(T.too_many, { total: rules.total }) };
  return { value: number };
}

/** A whole number typed in an option field, from `min` to `max`; null otherwise. */
export function parseCount(text, min, max) {
  const value = String(text).trim();
  if (!/^\d+$/.test(value) || Number(value) < min || Number(value) > max) return null;
  return Number(value);
}

function csvCell(value) {
  let text = String(value);
  if (/^[=+\-@]/.test(text)) text = "'" + text; // a spreadsheet must not read a name as a formula
  return /[";\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The sheet as a spreadsheet reads it (a byte order mark, « ; » between cells as French
 *  spreadsheets expect, CRLF lines): the rounds, then the totals. */
export function csv(sheet) {
  const lines = [[T.round, ...sheet.players]];
  sheet.rounds.forEach((round, r) => lines.push([r + 1, ...round]));
  lines.push([T.total, ...totals(sheet)]);
  return "\ufeff" + lines.map((line) => line.map(csvCell).join(";")).join("\r\n") + "\r\n";
}
