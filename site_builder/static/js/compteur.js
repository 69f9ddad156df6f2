// « Compteur »: a score sheet for a real game around a table. Plain JavaScript, no Pyodide.
//
// It holds no rule of play: the heads of each card come from js/tetes.json, written by the
// build from game.classic.cards.HEADS (site_builder/tools_assets.py). Its arithmetic (totals,
// the end of the game the players chose, RULES §1: 66, « plus de », fixed rounds) is
// compteur-calcul.js's; this module keeps the sheet in localStorage, draws it and takes the
// reader's entries. Names are text: they are only ever set with textContent.
//
// Storage is shared by every tab of the guide: a change made in another tab is taken in (the
// `storage` event), and an action is never applied over a sheet this tab has not seen. What is
// read is checked (compteur-feuille.js); every write also refreshes a backup of the sheet, which
// a « Nouvelle partie » leaves untouched, so a wiped or damaged sheet can be restored.

import { best, csv, endRule, gameOver, parseCount, parseHeads, totals } from "./compteur-calcul.js";
import { NAME_MAX, damaged, readSheet, sameSheet, variantOf } from "./compteur-feuille.js";
import { fillEntry, sheetTable } from "./compteur-vue.js";
import { el, offerFile, reveal } from "./dom.js";
import { keepForOffline } from "./hors-ligne.js";
import { NOUNS, WORDS, count, grouped, list, say } from "./mots.js";

const STORE = "sqp-compteur-v1";
const BACKUP = "sqp-compteur-v1-sauvegarde";

const T = WORDS.sheet;

const root = document.querySelector("[data-compteur]");
let rules = null; // js/tetes.json as the engine exports it: heads[card], total, variants (no rule here)
let heads = null; // rules.heads
let sheet = null; // {players: [name], rounds: [[heads per player]], target, strict, fixed, bga, specials}
let seen = null; // the stored text this tab last read or wrote
let notice = ""; // what the page says about the stored sheet (damaged, restored)
let backupFrozen = false; // the stored sheet was damaged: the backup keeps the last good one
let confirming = false;
let correcting = null; // the index of the round the entry form is correcting, null for a new round

// --- the stored sheet --------------------------------------------------------------------------

function readStored(key) {
  try {
    return localStorage.getItem(key);
  } catch {
    return null; // storage disabled: the sheet lives for this visit only
  }
}

/** The backup, when it is a clean sheet different from the one shown: offered for restoring. */
function backupOffer() {
  const raw = readStored(BACKUP);
  if (raw === null) return null;
  const { sheet: saved, problems } = readSheet(raw, rules);
  if (damaged(problems) || sameSheet(saved, sheet) || (!saved.rounds.length && !saved.players.length)) return null;
  return saved;
}

function store({ backup = true } = {}) {
  const text = JSON.stringify(sheet);
  try {
    localStorage.setItem(STORE, text);
    if (backup && !backupFrozen) localStorage.setItem(BACKUP, text);
  } catch {
    // Private browsing without storage: the sheet still works for this visit.
  }
  seen = text;
}

function repairNotice(problems) {
  if (problems.unreadable) return T.unreadable;
  const parts = [];
  if (problems.rounds) parts.push(problems.rounds === 1 ? T.bad_round_stored : say(T.bad_rounds_stored, { rounds: count(problems.rounds, NOUNS.round) }));
  if (problems.numbers) parts.push(problems.numbers === 1 ? T.text_number : say(T.text_numbers, { numbers: count(problems.numbers, NOUNS.number) }));
  if (problems.names) parts.push(problems.names === 1 ? T.bad_name : say(T.bad_names, { names: count(problems.names, NOUNS.first_name) }));
  if (problems.settings) parts.push(problems.settings === 1 ? T.bad_setting : say(T.bad_settings, { settings: count(problems.settings, NOUNS.setting) }));
  return parts.length ? say(T.damaged, { parts: parts.join(T.damaged_joint) }) : "";
}

/** Take in what storage holds now (at start, or another tab wrote it). A damaged sheet is
 *  repaired for display, said so, and the backup is frozen so the last good sheet stays
 *  restorable; an unreadable or removed one leaves this tab's sheet on screen. */
function adopt({ first = false, message = "" } = {}) {
  const raw = readStored(STORE);
  const { sheet: stored, problems } = readSheet(raw, rules);
  seen = raw;
  notice = repairNotice(problems);
  if (damaged(problems)) backupFrozen = true;
  if (first || (raw !== null && !problems.unreadable)) sheet = stored;
  confirming = false;
  if (first) return;
  render({ keepTyped: true });
  if (message) ui.live.textContent = message;
}

/** The sheet reads back as it is: storing it loses nothing on the next visit. */
function readsBack(candidate) {
  const { sheet: again, problems } = readSheet(JSON.stringify(candidate), rules);
  return !damaged(problems) && sameSheet(again, candidate);
}

/** Apply `change` to the sheet only if storage still holds what this tab last saw; otherwise
 *  take in the newer sheet, say so, and let the reader decide again. A change after which the
 *  sheet would not read back whole is undone and said (the actions refuse those they foresee,
 *  with their reason: this is the net under them). */
function update(change, message, options) {
  const now = readStored(STORE);
  if (now !== seen && now !== null) {
    adopt();
    if (!notice) notice = T.conflict;
    render({ keepTyped: true });
    ui.live.textContent = T.conflict;
    return false;
  }
  const before = JSON.stringify(sheet);
  change();
  if (!readsBack(sheet)) {
    sheet = JSON.parse(before);
    render({ keepTyped: true });
    ui.live.textContent = T.not_kept;
    return false;
  }
  notice = "";
  save(message, options);
  return true;
}

// --- what the rules say of this sheet (js/tetes.json, through compteur-calcul.js) ------------------

function variant() {
  return variantOf(rules, sheet.specials);
}

function playersMax() {
  return variant().players.max;
}

/** Enough players to start a sheet: the rules' minimum. */
function enoughPlayers() {
  return sheet.players.length >= variant().players.min;
}

// --- drawing the tool ----------------------------------------------------------------------------

const ui = {};

/** Take the tool's markup the build wrote (templates/blocks/compteur.html: what a reader with no
 *  sheet yet sees, so nothing moves when this script starts) and wire it to the sheet. */
function build() {
  const find = (selector) => root.querySelector(selector);
  ui.tool = find(".compteur-outil");
  ui.live = find(".compteur-annonce");
  // What the page says about the stored sheet, with the way back to the backup.
  ui.noticeBox = find(".compteur-avis");
  ui.notice = find(".compteur-avis-texte");
  ui.restore = find(".compteur-restaurer");
  ui.restore.addEventListener("click", restoreBackup);

  // Players.
  ui.names = find(".compteur-noms");
  ui.addForm = find(".compteur-ajout");
  ui.playersFixed = find(".compteur-fixes");
  const nameInput = find("#compteur-nom");
  ui.nameInput = nameInput;
  nameInput.maxLength = NAME_MAX * 2 + 10; // UTF-16 units: an emoji is two, a name counts it once
  ui.nameError = find("#compteur-nom-erreur");
  find(".compteur-ajout").addEventListener("submit", (event) => {
    event.preventDefault();
    addPlayer(nameInput);
  });

  // Options.
  const target = find("#compteur-seuil");
  const targetError = find("#compteur-seuil-erreur");
  target.addEventListener("change", () => {
    const { target: usual, target_max: max } = variantOf(rules, false).end;
    const value = parseCount(target.value, 1, max);
    targetError.textContent = value === null ? say(T.bad_target, { usual, max: grouped(max) }) : "";
    if (value === null) return;
    if (value !== sheet.target) update(() => { sheet.target = value; });
  });
  const fixed = find("#compteur-manches");
  const fixedError = find("#compteur-manches-erreur");
  fixed.addEventListener("change", () => {
    const max = variantOf(rules, false).end.rounds_max;
    const value = fixed.value.trim() === "" ? 0 : parseCount(fixed.value, 1, max);
    fixedError.textContent = value === null ? say(T.bad_rounds, { max: grouped(max) }) : "";
    if (value === null) return;
    if ((value || null) !== sheet.fixed) update(() => { sheet.fixed = value || null; });
  });
  const [strict, bga, specials] = ["strict", "bga", "speciales"].map((id) => find(`#compteur-${id}`));
  const specialsError = find("#compteur-speciales-erreur");
  for (const [box, key] of [[strict, "strict"], [bga, "bga"], [specials, "specials"]]) {
    box.addEventListener("change", () => {
      const value = box.checked;
      if (box === specials) {
        specialsError.textContent = specialsRefusal(value);
        if (specialsError.textContent) {
          box.checked = !value;
          return;
        }
      }
      update(() => { sheet[key] = value; });
    });
  }
  ui.options = { target, targetError, strict, fixed, fixedError, bga, specials, specialsError };

  // The sheet.
  ui.sheetBox = find(".compteur-feuille-cadre");
  ui.verdict = find(".compteur-verdict");
  ui.entry = find(".compteur-saisie");
  ui.entry.addEventListener("submit", (event) => {
    event.preventDefault();
    if (correcting === null) addRound();
    else correctRound();
  });
  const dropCorrection = () => stopCorrecting(say(T.correction_dropped, { n: correcting + 1 }));
  ui.entry.addEventListener("click", (event) => {
    if (event.target.closest("[data-action=renoncer-correction]")) dropCorrection();
  });
  ui.entry.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && correcting !== null) dropCorrection();
  });
  ui.correctHint = find(".compteur-corriger-aide");
  ui.sheetBox.addEventListener("click", (event) => {
    const open = event.target.closest("button[data-manche]");
    if (open) startCorrecting(Number(open.dataset.manche));
  });
  const action = (name, act) => {
    const button = find(`[data-action="${name}"]`);
    button.addEventListener("click", act);
    return button;
  };
  ui.undo = action("annuler-manche", undoRound);
  ui.csv = action("csv", () => offerFile(csv(sheet), "6-qui-prend-scores.csv", "text/csv;charset=utf-8"));
  ui.fresh = action("nouvelle-partie", freshGame);
  ui.cancel = action("renoncer", () => {
    confirming = false;
    render();
  });
}

function render({ keepTyped = false } = {}) {
  // The notice about the stored sheet, and the backup when there is one to go back to.
  const saved = backupOffer();
  ui.notice.textContent = notice;
  ui.notice.hidden = !notice;
  ui.restore.hidden = !saved;
  if (saved) ui.restore.textContent = say(T.restore, { rounds: count(saved.rounds.length, NOUNS.round) });
  ui.noticeBox.hidden = !notice && !saved;
  syncOptions();

  // Players.
  ui.names.replaceChildren();
  sheet.players.forEach((name, i) => {
    const item = el("li");
    item.append(el("span", { class: "compteur-nom" }, name));
    if (!sheet.rounds.length) {
      const remove = el("button", { type: "button", class: "compteur-retirer" }, "×");
      remove.setAttribute("aria-label", say(T.remove, { name }));
      remove.addEventListener("click", () => {
        if (update(() => { sheet.players.splice(i, 1); })) ui.nameInput.focus();
      });
      item.append(" ", remove);
    }
    ui.names.append(item);
  });
  // The players are those of the rounds played: they change only with a new game.
  ui.addForm.hidden = sheet.rounds.length > 0;
  ui.playersFixed.hidden = !sheet.rounds.length;

  const sums = totals(sheet);
  const over = gameOver(sheet, rules, sums);
  const leaders = sheet.players.length && sheet.rounds.length ? best(sheet, rules, sums) : [];
  if (correcting !== null && correcting >= sheet.rounds.length) correcting = null; // removed meanwhile
  ui.sheetBox.replaceChildren(sheetTable(sheet, { sums, leaders, over, correcting, end: endRule(sheet, rules) }));
  ui.sheetBox.hidden = !enoughPlayers();
  ui.correctHint.hidden = !sheet.rounds.length;

  // Verdict.
  if (!enoughPlayers()) ui.verdict.textContent = say(T.no_players, { players: count(variant().players.min, NOUNS.player) });
  else if (!sheet.rounds.length) ui.verdict.textContent = "";
  else if (over) ui.verdict.textContent = say(leaders.length === 1 ? T.over_one : T.over_many, { rounds: count(sheet.rounds.length, NOUNS.round), name: leaders[0], names: list(leaders) });
  else ui.verdict.textContent = say(leaders.length === 1 ? T.leads_one : T.leads_many, { name: leaders[0], names: list(leaders) });
  ui.verdict.classList.toggle("fini", over);
  root.dataset.etat = over ? "fini" : "en-cours";

  const closed = !enoughPlayers() || (over && correcting === null);
  ui.roundError = fillEntry(ui.entry, sheet, heads, { closed, keepTyped, correcting });
  ui.undo.disabled = !sheet.rounds.length;
  ui.csv.disabled = !enoughPlayers();
  ui.fresh.textContent = confirming ? T.fresh_confirm : T.fresh;
  ui.cancel.hidden = !confirming;
}

// --- actions ------------------------------------------------------------------------------------

function save(message, options) {
  store(options);
  render();
  if (message) ui.live.textContent = message;
}

/** Option fields follow the sheet (it may come from another tab or from the backup). */
function syncOptions() {
  const o = ui.options;
  if (document.activeElement !== o.target && !o.targetError.textContent) o.target.value = String(sheet.target);
  if (document.activeElement !== o.fixed && !o.fixedError.textContent) o.fixed.value = sheet.fixed ? String(sheet.fixed) : "";
  o.strict.checked = sheet.strict;
  o.bga.checked = sheet.bga;
  o.specials.checked = sheet.specials;
}

function restoreBackup() {
  const saved = backupOffer();
  if (!saved) return;
  sheet = saved;
  confirming = false;
  correcting = null;
  backupFrozen = false;
  notice = say(T.restored, { rounds: count(saved.rounds.length, NOUNS.round) });
  store();
  render();
  ui.live.textContent = notice;
}

/** Why the special cards cannot be switched `on` (or off) for this sheet; "" when they can. */
function specialsRefusal(on) {
  const most = variantOf(rules, on).players.max;
  if (sheet.players.length > most) return say(on ? T.too_many_players_specials : T.too_many_players, { n: most });
  if (!variantOf(rules, on).negative_scores && sheet.rounds.some((round) => round.some((v) => v < 0))) {
    return T.negative_rounds;
  }
  return "";
}

function addPlayer(input) {
  const name = input.value.replace(/\s+/g, " ").trim();
  let error = "";
  if (!name) error = T.empty_name;
  else if (sheet.rounds.length) error = T.players_fixed;
  else if ([...name].length > NAME_MAX) error = say(T.long_name, { max: NAME_MAX });
  else if (sheet.players.some((p) => p.toLowerCase() === name.toLowerCase())) error = say(T.same_name, { name });
  else if (sheet.players.length >= playersMax()) error = say(sheet.specials ? T.too_many_players_specials : T.too_many_players, { n: playersMax() });
  ui.nameError.textContent = error;
  if (error) return;
  if (!update(() => { sheet.players.push(name); })) return;
  input.value = "";
  input.focus();
}

/** The round typed in the entry form, checked; null (the errors said by the fields) when it is
 *  refused. */
function typedRound() {
  const inputs = [...ui.entry.querySelectorAll("input[data-joueur]")];
  if (!inputs.length) return null; // the game is over, or too few players: no round to add
  if (inputs.every((input) => !input.value.trim())) {
    ui.roundError.textContent = T.empty_round;
    inputs[0].focus();
    return null;
  }
  const values = [];
  let bad = false;
  for (const input of inputs) {
    const result = parseHeads(input.value, rules, sheet.specials);
    const spot = document.getElementById(input.getAttribute("aria-describedby"));
    spot.textContent = result.error || "";
    input.setAttribute("aria-invalid", result.error ? "true" : "false");
    if (result.error) bad = true;
    values.push(result.value);
  }
  ui.roundError.textContent = "";
  if (bad) return null;
  const sum = values.reduce((a, b) => a + b, 0);
  if (sum > rules.total) {
    ui.roundError.textContent = say(T.round_too_many, { sum, total: rules.total });
    return null;
  }
  return values;
}

function addRound() {
  const values = typedRound();
  if (!values) return;
  if (!update(() => { sheet.rounds.push(values); confirming = false; }, say(T.added, { n: sheet.rounds.length + 1 }))) return;
  const first = ui.entry.querySelector("input[data-joueur]");
  if (first) {
    first.focus();
  } else { // the game is over: the verdict is said and takes the focus the form had
    ui.live.textContent += " " + ui.verdict.textContent;
    ui.verdict.focus();
  }
}

/** Open round `r` in the entry form, filled with what it holds. */
function startCorrecting(r) {
  correcting = r;
  confirming = false;
  render();
  ui.entry.querySelector("input[data-joueur]").focus();
}

/** Back to a new round's form; the focus goes back to the number of the round left. */
function stopCorrecting(message) {
  const r = correcting;
  correcting = null;
  render();
  ui.live.textContent = message;
  const open = ui.sheetBox.querySelector(`button[data-manche="${r}"]`);
  if (open) open.focus();
}

/** Replace the round being corrected by what is typed; the standings it changes are said. */
function correctRound() {
  const values = typedRound();
  if (!values) return;
  const r = correcting;
  if (!update(() => { sheet.rounds[r] = values; })) return;
  stopCorrecting(`${say(T.corrected, { n: r + 1 })} ${ui.verdict.textContent}`);
}

function undoRound() {
  if (!sheet.rounds.length) return;
  const n = sheet.rounds.length;
  update(() => { sheet.rounds.pop(); }, say(T.removed, { n }));
}

function freshGame() {
  if (!confirming && sheet.rounds.length) {
    confirming = true;
    render();
    return;
  }
  confirming = false;
  // The backup keeps the finished sheet: « Restaurer » brings it back.
  update(() => { sheet = { ...sheet, rounds: [] }; }, T.fresh_done, { backup: false });
}

/** The rules the engine exported for the tools; null when they cannot be read. */
async function loadRules() {
  try {
    const response = await fetch(new URL("./tetes.json", import.meta.url));
    if (!response.ok) throw new Error(String(response.status));
    const data = await response.json();
    if (!Array.isArray(data.heads) || !data.variants || !data.variants.classic || !data.variants.speciales) {
      throw new Error("js/tetes.json: not the rules the tools expect");
    }
    return data;
  } catch (error) {
    console.error("compteur:", error);
    return null;
  }
}

if (root) {
  // The rules first: they bound what a stored round may hold (171 heads in the deck), and the
  // sheet holds no copy of them. Without them the page says so; the blank sheet still prints.
  loadRules().then((data) => {
    if (!data) {
      root.replaceChildren(el("p", { class: "compteur-erreur", role: "alert" }, T.no_rules));
      root.dataset.pret = "echec";
      return;
    }
    rules = data;
    heads = data.heads;
    adopt({ first: true });
    build();
    render();
    reveal(ui.tool);
    root.dataset.pret = "oui";
    window.addEventListener("storage", (event) => {
      if (event.storageArea !== localStorage) return;
      if (event.key === STORE || event.key === null) adopt({ message: T.other_tab });
      else if (event.key === BACKUP) render({ keepTyped: true });
    });
  });
  keepForOffline({ files: ["js/compteur-calcul.js", "js/compteur-feuille.js", "js/compteur-vue.js", "js/dom.js", "js/mots.js", "js/mots-data.js", "js/tetes.json"] }); // the sheet works offline after one visit
}
