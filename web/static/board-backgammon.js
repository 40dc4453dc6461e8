// board-backgammon.js: a backgammon board. 24 points in x's numbering
// (x's home board, points 1-6, at the bottom right; o's at the top right),
// the bar between the halves, each side's borne-off checkers in a tray on
// the right, the dice, the cube and the last move. At a chance node of the
// player's a Roll button rolls the dice (a legal move, "31"). After the
// roll the player enters the play by clicks: a checker's point (or the
// bar), then where it goes (a point or the tray), once per checker moved;
// the points it can reach are marked. When the clicks make up exactly one
// legal play, the board picks it. Steps are in the mover's numbering (25
// the bar, 0 off), as the API gives them (MoveView.Steps). The cube: where
// the player may double before its roll a Double button plays "double";
// a double offered to the player shows Take and Drop.

/** @typedef {import("./boards.js").View} View */
/** @typedef {import("./boards.js").Hooks} Hooks */
/** @typedef {import("./movesvc.js").Move} Move */
/** @typedef {{from: number, to: number, hit?: boolean}} Step */

/** How the players' checkers are called. */
export const sides = { x: "X", o: "O" };

/** Positions are given by moves or IDs, not set up by clicks. */
export const editable = false;

/**
 * mover is the side to move after the first n of moves, first on roll
 * before them: a roll leaves its side to play, a play passes the turn; a
 * double is the other side's to take or drop, after which the doubler
 * rolls.
 * @param {number} n
 * @param {string[]} moves
 * @param {"x"|"o"} first
 * @returns {"x"|"o"}
 */
export function mover(n, moves, first) {
  /** @type {"x"|"o"} */
  let turn = first;
  let offered = false;
  for (const m of moves.slice(0, n)) {
    if (m === "double") offered = true;
    else if (offered) offered = false; // take, or drop ("pass")
    else if (!/^[1-6]\s*[-, ]?\s*[1-6]$/.test(m.trim())) turn = turn === "x" ? "o" : "x";
  }
  return offered ? (turn === "x" ? "o" : "x") : turn;
}

/**
 * create draws a backgammon board into root.
 * @param {HTMLElement} root
 * @param {Hooks} hooks
 */
export function create(root, hooks) {
  return new Backgammon(root, hooks);
}

/**
 * el makes an element with a class.
 * @param {string} tag
 * @param {string} cls
 */
function el(tag, cls) {
  const e = document.createElement(tag);
  e.className = cls;
  return e;
}

/**
 * chain removes from steps a chain of one checker's steps from `from` to
 * `to` and returns the steps left, or null when there is none.
 * @param {Step[]} steps
 * @param {number} from
 * @param {number} to
 * @returns {Step[]|null}
 */
function chain(steps, from, to) {
  for (let i = 0; i < steps.length; i++) {
    const s = steps[i];
    if (s.from !== from) continue;
    const rest = [...steps.slice(0, i), ...steps.slice(i + 1)];
    if (s.to === to) return rest;
    if (s.to === 0) continue;
    const deeper = chain(rest, s.to, to);
    if (deeper) return deeper;
  }
  return null;
}

/**
 * reach adds to out every point a checker on `from` reaches by a chain of
 * steps.
 * @param {Step[]} steps
 * @param {number} from
 * @param {Set<number>} out
 */
function reach(steps, from, out) {
  steps.forEach((s, i) => {
    if (s.from !== from) return;
    out.add(s.to);
    if (s.to !== 0) reach([...steps.slice(0, i), ...steps.slice(i + 1)], s.to, out);
  });
}

class Backgammon {
  /**
   * @param {HTMLElement} root
   * @param {Hooks} hooks
   */
  constructor(root, hooks) {
    this.root = el("div", "board kind-backgammon");
    root.replaceChildren(this.root);
    this.hooks = hooks;
    /** @type {View|null} */
    this.view = null;
    /** @type {[number, number][]} the checker moves clicked so far, mover's numbering */
    this.segments = [];
    /** @type {number|null} the point picked to move from, mover's numbering */
    this.from = null;
    this.key = "";
    this.build();
    this.root.addEventListener("click", (e) => this.clicked(e));
  }

  /** build makes the board's elements, kept from one draw to the next. */
  build() {
    this.info = el("div", "bg-info");
    const table = el("div", "bg-table");
    /** @type {Map<string, HTMLButtonElement>} */
    this.spots = new Map();
    const spot = (/** @type {string} */ name, /** @type {string} */ cls) => {
      const b = /** @type {HTMLButtonElement} */ (el("button", cls));
      b.type = "button";
      b.dataset.spot = name;
      this.spots.set(name, b);
      return b;
    };
    const top = [13, 14, 15, 16, 17, 18, 0, 19, 20, 21, 22, 23, 24];
    const bottom = [12, 11, 10, 9, 8, 7, 0, 6, 5, 4, 3, 2, 1];
    for (const [row, points, bar, off] of [["top", top, "bar-o", "off-o"], ["bottom", bottom, "bar-x", "off-x"]]) {
      const line = el("div", `bg-row bg-${row}`);
      for (const p of /** @type {number[]} */ (points)) {
        if (p === 0) {
          line.append(spot(/** @type {string} */ (bar), "bg-bar"));
          continue;
        }
        const b = spot(String(p), `bg-point ${p % 2 ? "odd" : "even"}`);
        b.dataset.point = String(p);
        const label = el("span", "bg-label");
        label.textContent = String(p);
        b.append(label);
        line.append(b);
      }
      line.append(spot(/** @type {string} */ (off), "bg-off"));
      table.append(line);
    }
    this.controls = el("div", "bg-controls");
    this.dice = el("span", "bg-dice");
    this.roll = /** @type {HTMLButtonElement} */ (el("button", "bg-roll"));
    this.roll.type = "button";
    this.roll.id = "bg-roll";
    this.roll.textContent = "Roll";
    this.pass = /** @type {HTMLButtonElement} */ (el("button", "bg-pass"));
    this.pass.type = "button";
    this.pass.textContent = "Pass (no legal play)";
    this.clear = /** @type {HTMLButtonElement} */ (el("button", "bg-clear"));
    this.clear.type = "button";
    this.clear.textContent = "Clear";
    /** @type {Record<string, HTMLButtonElement>} the cube's buttons, by the move each plays */
    this.cube = {};
    for (const [move, label] of [["double", "Double"], ["take", "Take"], ["drop", "Drop"]]) {
      const b = /** @type {HTMLButtonElement} */ (el("button", `bg-cube bg-${move}`));
      b.type = "button";
      b.id = `bg-${move}`;
      b.dataset.move = move;
      b.textContent = label;
      this.cube[move] = b;
    }
    this.entered = el("span", "bg-entered");
    this.entered.setAttribute("aria-live", "polite");
    this.controls.append(this.dice, this.roll, this.cube.double, this.cube.take, this.cube.drop, this.pass, this.clear, this.entered);
    this.root.append(this.info, table, this.controls);
  }

  /** @param {View} view */
  draw(view) {
    this.view = view;
    const pos = view.position;
    const key = `${pos.position ?? ""}|${pos.ply}|${view.playable}`;
    if (key !== this.key) {
      this.key = key;
      this.segments = [];
      this.from = null;
    }
    const v = /** @type {{points: number[], bar: number[], off: number[], dice?: number[], cube: number, cube_owner?: string, may_double?: boolean, doubled?: boolean}} */ (pos.view);
    if (!v) return;
    for (let p = 1; p <= 24; p++) this.fill(String(p), v.points[p - 1], `point ${p}`);
    this.fill("bar-x", v.bar[0], "x's bar");
    this.fill("bar-o", -v.bar[1], "o's bar");
    this.fill("off-x", v.off[0], "x's borne-off checkers");
    this.fill("off-o", -v.off[1], "o's borne-off checkers");
    const last = pos.last_move;
    const owner = v.cube_owner ? `, owned by ${v.cube_owner}` : "";
    const doing = pos.chance ? "to roll" : v.doubled ? "to take or drop the double" : "to play";
    this.info.textContent = `${pos.over ? "game over" : `${pos.to_move} ${doing}`} · cube ${v.cube}${owner}` +
      (last ? ` · last: ${last.notation}` : "");
    this.dice.textContent = v.dice ? `dice ${v.dice.join("-")}` : "";
    this.root.dataset.dice = v.dice ? v.dice.join("") : "";
    this.root.dataset.toMove = pos.to_move;
    this.root.dataset.chance = String(!!pos.chance);
    const playing = view.playable && !pos.chance && !v.doubled;
    this.roll.hidden = !(view.playable && pos.chance);
    this.cube.double.hidden = !(view.playable && pos.chance && v.may_double);
    this.cube.take.hidden = this.cube.drop.hidden = !(view.playable && v.doubled);
    const passOnly = playing && pos.legal_moves.length === 1 && !(pos.legal_moves[0].steps?.length);
    this.pass.hidden = !passOnly;
    this.clear.hidden = !(playing && (this.segments.length > 0 || this.from !== null));
    this.entered.textContent = this.segments.map(([f, t]) => `${f === 25 ? "bar" : f}/${t === 0 ? "off" : t}`).join(" ");
    this.mark(last, pos.to_move, playing);
  }

  /**
   * fill shows n checkers on a spot (x's positive, o's negative).
   * @param {string} name
   * @param {number} n
   * @param {string} what
   */
  fill(name, n, what) {
    const b = /** @type {HTMLButtonElement} */ (this.spots.get(name));
    const side = n > 0 ? "x" : n < 0 ? "o" : "";
    const count = Math.abs(n);
    const shown = Math.min(count, 5);
    if (b.dataset.count !== String(n)) {
      b.dataset.count = String(n);
      const pieces = [];
      for (let i = 0; i < shown; i++) pieces.push(el("span", `checker ${side}`));
      if (count > 5) {
        const more = el("span", "bg-more");
        more.textContent = String(count);
        pieces.push(more);
      }
      const label = b.querySelector(".bg-label");
      b.replaceChildren(...(label ? [label] : []), ...pieces);
    }
    b.setAttribute("aria-label", `${what}: ${count ? `${count} ${side}` : "empty"}`);
  }

  /**
   * mark highlights the last play's points, the point picked and where it
   * may go.
   * @param {Move|undefined} last
   * @param {"x"|"o"} toMove
   * @param {boolean} playing
   */
  mark(last, toMove, playing) {
    const lastSpots = new Set();
    if (last?.steps) {
      const by = toMove === "x" ? "o" : "x"; // a play passes the turn
      for (const s of last.steps) lastSpots.add(this.spotOf(s.to, by)).add(this.spotOf(s.from, by));
    }
    const targets = new Set();
    const sources = new Set();
    if (playing) {
      const mover = /** @type {"x"|"o"} */ (toMove);
      for (const steps of this.remaining()) {
        if (this.from !== null) {
          const out = new Set();
          reach(steps, this.from, out);
          for (const p of out) targets.add(this.spotOf(p, mover));
        } else {
          for (const s of steps) sources.add(this.spotOf(s.from, mover));
        }
      }
      if (this.from !== null) sources.add(this.spotOf(this.from, mover));
    }
    for (const [name, b] of this.spots) {
      b.classList.toggle("last", lastSpots.has(name));
      b.classList.toggle("target", targets.has(name));
      b.classList.toggle("source", sources.has(name));
      b.classList.toggle("picked", this.from !== null && name === this.spotOf(this.from, toMove));
      b.disabled = !playing;
    }
  }

  /**
   * spotOf names the spot of point p in side's numbering (25 its bar, 0
   * its tray).
   * @param {number} p
   * @param {"x"|"o"} side
   */
  spotOf(p, side) {
    if (p === 25) return `bar-${side}`;
    if (p === 0) return `off-${side}`;
    return String(side === "x" ? p : 25 - p);
  }

  /**
   * pointOf is the mover's number of a spot, or null when it is not one the
   * mover uses (the other side's bar or tray).
   * @param {string} name
   * @param {"x"|"o"} side
   */
  pointOf(name, side) {
    if (name === `bar-${side}`) return 25;
    if (name === `off-${side}`) return 0;
    const p = Number(name);
    if (!(p >= 1 && p <= 24)) return null;
    return side === "x" ? p : 25 - p;
  }

  /**
   * remaining returns, for each legal play that the segments clicked so
   * far fit, the steps it has left.
   * @returns {Step[][]}
   */
  remaining() {
    const out = [];
    for (const m of this.view?.position.legal_moves ?? []) {
      /** @type {Step[]|null} */
      let steps = m.steps ?? [];
      for (const [f, t] of this.segments) {
        steps = steps && chain(steps, f, t);
      }
      if (steps) out.push(steps);
    }
    return out;
  }

  /** @param {MouseEvent} e */
  clicked(e) {
    const view = this.view;
    if (!view || !view.playable) return;
    const pos = view.position;
    const target = /** @type {HTMLElement} */ (e.target);
    if (target.closest(".bg-roll")) return this.rollDice();
    const cube = /** @type {HTMLElement|null} */ (target.closest(".bg-cube"));
    if (cube) return this.hooks.pick({ notation: /** @type {string} */ (cube.dataset.move) });
    if (target.closest(".bg-pass")) return this.hooks.pick(pos.legal_moves[0]);
    if (target.closest(".bg-clear")) {
      this.segments = [];
      this.from = null;
      return this.draw(view);
    }
    const b = /** @type {HTMLElement|null} */ (target.closest("[data-spot]"));
    if (!b || pos.chance) return;
    const p = this.pointOf(/** @type {string} */ (b.dataset.spot), pos.to_move);
    if (p === null) return;
    if (this.from === null || p === this.from) {
      this.from = this.from === p ? null : this.startsHere(p) ? p : null;
      return this.draw(view);
    }
    const to = p;
    const fits = this.fitting([...this.segments, [this.from, to]]);
    if (fits.length === 0) {
      this.from = this.startsHere(p) ? p : this.from;
      return this.draw(view);
    }
    this.segments.push([this.from, to]);
    this.from = null;
    const done = fits.filter((f) => f.left.length === 0);
    if (done.length === 1 && fits.length === 1) {
      this.segments = [];
      return this.hooks.pick(done[0].move);
    }
    this.draw(view);
  }

  /**
   * startsHere reports whether a checker on p may move next.
   * @param {number} p
   */
  startsHere(p) {
    return this.remaining().some((steps) => steps.some((s) => s.from === p));
  }

  /**
   * fitting returns the legal plays that segments fit, with their steps
   * left.
   * @param {[number, number][]} segments
   */
  fitting(segments) {
    const out = [];
    for (const move of this.view?.position.legal_moves ?? []) {
      /** @type {Step[]|null} */
      let left = move.steps ?? [];
      for (const [f, t] of segments) left = left && chain(left, f, t);
      if (left) out.push({ move, left });
    }
    return out;
  }

  /** rollDice rolls two dice and picks that roll (the opening's doubles roll again). */
  rollDice() {
    const rolls = this.view?.position.legal_moves ?? [];
    for (;;) {
      const a = 1 + Math.floor(Math.random() * 6);
      const b = 1 + Math.floor(Math.random() * 6);
      const m = rolls.find((r) => r.notation === `${Math.max(a, b)}${Math.min(a, b)}`);
      if (m) return this.hooks.pick(m);
    }
  }
}
