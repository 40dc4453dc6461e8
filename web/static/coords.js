// coords.js: the coordinates boards write beside their rows and columns,
// as the games' notation names squares (engine/grid): files a, b, c… from
// the left, ranks 1, 2, 3… from the bottom; or columns 1, 2, 3… from the
// left for a game played by columns. The browser tests check them against
// the notation of every legal move the API lists.

/**
 * squareCoords labels the files and ranks of a rows×cols board of squares.
 * @param {number} rows
 * @param {number} cols
 * @returns {{files: string[], ranks: string[]}} files from the left, ranks
 *   from the top row down
 */
export function squareCoords(rows, cols) {
  return {
    files: Array.from({ length: cols }, (_, c) => String.fromCharCode(97 + c)),
    ranks: Array.from({ length: rows }, (_, r) => String(rows - r)),
  };
}

/**
 * columnCoords labels the columns of a board played by columns, and no row.
 * @param {number} _rows
 * @param {number} cols
 */
export function columnCoords(_rows, cols) {
  return { files: Array.from({ length: cols }, (_, c) => String(c + 1)), ranks: [] };
}
