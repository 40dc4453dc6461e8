package engine

import (
	"context"
	"errors"
	"testing"
)

// searchState is a minimal position for searches in this package's tests:
// a Nim heap of n stones, take 1 or 2, taking the last stone wins.
type nim struct{ n, ply int }

func (s *nim) ToMove() Player { return Player(s.ply % 2) }
func (s *nim) Ply() int       { return s.ply }
func (s *nim) Outcome() Outcome {
	if s.n == 0 {
		return OutcomeLoss
	}
	return OutcomeUnknown
}
func (s *nim) LegalMoves(buf []Move) []Move {
	buf = buf[:0]
	for m := 1; m <= min(2, s.n); m++ {
		buf = append(buf, Move(m))
	}
	return buf
}
func (s *nim) MaxMoves() int                  { return 2 }
func (s *nim) RemainingPlies() int            { return s.n }
func (s *nim) Play(m Move)                    { s.n -= int(m); s.ply++ }
func (s *nim) Undo(m Move)                    { s.n += int(m); s.ply-- }
func (s *nim) Evaluate() int32                { return 0 }
func (s *nim) Hash() uint64                   { return uint64(s.n)*2654435761 + uint64(s.ply%2) }
func (s *nim) ParseMove(string) (Move, error) { return NoMove, errors.New("no notation") }
func (s *nim) FormatMove(m Move) string       { return string(rune('0' + m)) }
func (s *nim) Cell(m Move) (int, int)         { return 0, int(m) }
func (s *nim) Board() []string                { return nil }
func (s *nim) Clone() State                   { c := *s; return &c }

// TestBudgetReusesTables runs searches under one budget: the second search
// gets the first one's table back instead of a new one, and a table is
// either reserved or idle, never counted twice.
func TestBudgetReusesTables(t *testing.T) {
	const bits = 10
	size := 3 * TableBytes(bits)
	b := NewMemoryBudget(size)
	var tables []*Table
	for range 3 {
		r, err := b.Reserve(TableBytes(bits))
		if err != nil {
			t.Fatal(err)
		}
		res := Search(context.Background(), &nim{n: 20}, Limits{TableBits: bits, Memory: r})
		if res.Outcome != OutcomeWin || res.Move != 2 {
			t.Fatalf("nim 20: %+v, want a win taking 2", res)
		}
		if len(r.held) != 1 || b.Idle() != 0 || b.Reserved() != TableBytes(bits) {
			t.Fatalf("during the search: held %d tables, idle %d, reserved %d", len(r.held), b.Idle(), b.Reserved())
		}
		tables = append(tables, r.held[0].v.(*Table))
		r.Release()
		r.Release() // a second release does nothing
		if b.Reserved() != 0 || b.Idle() != TableBytes(bits) {
			t.Fatalf("after release: reserved %d idle %d", b.Reserved(), b.Idle())
		}
	}
	if tables[0] != tables[1] || tables[1] != tables[2] {
		t.Error("each search got a new table; want the idle one reused")
	}
}

// TestBudgetBoundsReservations fills the budget and checks that the next
// reservation is refused at once while the room is short (ErrNoRoom) and
// granted once a reservation is released, that one larger than the budget
// is refused (ErrOverBudget), and that an idle table is reused by the next
// search or dropped before it allocates another.
func TestBudgetBoundsReservations(t *testing.T) {
	const bits = 8
	one := TableBytes(bits)
	b := NewMemoryBudget(2 * one)
	if _, err := b.Reserve(3 * one); !errors.Is(err, ErrOverBudget) {
		t.Fatalf("reserving more than the budget: %v", err)
	}
	r1, _ := b.Reserve(one)
	r2, _ := b.Reserve(one)
	Search(context.Background(), &nim{n: 5}, Limits{TableBits: bits, Memory: r1})
	if _, err := b.Reserve(one); !errors.Is(err, ErrNoRoom) {
		t.Fatalf("reserving from a full budget: %v, want ErrNoRoom", err)
	}
	r1.Release() // its table is kept idle: one reserved, one idle
	if _, err := b.Reserve(2 * one); !errors.Is(err, ErrNoRoom) {
		t.Fatalf("a reservation beyond the room left: %v, want ErrNoRoom", err)
	}
	if b.Reserved()+b.Idle() > b.Size() || b.Room() != one {
		t.Fatalf("reserved %d + idle %d exceed the budget %d, or room %d", b.Reserved(), b.Idle(), b.Size(), b.Room())
	}
	r2.Release() // now it fits; the idle table stays until needed
	r3, err := b.Reserve(2 * one)
	if err != nil {
		t.Fatal(err)
	}
	Search(context.Background(), &nim{n: 5}, Limits{TableBits: bits, Memory: r3}) // reuses it
	first := r3.held[0].v
	Search(context.Background(), &nim{n: 7}, Limits{TableBits: bits, Memory: r3}) // the same table again
	if b.Reserved() != 2*one || b.Idle() != 0 || len(r3.held) != 1 || r3.held[0].v != first {
		t.Fatalf("reserved %d idle %d held %d, want the whole budget reserved and the idle table in use by both searches in turn", b.Reserved(), b.Idle(), len(r3.held))
	}
	r3.Release()
	if b.Reserved() != 0 {
		t.Fatalf("reserved %d after every release", b.Reserved())
	}
}

// TestBudgetKeepsWhatAGameHandsBack: an object a search hands back with Keep
// is what the next search's Take returns, counted idle in between, and
// dropped when a reservation needs its room.
func TestBudgetKeepsWhatAGameHandsBack(t *testing.T) {
	type solverKey struct{}
	const mib = 1 << 20
	b := NewMemoryBudget(10 * mib)
	r, _ := b.Reserve(8 * mib)
	if got := r.Take(solverKey{}); got != nil {
		t.Fatalf("Take from an empty budget: %v", got)
	}
	solver := new([64]byte)
	r.Keep(solverKey{}, solver, 8*mib)
	r.Release()
	if b.Idle() != 8*mib {
		t.Fatalf("idle %d, want the kept 8 MiB", b.Idle())
	}
	r, _ = b.Reserve(8 * mib)
	if got := r.Take(solverKey{}); got != solver {
		t.Fatalf("Take returned %v, want the kept object", got)
	}
	if b.Idle() != 0 || b.Reserved() != 8*mib {
		t.Fatalf("idle %d reserved %d after Take", b.Idle(), b.Reserved())
	}
	r.Keep(solverKey{}, solver, 8*mib)
	r.Release()
	type tableKey struct{}
	r, _ = b.Reserve(4 * mib) // granted: idle objects do not count
	if r.Take(tableKey{}) != nil || b.Idle() != 0 {
		t.Fatalf("idle %d after a Take that found nothing: the kept object must make room for the allocation", b.Idle())
	}
	if r.Take(solverKey{}) != nil {
		t.Fatal("a dropped object was taken")
	}
	r.Release()
}

// TestBorrowAllocatesNothingOnceWarm: a search that borrows and returns an
// object, with or without a reservation, allocates nothing once an
// earlier search has handed one back.
func TestBorrowAllocatesNothingOnceWarm(t *testing.T) {
	type warmKey struct{}
	fresh := func() *[64]byte { return new([64]byte) }
	b := NewMemoryBudget(1 << 20)
	for _, name := range []string{"scratch", "reservation"} {
		var r *Reservation
		if name == "reservation" {
			r, _ = b.Reserve(1 << 10)
		}
		cycle := func() {
			v, _ := Borrow(r, warmKey{}, fresh)
			Return(r, warmKey{}, v, 64)
		}
		cycle()
		if n := testing.AllocsPerRun(100, cycle); n != 0 {
			t.Errorf("%s: %.1f allocations a borrow and return, want 0", name, n)
		}
		r.Release()
	}
}
