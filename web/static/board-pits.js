// board-pits.js: a mancala board (Kalah). South (x, who moves first) owns
// the bottom row, its pits numbered 1 to m from its left, and the store at
// the right end; North owns the top row, numbered from its own left (the
// board's right), and the store at the left end. Seeds are sown
// counter-clockwise. A pit is a button with its count, picked to sow; the
// last move's sowing is shown seed by seed, pit after pit, and an extra
// turn (the last seed in the mover's store) is said above the board.

/** How the sides are called. */
export const sides = { x: "South", o: "North" };

/** A position is set up by its notation, not by clicks. */
export const editable = false;

/** The time between two seeds of a sowing shown, in milliseconds. */
const stepMS = 90;

/**
 * create draws a mancala board into root.
 * @param {HTMLElement} root
 * @param {import("./boards.js").Hooks} hooks
 */
export function create(root, hooks) {
  return new PitsDrawing(root, hooks);
}

/**
 * @typedef {object} PitsView the API's view of a Kalah position
 * @property {number[][]} pits each side's pits from its own left
 * @property {number[]} stores
 */

class PitsDrawing {
  /**
   * @param {HTMLElement} root
   * @param {import("./boards.js").Hooks} hooks
   */
  constructor(root, hooks) {
    this.hooks = hooks;
    this.board = el("div", "board kind-pits");
    this.note = el("p", "pits-note");
    this.note.setAttribute("aria-live", "polite");
    this.area = el("div", "pits-area");
    this.board.append(this.note, this.area);
    root.replaceChildren(this.board);
    this.m = 0;
    /** @type {{x: HTMLButtonElement[], o: HTMLButtonElement[]}} */
    this.pits = { x: [], o: [] };
    /** @type {{x: HTMLElement, o: HTMLElement}|null} */
    this.stores = null;
    /** @type {import("./movesvc.js").Position|null} the position drawn last */
    this.prev = null;
    /** @type {Map<number, import("./movesvc.js").Move>} the legal moves by pit */
    this.legal = new Map();
    this.playable = false;
    /** @type {"x"|"o"} the side to move */
    this.mover = "x";
  }

  /**
   * build makes the elements of a board of m pits a side.
   * @param {number} m
   */
  build(m) {
    this.m = m;
    this.area.style.setProperty("--pits", String(m));
    const store = (/** @type {"x"|"o"} */ side) => {
      const s = el("div", `store side-${side}`);
      s.dataset.side = side;
      s.append(el("span", "count"), el("span", "pit-label"));
      /** @type {HTMLElement} */ (s.lastChild).textContent = `${sides[side]}'s store`;
      return s;
    };
    this.stores = { x: store("x"), o: store("o") };
    const pit = (/** @type {"x"|"o"} */ side, /** @type {number} */ k) => {
      const b = /** @type {HTMLButtonElement} */ (el("button", `pit side-${side}`));
      b.type = "button";
      b.dataset.side = side;
      b.dataset.pit = String(k);
      b.append(el("span", "count"), el("span", "pit-label"), el("span", "marker"));
      /** @type {HTMLElement} */ (b.children[1]).textContent = String(k);
      b.addEventListener("click", () => this.clicked(side, k));
      return b;
    };
    this.pits = { x: [], o: [] };
    for (let k = 1; k <= m; k++) {
      this.pits.x.push(pit("x", k));
      this.pits.o.push(pit("o", k));
    }
    const north = el("div", "row north");
    north.append(...[...this.pits.o].reverse());
    const south = el("div", "row south");
    south.append(...this.pits.x);
    const rows = el("div", "rows");
    rows.append(north, south);
    this.area.replaceChildren(this.stores.o, rows, this.stores.x);
    this.prev = null;
  }

  /**
   * clicked picks the move of side's pit k when it is the player's to play.
   * @param {"x"|"o"} side
   * @param {number} k
   */
  clicked(side, k) {
    const move = this.legal.get(k);
    if (!this.playable || !move || side !== this.mover) return;
    this.hooks.pick(move);
  }

  /** @param {import("./boards.js").View} view */
  draw(view) {
    const pos = view.position;
    const v = /** @type {PitsView|undefined} */ (pos.view);
    if (!v) return;
    const m = v.pits[0].length;
    if (m !== this.m) this.build(m);
    const stores = /** @type {{x: HTMLElement, o: HTMLElement}} */ (this.stores);
    this.mover = pos.to_move === "o" ? "o" : "x";
    this.playable = view.playable;
    this.legal = new Map(pos.legal_moves.map((mv) => [mv.pit ?? 0, mv]));
    const marks = new Map(view.markers.map((mk) => [mk.move.pit ?? 0, mk]));
    for (const side of /** @type {("x"|"o")[]} */ (["x", "o"])) {
      const counts = v.pits[side === "x" ? 0 : 1];
      this.pits[side].forEach((b, i) => {
        const k = i + 1;
        const mine = side === this.mover && !pos.over;
        const open = view.playable && mine && this.legal.has(k);
        setCount(b, counts[i]);
        b.classList.toggle("open", open);
        b.classList.toggle("to-move", mine);
        b.classList.toggle("thinking", mine && view.thinking?.pit === k);
        if (open) b.removeAttribute("aria-disabled");
        else b.setAttribute("aria-disabled", "true");
        const mk = mine ? marks.get(k) : undefined;
        const marker = /** @type {HTMLElement} */ (b.querySelector(".marker"));
        marker.textContent = mk ? mk.text : "";
        marker.className = mk ? `marker ${mk.tone}${mk.rank === 0 ? " best" : ""}` : "marker";
        b.setAttribute("aria-label", `${sides[side]}'s pit ${k}: ${plural(counts[i])}${mk ? `, ${mk.label}` : ""}${open ? ", sow it" : ""}`);
      });
      setCount(stores[side], v.stores[side === "x" ? 0 : 1]);
      stores[side].setAttribute("aria-label", `${sides[side]}'s store: ${plural(v.stores[side === "x" ? 0 : 1])}`);
    }
    this.showLastMove(pos);
    this.prev = pos;
  }

  /**
   * showLastMove marks the pit the last move sowed and, when the position
   * follows the one drawn before by that move, shows its sowing seed by
   * seed and says when the same side moves again.
   * @param {import("./movesvc.js").Position} pos
   */
  showLastMove(pos) {
    const prev = this.prev;
    const stores = /** @type {{x: HTMLElement, o: HTMLElement}} */ (this.stores);
    const next = !!prev && pos.ply === prev.ply + 1 && !!pos.last_move && !!prev.view;
    if (prev && prev.ply === pos.ply && prev.position === pos.position) return; // the same position again
    for (const e of this.board.querySelectorAll(".sown, .last")) {
      e.classList.remove("sown", "last");
      /** @type {HTMLElement} */ (e).style.removeProperty("--delay");
    }
    this.board.dataset.extraTurn = "false";
    this.note.textContent = "";
    if (!next || !prev || !pos.last_move) return;
    const mover = prev.to_move === "o" ? "o" : "x";
    const pit = pos.last_move.pit ?? 0;
    const before = /** @type {PitsView} */ (prev.view);
    this.pits[mover][pit - 1]?.classList.add("last");
    const seeds = before.pits[mover === "x" ? 0 : 1][pit - 1] ?? 0;
    const ring = [...this.pits[mover], stores[mover], ...this.pits[mover === "x" ? "o" : "x"]];
    void this.board.offsetWidth; // restarts the animation of the cells sown again
    for (let i = 0; i < seeds; i++) {
      const cell = ring[(pit + i) % ring.length];
      cell.classList.add("sown");
      cell.style.setProperty("--delay", `${Math.min(i, 40) * stepMS}ms`);
    }
    if (!pos.over && pos.to_move === prev.to_move) {
      this.board.dataset.extraTurn = "true";
      this.note.textContent = `The last seed fell into ${sides[mover]}'s store: ${sides[mover]} moves again.`;
    }
  }
}

/**
 * setCount shows n seeds in a pit or store.
 * @param {HTMLElement} e
 * @param {number} n
 */
function setCount(e, n) {
  e.dataset.count = String(n);
  /** @type {HTMLElement} */ (e.querySelector(".count")).textContent = String(n);
}

/** @param {number} n */
function plural(n) {
  return n === 1 ? "1 seed" : `${n} seeds`;
}

/**
 * el makes an element with a class.
 * @param {string} tag
 * @param {string} className
 */
function el(tag, className) {
  const e = document.createElement(tag);
  e.className = className;
  return e;
}
