// Package engine is the game-independent core of movesvc: the Game and State
// interfaces every game implements, the Registry that names them, the
// search kit every search is built from, and one search that plays any
// game.
//
// A request is stateless: the caller builds a State from a Setup (a board,
// a position in the game's notation, a move list, a roll of the dice), and
// Search finds the best move for the side to move before the context's
// deadline. Search allocates its per-search stacks once, up front, and
// nothing per node.
//
// The search kit: Limits (the bounds of a search: depth, nodes, table,
// memory, threads, progress), TimeShare (the one way to cut a part of a
// deadline), Clock (the one check of the limits as a search runs), Borrow
// and Return (the one way to get tables from the memory budget), and
// SearchTree (the generic search, which a game's own search may call).
//
// Search techniques, in the generic search (search.go):
//
//   - Negamax with alpha-beta pruning, fail-soft
//     (https://www.chessprogramming.org/Negamax, https://www.chessprogramming.org/Alpha-Beta).
//   - Iterative deepening: depth 1, 2, ... up to the requested depth; the answer
//     is always the last completed iteration, and depth 1 always completes
//     (https://www.chessprogramming.org/Iterative_Deepening).
//   - Transposition table keyed by the state's 64-bit hash, with lower, upper
//     and exact bound flags, always-replace with depth preference, reused
//     between searches through a generation stamp
//     (https://www.chessprogramming.org/Transposition_Table).
//   - Win and loss scores stored relative to the node and re-adjusted by ply
//     when probed, so the fastest win and the slowest loss are preferred
//     (https://www.chessprogramming.org/Mate_Scores).
//   - Mate-distance pruning (https://www.chessprogramming.org/Mate_Distance_Pruning).
//   - Move ordering: the transposition-table move, then killer moves, then the
//     game's own order (https://www.chessprogramming.org/Killer_Heuristic).
//   - Principal variation kept in a triangular table, extended from the
//     transposition table (https://www.chessprogramming.org/Triangular_PV-Table).
//   - Deadline taken from the context and polled every few hundred nodes.
//   - Extra turns: a move after which the same side moves again (Kalah) is
//     searched without the change of sign.
//
// A game that needs a specialised search (an exact solver, a threat-space
// search, an expectiminimax over dice) implements Searcher on its State;
// Search then delegates to it.
//
// Memory: a server bounds what concurrent searches hold with a MemoryBudget.
// Each search's lease reserves SearchMemory(game, limits) before it runs (a
// game whose searches hold more than one generic table implements
// SearchMemorer) and passes the Reservation in Limits.Memory; every search
// borrows its tables from the reservation (Borrow), and on Release they stay
// in the budget's unreserved room for the next search.
//
// Around the search (analysis.go, progress.go):
//
//   - Analyze scores every move by a plain search of the position after it,
//     in rounds of increasing depth so that the scores compared are of one
//     depth (the multi-PV of https://www.chessprogramming.org/Multiple_PVs,
//     done by separate searches); a game may bring its own (Analyzer).
//   - Limits.Progress hears of every completed iteration, allocating
//     nothing; a search that does not iterate reports its result once.
//
// # Capabilities
//
// A game may implement optional interfaces beyond Game and State, in the
// way of net/http's Flusher and Hijacker: the engine, or the strength
// package above it, finds them by type assertion and does without them
// when they are missing. All are declared in capabilities.go. Every game
// asserts each one it implements at compile time (var _ engine.Searcher =
// (*State)(nil)), so that a typo in a method signature fails the build
// instead of silently dropping the capability. Which game implements
// which is a table in docs/architecture.md, held to the games by
// engine/games' TestCapabilityTableIsTrue.
//
//	interface        on     what is done with it
//	---------------  -----  ----------------------------------------
//	Searcher         State  Search delegates to the game's own search
//	                        (solution table; exact solver; threat
//	                        search and PVS).
//	ExactScorer      State  ProvedScore: a proved result is reported
//	                        in the game's score convention, not
//	                        DefaultExactScore.
//	Analyzer         State  Analyze delegates to the game's own
//	                        analysis (exact scores; multipv).
//	PartialAnalyzer  State  strength.Search: a level plays its
//	                        search's move and analyses the game's few
//	                        candidates only when it deviates.
//	LevelDepther     State  strength.Depth: the plies a weaker level
//	                        searches, instead of the level itself.
//	LevelNoder       State  strength.Nodes: a node limit on every
//	                        search of a weaker level.
//	LevelMarginer    State  strength.Margin: how far below the best a
//	                        level's move may score, in the game's
//	                        units, instead of strength.DefaultMargin.
//	SearchMemorer    Game   SearchMemory: what a server reserves from
//	                        its MemoryBudget before each search,
//	                        instead of one generic table.
//	Warmer           Game   Registry.Warm builds the game's large
//	                        tables (opening book, pattern tables)
//	                        before a server takes requests.
//	Celler           State  the cell a move puts its stone on
//	                        (answers' row and col).
//	Boarder          State  the position as rows of text.
//	Positioner       State  the position in the game's notation.
//	Viewer           State  what a client draws beyond rows.
//	MoveDescriber    State  a move's SAN, squares, pit or steps.
//	Ender            State  why the game ended.
//	Chancer          State  chance nodes: rolls as moves with
//	                        probabilities.
//	Forbidder        State  the empty cells the rule forbids to the
//	                        side to move (renju's black): POST
//	                        /position's forbidden.
//
// The level capabilities are used by movesvc/engine/strength, which plays
// the weaker levels 1 to MaxLevel-1 above Search (Search always plays at
// full strength); they are declared here with the others so that a game
// implements and asserts every capability importing engine alone.
package engine
