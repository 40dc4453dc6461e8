package chess

// seeGE reports whether the static exchange evaluation of m
// (https://www.chessprogramming.org/Static_Exchange_Evaluation) is at
// least threshold: the material the side to move wins when both sides
// capture on m's square with their least valuable attacker first, each
// free to stop, x-ray attackers joining as the pieces in front of them go.
// Castling, en passant and promotions count as 0. Pins are ignored.
func (p *Position) seeGE(m Move, threshold int32) bool {
	if m.kind() != moveNormal {
		return threshold <= 0
	}
	from, to := m.From(), m.To()
	swap := seeValue[p.board[to&63].Type()] - threshold
	if swap < 0 {
		return false
	}
	swap = seeValue[p.board[from&63].Type()] - swap
	if swap <= 0 {
		return true
	}
	occ := p.byType[0] ^ from.bb() ^ to.bb()
	side := p.side
	attackers := p.attackersTo(to, occ)
	diag := p.byType[Bishop] | p.byType[Queen]
	orth := p.byType[Rook] | p.byType[Queen]
	res := true
	for {
		side = side.Other()
		attackers &= occ
		mine := attackers & p.byCol[side]
		if mine == 0 {
			break
		}
		res = !res
		t := Pawn
		for ; t < King && mine&p.byType[t] == 0; t++ {
		}
		if t == King {
			// The king may capture only if nothing recaptures.
			if attackers&^p.byCol[side] != 0 {
				res = !res
			}
			break
		}
		if swap = seeValue[t] - swap; swap < boolInt32(res) {
			break
		}
		occ ^= (mine & p.byType[t]).First().bb()
		switch t {
		case Pawn, Bishop:
			attackers |= bishopAttacksOf(to, occ) & diag
		case Rook:
			attackers |= rookAttacksOf(to, occ) & orth
		case Queen:
			attackers |= bishopAttacksOf(to, occ)&diag | rookAttacksOf(to, occ)&orth
		}
	}
	return res
}

// boolInt32 returns 1 for true and 0 for false.
func boolInt32(b bool) int32 {
	if b {
		return 1
	}
	return 0
}
