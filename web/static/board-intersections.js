// board-intersections.js: a go board: stones on the intersections of its
// lines, with star points, coordinates as Gomoku's notation writes them
// (files a… from the left, ranks 1… from the bottom). Each cell of the
// grid is an intersection; the lines are drawn through the cells' centres.
// Under a rule that forbids points to the side to move (Gomoku's renju:
// black's double threes, double fours and overlines), they are marked with
// a cross, from POST /position's `forbidden`.

import { gridDrawing } from "./grid.js";
import { squareCoords } from "./coords.js";

/** How the players' stones are called. */
export const sides = { x: "black", o: "white" };

/** A position can be set up by clicking intersections. */
export const editable = true;

/**
 * create draws a go board into root.
 * @param {HTMLElement} root
 * @param {import("./boards.js").Hooks} hooks
 */
export function create(root, hooks) {
  return gridDrawing(root, hooks, { kind: "intersections", sides, coords: squareCoords, stars, forbidden });
}

/**
 * forbidden returns the cells, "row,col", that position forbids to the
 * side to move (none where the rule forbids nothing).
 * @param {import("./movesvc.js").Position} position
 * @returns {Set<string>}
 */
export function forbidden(position) {
  return new Set((position.forbidden ?? []).map((m) => `${m.row},${m.col}`));
}

/**
 * stars returns the star points of a board: its centre, and on a board of
 * at least 9 lines the four points on the third line (fourth from 13
 * lines), with the side midpoints from 19 lines; "row,col" each.
 * @param {number} rows
 * @param {number} cols
 */
export function stars(rows, cols) {
  const out = new Set();
  if (rows % 2 === 1 && cols % 2 === 1) out.add(`${(rows - 1) / 2},${(cols - 1) / 2}`);
  if (Math.min(rows, cols) < 9) return out;
  const k = Math.min(rows, cols) >= 13 ? 3 : 2;
  const rs = [k, rows - 1 - k];
  const cs = [k, cols - 1 - k];
  if (Math.min(rows, cols) >= 19 && rows % 2 === 1 && cols % 2 === 1) {
    rs.push((rows - 1) / 2);
    cs.push((cols - 1) / 2);
  }
  for (const r of rs) for (const c of cs) out.add(`${r},${c}`);
  return out;
}
