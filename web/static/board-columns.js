// board-columns.js: a Connect Four frame: round holes in a blue frame,
// discs that fall down their column when played, a column picked anywhere
// in it, the analysis above the columns, the columns numbered as the
// notation numbers them.

import { gridDrawing } from "./grid.js";
import { columnCoords } from "./coords.js";

/** How the players' discs are called. */
export const sides = { x: "red", o: "yellow" };

/** A position can be set up by clicking holes (the API checks that no disc floats). */
export const editable = true;

/**
 * create draws a Connect Four frame into root.
 * @param {HTMLElement} root
 * @param {import("./boards.js").Hooks} hooks
 */
export function create(root, hooks) {
  return gridDrawing(root, hooks, { kind: "columns", sides, coords: columnCoords });
}
