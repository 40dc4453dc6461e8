// pgn.js: a chess game's moves as players write them: SAN numbered by
// move ("1. e4 e5 2. Nf3", "12… Nf6" where black moves first), and the
// game as PGN (Portable Game Notation: a minimal tag section, then the
// movetext and the result).

/**
 * @typedef {object} Start where numbering starts
 * @property {number} fullmove the move number of the first move
 * @property {"x"|"o"} side the side that makes the first move (x: white)
 */

/**
 * numbered returns the text the move list shows for move i of sans: "1. e4"
 * for white's, "e5" for black's, "1… e5" for black's at the start.
 * @param {string[]} sans
 * @param {number} i
 * @param {Start} start
 */
export function numbered(sans, i, start) {
  const black = start.side === "o";
  const number = start.fullmove + Math.floor((i + (black ? 1 : 0)) / 2);
  const white = (i + (black ? 1 : 0)) % 2 === 0;
  if (white) return `${number}. ${sans[i]}`;
  return i === 0 ? `${number}\u2026 ${sans[i]}` : sans[i];
}

/**
 * @typedef {object} Game a chess game for pgn
 * @property {string[]} sans its moves in SAN
 * @property {Start} start
 * @property {string} [fen] the start position, when not the standard one
 * @property {string} [variant] "chess960" for Chess960
 * @property {string} white the players' names
 * @property {string} black
 * @property {string} result "1-0", "0-1", "1/2-1/2" or "*"
 * @property {Date} date
 */

/**
 * pgn writes game as PGN: the seven tags of the standard's roster (with
 * FEN and SetUp when it starts elsewhere, Variant for Chess960), then the
 * movetext in lines of at most 80 characters, ending with the result.
 * @param {Game} game
 */
export function pgn(game) {
  const d = game.date;
  const pad = (/** @type {number} */ n) => String(n).padStart(2, "0");
  /** @type {[string, string][]} */
  const tags = [
    ["Event", "movesvc game"], ["Site", location.origin],
    ["Date", `${d.getFullYear()}.${pad(d.getMonth() + 1)}.${pad(d.getDate())}`],
    ["Round", "-"], ["White", game.white], ["Black", game.black], ["Result", game.result],
  ];
  if (game.variant === "chess960") tags.push(["Variant", "Chess960"]);
  if (game.fen) tags.push(["SetUp", "1"], ["FEN", game.fen]);
  const head = tags.map(([k, v]) => `[${k} "${v.replaceAll("\\", "\\\\").replaceAll('"', '\\"')}"]`).join("\n");
  const words = game.sans.map((_, i) => numbered(game.sans, i, game.start).replace("\u2026", "..."));
  words.push(game.result);
  const lines = [];
  let line = "";
  for (const w of words) {
    if (line && line.length + 1 + w.length > 80) {
      lines.push(line);
      line = w;
    } else {
      line = line ? `${line} ${w}` : w;
    }
  }
  lines.push(line);
  return `${head}\n\n${lines.join("\n")}\n`;
}
