package main

import (
	"math/bits"
	"time"

	"movesvc/engine/gomoku"
)

// Time and memory defaults: the Gomocup protocol's defaults when the
// manager sends no INFO.
const (
	defaultTurn      = 5 * time.Second
	defaultTableBits = 20 // 16 MiB
	minTableBits     = 12
	maxTableBits     = 24
	// maxThreads bounds the search goroutines INFO thread_num or -threads
	// may ask for.
	maxThreads = 64
	// maxDefaultThreads bounds the search goroutines -threads 0 takes: lazy
	// SMP gains less with each thread, and each helper takes 4.4 MiB of
	// max_memory.
	maxDefaultThreads = 8
	// fixedMemory is what the brain uses besides the transposition table:
	// the pattern tables, the searcher's stacks and threat table, the runtime.
	fixedMemory = 48 << 20
)

// clock holds the manager's time limits; zero means not given.
type clock struct {
	turn  time.Duration // timeout_turn: the most one move may take
	match time.Duration // timeout_match: the whole game's budget (0: none)
	left  time.Duration // time_left: what is left of the match budget
}

func defaultClock() clock { return clock{turn: defaultTurn} }

func ms(n int64) time.Duration { return time.Duration(max(n, 0)) * time.Millisecond }

// budget returns the time to spend on the next move: the turn limit less a
// safety margin (a tenth, at least 30ms, for the manager's own overhead),
// and no more than a twelfth of what is left of the match budget. A turn
// limit of 0 asks for a move at once: the first iteration only, in practice.
func (c clock) budget() time.Duration {
	b := c.turn - max(c.turn/10, 30*time.Millisecond)
	if c.match > 0 {
		left := c.left
		if left == 0 {
			left = c.match
		}
		b = min(b, left/12-30*time.Millisecond)
	}
	return max(b, time.Millisecond)
}

// tableBits returns the transposition-table size that keeps the brain,
// searching on threads goroutines, under maxMemory bytes (0: no limit, the
// default size): each helper goroutine beyond the first takes
// gomoku.HelperMemory.
func tableBits(maxMemory int64, threads int) int {
	if maxMemory <= 0 {
		return defaultTableBits
	}
	avail := maxMemory - fixedMemory - int64(max(threads-1, 0))*gomoku.HelperMemory()
	if avail < 16<<minTableBits {
		return minTableBits
	}
	b := bits.Len64(uint64(avail)/16) - 1
	return min(max(b, minTableBits), maxTableBits)
}
