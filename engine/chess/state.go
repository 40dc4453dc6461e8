package chess

import (
	"strconv"
	"strings"

	"movesvc/engine"
)

// State is a chess position as the service's engine.State: a Position and
// the undo records of the moves played on it. A chess.Move converts to an
// engine.Move as it is (a non-zero 16-bit number).
type State struct {
	pos     *Position
	undos   []Undo
	variant Variant
	list    MoveList
}

// undoReserve is the undo records and history a State reserves ahead, so
// that Play does not allocate in a search of the generic kind.
const undoReserve = 256

// newState wraps p, played under the rules of v.
func newState(p *Position, v Variant) *State {
	p.Reserve(undoReserve)
	return &State{pos: p, undos: make([]Undo, 0, undoReserve), variant: v}
}

// Position returns the position's FEN (engine.Positioner).
func (s *State) Position() string { return s.pos.FEN() }

// ToMove returns engine.First for white, engine.Second for black.
func (s *State) ToMove() engine.Player { return engine.Player(s.pos.SideToMove()) }

// Ply returns the plies from the start of the game, as FEN's fullmove
// number and side to move count them (0 at the standard start).
func (s *State) Ply() int { return s.pos.Ply() }

// Outcome returns the result for the side to move once the game is over
// (checkmate: a loss; stalemate, insufficient material, fifty moves,
// threefold repetition: a draw), else engine.OutcomeUnknown.
func (s *State) Outcome() engine.Outcome {
	o, _ := s.pos.Status()
	return o
}

// EndReason returns why the game is over ("checkmate", "stalemate",
// "fifty-move", "repetition", "insufficient-material"), or "" while it
// goes on (engine.Ender).
func (s *State) EndReason() string {
	_, r := s.pos.Status()
	return r.String()
}

// LegalMoves appends the legal moves to buf[:0], none once the game is
// over (a draw by rule included). It allocates nothing when cap(buf) >=
// MaxMoves.
func (s *State) LegalMoves(buf []engine.Move) []engine.Move {
	buf = buf[:0]
	if s.Outcome() != engine.OutcomeUnknown {
		return buf
	}
	ci := s.pos.checkInfo()
	s.list.N = 0
	s.pos.generate(&s.list, genAll, &ci)
	for _, m := range s.list.Moves[:s.list.N] {
		buf = append(buf, engine.Move(m))
	}
	return buf
}

// MaxMoves returns MaxMoves.
func (s *State) MaxMoves() int { return MaxMoves }

// RemainingPlies bounds the plies left by the fifty-move rule: every 100
// plies a capture or a pawn move must come, and the position allows at
// most one capture per piece but the kings and one pawn move per square a
// pawn has still to cross; so at most 100 plies per such event to come,
// plus 100, less the plies since the last one.
func (s *State) RemainingPlies() int {
	p := s.pos
	events := (p.Occupied() &^ p.TypeBB(King)).Count()
	for b := p.Pieces(White, Pawn); b != 0; {
		events += 7 - b.Pop().Rank()
	}
	for b := p.Pieces(Black, Pawn); b != 0; {
		events += b.Pop().Rank()
	}
	return (events+1)*100 - p.HalfmoveClock()
}

// Play makes the legal move m.
func (s *State) Play(m engine.Move) {
	s.undos = append(s.undos, Undo{})
	s.pos.Make(Move(m), &s.undos[len(s.undos)-1])
}

// Undo takes back m, the last move played.
func (s *State) Undo(m engine.Move) {
	n := len(s.undos) - 1
	s.pos.Unmake(Move(m), &s.undos[n])
	s.undos = s.undos[:n]
}

// Evaluate returns the static evaluation in centipawns for the side to
// move.
func (s *State) Evaluate() int32 {
	return max(-engine.MaxEval, min(engine.MaxEval, s.pos.Evaluate()))
}

// Hash returns the position's Zobrist key.
func (s *State) Hash() uint64 { return s.pos.Hash() }

// ParseMove parses a legal move in UCI or SAN notation.
func (s *State) ParseMove(notation string) (engine.Move, error) {
	m, err := s.pos.ParseMove(notation)
	if err != nil {
		if e, ok := err.(*Error); ok {
			return engine.NoMove, errorString(e.Message)
		}
		return engine.NoMove, err
	}
	return engine.Move(m), nil
}

// errorString is an error that is its message.
type errorString string

func (e errorString) Error() string { return string(e) }

// FormatMove returns m in UCI notation (Chess960 castling as king takes
// rook).
func (s *State) FormatMove(m engine.Move) string { return s.pos.UCI(Move(m)) }

// Clone returns an independent copy.
func (s *State) Clone() engine.State {
	c := &State{pos: s.pos.Clone(), variant: s.variant}
	c.undos = append(make([]Undo, 0, cap(s.undos)), s.undos...)
	return c
}

// Board returns the ranks from 8 down to 1, files a to h, each square a
// FEN piece letter (uppercase white) or '.' (engine.Boarder).
func (s *State) Board() []string {
	rows := make([]string, 8)
	var b [8]byte
	for r := 7; r >= 0; r-- {
		for f := range 8 {
			b[f] = '.'
			if pc := s.pos.Piece(MakeSquare(f, r)); pc != NoPiece {
				b[f] = pc.String()[0]
			}
		}
		rows[7-r] = string(b[:])
	}
	return rows
}

// View returns the engine.ChessView of the position: its board, the king
// in check and FEN's other fields (engine.Viewer).
func (s *State) View() any {
	f := strings.Fields(s.pos.FEN())
	v := engine.ChessView{Castling: f[2]}
	copy(v.Rows[:], s.Board())
	if f[3] != "-" {
		v.EnPassant = f[3]
	}
	v.Halfmove, _ = strconv.Atoi(f[4])
	v.Fullmove, _ = strconv.Atoi(f[5])
	if s.pos.InCheck() {
		v.Check = s.pos.King(s.pos.SideToMove()).String()
	}
	return v
}

// DescribeMove returns m's SAN, its squares (a castling goes from the
// king's square to the king's destination) and its promotion piece
// (engine.MoveDescriber).
func (s *State) DescribeMove(em engine.Move) engine.MoveView {
	m := Move(em)
	v := engine.MoveView{SAN: s.pos.SAN(m), From: m.From().String(), To: m.To().String()}
	if m.IsCastling() {
		side := queenSide
		if m.To() > m.From() {
			side = kingSide
		}
		k, _ := castleTargets(s.pos.SideToMove(), side)
		v.To = k.String()
	}
	if pt := m.Promotion(); pt != NoPieceType {
		v.Promotion = string(" pnbrqk"[pt])
	}
	return v
}
