// setup.js: positions a player brings: text pasted (a move list, board
// rows, or a request's JSON) and boards set up by clicks. The page plays
// from move lists only, so a board becomes the moves that reach it, found
// with POST /position: it knows no rules, only where each legal move puts
// its stone.

/** @typedef {import("./movesvc.js").Position} Position */

/**
 * @typedef {object} Pasted a position as the player gave it
 * @property {string[]} [moves] notations from the start
 * @property {string[]} [board] rows, top first
 * @property {string} [fen] the start position in the game's notation (GET
 *   /games position: a FEN for chess, Kalah's "4,4,4,4,4,4:0/4,4,4,4,4,4:0/x"),
 *   moves from there
 */

/** The fields of a FEN, in order: placement, side, castling, en passant, clocks. */
const fenFields = [/^[pnbrqkPNBRQK1-8]+(\/[pnbrqkPNBRQK1-8]+){7}$/, /^[wb]$/, /^(-|[KQkqA-Ha-h]+)$/, /^(-|[a-h][36])$/, /^\d+$/, /^\d+$/];

/**
 * parsePosition reads pasted text: a request or position as JSON (its
 * moves or board), board rows of ".", "x" and "o" (one per line, or split
 * by "/"), or a move list split by spaces or commas, move numbers ("1.")
 * left out; for a game played by columns a run of digits ("4453") is one
 * move per digit. For a game whose positions are FENs (notation "fen",
 * chess) it also takes a FEN followed by moves, a JSON's fen or position,
 * and a PGN: its FEN tag, and its moves (SAN) without numbers, comments
 * and result. An empty text is the start position.
 * @param {string} text
 * @param {"cell"|"column"} placement
 * @param {string} [notation] the game's position notation (Game.position)
 * @returns {Pasted}
 */
export function parsePosition(text, placement, notation) {
  if (notation === "fen") return parseChess(text, placement);
  return parsePlain(text, placement, notation);
}

/**
 * parseChess reads a chess position: a FEN and moves, a PGN, or what
 * parsePlain reads.
 * @param {string} text
 * @param {"cell"|"column"} placement
 * @returns {Pasted}
 */
function parseChess(text, placement) {
  let t = text.trim();
  if (t.startsWith("{") || /^\[\s*["\]]/.test(t)) {
    let v;
    try {
      v = JSON.parse(t);
    } catch {
      return parsePlain(text, placement);
    }
    const fen = typeof v?.fen === "string" ? v.fen : typeof v?.position === "string" ? v.position : "";
    if (fen) return { fen, moves: Array.isArray(v.moves) ? v.moves.map(String) : [] };
    return parsePlain(text, placement);
  }
  let fen = /\[FEN\s+"([^"]*)"\]/.exec(t)?.[1] ?? "";
  t = t.replace(/^\s*\[.*\]\s*$/gm, " ").replace(/\{[^}]*\}|;[^\n]*/g, " ");
  let words = t.split(/[\s,]+/).filter((w) => w !== "");
  if (!fen && fenFields[0].test(words[0] ?? "")) {
    let n = 1;
    while (n < fenFields.length && fenFields[n].test(words[n] ?? "")) n++;
    fen = words.slice(0, n).join(" ");
    words = words.slice(n);
  }
  const moves = words.map((w) => w.replace(/^\d+\.+/, "")).filter((w) => w !== "" && !/^(1-0|0-1|1\/2-1\/2|\*)$/.test(w));
  return fen ? { fen, moves } : { moves };
}

/**
 * parsePlain reads a move list, board rows or a request's JSON, and for a
 * game with a position notation other than FEN (Kalah's, GNU Backgammon
 * IDs) a position in it, told from a move list by its shape
 * (positionShapes; the service checks the rest), or a JSON's position.
 * @param {string} text
 * @param {"cell"|"column"} placement
 * @param {string} [notation] the game's position notation (Game.position)
 * @returns {Pasted}
 */
function parsePlain(text, placement, notation) {
  const t = text.trim();
  if (t.startsWith("{") || t.startsWith("[")) {
    let v;
    try {
      v = JSON.parse(t);
    } catch (err) {
      throw new Error(`the pasted JSON does not parse: ${/** @type {Error} */ (err).message}`);
    }
    if (Array.isArray(v)) v = { moves: v };
    if (Array.isArray(v?.board) && v.board.every((/** @type {unknown} */ r) => typeof r === "string")) return { board: v.board };
    if (notation && typeof v?.position === "string") return { fen: v.position, moves: Array.isArray(v.moves) ? v.moves.map(String) : [] };
    if (Array.isArray(v?.moves) && v.moves.every((/** @type {unknown} */ m) => typeof m === "string")) return { moves: v.moves };
    throw new Error("the pasted JSON has neither moves nor board as a list of strings");
  }
  const rows = t.split(/\s*[\n/]\s*/).filter((r) => r !== "");
  if (rows.length >= 2 && rows.every((r) => /^[.xo]+$/i.test(r) && r.length === rows[0].length)) {
    return { board: rows.map((r) => r.toLowerCase()) };
  }
  if (notation && positionShapes[notation]?.test(t)) return { fen: t, moves: [] };
  let moves = t.split(/[\s,;]+/).map((m) => m.replace(/^\d+\.+(?=\D)/, "")).filter((m) => m !== "" && !/^\d+\.+$/.test(m));
  if (placement === "column" && moves.length === 1 && /^\d{2,}$/.test(moves[0])) moves = [...moves[0]];
  return { moves };
}

/**
 * movesTo finds moves from the start that reach board, a position that is
 * not over: each side's stones placed in turn where a legal move puts
 * them, backtracking where an order leads nowhere (a Connect Four column
 * filled in the wrong order, a line that would end the game early). ask
 * describes the position after some moves (POST /position).
 * @param {string[]} board
 * @param {(moves: string[]) => Promise<Position>} ask
 * @param {number} [budget] the most positions to ask for
 * @returns {Promise<string[]>}
 */
export async function movesTo(board, ask, budget = 2000) {
  const target = board.map((r) => [...r]);
  const stones = target.flat().filter((s) => s !== ".").length;
  const dead = new Set();
  let asked = 0;
  /**
   * @param {string[]} moves
   * @param {Position} pos
   * @returns {Promise<string[]|null>}
   */
  const walk = async (moves, pos) => {
    if (moves.length === stones) return pos.over ? null : moves;
    const key = pos.board.join("/");
    if (pos.over || dead.has(key)) return null;
    const side = pos.to_move;
    // Stones of the side to move that a legal move puts in place; first
    // those under a stone of the other side, which free it.
    const candidates = pos.legal_moves.filter((m) => target[m.row]?.[m.col] === side);
    candidates.sort((a, b) => Number(target[b.row - 1]?.[b.col] === other(side)) - Number(target[a.row - 1]?.[a.col] === other(side)));
    for (const m of candidates) {
      if (++asked > budget) throw new Error(`no order of moves that reaches this board was found in ${budget} positions`);
      const next = [...moves, m.notation];
      const found = await walk(next, await ask(next));
      if (found) return found;
    }
    dead.add(key);
    return null;
  };
  const found = await walk([], await ask([]));
  if (!found) throw new Error("no game reaches this board: every order of its stones ends the game first or breaks a rule");
  return found;
}

/** @param {string} side */
function other(side) {
  return side === "x" ? "o" : "x";
}

/**
 * cycle is the stone a set-up click puts where stone was: none, x, o, none.
 * @param {string} stone
 */
export function cycle(stone) {
  return { ".": "x", x: "o", o: "." }[stone] ?? ".";
}

/**
 * positionShapes tells a position in a game's notation (GET /games
 * position) other than FEN from a move list by its shape. A backgammon
 * move list ("31 8/5 6/5") holds "/" too, so the shapes are strict.
 * @type {Record<string, RegExp>}
 */
const positionShapes = {
  kalah: /^[\d,]+:\d+\/[\d,]+:\d+\/[xo]$/i,
  gnubg: /^[A-Za-z0-9+/]{14}(:[A-Za-z0-9+/]{12})?$/,
};
