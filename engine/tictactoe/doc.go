// Package tictactoe is 3x3 tic-tac-toe for the engine, played perfectly.
//
// A position is two 9-bit masks, one per player, with cell i at row i/3 (from
// the top) and column i%3. The whole game tree is small enough that the
// generic search always reaches the end of the game, so every answer is the
// game-theoretic value; among winning moves the search prefers the fastest
// win, among losing moves the slowest loss.
//
// Moves are written in square notation: column letter 'a'..'c' from the left,
// row '1'..'3' from the bottom; "b2" is the centre.
package tictactoe
