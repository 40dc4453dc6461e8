// Package connect4 plays Connect Four on the standard 7-column, 6-row board
// perfectly: it solves positions exactly and reports the score convention of
// the public Connect Four solver test sets.
//
// Scores are from the side to move's point of view: 0 for a draw; a win
// that ends with m stones on the board scores (44-m)/2, a loss the negative
// of that, so a faster win scores higher and a slower loss scores higher.
//
// State implements engine.Searcher (the solve), engine.Analyzer (the exact
// score of every column, the reference solver's analyse mode: analysis.go)
// and engine.LevelDepther and engine.LevelMarginer (the weaker levels).
//
// Techniques, in the order a search meets them:
//   - Two-bitboard position (the side to move's stones, and all stones)
//     with a sentinel bit above each column; key = stones + all stones is
//     unique for every position; four-in-a-row found by shifts
//     (https://blog.gamesolver.org/solving-connect-four/06-bitboard/).
//   - Opening book: exact scores of every position up to a fixed number of
//     stones, built offline by cmd/c4book with this package's own solver,
//     embedded in the binary, and consulted at the root and inside the
//     search.
//   - Non-losing move generation: never play below the opponent's winning
//     square; when the opponent threatens to win, the block is the only
//     move; with two threats the position is lost at once
//     (https://blog.gamesolver.org/solving-connect-four/09-anticipate-losing-moves/).
//   - The search window is clamped to the scores still reachable from the
//     number of stones on the board.
//   - The exact score is found by a sequence of null-window searches that
//     bisect the possible range, biased towards zero
//     (https://blog.gamesolver.org/solving-connect-four/07-iterative-deepening/).
//   - Transposition table of two-entry buckets holding both a lower and an
//     upper bound and the best move, indexed by a bijective 49-bit mix of
//     the key so that a short tag identifies the position exactly; mirror
//     positions share entries (the key of the mirrored board is used when
//     it is smaller); a generation stamp resets the table in O(1).
//   - Enhanced transposition cutoff: before searching the children of a
//     node, their table bounds are probed for an immediate cutoff.
//   - Lazy SMP (smp.go, https://www.chessprogramming.org/Lazy_SMP): with
//     Solver.SetThreads (engine.Limits.Threads), each null-window search
//     runs on several goroutines that share the table, whose one-word
//     entries are read and written atomically; each helper breaks ties
//     among equal moves in its own order, the first thread to finish
//     answers, and the others stop at their next poll. Once the score is
//     proved, the best move is picked in a table-free order, so that the
//     answer does not depend on the threads.
//   - Move ordering: the table's best move first, then by the number of
//     winning squares a move creates, centre columns first among equals
//     (https://blog.gamesolver.org/solving-connect-four/10-better-move-ordering/).
//   - When the deadline stops the exact solve, the proved bounds and the
//     move that proved the lower bound answer, falling back to the move
//     ordering's choice among non-losing moves.
//
// A Solver is not safe for concurrent use; each search owns one (its
// helpers run only inside its solves).
package connect4
