// « Jouer une manche »'s keeping: the session state in the tab (so a reload does not lose the
// game) and a round as a file the reader saves or loads. What is in them is the engine's; this
// module only stores and reads text.

import { offerFile } from "./dom.js";

// sessionStorage, not localStorage: the guide keeps nothing on the reader's device beyond the
// score sheet once the tab is closed.
const STORE = "sqp-jouer-v1";

/** Keep the session state Python gave (null forgets it). */
export function keep(value) {
  try {
    if (value) sessionStorage.setItem(STORE, JSON.stringify(value));
    else sessionStorage.removeItem(STORE);
  } catch {
    // No storage (private browsing): the game still works until the page is closed.
  }
}

/** The session state kept in this tab, or null. */
export function kept() {
  try {
    return JSON.parse(sessionStorage.getItem(STORE));
  } catch {
    return null;
  }
}

/** Offer a round the engine exported as a JSON file to download. */
export function download(data, name) {
  offerFile(JSON.stringify(data, null, 1) + "\n", name, "application/json");
}

/** A file the reader chose, read as JSON; null when it is not JSON (the engine then says why). */
export async function readJson(file) {
  try {
    return JSON.parse(await file.text());
  } catch {
    return null;
  }
}
