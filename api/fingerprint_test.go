package api_test

import (
	"bufio"
	"bytes"
	"flag"
	"io"
	"net/http"
	"os"
	"regexp"
	"strings"
	"testing"
	"time"

	"movesvc/api"
	"movesvc/internal/race"
)

// updateFingerprint rewrites testdata/fingerprint.golden from the answers
// of this build: go test ./api -run TestFingerprint -update-fingerprint.
// Only a change meant to alter answers (a stronger search) does that, and
// says so in its commit.
var updateFingerprint = flag.Bool("update-fingerprint", false, "rewrite testdata/fingerprint.golden")

// fingerprintCases are the requests whose answers make up the fingerprint:
// every game's searches at full strength, to a depth and at weaker levels,
// with analysis, as a stream, in a batch, positions, and refusals. Every
// search is bounded by depth, levels or an exact solve, never by the
// clock, so the answers depend on the build alone.
var fingerprintCases = []struct{ method, path, accept, body string }{
	{"POST", "/move", "", `{"game":"tictactoe","moves":[]}`},
	{"POST", "/move", "", `{"game":"tictactoe","moves":["b2"]}`},
	{"POST", "/move", "", `{"game":"tictactoe","board":["x..",".o.","..."]}`},
	{"POST", "/move", "", `{"game":"tictactoe","moves":["a1","b2"],"depth":2}`},
	{"POST", "/move", "", `{"game":"tictactoe","moves":["a1"],"level":3,"seed":7}`},
	{"POST", "/move", "", `{"game":"tictactoe","moves":["a1","b2","c3"],"analysis":true}`},
	{"POST", "/move", "", `{"game":"connect4","moves":[]}`},
	{"POST", "/move", "", `{"game":"connect4","moves":["4","4","5"]}`},
	{"POST", "/move", "", `{"game":"connect4","moves":["4","4","5"],"analysis":true}`},
	{"POST", "/move", "", `{"game":"connect4","moves":["6","1","3","2","7","6","6","1","3","2","7","2"]}`},
	{"POST", "/move", "", `{"game":"connect4","moves":["6","1","3","2","7","6","6","1","3","2","7","2"],"analysis":true}`},
	{"POST", "/move", "", `{"game":"connect4","moves":["4","4","3","5","2"],"depth":6}`},
	{"POST", "/move", "", `{"game":"connect4","moves":["4","3"],"level":3,"seed":1}`},
	{"POST", "/move", "", `{"game":"connect4","moves":["4","3","4"],"level":6,"seed":2}`},
	{"POST", "/move", "", `{"game":"connect4","board":[".......",".......",".......",".......","...o...","...x.x."]}`},
	{"POST", "/move", "", `{"game":"gomoku","moves":[]}`},
	{"POST", "/move", "", `{"game":"gomoku","moves":["h8"]}`},
	{"POST", "/move", "", `{"game":"gomoku","moves":["h8","h9"]}`},
	{"POST", "/move", "", `{"game":"gomoku","moves":["h8","h9","i9"],"depth":3}`},
	{"POST", "/move", "", `{"game":"gomoku","moves":["h8","h9","i9","g7"],"depth":4}`},
	{"POST", "/move", "", `{"game":"gomoku","moves":["h8","h9","i9","g7","j10"],"depth":5}`},
	{"POST", "/move", "", `{"game":"gomoku","moves":["h8","h9","i9","g7","j10","k11","i8"]}`},
	{"POST", "/move", "", `{"game":"gomoku","moves":["h8","h9","i9"],"analysis":true,"multipv":3,"depth":3}`},
	{"POST", "/move", "", `{"game":"gomoku","moves":["h8","h9"],"level":3,"seed":42}`},
	{"POST", "/move", "", `{"game":"gomoku","moves":["h8","h9","i8"],"level":7,"seed":5}`},
	{"POST", "/move", "", `{"game":"gomoku","moves":["e5","e6","f5"],"size":9,"depth":4}`},
	{"POST", "/move", "", `{"game":"gomoku","moves":["h8","h9","i8","i9","j8"],"rule":"standard","depth":3}`},
	{"POST", "/move", "", `{"game":"gomoku","moves":["h8","h9","i8","i9","j8","j9"],"rule":"standard","depth":3}`},
	{"POST", "/move", "text/event-stream", `{"game":"gomoku","moves":["h8","h9","i9"],"depth":4}`},
	{"POST", "/move", "text/event-stream", `{"game":"connect4","moves":["4","4","3","5","2"],"depth":5}`},
	{"POST", "/moves", "", `{"requests":[{"game":"tictactoe","moves":["b2"]},{"game":"connect4","moves":["4"]},{"game":"gomoku","moves":["h8","i9"],"depth":3},{"game":"shogi","moves":[]}]}`},
	{"POST", "/position", "", `{"game":"tictactoe","moves":["a1","b1","a2","b2","a3"]}`},
	{"POST", "/position", "", `{"game":"connect4","moves":["4","4","5"]}`},
	{"POST", "/position", "", `{"game":"gomoku","moves":["h8","h9","i9"],"size":9}`},
	{"POST", "/move", "", `{"game":"kalah","moves":[]}`},
	{"POST", "/move", "", `{"game":"kalah","pits":4,"seeds":3,"moves":[]}`},
	{"POST", "/move", "", `{"game":"kalah","pits":4,"seeds":3,"capture":"empty","moves":["2"],"analysis":true}`},
	{"POST", "/move", "", `{"game":"kalah","moves":["1"],"depth":3}`},
	{"POST", "/move", "", `{"game":"kalah","moves":["1","2"],"level":3,"seed":1}`},
	{"POST", "/move", "", `{"game":"kalah","pits":4,"seeds":3,"position":"0,1,5,5:1/3,3,3,3:0/o"}`},
	{"POST", "/move", "text/event-stream", `{"game":"kalah","pits":3,"seeds":3,"moves":[]}`},
	{"POST", "/position", "", `{"game":"kalah","moves":["3","6"]}`},
	{"POST", "/move", "", `{"game":"kalah","moves":["3","3"]}`},
	{"POST", "/position", "", `{"game":"gomoku","rule":"renju","moves":["c5","a1","d5","c1","e3","i9","e4","g9"],"size":9}`},
	{"POST", "/move", "", `{"game":"tictactoe","moves":["b2","b2"]}`},
	{"POST", "/move", "", `{"game":"connect4","moves":["8"]}`},
	{"POST", "/move", "", `{"game":"gomoku","moves":["h8"],"depth":99}`},
	{"POST", "/move", "", `{"game":"gomoku","moves":["h8"],"rule":"caro"}`},
	{"POST", "/move", "", `{"game":"tictactoe","moves":[],"moves":[]}`},
	{"POST", "/move", "", `{"game":"tictactoe","mvoes":[]}`},
	{"POST", "/move", "", `{"game":"tictactoe","moves":[1]}`},
	{"POST", "/move", "", `{"game":"backgammon","moves":[],"dice":[3,1]}`},
	{"POST", "/move", "", `{"game":"backgammon","moves":["31","8/5 6/5"],"dice":[6,4],"analysis":true,"multipv":3}`},
	{"POST", "/move", "", `{"game":"backgammon","position":"4HPwATDgc/ABMA:cAkAAAAAAAAA","dice":[6,6],"depth":2}`},
	{"POST", "/move", "", `{"game":"backgammon","moves":["42","8/4 6/4"],"dice":[5,5],"level":3,"seed":1}`},
	{"POST", "/move", "text/event-stream", `{"game":"backgammon","moves":[],"dice":[6,5]}`},
	{"POST", "/position", "", `{"game":"backgammon","moves":["31","8/5 6/5","64"]}`},
	{"POST", "/move", "", `{"game":"backgammon","moves":["31","8/5 6/5"]}`},
	{"POST", "/move", "", `{"game":"backgammon","position":"4HPwAVDMzuADIA:MAEAAAAAAAAA","depth":2,"analysis":true}`},
	{"POST", "/move", "", `{"game":"backgammon","moves":["31","8/5 6/5","double"]}`},
	{"POST", "/move", "", `{"game":"backgammon","moves":["31","8/5 6/5","double","take"]}`},
	{"POST", "/position", "", `{"game":"backgammon","moves":["31","8/5 6/5","double"]}`},
	{"POST", "/move", "", `{"game":"backgammon","moves":["31","24/18"],"dice":[2,1]}`},
	{"POST", "/move", "", `{"game":"chess","moves":[]}`},
	{"POST", "/move", "", `{"game":"chess","fen":"r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR w KQkq - 4 4","depth":5}`},
	{"POST", "/move", "", `{"game":"chess","moves":["e4","e5","Nf3","Nc6"],"analysis":true,"multipv":3,"depth":6}`},
	{"POST", "/move", "", `{"game":"chess","moves":["e2e4"],"level":3,"seed":7}`},
	{"POST", "/move", "", `{"game":"chess","variant":"chess960","fen":"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9","depth":6}`},
	{"POST", "/move", "text/event-stream", `{"game":"chess","moves":["d4","d5"],"depth":5}`},
	{"POST", "/position", "", `{"game":"chess","moves":["e4","e5","Qh5","Nc6","Bc4","Nf6"]}`},
	{"POST", "/position", "", `{"game":"chess","fen":"4k3/8/8/8/8/8/4q3/4K3 w - - 0 1"}`},
	{"POST", "/move", "", `{"game":"chess","fen":"rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"}`},
	{"POST", "/move", "", `{"game":"chess","moves":["e4","e5","Ke3"]}`},
	{"POST", "/move", "", `{"game":"chess","moves":["f3","e5","g4","Qh4#"]}`},
	{"POST", "/move", "", `{"game":"chess","fen":"4k3/8/8/8/8/8/8/2N1K1N1 w - - 0 1","moves":["Ne2"]}`},
	{"GET", "/games", "", ``},
}

// TestFingerprint holds the service's answers to fingerprintCases to
// testdata/fingerprint.golden, byte for byte but for the fields that
// measure time or name the request (elapsed_ms, request_id): the check
// that a refactor changes no search (move, score, depth, nodes, line) and
// no answer.
func TestFingerprint(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("searches to depth")
	}
	ts := newTestServer(t, api.Config{MaxTimeout: time.Minute, DefaultTimeout: time.Minute, SearchThreads: 1})
	const golden = "testdata/fingerprint.golden"
	// Under the race detector, whose searches are some thirty times
	// slower, every third case (the third, sixth, ...) is asked and held to
	// its block of the golden file; the plain and long runs ask them all.
	every := 1
	if race.Enabled && !*updateFingerprint {
		every = 3
	}
	blocks := make([]string, len(fingerprintCases))
	for i, c := range fingerprintCases {
		if i%every != every-1 {
			continue
		}
		var out strings.Builder
		var header []string
		if c.accept != "" {
			header = []string{"Accept", c.accept}
		}
		ct := ""
		if c.body != "" {
			ct = "application/json"
		}
		var r response
		if c.accept != "" {
			r = ts.raw(t, c.method, c.path, ct, c.body, header...)
		} else {
			r = ts.do(t, c.method, c.path, ct, []byte(c.body), header...)
		}
		out.WriteString("> " + c.method + " " + c.path + " " + c.accept + " " + c.body + "\n")
		out.WriteString("< " + http.StatusText(r.status) + "\n")
		if strings.HasPrefix(r.header.Get("Content-Type"), "text/event-stream") {
			sc := bufio.NewScanner(bytes.NewReader(r.body))
			for sc.Scan() {
				line := sc.Text()
				if data, ok := strings.CutPrefix(line, "data: "); ok {
					line = "data: " + canonical(t, []byte(data))
				}
				out.WriteString(line + "\n")
			}
		} else {
			out.WriteString(canonical(t, r.body) + "\n")
		}
		blocks[i] = out.String()
	}
	if *updateFingerprint {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(golden, []byte(strings.Join(blocks, "")), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	data, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v (make it with -update-fingerprint)", err)
	}
	want := goldenBlocks(string(data))
	if len(want) != len(fingerprintCases) {
		t.Fatalf("%s holds %d answers for %d cases (make it again with -update-fingerprint)", golden, len(want), len(fingerprintCases))
	}
	line := 1
	for i, got := range blocks {
		if i%every == every-1 && got != want[i] {
			gl, wl := strings.Split(got, "\n"), strings.Split(want[i], "\n")
			for k := range min(len(gl), len(wl)) {
				if gl[k] != wl[k] {
					t.Fatalf("answers differ from %s at line %d:\n got: %s\nwant: %s", golden, line+k, gl[k], wl[k])
				}
			}
			t.Fatalf("answers to case %d differ from %s (line %d) in length: %d lines, want %d", i, golden, line, len(gl), len(wl))
		}
		line += strings.Count(want[i], "\n")
	}
}

// goldenBlocks splits the golden file into the answers to each case: a
// block starts with the request's line, "> ".
func goldenBlocks(s string) []string {
	var blocks []string
	for len(s) > 0 {
		end := strings.Index(s[1:], "\n> ")
		if end < 0 {
			return append(blocks, s)
		}
		blocks = append(blocks, s[:end+2])
		s = s[end+2:]
	}
	return blocks
}

// timing matches the fields that measure time or name the request.
var timing = regexp.MustCompile(`"(elapsed_ms|request_id)":("[^"]*"|[-+.eE0-9]+)`)

// canonical returns body with the values of its timing fields replaced by
// "_": every other byte of the answer, field order included, is kept.
func canonical(_ *testing.T, body []byte) string {
	return timing.ReplaceAllString(string(bytes.TrimRight(body, "\n")), `"$1":_`)
}

// raw sends a request, for an answer the spec's validator cannot read (an
// event stream).
func (ts *testServer) raw(t *testing.T, method, path, contentType, body string, header ...string) response {
	t.Helper()
	req, err := http.NewRequest(method, ts.URL+path, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", contentType)
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	resp, err := ts.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	got, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return response{status: resp.StatusCode, header: resp.Header, body: got}
}
