// Package backgammon plays money backgammon: the rules, GNU Backgammon's
// position and match IDs, the standard play notation, an evaluation by a
// neural network trained by self-play, a one-sided bearoff database, and an
// expectiminimax search over the dice. It is self-contained (it imports only
// engine's basic types), so that an adapter can expose Position as the
// engine's State; docs/backgammon.md has the measurements.
//
// Rules and notation (board.go, movegen.go, notation.go, position.go):
//
//   - Board: per side, checkers on its points 1-24 and bar, counted from
//     its own side, the side on roll first; borne off = 15 - on board.
//   - MoveGen: every play of a roll as the distinct positions it reaches
//     (a Zobrist-keyed table drops orders that reach the same one):
//     entering from the bar first, hits, bearing off (a higher die from
//     the highest point), both dice when possible, else the larger, and
//     doubles four times. Checked against gnubg's own lists of legal plays
//     (testdata/gnubg_plays.txt).
//   - FormatPlay and ParsePlay: "13/7 8/7", "bar/22", "6/off",
//     "13/7(2)", "24/18*/13", written as gnubg writes them; ParsePlay
//     takes the common variants and tells hits apart by the stars.
//   - PositionID, MatchID, ParseIDs: GNU Backgammon's IDs
//     (https://www.gnu.org/software/gnubg/manual/html_node/A-technical-description-of-the-Position-ID.html),
//     checked against gnubg 1.07; JSONPosition, the readable form.
//
// Evaluation (inputs.go, net.go, eval.go, bearoff.go, td.go):
//
//   - Five outputs for the side on roll: win, win a gammon, win a
//     backgammon, lose a gammon, lose a backgammon; cubeless equity from
//     them.
//   - Two networks of one hidden layer, contact and race, with inputs in
//     the style of TD-Gammon (G. Tesauro, "Temporal Difference Learning
//     and TD-Gammon", CACM 38(3), 1995) and three of our own (pips, shots,
//     longest prime); sparse inputs, a tabulated sigmoid.
//   - Trained by Trainer: self-play with TD(λ) in its forward view (the
//     λ-return of each position, computed backwards at the end of the
//     game; R. Sutton and A. Barto, "Reinforcement Learning", §12.1),
//     cmd/bgtrain, embedded from weights/.
//   - Races with both sides home: a one-sided bearoff database
//     (bearoff.bin, cmd/bgbearoff) of the distribution of rolls to bear
//     off, and to the first checker off for gammons, 54,264 positions.
//
// Search (search.go, table.go, params.go):
//
//   - Expectiminimax over the 21 rolls (B. Ballard, "The *-Minimax Search
//     Procedure for Trees Containing Chance Nodes", AI 21, 1983) by
//     iterations: 0-ply (every play evaluated by the network), 1-ply
//     (the best few averaged over the opponent's rolls, each answered by
//     its best 0-ply play) and 2-ply; move filtering between them (the
//     best rootKeep plays within rootMargin of the best), and at inner
//     nodes (the best innerKeep replies by 0-ply looked at deeper).
//   - A cache of deeper evaluations keyed by position and ply.
//   - Search polls the context and a node limit (evaluations) and answers
//     from the last completed iteration.
package backgammon
