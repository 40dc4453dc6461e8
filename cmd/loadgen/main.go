// Command loadgen drives a running movesvc server and reports what it saw:
// throughput, latency percentiles, status codes, and the server's own
// counters before and after.
//
// Closed loop (-concurrency workers, each sending its next request when the
// last is answered) measures capacity; open loop (-rate requests per second,
// whatever the answers) measures latency at a given load and overload
// behaviour. In the open loop a request's latency counts from the time it
// was due, not from when it could be sent: a request that waited for one of
// the -concurrency connections is charged for the wait (no coordinated
// omission), counted late when it left more than -late after its time, and
// -check fails when more than -max-off-schedule of the requests were late
// or never sent. Positions are random legal positions of the chosen games
// (-games, weighted as in tictactoe:8,gomoku:1), made by random playouts
// from the start, so every request is different but the run is
// reproducible for a given -seed.
//
//	go run ./cmd/loadgen -url http://127.0.0.1:8080 -games tictactoe -concurrency 8 -duration 10s
//	go run ./cmd/loadgen -mode open -rate 2000 -duration 10s
//	go run ./cmd/loadgen -path /healthz -concurrency 8   # the HTTP ceiling: a trivial JSON handler
//	go run ./cmd/loadgen -mode open -rate 200 -games gomoku -timeout-ms 100 -check -want-503   # overload smoke
//	go run ./cmd/loadgen -body '{"game":"connect4","moves":["4","4","5"]}' -concurrency 4   # one position, over and over
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"time"
)

func main() {
	var opts Options
	flag.StringVar(&opts.URL, "url", "http://127.0.0.1:8080", "server base URL")
	flag.StringVar(&opts.Path, "path", "/move", "path to load: /move posts positions; any other path is fetched with GET")
	flag.StringVar(&opts.Mode, "mode", "closed", "closed (fixed concurrency) or open (fixed rate)")
	flag.IntVar(&opts.Concurrency, "concurrency", 8, "closed loop: workers; open loop: most requests outstanding")
	flag.Float64Var(&opts.Rate, "rate", 100, "open loop: requests per second")
	flag.DurationVar(&opts.Duration, "duration", 10*time.Second, "how long to send")
	flag.IntVar(&opts.MaxRequests, "requests", 0, "stop after this many requests (0: no limit)")
	games := flag.String("games", "tictactoe", "comma-separated games to draw positions from, each with an optional weight: tictactoe:8,gomoku:1")
	flag.IntVar(&opts.MaxPlies, "max-plies", 6, "positions are 0..max-plies random moves from the start")
	flag.IntVar(&opts.TimeoutMS, "timeout-ms", 0, "timeout_ms of each request (0: the server's default)")
	flag.IntVar(&opts.Depth, "depth", 0, "depth of each request (0: the game's default)")
	flag.Uint64Var(&opts.Seed, "seed", 1, "seed for the positions")
	flag.IntVar(&opts.Positions, "positions", 1000, "distinct request bodies to cycle through")
	flag.StringVar(&opts.Body, "body", "", `one JSON body that every POST /move sends instead of random positions, such as {"game":"connect4","moves":["4","4","5"]}`)
	flag.DurationVar(&opts.LateAfter, "late", DefaultLateAfter, "open loop: a request sent more than this after its scheduled time counts as late")
	flag.Float64Var(&opts.MaxOffSchedule, "max-off-schedule", 0.25, "with -check, open loop: exit 1 if more than this share of the requests were sent late or never sent (0: any)")
	check := flag.Bool("check", false, "exit 1 on a transport error, a 5xx other than 503, a 503 without Retry-After, a server panic, or too many requests off schedule")
	want503 := flag.Bool("want-503", false, "with -check: also exit 1 if no request was refused with 503 (an overload run)")
	flag.Parse()
	var err error
	if opts.Games, err = ParseGames(*games); err != nil {
		fmt.Fprintln(os.Stderr, "loadgen:", err)
		os.Exit(2)
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	report, err := Run(ctx, opts)
	if err != nil {
		fmt.Fprintln(os.Stderr, "loadgen:", err)
		os.Exit(1)
	}
	if err := report.Print(os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "loadgen:", err)
		os.Exit(1)
	}
	if *check {
		if err := report.Check(*want503); err != nil {
			fmt.Fprintln(os.Stderr, "loadgen:", err)
			os.Exit(1)
		}
	}
}
