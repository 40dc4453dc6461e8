// board-cells.js: a board of cells, each taken by a mark: tic-tac-toe's X
// and O drawn in the squares of a hash grid, coordinates as the notation
// writes them (files a, b, c from the left; ranks 1, 2, 3 from the bottom).

import { gridDrawing } from "./grid.js";
import { squareCoords } from "./coords.js";

/** How the players' marks are called. */
export const sides = { x: "X", o: "O" };

/** A position can be set up by clicking cells. */
export const editable = true;

/**
 * create draws a board of cells into root.
 * @param {HTMLElement} root
 * @param {import("./boards.js").Hooks} hooks
 */
export function create(root, hooks) {
  return gridDrawing(root, hooks, { kind: "cells", sides, coords: squareCoords, piece: mark });
}

/**
 * mark draws an X (two strokes) or an O (a ring) that scales with its cell.
 * @param {HTMLElement} piece
 * @param {string} stone
 */
function mark(piece, stone) {
  const ns = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(ns, "svg");
  svg.setAttribute("viewBox", "0 0 100 100");
  svg.setAttribute("aria-hidden", "true");
  const shapes = {
    x: [["line", { x1: 22, y1: 22, x2: 78, y2: 78 }], ["line", { x1: 78, y1: 22, x2: 22, y2: 78 }]],
    o: [["circle", { cx: 50, cy: 50, r: 29 }]],
  }[stone] ?? [];
  for (const [tag, attrs] of shapes) {
    const shape = document.createElementNS(ns, /** @type {string} */ (tag));
    for (const [k, v] of Object.entries(attrs)) shape.setAttribute(k, String(v));
    svg.append(shape);
  }
  piece.replaceChildren(...(stone ? [svg] : []));
}
