package api_test

import (
	"bufio"
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"movesvc/api"
)

// updateExamples rewrites the answers shown after the documents' curl
// examples with the real ones (go test ./api -run TestDocExamples
// -update-examples): for a change of the code that changes an example's
// answer on purpose. Read the diff before committing it.
var updateExamples = flag.Bool("update-examples", false, "rewrite the answers shown in README.md and docs/*.md with the real ones")

// docFiles are the documents whose curl examples TestDocExamples runs.
func docFiles(t *testing.T) []string {
	t.Helper()
	files, err := filepath.Glob("../docs/*.md")
	if err != nil {
		t.Fatal(err)
	}
	return append([]string{"../README.md"}, files...)
}

// TestDocExamples runs every curl example in README.md and docs/*.md
// against the real handler: each must be answered with a 2xx or the 4xx
// it shows, and where a ```json or ```text block directly follows the
// example's ```sh block, the answer must equal it on every field that does
// not depend on the machine or the moment (ignoredFields). An example and
// the code never disagree: change one, and this test says what the other
// now answers.
func TestDocExamples(t *testing.T) {
	t.Parallel()
	// A deadline far beyond any example's search: the examples are
	// searches that end by depth, proof or node limit within milliseconds,
	// and this keeps them so on a slow, loaded machine.
	ts := newTestServer(t, api.Config{DefaultTimeout: time.Minute, MaxTimeout: time.Minute, MaxSearches: 2})
	total := 0
	for _, file := range docFiles(t) {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		examples, err := parseExamples(string(data))
		if err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		var answers []shownAnswer
		for _, ex := range examples {
			total++
			t.Run(fmt.Sprintf("%s:%d", filepath.Base(file), ex.line), func(t *testing.T) {
				if *updateExamples && ex.wantKind != "" {
					answers = append(answers, shownAnswer{ex.wantLine, ex.wantEnd, realAnswer(t, ts, ex)})
					return
				}
				runExample(t, ts, ex)
			})
		}
		if len(answers) > 0 {
			if err := os.WriteFile(file, []byte(replaceAnswers(string(data), answers)), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	if total == 0 {
		t.Fatal("no curl example found in README.md")
	}
}

// ignoredFields are the answer fields an example's shown answer need not
// match: they depend on the machine's speed, the moment or the request.
var ignoredFields = []string{"nodes", "elapsed_ms", "cached", "request_id"}

// example is one curl command of a document and the answer shown after it,
// if any.
type example struct {
	line     int
	method   string
	path     string
	header   http.Header
	body     string
	want     string // the block after the command
	wantKind string // "json" or "text"; "" when no block follows
	// wantLine and wantEnd are the lines of the answer block's fences.
	wantLine, wantEnd int
}

// parseExamples finds the curl commands in the ```sh blocks of a Markdown
// document; a ```json or ```text block right after a block (nothing but
// blank lines between) is the answer to its last command.
func parseExamples(doc string) ([]example, error) {
	type block struct {
		lang      string
		text      string
		line, end int // first line of the fence, line after the closing fence
	}
	var blocks []block
	sc := bufio.NewScanner(strings.NewReader(doc))
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	var cur *block
	var text strings.Builder
	n := 0
	blank := map[int]bool{}
	for sc.Scan() {
		n++
		line := sc.Text()
		switch {
		case cur == nil && strings.HasPrefix(line, "```"):
			cur = &block{lang: strings.TrimSpace(strings.TrimPrefix(line, "```")), line: n}
			text.Reset()
		case cur != nil && strings.TrimSpace(line) == "```":
			cur.text, cur.end = text.String(), n+1
			blocks = append(blocks, *cur)
			cur = nil
		case cur != nil:
			text.WriteString(line)
			text.WriteByte('\n')
		default:
			blank[n] = strings.TrimSpace(line) == ""
		}
	}
	if cur != nil {
		return nil, fmt.Errorf("line %d: unclosed code block", cur.line)
	}
	adjacent := func(a, b block) bool {
		for l := a.end; l < b.line; l++ {
			if !blank[l] {
				return false
			}
		}
		return true
	}
	var out []example
	for i, b := range blocks {
		if b.lang != "sh" {
			continue
		}
		var cmds []example
		for _, cmd := range shellCommands(b.text) {
			if len(cmd) == 0 || cmd[0] != "curl" {
				continue
			}
			ex, err := parseCurl(cmd)
			if err != nil {
				return nil, fmt.Errorf("line %d: %v", b.line, err)
			}
			ex.line = b.line
			cmds = append(cmds, ex)
		}
		if len(cmds) == 0 {
			continue
		}
		if i+1 < len(blocks) && adjacent(b, blocks[i+1]) && (blocks[i+1].lang == "json" || blocks[i+1].lang == "text") {
			last := &cmds[len(cmds)-1]
			last.want, last.wantKind = blocks[i+1].text, blocks[i+1].lang
			last.wantLine, last.wantEnd = blocks[i+1].line, blocks[i+1].end-1
		}
		out = append(out, cmds...)
	}
	return out, nil
}

// shellCommands splits a shell snippet into commands of words: lines
// joined at a trailing backslash, words split at blanks outside quotes,
// single and double quotes removed, comments (# after a blank) dropped,
// and && or ; ending a command.
func shellCommands(src string) [][]string {
	src = strings.ReplaceAll(src, "\\\n", " ")
	var cmds [][]string
	for _, line := range strings.Split(src, "\n") {
		var words []string
		var w strings.Builder
		inWord, quote := false, byte(0)
		flush := func() {
			if inWord {
				words = append(words, w.String())
			}
			w.Reset()
			inWord = false
		}
		for i := 0; i < len(line); i++ {
			c := line[i]
			switch {
			case quote != 0 && c == quote:
				quote = 0
			case quote != 0:
				w.WriteByte(c)
			case c == '\'' || c == '"':
				quote, inWord = c, true
			case c == ' ' || c == '\t':
				flush()
			case c == '#' && !inWord:
				i = len(line)
			case c == ';' || c == '&' && i+1 < len(line) && line[i+1] == '&':
				flush()
				cmds = append(cmds, words)
				words = nil
				if c == '&' {
					i++
				}
			default:
				w.WriteByte(c)
				inWord = true
			}
		}
		flush()
		if len(words) > 0 {
			cmds = append(cmds, words)
		}
	}
	return cmds
}

// parseCurl reads the curl options the documents use: -s, -S, -N
// (ignored), -H, -d, -X and one URL on localhost:8080.
func parseCurl(words []string) (example, error) {
	ex := example{method: http.MethodGet, header: http.Header{}}
	method := ""
	for i := 1; i < len(words); i++ {
		switch w := words[i]; {
		case w == "-s" || w == "-S" || w == "-sS" || w == "-N" || w == "-sN":
		case w == "-H" && i+1 < len(words):
			i++
			k, v, ok := strings.Cut(words[i], ":")
			if !ok {
				return ex, fmt.Errorf("header %q", words[i])
			}
			ex.header.Add(strings.TrimSpace(k), strings.TrimSpace(v))
		case (w == "-d" || w == "--data") && i+1 < len(words):
			i++
			ex.body = words[i]
			ex.method = http.MethodPost
		case w == "-X" && i+1 < len(words):
			i++
			method = words[i]
		case strings.HasPrefix(w, "-"):
			return ex, fmt.Errorf("curl option %q is not one the examples test knows", w)
		default:
			u := strings.TrimPrefix(w, "http://")
			host, path, _ := strings.Cut(u, "/")
			if host != "localhost:8080" {
				return ex, fmt.Errorf("URL %q: examples call localhost:8080", w)
			}
			ex.path = "/" + path
		}
	}
	if method != "" {
		ex.method = method
	}
	if ex.body != "" && ex.header.Get("Content-Type") == "" {
		ex.header.Set("Content-Type", "application/x-www-form-urlencoded") // as curl sends -d
	}
	if ex.path == "" {
		return ex, fmt.Errorf("no URL in %q", strings.Join(words, " "))
	}
	return ex, nil
}

// runExample sends ex to ts and compares the answer with the one shown.
func runExample(t *testing.T, ts *testServer, ex example) {
	headers := []string{}
	for k, vs := range ex.header {
		for _, v := range vs {
			headers = append(headers, k, v)
		}
	}
	ct := ex.header.Get("Content-Type")
	var r response
	if ex.header.Get("Accept") == "text/event-stream" {
		// An event stream, which the spec check cannot decode; the stream
		// tests check its events against the spec.
		r = rawRequest(t, ts, ex)
	} else {
		r = ts.do(t, ex.method, ex.path, ct, []byte(ex.body), headers...)
	}
	if r.status >= 500 {
		t.Fatalf("%s %s %s: status %d: %s", ex.method, ex.path, ex.body, r.status, r.body)
	}
	if ex.wantKind == "" {
		if r.status >= 300 {
			t.Errorf("%s %s %s: status %d with no answer shown: %s", ex.method, ex.path, ex.body, r.status, r.body)
		}
		return
	}
	switch ex.wantKind {
	case "json":
		compareJSON(t, "answer", ex.want, string(r.body))
	case "text":
		compareEvents(t, ex.want, string(r.body))
	}
}

// shownAnswer is the real answer to show in the block between two fence
// lines of a document (-update-examples).
type shownAnswer struct {
	open, close int
	text        string
}

// realAnswer returns ex's real answer as a document shows it: JSON wrapped
// at 100 columns (wrapJSON), or the event stream as sent.
func realAnswer(t *testing.T, ts *testServer, ex example) string {
	var r response
	if ex.header.Get("Accept") == "text/event-stream" {
		r = rawRequest(t, ts, ex)
		return strings.TrimSpace(string(r.body))
	}
	headers := []string{}
	for k, vs := range ex.header {
		for _, v := range vs {
			headers = append(headers, k, v)
		}
	}
	r = ts.do(t, ex.method, ex.path, ex.header.Get("Content-Type"), []byte(ex.body), headers...)
	var v any
	if err := json.Unmarshal(r.body, &v); err != nil {
		t.Fatalf("%s: %v", r.body, err)
	}
	return wrapJSON(v, 100)
}

// replaceAnswers returns doc with the lines between each answer's fences
// replaced by its text.
func replaceAnswers(doc string, answers []shownAnswer) string {
	lines := strings.Split(doc, "\n")
	for i := len(answers) - 1; i >= 0; i-- {
		a := answers[i]
		lines = slices.Replace(lines, a.open, a.close-1, strings.Split(a.text, "\n")...)
	}
	return strings.Join(lines, "\n")
}

// wrapJSON renders v, decoded JSON, compactly in lines of at most width
// columns where it can: an object's members packed into lines, and an
// array of objects that does not fit one line, one element a line.
func wrapJSON(v any, width int) string {
	var b strings.Builder
	writeWrapped(&b, v, width, "")
	return b.String()
}

func writeWrapped(b *strings.Builder, v any, width int, indent string) {
	compact := compactJSON(v)
	if len(indent)+len(compact) <= width {
		b.WriteString(compact)
		return
	}
	switch x := v.(type) {
	case map[string]any:
		b.WriteString("{")
		keys := orderedKeys(x)
		line := len(indent) + 1
		for i, k := range keys {
			key, _ := json.Marshal(k)
			text := string(key) + ":" + compactJSON(x[k])
			if i > 0 {
				b.WriteString(",")
				line++
			}
			if i > 0 && line+len(text) > width {
				b.WriteString("\n" + indent + " ")
				line = len(indent) + 1
			}
			if line+len(text) > width {
				b.Write(key)
				b.WriteString(":")
				writeWrapped(b, x[k], width, indent+" ")
				line = width // what follows goes on a new line
				continue
			}
			b.WriteString(text)
			line += len(text)
		}
		b.WriteString("}")
	case []any:
		b.WriteString("[")
		for i, e := range x {
			if i > 0 {
				b.WriteString(",")
			}
			b.WriteString("\n" + indent + "  ")
			writeWrapped(b, e, width, indent+"  ")
		}
		b.WriteString("]")
	default:
		b.WriteString(compact)
	}
}

// compactJSON renders v, decoded JSON, on one line, objects' keys in the
// service's order (orderedKeys).
func compactJSON(v any) string {
	switch x := v.(type) {
	case map[string]any:
		parts := make([]string, 0, len(x))
		for _, k := range orderedKeys(x) {
			key, _ := json.Marshal(k)
			parts = append(parts, string(key)+":"+compactJSON(x[k]))
		}
		return "{" + strings.Join(parts, ",") + "}"
	case []any:
		parts := make([]string, len(x))
		for i, e := range x {
			parts[i] = compactJSON(e)
		}
		return "[" + strings.Join(parts, ",") + "]"
	}
	b, _ := json.Marshal(v)
	return string(b)
}

// orderedKeys returns an object's keys in the order the service writes
// them (the order of the JSON of moveResponse and Problem), the rest after.
func orderedKeys(m map[string]any) []string {
	order := []string{"game", "results", "index", "type", "title", "status", "result", "detail", "instance", "request_id",
		"board", "ply", "move", "notation", "row", "col", "to_move", "over", "winner", "last_move", "score", "outcome",
		"plies_to_end", "depth", "nodes", "elapsed_ms", "complete", "stopped_by", "pv", "bounds", "cached", "legal_moves",
		"analysis", "problem", "errors", "location", "message", "value"}
	var keys []string
	for _, k := range order {
		if _, ok := m[k]; ok {
			keys = append(keys, k)
		}
	}
	for k := range m {
		if !slices.Contains(order, k) {
			keys = append(keys, k)
		}
	}
	return keys
}

// rawRequest sends ex to ts as it is and reads the whole answer.
func rawRequest(t *testing.T, ts *testServer, ex example) response {
	t.Helper()
	req, err := http.NewRequest(ex.method, ts.URL+ex.path, strings.NewReader(ex.body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header = ex.header.Clone()
	resp, err := ts.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return response{status: resp.StatusCode, header: resp.Header, body: body}
}

// compareJSON fails t unless want and got, JSON texts, are equal once
// ignoredFields are removed from both.
func compareJSON(t *testing.T, what, want, got string) {
	t.Helper()
	var w, g any
	if err := json.Unmarshal([]byte(want), &w); err != nil {
		t.Fatalf("%s shown is not JSON: %v\n%s", what, err, want)
	}
	if err := json.Unmarshal([]byte(got), &g); err != nil {
		t.Fatalf("%s is not JSON: %v\n%s", what, err, got)
	}
	w, g = withoutIgnored(w), withoutIgnored(g)
	if !reflect.DeepEqual(w, g) {
		var compact bytes.Buffer
		if err := json.Compact(&compact, []byte(got)); err != nil {
			t.Fatalf("%s: compacting the real answer: %v", what, err)
		}
		t.Errorf("%s differs from the one shown.\nshown (fields compared): %s\nreal: %s", what, mustJSON(t, w), compact.String())
	}
}

// withoutIgnored returns v with the ignoredFields of every object removed.
func withoutIgnored(v any) any {
	switch x := v.(type) {
	case map[string]any:
		out := map[string]any{}
		for k, e := range x {
			if !slices.Contains(ignoredFields, k) {
				out[k] = withoutIgnored(e)
			}
		}
		return out
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = withoutIgnored(e)
		}
		return out
	}
	return v
}

// compareEvents compares a server-sent event stream with the one shown:
// the same events in the same order, each with the same id and event name
// and data that compareJSON finds equal.
func compareEvents(t *testing.T, want, got string) {
	t.Helper()
	w, g := splitEvents(want), splitEvents(got)
	if len(w) != len(g) {
		t.Fatalf("%d events, %d shown; the real stream:\n%s", len(g), len(w), got)
	}
	for i := range w {
		if w[i].id != g[i].id || w[i].event != g[i].event {
			t.Errorf("event %d: id %q %s, shown id %q %s", i, g[i].id, g[i].event, w[i].id, w[i].event)
		}
		compareJSON(t, fmt.Sprintf("event %d (%s) data", i, g[i].event), w[i].data, g[i].data)
	}
}

type sse struct{ id, event, data string }

func splitEvents(s string) []sse {
	var out []sse
	for _, chunk := range strings.Split(strings.TrimSpace(s), "\n\n") {
		var e sse
		for _, line := range strings.Split(chunk, "\n") {
			k, v, _ := strings.Cut(line, ": ")
			switch k {
			case "id":
				e.id = v
			case "event":
				e.event = v
			case "data":
				e.data = v
			}
		}
		out = append(out, e)
	}
	return out
}
