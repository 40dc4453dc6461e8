package main

import (
	"fmt"
	"strconv"
	"strings"
	"time"
)

// player is one side of a match: a UCI engine and how it is asked to move.
type player struct {
	spec     string
	name     string
	argv     []string
	options  [][2]string // setoption name/value pairs, in order
	movetime time.Duration
	depth    int
	nodes    uint64
	base     time.Duration // a clock: base time and increment (tc=)
	inc      time.Duration
}

// parsePlayer parses a player's settings: comma-separated key=value pairs.
// brain=COMMAND (the program and its arguments, split at spaces, run
// without a shell) is required; name=NAME labels it; time=D (go movetime),
// depth=N, nodes=N and tc=BASE+INC (a clock, as wtime/btime/winc/binc:
// tc=10s+100ms) say how it moves; any other key=value is sent as
// "setoption name KEY value VALUE" (Threads=1, Hash=16, UCI_Elo=2400,
// UCI_LimitStrength=true, Level=5).
func parsePlayer(spec string) (player, error) {
	p := player{spec: spec}
	for _, kv := range strings.Split(spec, ",") {
		k, v, ok := strings.Cut(strings.TrimSpace(kv), "=")
		if !ok || v == "" {
			return p, fmt.Errorf("%q: want key=value", kv)
		}
		var err error
		switch k {
		case "brain":
			p.argv = strings.Fields(v)
		case "name":
			p.name = v
		case "time":
			p.movetime, err = time.ParseDuration(v)
		case "depth":
			p.depth, err = strconv.Atoi(v)
		case "nodes":
			p.nodes, err = strconv.ParseUint(v, 10, 64)
		case "tc":
			b, i, _ := strings.Cut(v, "+")
			if p.base, err = time.ParseDuration(b); err == nil && i != "" {
				p.inc, err = time.ParseDuration(i)
			}
		default:
			p.options = append(p.options, [2]string{k, v})
		}
		if err != nil {
			return p, fmt.Errorf("%s=%s: %v", k, v, err)
		}
	}
	if len(p.argv) == 0 {
		return p, fmt.Errorf("%q: no brain=COMMAND", spec)
	}
	if p.movetime == 0 && p.depth == 0 && p.nodes == 0 && p.base == 0 {
		return p, fmt.Errorf("%q: no time=, depth=, nodes= or tc= limits its moves", spec)
	}
	return p, nil
}

// label returns the player's name, or its program's.
func (p player) label(engineName string) string {
	if p.name != "" {
		return p.name
	}
	return engineName
}

// goCommand returns the go command for a move, with the clocks (white's
// and black's time left) when the player has a clock, and how long to wait
// for the answer.
func (p player) goCommand(clocks [2]time.Duration, whiteToMove bool) (string, time.Duration) {
	var b strings.Builder
	b.WriteString("go")
	wait := untimed
	if p.base > 0 {
		fmt.Fprintf(&b, " wtime %d btime %d winc %d binc %d", clocks[0].Milliseconds(), clocks[1].Milliseconds(),
			p.inc.Milliseconds(), p.inc.Milliseconds())
		own := clocks[0]
		if !whiteToMove {
			own = clocks[1]
		}
		wait = own + moveGrace
	}
	if p.movetime > 0 {
		fmt.Fprintf(&b, " movetime %d", p.movetime.Milliseconds())
		wait = p.movetime + moveGrace
	}
	if p.depth > 0 {
		fmt.Fprintf(&b, " depth %d", p.depth)
	}
	if p.nodes > 0 {
		fmt.Fprintf(&b, " nodes %d", p.nodes)
	}
	return b.String(), wait
}
