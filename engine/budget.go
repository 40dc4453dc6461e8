package engine

import (
	"container/list"
	"context"
	"errors"
	"sync"
)

// ErrOverBudget is returned by MemoryBudget.Reserve for a request larger
// than the whole budget: it could never be granted.
var ErrOverBudget = errors.New("engine: a search needs more memory than the whole budget")

// MemoryBudget is a number of bytes shared by concurrent searches. Each
// search reserves what it will hold (SearchMemory) before it starts and
// gives it back when it ends, so the searches running at once never hold
// more than the budget together. The budget also keeps the generic
// transposition tables of finished searches for the next ones, in the room
// no reservation uses: reserved plus idle bytes never exceed the size.
// Reservations are granted in arrival order. A MemoryBudget is safe for
// concurrent use.
type MemoryBudget struct {
	mu       sync.Mutex
	size     int64
	reserved int64
	idle     int64
	tables   map[int][]*Table // idle tables by bits
	waiters  list.List        // of *budgetWaiter, oldest first
}

type budgetWaiter struct {
	n     int64
	ready chan struct{}
}

// NewMemoryBudget returns a budget of size bytes.
func NewMemoryBudget(size int64) *MemoryBudget {
	return &MemoryBudget{size: size, tables: map[int][]*Table{}}
}

// Size returns the budget in bytes.
func (b *MemoryBudget) Size() int64 { return b.size }

// Reserved returns the bytes reserved by running searches now.
func (b *MemoryBudget) Reserved() int64 {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.reserved
}

// Idle returns the bytes of tables kept for reuse now.
func (b *MemoryBudget) Idle() int64 {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.idle
}

// Waiting returns how many reservations wait for room now.
func (b *MemoryBudget) Waiting() int {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.waiters.Len()
}

// Reserve reserves n bytes for one search, waiting in arrival order while
// ctx allows. Idle tables are dropped to make room before anyone waits. It
// returns ErrOverBudget at once when n exceeds the whole budget and ctx's
// error when ctx ends first; otherwise the caller must call Release on the
// reservation when the search is over.
func (b *MemoryBudget) Reserve(ctx context.Context, n int64) (*Reservation, error) {
	if n > b.size {
		return nil, ErrOverBudget
	}
	r := &Reservation{budget: b, n: n}
	b.mu.Lock()
	if b.waiters.Len() == 0 && b.fits(n) {
		b.reserved += n
		b.mu.Unlock()
		return r, nil
	}
	w := &budgetWaiter{n: n, ready: make(chan struct{})}
	elem := b.waiters.PushBack(w)
	b.mu.Unlock()

	select {
	case <-w.ready:
		return r, nil
	case <-ctx.Done():
		b.mu.Lock()
		defer b.mu.Unlock()
		select {
		case <-w.ready:
			// Granted just as ctx ended: give it back.
			b.reserved -= n
		default:
			b.waiters.Remove(elem)
		}
		b.grant()
		return nil, ctx.Err()
	}
}

// fits reports whether n more bytes can be reserved, dropping idle tables
// to make room if that is enough. b.mu is held.
func (b *MemoryBudget) fits(n int64) bool {
	if b.reserved+n > b.size {
		return false
	}
	for bits, ts := range b.tables {
		if b.reserved+b.idle+n <= b.size {
			break
		}
		for len(ts) > 0 && b.reserved+b.idle+n > b.size {
			b.idle -= TableBytes(bits)
			ts[len(ts)-1] = nil
			ts = ts[:len(ts)-1]
		}
		b.tables[bits] = ts
	}
	return true
}

// grant wakes the waiters at the front of the line that now fit. b.mu is
// held.
func (b *MemoryBudget) grant() {
	for e := b.waiters.Front(); e != nil; e = b.waiters.Front() {
		w := e.Value.(*budgetWaiter)
		if !b.fits(w.n) {
			return
		}
		b.reserved += w.n
		b.waiters.Remove(e)
		close(w.ready)
	}
}

// Reservation is memory reserved for one search. It hands the search its
// transposition table (Params.Memory) and, on Release, keeps that table
// for later searches.
type Reservation struct {
	budget *MemoryBudget
	n      int64
	held   []*Table
	done   bool
}

// Bytes returns the size of the reservation.
func (r *Reservation) Bytes() int64 { return r.n }

// table returns an idle table of 1<<bits entries, or a new one. The table
// belongs to the reservation until Release.
func (r *Reservation) table(bits int) *Table {
	b := r.budget
	b.mu.Lock()
	var t *Table
	if ts := b.tables[bits]; len(ts) > 0 {
		t = ts[len(ts)-1]
		ts[len(ts)-1] = nil
		b.tables[bits] = ts[:len(ts)-1]
		b.idle -= TableBytes(bits)
	}
	b.mu.Unlock()
	if t == nil {
		t = NewTable(bits)
	} else {
		t.NewSearch()
	}
	r.held = append(r.held, t)
	return t
}

// Release gives the reserved bytes back and keeps the reservation's tables
// idle for later searches, as far as the room left allows. It may be called
// once; later calls do nothing.
func (r *Reservation) Release() {
	if r == nil || r.done {
		return
	}
	r.done = true
	b := r.budget
	b.mu.Lock()
	defer b.mu.Unlock()
	b.reserved -= r.n
	for _, t := range r.held {
		size := int64(len(t.entries)) * entryBytes
		if b.reserved+b.idle+size > b.size {
			continue // no room: the collector takes it
		}
		bits := t.bits()
		b.tables[bits] = append(b.tables[bits], t)
		b.idle += size
	}
	r.held = nil
	b.grant()
}
