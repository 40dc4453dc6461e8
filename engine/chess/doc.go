// Package chess plays chess and Chess960: the rules exactly, FEN and move
// notations, and (search.go and the files it names) an engine.
//
// Rules (types.go, attacks.go, position.go, make.go, movegen*.go,
// castling.go, status.go):
//
//   - Bitboards, one per piece type and per colour, beside a mailbox
//     (https://www.chessprogramming.org/Bitboards).
//   - Slider attacks by "fancy" magic bitboards
//     (https://www.chessprogramming.org/Magic_Bitboards): one shift per
//     square; the magic numbers are found by internal/magicgen from a
//     fixed seed (go generate) and committed in magics_data.go; the tables
//     are filled at init by walking rays (internal/slider).
//   - Zobrist keys for the position and for its pawns
//     (https://www.chessprogramming.org/Zobrist_Hashing); the en-passant
//     square counts only when a pawn can capture there, as FIDE's
//     repetition rule wants.
//   - Make and Unmake in place with an undo record (Undo), and a null move.
//   - A legal move generator (https://www.chessprogramming.org/Move_Generation):
//     checkers and pinned pieces computed once per node; king moves to
//     unattacked squares; in check, moves that capture or block the
//     checker; pinned pieces along their pin line; en passant tried on the
//     occupancy (the rank pin); castling by Chess960's rules, which include
//     standard chess's (a castling move is "king takes rook"). It produces
//     noisy moves (captures, promotions) and quiet ones apart, for staged
//     move picking.
//   - Perft with bulk counting, proved against Stockfish's counts
//     (testdata/perft.txt, made by internal/perftgen).
//   - The end of a game with its reason (Status): checkmate, stalemate,
//     insufficient material, the fifty-move rule, threefold repetition from
//     the history given.
//
// Notation (fen.go, castling.go, uci.go, san.go, chess960.go): FEN with
// X-FEN and Shredder-FEN castling fields, every field's errors named (the
// typed Error, Field and Message), impossible positions rejected; moves in
// UCI long algebraic notation and in SAN, both read and written; Chess960
// starting positions by number.
//
// Search (search.go, searcher.go, root.go, pvs.go, qsearch.go,
// movepick.go, see.go, tt.go, prefetch_amd64.s; every tuned constant in
// params.go):
//
//   - Iterative deepening under the context's deadline, the node limit
//     and a soft deadline, polled every pollNodes nodes; the first
//     iteration always completes. Aspiration windows from aspirationDepth.
//     MultiPV by searching the root moves left after each line.
//   - Principal variation search (fail-soft) with a shared, lockless
//     transposition table of four-entry buckets (Table), mate scores
//     stored relative to the node; a move's bucket is prefetched
//     (prefetch_amd64.s) before the move is made.
//   - Quiescence search of captures and promotions that do not lose by
//     SEE, with delta pruning, quiet checks at its first ply, and every
//     evasion in check.
//   - Static exchange evaluation (seeGE) with x-rays.
//   - Staged move picking: table move, good captures by MVV-LVA, quiet
//     moves by killers, counter move, history (kept between a game's
//     searches when Limits.History is given) and threats (a piece
//     attacked by a lesser one moved to safety first), bad captures last.
//   - Reverse futility pruning, razoring, null-move pruning (reduction by
//     depth and by the margin over beta), internal iterative reduction,
//     late-move pruning, futility pruning and SEE pruning of moves, late
//     move reductions (logarithmic, adjusted by history, killers and the
//     counter move, PV and cut nodes), check extensions, mate-distance
//     pruning; draws by repetition (a first one in the search), the
//     fifty-move rule and insufficient material.
//   - Lazy SMP: helper goroutines search the same tree on the shared table
//     (odd ones a ply deeper); the main thread's result stands.
//   - Weaker levels by depth and node limits (LevelLimits); a
//     win/draw/loss estimate from the score (WDL).
//
// Evaluation (eval.go, evalextra.go, evalterms.go, weights.go): tapered
// middlegame and endgame values of material (knights and rooks by the
// own pawns), piece-square tables by square, mobility, bishop pair, rooks
// on open files, outposts, minor pieces behind pawns and their distance to
// the king, pawn structure (doubled, isolated, backward, phalanx,
// supported), passed pawns (by rank, blocked, free, a way no enemy
// attacks, king distances), king shelter and pawn storm, king danger by
// attack units and safe checks, attacks on the king's flank, a pawnless
// flank, threats (by pawns, minor pieces, rooks, the king and safe pawn
// pushes), hanging pieces, contested squares, a tempo bonus, and an
// endgame scale for drawish material. Every weight is fitted
// by cmd/chesstune (Texel's method); Trace lists the terms for it.
package chess
