// movesvc.js: the JavaScript client of the movesvc API, a module with no
// dependencies. Import it from the service you want to call; its functions
// call that service, from any page the service's CORS origins allow:
//
//   import { move, stream } from "https://movesvc.example/static/movesvc.js";
//   const answer = await move({ game: "connect4", moves: ["4", "4"] });
//   const live = await stream({ game: "gomoku", moves: ["h8"] },
//     (p) => console.log(p.depth, p.score, p.pv.join(" ")));
//
// Every function takes an optional last argument of Options: baseURL to call
// another service, signal to cancel. An answer with an error status throws a
// MovesvcError holding the RFC 9457 problem; a service that cannot be reached
// (or a CORS refusal) throws fetch's TypeError. The types below follow the
// schemas of openapi.yaml, the contract; web/jsdoc_test.go keeps them in step.

/**
 * @typedef {object} Options
 * @property {string|URL} [baseURL] The service's address, ending in "/" when
 *   the API sits under a path; by default the one this module was loaded from.
 * @property {AbortSignal} [signal] Cancels the request; a search in flight
 *   stops when its request is cancelled.
 */

/**
 * @typedef {object} MoveRequest
 * @property {string} game
 * @property {string[]} [board]
 * @property {string} [position] A position in the game's own notation (Game.position).
 * @property {string} [fen] Chess's name for position.
 * @property {string[]} [moves]
 * @property {number[]} [dice] A game of chance's roll to play.
 * @property {string} [to_move] x or o (either case), or a name of Game.sides.
 * @property {number} [depth]
 * @property {boolean} [use_time] Think until the deadline.
 * @property {number} [timeout_ms]
 * @property {string} [rule]
 * @property {number} [size]
 * @property {string} [variant] Chess: "standard" or "chess960".
 * @property {number} [pits] Kalah: pits a side, 1 to 6.
 * @property {number} [seeds] Kalah: seeds a pit at the start, 1 to 6.
 * @property {"standard"|"empty"} [capture] Kalah: the capture rule.
 * @property {boolean} [analysis]
 * @property {number} [multipv]
 * @property {number} [level]
 * @property {number} [seed]
 */

/**
 * @typedef {object} Move
 * @property {string} notation
 * @property {number} [row] 0-based, from the top (the games that place stones).
 * @property {number} [col] 0-based, from the left.
 * @property {string} [san] Chess's SAN.
 * @property {string} [from] The square a piece leaves.
 * @property {string} [to] The square it reaches.
 * @property {"q"|"r"|"b"|"n"} [promotion]
 * @property {number} [pit] A Kalah move's pit, 1-based from the mover's left.
 * @property {{from: number, hit: boolean, to: number}[]} [steps] A backgammon play's checker steps (hit may be absent).
 */

/**
 * @typedef {object} MoveResponse
 * @property {string} game
 * @property {Move} move
 * @property {string} to_move A name of Game.sides.
 * @property {number} score
 * @property {"win"|"loss"|"draw"|"unknown"} outcome
 * @property {number} [plies_to_end]
 * @property {number} depth
 * @property {number} nodes
 * @property {number} elapsed_ms
 * @property {boolean} complete
 * @property {"solved"|"depth"|"deadline"|"nodes"|"book"} stopped_by
 * @property {string[]} pv
 * @property {string[]} [pv_san]
 * @property {Mate} [mate]
 * @property {WDL} [wdl]
 * @property {Equity} [equity]
 * @property {Probabilities} [probabilities]
 * @property {CubeDecision} [cube]
 * @property {string} [next_to_move]
 * @property {string} [position_after]
 * @property {boolean} [cached]
 * @property {AnalysisEntry[]} [analysis]
 */

/**
 * @typedef {number} Mate Moves to a forced mate (chess), + when the side to move mates.
 * @typedef {number[]} WDL Win, draw and loss chances per mille for the side to move.
 * @typedef {number} Equity Cubeless equity in points per game (backgammon).
 * @typedef {number[]} Probabilities Win, win gammon, win backgammon, lose gammon, lose backgammon.
 */

/**
 * @typedef {object} CubeDecision A backgammon cube decision, from the doubler's view (equities per cube).
 * @property {"no double, take"|"double, take"|"double, pass"|"too good, pass"|"no double, pass"} action
 * @property {boolean} double
 * @property {boolean} take
 * @property {number} no_double
 * @property {number} double_take
 * @property {number} double_pass
 */

/**
 * @typedef {object} AnalysisEntry
 * @property {Move} move
 * @property {number} score
 * @property {"win"|"loss"|"draw"|"unknown"} outcome
 * @property {number} [plies_to_end]
 * @property {number} depth
 * @property {boolean} complete
 * @property {string[]} pv
 * @property {string[]} [pv_san]
 * @property {Mate} [mate]
 * @property {WDL} [wdl]
 * @property {Equity} [equity]
 * @property {Probabilities} [probabilities]
 * @property {CubeDecision} [cube]
 * @property {{lower: number, upper: number}} [bounds]
 */

/**
 * @typedef {object} Progress
 * @property {number} depth
 * @property {number} score
 * @property {"win"|"loss"|"draw"|"unknown"} outcome
 * @property {number} [plies_to_end]
 * @property {Move} move
 * @property {string[]} pv
 * @property {string[]} [pv_san]
 * @property {number} nodes
 * @property {number} elapsed_ms
 */

/**
 * @typedef {object} PositionRequest
 * @property {string} game
 * @property {string[]} [board]
 * @property {string} [position]
 * @property {string} [fen]
 * @property {string[]} [moves]
 * @property {number[]} [dice]
 * @property {string} [rule]
 * @property {number} [size]
 * @property {string} [variant] Chess: "standard" or "chess960".
 * @property {number} [pits] Kalah: pits a side, 1 to 6.
 * @property {number} [seeds] Kalah: seeds a pit at the start, 1 to 6.
 * @property {"standard"|"empty"} [capture] Kalah: the capture rule.
 */

/**
 * @typedef {object} Position
 * @property {string} game
 * @property {string[]} [board] Rows, top first: "." empty, "x", "o"; chess's ranks.
 * @property {string} [position] The position in the game's notation.
 * @property {object} [view] What to draw beyond rows, by Game.board_kind.
 * @property {number} ply
 * @property {string} to_move A name of Game.sides.
 * @property {boolean} [chance] The side to move has yet to roll.
 * @property {boolean} over
 * @property {string} [winner]
 * @property {string} [reason] Why the game ended.
 * @property {Move} [last_move]
 * @property {Move[]} legal_moves
 * @property {Move[]} [forbidden] Cells the rule forbids to the side to move (renju's black).
 */

/**
 * @typedef {object} Game
 * @property {string} name
 * @property {string} title
 * @property {number} rows
 * @property {number} cols
 * @property {string} notation
 * @property {number} default_depth
 * @property {number} max_depth
 * @property {"grid"|"columns"|"intersections"|"chessboard"|"pits"|"backgammon"} board_kind
 * @property {"cell"|"column"|"from-to"|"pit"|"checkers"} input
 * @property {"cell"|"column"} [placement]
 * @property {string[]} sides
 * @property {"fen"|"kalah"|"gnubg"} [position]
 * @property {"dice"} [chance]
 * @property {boolean} [extra_turns]
 * @property {number} default_timeout_ms
 * @property {number} max_timeout_ms
 * @property {string[]} [options]
 * @property {Object<string, OptionSchema>} [option_schemas]
 * @property {object} example
 */

/**
 * @typedef {object} OptionSchema
 * @property {"string"|"integer"} type
 * @property {string} description
 * @property {string[]} [enum]
 * @property {number} [minimum]
 * @property {number} [maximum]
 * @property {*} default
 */

/**
 * @typedef {object} Problem
 * @property {string} type
 * @property {string} title
 * @property {number} status
 * @property {string} detail
 * @property {string} [instance]
 * @property {string} [request_id]
 * @property {ProblemError[]} errors
 */

/**
 * @typedef {object} ProblemError
 * @property {string} location
 * @property {string} message
 * @property {*} [value]
 */

/** The service this module was loaded from: the folder above /static/. */
const home = new URL("..", import.meta.url);

/**
 * MovesvcError is an error answer of the service: problem is its body,
 * retryAfter the seconds its Retry-After header asks to wait (a 503), or
 * null.
 */
export class MovesvcError extends Error {
  /**
   * @param {Problem} problem
   * @param {number|null} retryAfter
   */
  constructor(problem, retryAfter) {
    super(problem.detail ? `${problem.title}: ${problem.detail}` : problem.title);
    this.name = "MovesvcError";
    /** @type {Problem} */
    this.problem = problem;
    /** @type {number} */
    this.status = problem.status;
    /** @type {number|null} */
    this.retryAfter = retryAfter;
  }
}

/**
 * games returns every game the service plays (GET /games).
 * @param {Options} [options]
 * @returns {Promise<Game[]>}
 */
export async function games(options = {}) {
  const res = await call("GET", "games", undefined, "application/json", options);
  return (await res.json()).games;
}

/**
 * position returns the board, the result and the legal moves of a position
 * (POST /position); a move list may end the game with its last move.
 * @param {PositionRequest} request
 * @param {Options} [options]
 * @returns {Promise<Position>}
 */
export async function position(request, options = {}) {
  const res = await call("POST", "position", request, "application/json", options);
  return res.json();
}

/**
 * move returns the service's move for a position (POST /move).
 * @param {MoveRequest} request
 * @param {Options} [options]
 * @returns {Promise<MoveResponse>}
 */
export async function move(request, options = {}) {
  const res = await call("POST", "move", request, "application/json", options);
  return res.json();
}

/**
 * stream is move with live progress: onProgress hears of each completed
 * search iteration while the service searches (POST /move as server-sent
 * events, read with fetch), and the promise resolves to the answer.
 * @param {MoveRequest} request
 * @param {(progress: Progress) => void} onProgress
 * @param {Options} [options]
 * @returns {Promise<MoveResponse>}
 */
export async function stream(request, onProgress, options = {}) {
  const res = await call("POST", "move", request, "text/event-stream", options);
  for await (const { event, data } of events(res.body)) {
    switch (event) {
      case "progress":
        onProgress(JSON.parse(data));
        break;
      case "result":
        return JSON.parse(data);
      case "error":
        throw new MovesvcError(JSON.parse(data), null);
    }
  }
  throw new Error("the event stream ended without a result");
}

/**
 * call sends one request and returns the response, or throws a
 * MovesvcError for an error status.
 * @param {string} method
 * @param {string} path relative to the service's address
 * @param {object|undefined} body sent as JSON
 * @param {string} accept
 * @param {Options} options
 * @returns {Promise<Response>}
 */
async function call(method, path, body, accept, options) {
  const url = new URL(path, options.baseURL ? new URL(options.baseURL, globalThis.location?.href) : home);
  /** @type {Record<string, string>} */
  const headers = { Accept: accept };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const res = await fetch(url, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: options.signal,
  });
  if (res.ok) return res;
  const retry = Number.parseInt(res.headers.get("Retry-After") ?? "", 10);
  let problem;
  try {
    problem = await res.json();
  } catch {
    problem = { type: "about:blank", title: res.statusText || "HTTP error", status: res.status };
  }
  throw new MovesvcError(problem, Number.isNaN(retry) ? null : retry);
}

/**
 * events reads server-sent events from a response body: each event's name
 * and its data lines joined, as the EventSource standard parses them.
 * @param {ReadableStream<Uint8Array>} body
 * @returns {AsyncGenerator<{event: string, data: string}>}
 */
async function* events(body) {
  const reader = body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  let event = "message";
  let data = [];
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffer += value;
      let end;
      while ((end = buffer.search(/\r\n|\r|\n/)) >= 0) {
        if (end === buffer.length - 1 && buffer.endsWith("\r")) break; // may be half a \r\n
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + (buffer.startsWith("\r\n", end) ? 2 : 1));
        if (line === "") {
          if (data.length > 0) yield { event, data: data.join("\n") };
          event = "message";
          data = [];
          continue;
        }
        const colon = line.indexOf(":");
        const field = colon < 0 ? line : line.slice(0, colon);
        const text = colon < 0 ? "" : line.slice(colon + 1).replace(/^ /, "");
        if (field === "event") event = text;
        else if (field === "data") data.push(text);
      }
    }
  } finally {
    // Closes the connection when the caller stops early (at the result).
    reader.cancel().catch(() => {});
  }
}
