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
// more than the budget together. The budget also keeps what finished
// searches leave for the next ones (their generic transposition tables,
// and whatever a game hands over with Reservation.Keep), up to the room no
// reservation uses; a search that finds nothing to reuse (Take) drops idle
// objects before it allocates, so that what searches hold plus what is
// idle stays within the budget. Reservations are granted in arrival order.
// A MemoryBudget is safe for concurrent use.
type MemoryBudget struct {
	mu       sync.Mutex
	size     int64
	reserved int64
	idle     int64
	kept     map[any][]keptItem // idle objects by key, most recent last
	waiters  list.List          // of *budgetWaiter, oldest first
}

// keptItem is an object kept for reuse and the bytes it holds.
type keptItem struct {
	key   any
	v     any
	bytes int64
}

// tableKey is the key generic tables of 1<<bits entries are kept under.
type tableKey int

type budgetWaiter struct {
	n     int64
	ready chan struct{}
}

// NewMemoryBudget returns a budget of size bytes.
func NewMemoryBudget(size int64) *MemoryBudget {
	return &MemoryBudget{size: size, kept: map[any][]keptItem{}}
}

// Size returns the budget in bytes.
func (b *MemoryBudget) Size() int64 { return b.size }

// Reserved returns the bytes reserved by running searches now.
func (b *MemoryBudget) Reserved() int64 {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.reserved
}

// Idle returns the bytes of objects kept for reuse now.
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
// ctx allows; idle objects do not make it wait (the search may reuse them,
// or Take drops them when it allocates). It returns ErrOverBudget at once when n exceeds the whole budget and ctx's
// error when ctx ends first; otherwise the caller must call Release on the
// reservation when the search is over.
func (b *MemoryBudget) Reserve(ctx context.Context, n int64) (*Reservation, error) {
	if n > b.size {
		return nil, ErrOverBudget
	}
	r := &Reservation{budget: b, n: n}
	b.mu.Lock()
	if b.waiters.Len() == 0 && b.reserved+n <= b.size {
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

// TryReserve reserves n bytes for one search when the budget has room for
// them now and no reservation waits before it, and reports whether it did;
// it never waits. On success the caller must call Release on the
// reservation when the search is over.
func (b *MemoryBudget) TryReserve(n int64) (*Reservation, bool) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.waiters.Len() > 0 || b.reserved+n > b.size {
		return nil, false
	}
	b.reserved += n
	return &Reservation{budget: b, n: n}, true
}

// makeRoom drops idle objects, the oldest of each key first, until reserved
// and idle bytes fit the budget. b.mu is held.
func (b *MemoryBudget) makeRoom() {
	for key, items := range b.kept {
		if b.reserved+b.idle <= b.size {
			return
		}
		for len(items) > 0 && b.reserved+b.idle > b.size {
			b.idle -= items[0].bytes
			items[0] = keptItem{}
			items = items[1:] // the oldest first
		}
		if len(items) == 0 {
			delete(b.kept, key)
		} else {
			b.kept[key] = items
		}
	}
}

// grant wakes the waiters at the front of the line that now fit. b.mu is
// held.
func (b *MemoryBudget) grant() {
	for e := b.waiters.Front(); e != nil; e = b.waiters.Front() {
		w := e.Value.(*budgetWaiter)
		if b.reserved+w.n > b.size {
			return
		}
		b.reserved += w.n
		b.waiters.Remove(e)
		close(w.ready)
	}
}

// Reservation is memory reserved for one search. It hands the search what
// earlier searches left (its transposition table through Params.Memory, a
// game's own objects through Take) and, on Release, keeps what the search
// hands back for later searches.
type Reservation struct {
	budget *MemoryBudget
	n      int64
	held   []keptItem
	done   bool
}

// Bytes returns the size of the reservation.
func (r *Reservation) Bytes() int64 { return r.n }

// Take returns an object handed back under key with Keep: one this
// reservation handed back itself (a search run after another under the same
// reservation reuses its object), else one an earlier search left, the most
// recent first. The object is the caller's now and its bytes count within
// this reservation. If there is none it returns nil, having dropped idle
// objects as far as needed for the caller to allocate within its
// reservation.
func (r *Reservation) Take(key any) any {
	for i := len(r.held) - 1; i >= 0; i-- {
		if it := r.held[i]; it.key == key {
			r.held = append(r.held[:i], r.held[i+1:]...)
			return it.v
		}
	}
	b := r.budget
	b.mu.Lock()
	defer b.mu.Unlock()
	items := b.kept[key]
	if len(items) == 0 {
		b.makeRoom()
		return nil
	}
	it := items[len(items)-1]
	items[len(items)-1] = keptItem{}
	if items = items[:len(items)-1]; len(items) == 0 {
		delete(b.kept, key)
	} else {
		b.kept[key] = items
	}
	b.idle -= it.bytes
	return it.v
}

// Keep hands v, holding the given bytes and no longer used by the caller,
// back: a later Take under this reservation gets it again, and when the
// reservation is released it is kept idle under key for later searches, as
// far as the room no reservation uses allows, and otherwise dropped for the
// collector. Key must be comparable.
func (r *Reservation) Keep(key, v any, bytes int64) {
	r.held = append(r.held, keptItem{key: key, v: v, bytes: bytes})
}

// table returns a table of 1<<bits entries handed back earlier, or a new
// one; the caller hands it back with keepTable.
func (r *Reservation) table(bits int) *Table {
	t, _ := r.Take(tableKey(bits)).(*Table)
	if t == nil {
		return NewTable(bits)
	}
	t.NewSearch()
	return t
}

// keepTable hands back a table that table returned.
func (r *Reservation) keepTable(t *Table) {
	r.Keep(tableKey(t.bits()), t, TableBytes(t.bits()))
}

// Release gives the reserved bytes back and keeps what the search handed
// back (Keep) for later searches, as far as the room left allows. It may be
// called once; later calls do nothing.
func (r *Reservation) Release() {
	if r == nil || r.done {
		return
	}
	r.done = true
	b := r.budget
	b.mu.Lock()
	defer b.mu.Unlock()
	b.reserved -= r.n
	for _, it := range r.held {
		if b.reserved+b.idle+it.bytes > b.size {
			continue // no room: the collector takes it
		}
		b.kept[it.key] = append(b.kept[it.key], it)
		b.idle += it.bytes
	}
	r.held = nil
	b.grant()
}
