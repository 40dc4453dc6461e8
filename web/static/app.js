// app.js: the page at GET /. It offers every game GET /games lists, with the
// options each describes, and plays it against the engine or as an analysis
// board: POST /position gives the board, the legal moves and the result
// after every move, POST /move as a stream the engine's move with its live
// progress, POST /move with analysis the markers drawn on the board. It
// knows no game's rules. Its state is in `page`; advance() is the one loop
// that moves a game on, and a newer call cancels an older one.
//
// The settings live in the address's fragment as well, so that a link or a
// reload keeps them: #game=gomoku&size=9&side=o&level=3&analysis=1 (the
// names of the form's fields and of the game's options).
//
// For tests and scripts, <body data-state> says what the page is doing:
// loading, thinking (the engine searches), analysing, ready (your move),
// over, or error (a message is shown).

import * as api from "./movesvc.js";
import { Board, signed } from "./board.js";

/** @typedef {import("./movesvc.js").Game} Game */
/** @typedef {import("./movesvc.js").Move} Move */
/** @typedef {import("./movesvc.js").Progress} Progress */
/** @typedef {import("./movesvc.js").MoveResponse} MoveResponse */
/** @typedef {import("./movesvc.js").Position} Position */
/** @typedef {import("./movesvc.js").AnalysisEntry} AnalysisEntry */

const page = {
  /** @type {Game[]} */
  games: [],
  /** @type {Game|null} */
  game: null,
  /** @type {Move[]} the moves played, where each took its stone */
  moves: [],
  /** @type {Position|null} */
  position: null,
  /** @type {AnalysisEntry[]} */
  analysis: [],
  /** @type {Move|null} */
  thinking: null,
  /** @type {AbortController} cancels the requests of the current advance */
  controller: new AbortController(),
  generation: 0,
};

/** @param {string} id */
const $ = (id) => /** @type {HTMLElement} */ (document.getElementById(id));
const board = new Board($("board"), pick);
const form = /** @type {HTMLFormElement} */ ($("setup"));
const gameSelect = /** @type {HTMLSelectElement} */ ($("game"));
const sideSelect = /** @type {HTMLSelectElement} */ ($("side"));
const levelSelect = /** @type {HTMLSelectElement} */ ($("level"));
const timeoutInput = /** @type {HTMLInputElement} */ ($("timeout"));
const depthInput = /** @type {HTMLInputElement} */ ($("depth"));
const analysisBox = /** @type {HTMLInputElement} */ ($("analysis"));

for (let level = 10; level >= 1; level--) {
  levelSelect.add(new Option(level === 10 ? "10, full strength" : String(level), String(level)));
}
form.addEventListener("submit", (e) => { e.preventDefault(); newGame(); });
gameSelect.addEventListener("change", () => { chooseGame(); newGame(); });
sideSelect.addEventListener("change", newGame);
$("options").addEventListener("change", newGame);
analysisBox.addEventListener("change", () => { saveSettings(); if (!page.position?.over) advance(); });
for (const field of [levelSelect, timeoutInput, depthInput]) field.addEventListener("change", saveSettings);
$("undo").addEventListener("click", undo);
start();

/** start loads the games and begins the first one. */
async function start() {
  setState("loading");
  try {
    page.games = await api.games();
  } catch (err) {
    fail(err, start);
    return;
  }
  gameSelect.replaceChildren(...page.games.map((g) => new Option(g.title, g.name)));
  const saved = new URLSearchParams(location.hash.slice(1));
  const wanted = saved.get("game");
  if (wanted && page.games.some((g) => g.name === wanted)) gameSelect.value = wanted;
  chooseGame();
  for (const [name, value] of saved) {
    const field = form.elements.namedItem(name);
    if (!(field instanceof HTMLInputElement || field instanceof HTMLSelectElement) || name === "game") continue;
    if (field instanceof HTMLInputElement && field.type === "checkbox") field.checked = value === "1";
    else field.value = value;
  }
  newGame();
}

/** saveSettings writes the form's settings into the address's fragment. */
function saveSettings() {
  const settings = new URLSearchParams();
  for (const el of form.elements) {
    const field = /** @type {HTMLInputElement} */ (el);
    if (!field.name) continue;
    if (field.type === "checkbox") settings.set(field.name, field.checked ? "1" : "0");
    else if (field.value !== "") settings.set(field.name, field.value);
  }
  history.replaceState(null, "", `#${settings}`);
}

/** chooseGame shows the chosen game's options and limits. */
function chooseGame() {
  const game = page.games.find((g) => g.name === gameSelect.value) ?? page.games[0];
  page.game = game;
  const fields = (game.options ?? []).map((name) => optionField(name, game.option_schemas?.[name]));
  $("options").replaceChildren(...fields);
  timeoutInput.max = String(game.max_timeout_ms);
  timeoutInput.value = String(game.default_timeout_ms);
  depthInput.max = String(game.max_depth);
  depthInput.value = "";
  depthInput.placeholder = `default ${game.default_depth}`;
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
  saveSettings();
  page.moves = [];
  $("moves").replaceChildren();
  $("answer").replaceChildren();
  $("thinking").textContent = "Idle.";
  advance();
}

/** undo takes back the last move, and the engine's reply to it. */
function undo() {
  if (page.moves.length === 0) return;
  page.moves.pop();
  const side = sideSelect.value;
  while (side !== "both" && page.moves.length > 0 && toMove(page.moves.length) !== side) page.moves.pop();
  $("answer").replaceChildren();
  $("thinking").textContent = "Idle.";
  showMoves();
  advance();
}

/**
 * pick plays the player's move, when it is the player's turn.
 * @param {Move} move
 */
function pick(move) {
  if (!playersTurn()) return;
  page.moves.push(move);
  showMoves();
  advance();
}

/**
 * advance moves the game on from its current moves: the position, then
 * the engine's move while it is the engine's turn, then the analysis for
 * the player. A later call cancels an earlier one still running.
 */
async function advance() {
  page.controller.abort();
  const controller = new AbortController();
  page.controller = controller;
  const generation = ++page.generation;
  const current = () => generation === page.generation;
  const { signal } = controller;
  hideAlert();
  page.analysis = [];
  page.thinking = null;
  try {
    setState("loading");
    page.position = await api.position(positionRequest(), { signal });
    if (!current()) return;
    draw();
    if (page.position.over) {
      setState("over");
      return;
    }
    if (!playersTurn(true)) {
      setState("thinking");
      $("thinking").textContent = "Searching…";
      $("thinking").dataset.updates = "0";
      let updates = 0;
      const answer = await api.stream(moveRequest(), (p) => {
        if (!current()) return;
        updates++;
        showProgress(p, updates);
        page.thinking = p.move;
        draw();
      }, { signal });
      if (!current()) return;
      showAnswer(answer, updates);
      page.moves.push(answer.move);
      showMoves();
      advance();
      return;
    }
    if (analysisBox.checked) {
      setState("analysing");
      draw();
      const res = await api.move({ ...moveRequest(), analysis: true, level: undefined }, { signal });
      if (!current()) return;
      page.analysis = res.analysis ?? [];
    }
    setState("ready");
    draw();
  } catch (err) {
    if (!current() || /** @type {Error} */ (err).name === "AbortError") return;
    if (document.body.dataset.state === "thinking") $("thinking").textContent = "No answer: see the message.";
    fail(err, advance);
  }
}

/** positionRequest is the current position as POST /position takes it. */
function positionRequest() {
  return { game: page.game?.name ?? "", moves: page.moves.map((m) => m.notation), ...optionValues() };
}

/** moveRequest asks for the engine's move in the current position. */
function moveRequest() {
  /** @type {import("./movesvc.js").MoveRequest} */
  const req = { ...positionRequest(), level: Number(levelSelect.value) };
  if (timeoutInput.value !== "") req.timeout_ms = Number(timeoutInput.value);
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
 * toMove is the side to move after n moves: x moves first.
 * @param {number} n
 */
function toMove(n) {
  return n % 2 === 0 ? "x" : "o";
}

/**
 * playersTurn reports whether the player moves now: always on an analysis
 * board, else when the side to move is the player's. With any set, the
 * answer ignores what the page is busy with.
 * @param {boolean} [any]
 */
function playersTurn(any = false) {
  const pos = page.position;
  if (!pos || pos.over) return false;
  const state = document.body.dataset.state;
  if (!any && state !== "ready" && state !== "analysing") return false;
  return sideSelect.value === "both" || pos.to_move === sideSelect.value;
}

/** draw redraws the board from the page's state. */
function draw() {
  if (!page.position || !page.game) return;
  board.draw({
    position: page.position,
    placement: page.game.placement,
    notations: new Map(page.moves.map((m) => [`${m.row},${m.col}`, m.notation])),
    playable: playersTurn(),
    thinking: page.thinking,
    analysis: page.analysis,
  });
  $("legend").hidden = page.analysis.length === 0;
  /** @type {HTMLButtonElement} */ ($("undo")).disabled = page.moves.length === 0;
}

/**
 * setState records what the page is doing and says it in the status line.
 * @param {"loading"|"thinking"|"analysing"|"ready"|"over"|"error"} state
 */
function setState(state) {
  document.body.dataset.state = state;
  const status = $("status");
  const pos = page.position;
  status.dataset.over = String(Boolean(pos?.over));
  status.dataset.winner = pos?.winner ?? "";
  const side = sideSelect.value;
  switch (state) {
    case "loading":
      status.textContent = "Loading…";
      break;
    case "thinking":
      status.textContent = `The engine (${pos?.to_move}) is thinking…`;
      break;
    case "analysing":
      status.textContent = `${side === "both" ? `${pos?.to_move} to move` : `Your move (${pos?.to_move})`}. Analysing…`;
      break;
    case "ready":
      status.textContent = side === "both" ? `${pos?.to_move} to move.` : `Your move (${pos?.to_move}).`;
      break;
    case "over": {
      const who = side === "both" || !pos?.winner ? "" : pos.winner === side ? " You win." : " The engine wins.";
      status.textContent = pos?.winner ? `Game over: ${pos.winner} wins.${who}` : "Game over: a draw.";
      break;
    }
    case "error":
      status.textContent = "Stopped: see the message.";
      break;
  }
}

/**
 * showProgress shows one completed iteration of the engine's search.
 * @param {Progress} p
 * @param {number} updates
 */
function showProgress(p, updates) {
  const t = $("thinking");
  t.dataset.updates = String(updates);
  t.textContent = `Depth ${p.depth} · score ${signed(p.score)}${p.outcome !== "unknown" ? ` (${p.outcome})` : ""} · ` +
    `${p.nodes.toLocaleString("en")} nodes · ${p.elapsed_ms} ms · ${p.pv.join(" ")}`;
}

/** What ended a search, by MoveResponse.stopped_by. */
const stopReasons = {
  solved: "the result is proved",
  depth: "the depth asked for is searched",
  deadline: "the time per move ran out first",
  nodes: "the level's node limit came first",
  book: "chosen without a search",
};

/**
 * showAnswer shows the engine's answer and its search figures.
 * @param {MoveResponse} a
 * @param {number} updates progress events heard before it
 */
function showAnswer(a, updates) {
  const t = $("thinking");
  t.dataset.updates = String(updates);
  if (updates === 0) t.textContent = "Answered at once (no search iterations to show).";
  /** @type {[string, string, string][]} */
  const rows = [
    ["move", "Move", `${a.to_move} ${a.move.notation}`],
    ["score", "Score", signed(a.score)],
    ["outcome", "Outcome", a.outcome],
    ["plies_to_end", "Plies to the end", a.plies_to_end === undefined ? "–" : String(a.plies_to_end)],
    ["depth", "Depth", String(a.depth)],
    ["nodes", "Nodes", a.nodes.toLocaleString("en")],
    ["elapsed_ms", "Time", `${a.elapsed_ms} ms${a.cached ? " (remembered)" : ""}`],
    ["complete", "Complete", a.complete ? `yes (${stopReasons[a.stopped_by]})` : `no: ${stopReasons[a.stopped_by]}`],
    ["pv", "Line", a.pv.join(" ")],
  ];
  $("answer").replaceChildren(...rows.flatMap(([field, name, value]) => {
    const dt = document.createElement("dt");
    dt.textContent = name;
    const dd = document.createElement("dd");
    dd.dataset.field = field;
    dd.textContent = value;
    return [dt, dd];
  }));
}

/** showMoves lists the moves played. */
function showMoves() {
  $("moves").replaceChildren(...page.moves.map((m, i) => {
    const li = document.createElement("li");
    li.dataset.notation = m.notation;
    li.textContent = `${toMove(i)} ${m.notation}`;
    return li;
  }));
}

/**
 * fail shows what went wrong, with a button that tries again.
 * @param {unknown} err
 * @param {() => void} retry
 */
function fail(err, retry) {
  let text = String(err);
  if (err instanceof api.MovesvcError) {
    text = err.message;
    const details = (err.problem.errors ?? []).map((e) => `${e.location} ${e.message}`);
    if (details.length > 0) text += ` (${details.join("; ")})`;
    if (!/[.!?]$/.test(text)) text += ".";
    if (err.retryAfter !== null) text += ` The service asks to try again in ${err.retryAfter} s.`;
    if (err.status >= 500 && err.problem.request_id) text += ` Request id: ${err.problem.request_id}.`;
  } else if (err instanceof TypeError) {
    text = `The service could not be reached: ${err.message}.`;
  } else if (err instanceof Error) {
    text = err.message;
  }
  $("alert-text").textContent = text;
  $("alert").hidden = false;
  $("retry").onclick = () => retry();
  setState("error");
  draw();
}

function hideAlert() {
  $("alert").hidden = true;
}
