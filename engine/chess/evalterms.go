package chess

// S is a weight of the evaluation: a middlegame and an endgame value in
// centipawns, blended by the game phase (a tapered evaluation,
// https://www.chessprogramming.org/Tapered_Eval).
type S struct{ MG, EG int16 }

// The evaluation's weights live in one flat array (Weights), so that
// cmd/chesstune can fit them all as one vector; these are the offsets of
// each term's block and its length. The comments say what a block's index
// means; "relative rank" counts from the owner's first rank (0) to its
// last (7).
const (
	wMaterial      = 0             // by piece type - 1: pawn .. queen
	wPST           = wMaterial + 5 // by piece type - 1 (pawn .. king), 64 squares each: relative rank*8 + file
	wMobility      = wPST + 6*64   // knight 0-8, bishop 0-13, rook 0-14, queen 0-27 reachable squares: mobilityOffset
	wBishopPair    = wMobility + 9 + 14 + 15 + 28
	wRookOpen      = wBishopPair + 1             // a rook on a file without pawns
	wRookSemiOpen  = wRookOpen + 1               // a rook on a file without its own pawns
	wOutpost       = wRookSemiOpen + 1           // knight, bishop on a square no enemy pawn can attack, defended by a pawn
	wDoubled       = wOutpost + 2                // a pawn with another of its own in front on its file
	wIsolated      = wDoubled + 1                // a pawn with no own pawn on the files beside it
	wBackward      = wIsolated + 1               // a pawn behind its neighbours whose stop square an enemy pawn attacks
	wPhalanx       = wBackward + 1               // by relative rank: a pawn with an own pawn beside it
	wSupported     = wPhalanx + 8                // by relative rank: a pawn an own pawn defends
	wPassed        = wSupported + 8              // by relative rank: a pawn no enemy pawn can stop
	wPassedBlocked = wPassed + 8                 // by relative rank: a passed pawn whose stop square is occupied
	wPassedOwnKing = wPassedBlocked + 8          // by the own king's distance (0-7) to the stop square, ranks 4-7 only
	wPassedOppKing = wPassedOwnKing + 8          // by the enemy king's distance (0-7) to the stop square, ranks 4-7 only
	wShelter       = wPassedOppKing + 8          // by the relative rank of the own pawn nearest the king on its file and beside it (0: none)
	wStorm         = wShelter + 8                // by the relative rank of the nearest enemy pawn on those files (0: none)
	wKingDanger    = wStorm + 8                  // by the attack units on the king's zone (kingDangerMax buckets)
	wSafeCheck     = wKingDanger + kingDangerMax // by checking piece type - 2 (knight .. queen): a check the enemy can make on a safe square
	wThreatPawn    = wSafeCheck + 4              // by piece type - 2 (knight .. queen): attacked by an enemy pawn
	wThreatMinor   = wThreatPawn + 4             // by piece type - 1 (pawn .. queen): attacked by an enemy knight or bishop
	wThreatRook    = wThreatMinor + 5            // by piece type - 1: attacked by an enemy rook
	wHanging       = wThreatRook + 5             // a piece attacked and not defended
	wTempo         = wHanging + 1                // the side to move's bonus
	wBadBishop     = wTempo + 1                  // per own pawn on the squares of a bishop's colour, per bishop
	wRook7th       = wBadBishop + 1              // a rook on the seventh rank with the enemy king on the eighth or enemy pawns on the seventh
	wPassedFree    = wRook7th + 1                // by relative rank: a passed pawn with nothing on its way to promote
	wSpace         = wPassedFree + 8             // per safe square of the centre files (c-f) on ranks 2-4 without an own pawn
	wThreatPush    = wSpace + 1                  // per enemy piece (not a pawn) a safe push of an own pawn would attack
	wRestricted    = wThreatPush + 1             // per square an enemy piece attacks that an own piece attacks too and the enemy does not hold firmly
	wKingProtect   = wRestricted + 1             // by piece type - 2 (knight, bishop): per square of the piece's king distance to its own king
	wMinorBehind   = wKingProtect + 2            // a knight or bishop right behind a pawn
	wFlankAttack   = wMinorBehind + 1            // per enemy attack (twice attacked counting twice) on the king's flank in the own camp
	wPawnlessFlank = wFlankAttack + 1            // the king on a flank without pawns
	wThreatKing    = wPawnlessFlank + 1          // an undefended enemy piece (not a pawn) the king attacks
	wKnightPawns   = wThreatKing + 1             // per knight, per own pawn above five (negative below)
	wRookPawns     = wKnightPawns + 1            // per rook, per own pawn above five (negative below)
	wPassedSafe    = wRookPawns + 1              // by relative rank: a passed pawn whose way to promote no enemy piece attacks
	numWeights     = wPassedSafe + 8
)

// kingDangerMax is the number of king-danger buckets: attack units above
// kingDangerMax-1 count as kingDangerMax-1.
const kingDangerMax = 40

// mobilityOffset gives the start of each piece type's mobility block.
var mobilityOffset = [7]int{Knight: wMobility, Bishop: wMobility + 9, Rook: wMobility + 9 + 14, Queen: wMobility + 9 + 14 + 15}

// kingAttackUnits are the units each piece type adds to the king danger of
// the side whose king zone it attacks; safeCheckUnits are added per safe
// check. These are fixed; the danger per unit count is fitted.
var (
	kingAttackUnits = [7]int{Knight: 2, Bishop: 2, Rook: 3, Queen: 5}
	safeCheckUnits  = [7]int{Knight: 3, Bishop: 2, Rook: 4, Queen: 4}
)

// phaseWeight is each piece type's share of the game phase; a full set of
// pieces makes maxPhase, the middlegame.
var phaseWeight = [7]int32{Knight: 1, Bishop: 1, Rook: 2, Queen: 4}

// maxPhase is the phase with every piece on the board.
const maxPhase = 24

// WeightName returns a name for the weight at index i of Weights, for the
// tuner's output and tests.
func WeightName(i int) string {
	blocks := []struct {
		start int
		name  string
	}{
		{wMaterial, "material"}, {wPST, "pst"}, {wMobility, "mobility"}, {wBishopPair, "bishop pair"},
		{wRookOpen, "rook open file"}, {wRookSemiOpen, "rook semi-open file"}, {wOutpost, "outpost"},
		{wDoubled, "doubled"}, {wIsolated, "isolated"}, {wBackward, "backward"}, {wPhalanx, "phalanx"},
		{wSupported, "supported"}, {wPassed, "passed"}, {wPassedBlocked, "passed blocked"},
		{wPassedOwnKing, "passed own king"}, {wPassedOppKing, "passed enemy king"}, {wShelter, "shelter"},
		{wStorm, "storm"}, {wKingDanger, "king danger"}, {wSafeCheck, "safe check"},
		{wThreatPawn, "threat by pawn"}, {wThreatMinor, "threat by minor"}, {wThreatRook, "threat by rook"},
		{wHanging, "hanging"}, {wTempo, "tempo"}, {wBadBishop, "bad bishop"}, {wRook7th, "rook on 7th"},
		{wPassedFree, "passed free"}, {wSpace, "space"}, {wThreatPush, "threat by push"},
		{wRestricted, "restricted"}, {wKingProtect, "king protector"}, {wMinorBehind, "minor behind pawn"},
		{wFlankAttack, "flank attack"}, {wPawnlessFlank, "pawnless flank"}, {wThreatKing, "threat by king"},
		{wKnightPawns, "knight pawns"}, {wRookPawns, "rook pawns"}, {wPassedSafe, "passed safe"},
	}
	for j := len(blocks) - 1; j >= 0; j-- {
		if i >= blocks[j].start {
			return blocks[j].name + "[" + itoa(i-blocks[j].start) + "]"
		}
	}
	return "?"
}

// itoa formats a small non-negative int.
func itoa(n int) string {
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + string(rune('0'+n%10))
}
