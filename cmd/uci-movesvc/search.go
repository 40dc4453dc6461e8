package main

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"movesvc/engine"
	"movesvc/engine/chess"
)

// search is a search running in the background.
type search struct {
	cancel context.CancelFunc
	done   chan struct{}
}

// goParams are the arguments of "go".
type goParams struct {
	depth, perft                       int
	nodes                              uint64
	movetime, wtime, btime, winc, binc time.Duration
	movestogo                          int
	infinite, clock                    bool
}

// parseGo parses the arguments of "go"; unknown words are skipped.
func parseGo(args []string) (goParams, error) {
	var g goParams
	for i := 0; i < len(args); i++ {
		word := args[i]
		switch word {
		case "infinite":
			g.infinite = true
			continue
		case "ponder", "searchmoves":
			continue
		}
		if i+1 >= len(args) {
			break
		}
		n, err := strconv.ParseInt(args[i+1], 10, 64)
		switch word {
		case "depth", "nodes", "movetime", "wtime", "btime", "winc", "binc", "movestogo", "perft":
			if err != nil {
				return g, fmt.Errorf("go %s: %q is not a number", word, args[i+1])
			}
			i++
		default:
			continue
		}
		ms := time.Duration(n) * time.Millisecond
		switch word {
		case "depth":
			g.depth = int(n)
		case "nodes":
			g.nodes = uint64(max(n, 0))
		case "movetime":
			g.movetime = ms
		case "wtime":
			g.wtime, g.clock = ms, true
		case "btime":
			g.btime, g.clock = ms, true
		case "winc":
			g.winc = ms
		case "binc":
			g.binc = ms
		case "movestogo":
			g.movestogo = int(n)
		case "perft":
			g.perft = int(n)
		}
	}
	return g, nil
}

// budget returns the soft and hard time for the move of side under g, with
// overhead kept back for the GUI's lag: movetime whole; with a clock, the
// time left over the moves to go (movestogo, at most 40, or 30) plus most
// of the increment as a target, and at most four times that or a third of
// the time left as the hard limit. ok is false when no time limits the
// search.
func (g goParams) budget(side chess.Color, overhead time.Duration) (soft, hard time.Duration, ok bool) {
	switch {
	case g.infinite:
		return 0, 0, false
	case g.movetime > 0:
		t := max(g.movetime-overhead, time.Millisecond)
		return t, t, true
	case !g.clock:
		return 0, 0, false
	}
	left, inc := g.wtime, g.winc
	if side == chess.Black {
		left, inc = g.btime, g.binc
	}
	togo := 30
	if g.movestogo > 0 {
		togo = min(g.movestogo, 40)
	}
	usable := max(left-overhead, time.Millisecond)
	soft = min(usable/time.Duration(togo)+inc*3/4, usable/2)
	hard = min(soft*4, usable/3+inc*3/4, usable-usable/20)
	return max(soft, time.Millisecond), max(hard, time.Millisecond), true
}

// goCommand handles "go": perft, or a search in the background that ends
// with bestmove.
func (s *session) goCommand(args []string) {
	g, err := parseGo(args)
	if err != nil {
		s.out.println("info string %v", err)
		return
	}
	if g.perft > 0 {
		s.perft(g.perft)
		return
	}
	if s.table == nil {
		s.table = chess.NewTable(s.opts.hashMB << 20)
	}
	lim := chess.Limits{}
	if g.depth > 0 {
		lim.Depth = g.depth
	}
	if g.nodes > 0 {
		lim.MaxNodes = g.nodes
	}
	lim.Threads, lim.MultiPV, lim.Table, lim.History = s.opts.threads, s.opts.multiPV, s.table, &s.history
	ctx, cancel := context.WithCancel(context.Background())
	start := time.Now()
	if soft, hard, ok := g.budget(s.pos.SideToMove(), time.Duration(s.opts.overheadMS)*time.Millisecond); ok {
		ctx, cancel = context.WithDeadline(context.Background(), start.Add(hard))
		if soft < hard {
			lim.SoftDeadline = start.Add(soft)
		}
	}
	pos := s.pos.Clone()
	lim.Progress = func(i chess.Info) { s.out.println("%s", infoLine(pos, i)) }
	run := &search{cancel: cancel, done: make(chan struct{})}
	s.searchMu.Lock()
	s.running = run
	s.searchMu.Unlock()
	go func() {
		defer close(run.done)
		defer cancel()
		if s.opts.level < chess.MaxLevel {
			m, info := s.levelSearch(ctx, pos, g.depth)
			s.out.println("%s", info)
			s.bestMove(pos, chess.Result{Move: m})
			return
		}
		res := chess.Search(ctx, pos, lim)
		s.bestMove(pos, res)
	}()
}

// stop ends the running search, if any, and waits for its bestmove.
func (s *session) stop() {
	s.searchMu.Lock()
	run := s.running
	s.running = nil
	s.searchMu.Unlock()
	if run != nil {
		run.cancel()
		<-run.done
	}
}

// bestMove prints the result's move, with the next move of its line to
// ponder on.
func (s *session) bestMove(pos *chess.Position, res chess.Result) {
	if res.Move == chess.NoMove {
		s.out.println("bestmove 0000")
		return
	}
	line := "bestmove " + pos.UCI(res.Move)
	if len(res.PV) > 1 {
		var u chess.Undo
		pos.Make(res.Move, &u)
		line += " ponder " + pos.UCI(res.PV[1])
		pos.Unmake(res.Move, &u)
	}
	s.out.println("%s", line)
}

// infoLine formats a completed iteration as UCI's info line.
func infoLine(pos *chess.Position, i chess.Info) string {
	var b strings.Builder
	ms := i.Elapsed.Milliseconds()
	b.WriteString("info depth " + strconv.Itoa(i.Depth) + " seldepth " + strconv.Itoa(i.SelDepth) +
		" multipv " + strconv.Itoa(i.MultiPV))
	if i.Mate != 0 {
		b.WriteString(" score mate " + strconv.Itoa(i.Mate))
	} else {
		b.WriteString(" score cp " + strconv.Itoa(i.Score))
	}
	nps := uint64(0)
	if ms > 0 {
		nps = i.Nodes * 1000 / uint64(ms)
	}
	b.WriteString(" nodes " + strconv.FormatUint(i.Nodes, 10) + " nps " + strconv.FormatUint(nps, 10) +
		" time " + strconv.FormatInt(ms, 10) + " pv")
	writePV(&b, pos, i.PV)
	return b.String()
}

// writePV writes the moves of pv, played from pos (which it leaves as it
// is), in UCI notation, each after a space.
func writePV[M chess.Move | engine.Move](b *strings.Builder, pos *chess.Position, pv []M) {
	q := pos.Clone()
	var u chess.Undo
	for _, m := range pv {
		b.WriteString(" " + q.UCI(chess.Move(m)))
		q.Make(chess.Move(m), &u)
	}
}
