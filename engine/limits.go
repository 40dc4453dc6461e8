package engine

import (
	"context"
	"time"
)

// Limits are the bounds of one search, and what it may use: the one value
// every search takes, the generic one (SearchTree) and every game's own.
// The deadline comes from the context the search is given; everything else
// is here. A Clock checks them as the search runs; TimeShare cuts a part of
// the time to the deadline for one stage of a search.
type Limits struct {
	// Depth is the deepest iteration to search, in plies. Zero or less, or more
	// than the plies left in the game, means to the end of the game.
	Depth int
	// MaxNodes, when not zero, stops the search once about this many nodes
	// are spent, as a deadline would but reproducibly: the result is the
	// last completed iteration (the first always completes), Complete is
	// false and DeadlineHit stays false. Every search honours it but
	// Connect Four's exact solve. The weaker levels set it (LevelNoder).
	MaxNodes uint64
	// TableBits sets the transposition table to 1<<TableBits entries;
	// zero means DefaultTableBits, more than MaxTableBits means
	// MaxTableBits (Bits).
	TableBits int
	// Memory, when not nil, is the memory reserved for this search under a
	// MemoryBudget: the search borrows its tables from it (Borrow). Nil
	// means the package's unaccounted scratch budget, for tools and tests.
	Memory *Reservation
	// Threads is how many goroutines the search may use. A game whose
	// search can split (the Connect Four solver's and chess's lazy SMP,
	// backgammon's root plays) uses up to this many; the others use one.
	// Zero means one. The answer does not depend on it, only how soon it
	// comes (chess splits only a search that thinks to its deadline, whose
	// answer depends on timing anyway). (Gomoku's lazy SMP would make its
	// answers depend on timing, so Gomoku takes its threads from
	// gomoku.Options.Threads, which only tools playing on the clock set.)
	Threads int
	// Progress, when set, is called on the searching goroutine after each
	// completed iteration; a search that does not iterate calls it once,
	// with its result. See Progress.
	Progress func(Progress)
}

// Bits returns the table size Limits asks for, in bits: TableBits within
// 1..MaxTableBits, DefaultTableBits when not set.
func (l Limits) Bits() int {
	if l.TableBits <= 0 {
		return DefaultTableBits
	}
	return min(l.TableBits, MaxTableBits)
}

// MaxDepth returns the deepest iteration Limits allow in a game with
// remaining plies left: Depth, or remaining when Depth is unset or larger,
// and never MaxPly or more.
func (l Limits) MaxDepth(remaining int) int {
	d := l.Depth
	if d <= 0 || d > remaining {
		d = remaining
	}
	return min(d, MaxPly-1)
}

// TimeShare returns a context for one stage of a search that may use num
// over den of the time from now to ctx's deadline, and at most most when
// most is positive: the one way every layer cuts a part of a deadline (an
// analysis after the move's search, a level's first search, a game's
// stage before its main search, a batch's items). Without a deadline it
// returns a cancellable ctx. The caller must call the cancel function.
func TimeShare(ctx context.Context, num, den int, most time.Duration) (context.Context, context.CancelFunc) {
	d, ok := ctx.Deadline()
	if !ok || den <= 0 {
		return context.WithCancel(ctx)
	}
	return context.WithDeadline(ctx, ShareOf(time.Now(), d, num, den, most))
}

// ShareOf returns the moment num over den of the time from start to
// deadline has passed, and no later than start+most when most is
// positive; never after deadline.
func ShareOf(start, deadline time.Time, num, den int, most time.Duration) time.Time {
	part := deadline.Sub(start)
	if den > 0 && num < den {
		part = part * time.Duration(num) / time.Duration(den)
	}
	if most > 0 {
		part = min(part, most)
	}
	return start.Add(part)
}
