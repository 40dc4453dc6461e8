package backgammon

import (
	"strings"

	"movesvc/engine"
)

// String returns p in GNU Backgammon's notation, "positionID:matchID", the
// form players' tools exchange.
func (p *Position) String() string { return PositionID(&p.Board) + ":" + MatchID(p) }

// ParsePosition reads "positionID:matchID" or a lone position ID (a money
// game, x on roll, no dice). Errors are *ParseError at field.
func ParsePosition(field, s string) (Position, error) {
	pid, mid, _ := strings.Cut(strings.TrimSpace(s), ":")
	return ParseIDs(field, pid, field, mid)
}

// Hash returns a 64-bit key of p: the board, who is on roll and the dice.
func (p *Position) Hash() uint64 {
	h := p.Board.Hash() ^ uint64(p.Turn)*0x9e3779b97f4a7c15
	return h ^ splitmix(uint64(p.Dice[0])<<8|uint64(p.Dice[1]))
}

// Outcome returns the result of a finished game for the side on roll: a
// loss (the other side has borne off every checker), or OutcomeUnknown
// while the game goes on.
func (p *Position) Outcome() engine.Outcome {
	if p.Board.OnBoard(1) == 0 {
		return engine.OutcomeLoss
	}
	return engine.OutcomeUnknown
}

// SearchMemory returns the bytes a search with lim holds beyond the shared,
// read-only networks and bearoff database (about 9.3 MB once loaded): its
// table (none when lim.Table is the caller's), a move generator per
// lookahead level, and for each extra thread the same with a helper table.
func SearchMemory(lim Limits) int {
	table := defaultTableMiB << 20
	if lim.Table != nil {
		table = 0
	}
	gens := (maxDepth + 1) * (genSlots*16 + 64*1024) // dedupe tables and typical plays buffers
	helpers := max(lim.Threads-1, 0) * (gens + helperTableBytes)
	return table + gens + helpers
}

// LevelLimits returns the limits of a weaker level, 1 (weakest) to 9; 10 and
// above is full strength (the zero Limits). Levels 1-6 play at 0-ply with
// deterministic noise on each play's equity (0.25 down to 0.02), 7 at 0-ply
// without noise, 8 at 1-ply, 9 at 2-ply with a node limit.
func LevelLimits(level int) Limits {
	if level >= 10 {
		return Limits{}
	}
	level = max(level, 1)
	noise := [...]float64{0.25, 0.16, 0.10, 0.06, 0.035, 0.02}
	switch {
	case level <= 6:
		return Limits{Depth: 1, Noise: noise[level-1]}
	case level == 7:
		return Limits{Depth: 1}
	case level == 8:
		return Limits{Depth: 2}
	default:
		return Limits{Depth: 3, MaxNodes: levelNineNodes}
	}
}
