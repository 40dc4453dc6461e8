// board-chess.js: a chessboard. Pieces are Unicode chess glyphs coloured by
// the page's style; files a-h and ranks 1-8 are written along the edges,
// the board turned for a player of black. A move is two clicks: a piece of
// the side to move (its legal targets light up), then a target; a pawn
// reaching the last rank asks which piece it becomes. The last move, the
// king in check, the engine's idea so far and the best analysed moves are
// marked on their squares.

/** @typedef {import("./boards.js").View} View */
/** @typedef {import("./boards.js").Hooks} Hooks */
/** @typedef {import("./boards.js").Marker} Marker */
/** @typedef {import("./movesvc.js").Move} Move */

/** How the players' pieces are called. */
export const sides = { x: "white", o: "black" };

/** A chess position is set up from a FEN, not by clicking squares. */
export const editable = false;

const files = "abcdefgh";

/** The glyph of each FEN letter (the solid set, coloured by style.css). */
const glyphs = /** @type {Record<string, string>} */ ({
  k: "\u265A", q: "\u265B", r: "\u265C", b: "\u265D", n: "\u265E", p: "\u265F",
});

/** The names of the pieces, for labels and the promotion choice. */
const names = /** @type {Record<string, string>} */ ({
  k: "king", q: "queen", r: "rook", b: "bishop", n: "knight", p: "pawn",
});

/**
 * create draws a chessboard into root.
 * @param {HTMLElement} root
 * @param {Hooks} hooks
 * @returns {import("./boards.js").Drawing}
 */
export function create(root, hooks) {
  return new Chessboard(root, hooks);
}

class Chessboard {
  /**
   * @param {HTMLElement} root
   * @param {Hooks} hooks
   */
  constructor(root, hooks) {
    this.root = el("div", "board kind-chessboard");
    root.replaceChildren(this.root);
    this.hooks = hooks;
    /** @type {View|null} */
    this.view = null;
    /** the square of the piece picked up, "" for none */
    this.selected = "";
    /** @type {Move[]} the moves waiting for a promotion choice */
    this.promoting = [];
    this.flipped = false;
    /** @type {Map<string, HTMLButtonElement>} */
    this.squares = new Map();
    this.grid = el("div", "squares");
    this.grid.setAttribute("role", "group");
    this.grid.setAttribute("aria-label", "Chessboard. Pick a piece, then its square.");
    this.ranks = el("div", "ranks");
    this.ranks.setAttribute("aria-hidden", "true");
    this.files = el("div", "files");
    this.files.setAttribute("aria-hidden", "true");
    this.promotion = el("div", "promotion");
    this.promotion.hidden = true;
    this.promotion.setAttribute("role", "group");
    this.promotion.setAttribute("aria-label", "Promote to");
    const area = el("div", "area");
    area.append(this.grid, this.promotion);
    const frame = el("div", "frame");
    frame.append(this.ranks, area, el("div", "corner"), this.files);
    this.root.append(frame);
    this.grid.addEventListener("click", (e) => this.clicked(e));
    this.promotion.addEventListener("click", (e) => this.promote(e));
  }

  /**
   * build lays the squares out from the viewer's side: white's from the
   * bottom, or black's when flipped.
   * @param {boolean} flipped
   */
  build(flipped) {
    this.flipped = flipped;
    const order = [...Array(8).keys()];
    const rankOrder = flipped ? order : [...order].reverse(); // ranks, top row first (0 is rank 1)
    const fileOrder = flipped ? [...order].reverse() : order;
    this.squares.clear();
    const buttons = [];
    for (const r of rankOrder) {
      for (const f of fileOrder) {
        const name = files[f] + (r + 1);
        const b = /** @type {HTMLButtonElement} */ (el("button", `square ${(r + f) % 2 === 0 ? "dark" : "light"}`));
        b.type = "button";
        b.dataset.square = name;
        b.dataset.piece = "";
        b.append(el("span", "piece"), el("span", "marker-holder"));
        this.squares.set(name, b);
        buttons.push(b);
      }
    }
    this.grid.replaceChildren(...buttons);
    this.ranks.replaceChildren(...rankOrder.map((r) => text("span", String(r + 1))));
    this.files.replaceChildren(...fileOrder.map((f) => text("span", files[f])));
  }

  /**
   * draw shows view, keeping the squares' elements between draws.
   * @param {View} view
   */
  draw(view) {
    const flipped = view.viewer === "o";
    if (this.squares.size === 0 || flipped !== this.flipped) this.build(flipped);
    const changed = this.view?.position !== view.position;
    this.view = view;
    if (changed || !view.playable) this.cancel();
    const pos = view.position;
    const rows = pos.board ?? [];
    const check = /** @type {{check?: string}|undefined} */ (pos.view)?.check ?? "";
    const last = pos.last_move;
    const targets = new Set(this.movesFrom(this.selected).map((m) => m.to));
    const movable = new Set(view.playable ? pos.legal_moves.map((m) => m.from) : []);
    const best = new Map(view.markers.filter((m) => m.rank < 3).map((m) => [m.move.to ?? "", m]));
    this.root.dataset.over = String(pos.over);
    for (const [name, sq] of this.squares) {
      const f = files.indexOf(name[0]);
      const r = Number(name[1]) - 1;
      const letter = rows[7 - r]?.[f] ?? ".";
      const piece = letter === "." ? "" : letter;
      if (sq.dataset.piece !== piece) {
        sq.dataset.piece = piece;
        const p = /** @type {HTMLElement} */ (sq.querySelector(".piece"));
        p.className = piece ? `piece ${piece === piece.toUpperCase() ? "white" : "black"}` : "piece";
        p.textContent = piece ? glyphs[piece.toLowerCase()] + "\uFE0E" : "";
      }
      sq.classList.toggle("last", !!last && (last.from === name || last.to === name));
      sq.classList.toggle("check", check === name);
      sq.classList.toggle("selected", this.selected === name);
      sq.classList.toggle("target", targets.has(name));
      sq.classList.toggle("open", movable.has(name) || targets.has(name));
      sq.classList.toggle("thinking", !!view.thinking && (view.thinking.from === name || view.thinking.to === name));
      setMarker(sq, best.get(name));
      sq.setAttribute("aria-label", this.label(name, piece, check === name, best.get(name)));
    }
  }

  /**
   * label names a square for assistive technology: the square, its piece
   * and what is marked on it.
   * @param {string} name
   * @param {string} piece
   * @param {boolean} inCheck
   * @param {Marker|undefined} mark
   */
  label(name, piece, inCheck, mark) {
    const parts = [name];
    if (piece) parts.push(`${piece === piece.toUpperCase() ? "white" : "black"} ${names[piece.toLowerCase()]}`);
    if (inCheck) parts.push("in check");
    if (this.selected === name) parts.push("picked up");
    if (mark) parts.push(mark.label);
    return parts.join(", ");
  }

  /**
   * movesFrom returns the legal moves of the piece on square.
   * @param {string} square
   * @returns {Move[]}
   */
  movesFrom(square) {
    if (!square || !this.view) return [];
    return this.view.position.legal_moves.filter((m) => m.from === square);
  }

  /** @param {MouseEvent} e */
  clicked(e) {
    const sq = /** @type {HTMLElement|null} */ (/** @type {Element} */ (e.target).closest(".square"));
    if (!sq || !this.view || !this.view.playable) return;
    const name = sq.dataset.square ?? "";
    const moves = this.movesFrom(this.selected).filter((m) => m.to === name);
    if (moves.length === 1) {
      this.play(moves[0]);
    } else if (moves.length > 1) {
      this.askPromotion(moves);
    } else {
      this.selected = this.movesFrom(name).length > 0 && name !== this.selected ? name : "";
      this.promotion.hidden = true;
      this.draw(this.view);
    }
  }

  /**
   * askPromotion offers the pieces a pawn may become, one button each.
   * @param {Move[]} moves
   */
  askPromotion(moves) {
    this.promoting = moves;
    this.promotion.replaceChildren(...moves.map((m) => {
      const b = /** @type {HTMLButtonElement} */ (el("button", "promote"));
      b.type = "button";
      b.dataset.promotion = m.promotion ?? "";
      b.textContent = glyphs[m.promotion ?? "q"] + "\uFE0E";
      b.setAttribute("aria-label", `Promote to a ${names[m.promotion ?? "q"]}`);
      return b;
    }));
    this.promotion.hidden = false;
    /** @type {HTMLElement} */ (this.promotion.firstChild)?.focus();
  }

  /** @param {MouseEvent} e */
  promote(e) {
    const b = /** @type {HTMLElement|null} */ (/** @type {Element} */ (e.target).closest(".promote"));
    const m = this.promoting.find((p) => p.promotion === b?.dataset.promotion);
    if (m) this.play(m);
  }

  /**
   * play hands the move picked to the page.
   * @param {Move} m
   */
  play(m) {
    this.cancel();
    this.hooks.pick(m);
  }

  /** cancel drops the piece picked up and any promotion choice. */
  cancel() {
    this.selected = "";
    this.promoting = [];
    this.promotion.hidden = true;
  }
}

/**
 * setMarker shows mark's score on a square, or none.
 * @param {HTMLElement} square
 * @param {Marker|undefined} mark
 */
function setMarker(square, mark) {
  const holder = /** @type {HTMLElement} */ (square.querySelector(".marker-holder"));
  if (!mark) {
    holder.replaceChildren();
    return;
  }
  let m = /** @type {HTMLElement|null} */ (holder.querySelector(".marker"));
  if (!m) {
    m = el("span", "marker");
    holder.append(m);
  }
  m.className = `marker ${mark.tone}${mark.rank === 0 ? " best" : ""}`;
  m.textContent = mark.text;
  m.title = mark.label;
  m.dataset.notation = mark.move.notation;
  m.dataset.score = String(mark.score);
  m.dataset.outcome = mark.outcome;
}

/**
 * @param {string} tag
 * @param {string} className
 */
function el(tag, className) {
  const e = document.createElement(tag);
  e.className = className;
  return e;
}

/**
 * @param {string} tag
 * @param {string} content
 */
function text(tag, content) {
  const e = document.createElement(tag);
  e.textContent = content;
  return e;
}
