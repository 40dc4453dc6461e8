// board-chess.js: a chessboard. Pieces are Unicode chess glyphs coloured by
// the page's style; files a-h and ranks 1-8 are written along the edges,
// the board turned for a player of black. A move is two clicks: a piece of
// the side to move (its legal targets light up), then a target; a pawn
// reaching the last rank asks which piece it becomes. A piece may also be
// dragged to its target (pointer events, so a mouse, a pen or a finger).
// The last move, the king in check, the engine's idea so far and the best
// analysed moves are marked on their squares; the best analysed move (or
// the engine's idea while it thinks) is an arrow, with its score.

/** @typedef {import("./boards.js").View} View */
/** @typedef {import("./boards.js").Hooks} Hooks */
/** @typedef {import("./boards.js").Marker} Marker */
/** @typedef {import("./movesvc.js").Move} Move */

/** How the players' pieces are called. */
export const sides = { x: "white", o: "black" };

/** A chess position is set up from a FEN, not by clicking squares. */
export const editable = false;

const files = "abcdefgh";
const svgNS = "http://www.w3.org/2000/svg";

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
    this.arrows = document.createElementNS(svgNS, "svg");
    this.arrows.setAttribute("class", "arrows");
    this.arrows.setAttribute("viewBox", "0 0 8 8");
    this.arrows.setAttribute("aria-hidden", "true");
    /** @type {{from: string, x: number, y: number, pointer: number, ghost: HTMLElement|null}|null} a piece being dragged */
    this.drag = null;
    /**
     * set from the end of a drag until the click it makes, which is not a
     * pick; the next press clears it, so a stale flag never eats a click
     */
    this.dragged = false;
    const area = el("div", "area");
    area.append(this.grid, this.arrows, this.promotion);
    const frame = el("div", "frame");
    frame.append(this.ranks, area, el("div", "corner"), this.files);
    this.root.append(frame);
    this.grid.addEventListener("click", (e) => this.clicked(e));
    this.grid.addEventListener("pointerdown", (e) => this.down(e));
    this.grid.addEventListener("pointermove", (e) => this.moved(e));
    this.grid.addEventListener("pointerup", (e) => this.up(e));
    this.grid.addEventListener("pointercancel", () => this.endDrag());
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
    if (changed || !view.playable) {
      this.cancel();
      this.endDrag();
    }
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
    this.drawArrow(view);
  }

  /**
   * drawArrow draws the best analysed move as an arrow from its square to
   * its target with its score, or while the engine thinks its idea so far
   * (dashed, no score), or none.
   * @param {View} view
   */
  drawArrow(view) {
    const best = view.markers.find((m) => m.rank === 0);
    const move = best?.move ?? view.thinking;
    if (!move?.from || !move.to) {
      this.arrows.replaceChildren();
      return;
    }
    const [x1, y1] = this.centre(move.from);
    const [x2, y2] = this.centre(move.to);
    const g = document.createElementNS(svgNS, "g");
    g.setAttribute("class", `arrow ${best ? `best ${best.tone}` : "thinking"}`);
    g.dataset.from = move.from;
    g.dataset.to = move.to;
    g.dataset.notation = move.notation;
    const shape = document.createElementNS(svgNS, "polygon");
    shape.setAttribute("points", arrowPoints(x1, y1, x2, y2));
    g.append(shape);
    if (best) {
      g.dataset.score = String(best.score);
      const [mx, my] = [(x1 + x2) / 2, (y1 + y2) / 2];
      const label = document.createElementNS(svgNS, "rect");
      const w = 0.16 * best.text.length + 0.2;
      for (const [k, v] of [["x", mx - w / 2], ["y", my - 0.2], ["width", w], ["height", 0.4], ["rx", 0.1]]) label.setAttribute(String(k), String(v));
      const t = document.createElementNS(svgNS, "text");
      t.setAttribute("x", String(mx));
      t.setAttribute("y", String(my + 0.01));
      t.textContent = best.text;
      g.append(label, t);
    }
    this.arrows.replaceChildren(g);
  }

  /**
   * centre is the middle of square on the board as drawn, in squares from
   * its top left.
   * @param {string} square
   * @returns {[number, number]}
   */
  centre(square) {
    const f = files.indexOf(square[0]);
    const r = Number(square.slice(1)) - 1;
    return this.flipped ? [7 - f + 0.5, r + 0.5] : [f + 0.5, 7 - r + 0.5];
  }

  /**
   * down starts a drag on a piece of the side to move.
   * @param {PointerEvent} e
   */
  down(e) {
    this.dragged = false;
    const sq = /** @type {HTMLElement|null} */ (/** @type {Element} */ (e.target).closest(".square"));
    if (e.button !== 0 || !sq || !this.view?.playable || this.movesFrom(sq.dataset.square ?? "").length === 0) return;
    this.endDrag();
    this.drag = { from: sq.dataset.square ?? "", x: e.clientX, y: e.clientY, pointer: e.pointerId, ghost: null };
  }

  /**
   * moved follows a drag: past a few pixels the piece leaves its square
   * and goes with the pointer, its targets lit.
   * @param {PointerEvent} e
   */
  moved(e) {
    const d = this.drag;
    if (!d || e.pointerId !== d.pointer) return;
    if (!d.ghost) {
      if (Math.hypot(e.clientX - d.x, e.clientY - d.y) < 6) return;
      const sq = /** @type {HTMLElement} */ (this.squares.get(d.from));
      this.grid.setPointerCapture(e.pointerId);
      const size = sq.getBoundingClientRect().width;
      d.ghost = /** @type {HTMLElement} */ (/** @type {HTMLElement} */ (sq.querySelector(".piece")).cloneNode(true));
      d.ghost.classList.add("ghost");
      d.ghost.style.fontSize = `${0.78 * size}px`;
      d.ghost.style.width = d.ghost.style.height = `${size}px`;
      d.ghost.style.setProperty("-webkit-text-stroke-width", `${(d.ghost.classList.contains("white") ? 0.025 : 0.015) * size}px`);
      this.root.append(d.ghost);
      sq.classList.add("dragging");
      this.selected = d.from;
      this.promotion.hidden = true;
      if (this.view) this.draw(this.view);
    }
    const size = d.ghost.getBoundingClientRect().width;
    d.ghost.style.left = `${e.clientX - size / 2}px`;
    d.ghost.style.top = `${e.clientY - size / 2}px`;
  }

  /**
   * up drops a dragged piece: on a legal target the move is played (a
   * promotion asks for its piece), anywhere else it goes back.
   * @param {PointerEvent} e
   */
  up(e) {
    const d = this.drag;
    if (!d || e.pointerId !== d.pointer) return;
    const dropped = !!d.ghost;
    this.endDrag();
    if (!dropped || !this.view) return;
    this.dragged = true;
    const at = document.elementFromPoint(e.clientX, e.clientY)?.closest(".square");
    const name = /** @type {HTMLElement|null|undefined} */ (at)?.dataset.square ?? "";
    const moves = this.movesFrom(d.from).filter((m) => m.to === name);
    if (moves.length === 1) {
      this.play(moves[0]);
    } else if (moves.length > 1) {
      this.askPromotion(moves);
    } else {
      this.selected = "";
      this.draw(this.view);
    }
  }

  /** endDrag drops the dragged piece's image, if any. */
  endDrag() {
    const d = this.drag;
    this.drag = null;
    if (!d?.ghost) return;
    d.ghost.remove();
    this.squares.get(d.from)?.classList.remove("dragging");
    if (this.grid.hasPointerCapture(d.pointer)) this.grid.releasePointerCapture(d.pointer);
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
    if (this.dragged) {
      this.dragged = false;
      return;
    }
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

/**
 * arrowPoints is the outline of an arrow from (x1, y1) to (x2, y2), in
 * squares: a shaft, then a head whose tip is at the target's centre.
 * @param {number} x1
 * @param {number} y1
 * @param {number} x2
 * @param {number} y2
 */
function arrowPoints(x1, y1, x2, y2) {
  const len = Math.hypot(x2 - x1, y2 - y1) || 1;
  const [dx, dy] = [(x2 - x1) / len, (y2 - y1) / len];
  const [nx, ny] = [-dy, dx];
  const shaft = 0.075;
  const head = 0.22;
  const [bx, by] = [x2 - dx * 0.4, y2 - dy * 0.4];
  const pts = [
    [x1 + nx * shaft, y1 + ny * shaft], [bx + nx * shaft, by + ny * shaft], [bx + nx * head, by + ny * head], [x2, y2],
    [bx - nx * head, by - ny * head], [bx - nx * shaft, by - ny * shaft], [x1 - nx * shaft, y1 - ny * shaft],
  ];
  return pts.map(([x, y]) => `${x.toFixed(3)},${y.toFixed(3)}`).join(" ");
}
