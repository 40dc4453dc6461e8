package chess

// The tuned constants of the chess search, one line each, named for what
// they do. The measurements that chose them are in docs/chess.md, not here;
// the evaluation's weights, fitted by cmd/chesstune, are in weights.go.

// Iterative deepening and the root (root.go).
const (
	aspirationWindow = 16   // half-width of the first aspiration window around the last score
	aspirationDepth  = 4    // aspiration windows from this depth
	defaultDepth     = 100  // deepest iteration when Limits gives none
	pollNodes        = 2048 // nodes between two looks at the deadline and the stop flag
	softStart        = 0.6  // with a soft deadline, no iteration starts after this part of the time to it
)

// Pruning before the moves (pvs.go).
const (
	rfpDepth         = 7   // reverse futility pruning up to this depth...
	rfpMargin        = 100 // ...when the static evaluation beats beta by this per ply (a ply fewer when improving)
	razorDepth       = 2   // razoring up to this depth...
	razorMargin      = 250 // ...when the evaluation is below alpha by this per ply
	nullMinDepth     = 3   // null-move pruning from this depth
	nullBaseR        = 3   // the null move's reduction: this...
	nullDepthDivisor = 4   // ...plus a ply per this many plies of depth...
	nullEvalDivisor  = 200 // ...plus a ply per this many centipawns the evaluation beats beta by (at most nullEvalMax)
	nullEvalMax      = 3
	iirDepth         = 4 // internal iterative reduction: a node without a table move from this depth searches a ply shallower
	seDepth          = 8 // singular extensions from this depth...
	seDepthSlack     = 3 // ...with a table entry at most this much shallower...
	seMargin         = 2 // ...against the table score less this per ply
)

// Pruning and reductions in the move loop (pvs.go).
const (
	lmpDepth          = 8 // late-move pruning up to this depth: quiet moves after lmpBase+depth² (halved if not improving)
	lmpBase           = 3
	futilityDepth     = 8  // futility pruning of quiet moves up to this depth...
	futilityBase      = 90 // ...when the evaluation plus this...
	futilityPerPly    = 90 // ...and this per ply stays below alpha
	seeQuietMargin    = 60 // quiet moves losing more than this times depth² by SEE are pruned (depth <= seePruneDepth)
	seeNoisyMargin    = 90 // captures losing more than this times depth by SEE are pruned (depth <= seePruneDepth)
	seePruneDepth     = 8
	lmrMinDepth       = 3     // late-move reductions from this depth...
	lmrDivisor        = 1.4   // ...reducing ln(depth)*ln(move number)/lmrDivisor plies, adjusted by lmrAdjust
	lmrRefutation     = 1     // killers and the counter move are reduced this much less
	lmrHistoryDivisor = 12000 // a quiet move's history scores (quietScore) reduce it one ply less per this much
	historyMax        = 16384 // the bound history scores saturate at
	qsDeltaMargin     = 200   // quiescence skips captures whose gain plus this cannot reach alpha
)

// The history update of a cutoff (pvs.go): the quiet move that cut off
// gains depth*(depth+historyBonusOffset), at most historyBonusMax, in its
// histories, and the quiet moves tried before it lose as much
// (updateHistory weighs it by 32).
const (
	historyBonusOffset = 8
	historyBonusMax    = 400
)

// Move ordering (movepick.go).
const (
	scoreQueenPromotion = 1 << 20 // a queen promotion's place among captures
	killerBonus         = 1 << 16 // a killer move's place ahead of other quiet moves
	counterBonus        = 1 << 15 // the counter move's place ahead of other quiet moves
	quietPicks          = 4       // the first quiet moves picked one by one before the rest are sorted (nextQuiet)
)

// threatEscape is a quiet move's ordering bonus, by piece type, for taking
// a piece attacked by a lesser one to safety (and its malus for putting it
// where a lesser one attacks it).
var threatEscape = [7]int32{Knight: 12000, Bishop: 12000, Rook: 20000, Queen: 32000}

// seeValue is each piece type's value for static exchange evaluation.
var seeValue = [7]int32{Pawn: 100, Knight: 320, Bishop: 330, Rook: 500, Queen: 950, King: 20000}

// levelDepths and levelNodes are the weaker levels' limits (LevelLimits),
// by level 1..9.
var (
	levelDepths = [10]int{1: 1, 2: 2, 3: 3, 4: 4, 5: 5, 6: 6, 7: 8, 8: 10, 9: 12}
	levelNodes  = [10]uint64{1: 200, 2: 800, 3: 3_000, 4: 10_000, 5: 30_000, 6: 100_000, 7: 300_000, 8: 1_000_000, 9: 3_000_000}
)

// The win-rate model of WDL (wdl.go): the score at which the side ahead
// wins half its games and the spread of the curve, each a linear function
// of the move number/32, fitted by chesstune -wdl on the engine's games
// (docs/chess.md, "The win/draw/loss model").
var (
	wdlMidpoint = [2]float64{87.2, 32.3}
	wdlSlope    = [2]float64{8.0, 73.2}
)
