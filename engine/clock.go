package engine

import "sync/atomic"

// DefaultPoll is how many nodes the generic search counts between two looks
// at its context (Clock.Start).
const DefaultPoll = 256

// Clock is the one check of a search's limits as it runs: it counts the
// nodes, stops the search once Limits.MaxNodes are spent and, every poll
// nodes, once the context has ended. A search arms it after its first
// iteration, which always completes, so that the answer is a legal move.
// The zero value never stops; a Clock is used by one goroutine (each
// helper thread of a search has its own).
type Clock struct {
	done     <-chan struct{}
	halt     *atomic.Bool
	maxNodes uint64
	mask     uint64
	// Nodes counts the nodes Tick saw.
	Nodes    uint64
	armed    bool
	stopped  bool
	deadline bool
}

// Start readies c for a search that stops when done is closed (nil:
// never) or after maxNodes nodes (0: no limit), unarmed, its counter at
// zero, looking at done every poll nodes (a power of two; DefaultPoll when
// zero).
func (c *Clock) Start(done <-chan struct{}, maxNodes, poll uint64) {
	if poll == 0 {
		poll = DefaultPoll
	}
	*c = Clock{done: done, maxNodes: maxNodes, mask: poll - 1}
}

// Watch gives c new limits, as Start does, but keeps its node count and
// poll: the context's done channel (nil: none) and an absolute node limit
// (0: none), for a solver that runs several solves on one count.
func (c *Clock) Watch(done <-chan struct{}, maxNodes uint64) {
	c.done, c.maxNodes, c.stopped, c.deadline = done, maxNodes, false, false
	if c.mask == 0 {
		c.mask = DefaultPoll - 1
	}
}

// Limit sets c's absolute node limit (0: none), keeping the rest.
func (c *Clock) Limit(maxNodes uint64) { c.maxNodes = maxNodes }

// Done returns the channel c watches.
func (c *Clock) Done() <-chan struct{} { return c.done }

// MaxNodes returns the node limit c stops at, 0 for none.
func (c *Clock) MaxNodes() uint64 { return c.maxNodes }

// HaltOn makes c stop, at its next look at the context, once flag is set
// (nil: no flag): how the threads of one search stop when one of them
// finishes.
func (c *Clock) HaltOn(flag *atomic.Bool) { c.halt = flag }

// Resume clears a stop, for a search that goes on after a helper's halt.
func (c *Clock) Resume() { c.stopped, c.deadline = false, false }

// Arm lets c stop the search from now on (or not, with false).
func (c *Clock) Arm(on bool) { c.armed = on }

// Tick counts one node and reports whether the search must stop: armed,
// and the node limit reached or, when the count is a multiple of the
// poll, the context ended. Once it reports true it keeps doing so.
func (c *Clock) Tick() bool {
	c.Nodes++
	return c.Poll()
}

// Poll reports whether the search must stop, as Tick does, without
// counting a node.
func (c *Clock) Poll() bool {
	if c.stopped || !c.armed {
		return c.stopped
	}
	if c.maxNodes != 0 && c.Nodes >= c.maxNodes {
		c.stopped = true
	} else if c.Nodes&c.mask == 0 {
		if c.halt != nil && c.halt.Load() {
			c.stopped = true
			return true
		}
		select {
		case <-c.done:
			c.stopped, c.deadline = true, true
		default:
		}
	}
	return c.stopped
}

// Stopped reports whether a limit stopped the search.
func (c *Clock) Stopped() bool { return c.stopped }

// DeadlineHit reports whether the context, not the node limit, stopped
// the search.
func (c *Clock) DeadlineHit() bool { return c.deadline }
