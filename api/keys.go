package api

import (
	"bufio"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"
)

// APIKey is a client's key as the server knows it: a name for the logs
// and the limits, the SHA-256 of the bearer token the client sends (the
// token itself is never stored), and the limits of what the key may ask.
type APIKey struct {
	Name   string
	Hash   [sha256.Size]byte
	Limits KeyLimits
}

// KeyLimits bounds what one key may ask of the server. Zero in a field
// means no limit of the key's own: the server's limit applies (its
// -rate-limit, -max-timeout, -search-threads, -max-batch, a game's
// deepest depth), as it does to every request.
type KeyLimits struct {
	// Rate is how many requests the key may send per Config.RateWindow
	// (its own quota instead of Config.RateLimit).
	Rate int
	// Concurrent is how many of the key's requests may be in flight at
	// once: the search slots it may hold, queued requests included.
	Concurrent int
	// MaxTimeout is the longest timeout_ms the key may ask for; a request
	// that gives none gets the server's default, cut to it.
	MaxTimeout time.Duration
	// MaxDepth is the deepest depth the key may ask for; a request that
	// gives none (or use_time) gets its game's, cut to it.
	MaxDepth int
	// Threads is how many goroutines one search of the key may use.
	Threads int
	// MaxBatch is how many requests a POST /moves of the key may hold.
	MaxBatch int
}

// keyLimitFields names the limits as a keys file writes them, in the
// order FormatAPIKeys writes them, each with how to read and set it.
var keyLimitFields = []struct {
	name string
	get  func(KeyLimits) int
	set  func(*KeyLimits, int)
}{
	{"rate", func(l KeyLimits) int { return l.Rate }, func(l *KeyLimits, n int) { l.Rate = n }},
	{"concurrent", func(l KeyLimits) int { return l.Concurrent }, func(l *KeyLimits, n int) { l.Concurrent = n }},
	{"timeout_ms", func(l KeyLimits) int { return int(l.MaxTimeout / time.Millisecond) },
		func(l *KeyLimits, n int) { l.MaxTimeout = time.Duration(n) * time.Millisecond }},
	{"depth", func(l KeyLimits) int { return l.MaxDepth }, func(l *KeyLimits, n int) { l.MaxDepth = n }},
	{"threads", func(l KeyLimits) int { return l.Threads }, func(l *KeyLimits, n int) { l.Threads = n }},
	{"batch", func(l KeyLimits) int { return l.MaxBatch }, func(l *KeyLimits, n int) { l.MaxBatch = n }},
}

// maxKeyLimit bounds every number of a keys file, so that no limit
// overflows what it is compared with (timeout_ms as a Duration).
const maxKeyLimit = 1 << 30

// HashToken returns the SHA-256 of a bearer token: what a keys file holds
// for it (as hex) and what a request's token is looked up by.
func HashToken(token string) [sha256.Size]byte { return sha256.Sum256([]byte(token)) }

// ParseAPIKeys reads a keys file: one key a line, as
//
//	name sha256-hex [rate=N] [concurrent=N] [timeout_ms=N] [depth=N] [threads=N] [batch=N]
//
// where name is 1 to 64 letters, digits, '.', '_' or '-', sha256-hex the
// 64 hex digits of the SHA-256 of the key's token (HashToken; `printf %s
// "$TOKEN" | sha256sum`), and each limit a positive integer (KeyLimits),
// at most once. Blank lines and lines starting with '#' are skipped. Names
// and hashes must be unique. The error names the line and what is wrong
// with it; a file with no key is an error too, for it would lock every
// client out.
func ParseAPIKeys(r io.Reader) ([]APIKey, error) {
	var keys []APIKey
	names, hashes := map[string]int{}, map[[sha256.Size]byte]int{}
	sc := bufio.NewScanner(r)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		k, err := parseKeyLine(line)
		if err != nil {
			return nil, fmt.Errorf("line %d: %w", n, err)
		}
		if first, dup := names[k.Name]; dup {
			return nil, fmt.Errorf("line %d: name %q is already the key of line %d", n, k.Name, first)
		}
		if first, dup := hashes[k.Hash]; dup {
			return nil, fmt.Errorf("line %d: the hash is already the key of line %d", n, first)
		}
		names[k.Name], hashes[k.Hash] = n, n
		keys = append(keys, k)
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	if len(keys) == 0 {
		return nil, fmt.Errorf("no key: give at least one line of name and sha256-hex")
	}
	return keys, nil
}

// parseKeyLine parses one non-blank, non-comment line of a keys file.
func parseKeyLine(line string) (APIKey, error) {
	fields := strings.Fields(line)
	if len(fields) < 2 {
		return APIKey{}, fmt.Errorf("want a name and a sha256-hex, then limits as name=value")
	}
	k := APIKey{Name: fields[0]}
	if !validKeyName(k.Name) {
		return APIKey{}, fmt.Errorf("name %q: must be 1 to 64 letters, digits, '.', '_' or '-'", clip(k.Name))
	}
	if len(fields[1]) != 2*sha256.Size {
		return APIKey{}, fmt.Errorf("hash: must be the 64 hex digits of a SHA-256, not %d characters (the token itself does not belong here)", len(fields[1]))
	}
	if _, err := hex.Decode(k.Hash[:], []byte(fields[1])); err != nil {
		return APIKey{}, fmt.Errorf("hash: must be 64 hex digits: %v", err)
	}
	seen := map[string]bool{}
	for _, f := range fields[2:] {
		name, value, ok := strings.Cut(f, "=")
		if !ok {
			return APIKey{}, fmt.Errorf("%q: a limit is name=value", clip(f))
		}
		if seen[name] {
			return APIKey{}, fmt.Errorf("%s: given twice", clip(name))
		}
		seen[name] = true
		if err := k.Limits.set(name, value); err != nil {
			return APIKey{}, err
		}
	}
	return k, nil
}

// set sets the limit name to value, a positive integer.
func (l *KeyLimits) set(name, value string) error {
	for _, f := range keyLimitFields {
		if f.name != name {
			continue
		}
		n, err := strconv.Atoi(value)
		if err != nil || n < 1 || n > maxKeyLimit {
			return fmt.Errorf("%s=%s: must be an integer from 1 to %d", name, clip(value), maxKeyLimit)
		}
		f.set(l, n)
		return nil
	}
	return fmt.Errorf("%s: unknown limit; the limits are rate, concurrent, timeout_ms, depth, threads and batch", clip(name))
}

// validKeyName reports whether name may name a key: 1 to 64 ASCII
// letters, digits, '.', '_' or '-', so that it is safe in logs and
// headers.
func validKeyName(name string) bool {
	if name == "" || len(name) > 64 {
		return false
	}
	for _, c := range []byte(name) {
		ok := c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '.' || c == '_' || c == '-'
		if !ok {
			return false
		}
	}
	return true
}

// FormatAPIKeys writes keys as a keys file that ParseAPIKeys reads back as
// the same keys: one line each, the hash in lower-case hex, the limits
// that are set.
func FormatAPIKeys(keys []APIKey) string {
	var b strings.Builder
	for _, k := range keys {
		b.WriteString(k.Name + " " + hex.EncodeToString(k.Hash[:]))
		for _, f := range keyLimitFields {
			if v := f.get(k.Limits); v != 0 {
				b.WriteString(" " + f.name + "=" + strconv.Itoa(v))
			}
		}
		b.WriteByte('\n')
	}
	return b.String()
}
