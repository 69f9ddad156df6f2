// The French words of every page script, and the grammar that puts values into them. The words
// are game/messages/scripts.py's, which the build writes to js/mots-data.js (site_builder/
// tools_assets.py): no script holds French of its own. content/README.md « Numbers » states the
// convention. Text built here is only ever shown with textContent.
//
// The words come with the module graph (a plain module the build generates, not a JSON module,
// which Safari before 17.2 and Firefox before 138 cannot import), so each page script runs as soon
// as it did when it held them itself.

import words from "./mots-data.js";

/** {grammar, player, play, sheet, engine_size}: see game/messages/scripts.py. */
export const WORDS = words;
const GRAMMAR = WORDS.grammar;
export const NOUNS = GRAMMAR.nouns;

/** A template's `{name}`s filled from `values` (game/messages/scripts.py). */
export function say(template, values = {}) {
  return template.replace(/\{(\w+)\}/g, (whole, name) => (name in values ? String(values[name]) : whole));
}

/** A number as French print sets it: a true minus sign (−3), not a hyphen. */
export function number(n) {
  return n < 0 ? `\u2212${-n}` : String(n);
}

/** 10000 → « 10 000 », with the narrow no-break space French print uses (typography.grouped). */
export function grouped(n) {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, GRAMMAR.thousands);
}

/** A value in digits with its noun: « 1 tête », « 0 tête », « 7 têtes » (singular up to 1). */
export function plural(n, noun) {
  return say(GRAMMAR.counted, { n: number(n), noun: Math.abs(n) <= 1 ? noun.one : noun.many });
}

/** A count of things: « une manche », « trois manches » under ten, « 12 manches » from ten on. */
export function count(n, noun) {
  const gender = noun.feminine ? "feminine" : "masculine";
  if (n === 0) return `${GRAMMAR.none[gender]} ${noun.one}`;
  if (n === 1) return `${GRAMMAR.one[gender]} ${noun.one}`;
  return n < GRAMMAR.numbers.length ? `${GRAMMAR.numbers[n]} ${noun.many}` : say(GRAMMAR.counted, { n, noun: noun.many });
}

/** « Alice », « Alice et Bruno », « Alice, Bruno et Chloé ». */
export function list(items) {
  const all = [...items].map(String);
  return all.length < 2 ? all.join("") : `${all.slice(0, -1).join(", ")}${GRAMMAR.and}${all[all.length - 1]}`;
}

/** « de Bruno », « d’Alice », « d’Hugo »: French elides « de » before a vowel or a mute h. */
export function de(name) {
  const elided = GRAMMAR.vowels.includes(String(name).charAt(0));
  return say(elided ? GRAMMAR.of_elided : GRAMMAR.of, { name });
}
