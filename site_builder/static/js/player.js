// The page script of every page with a worked example: starts its players (example-player.js).
//
// Loaded `async`, so it does not hold back the end of parsing: the browser then marks the step a
// link names as `:target` before the player's modules arrive, and player.css shows that step from
// the first paint (a deferred script would make Chromium wait for it before marking the step, and
// paint step 0 first). It may run before parsing ends: the players start once the page is whole.
import { start } from "./example-player.js";

if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start, { once: true });
else start();
