package main

import (
	_ "embed"
	"fmt"
	"os"
	"strings"

	"movesvc/engine"
)

// builtinOpenings is the list -openings builtin plays: 160 three-stone
// openings on 15x15 that the deep balance window (0:125 after 3,000,000
// nodes) kept, as the arena drew them for seeds 70 to 85. Drawing that many
// takes about an hour on one core; played from the list, a match starts at
// once and plays the same openings on every build, whose own balance
// searches would score (and so draw) them differently after any change to
// the engine. Comparing two builds on the same openings takes out the
// noise of different openings, though not that of timed searches.
//
//go:embed openings.txt
var builtinOpenings string

// builtinName is the -openings value that names builtinOpenings.
const builtinName = "builtin"

// rapfiOpenings are the lists of openings Rapfi's opengen balanced (3 to 8
// stones on 15x15, its own evaluation within ±50 after its balance
// searches), one a rule, by the -openings name that plays them: openings
// the engine did not choose, which issue 48 asks matches to be played on.
// The files say how they were made.
var rapfiOpenings = map[string]string{
	"rapfi-freestyle": rapfiFreestyle,
	"rapfi-renju":     rapfiRenju,
}

// rapfiRules are the rules the lists of rapfiOpenings were balanced for.
var rapfiRules = map[string]string{"rapfi-freestyle": "freestyle", "rapfi-renju": "renju"}

//go:embed openings_rapfi_freestyle.txt
var rapfiFreestyle string

//go:embed openings_rapfi_renju.txt
var rapfiRenju string

// openingList is a fixed list of openings a match plays in order, in place
// of random ones.
type openingList struct {
	name  string     // where the list came from, for the report
	moves [][]string // the openings, each a list of moves
	from  int        // the index in the whole list of moves[0]
	total int        // openings in the whole list
}

// loadOpenings returns the list name names: builtinName for
// builtinOpenings, a name of rapfiOpenings for that list (15x15 only),
// else a file read by parseOpenings.
func loadOpenings(name string, mc matchConfig) (openingList, error) {
	text, embedded := rapfiOpenings[name]
	if name == builtinName {
		text, embedded = builtinOpenings, true
	}
	if embedded && mc.size != 15 {
		return openingList{}, fmt.Errorf("the %s openings are for 15x15, not %dx%d", name, mc.size, mc.size)
	}
	if rule, ok := rapfiRules[name]; ok && rule != mc.rule {
		return openingList{}, fmt.Errorf("the %s openings are for -rule %s, not %s", name, rule, mc.rule)
	}
	if !embedded {
		data, err := os.ReadFile(name)
		if err != nil {
			return openingList{}, err
		}
		text = string(data)
	}
	moves, err := parseOpenings(text, mc)
	if err != nil {
		return openingList{}, fmt.Errorf("%s: %w", name, err)
	}
	return openingList{name: name, moves: moves, total: len(moves)}, nil
}

// parseOpenings reads one opening a line: moves in the service's notation
// (h8) separated by spaces, x first. Text from a '#' on and blank lines
// are ignored. Every opening must be legal on mc's board under mc's rule,
// not already over, and listed once.
func parseOpenings(text string, mc matchConfig) ([][]string, error) {
	var list [][]string
	seen := map[string]int{}
	for i, line := range strings.Split(text, "\n") {
		line, _, _ = strings.Cut(line, "#")
		moves := strings.Fields(line)
		if len(moves) == 0 {
			continue
		}
		key := strings.Join(moves, " ")
		if first, ok := seen[key]; ok {
			return nil, fmt.Errorf("line %d: opening %q already on line %d", i+1, key, first)
		}
		seen[key] = i + 1
		st, err := newState(moves, mc)
		if err != nil {
			return nil, fmt.Errorf("line %d: %w", i+1, err)
		}
		if st.Outcome() != engine.OutcomeUnknown {
			return nil, fmt.Errorf("line %d: opening %q is already over", i+1, key)
		}
		list = append(list, moves)
	}
	if len(list) == 0 {
		return nil, fmt.Errorf("no openings")
	}
	return list, nil
}

// slice returns the n openings from index from on, or an error naming
// what the list holds when it has fewer.
func (l openingList) slice(from, n int) (openingList, error) {
	if from < 0 || from+n > len(l.moves) {
		return openingList{}, fmt.Errorf("openings %d to %d wanted, but %s holds %d (0 to %d)",
			from, from+n-1, l.name, len(l.moves), len(l.moves)-1)
	}
	return openingList{name: l.name, moves: l.moves[from : from+n], from: from, total: l.total}, nil
}

// describe returns what the report says of the list.
func (l openingList) describe() string {
	return fmt.Sprintf("%s, %d to %d of %d", l.name, l.from, l.from+len(l.moves)-1, l.total)
}
