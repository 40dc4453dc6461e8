package engine

import (
	"errors"
	"math"
	"sync"
)

// ErrOverBudget is returned by MemoryBudget.Reserve for a request larger
// than the whole budget: it could never be granted.
var ErrOverBudget = errors.New("engine: a search needs more memory than the whole budget")

// ErrNoRoom is returned by MemoryBudget.Reserve when the reservations
// held now leave too little room.
var ErrNoRoom = errors.New("engine: the searches running now hold the memory a search needs")

// MemoryBudget is a number of bytes shared by concurrent searches. Each
// search reserves what it will hold (SearchMemory) before it starts and
// gives it back when it ends, so the searches running at once never hold
// more than the budget together. The budget also keeps what finished
// searches leave for the next ones (their generic transposition tables,
// and whatever a game hands over with Reservation.Keep), up to the room no
// reservation uses; a search that finds nothing to reuse (Take) drops idle
// objects before it allocates, so that what searches hold plus what is
// idle stays within the budget. Reserve never waits: whoever schedules
// searches (the server's lease) decides who waits for room, and in which
// order. A MemoryBudget is safe for concurrent use.
type MemoryBudget struct {
	mu       sync.Mutex
	size     int64
	reserved int64
	idle     int64
	kept     map[any][]keptItem // idle objects by key, most recent last
}

// keptItem is an object kept for reuse and the bytes it holds.
type keptItem struct {
	key   any
	v     any
	bytes int64
}

// tableKey is the key generic tables of 1<<bits entries are kept under.
type tableKey int

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

// Reserve reserves n bytes for one search when the reservations held now
// leave room for them; idle objects do not count (the search may reuse
// them, or Take drops them when it allocates). It returns ErrOverBudget
// when n exceeds the whole budget and ErrNoRoom when the room is short
// now; otherwise the caller must call Release on the reservation when the
// search is over. It never waits.
func (b *MemoryBudget) Reserve(n int64) (*Reservation, error) {
	if n > b.size {
		return nil, ErrOverBudget
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.reserved+n > b.size {
		return nil, ErrNoRoom
	}
	b.reserved += n
	return &Reservation{budget: b, n: n}, nil
}

// Room returns the bytes no reservation holds now.
func (b *MemoryBudget) Room() int64 {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.size - b.reserved
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

// Reservation is memory reserved for one search. It hands the search what
// earlier searches left (its transposition table through Limits.Memory, a
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
	return r.budget.takeIdle(key)
}

// takeIdle returns the most recent idle object kept under key and no
// longer counts it idle; with none, it drops idle objects as far as the
// budget's room needs (makeRoom) and returns nil.
func (b *MemoryBudget) takeIdle(key any) any {
	b.mu.Lock()
	defer b.mu.Unlock()
	items := b.kept[key]
	if len(items) == 0 {
		b.makeRoom()
		return nil
	}
	it := items[len(items)-1]
	items[len(items)-1] = keptItem{}
	// The emptied list stays, so that handing the object back reuses it
	// rather than allocating a new one per search.
	b.kept[key] = items[:len(items)-1]
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
		b.keepIdle(it)
	}
	r.held = nil
}

// keepIdle keeps it idle for later searches when the budget has room for
// it beside what is reserved and idle, and otherwise leaves it to the
// collector. b.mu is held.
func (b *MemoryBudget) keepIdle(it keptItem) {
	if b.reserved+b.idle+it.bytes > b.size {
		return
	}
	b.kept[it.key] = append(b.kept[it.key], it)
	b.idle += it.bytes
}

// scratch is the budget of searches run without a reservation (tools,
// tests, a game's search called directly): it counts nothing against a
// limit and keeps what they hand back for the next, one object per search
// that ran at once.
var scratch = NewMemoryBudget(math.MaxInt64)

// Borrow returns an object for a search to use, and whether it was used
// before: one kept under key for reuse by r (Reservation.Take), or by
// the scratch budget when r is nil; else what fresh makes. It is the one
// way a search gets its tables and large buffers; it hands them back with
// Return. A reused object holds what its last search left: the caller
// resets what it must (a table's NewSearch).
func Borrow[T any](r *Reservation, key any, fresh func() T) (T, bool) {
	var v any
	if r != nil {
		v = r.Take(key)
	} else {
		v = scratch.takeIdle(key)
	}
	if t, ok := v.(T); ok {
		return t, true
	}
	return fresh(), false
}

// Return hands v, holding the given bytes, back after a search borrowed
// it: to r (Reservation.Keep), which keeps it for later searches, or to
// the scratch budget when r is nil. Key must be comparable.
func Return(r *Reservation, key, v any, bytes int64) {
	if r != nil {
		r.Keep(key, v, bytes)
		return
	}
	scratch.mu.Lock()
	scratch.keepIdle(keptItem{key: key, v: v, bytes: bytes})
	scratch.mu.Unlock()
}

// borrowTable returns a table of 1<<bits entries for a search, empty of
// earlier searches' entries (NewSearch), borrowed from r; the search hands
// it back with returnTable.
func borrowTable(bits int, r *Reservation) *Table {
	t, reused := Borrow(r, tableKey(bits), func() *Table { return NewTable(bits) })
	if reused {
		t.NewSearch()
	}
	return t
}

// returnTable hands back a table borrowTable returned.
func returnTable(t *Table, r *Reservation) {
	Return(r, tableKey(t.bits()), t, TableBytes(t.bits()))
}
