// boards.js: the kinds of board the page can draw, one module each, chosen
// from the game's description. Adding a kind is one module and one line in
// `kinds`; the module exports what BoardKind says.
//
// GET /games says each game's kind (`board_kind`).

/** @typedef {import("./movesvc.js").Game} Game */
/** @typedef {import("./movesvc.js").Move} Move */
/** @typedef {import("./movesvc.js").Position} Position */

/**
 * @typedef {object} BoardKind a module that draws one kind of board
 * @property {{x: string, o: string}} sides how the players' pieces are
 *   called on it ("X", "black", "red")
 * @property {boolean} editable whether a position can be set up on it by
 *   clicking its cells (Hooks.edit)
 * @property {(root: HTMLElement, hooks: Hooks) => Drawing} create starts
 *   drawing into an empty root
 * @property {(n: number, moves: string[], first: "x"|"o") => "x"|"o"} [mover]
 *   the side to move after the first n of moves from the position set up,
 *   where first moves, for a game whose sides do not simply alternate
 *   (backgammon's rolls, plays and cube); none: x, o, x, ...
 */

/**
 * @typedef {object} Hooks what a board tells the page
 * @property {(move: Move) => void} pick the player picked a legal move
 * @property {(cell: {row: number, col: number}) => void} edit the player
 *   clicked a cell while setting up a position
 */

/**
 * @typedef {object} Drawing
 * @property {(view: View) => void} draw shows view; a board keeps its
 *   elements from one draw to the next where it can, so that an element a
 *   player (or a test) is about to click stays in the page
 */

/**
 * @typedef {object} Marker an analysed move, as the board shows it
 * @property {Move} move
 * @property {string} text its score from the viewer's side, compact
 * @property {string} tone win, loss, draw or unknown, for the viewer
 * @property {number} rank 0 for the best move of the side to move
 * @property {string} label the move and its value in words
 * @property {number} score the API's score, for the side to move
 * @property {string} outcome the API's outcome, for the side to move
 */

/**
 * @typedef {object} View what a board shows
 * @property {Position} position
 * @property {Game} game
 * @property {boolean} playable whether a pick is taken now
 * @property {boolean} editing whether clicks set a position up
 * @property {Move|null} thinking the engine's best move so far
 * @property {Marker[]} markers the analysis, best first
 * @property {"x"|"o"} [viewer] the side the board is seen from (a
 *   chessboard turns for o, black)
 */

/** @type {Record<string, () => Promise<BoardKind>>} */
export const kinds = {
  grid: () => import("./board-cells.js"),
  intersections: () => import("./board-intersections.js"),
  columns: () => import("./board-columns.js"),
  chessboard: () => import("./board-chess.js"),
  backgammon: () => import("./board-backgammon.js"),
  pits: () => import("./board-pits.js"),
};

/**
 * kindOf names the kind of board a game is drawn on: the one its
 * description gives (board_kind) when the page draws it, else a grid of
 * cells, or columns for a game played by columns.
 * @param {Game} game
 * @returns {string}
 */
export function kindOf(game) {
  if (game.board_kind in kinds) return game.board_kind;
  return game.placement === "column" ? "columns" : "grid";
}
