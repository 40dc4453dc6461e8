// Package tictactoe is 3x3 tic-tac-toe for the engine, played perfectly.
//
// A position is two 9-bit masks, one per player, with cell i at row i/3 (from
// the top) and column i%3. The whole game (5,478 positions) is solved once
// when the package loads, into a table indexed by the position in base 3;
// State.Search answers from it without searching: the game-theoretic value,
// the fastest win or slowest loss, and the line of best play. A request with
// a depth short of the end runs the engine's generic depth-limited search.
//
// Moves are written in square notation: column letter 'a'..'c' from the left,
// row '1'..'3' from the bottom; "b2" is the centre.
package tictactoe
