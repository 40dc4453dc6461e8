// panel.js: the Engine panel and the evaluation bar. The panel says what
// the engine is doing (data-state: idle, thinking, analysing, answered,
// error): while it searches, its live progress and nothing of an earlier
// answer; then its answer; after a problem, no answer at all. Every score
// is shown from the viewer's side (score.js). Moves and lines are given in
// the game's second notation where it has one (chess's SAN).

import { orient, signed, compact, describe, share } from "./score.js";

/** @typedef {import("./movesvc.js").MoveResponse} MoveResponse */
/** @typedef {import("./movesvc.js").Progress} Progress */
/** @typedef {import("./score.js").Eval} Eval */
/** @typedef {import("./boards.js").Marker} Marker */

/**
 * @typedef {object} Sides how the panel names the sides
 * @property {"x"|"o"} viewer the side scores are shown for
 * @property {(side: string) => string} name in full: "x (black)", or
 *   "you (x, black)" and "the engine (o, white)" in a game against it
 * @property {(side: string) => string} short "x", or "you" and "the engine"
 */

/** @param {string} id */
const $ = (id) => /** @type {HTMLElement} */ (document.getElementById(id));

/** What ended a search, by MoveResponse.stopped_by. */
const stopReasons = {
  solved: "the result is proved",
  depth: "the depth asked for is searched",
  deadline: "the time per move ran out first",
  nodes: "the level's node limit came first",
  book: "chosen without a search",
};

/**
 * depthText is how the panel names the depth of a search: "solved" and
 * the plies to the end, when known, for a proved result (some games, such
 * as Kalah, count a solve's depth as the deepest they allow, 254, which
 * says nothing), else the depth searched.
 * @param {number} depth
 * @param {boolean} solved the result is proved: stopped_by "solved", or a
 *   progress event's outcome known
 * @param {number} [pliesToEnd]
 */
export function depthText(depth, solved, pliesToEnd) {
  if (!solved) return String(depth);
  return pliesToEnd === undefined ? "solved" : `solved, ${pliesToEnd} ${pliesToEnd === 1 ? "ply" : "plies"} to the end`;
}

/**
 * setState says what the engine is doing, in the panel's state and line.
 * @param {"idle"|"thinking"|"analysing"|"answered"|"error"} state
 * @param {string} line
 */
export function setState(state, line) {
  $("engine").dataset.state = state;
  $("thinking").textContent = line;
  if (state !== "answered") $("answer").replaceChildren();
  if (state === "thinking" || state === "error") $("thinking").dataset.updates = "0";
}

/**
 * showProgress shows one completed iteration of the engine's search.
 * @param {Progress} p
 * @param {number} updates progress events so far
 * @param {"x"|"o"} side the engine's side
 * @param {Sides} sides
 */
export function showProgress(p, updates, side, sides) {
  const e = orient(p, side, sides.viewer);
  const t = $("thinking");
  t.dataset.updates = String(updates);
  const solved = p.outcome !== undefined && p.outcome !== "unknown";
  t.textContent = `Thinking… ${solved ? "solved" : `depth ${p.depth}`} · ${describe(e, sides.short(sides.viewer), sides.short(other(sides.viewer)))} · ` +
    `${p.nodes.toLocaleString("en")} nodes · ${p.elapsed_ms} ms · ${(p.pv_san ?? p.pv).join(" ")}`;
  setEval(e, sides);
}

/**
 * showAnswer shows the engine's answer and its search figures, the score
 * from the viewer's side.
 * @param {MoveResponse} a
 * @param {number} updates progress events heard before it
 * @param {Sides} sides
 */
export function showAnswer(a, updates, sides) {
  const e = orient(a, a.to_move, sides.viewer);
  const t = $("thinking");
  $("engine").dataset.state = "answered";
  t.dataset.updates = String(updates);
  t.textContent = updates === 0 ? "Answered at once (no search iterations to show)." : `Answered after ${updates} ${updates === 1 ? "iteration" : "iterations"}.`;
  const plies = a.plies_to_end === undefined ? "" : ` in ${a.plies_to_end} ${a.plies_to_end === 1 ? "ply" : "plies"}`;
  const winner = { win: sides.short(sides.viewer), loss: sides.short(other(sides.viewer)) }[/** @type {"win"|"loss"} */ (e.outcome)];
  /** @type {[string, string, string, string][]} field, name, text, the API's value */
  const rows = [
    ["move", "Move", `${a.move.san ?? a.move.notation} (${sides.short(a.to_move)})`, a.move.notation],
    ["score", `Score for ${sides.short(sides.viewer)}`, signed(e.score), String(a.score)],
    ["outcome", "Outcome", winner ? `${winner} ${winner === "you" ? "win" : "wins"}${plies}` : e.outcome === "draw" ? `a draw${plies}` : "not proved", a.outcome],
    ["plies_to_end", "Plies left", a.plies_to_end === undefined ? "–" : String(a.plies_to_end), String(a.plies_to_end ?? "")],
    ["depth", "Depth", depthText(a.depth, a.stopped_by === "solved", a.plies_to_end), String(a.depth)],
    ["nodes", "Nodes", a.nodes.toLocaleString("en"), String(a.nodes)],
    ["elapsed_ms", "Time", `${a.elapsed_ms} ms${a.cached ? " (remembered)" : ""}`, String(a.elapsed_ms)],
    ["complete", "Complete", a.complete ? `yes: ${stopReasons[a.stopped_by]}` : `no: ${stopReasons[a.stopped_by]}`, a.stopped_by],
    ["pv", "Line", (a.pv_san ?? a.pv).join(" "), a.pv.join(" ")],
  ];
  $("answer").replaceChildren(...rows.flatMap(([field, name, text, value]) => {
    const dt = document.createElement("dt");
    dt.textContent = name;
    const dd = document.createElement("dd");
    dd.dataset.field = field;
    dd.dataset.value = value;
    dd.textContent = text;
    return [dt, dd];
  }));
  setEval(e, sides);
}

/**
 * showAnalysis lists the analysed moves with their scores from the
 * viewer's side, best first; clicking one plays it when onPick allows.
 * @param {Marker[]} markers
 * @param {((notation: string) => void)|null} onPick
 */
export function showAnalysis(markers, onPick) {
  const list = $("analysis-list");
  $("analysis-box").hidden = markers.length === 0;
  list.replaceChildren(...markers.map((m) => {
    const li = document.createElement("li");
    const b = document.createElement("button");
    b.type = "button";
    b.className = `marker ${m.tone}${m.rank === 0 ? " best" : ""}`;
    b.dataset.notation = m.move.notation;
    const name = document.createElement("strong");
    name.textContent = m.move.san ?? m.move.notation;
    b.append(name, ` ${m.text}`);
    b.title = m.label;
    b.disabled = !onPick;
    b.addEventListener("click", () => onPick?.(m.move.notation));
    li.append(b);
    return li;
  }));
}

/**
 * setEval shows an evaluation on the bar: the viewer's share from the
 * bottom, its score in words. null shows an even bar and no score.
 * @param {Eval|null} e
 * @param {Sides} sides
 */
export function setEval(e, sides) {
  const bar = $("evalbar");
  const part = share(e);
  bar.style.setProperty("--share", String(part));
  bar.setAttribute("aria-valuenow", String(Math.round(part * 100)));
  const words = e ? describe(e, sides.short(sides.viewer), sides.short(other(sides.viewer))) : "not evaluated yet";
  bar.setAttribute("aria-valuetext", words);
  bar.title = `Evaluation: ${words}`;
  bar.dataset.viewer = sides.viewer;
  bar.dataset.score = e ? String(e.score) : "";
  bar.dataset.outcome = e?.outcome ?? "";
  $("evaltext").textContent = e ? compact(e.score) : "";
}

/** @param {string} side */
function other(side) {
  return side === "x" ? "o" : "x";
}
