package chess

import "math/rand/v2"

// Zobrist keys (https://www.chessprogramming.org/Zobrist_Hashing), from a
// fixed seed so that keys are the same in every process.
var (
	zobristPiece  [16][64]uint64
	zobristCastle [16]uint64 // by the set of rights
	zobristEP     [8]uint64  // by the en-passant square's file
	zobristSide   uint64     // present when Black is to move
)

func init() {
	rng := rand.New(rand.NewPCG(0x6d6f766573766321, 0x636865737321))
	for pc := range zobristPiece {
		for sq := range zobristPiece[pc] {
			zobristPiece[pc][sq] = rng.Uint64()
		}
	}
	for i := range zobristEP {
		zobristEP[i] = rng.Uint64()
	}
	var rights [4]uint64
	for i := range rights {
		rights[i] = rng.Uint64()
	}
	for set := range zobristCastle {
		for i := range rights {
			if set&(1<<i) != 0 {
				zobristCastle[set] ^= rights[i]
			}
		}
	}
	zobristSide = rng.Uint64()
}
