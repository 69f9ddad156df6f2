// The score sheet as stored: reading it back safely, whatever the browser's storage holds.
//
// localStorage is shared by every tab and can be edited by hand, by an extension or by an older
// version of the page. So what is read is checked field by field: a round that cannot be read is
// set aside (and counted, for a French notice), a number written as text is read as a number,
// never glued to a total (« 052 »). Nothing here writes: the page decides when to store.

import { WORDS, say } from "./mots.js";

const T = WORDS.sheet;

export const NAME_MAX = 30;

// The rules come from js/tetes.json (the engine's export, CONTRIBUTING « Rules for the tools »):
// `rules` is that file's content; a sheet with the special cards follows `variants.speciales`.
export function variantOf(rules, specials) {
  return rules.variants[specials ? "speciales" : "classic"];
}

export function blank(rules, players = []) {
  return { players, rounds: [], target: variantOf(rules, false).end.target, strict: false, fixed: null,
    bga: false, specials: false };
}

/** A whole number of heads: a JS integer or a string of digits; anything else is null. */
function headsOf(value, highest, lowest = 0) {
  let number = value;
  if (typeof value === "string" && /^\s*-?\d{1,4}\s*$/.test(value)) number = Number(value);
  if (!Number.isInteger(number) || number < lowest || number > highest) return null;
  return number;
}

function countOf(value, min) {
  const number = typeof value === "string" && /^\s*\d{1,6}\s*$/.test(value) ? Number(value) : value;
  return Number.isInteger(number) && number >= min ? number : null;
}

/**
 * Read a stored sheet (the raw text of localStorage, or null).
 * Returns {sheet, problems}: `sheet` is always usable; `problems` counts what was repaired:
 * {unreadable: true} when nothing could be used, else {rounds, numbers, names, settings}.
 * `rules` (js/tetes.json) gives the default target, the players' limit and the deck's 171 heads,
 * which bound a round.
 */
export function readSheet(raw, rules) {
  const deckTotal = rules.total;
  const problems = { unreadable: false, rounds: 0, numbers: 0, names: 0, settings: 0 };
  if (raw === null || raw === undefined) return { sheet: blank(rules), problems };
  let data;
  try {
    data = JSON.parse(raw);
  } catch {
    data = undefined;
  }
  if (!data || typeof data !== "object" || Array.isArray(data) || !Array.isArray(data.players)) {
    problems.unreadable = true;
    return { sheet: blank(rules), problems };
  }

  const sheet = blank(rules);
  const playersMax = variantOf(rules, data.specials === true).players.max;
  const seen = new Set();
  for (const [i, name] of data.players.slice(0, playersMax).entries()) {
    // Characters, not UTF-16 units: an emoji counts once, and is never cut in two.
    let clean = typeof name === "string" ? [...name.replace(/\s+/g, " ").trim()].slice(0, NAME_MAX).join("") : "";
    if (!clean || seen.has(clean.toLowerCase())) {
      problems.names += 1;
      clean = say(T.default_name, { n: i + 1 });
      for (let n = 2; seen.has(clean.toLowerCase()); n += 1) clean = say(T.default_name_again, { n: i + 1, again: n });
    }
    seen.add(clean.toLowerCase());
    sheet.players.push(clean);
  }
  if (data.players.length > playersMax) problems.names += data.players.length - playersMax;

  const rounds = Array.isArray(data.rounds) ? data.rounds : [];
  if (data.rounds !== undefined && !Array.isArray(data.rounds)) problems.rounds += 1;
  for (const round of rounds) {
    const values = Array.isArray(round) && round.length === sheet.players.length
      ? round.map((value) => headsOf(value, deckTotal, variantOf(rules, data.specials === true).negative_scores ? -deckTotal : 0))
      : null;
    const sum = values && values.every((v) => v !== null) ? values.reduce((a, b) => a + b, 0) : null;
    if (sum === null || sum > deckTotal || !sheet.players.length) {
      problems.rounds += 1;
      continue;
    }
    problems.numbers += round.filter((value) => typeof value === "string").length;
    sheet.rounds.push(values);
  }

  const usual = variantOf(rules, false).end.target;
  const target = data.target === undefined ? usual : countOf(data.target, 1);
  const fixed = data.fixed === undefined || data.fixed === null || data.fixed === 0 ? null : countOf(data.fixed, 1);
  sheet.target = target ?? usual;
  sheet.fixed = fixed;
  sheet.strict = data.strict === true;
  sheet.bga = data.bga === true;
  sheet.specials = data.specials === true;   // the special cards: a round may end below zero
  problems.settings += (target === null) + (fixed === null && ![undefined, null, 0].includes(data.fixed)) +
    (![undefined, true, false].includes(data.strict)) + (![undefined, true, false].includes(data.bga)) +
    (![undefined, true, false].includes(data.specials));
  return { sheet, problems };
}

export function damaged(problems) {
  return problems.unreadable || problems.rounds + problems.numbers + problems.names + problems.settings > 0;
}

/** The same sheet, compared by content (key order and spacing aside). */
export function sameSheet(a, b) {
  return JSON.stringify(a) === JSON.stringify(b);
}
