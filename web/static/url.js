// url.js: the game in the address's fragment, so that a link shares it, a
// reload keeps it, and Back and Forward step through it:
//
//   #game=gomoku&size=9&side=o&level=3&analysis=1&moves=h8,h9,i9&ply=2
//
// The settings are the form's field names and the game's option names;
// moves are the notations played, ply the move shown when it is not the
// last, setup how many of the moves only set a position up.

/**
 * @typedef {object} Place where in the game the page is
 * @property {string[]} moves the notations played
 * @property {number} ply how many of them are shown on the board
 * @property {number} setup how many of them set the position up
 */

/**
 * readPlace reads the moves, ply and setup of a fragment's parameters.
 * @param {URLSearchParams} params
 * @returns {Place}
 */
export function readPlace(params) {
  const moves = (params.get("moves") ?? "").split(",").filter((m) => m !== "");
  const number = (/** @type {string} */ name, /** @type {number} */ dflt) => {
    const n = Number.parseInt(params.get(name) ?? "", 10);
    return Number.isInteger(n) && n >= 0 && n <= moves.length ? n : dflt;
  };
  return { moves, ply: number("ply", moves.length), setup: number("setup", 0) };
}

/**
 * fragment writes settings and place as the address's fragment.
 * @param {URLSearchParams} settings
 * @param {Place} place
 */
export function fragment(settings, place) {
  const params = new URLSearchParams(settings);
  if (place.moves.length > 0) params.set("moves", place.moves.join(","));
  if (place.ply < place.moves.length) params.set("ply", String(place.ply));
  if (place.setup > 0) params.set("setup", String(place.setup));
  return `#${params}`;
}

/**
 * save puts the fragment in the address: as a new entry of the history
 * (push), so that Back returns to the one before, or in place of the
 * current one. An unchanged fragment is left alone.
 * @param {string} hash
 * @param {boolean} push
 */
export function save(hash, push) {
  if (location.hash === hash) return;
  if (push) history.pushState(null, "", hash);
  else history.replaceState(null, "", hash);
}
