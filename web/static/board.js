// board.js: the board on the page. It draws each game on its kind of board
// (boards.js), loading the kind's module when the game changes, and passes
// the player's picks and set-up clicks on to the page.

import { kinds, kindOf } from "./boards.js";

/** @typedef {import("./boards.js").View} View */
/** @typedef {import("./boards.js").BoardKind} BoardKind */
/** @typedef {import("./movesvc.js").Game} Game */

export class Board {
  /**
   * @param {HTMLElement} root an empty element to draw into
   * @param {import("./boards.js").Hooks} hooks
   */
  constructor(root, hooks) {
    this.root = root;
    this.hooks = hooks;
    this.kindName = "";
    /** @type {BoardKind|null} */
    this.kind = null;
    /** @type {import("./boards.js").Drawing|null} */
    this.drawing = null;
  }

  /**
   * use makes the board draw game's kind of board from now on, and returns
   * the kind.
   * @param {Game} game
   * @returns {Promise<BoardKind>}
   */
  async use(game) {
    const name = kindOf(game);
    if (name !== this.kindName || !this.kind) {
      const kind = await kinds[name]();
      if (name !== this.kindName || !this.kind) {
        this.kindName = name;
        this.kind = kind;
        this.drawing = null;
      }
    }
    return /** @type {BoardKind} */ (this.kind);
  }

  /**
   * draw shows view on the current kind of board; each draw counts in the
   * board's data-draws, which tests may wait on.
   * @param {View} view
   */
  draw(view) {
    if (!this.kind) return;
    if (!this.drawing) {
      this.root.replaceChildren();
      this.drawing = this.kind.create(this.root, this.hooks);
    }
    this.drawing.draw(view);
    this.root.dataset.kind = this.kindName;
    this.root.dataset.draws = String(Number(this.root.dataset.draws ?? 0) + 1);
  }
}
