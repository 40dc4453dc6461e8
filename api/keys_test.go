package api_test

import (
	"crypto/sha256"
	"encoding/hex"
	"reflect"
	"strings"
	"testing"
	"time"

	"movesvc/api"
)

// hashOf is the hex SHA-256 of token, as sha256sum prints it.
func hashOf(token string) string {
	h := sha256.Sum256([]byte(token))
	return hex.EncodeToString(h[:])
}

// TestParseAPIKeys reads a keys file with comments, blank lines, a key
// without limits and one with every limit.
func TestParseAPIKeys(t *testing.T) {
	file := "# movesvc keys\n\n" +
		"alice " + hashOf("alice-token") + "\n" +
		"  bob.ci_2 " + strings.ToUpper(hashOf("bob-token")) +
		" rate=60 concurrent=2 timeout_ms=1500 depth=6 threads=1 batch=4  \n"
	keys, err := api.ParseAPIKeys(strings.NewReader(file))
	if err != nil {
		t.Fatal(err)
	}
	want := []api.APIKey{
		{Name: "alice", Hash: sha256.Sum256([]byte("alice-token"))},
		{Name: "bob.ci_2", Hash: sha256.Sum256([]byte("bob-token")), Limits: api.KeyLimits{
			Rate: 60, Concurrent: 2, MaxTimeout: 1500 * time.Millisecond, MaxDepth: 6, Threads: 1, MaxBatch: 4}},
	}
	if !reflect.DeepEqual(keys, want) {
		t.Errorf("got %+v\nwant %+v", keys, want)
	}
	if api.HashToken("alice-token") != keys[0].Hash {
		t.Error("HashToken is not the SHA-256 of the token")
	}
}

// TestParseAPIKeysErrors: every fault of a keys file is refused, naming
// the line and what is wrong.
func TestParseAPIKeysErrors(t *testing.T) {
	h := hashOf("t")
	for _, tc := range []struct{ file, want string }{
		{"", "no key"},
		{"# only a comment\n", "no key"},
		{"alice\n", "line 1: want a name and a sha256-hex"},
		{"al/ice " + h, `line 1: name "al/ice"`},
		{strings.Repeat("a", 65) + " " + h, "must be 1 to 64"},
		{"alice secret-token", "line 1: hash: must be the 64 hex digits of a SHA-256, not 12 characters"},
		{"alice " + strings.Repeat("g", 64), "hash: must be 64 hex digits"},
		{"alice " + h + " rate", `"rate": a limit is name=value`},
		{"alice " + h + " rate=0", "rate=0: must be an integer from 1"},
		{"alice " + h + " depth=-3", "depth=-3: must be an integer from 1"},
		{"alice " + h + " threads=9999999999", "threads=9999999999: must be an integer from 1"},
		{"alice " + h + " speed=3", "speed: unknown limit"},
		{"alice " + h + " rate=1 rate=2", "rate: given twice"},
		{"alice " + h + "\nbob " + hashOf("u") + "\n\nalice " + hashOf("v"), `line 4: name "alice" is already the key of line 1`},
		{"alice " + h + "\nbob " + h, "line 2: the hash is already the key of line 1"},
	} {
		_, err := api.ParseAPIKeys(strings.NewReader(tc.file))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: %v, want an error saying %q", tc.file, err, tc.want)
		}
	}
}

// FuzzParseAPIKeys: a keys file never panics the parser; what it accepts
// is written back by FormatAPIKeys as a file that reads as the same keys,
// and each key's name is safe in a log line.
func FuzzParseAPIKeys(f *testing.F) {
	h := hashOf("t")
	for _, seed := range []string{
		"alice " + h,
		"# c\n\nbob " + h + " rate=60 concurrent=2 timeout_ms=1500 depth=6 threads=1 batch=4\n",
		"a " + h + "\nb " + hashOf("u") + " batch=1",
		"alice " + h + " rate=0",
		"x y z",
		"alice " + strings.ToUpper(h) + "\t timeout_ms=1073741824",
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, file string) {
		keys, err := api.ParseAPIKeys(strings.NewReader(file))
		if err != nil {
			return
		}
		again, err := api.ParseAPIKeys(strings.NewReader(api.FormatAPIKeys(keys)))
		if err != nil || !reflect.DeepEqual(again, keys) {
			t.Fatalf("%q: formatted as %q, read back as %+v, %v; want %+v", file, api.FormatAPIKeys(keys), again, err, keys)
		}
		for _, k := range keys {
			if k.Name == "" || strings.ContainsAny(k.Name, " \t\n\"\\=") {
				t.Fatalf("%q: key name %q", file, k.Name)
			}
		}
	})
}
