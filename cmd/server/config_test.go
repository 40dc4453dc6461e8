package main

import (
	"bufio"
	"flag"
	"io"
	"os"
	"reflect"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"
)

// numericFlags returns the flags of the binary whose values are numbers
// (counts, sizes, durations), with the environment variable of each.
func numericFlags(t *testing.T) ([]*flag.Flag, map[string]string) {
	t.Helper()
	c := DefaultConfig()
	fs := flag.NewFlagSet("movesvc", flag.ContinueOnError)
	env := c.bind(fs)
	var out []*flag.Flag
	fs.VisitAll(func(f *flag.Flag) {
		switch f.Value.(flag.Getter).Get().(type) {
		case int, int64, time.Duration:
			out = append(out, f)
		}
	})
	if len(out) < 15 {
		t.Fatalf("%d numeric flags, want every count, size and duration", len(out))
	}
	return out, env
}

// TestZeroMeansTheDefault: a number's 0, as a flag or as its environment
// variable, is its default: the configuration is the one told nothing,
// for every numeric flag.
func TestZeroMeansTheDefault(t *testing.T) {
	want, err := ParseFlags(nil, env(nil), io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	flags, envs := numericFlags(t)
	for _, f := range flags {
		for _, args := range [][]string{{"-" + f.Name, "0"}, nil} {
			e := map[string]string{}
			if args == nil {
				e[envs[f.Name]] = "0"
			}
			got, err := ParseFlags(args, env(e), io.Discard)
			if err != nil || !reflect.DeepEqual(got, want) {
				t.Errorf("-%s 0 (args %q, env %v): %+v, %v; want the defaults %+v", f.Name, args, e, got, err, want)
			}
		}
	}
}

// TestNoneIsNegative: where none is a value (no queue, no result cache,
// no shutdown delay) it is a negative number, and it stays none; a
// negative number elsewhere is refused, naming the flag.
func TestNoneIsNegative(t *testing.T) {
	c, err := ParseFlags([]string{"-queue-size", "-1", "-result-cache", "-1", "-shutdown-delay", "-1s"}, env(nil), io.Discard)
	if err != nil || c.API.QueueSize >= 0 || c.API.ResultCache >= 0 || c.ShutdownDelay >= 0 {
		t.Errorf("none: queue %d, cache %d, delay %v, %v; want each negative", c.API.QueueSize, c.API.ResultCache, c.ShutdownDelay, err)
	}
	flags, _ := numericFlags(t)
	for _, f := range flags {
		if f.Name == "queue-size" || f.Name == "result-cache" || f.Name == "shutdown-delay" {
			continue
		}
		v := "-2"
		if _, ok := f.Value.(flag.Getter).Get().(time.Duration); ok {
			v = "-2s"
		}
		if _, err := ParseFlags([]string{"-" + f.Name, v}, env(nil), io.Discard); err == nil || !strings.Contains(err.Error(), f.Name) {
			t.Errorf("-%s %s: %v, want an error naming it", f.Name, v, err)
		}
	}
}

// TestREADMEConfiguration holds README.md's configuration table to the
// flags: the same flags, each with its environment variable and its
// default as -h shows it (GOMAXPROCS where it is the machine's).
func TestREADMEConfiguration(t *testing.T) {
	rows := readmeConfiguration(t)
	c := DefaultConfig()
	fs := flag.NewFlagSet("movesvc", flag.ContinueOnError)
	envs := c.bind(fs)
	fs.VisitAll(func(f *flag.Flag) {
		row, ok := rows[f.Name]
		if !ok {
			t.Errorf("-%s is not in README.md's configuration table", f.Name)
			return
		}
		delete(rows, f.Name)
		if row.env != envs[f.Name] {
			t.Errorf("-%s: README.md says env %q, the flag reads %q", f.Name, row.env, envs[f.Name])
		}
		want := f.DefValue
		if _, isBool := f.Value.(flag.Getter).Get().(bool); isBool {
			want = ""
		}
		if got := row.defaultValue(); got != want {
			t.Errorf("-%s: README.md says default %q, -h says %q", f.Name, got, want)
		}
	})
	for name := range rows {
		t.Errorf("README.md lists -%s, which is not a flag", name)
	}
}

// readmeRow is a row of README.md's configuration table.
type readmeRow struct{ env, def string }

// defaultValue is the row's default as -h prints it: the cell without its
// backticks and without a note in parentheses; GOMAXPROCS is the
// machine's.
func (r readmeRow) defaultValue() string {
	d, _, _ := strings.Cut(strings.ReplaceAll(r.def, "`", ""), " (")
	if d == "GOMAXPROCS" {
		return strconv.Itoa(runtime.GOMAXPROCS(0))
	}
	return strings.TrimSpace(d)
}

// readmeConfiguration reads the table of README.md's Configuration
// section: flag, environment variable, default, meaning.
func readmeConfiguration(t *testing.T) map[string]readmeRow {
	t.Helper()
	f, err := os.Open("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows := map[string]readmeRow{}
	in := false
	for sc := bufio.NewScanner(f); sc.Scan(); {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "## "):
			in = line == "## Configuration"
		case in && strings.HasPrefix(line, "| `-"):
			cells := strings.Split(line, "|")
			if len(cells) < 5 {
				t.Fatalf("README.md: a configuration row without four cells: %s", line)
			}
			name := strings.Trim(strings.TrimSpace(cells[1]), "`-")
			rows[name] = readmeRow{env: strings.Trim(strings.TrimSpace(cells[2]), "`"), def: strings.TrimSpace(cells[3])}
		}
	}
	if len(rows) == 0 {
		t.Fatal("README.md has no configuration table")
	}
	return rows
}
