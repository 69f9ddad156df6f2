// « Revoir la manche »: the round's steps one at a time, with the examples' own controls
// (controls.js StepControls): Début / Précédent / Suivant / Fin, the slider, the arrow keys,
// steps counted from 0. The steps' markup is the engine's.

import { StepAnnouncer, StepControls } from "./controls.js";
import { el } from "./dom.js";
import { WORDS, say } from "./mots.js";

const T = WORDS.play;

/** Show `steps` (round `round`) in `ui.review`, announcing each one moved to in `ui.live`;
 *  the bar is a copy of the build's <template id="jouer-commandes"> in `root`. */
export function showReview(ui, root, round, steps) {
  const title = el("h3", { tabindex: "-1" }, say(T.review_title, { n: round }));
  const stage = el("div", { class: "etape jouer-revoir-etape" });
  const bar = root.querySelector("template#jouer-commandes").content.firstElementChild.cloneNode(true);
  const announcer = new StepAnnouncer(ui.live);
  const controls = new StepControls({ bar, label: T.review_nav, onMove: (action, index, held) => go(index, true, held) });
  controls.show();
  const go = (index, announce, held) => {
    const step = steps[index];
    stage.innerHTML = step.html; // markup drawn by the engine
    stage.dataset.step = String(index);
    stage.dataset.kind = step.kind;
    controls.update(index, steps.length);
    if (announce) announcer.say(step.text, held);
  };
  // A new box each time: the keys of an earlier review must not reach this one.
  const box = el("div", { class: "jouer-revoir-joueur" });
  box.append(title, controls.bar, stage);
  controls.listen(box);
  ui.review.replaceChildren(box);
  ui.review.hidden = false;
  go(0, false);
  title.focus({ preventScroll: true });
  ui.review.scrollIntoView({ block: "start", behavior: "instant" }); // the step, not just its title
}
