// score.js: scores as the page shows them. The API scores a position for
// its side to move; the page shows every score from one side, the viewer's
// (the player's side, or x on an analysis board), so that + is always good
// for the same player: the engine panel, the markers, the analysis list
// and the evaluation bar agree.

/** @typedef {"win"|"loss"|"draw"|"unknown"} Outcome */

/**
 * @typedef {object} Eval a score from the viewer's side
 * @property {number} score
 * @property {Outcome} outcome
 * @property {number} [plies] plies to the end, when proved
 */

/**
 * orient turns a score for side into one for viewer.
 * @param {{score: number, outcome: Outcome, plies_to_end?: number}} s
 * @param {"x"|"o"} side the side the API scored for
 * @param {"x"|"o"} viewer
 * @returns {Eval}
 */
export function orient(s, side, viewer) {
  const flip = side !== viewer;
  /** @type {Record<Outcome, Outcome>} */
  const mirror = { win: "loss", loss: "win", draw: "draw", unknown: "unknown" };
  return { score: flip ? -s.score : s.score, outcome: flip ? mirror[s.outcome] : s.outcome, plies: s.plies_to_end };
}

/**
 * signed writes n with its sign: +3, 0, −2 (a minus sign, not a hyphen).
 * @param {number} n
 */
export function signed(n) {
  return n > 0 ? `+${n}` : n < 0 ? `−${-n}` : "0";
}

/**
 * compact is signed for a marker: at most four characters, thousands as k.
 * @param {number} n
 */
export function compact(n) {
  const a = Math.abs(n);
  if (a < 1000) return signed(n);
  const k = a < 9950 ? (a / 1000).toFixed(1).replace(/\.0$/, "") : String(Math.round(a / 1000));
  return `${n < 0 ? "−" : "+"}${k}k`;
}

/**
 * share is the part of the evaluation bar the viewer holds, 0 to 1: all of
 * it for a proved win, none for a proved loss, half for a draw, and for a
 * heuristic score a smooth step that reaches 0.88 at ±scale.
 * @param {Eval|null} e
 * @param {number} [scale]
 */
export function share(e, scale = evalScale) {
  if (!e) return 0.5;
  switch (e.outcome) {
    case "win": return 1;
    case "loss": return 0;
    case "draw": return 0.5;
  }
  return 0.5 + 0.5 * Math.tanh(e.score / scale);
}

/** evalScale is the heuristic score the bar shows as a clear advantage. */
export const evalScale = 750;

/**
 * describe says an evaluation in words, for viewer ("x", or "you"): "x
 * wins in 5 plies (+2)", "a draw", "+433 for x".
 * @param {Eval} e
 * @param {string} viewer how to name the viewer
 * @param {string} other how to name the other side
 */
export function describe(e, viewer, other) {
  const plies = e.plies ? ` in ${e.plies} ${e.plies === 1 ? "ply" : "plies"}` : "";
  const wins = (/** @type {string} */ who) => `${who} ${who === "you" ? "win" : "wins"}${plies} (${signed(e.score)})`;
  switch (e.outcome) {
    case "win": return wins(viewer);
    case "loss": return wins(other);
    case "draw": return `a draw${plies}`;
  }
  return `${signed(e.score)} for ${viewer}`;
}
