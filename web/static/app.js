// app.js: the page at GET /. It offers every game GET /games lists, with the
// options each describes, and plays it against the engine or as an analysis
// board: POST /position gives the board, the legal moves and the result
// after every move, POST /move as a stream the engine's move with its live
// progress, POST /move with analysis the markers drawn on the board. It
// knows no game's rules; each game is drawn on its kind of board (board.js).
// Its state is in `page`; advance() is the one loop that moves a game on,
// and a newer call cancels an older one.
//
// The game lives in the address's fragment (url.js), so that a link shares
// it, a reload keeps it, and Back and Forward step through it.
//
// For tests and scripts, <body data-state> says what the page is doing:
// loading, thinking (the engine searches), analysing, ready (a move may be
// played, or the position is shown), over, editing (a position is being
// set up), or error (a message is shown).

import * as api from "./movesvc.js";
import { Board } from "./board.js";
import { orient, compact, signed, describe } from "./score.js";
import * as panel from "./panel.js";
import { showMoves } from "./movelist.js";
import { readPlace, fragment, save } from "./url.js";
import { parsePosition, movesTo, cycle } from "./setup.js";
import { curlCommand, copyText } from "./curl.js";
import { pgn } from "./pgn.js";

/** @typedef {import("./movesvc.js").Game} Game */
/** @typedef {import("./movesvc.js").Move} Move */
/** @typedef {import("./movesvc.js").Position} Position */
/** @typedef {import("./movesvc.js").AnalysisEntry} AnalysisEntry */
/** @typedef {import("./boards.js").Marker} Marker */
/** @typedef {import("./boards.js").BoardKind} BoardKind */

/**
 * useTime: with a time per move the player set, ask the engine to use it
 * ("use_time": true: think until the deadline, to the game's deepest
 * depth) instead of stopping at the game's default depth.
 */
const useTime = true;

const page = {
  /** @type {Game[]} */
  games: [],
  /** @type {Game|null} */
  game: null,
  /** @type {BoardKind|null} */
  kind: null,
  /** @type {string[]} the moves of the game, in notation */
  moves: [],
  /** how many of the moves the board shows */
  ply: 0,
  /** how many of the moves only set a position up */
  setup: 0,
  /** @type {Position|null} the position shown */
  position: null,
  /** @type {Marker[]} */
  markers: [],
  /** @type {Move|null} */
  thinking: null,
  /** @type {import("./score.js").Eval|null} the shown position's value, for the viewer */
  evaluation: null,
  /** @type {string[][]|null} the board being set up */
  editing: null,
  /** @type {"x"|"o"} the side that moves first from the start position (a FEN's) */
  first: "x",
  /** @type {{sans: string[], start: import("./pgn.js").Start}|null} the moves in SAN, for chess */
  san: null,
  /** @type {AbortController} cancels the requests of the current advance */
  controller: new AbortController(),
  generation: 0,
};

/** @param {string} id */
const $ = (id) => /** @type {HTMLElement} */ (document.getElementById(id));
const board = new Board($("board"), { pick, edit });
const form = /** @type {HTMLFormElement} */ ($("setup"));
const gameSelect = /** @type {HTMLSelectElement} */ ($("game"));
const sideSelect = /** @type {HTMLSelectElement} */ ($("side"));
const levelSelect = /** @type {HTMLSelectElement} */ ($("level"));
const timeoutInput = /** @type {HTMLInputElement} */ ($("timeout"));
const depthInput = /** @type {HTMLInputElement} */ ($("depth"));
const analysisBox = /** @type {HTMLInputElement} */ ($("analysis"));
const settings = /** @type {HTMLDetailsElement} */ ($("settings"));
/** The start position pasted (a FEN, a Kalah position, a GNU Backgammon ID), "" for the game's own; the address keeps it as fen or position. */
const startFen = /** @type {HTMLInputElement} */ ($("start-fen"));

for (let level = 10; level >= 1; level--) {
  levelSelect.add(new Option(level === 10 ? "10, full strength" : String(level), String(level)));
}
settings.open = matchMedia("(min-width: 56rem)").matches;
form.addEventListener("submit", (e) => { e.preventDefault(); newGame(); });
gameSelect.addEventListener("change", async () => { await chooseGame(); newGame(); });
sideSelect.addEventListener("change", () => { saveURL(true); advance(); });
$("options").addEventListener("change", newGame);
analysisBox.addEventListener("change", toggleAnalysis);
for (const field of [levelSelect, timeoutInput, depthInput]) field.addEventListener("change", () => saveURL(false));
$("new").addEventListener("click", newGame);
$("undo").addEventListener("click", undo);
$("continue").addEventListener("click", playOn);
$("copy-curl").addEventListener("click", copyCurl);
$("copy-fen").addEventListener("click", async () => {
  $("notation-note").textContent = (await copyText(/** @type {HTMLInputElement} */ ($("fen-out")).value)) ? "FEN copied." : "Select the FEN to copy it.";
});
$("copy-pgn").addEventListener("click", copyPGN);
$("load").addEventListener("click", loadPasted);
$("setup-start").addEventListener("click", startSetup);
$("setup-done").addEventListener("click", finishSetup);
$("setup-clear").addEventListener("click", () => { page.editing = page.editing?.map((r) => r.map(() => ".")) ?? null; draw(); });
$("setup-cancel").addEventListener("click", () => { page.editing = null; showEditing(); advance(); });
addEventListener("popstate", () => restore(false));
start();

/** start loads the games and opens the game of the address. */
async function start() {
  setState("loading");
  try {
    page.games = await api.games();
  } catch (err) {
    fail(err, start);
    return;
  }
  gameSelect.replaceChildren(...page.games.map((g) => new Option(g.title, g.name)));
  await restore(true);
}

/**
 * restore sets the page up from the address: the game and settings, then
 * the moves and the move shown, and moves the game on from there.
 * @param {boolean} first whether this is the page's first start
 */
async function restore(first) {
  const params = new URLSearchParams(location.hash.slice(1));
  const wanted = params.get("game");
  const changed = first || (wanted !== null && wanted !== gameSelect.value);
  if (wanted && page.games.some((g) => g.name === wanted)) gameSelect.value = wanted;
  if (changed) await chooseGame();
  resetSettings();
  for (const [name, value] of params) {
    // Links made before the start's field took its game's name say fen.
    if (name === "fen" && startFen.name !== "fen") {
      startFen.value = value;
      continue;
    }
    const field = form.elements.namedItem(name);
    if (!(field instanceof HTMLInputElement || field instanceof HTMLSelectElement) || name === "game") continue;
    if (field instanceof HTMLInputElement && field.type === "checkbox") field.checked = value === "1";
    else field.value = value;
  }
  const place = readPlace(params);
  page.moves = place.moves;
  page.ply = place.ply;
  page.setup = place.setup;
  page.editing = null;
  page.evaluation = null;
  showEditing();
  saveURL(false);
  advance();
}

/**
 * resetSettings gives every setting its default, which the address then
 * overrides: its fragment names only what it sets.
 */
function resetSettings() {
  sideSelect.value = "x";
  levelSelect.value = "10";
  timeoutInput.value = "";
  depthInput.value = "";
  analysisBox.checked = false;
  startFen.value = "";
  for (const field of $("options").querySelectorAll("select, input")) {
    const f = /** @type {HTMLInputElement} */ (field);
    const schema = page.game?.option_schemas?.[f.name];
    f.value = schema?.default === undefined ? "" : String(schema.default);
  }
}

/** currentSettings returns the form's settings as the fragment keeps them. */
function currentSettings() {
  const out = new URLSearchParams();
  for (const el of form.elements) {
    const field = /** @type {HTMLInputElement} */ (el);
    if (!field.name) continue;
    if (field.type === "checkbox") out.set(field.name, field.checked ? "1" : "0");
    else if (field.value !== "") out.set(field.name, field.value);
  }
  return out;
}

/**
 * saveURL writes the game into the address: as a new history entry
 * (push) or in place of the current one.
 * @param {boolean} push
 */
function saveURL(push) {
  save(fragment(currentSettings(), { moves: page.moves, ply: page.ply, setup: page.setup }), push);
}

/** chooseGame shows the chosen game's options and limits, on its kind of board. */
async function chooseGame() {
  const game = page.games.find((g) => g.name === gameSelect.value) ?? page.games[0];
  page.game = game;
  // The address names a pasted start by the request field it becomes:
  // fen for chess, position for a game with a notation of its own.
  startFen.name = game.position === "fen" ? "fen" : "position";
  page.kind = await board.use(game);
  const fields = (game.options ?? []).map((name) => optionField(name, game.option_schemas?.[name]));
  $("options").replaceChildren(...fields);
  timeoutInput.max = String(game.max_timeout_ms);
  timeoutInput.value = "";
  timeoutInput.placeholder = `default ${game.default_timeout_ms}`;
  depthInput.max = String(game.max_depth);
  depthInput.value = "";
  depthInput.placeholder = `default ${game.default_depth}`;
  const names = page.kind.sides;
  const piece = (/** @type {"x"|"o"} */ s) => names[s].toLowerCase() === s ? s : `${s} (${names[s]})`;
  const labels = { x: `${piece("x")}, moving first`, o: `${piece("o")}, the engine moves first`, both: "both sides (analysis board)" };
  for (const option of sideSelect.options) option.text = labels[/** @type {"x"|"o"|"both"} */ (option.value)];
  $("setup-start").hidden = !page.kind.editable;
}

/**
 * optionField is the form field of one game option, from its schema: a
 * choice among its values, or a number input for a wide range.
 * @param {string} name
 * @param {import("./movesvc.js").OptionSchema|undefined} schema
 */
function optionField(name, schema) {
  const label = document.createElement("label");
  label.append(name[0].toUpperCase() + name.slice(1) + " ");
  /** @type {HTMLSelectElement|HTMLInputElement} */
  let field;
  const { minimum: lo, maximum: hi } = schema ?? {};
  if (schema?.enum || (lo !== undefined && hi !== undefined && hi - lo <= 30)) {
    const select = document.createElement("select");
    const values = schema.enum ?? Array.from({ length: hi - lo + 1 }, (_, i) => String(lo + i));
    select.append(...values.map((v) => new Option(v, v)));
    field = select;
  } else {
    const input = document.createElement("input");
    input.type = schema?.type === "integer" ? "number" : "text";
    if (lo !== undefined) input.min = String(lo);
    if (hi !== undefined) input.max = String(hi);
    field = input;
  }
  field.id = `option-${name}`;
  field.name = name;
  field.dataset.type = schema?.type ?? "string";
  if (schema?.default !== undefined) field.value = String(schema.default);
  if (schema?.description) label.title = schema.description;
  label.append(field);
  return label;
}

/** newGame starts the chosen game from the empty board. */
function newGame() {
  startFen.value = "";
  page.moves = [];
  page.ply = 0;
  page.setup = 0;
  page.editing = null;
  page.evaluation = null;
  showEditing();
  saveURL(true);
  panel.setState("idle", "Idle.");
  advance();
}

/** undo takes back the last move shown, and the engine's reply to it. */
function undo() {
  if (page.ply === 0) return;
  page.moves = page.moves.slice(0, page.ply - 1);
  const side = sideSelect.value;
  while (side !== "both" && page.moves.length > 0 && sideAfter(page.moves) !== side) page.moves.pop();
  page.ply = page.moves.length;
  page.setup = Math.min(page.setup, page.ply);
  page.evaluation = null;
  panel.setState("idle", "Idle.");
  saveURL(true);
  advance();
}

/**
 * go shows the position after n moves of the game.
 * @param {number} n
 */
function go(n) {
  if (n === page.ply) return;
  page.ply = n;
  page.evaluation = null;
  panel.setState("idle", n === page.moves.length ? "Idle." : `Showing move ${n} of ${page.moves.length}.`);
  saveURL(true);
  advance();
}

/** playOn drops the moves after the one shown and lets the engine move there. */
function playOn() {
  page.moves = page.moves.slice(0, page.ply);
  saveURL(true);
  advance();
}

/**
 * pick plays the player's move, when it is the player's turn; a move in a
 * position before the last starts a new line from there.
 * @param {Move} move
 */
function pick(move) {
  if (!playersTurn()) return;
  page.moves = [...page.moves.slice(0, page.ply), move.notation];
  page.ply = page.moves.length;
  page.setup = Math.min(page.setup, page.ply - 1);
  saveURL(true);
  advance();
}

/**
 * advance moves the game on from the moves shown: the position, then the
 * engine's move while it is the engine's turn at the end of the game, then
 * the analysis for the player. A later call cancels an earlier one.
 */
async function advance() {
  page.controller.abort();
  const controller = new AbortController();
  page.controller = controller;
  const generation = ++page.generation;
  const current = () => generation === page.generation;
  const { signal } = controller;
  hideAlert();
  page.markers = [];
  page.thinking = null;
  const shown = page.moves.slice(0, page.ply);
  try {
    setState("loading");
    const position = asLetters(await api.position(positionRequest(shown), { signal }));
    if (!current()) return;
    page.position = position;
    movers.set(moversKey(shown), /** @type {"x"|"o"} */ (position.to_move));
    noteSAN(shown, position);
    const san = await sansOf(page.moves, position, signal);
    if (!current()) return;
    page.san = san;
    page.first = san?.start.side ?? "x";
    const sidesOfMoves = await moversOf(page.moves, signal);
    if (!current()) return;
    showMoves(page.moves, page.ply, page.setup, go, (i) => sidesOfMoves[i] ?? toMove(i), san);
    showNotation(position);
    if (position.over) {
      page.evaluation = finalEval(position);
      panel.setEval(page.evaluation, sides());
      finish("over");
      return;
    }
    if (page.ply === page.moves.length && !playersTurn(true)) {
      if (position.chance) {
        // The engine's side may double first (backgammon's cube): its
        // decision without dice, "double" or "roll".
        if (position.view?.may_double && await engineDoubles(shown, signal)) {
          if (!current()) return;
          page.moves.push("double");
          page.ply = page.moves.length;
          saveURL(false);
          advance();
          return;
        }
        if (!current()) return;
        // The engine's side rolls: chance's move, not the engine's.
        page.moves.push(rollOf(position));
        page.ply = page.moves.length;
        saveURL(false);
        advance();
        return;
      }
      await engineMove(shown, position.to_move, signal, current);
      return;
    }
    if (analysisBox.checked && !position.chance) {
      setState("analysing");
      draw();
      const res = await api.move({ ...moveRequest(shown), analysis: true, level: undefined }, { signal });
      if (!current()) return;
      page.markers = markersOf(res.analysis ?? [], position.to_move);
      if (page.markers.length > 0) page.evaluation = orient(/** @type {AnalysisEntry[]} */ (res.analysis)[0], position.to_move, viewer());
    }
    panel.setEval(page.evaluation, sides());
    finish("ready");
  } catch (err) {
    if (!current() || /** @type {Error} */ (err).name === "AbortError") return;
    page.markers = [];
    page.thinking = null;
    panel.setState("error", "No answer: see the message above the board.");
    fail(err, advance);
  }
}

/**
 * engineMove asks the engine for its move after shown, showing its live
 * progress, then plays it and moves on.
 * @param {string[]} shown
 * @param {"x"|"o"} side the engine's side
 * @param {AbortSignal} signal
 * @param {() => boolean} current whether this advance is still the page's
 */
async function engineMove(shown, side, signal, current) {
  setState("thinking");
  panel.setState("thinking", "Thinking…");
  draw();
  let updates = 0;
  const answer = asLetters(await api.stream(moveRequest(shown), (p) => {
    if (!current()) return;
    panel.showProgress(p, ++updates, side, sides());
    page.thinking = p.move;
    draw();
  }, { signal }));
  if (!current()) return;
  panel.showAnswer(answer, updates, sides());
  page.evaluation = orient(answer, answer.to_move, viewer());
  page.moves.push(answer.move.notation);
  page.ply = page.moves.length;
  saveURL(false);
  advance();
}

/**
 * engineDoubles asks the engine whether its side doubles before its roll
 * after shown (POST /move without dice answers the cube decision).
 * @param {string[]} shown
 * @param {AbortSignal} signal
 * @returns {Promise<boolean>}
 */
async function engineDoubles(shown, signal) {
  setState("thinking");
  panel.setState("thinking", "Thinking about the cube…");
  const answer = asLetters(await api.move(moveRequest(shown), { signal }));
  return answer.move.notation === "double";
}

/**
 * rollOf rolls two dice at a chance node and returns the notation of that
 * roll among the position's legal moves (the rolls; an opening double,
 * which is none of them, is rolled again).
 * @param {Position} position
 * @returns {string}
 */
function rollOf(position) {
  for (;;) {
    const a = 1 + Math.floor(Math.random() * 6);
    const b = 1 + Math.floor(Math.random() * 6);
    const roll = `${Math.max(a, b)}${Math.min(a, b)}`;
    if (position.legal_moves.some((m) => m.notation === roll)) return roll;
  }
}

/**
 * finish draws the position and ends the loop in state.
 * @param {"ready"|"over"} state
 */
function finish(state) {
  setState(state);
  draw();
  panel.showAnalysis(page.markers, state === "ready" && playersTurn() ? playNotation : null);
  if ($("engine").dataset.state !== "answered") {
    panel.setState("idle", page.ply < page.moves.length ? `Showing move ${page.ply} of ${page.moves.length}.` : state === "over" ? "The game is over." : "Idle.");
  }
}

/**
 * playNotation plays the legal move of that notation (from the analysis list).
 * @param {string} notation
 */
function playNotation(notation) {
  const move = page.position?.legal_moves.find((m) => m.notation === notation);
  if (move) pick(move);
}

/**
 * positionRequest is the position after moves as POST /position takes it.
 * @param {string[]} moves
 */
function positionRequest(moves) {
  /** @type {import("./movesvc.js").PositionRequest} */
  const req = { game: page.game?.name ?? "", moves, ...optionValues() };
  if (startFen.value !== "" && page.game?.position === "fen") req.fen = startFen.value;
  else if (startFen.value !== "") req.position = startFen.value;
  return req;
}

/**
 * sans remembers, for the position after a list of moves (moversKey), its
 * move number, side to move and each legal move's SAN, in a game that
 * has a second notation (chess).
 * @type {Map<string, {fullmove: number, toMove: "x"|"o", san: Record<string, string>}>}
 */
const sans = new Map();

/**
 * noteSAN remembers what position, the position after moves, says of
 * its legal moves' SAN, where it gives any.
 * @param {string[]} moves
 * @param {Position} position
 */
function noteSAN(moves, position) {
  if (!position.legal_moves.some((m) => m.san)) return;
  const view = /** @type {{fullmove?: number}|undefined} */ (position.view);
  sans.set(moversKey(moves), {
    fullmove: view?.fullmove ?? 1 + Math.floor(position.ply / 2),
    toMove: /** @type {"x"|"o"} */ (position.to_move),
    san: Object.fromEntries(position.legal_moves.map((m) => [m.notation, m.san ?? m.notation])),
  });
}

/**
 * sansOf returns moves in SAN and where their numbering starts, for a game
 * whose moves have a second notation (position, the one shown, says so),
 * asking POST /position for the positions before them it does not know
 * yet; null for the other games.
 * @param {string[]} moves
 * @param {Position} position
 * @param {AbortSignal} signal
 */
async function sansOf(moves, position, signal) {
  if (!position.legal_moves.some((m) => m.san) && !position.last_move?.san) return null;
  const before = [...Array(Math.max(moves.length, 1)).keys()].map((i) => moves.slice(0, i));
  await Promise.all(before.filter((m) => !sans.has(moversKey(m))).map(async (m) => {
    noteSAN(m, asLetters(await api.position(positionRequest(m), { signal })));
  }));
  const start = sans.get(moversKey([]));
  if (!start) return null;
  return {
    sans: moves.map((n, i) => sans.get(moversKey(moves.slice(0, i)))?.san[n] ?? n),
    start: { fullmove: start.fullmove, side: start.toMove },
  };
}

/**
 * showNotation shows the position shown in the game's notation (chess's
 * FEN) to copy, and for chess the game's PGN to copy or download.
 * @param {Position} position
 */
function showNotation(position) {
  const box = $("notation");
  box.hidden = !position.position;
  if (!position.position) return;
  $("fen-label").textContent = { fen: "FEN", kalah: "Position", gnubg: "GNU Backgammon ID" }[page.game?.position ?? "fen"] ?? "Position";
  /** @type {HTMLInputElement} */ ($("fen-out")).value = position.position;
  $("copy-fen").textContent = `Copy ${page.game?.position === "fen" ? "FEN" : "position"}`;
  const text = page.san ? gamePGN() : "";
  for (const id of ["copy-pgn", "download-pgn"]) $(id).hidden = !page.san;
  $("download-pgn").setAttribute("href", `data:application/x-chess-pgn;charset=utf-8,${encodeURIComponent(text)}`);
  $("pgn").textContent = text;
}

/** gamePGN is the game's moves, all of them, as PGN. */
function gamePGN() {
  const san = /** @type {{sans: string[], start: import("./pgn.js").Start}} */ (page.san);
  const pos = page.position;
  let result = "*";
  if (pos?.over && page.ply === page.moves.length) result = pos.winner === "x" ? "1-0" : pos.winner === "o" ? "0-1" : "1/2-1/2";
  const engine = `movesvc, level ${levelSelect.value}`;
  const player = sideSelect.value;
  const name = (/** @type {string} */ s) => player === "both" ? "?" : s === player ? "Player" : engine;
  const variant = /** @type {string|undefined} */ (optionValues().variant);
  return pgn({ sans: san.sans, start: san.start, fen: startFen.value || undefined, variant, white: name("x"), black: name("o"), result, date: new Date() });
}

/** copyPGN shows the game's PGN and copies it. */
async function copyPGN() {
  const out = $("pgn");
  out.hidden = false;
  $("notation-note").textContent = (await copyText(out.textContent ?? "")) ? "PGN copied." : "Select the PGN to copy it.";
}

/**
 * moveRequest asks for the engine's move in the position after moves.
 * @param {string[]} moves
 */
function moveRequest(moves) {
  /** @type {import("./movesvc.js").MoveRequest & {use_time?: boolean}} */
  const req = { ...positionRequest(moves), level: Number(levelSelect.value) };
  if (timeoutInput.value !== "") {
    req.timeout_ms = Number(timeoutInput.value);
    if (useTime) req.use_time = true;
  }
  if (depthInput.value !== "") req.depth = Number(depthInput.value);
  return req;
}

/** optionValues reads the game's option fields, numbers as numbers. */
function optionValues() {
  /** @type {Record<string, string|number>} */
  const out = {};
  for (const field of $("options").querySelectorAll("select, input")) {
    const f = /** @type {HTMLInputElement} */ (field);
    if (f.value !== "") out[f.name] = f.dataset.type === "integer" ? Number(f.value) : f.value;
  }
  return out;
}

/**
 * movers remembers the side to move after a list of moves (moversKey) in a
 * game with extra turns, where the sides do not simply alternate.
 * @type {Map<string, "x"|"o">}
 */
const movers = new Map();

/**
 * moversKey is the key of movers for the position after moves.
 * @param {string[]} moves
 */
function moversKey(moves) {
  return JSON.stringify(positionRequest(moves));
}

/**
 * sideAfter is the side to move after moves: what POST /position said for
 * a game with extra turns (when the page asked), else the sides alternate.
 * @param {string[]} moves
 * @returns {"x"|"o"}
 */
function sideAfter(moves) {
  return (page.game?.extra_turns ? movers.get(moversKey(moves)) : undefined) ?? toMove(moves.length);
}

/**
 * moversOf returns the side that played each of moves: in a game with
 * extra turns the side to move before it, asked of POST /position where
 * the page does not know it yet; else the sides alternate.
 * @param {string[]} moves
 * @param {AbortSignal} signal
 * @returns {Promise<("x"|"o")[]>}
 */
async function moversOf(moves, signal) {
  if (page.kind?.mover && !movers.has(moversKey([]))) {
    // Who moves first in the position set up (a position ID may put o
    // on roll): the board's mover counts from there.
    const start = asLetters(await api.position(positionRequest([]), { signal }));
    movers.set(moversKey([]), /** @type {"x"|"o"} */ (start.to_move));
  }
  if (page.game?.extra_turns) {
    const missing = moves.map((_, i) => moves.slice(0, i)).filter((m) => !movers.has(moversKey(m)));
    await Promise.all(missing.map(async (m) => {
      const pos = asLetters(await api.position(positionRequest(m), { signal }));
      movers.set(moversKey(m), /** @type {"x"|"o"} */ (pos.to_move));
    }));
  }
  return moves.map((_, i) => sideAfter(moves.slice(0, i)));
}

/**
 * asLetters rewrites the sides an answer names by the game's names (GET
 * /games sides, such as "south" and "north") as the page's x and o, in
 * place, and returns it.
 * @template {{to_move?: string, winner?: string, next_to_move?: string}} T
 * @param {T} answer
 * @returns {T}
 */
function asLetters(answer) {
  const names = page.game?.sides;
  if (!names) return answer;
  const letter = (/** @type {string|undefined} */ s) => (s === names[0] ? "x" : s === names[1] ? "o" : s);
  if (answer.to_move !== undefined) answer.to_move = letter(answer.to_move);
  if (answer.winner !== undefined) answer.winner = letter(answer.winner);
  if (answer.next_to_move !== undefined) answer.next_to_move = letter(answer.next_to_move);
  return answer;
}

/**
 * toMove is the side to move after n moves: x moves first.
 * @param {number} n
 */
function toMove(n) {
  if (page.kind?.mover) return page.kind.mover(n, page.moves, movers.get(moversKey([])) ?? "x");
  return (n + (page.first === "o" ? 1 : 0)) % 2 === 0 ? "x" : "o";
}

/** viewer is the side every score is shown for: the player's, or x on an analysis board. */
function viewer() {
  return sideSelect.value === "o" ? "o" : "x";
}

/** @returns {import("./panel.js").Sides} */
function sides() {
  const names = page.kind?.sides ?? { x: "x", o: "o" };
  const player = sideSelect.value;
  const piece = (/** @type {string} */ s) => {
    const name = names[/** @type {"x"|"o"} */ (s)];
    return name.toLowerCase() === s ? s : `${s}, ${name}`;
  };
  return {
    viewer: viewer(),
    name: (s) => player === "both" ? `${s}${piece(s) === s ? "" : ` (${names[/** @type {"x"|"o"} */ (s)]})`}` :
      `${s === player ? "you" : "the engine"} (${piece(s)})`,
    short: (s) => player === "both" ? s : s === player ? "you" : "the engine",
  };
}

/**
 * playersTurn reports whether the player moves now: always on an analysis
 * board, else when the side to move is the player's. With any set, the
 * answer ignores what the page is busy with.
 * @param {boolean} [any]
 */
function playersTurn(any = false) {
  const pos = page.position;
  if (!pos || pos.over || page.editing) return false;
  const state = document.body.dataset.state;
  if (!any && state !== "ready" && state !== "analysing") return false;
  return sideSelect.value === "both" || pos.to_move === sideSelect.value;
}

/**
 * markersOf turns the analysis of the side to move into the board's
 * markers, scored for the viewer.
 * @param {AnalysisEntry[]} entries best first
 * @param {"x"|"o"} mover
 * @returns {Marker[]}
 */
function markersOf(entries, mover) {
  const s = sides();
  return entries.map((e, rank) => {
    const o = orient(e, mover, s.viewer);
    return {
      move: e.move, text: markerText(e, o, mover !== s.viewer), tone: o.outcome, rank, score: e.score, outcome: e.outcome,
      label: `${e.move.notation}: ${e.complete || !e.bounds ? describe(o, s.short(s.viewer), s.short(other(s.viewer))) : "not proved"}` +
        `${rank === 0 ? ", the best" : ""}`,
    };
  });
}

/**
 * markerText is a marker's score for the viewer: compact, or for a move the
 * deadline left unproved the bound proved ("≥2", "≤−1"), or "?".
 * @param {AnalysisEntry} e
 * @param {import("./score.js").Eval} o e for the viewer
 * @param {boolean} flipped whether the viewer is not the side to move
 */
function markerText(e, o, flipped) {
  if (!e.complete && e.bounds) {
    const lower = flipped ? -e.bounds.upper : e.bounds.lower;
    const upper = flipped ? -e.bounds.lower : e.bounds.upper;
    if (o.outcome === "win") return `≥${lower}`;
    if (o.outcome === "loss") return `≤${signed(upper)}`;
    return "?";
  }
  return compact(o.score);
}

/**
 * finalEval is the value of a finished game for the viewer.
 * @param {Position} pos
 * @returns {import("./score.js").Eval}
 */
function finalEval(pos) {
  const outcome = !pos.winner ? "draw" : pos.winner === viewer() ? "win" : "loss";
  const prev = page.evaluation;
  return { score: prev && prev.outcome === outcome ? prev.score : 0, outcome };
}

/** @param {string} side */
function other(side) {
  return side === "x" ? "o" : "x";
}

/** draw redraws the board from the page's state. */
function draw() {
  if (!page.game) return;
  const position = page.editing ? editedPosition(page.editing) : page.position;
  if (!position) return;
  board.draw({
    position,
    game: page.game,
    playable: playersTurn(),
    editing: page.editing !== null,
    thinking: page.thinking,
    markers: page.markers,
    viewer: viewer(),
  });
  $("legend").hidden = page.markers.length === 0;
  /** @type {HTMLButtonElement} */ ($("undo")).disabled = page.ply === 0;
  const reviewing = page.ply < page.moves.length && !page.editing && !!page.position && !page.position.over;
  $("continue").hidden = !(reviewing && sideSelect.value !== "both" && page.position?.to_move !== sideSelect.value);
}

/**
 * editedPosition is the board being set up, as a position with no move.
 * @param {string[][]} rows
 * @returns {Position}
 */
function editedPosition(rows) {
  const board = rows.map((r) => r.join(""));
  const stones = board.join("").replaceAll(".", "").length;
  return { game: page.game?.name ?? "", board, ply: stones, to_move: toMove(stones), over: false, legal_moves: [] };
}

/**
 * setState records what the page is doing and says it in the status line.
 * @param {"loading"|"thinking"|"analysing"|"ready"|"over"|"editing"|"error"} state
 */
function setState(state) {
  document.body.dataset.state = state;
  const status = $("status");
  const pos = page.position;
  status.dataset.over = String(state === "over");
  status.dataset.winner = state === "over" ? pos?.winner ?? "" : "";
  const s = sides();
  const mover = pos ? s.name(pos.to_move) : "";
  const reviewing = page.ply < page.moves.length;
  const at = reviewing ? `Move ${page.ply} of ${page.moves.length}: ` : "";
  switch (state) {
    case "loading":
      status.textContent = "Loading…";
      break;
    case "thinking":
      status.textContent = `${capital(mover)} is thinking…`;
      break;
    case "analysing":
      status.textContent = `${at}${capital(mover)} to move. Analysing…`;
      break;
    case "ready": {
      const engineToMove = reviewing && sideSelect.value !== "both" && pos?.to_move !== sideSelect.value;
      status.textContent = `${at}${capital(mover)} to move.${engineToMove ? " Continue plays on from here." : ""}`;
      break;
    }
    case "over": {
      const who = !pos?.winner ? "" : sideSelect.value === "both" ? "" : pos.winner === sideSelect.value ? " You win." : " The engine wins.";
      status.textContent = `${at}Game over: ${pos?.winner ? `${pos.winner} wins.${who}` : "a draw."}`;
      break;
    }
    case "editing":
      status.textContent = "Setting up: click a cell to put x, o or nothing there; Done plays from this position.";
      break;
    case "error":
      status.textContent = "Stopped: see the message.";
      break;
  }
}

/**
 * capital starts a sentence with s: "You", "The engine"; a side's name
 * ("x (black)") stays as the notation writes it.
 * @param {string} s
 */
function capital(s) {
  return s.replace(/^(you|the)\b/, (w) => w[0].toUpperCase() + w.slice(1));
}

/** toggleAnalysis shows or hides the analysis, asking for it if need be. */
function toggleAnalysis() {
  saveURL(false);
  if (analysisBox.checked) {
    if (page.position && !page.position.over && !page.editing) advance();
    return;
  }
  page.markers = [];
  panel.showAnalysis([], null);
  draw();
}

/** copyCurl shows the request for the position shown as a curl command, and copies it. */
async function copyCurl() {
  const cmd = curlCommand(location.origin, "/move", moveRequest(page.moves.slice(0, page.ply)));
  const out = $("curl");
  out.textContent = cmd;
  out.hidden = false;
  $("copy-note").textContent = (await copyText(cmd)) ? "Copied." : "Select the command to copy it.";
}

/** loadPasted plays from the position pasted into the text box. */
async function loadPasted() {
  const text = /** @type {HTMLTextAreaElement} */ ($("paste")).value;
  const note = $("paste-error");
  note.hidden = true;
  try {
    const pasted = parsePosition(text, /** @type {"cell"|"column"} */ (page.game?.placement), page.game?.position);
    if (pasted.board) {
      await playFromBoard(pasted.board);
      return;
    }
    const before = startFen.value;
    startFen.value = pasted.fen ?? "";
    let moves = pasted.moves ?? [];
    try {
      await api.position(positionRequest(moves));
      moves = await asNotations(moves);
    } catch (err) {
      startFen.value = before;
      throw err;
    }
    page.moves = moves;
    page.ply = moves.length;
    page.setup = 0;
    page.evaluation = null;
    panel.setState("idle", "Idle.");
    saveURL(true);
    advance();
  } catch (err) {
    showNote(err);
  }
}

/**
 * asNotations rewrites moves given in a game's second notation (chess's
 * SAN: "Nf3", "exd8=Q+", "0-0") in its own ("g1f3"), the one the page
 * keeps, by the legal moves POST /position lists before each.
 * @param {string[]} moves
 */
async function asNotations(moves) {
  const plain = (/** @type {string} */ s) => s.replace(/[+#!?=]/g, "").replaceAll("0", "O");
  /** @type {string[]} */
  const out = [];
  for (const m of moves) {
    const pos = await api.position(positionRequest(out));
    if (!pos.legal_moves.some((l) => l.san)) return moves;
    const legal = pos.legal_moves.find((l) => l.notation === m) ?? pos.legal_moves.find((l) => plain(l.san ?? "") === plain(m));
    out.push(legal ? legal.notation : m);
  }
  return out;
}

/** startSetup lets the player set the shown position up by clicks. */
function startSetup() {
  if (!page.position) return;
  page.controller.abort();
  page.generation++;
  page.editing = page.position.board.map((r) => [...r]);
  page.markers = [];
  page.thinking = null;
  showEditing();
  panel.setState("idle", "Idle.");
  setState("editing");
  draw();
}

/**
 * edit changes a cell of the board being set up: none, x, o, none.
 * @param {{row: number, col: number}} cell
 */
function edit(cell) {
  if (!page.editing) return;
  page.editing[cell.row][cell.col] = cycle(page.editing[cell.row][cell.col]);
  draw();
}

/** finishSetup plays from the board set up. */
async function finishSetup() {
  if (!page.editing) return;
  $("paste-error").hidden = true;
  try {
    await playFromBoard(page.editing.map((r) => r.join("")));
  } catch (err) {
    showNote(err);
  }
}

/**
 * playFromBoard finds moves that reach board (setup.js) and plays on from
 * there; the API's refusal of the board, if any, is thrown.
 * @param {string[]} rows
 */
async function playFromBoard(rows) {
  const options = optionValues();
  const game = page.game?.name ?? "";
  await api.position({ game, board: rows, ...options });
  /** @type {HTMLButtonElement} */ ($("setup-done")).disabled = true;
  try {
    const moves = await movesTo(rows, (m) => api.position({ game, moves: m, ...options }));
    page.moves = moves;
    page.ply = moves.length;
    page.setup = moves.length;
    page.editing = null;
    page.evaluation = null;
    showEditing();
    panel.setState("idle", "Idle.");
    saveURL(true);
    advance();
  } finally {
    /** @type {HTMLButtonElement} */ ($("setup-done")).disabled = false;
  }
}

/** showEditing shows the buttons of setting a position up, or of starting to. */
function showEditing() {
  const editing = page.editing !== null;
  $("setup-start").hidden = editing || !page.kind?.editable;
  for (const id of ["setup-done", "setup-clear", "setup-cancel"]) $(id).hidden = !editing;
}

/**
 * showNote shows why a pasted or set-up position was not taken.
 * @param {unknown} err
 */
function showNote(err) {
  const note = $("paste-error");
  note.textContent = describeError(err);
  note.hidden = false;
}

/**
 * describeError says what went wrong, for a message.
 * @param {unknown} err
 */
function describeError(err) {
  if (err instanceof api.MovesvcError) {
    let text = err.message;
    const details = (err.problem.errors ?? []).map((e) => `${e.location} ${e.message}`);
    if (details.length > 0) text += ` (${details.join("; ")})`;
    if (!/[.!?]$/.test(text)) text += ".";
    if (err.retryAfter !== null) text += ` The service asks to try again in ${err.retryAfter} s.`;
    if (err.status >= 500 && err.problem.request_id) text += ` Request id: ${err.problem.request_id}.`;
    return text;
  }
  if (err instanceof TypeError && /fetch|network/i.test(err.message)) return `The service could not be reached: ${err.message}.`;
  if (err instanceof Error) return err.message.charAt(0).toUpperCase() + err.message.slice(1) + (/[.!?]$/.test(err.message) ? "" : ".");
  return String(err);
}

/**
 * fail shows what went wrong, with a button that tries again.
 * @param {unknown} err
 * @param {() => void} retry
 */
function fail(err, retry) {
  $("alert-text").textContent = describeError(err);
  $("alert").hidden = false;
  $("retry").onclick = () => retry();
  setState("error");
  draw();
}

function hideAlert() {
  $("alert").hidden = true;
}
