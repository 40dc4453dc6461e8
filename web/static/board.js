// board.js: draws any game's board from a position (POST /position) as a
// grid of buttons, with the last move, the engine's current idea and the
// analysis markers, and hands the cell a player picks to onPick. It knows no
// game: the board rows give the size and the stones, the legal moves the
// cells that can be played, the game's placement whether a move is picked
// by its cell or by its column (whose markers go above the board).
//
// Keyboard: the board is one tab stop; the arrow keys move between cells,
// Home and End to the ends of a row, Enter or Space plays the cell.

/** @typedef {import("./movesvc.js").Move} Move */
/** @typedef {import("./movesvc.js").Position} Position */
/** @typedef {import("./movesvc.js").AnalysisEntry} AnalysisEntry */

/**
 * @typedef {object} View
 * @property {Position} position
 * @property {"cell"|"column"} placement
 * @property {Map<string, string>} notations what each played cell's move
 *   was called, by "row,col", for the cells' names
 * @property {boolean} playable whether a pick is taken now
 * @property {Move|null} thinking the engine's best move so far, while it searches
 * @property {AnalysisEntry[]} analysis scored moves to mark, best first
 */

export class Board {
  /**
   * @param {HTMLElement} root an empty element to draw into
   * @param {(move: Move) => void} onPick called with the legal move of the cell picked
   */
  constructor(root, onPick) {
    this.root = root;
    this.onPick = onPick;
    this.focus = { row: 0, col: 0 };
    /** @type {View|null} */
    this.view = null;
    root.addEventListener("click", (e) => this.clicked(e));
    root.addEventListener("keydown", (e) => this.key(e));
  }

  /**
   * draw replaces the board with view.
   * @param {View} view
   */
  draw(view) {
    this.view = view;
    const { position, placement } = view;
    const rows = position.board.length;
    const cols = [...position.board[0]].length;
    this.focus.row = Math.min(this.focus.row, rows - 1);
    this.focus.col = Math.min(this.focus.col, cols - 1);
    const hadFocus = this.root.contains(document.activeElement);
    this.root.replaceChildren();
    this.root.style.setProperty("--cols", String(cols));
    this.root.dataset.rows = String(rows);
    this.root.dataset.cols = String(cols);

    const marks = new Map(view.analysis.map((e, rank) => [key(e.move, placement), { e, rank }]));
    if (placement === "column") {
      const head = el("div", "markers");
      head.setAttribute("aria-label", "Analysis: the score of each column");
      for (let c = 0; c < cols; c++) {
        const slot = el("div", "marker-slot");
        const m = marks.get(`,${c}`);
        if (m) slot.append(marker(m.e, m.rank));
        head.append(slot);
      }
      this.root.append(head);
    }
    const grid = el("div", "grid");
    grid.setAttribute("role", "group");
    grid.setAttribute("aria-label", `Board, ${rows} rows by ${cols} columns. Arrow keys move, Enter plays.`);
    const legal = new Map(position.legal_moves.map((m) => [key(m, placement), m]));
    const last = position.last_move;
    position.board.forEach((line, r) => {
      [...line].forEach((stone, c) => {
        const cell = el("button", "cell");
        cell.type = "button";
        cell.dataset.row = String(r);
        cell.dataset.col = String(c);
        cell.dataset.stone = stone === "." ? "" : stone;
        cell.tabIndex = r === this.focus.row && c === this.focus.col ? 0 : -1;
        const move = legal.get(key({ row: r, col: c }, placement));
        const name = view.notations.get(`${r},${c}`) ?? (stone === "." && move && placement === "cell" ? move.notation : "");
        const parts = [name || `row ${r + 1}, column ${c + 1}`];
        if (stone !== ".") {
          parts.push(stone);
          cell.append(el("span", `stone ${stone}`));
        } else {
          parts.push("empty");
        }
        if (last && last.row === r && last.col === c) {
          cell.classList.add("last");
          parts.push("last move");
        }
        if (view.thinking && view.thinking.row === r && view.thinking.col === c) {
          cell.classList.add("thinking");
          parts.push("the engine's idea so far");
        }
        const m = placement === "cell" && stone === "." ? marks.get(`${r},${c}`) : undefined;
        if (m) {
          cell.append(marker(m.e, m.rank));
          parts.push(describe(m.e));
        }
        if (!view.playable || !move) cell.setAttribute("aria-disabled", "true");
        cell.setAttribute("aria-label", parts.join(", "));
        grid.append(cell);
      });
    });
    this.root.append(grid);
    if (hadFocus) this.cell(this.focus.row, this.focus.col)?.focus();
  }

  /**
   * cell returns the button of a cell, if it is on the board.
   * @param {number} row
   * @param {number} col
   * @returns {HTMLButtonElement|null}
   */
  cell(row, col) {
    return this.root.querySelector(`.cell[data-row="${row}"][data-col="${col}"]`);
  }

  /** @param {MouseEvent} e */
  clicked(e) {
    const cell = /** @type {HTMLElement|null} */ (/** @type {Element} */ (e.target).closest(".cell"));
    if (!cell) return;
    this.moveFocus(Number(cell.dataset.row), Number(cell.dataset.col));
    this.pick(Number(cell.dataset.row), Number(cell.dataset.col));
  }

  /** @param {KeyboardEvent} e */
  key(e) {
    if (!this.view) return;
    const rows = this.view.position.board.length;
    const cols = [...this.view.position.board[0]].length;
    let { row, col } = this.focus;
    switch (e.key) {
      case "ArrowUp": row = Math.max(0, row - 1); break;
      case "ArrowDown": row = Math.min(rows - 1, row + 1); break;
      case "ArrowLeft": col = Math.max(0, col - 1); break;
      case "ArrowRight": col = Math.min(cols - 1, col + 1); break;
      case "Home": col = 0; break;
      case "End": col = cols - 1; break;
      default: return; // Enter and Space click the focused button
    }
    e.preventDefault();
    this.moveFocus(row, col);
    this.cell(row, col)?.focus();
  }

  /**
   * moveFocus makes (row, col) the board's tab stop.
   * @param {number} row
   * @param {number} col
   */
  moveFocus(row, col) {
    this.cell(this.focus.row, this.focus.col)?.setAttribute("tabindex", "-1");
    this.focus = { row, col };
    this.cell(row, col)?.setAttribute("tabindex", "0");
  }

  /**
   * pick hands the legal move of a cell to onPick, when a pick is taken.
   * @param {number} row
   * @param {number} col
   */
  pick(row, col) {
    const view = this.view;
    if (!view || !view.playable) return;
    const move = view.position.legal_moves.find((m) => key(m, view.placement) === key({ row, col }, view.placement));
    if (move) this.onPick(move);
  }
}

/**
 * key names where a move is picked: its cell, or for column placement its
 * column alone.
 * @param {{row: number, col: number}} m
 * @param {"cell"|"column"} placement
 */
function key(m, placement) {
  return placement === "column" ? `,${m.col}` : `${m.row},${m.col}`;
}

/**
 * marker draws an analysis entry's score; rank 0 is the best move.
 * @param {AnalysisEntry} e
 * @param {number} rank
 */
function marker(e, rank) {
  const m = el("span", `marker ${e.outcome}${rank === 0 ? " best" : ""}`);
  m.textContent = scoreText(e);
  m.title = describe(e);
  m.dataset.score = String(e.score);
  m.dataset.outcome = e.outcome;
  m.dataset.notation = e.move.notation;
  return m;
}

/**
 * scoreText is a score as the markers show it: signed, or for an unproved
 * bounded entry the bound proved ("≥2"), or "?".
 * @param {AnalysisEntry} e
 */
export function scoreText(e) {
  if (!e.complete && e.bounds) {
    if (e.outcome === "win") return `≥${e.bounds.lower}`;
    if (e.outcome === "loss") return `≤${signed(e.bounds.upper)}`;
    return "?";
  }
  return signed(e.score);
}

/** @param {number} n */
export function signed(n) {
  return n > 0 ? `+${n}` : n < 0 ? `−${-n}` : "0";
}

/**
 * describe says what an analysis entry means, in words.
 * @param {AnalysisEntry} e
 */
function describe(e) {
  const plies = e.plies_to_end ? ` in ${e.plies_to_end} plies` : "";
  const what = { win: `wins${plies}`, loss: `loses${plies}`, draw: `draws${plies}`, unknown: "not proved" }[e.outcome];
  return `${e.move.notation}: ${what}, score ${scoreText(e)}`;
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
