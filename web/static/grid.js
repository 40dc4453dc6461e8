// grid.js: what the boards of stones on a grid share (board-cells.js,
// board-intersections.js, board-columns.js): a button per cell, kept from
// one draw to the next; coordinates; the last move, the engine's idea and
// the winning line; analysis markers on the cells or above the columns;
// picks by cell or by column; set-up clicks; and the keyboard: the grid is
// one tab stop, the arrow keys move, Home and End go to the ends of a row,
// Enter or Space plays. A kind says how its pieces and lines look (Style).

/** @typedef {import("./boards.js").View} View */
/** @typedef {import("./boards.js").Hooks} Hooks */
/** @typedef {import("./boards.js").Marker} Marker */

/**
 * @typedef {object} Style how one kind draws on the grid
 * @property {string} kind its name, the board's class kind-<name>
 * @property {{x: string, o: string}} sides the pieces' names
 * @property {(rows: number, cols: number) => {files: string[], ranks: string[]}} coords
 *   the labels under the columns and, top row first, beside the rows
 *   (none: an empty list)
 * @property {(piece: HTMLElement, stone: string) => void} [piece] fills a
 *   cell's piece for stone ("x", "o" or "" for none), when a class is not enough
 * @property {(rows: number, cols: number) => Set<string>} [stars] the
 *   cells, "row,col", that carry a star point
 * @property {(position: import("./movesvc.js").Position) => Set<string>} [forbidden]
 *   the empty cells, "row,col", marked as forbidden to the side to move
 */

/**
 * gridDrawing draws a grid kind into root, in a board of its own.
 * @param {HTMLElement} root
 * @param {Hooks} hooks
 * @param {Style} style
 * @returns {import("./boards.js").Drawing}
 */
export function gridDrawing(root, hooks, style) {
  return new Grid(root, hooks, style);
}

class Grid {
  /**
   * @param {HTMLElement} root
   * @param {Hooks} hooks
   * @param {Style} style
   */
  constructor(root, hooks, style) {
    this.root = el("div", `board kind-${style.kind}`);
    root.replaceChildren(this.root);
    this.hooks = hooks;
    this.style = style;
    this.rows = 0;
    this.cols = 0;
    this.focus = { row: 0, col: 0 };
    /** @type {View|null} */
    this.view = null;
    /** @type {HTMLButtonElement[][]} */
    this.cells = [];
    /** @type {HTMLElement[]} */
    this.slots = [];
    /** @type {{files: string[], ranks: string[]}} */
    this.coords = { files: [], ranks: [] };
    this.lastKey = "";
    this.root.addEventListener("click", (e) => this.clicked(e));
    this.root.addEventListener("keydown", (e) => this.key(e));
    this.root.addEventListener("pointerover", (e) => this.hover(e));
    this.root.addEventListener("pointerleave", () => this.hover(null));
  }

  /**
   * build makes the elements of a rows×cols board.
   * @param {number} rows
   * @param {number} cols
   */
  build(rows, cols) {
    this.rows = rows;
    this.cols = cols;
    this.focus = { row: Math.min(this.focus.row, rows - 1), col: Math.min(this.focus.col, cols - 1) };
    const root = this.root;
    root.style.setProperty("--rows", String(rows));
    root.style.setProperty("--cols", String(cols));
    root.dataset.rows = String(rows);
    root.dataset.cols = String(cols);
    this.coords = this.style.coords(rows, cols);
    const { files, ranks } = this.coords;
    const frame = el("div", "frame");
    const markers = el("div", "markers");
    markers.setAttribute("aria-hidden", "true");
    this.slots = Array.from({ length: cols }, () => markers.appendChild(el("div", "marker-slot")));
    const rankLabels = el("div", "ranks");
    rankLabels.setAttribute("aria-hidden", "true");
    rankLabels.append(...ranks.map((r) => text("span", r)));
    const fileLabels = el("div", "files");
    fileLabels.setAttribute("aria-hidden", "true");
    fileLabels.append(...files.map((f) => text("span", f)));
    const grid = el("div", "grid");
    grid.setAttribute("role", "group");
    grid.setAttribute("aria-label", `Board, ${rows} rows by ${cols} columns. Arrow keys move, Enter plays.`);
    const stars = this.style.stars?.(rows, cols) ?? new Set();
    this.cells = [];
    for (let r = 0; r < rows; r++) {
      const line = [];
      for (let c = 0; c < cols; c++) {
        const cell = /** @type {HTMLButtonElement} */ (el("button", "cell"));
        cell.type = "button";
        cell.dataset.row = String(r);
        cell.dataset.col = String(c);
        cell.dataset.stone = "";
        cell.tabIndex = -1;
        if (r === 0) cell.classList.add("edge-t");
        if (r === rows - 1) cell.classList.add("edge-b");
        if (c === 0) cell.classList.add("edge-l");
        if (c === cols - 1) cell.classList.add("edge-r");
        if (stars.has(`${r},${c}`)) cell.classList.add("star");
        cell.append(el("span", "piece"));
        grid.append(cell);
        line.push(cell);
      }
      this.cells.push(line);
    }
    this.cells[this.focus.row][this.focus.col].tabIndex = 0;
    const overlay = document.createElementNS(svgNS, "svg");
    overlay.classList.add("lines");
    overlay.setAttribute("viewBox", `0 0 ${cols} ${rows}`);
    overlay.setAttribute("preserveAspectRatio", "none");
    overlay.setAttribute("aria-hidden", "true");
    const area = el("div", "area");
    area.append(grid, overlay);
    frame.append(rankLabels, area, el("div", "corner"), fileLabels);
    root.replaceChildren(markers, frame);
    this.lastKey = "";
  }

  /**
   * draw shows view, keeping the cells' elements when the size is unchanged.
   * @param {View} view
   */
  draw(view) {
    const board = view.position.board.map((row) => [...row]);
    const rows = board.length;
    const cols = board[0].length;
    if (rows !== this.rows || cols !== this.cols) this.build(rows, cols);
    this.view = view;
    const byColumn = view.game.placement === "column";
    const legal = new Set(view.position.legal_moves.map((m) => placeKey(m, byColumn)));
    const marks = new Map(view.markers.map((m) => [placeKey(m.move, byColumn), m]));
    const last = view.position.last_move;
    const wins = winningLines(board, last, view.position.winner);
    const winning = new Set(wins.flat().map(([r, c]) => `${r},${c}`));
    const fresh = last ? `${last.row},${last.col}` : "";
    const forbidden = this.style.forbidden?.(view.position) ?? new Set();
    this.root.dataset.over = String(view.position.over);
    this.root.classList.toggle("editing", view.editing);
    for (let r = 0; r < rows; r++) {
      for (let c = 0; c < cols; c++) {
        const stone = board[r][c] === "." ? "" : board[r][c];
        const cell = this.cells[r][c];
        const was = cell.dataset.stone;
        this.setPiece(cell, stone);
        const isLast = `${r},${c}` === fresh;
        const open = view.editing || (view.playable && legal.has(placeKey({ row: r, col: c }, byColumn)));
        cell.classList.toggle("last", isLast);
        cell.classList.toggle("thinking", !!view.thinking && view.thinking.row === r && view.thinking.col === c);
        cell.classList.toggle("win", winning.has(`${r},${c}`));
        cell.classList.toggle("open", open);
        cell.classList.toggle("forbidden", !stone && !view.editing && forbidden.has(`${r},${c}`));
        if (isLast && stone && !was && fresh !== this.lastKey) drop(cell, r);
        const mark = !byColumn && !stone ? marks.get(`${r},${c}`) : undefined;
        setMarker(cell, mark);
        if (open) cell.removeAttribute("aria-disabled");
        else cell.setAttribute("aria-disabled", "true");
        cell.setAttribute("aria-label", this.label(r, c, stone, isLast, mark, winning.has(`${r},${c}`)));
      }
    }
    for (let c = 0; c < cols; c++) setMarker(this.slots[c], byColumn ? marks.get(`,${c}`) : undefined);
    this.root.classList.toggle("column-markers", byColumn && view.markers.length > 0);
    this.drawLines(wins);
    this.lastKey = fresh;
  }

  /**
   * setPiece shows stone ("" for none) on cell.
   * @param {HTMLElement} cell
   * @param {string} stone
   */
  setPiece(cell, stone) {
    if (cell.dataset.stone === stone) return;
    cell.dataset.stone = stone;
    const piece = /** @type {HTMLElement} */ (cell.querySelector(".piece"));
    piece.className = stone ? `piece ${stone}` : "piece";
    this.style.piece?.(piece, stone);
  }

  /**
   * label is a cell's name for assistive technology: its notation, its
   * piece, and what is marked on it.
   * @param {number} r
   * @param {number} c
   * @param {string} stone
   * @param {boolean} isLast
   * @param {Marker|undefined} mark
   * @param {boolean} won
   */
  label(r, c, stone, isLast, mark, won) {
    const view = /** @type {View} */ (this.view);
    const legal = view.position.legal_moves.find((m) => m.row === r && m.col === c);
    const { files, ranks } = this.coords;
    const name = legal?.notation ?? (ranks.length > 0 ? `${files[c]}${ranks[r]}` : `column ${files[c]}, row ${this.rows - r} from the bottom`);
    const parts = [name, stone ? `${stone} (${this.style.sides[/** @type {"x"|"o"} */ (stone)]})` : "empty"];
    if (isLast) parts.push("last move");
    if (this.cells[r][c].classList.contains("forbidden")) parts.push(`forbidden to ${this.style.sides.x}`);
    if (won) parts.push("in the winning line");
    if (this.view?.thinking?.row === r && this.view.thinking.col === c) parts.push("the engine's idea so far");
    if (mark) parts.push(mark.label);
    return parts.join(", ");
  }

  /**
   * drawLines strokes each winning line through its cells' centres.
   * @param {number[][][]} wins
   */
  drawLines(wins) {
    const svg = /** @type {SVGSVGElement} */ (this.root.querySelector("svg.lines"));
    svg.replaceChildren(...wins.map((line) => {
      const [r1, c1] = line[0];
      const [r2, c2] = line[line.length - 1];
      const l = document.createElementNS(svgNS, "line");
      l.setAttribute("x1", String(c1 + 0.5));
      l.setAttribute("y1", String(r1 + 0.5));
      l.setAttribute("x2", String(c2 + 0.5));
      l.setAttribute("y2", String(r2 + 0.5));
      l.setAttribute("vector-effect", "non-scaling-stroke");
      return l;
    }));
  }

  /** @param {MouseEvent} e */
  clicked(e) {
    const cell = /** @type {HTMLElement|null} */ (/** @type {Element} */ (e.target).closest(".cell"));
    if (!cell || !this.view) return;
    const row = Number(cell.dataset.row);
    const col = Number(cell.dataset.col);
    this.moveFocus(row, col);
    if (this.view.editing) {
      this.hooks.edit({ row, col });
      return;
    }
    if (!this.view.playable) return;
    const byColumn = this.view.game.placement === "column";
    const move = this.view.position.legal_moves.find((m) => placeKey(m, byColumn) === placeKey({ row, col }, byColumn));
    if (move) this.hooks.pick(move);
  }

  /** @param {KeyboardEvent} e */
  key(e) {
    if (!this.view) return;
    let { row, col } = this.focus;
    switch (e.key) {
      case "ArrowUp": row = Math.max(0, row - 1); break;
      case "ArrowDown": row = Math.min(this.rows - 1, row + 1); break;
      case "ArrowLeft": col = Math.max(0, col - 1); break;
      case "ArrowRight": col = Math.min(this.cols - 1, col + 1); break;
      case "Home": col = 0; break;
      case "End": col = this.cols - 1; break;
      default: return; // Enter and Space click the focused button
    }
    e.preventDefault();
    this.moveFocus(row, col);
    this.cells[row][col].focus();
  }

  /**
   * moveFocus makes (row, col) the board's tab stop.
   * @param {number} row
   * @param {number} col
   */
  moveFocus(row, col) {
    this.cells[this.focus.row]?.[this.focus.col]?.setAttribute("tabindex", "-1");
    this.focus = { row, col };
    this.cells[row][col].setAttribute("tabindex", "0");
  }

  /**
   * hover marks the column under the pointer, for games played by columns.
   * @param {PointerEvent|null} e
   */
  hover(e) {
    const cell = /** @type {HTMLElement|null|undefined} */ (/** @type {Element|undefined} */ (e?.target)?.closest?.(".cell"));
    const col = cell && this.view?.game.placement === "column" ? cell.dataset.col : undefined;
    for (const line of this.cells) {
      for (const c of line) c.classList.toggle("hover-column", c.dataset.col === col);
    }
  }
}

/**
 * winningLines returns the lines of the winner's stones through the last
 * move, as [row, col] cells from one end to the other: the longest of its
 * four directions, when at least three long (any that long, should the move
 * have made two).
 * @param {string[][]} board
 * @param {{row: number, col: number}|undefined} last
 * @param {string|undefined} winner
 * @returns {number[][][]}
 */
export function winningLines(board, last, winner) {
  if (!last || !winner || board[last.row]?.[last.col] !== winner) return [];
  const at = (/** @type {number} */ r, /** @type {number} */ c) => board[r]?.[c];
  const lines = [[0, 1], [1, 0], [1, 1], [1, -1]].map(([dr, dc]) => {
    const line = [[last.row, last.col]];
    for (let r = last.row + dr, c = last.col + dc; at(r, c) === winner; r += dr, c += dc) line.push([r, c]);
    for (let r = last.row - dr, c = last.col - dc; at(r, c) === winner; r -= dr, c -= dc) line.unshift([r, c]);
    return line;
  });
  const longest = Math.max(...lines.map((l) => l.length));
  return longest >= 3 ? lines.filter((l) => l.length === longest) : [];
}

/**
 * placeKey names where a move is picked: its cell, or for a game played by
 * columns its column alone.
 * @param {{row: number, col: number}} m
 * @param {boolean} byColumn
 */
function placeKey(m, byColumn) {
  return byColumn ? `,${m.col}` : `${m.row},${m.col}`;
}

/**
 * setMarker shows mark in holder (a cell or a column's slot), or none.
 * @param {HTMLElement} holder
 * @param {Marker|undefined} mark
 */
function setMarker(holder, mark) {
  let m = /** @type {HTMLElement|null} */ (holder.querySelector(".marker"));
  if (!mark) {
    m?.remove();
    return;
  }
  if (!m) {
    m = el("span", "marker");
    m.append(el("span", "score"), el("span", "rank"));
    holder.append(m);
  }
  m.className = `marker ${mark.tone}${mark.rank === 0 ? " best" : ""}`;
  /** @type {HTMLElement} */ (m.firstChild).textContent = mark.text;
  /** @type {HTMLElement} */ (m.lastChild).textContent = String(mark.rank + 1);
  m.title = mark.label;
  m.dataset.score = String(mark.score);
  m.dataset.outcome = mark.outcome;
  m.dataset.notation = mark.move.notation;
  m.dataset.text = mark.text;
  m.style.setProperty("--len", String(mark.text.length));
}

/**
 * drop lets a new piece fall into its cell from above the board, row+1
 * cells (a style without the animation shows it in place).
 * @param {HTMLElement} cell
 * @param {number} row
 */
function drop(cell, row) {
  cell.style.setProperty("--fall", String(row + 1));
  cell.classList.remove("drop");
  void cell.offsetWidth; // restarts the animation
  cell.classList.add("drop");
}

const svgNS = "http://www.w3.org/2000/svg";

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
