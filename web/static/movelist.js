// movelist.js: the moves played, as a list to click: a move shows the
// position after it, the first button the start. The move shown is
// aria-current; moves that only set a position up are marked as such.

import { numbered } from "./pgn.js";

/**
 * showMoves lists notations, ply of them shown on the board, the first
 * setup of them set-up moves; go(n) shows the position after n moves;
 * side(i) is the side that makes move i (0-based): x, o, x, ... unless
 * the game says otherwise (backgammon's rolls and plays). A game with a
 * second notation (chess's SAN) gives san: the moves in it, numbered by
 * move from start ("1. e4 e5 2. Nf3"), listed two to a row.
 * @param {string[]} notations
 * @param {number} ply
 * @param {number} setup
 * @param {(n: number) => void} go
 * @param {(i: number) => string} [side]
 * @param {{sans: string[], start: import("./pgn.js").Start}|null} [san]
 */
export function showMoves(notations, ply, setup, go, side = (i) => (i % 2 === 0 ? "x" : "o"), san = null) {
  const list = /** @type {HTMLOListElement} */ (document.getElementById("moves"));
  list.classList.toggle("numbered", !!san);
  list.replaceChildren(...notations.map((notation, i) => {
    const li = document.createElement("li");
    li.dataset.notation = notation;
    li.dataset.ply = String(i + 1);
    if (i < setup) li.classList.add("setup");
    li.dataset.side = side(i);
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = `${side(i)} ${notation}`;
    let said = `${side(i)} ${notation}`;
    if (san) {
      li.dataset.san = san.sans[i];
      b.textContent = numbered(san.sans, i, san.start);
      said = `${b.textContent} (${side(i)})`;
      if (i === 0 && side(i) === "o") li.classList.add("second");
    }
    b.setAttribute("aria-label", `Move ${i + 1}, ${said}${i < setup ? ", set-up" : ""}: show the position after it`);
    if (i + 1 === ply) b.setAttribute("aria-current", "step");
    b.addEventListener("click", () => go(i + 1));
    li.append(b);
    return li;
  }));
  const nav = (/** @type {string} */ id, /** @type {number} */ n, /** @type {boolean} */ off) => {
    const b = /** @type {HTMLButtonElement} */ (document.getElementById(id));
    b.disabled = off;
    b.onclick = () => go(n);
  };
  nav("first", 0, ply === 0);
  nav("prev", Math.max(0, ply - 1), ply === 0);
  nav("next", Math.min(notations.length, ply + 1), ply >= notations.length);
  nav("last", notations.length, ply >= notations.length);
  // Scrolls the list itself (position: relative), never the page.
  const current = /** @type {HTMLElement|null} */ (list.querySelector("[aria-current]")?.parentElement ?? null);
  if (current && list.scrollHeight > list.clientHeight) list.scrollTop = current.offsetTop - list.clientHeight / 2;
}
