package gomoku

import "movesvc/engine"

// The tuned constants of the Gomoku search and evaluation, one line each,
// named for what they do. Each was chosen by measurement (self-play
// matches, nodes to a depth, puzzles solved); the measurements are kept in
// docs/gomoku.md#tuning, not here. The evaluation's weights, fitted by
// cmd/gomokutune, are in weights.go.

// Main search (pvs.go, moves.go, quiesce.go, root.go). Depths are in
// onePly units (fractional plies) where a name says depth or reduction.
const (
	onePly                = 16  // a ply, in the units of the main search's fractional depth
	aspiration            = 60  // half-width of the aspiration window around the last iteration's score
	forcedExtension       = 20  // a lone forced reply (the block of a four) is searched this much deeper than a move
	razorDepth            = 40  // razoring below this depth left...
	razorBase             = 40  // ...where the static value plus this...
	razorMargin           = 16  // ...and this a ply left is below alpha
	futilityDepth         = 128 // futility pruning below this depth left...
	futilityMargin        = 80  // ...where the static value less this a ply left (one less when improving) reaches beta
	moveCountBase         = 3   // a node searches moveCountBase + (plies left)^moveCountPower moves...
	moveCountPower        = 1.3 // ...half as many when not improving, once a move that does not lose is found
	trivialDepth          = 64  // below this depth left, moves making nothing for either side are pruned
	pruneFourCells        = 4   // no move-count pruning where the side to move has this many four-making cells
	reductionFourCells    = 8   // no late-move reductions where the side to move has this many four-making cells
	reductionScale        = 0.8 // a later move is searched ln(plies left)*ln(its rank)*reductionScale plies shallower...
	pvReductionLess       = 16  // ...this much less at a principal-variation node...
	notImprovingReduction = 8   // ...this much more where the side to move is not improving...
	threatReductionLess   = 8   // ...this much less for a move making or stopping an open three or a four...
	answerReductionLess   = 8   // ...and this much less at a node answering a threat
	maxQuiescence         = 8   // fours past the horizon at most
	laterQuiescenceFours  = 2   // fours tried at each quiescence ply past the first, the best-ordered
	lossDefenceDepth      = 4   // depth of the threat-blind search that picks the defence when every move loses
)

// Threat-space search at the root (search.go, threat.go).
const (
	rootThreatBase      = 250     // node budget of each root threat search at depth 0, four times more a ply
	maxRootThreatNodes  = 200_000 // the largest budget of a root threat search
	rootThreatNodeShare = 8       // with a node limit, a root threat search takes at most this part of it
	rootThreatTimeShare = 4       // the root threat searches end at this part of the time to the deadline
	rootRefutationSlack = 64      // nodes added to each root move's share when checking the opponent's fours after it
	rootVCTFromDepth    = 3       // VCT at the root for requests this deep or deeper...
	rootVCTThrees       = 3       // ...with up to this many threes
	maxVCF              = 60      // the most fours in one continuous-four sequence
	maxVCTPlies         = 60      // VCT gives up this many plies from the root
)

// Move ordering (movegen.go, threat.go, combo.go).
const (
	orderTableMove          = 1 << 30 // the transposition table's move comes first
	orderKiller             = 1 << 16 // bonus of the first killer move
	orderSecondKiller       = 1 << 15 // bonus of the second killer move
	candidateDefenceEighths = 7       // a quiet candidate counts the opponent's cell score at this many eighths
	historyDivisor          = 64      // a quiet candidate counts its history score divided by this
	threatDefenceDivisor    = 2       // a four or threat counts the opponent's cell score divided by this
	scoreFive               = 1 << 20 // cell score of a five
	scoreOpen4              = 1 << 17 // bonus of an open four or a double four
	scoreFourThree          = 1 << 15 // bonus of a four-three
	scoreDouble3            = 1 << 13 // bonus of a double three
)

// patternValue is the move-ordering worth of each pattern a player makes on
// one line by playing at an empty cell (comboOf).
var patternValue = [numPatterns]int32{
	patNone:  0,
	patOne:   1,
	patTwo:   4,
	patOpen2: 12,
	patThree: 20,
	patOpen3: 60,
	patFour:  70,
	patOpen4: 400,
	patFive:  2000,
}

// levelNodes are the weaker levels' node limits (LevelNodes), by level:
// doubling up to level 5, then about two and a half times a level.
var levelNodes = [engine.MaxLevel]uint64{1: 330, 2: 660, 3: 1_300, 4: 2_600, 5: 5_300,
	6: 13_000, 7: 33_000, 8: 83_000, 9: 200_000}
