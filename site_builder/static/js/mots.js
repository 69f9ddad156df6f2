// The French typography and number wording of every page script, in one module (the Python side,
// for the engine's sentences, is game/messages/typography.py; content/README.md « Numbers »
// states the convention). Text built here is only ever shown with textContent.

export const NBSP = "\u00a0"; // before « : », inside « guillemets », between a number and its word
export const NNBSP = "\u202f"; // before ; ! ?

const VOWELS = "aeiouyhàâäéèêëîïôöùûüœæ";
const WORDS = ["zéro", "un", "deux", "trois", "quatre", "cinq", "six", "sept", "huit", "neuf"];

/** A number as French print sets it: a true minus sign (−3), not a hyphen. */
export function number(n) {
  return n < 0 ? `\u2212${-n}` : String(n);
}

/** A value in digits with its word: « 1 tête », « 0 tête », « 7 têtes » (singular up to 1). */
export function plural(n, singular, pluralForm = `${singular}s`) {
  return `${number(n)}${NBSP}${Math.abs(n) <= 1 ? singular : pluralForm}`;
}

/** A count of things: « une manche », « trois manches » under ten, « 12 manches » from ten on. */
export function count(n, singular, pluralForm = `${singular}s`, { feminine = false } = {}) {
  if (n === 0) return `${feminine ? "aucune" : "aucun"} ${singular}`;
  if (n === 1) return `${feminine ? "une" : "un"} ${singular}`;
  return n < WORDS.length ? `${WORDS[n]} ${pluralForm}` : `${n}${NBSP}${pluralForm}`;
}

/** « Alice », « Alice et Bruno », « Alice, Bruno et Chloé ». */
export function list(items) {
  const all = [...items].map(String);
  return all.length < 2 ? all.join("") : `${all.slice(0, -1).join(", ")} et ${all[all.length - 1]}`;
}

/** « de Bruno », « d’Alice », « d’Hugo »: French elides « de » before a vowel or a mute h. */
export function de(name) {
  return VOWELS.includes(String(name).charAt(0).toLowerCase()) ? `d’${name}` : `de ${name}`;
}
