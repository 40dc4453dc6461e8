package main

import (
	"context"
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"

	"movesvc/engine"
	"movesvc/engine/gomoku"
	"movesvc/engine/gomoku/lab"
	"movesvc/engine/strength"
)

// player is one side's search settings.
type player struct {
	depth   int
	nodes   uint64
	time    time.Duration
	threats bool
	prune   bool
	plain   bool
	bits    int
	threads int  // goroutines per search (gomoku.Options.Threads); 0: one
	keep    bool // the table kept from move to move within a game (gomoku.Session)
	level   int  // 1..9: a weaker level (strength.Params.Level); 0: none
	// evalFile names the evaluation weights or cell table read into
	// weights or table (see readWeights); "": the engine's own.
	evalFile string
	weights  *lab.EvalWeights
	table    *lab.CellTable
	// policyFile names the move-ordering table read into policy; "": the
	// engine's own.
	policyFile string
	policy     *lab.CellTable
	// linesFile names the line table read into lines, added to the
	// evaluation; "": none.
	linesFile string
	lines     *lab.LineTable
	// brain, when set, is the command line of an outside Gomocup brain
	// that plays instead of the engine (brain.go); time is then its
	// timeout_turn, depth its max_depth, and no other setting applies.
	brain []string
	// wait, when set, is the most a brain's answer to a move may take
	// before the brain forfeits, in place of time plus brainGrace (or
	// brainUntimed): a depth-limited brain that hangs costs a game, not
	// ten minutes of the match.
	wait time.Duration
}

// parsePlayer reads "key=value,..." settings: depth, nodes, time, threats
// and prune (on or off: the pruning and reductions), plain (true or false), bits, threads (goroutines
// per search, lazy SMP), keep (on or off: the transposition table kept
// from one of the player's moves to the next within a game, as the Gomocup
// brain keeps it), level (1..10, the engine's playing levels; with a level,
// nodes, threats, prune, threads, keep and eval do not apply) and eval
// (the evaluation: "patterns", "fitted" or a file of weights or of a cell
// table as cmd/gomokutune writes them) and policy (the move-ordering
// table: "hand", the hand-set ordering, or a file as cmd/gomokutune
// writes it) and lines (a file of a line table as cmd/gomokutune writes
// it, added to the evaluation). Threat search, move-count pruning and keep are on unless
// turned off. brain=COMMAND (a program and its arguments, separated by
// spaces, run without a shell) plays an outside Gomocup brain instead of
// the engine, with time as its turn's time limit, depth as its search
// depth, nodes as its node limit (INFO max_node, which Rapfi honours) and
// wait as the most an answer may take (a Go duration), the only other
// settings it takes.
func parsePlayer(s string) (player, error) {
	p := player{threats: true, prune: true, keep: true, bits: 18}
	given := map[string]bool{}
	for _, kv := range strings.Split(s, ",") {
		if kv == "" {
			continue
		}
		k, v, ok := strings.Cut(kv, "=")
		if !ok {
			return p, fmt.Errorf("setting %q: want key=value", kv)
		}
		given[k] = true
		var err error
		switch k {
		case "brain":
			if p.brain = strings.Fields(v); len(p.brain) == 0 {
				err = fmt.Errorf("want the brain's command")
			}
		case "depth":
			p.depth, err = strconv.Atoi(v)
		case "nodes":
			p.nodes, err = strconv.ParseUint(v, 10, 64)
		case "time":
			p.time, err = time.ParseDuration(v)
		case "wait":
			p.wait, err = time.ParseDuration(v)
			if err == nil && p.wait <= 0 {
				err = fmt.Errorf("want a positive duration")
			}
		case "bits":
			p.bits, err = strconv.Atoi(v)
		case "threads":
			p.threads, err = strconv.Atoi(v)
			if err == nil && p.threads < 1 {
				err = fmt.Errorf("want 1 or more")
			}
		case "level":
			p.level, err = strconv.Atoi(v)
			if err == nil && (p.level < 1 || p.level > engine.MaxLevel) {
				err = fmt.Errorf("want 1..%d", engine.MaxLevel)
			}
		case "threats":
			p.threats, err = onOff(v)
		case "prune":
			p.prune, err = onOff(v)
		case "keep":
			p.keep, err = onOff(v)
		case "plain":
			p.plain, err = strconv.ParseBool(v)
		case "eval":
			p.evalFile = v
			p.weights, p.table, err = readWeights(v)
		case "policy":
			p.policyFile = v
			p.policy, err = readPolicy(v)
		case "lines":
			p.linesFile = v
			p.lines, err = readLines(v)
		default:
			return p, fmt.Errorf("unknown setting %q (depth, nodes, time, threats, prune, keep, plain, bits, threads, level, eval, policy, lines, brain, wait)", k)
		}
		if err != nil {
			return p, fmt.Errorf("setting %q: %v", kv, err)
		}
	}
	if p.brain != nil {
		for k := range given {
			if k != "brain" && k != "time" && k != "depth" && k != "nodes" && k != "wait" {
				return p, fmt.Errorf("setting %q does not apply to a brain (only time, depth, nodes and wait do)", k)
			}
		}
		return p, nil
	}
	if given["wait"] {
		return p, fmt.Errorf("setting wait applies to a brain only")
	}
	if p.depth == 0 && p.nodes == 0 && p.time == 0 && p.level == 0 {
		return p, fmt.Errorf("%q sets no limit: give depth, nodes, time or level", s)
	}
	return p, nil
}

// String returns the settings in the form parsePlayer reads.
func (p player) String() string {
	var parts []string
	if p.brain != nil {
		parts = append(parts, "brain="+strings.Join(p.brain, " "))
	}
	if p.depth > 0 {
		parts = append(parts, "depth="+strconv.Itoa(p.depth))
	}
	if p.nodes > 0 {
		parts = append(parts, "nodes="+strconv.FormatUint(p.nodes, 10))
	}
	if p.time > 0 {
		parts = append(parts, "time="+p.time.String())
	}
	if p.brain != nil {
		if p.wait > 0 {
			parts = append(parts, "wait="+p.wait.String())
		}
		return strings.Join(parts, ",")
	}
	if p.threads > 1 {
		parts = append(parts, "threads="+strconv.Itoa(p.threads))
	}
	if !p.threats {
		parts = append(parts, "threats=off")
	}
	if !p.prune {
		parts = append(parts, "prune=off")
	}
	if !p.keep {
		parts = append(parts, "keep=off")
	}
	if p.plain {
		parts = append(parts, "plain=true")
	}
	if p.level > 0 {
		parts = append(parts, "level="+strconv.Itoa(p.level))
	}
	if p.evalFile != "" {
		parts = append(parts, "eval="+p.evalFile)
	}
	if p.policyFile != "" {
		parts = append(parts, "policy="+p.policyFile)
	}
	if p.linesFile != "" {
		parts = append(parts, "lines="+p.linesFile)
	}
	return strings.Join(parts, ",")
}

// move searches st with p's settings, in sess (which may be nil) unless
// p plays at a level.
func (p player) move(st *gomoku.State, sess *gomoku.Session) engine.Result {
	ctx := context.Background()
	if p.time > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, p.time)
		defer cancel()
	}
	if p.level > 0 {
		// The level's own depth and choice, seeded by the position; depth,
		// when set, may only make it shallower.
		return strength.Search(ctx, st, strength.Params{Limits: engine.Limits{Depth: p.depth, TableBits: p.bits}, Level: p.level, Seed: 1})
	}
	depth := p.depth
	if depth <= 0 {
		depth = gomoku.MaxDepth
	}
	v := lab.Options{NoThreatSearch: !p.threats, NoPruning: !p.prune, Plain: p.plain, Weights: p.weights, Table: p.table, Lines: p.lines, Policy: p.policy}.Variant()
	return st.SearchWith(ctx, engine.Limits{Depth: depth, TableBits: p.bits, MaxNodes: p.nodes},
		gomoku.Options{Threads: p.threads, Session: sess, Variant: v})
}

// onOff reads a switch setting's value, on or off.
func onOff(v string) (bool, error) {
	switch v {
	case "on":
		return true, nil
	case "off":
		return false, nil
	}
	return false, fmt.Errorf("want on or off")
}

// readWeights returns the evaluation an eval= setting names: the
// hand-set line-pattern weights for "patterns", the fitted weights of the
// pattern and class counts for "fitted", else the file of that name: the
// weights or the cell table cmd/gomokutune writes.
func readWeights(name string) (*lab.EvalWeights, *lab.CellTable, error) {
	var w lab.EvalWeights
	switch name {
	case "patterns":
		w = lab.PatternWeights()
	case "fitted":
		w = lab.DefaultWeights()
	default:
		data, err := os.ReadFile(name)
		if err != nil {
			return nil, nil, err
		}
		return lab.ParseEval(data)
	}
	return &w, nil, nil
}

// readPolicy returns the move-ordering table a policy= setting names: the
// hand-set ordering for "hand", else the file of that name (as
// cmd/gomokutune writes it).
func readPolicy(name string) (*lab.CellTable, error) {
	if name == "hand" {
		t := lab.PolicyOf()
		return &t, nil
	}
	data, err := os.ReadFile(name)
	if err != nil {
		return nil, err
	}
	t, err := lab.ParseTable(data)
	if err != nil {
		return nil, err
	}
	return &t, nil
}

// readLines returns the line table a lines= setting names: the file of
// that name, as cmd/gomokutune writes it.
func readLines(name string) (*lab.LineTable, error) {
	data, err := os.ReadFile(name)
	if err != nil {
		return nil, err
	}
	t, err := lab.ParseLines(data)
	if err != nil {
		return nil, err
	}
	return &t, nil
}
