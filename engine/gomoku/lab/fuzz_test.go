package lab

import (
	"encoding/json"
	"testing"
)

// FuzzParseEval feeds ParseEval arbitrary bytes. It must never panic;
// without an error exactly one of weights and a cell table is set, and it
// reads back the same from the JSON encoding/json writes of it.
func FuzzParseEval(f *testing.F) {
	w, _ := json.Marshal(PatternWeights())
	table, _ := json.Marshal(DefaultTable())
	for _, seed := range []string{string(w), string(table), "", "[1, 2]", "[[1,2],[3]]", "{}", "null", `["a"]`} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		w, table, err := ParseEval(data)
		if err != nil {
			if w != nil || table != nil {
				t.Fatalf("an error (%v) with a result", err)
			}
			return
		}
		if (w == nil) == (table == nil) {
			t.Fatalf("weights %v and table %v: want exactly one", w != nil, table != nil)
		}
		var back []byte
		if w != nil {
			back, err = json.Marshal(w)
		} else {
			back, err = json.Marshal(table)
		}
		if err != nil {
			t.Fatal(err)
		}
		w2, table2, err := ParseEval(back)
		if err != nil || (w != nil) != (w2 != nil) || w != nil && *w != *w2 || table != nil && *table != *table2 {
			t.Fatalf("%s does not read back: %v", back, err)
		}
	})
}

// FuzzParseLines feeds ParseLines arbitrary bytes. It must never panic;
// a table it reads has canonical keys only and reads back the same from
// the JSON encoding/json writes of it.
func FuzzParseLines(f *testing.F) {
	lines, _ := json.Marshal(LineTable{{CanonLineKey(LineKey([8]int{0, 0, 0, LineOwn})): 5}, {9: -3}})
	for _, seed := range []string{string(lines), `[{"16384": 5}, {}]`, "[{}, {}]", "[]", "null", `[{"x": 1}]`, `[{"1": 70000}]`} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		table, err := ParseLines(data)
		if err != nil {
			return
		}
		for role := range table {
			for k := range table[role] {
				if CanonLineKey(k) != k {
					t.Fatalf("key %d read, not canonical", k)
				}
			}
		}
		back, err := json.Marshal(table)
		if err != nil {
			t.Fatal(err)
		}
		again, err := ParseLines(back)
		if err != nil || len(again[0]) != len(table[0]) || len(again[1]) != len(table[1]) {
			t.Fatalf("%s does not read back: %v", back, err)
		}
		for role := range table {
			for k, v := range table[role] {
				if again[role][k] != v {
					t.Fatalf("key %d of role %d: %d read back as %d", k, role, v, again[role][k])
				}
			}
		}
	})
}
