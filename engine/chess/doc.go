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
package chess
