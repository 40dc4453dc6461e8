// Package kalah plays Kalah, the mancala game, perfectly where it can: it
// solves positions exactly (the final store difference with perfect play
// by both sides) and, where a solve does not fit the deadline, answers the
// best move found with proved bounds on the score.
//
// Rules (Rules): Pits pits a side (1 to 6) of Seeds seeds each (1 to 6) at
// the start, Kalah(6,4) by default. A move sows the seeds of one of the
// mover's pits one by one counter-clockwise into the following pits and the
// mover's own store, skipping the opponent's store (a sowing of 2*Pits+1
// or more goes round the whole ring, the emptied pit included). A last
// seed in the mover's store gives it another move. A last seed in an empty
// pit of the mover's captures it with the seeds of the opposite pit: only
// when that pit holds seeds in the standard version, always in the "empty
// capture" version (EmptyCapture) that Irving, Donkers and Uiterwijk
// solved. The move that leaves either side without seeds ends the game;
// the seeds left go to their owner's store, and the larger store wins.
// Positions and moves are written in the notation of notation.go.
//
// Techniques, in the order a search meets them:
//   - A board from the side to move's view, one byte a pit, without the
//     stores: what follows depends on the pits only, so the value of a
//     board (the seeds the side to move gains from it, less the
//     opponent's) serves any stores (Irving, Donkers and Uiterwijk,
//     "Solving Kalah", ICGA Journal 23(3), 2000).
//   - Endgame databases (db.go): the exact value of every board with up to
//     a number of seeds, one byte each, indexed by the seeds on the board
//     and the rank of their composition into the pits; built forward layer
//     by layer, fewest seeds first, by cmd/kalahdb into files, or at first
//     use (DefaultDatabaseSeeds).
//   - A book of proofs (book.go): the bounds the solve of the start left
//     for boards with many seeds, built by cmd/kalahbook and embedded.
//   - Iterative deepening by turns (an extra move is part of its turn)
//     with a heuristic at the horizon orders the moves; then the search
//     runs to the end of the game, where every result is a proof
//     (search.go).
//   - MTD(f): each iteration is a sequence of null-window searches that
//     converges on the value from the last iteration's
//     (https://www.chessprogramming.org/MTD(f)); the proved bounds of every
//     search narrow the score until it is exact.
//   - The window clamped to the values still possible, the seeds on the
//     board either way (what Irving et al. call futility pruning).
//   - A transposition table of two-entry buckets keyed by the whole board,
//     which tells proofs from depth-limited bounds; proofs stay valid from
//     one search to the next (table.go).
//   - Enhanced transposition cutoffs: before the children of a node with
//     many seeds are searched, the table, the databases and the game's end
//     are asked whether one of them already refutes the node
//     (https://www.chessprogramming.org/Enhanced_Transposition_Cutoff).
//   - Move ordering: the table's move, then the moves that end in the
//     store, then by the seeds a move gains, then the pit nearest the store
//     (order.go).
//
// Search is the entry point; Analyze scores every pit; PlayLevel plays the
// weaker levels 1 to 9 for the tools. Game and State (game.go, state.go,
// engine.go) play the package through the engine's contract: the options
// pits, seeds and capture, the notation, the pits view, and Search and
// Analyze as the engine's Searcher and Analyzer, whose weaker levels
// engine/strength plays. A search is single-threaded and allocates nothing
// per node.
package kalah
