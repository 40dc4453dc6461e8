package chess_test

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"os/exec"
	"reflect"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"movesvc/engine/chess"
	"movesvc/internal/longtest"
)

// perftCase is one line of testdata/perft.txt: a position and Stockfish's
// perft counts at depths 1, 2, ...
type perftCase struct {
	name    string
	variant chess.Variant
	fen     string
	counts  []uint64
}

// readPerftSet reads testdata/perft.txt (made by internal/perftgen).
func readPerftSet(t testing.TB) []perftCase {
	t.Helper()
	f, err := os.Open("testdata/perft.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var set []perftCase
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "#") || line == "" {
			continue
		}
		parts := strings.Split(line, ";")
		if len(parts) != 4 {
			t.Fatalf("bad line %q", line)
		}
		c := perftCase{name: parts[0], fen: parts[2]}
		if parts[1] == "chess960" {
			c.variant = chess.Chess960
		}
		for _, s := range strings.Split(parts[3], ",") {
			n, err := strconv.ParseUint(s, 10, 64)
			if err != nil {
				t.Fatal(err)
			}
			c.counts = append(c.counts, n)
		}
		set = append(set, c)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return set
}

// checkPerft compares the perft count of c at depth with Stockfish's and
// checks that the walk left the position exactly as it was.
func checkPerft(t *testing.T, c perftCase, depth int) {
	t.Helper()
	p, err := chess.ParseFEN(c.fen, c.variant)
	if err != nil {
		t.Fatalf("%s: %v", c.name, err)
	}
	p.Reserve(depth)
	before := p.Clone()
	if got, want := p.Perft(depth), c.counts[depth-1]; got != want {
		t.Errorf("%s (%s) perft(%d) = %d, Stockfish says %d", c.name, c.fen, depth, got, want)
	}
	if !reflect.DeepEqual(p, before) {
		t.Errorf("%s: perft(%d) changed the position to %s", c.name, depth, p.FEN())
	}
}

// TestPerft checks perft counts against Stockfish's on the standard
// positions and 120 random ones (40 of them Chess960). The quick run takes
// each position to the deepest depth with at most quickNodes leaves (the
// random ones to depth 2, every eighth to 3); the long run takes every
// position to the set's full depth: 5 or 6 for the standard positions, 4
// for the random ones.
func TestPerft(t *testing.T) {
	t.Parallel()
	const quickNodes = 200_000
	for i, c := range readPerftSet(t) {
		depth := len(c.counts)
		if !longtest.Enabled() {
			depth = 1
			for depth < len(c.counts) && c.counts[depth] <= quickNodes {
				depth++
			}
			if strings.HasPrefix(c.name, "random") {
				depth = min(depth, 2+b2i(i%8 == 0))
			}
		}
		checkPerft(t, c, depth)
	}
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// perftBench are the move-generation speed targets: perft(6) from
// the start and perft(5) from Kiwipete.
var perftBench = []struct {
	name, fen string
	depth     int
}{
	{"start6", chess.StartFEN, 6},
	{"kiwipete5", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 5},
}

// BenchmarkPerft times perft(6) from the start and perft(5) from Kiwipete
// with bulk counting, for engine/chess and, side by side in the same run,
// for Stockfish's "go perft" (which counts in bulk too), from the command
// to its "Nodes searched" line in an engine already started (skipped when
// /usr/games/stockfish is missing). Besides the wall time it reports the
// CPU time each spent (cpu-ms/op: this process's for engine/chess,
// Stockfish's own from /proc for Stockfish), which a loaded machine does
// not inflate; docs/chess.md compares the two.
func BenchmarkPerft(b *testing.B) {
	for _, c := range perftBench {
		b.Run("movesvc/"+c.name, func(b *testing.B) {
			p, err := chess.ParseFEN(c.fen, chess.Standard)
			if err != nil {
				b.Fatal(err)
			}
			var n uint64
			cpu := processCPU()
			for b.Loop() {
				n = p.Perft(c.depth)
			}
			b.ReportMetric(float64(processCPU()-cpu)/float64(time.Millisecond)/float64(b.N), "cpu-ms/op")
			b.ReportMetric(float64(n)*float64(b.N)/b.Elapsed().Seconds()/1e6, "Mnodes/s")
		})
		b.Run("stockfish/"+c.name, func(b *testing.B) {
			sf := startStockfish(b)
			var n uint64
			cpu := sf.cpu(b)
			for b.Loop() {
				n = sf.perft(b, c.fen, c.depth)
			}
			b.ReportMetric(float64(sf.cpu(b)-cpu)/float64(time.Millisecond)/float64(b.N), "cpu-ms/op")
			b.ReportMetric(float64(n)*float64(b.N)/b.Elapsed().Seconds()/1e6, "Mnodes/s")
		})
	}
}

// processCPU returns the CPU time (user and system) this process has used.
func processCPU() time.Duration {
	var ru syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// stockfishProc is a Stockfish process for the benchmark.
type stockfishProc struct {
	in  io.WriteCloser
	out *bufio.Scanner
	pid int
}

// cpu returns the CPU time Stockfish has used, from /proc/PID/stat (user
// and system clock ticks, 100 a second).
func (sf *stockfishProc) cpu(b *testing.B) time.Duration {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", sf.pid))
	if err != nil {
		b.Skip("no /proc: ", err)
	}
	f := strings.Fields(string(data[strings.LastIndexByte(string(data), ')')+1:]))
	utime, _ := strconv.ParseInt(f[11], 10, 64)
	stime, _ := strconv.ParseInt(f[12], 10, 64)
	return time.Duration(utime+stime) * 10 * time.Millisecond
}

// startStockfish starts /usr/games/stockfish with one thread, or skips b.
func startStockfish(b *testing.B) *stockfishProc {
	const path = "/usr/games/stockfish"
	if _, err := os.Stat(path); err != nil {
		b.Skip("no Stockfish at " + path)
	}
	cmd := exec.Command(path)
	in, err := cmd.StdinPipe()
	if err != nil {
		b.Fatal(err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		b.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() {
		_, _ = io.WriteString(in, "quit\n")
		_ = cmd.Wait()
	})
	sf := &stockfishProc{in: in, out: bufio.NewScanner(out), pid: cmd.Process.Pid}
	_, _ = io.WriteString(in, "uci\nsetoption name Threads value 1\nisready\n")
	sf.until(b, "readyok")
	return sf
}

// until reads Stockfish's lines until one starts with prefix.
func (sf *stockfishProc) until(b *testing.B, prefix string) string {
	for sf.out.Scan() {
		if l := sf.out.Text(); strings.HasPrefix(l, prefix) {
			return l
		}
	}
	b.Fatalf("stockfish ended before %q", prefix)
	return ""
}

// perft runs Stockfish's perft of fen to depth and returns its count.
func (sf *stockfishProc) perft(b *testing.B, fen string, depth int) uint64 {
	_, _ = fmt.Fprintf(sf.in, "position fen %s\ngo perft %d\n", fen, depth)
	line := sf.until(b, "Nodes searched:")
	n, err := strconv.ParseUint(strings.TrimSpace(strings.TrimPrefix(line, "Nodes searched:")), 10, 64)
	if err != nil {
		b.Fatal(err)
	}
	return n
}
