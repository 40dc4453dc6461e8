// Command kalahbench measures how long engine/kalah takes to solve
// positions exactly: -n positions from random play (a random number of
// random moves, 0 to -plies, from the start) and -games games of perfect
// play by both sides after 0 to 3 random moves (every position of each),
// each solved from a cleared table of 2^-tt-bits entries, or from the one
// the earlier solves filled with -warm. It prints one line a position and
// the percentiles of the CPU time (the process's user and system time, so
// a loaded machine does not count its other work) and of the wall time.
//
// With -levels it measures the weaker levels instead: on that many
// positions from 16 to 40 random moves in, the seeds each level's move
// loses against the best (by the exact value of every move), on average,
// and how often it plays a best move.
//
// The endgame databases come from MOVESVC_KALAH_DB (cmd/kalahdb), else the
// default one is built first (not counted).
//
// With -api URL it asks a running server instead (POST /move with the
// position and -timeout-ms): the wall time is a client's, from sending the
// request to the whole answer, and a position counts as exact when the
// answer says stopped_by "solved".
//
//	MOVESVC_KALAH_DB=/var/lib/kalah go run ./cmd/kalahbench -n 200 -games 4
//	go run ./cmd/kalahbench -api http://127.0.0.1:8080 -n 100 -plies 12 -games 2
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"os"
	"slices"
	"syscall"
	"time"

	"movesvc/engine"
	"movesvc/engine/kalah"
)

func main() {
	if err := run(os.Args[1:], os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "kalahbench:", err)
		os.Exit(1)
	}
}

// sample is one measured solve.
type sample struct {
	kind     string
	exact    bool
	position string
	seeds    int
	score    int
	nodes    uint64
	cpu      time.Duration
	wall     time.Duration
}

// run parses the flags, measures and reports to out.
func run(args []string, out io.Writer) error {
	fs := flag.NewFlagSet("kalahbench", flag.ContinueOnError)
	pits := fs.Int("pits", 6, "pits a side")
	seeds := fs.Int("seeds", 4, "seeds a pit at the start")
	empty := fs.Bool("empty", false, "the empty capture version")
	n := fs.Int("n", 100, "positions from random play")
	plies := fs.Int("plies", 30, "the most random moves before a random-play position")
	games := fs.Int("games", 2, "games of perfect play whose every position is measured")
	seed := fs.Uint64("seed", 1, "seed of the random moves")
	ttBits := fs.Int("tt-bits", 20, "transposition table of 2^bits entries")
	warm := fs.Bool("warm", false, "keep the table from one solve to the next")
	levels := fs.Int("levels", 0, "instead: measure the levels on this many positions from 16 to 40 random moves in")
	apiURL := fs.String("api", "", "ask the server at this URL (POST /move) instead of solving here")
	timeoutMS := fs.Int("timeout-ms", 1000, "with -api: the timeout_ms of each request")
	positions := fs.String("positions", "", "instead of -n and -games: solve the positions of this file (one a line, the first field in the notation; # comments)")
	maxNodes := fs.Uint64("max-nodes", 0, "stop each solve at this many nodes (0: none), as a deadline would but reproducibly; the answer counts as exact only when proved")
	cpuProfile := fs.String("cpuprofile", "", "write a CPU profile of the solves to this file")
	if err := fs.Parse(args); err != nil {
		return err
	}
	r := kalah.Rules{Pits: *pits, Seeds: *seeds, EmptyCapture: *empty}
	if err := r.Validate(); err != nil {
		return err
	}
	var client *apiClient
	if *apiURL != "" {
		client = &apiClient{url: *apiURL, timeoutMS: *timeoutMS, r: r, http: &http.Client{}}
	} else {
		kalah.Databases(r)
		kalah.Books(r)
	}
	rng := rand.New(rand.NewPCG(*seed, 0))
	if *levels > 0 {
		return measureLevels(r, *levels, rng, kalah.NewTable(*ttBits), out)
	}
	m := measurer{r: r, warm: *warm, out: out, api: client, maxNodes: *maxNodes}
	if client == nil {
		m.table = kalah.NewTable(*ttBits)
	}
	if *cpuProfile != "" {
		stop, err := startProfile(*cpuProfile)
		if err != nil {
			return err
		}
		defer stop()
	}
	if *positions != "" {
		return m.solveFile(*positions)
	}
	for range *n {
		if p := randomPlay(r, rng.IntN(*plies+1), rng); p != nil {
			if _, err := m.solve("random", p); err != nil {
				return err
			}
		}
	}
	for range *games {
		p := randomPlay(r, rng.IntN(4), rng)
		for p != nil && !p.Over() {
			move, err := m.solve("perfect", p)
			if err != nil {
				return err
			}
			p.Play(move)
		}
	}
	return m.report()
}

// randomPlay plays plies random moves from the start of r; nil when the
// game ends first.
func randomPlay(r kalah.Rules, plies int, rng *rand.Rand) *kalah.Position {
	p := kalah.NewPosition(r)
	for range plies {
		moves := p.LegalMoves(nil)
		if len(moves) == 0 {
			return nil
		}
		p.Play(moves[rng.IntN(len(moves))])
	}
	if p.Over() {
		return nil
	}
	return p
}

// measurer solves positions and keeps the samples.
type measurer struct {
	r     kalah.Rules
	table *kalah.Table
	warm  bool
	api   *apiClient // when set, the server answers
	// maxNodes bounds each solve here (kalah.Limits.MaxNodes); 0: none.
	maxNodes uint64
	out      io.Writer
	samples  []sample
}

// solve measures one exact solve of p, here or by the server, and returns
// the move played.
func (m *measurer) solve(kind string, p *kalah.Position) (engine.Move, error) {
	s := sample{kind: kind, position: p.String(), seeds: p.OnBoard()}
	var move engine.Move
	if m.api != nil {
		var err error
		if move, s.score, s.nodes, s.exact, s.wall, err = m.api.solve(p); err != nil {
			return move, err
		}
	} else {
		if !m.warm {
			m.table.Clear()
		}
		cpu0, wall0 := cpuTime(), time.Now()
		res := kalah.Search(context.Background(), p, kalah.Limits{Table: m.table, MaxNodes: m.maxNodes})
		s.score, s.nodes, s.exact, move = res.Score, res.Nodes, res.Complete, res.Move
		s.cpu, s.wall = cpuTime()-cpu0, time.Since(wall0)
	}
	m.samples = append(m.samples, s)
	_, err := fmt.Fprintf(m.out, "%-8s %-40s seeds %2d score %3d exact %-5v nodes %10d cpu %8.3fs wall %8.3fs\n",
		s.kind, s.position, s.seeds, s.score, s.exact, s.nodes, s.cpu.Seconds(), s.wall.Seconds())
	return move, err
}

// report prints the percentiles of each kind and of all.
func (m *measurer) report() error {
	for _, kind := range []string{"random", "perfect", "file", "all"} {
		var cpu, wall []time.Duration
		exactInTime := 0
		for _, s := range m.samples {
			if kind == "all" || s.kind == kind {
				cpu, wall = append(cpu, s.cpu), append(wall, s.wall)
				if s.exact && s.wall <= time.Second {
					exactInTime++
				}
			}
		}
		if len(cpu) == 0 {
			continue
		}
		if _, err := fmt.Fprintf(m.out, "%s (%d positions): cpu %s; wall %s; exact within 1 s of wall time: %d of %d\n",
			kind, len(cpu), percentiles(cpu), percentiles(wall), exactInTime, len(cpu)); err != nil {
			return err
		}
	}
	return nil
}

// percentiles formats the 50th, 90th, 99th percentiles and the maximum.
func percentiles(d []time.Duration) string {
	slices.Sort(d)
	at := func(q float64) float64 { return d[min(len(d)-1, int(q*float64(len(d))))].Seconds() }
	under := 0
	for _, x := range d {
		if x <= time.Second {
			under++
		}
	}
	return fmt.Sprintf("p50 %.3fs p90 %.3fs p99 %.3fs max %.3fs, %d of %d within 1 s", at(0.5), at(0.9), at(0.99), d[len(d)-1].Seconds(), under, len(d))
}

// cpuTime returns the process's user and system time.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// measureLevels reports, for each level, the seeds its moves lose against
// the best move (by the exact value of every move) on n positions from
// random play, on average, and how often it plays a best move.
func measureLevels(r kalah.Rules, n int, rng *rand.Rand, table *kalah.Table, out io.Writer) error {
	var lost, best [kalah.MaxLevel + 1]int
	count := 0
	for count < n {
		p := randomPlay(r, 16+rng.IntN(25), rng)
		if p == nil {
			continue
		}
		count++
		values := kalah.Analyze(context.Background(), p, kalah.Limits{Table: table})
		top := values[0].Score
		for _, v := range values {
			top = max(top, v.Score)
		}
		for level := 1; level <= kalah.MaxLevel; level++ {
			m := kalah.PlayLevel(context.Background(), p, level, uint64(count), kalah.Limits{Table: table})
			for _, v := range values {
				if v.Move == m {
					lost[level] += top - v.Score
					if v.Score == top {
						best[level]++
					}
				}
			}
		}
	}
	for level := 1; level <= kalah.MaxLevel; level++ {
		if _, err := fmt.Fprintf(out, "level %2d: %.2f seeds lost a move, a best move %d%% of %d\n",
			level, float64(lost[level])/float64(n), 100*best[level]/n, n); err != nil {
			return err
		}
	}
	return nil
}
