package api

import (
	"container/list"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"

	"movesvc/engine"
)

// resultCache remembers the answers of searches that proved their result
// (win, loss or draw with its exact score), which no later search of the
// same position and depth can change, so that a repeated position is
// answered without a search slot. It holds at most max answers and drops
// the least recently used. It is safe for concurrent use.
type resultCache struct {
	mu  sync.Mutex
	max int
	m   map[string]*list.Element // of *cachedAnswer
	lru list.List                // most recent first
}

type cachedAnswer struct {
	key  string
	resp moveResponse
}

// newResultCache returns a cache of max answers, or nil (no caching) for
// max <= 0.
func newResultCache(max int) *resultCache {
	if max <= 0 {
		return nil
	}
	return &resultCache{max: max, m: make(map[string]*list.Element, max)}
}

// cacheKey identifies a job's search: the game, its options, the position
// as the game prints it (its board rows, for a placement game, whose
// results do not depend on the moves that led to it; else its notation and
// the request's move list, which may matter, as repetitions do in chess),
// the side to move and the depth.
func cacheKey(job *moveJob) string {
	var b strings.Builder
	b.WriteString(job.game.Name)
	b.WriteByte(0)
	names := make([]string, 0, len(job.options))
	for name := range job.options {
		names = append(names, name)
	}
	slices.Sort(names)
	for _, name := range names {
		fmt.Fprintf(&b, "%s=%v;", name, job.options[name])
	}
	st, depth := job.st, job.params.Depth
	b.WriteByte(0)
	if _, grid := st.(engine.Celler); grid {
		for _, row := range st.(engine.Boarder).Board() {
			b.WriteString(row)
			b.WriteByte('/')
		}
	} else {
		fmt.Fprintf(&b, "%v\x00%q", positionText(st), job.history)
	}
	b.WriteString(st.ToMove().String())
	b.WriteByte(0)
	b.WriteString(strconv.Itoa(depth))
	return b.String()
}

// get returns the answer remembered for key.
func (c *resultCache) get(key string) (moveResponse, bool) {
	if c == nil {
		return moveResponse{}, false
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	e, ok := c.m[key]
	if !ok {
		return moveResponse{}, false
	}
	c.lru.MoveToFront(e)
	return e.Value.(*cachedAnswer).resp, true
}

// put remembers resp for key if it is a proved result.
func (c *resultCache) put(key string, resp moveResponse) {
	if c == nil || resp.Outcome == engine.OutcomeUnknown.String() || !resp.Complete {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if e, ok := c.m[key]; ok {
		c.lru.MoveToFront(e)
		return
	}
	c.m[key] = c.lru.PushFront(&cachedAnswer{key: key, resp: resp})
	if c.lru.Len() > c.max {
		old := c.lru.Back()
		c.lru.Remove(old)
		delete(c.m, old.Value.(*cachedAnswer).key)
	}
}

// len returns how many answers are remembered.
func (c *resultCache) len() int {
	if c == nil {
		return 0
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.lru.Len()
}
