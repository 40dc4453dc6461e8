package backgammon

import (
	"slices"
	"strconv"
	"strings"
)

// PassNotation is how a play of no steps (nothing can move) is written.
const PassNotation = "pass"

// notePoint returns the notation of a slot of the mover's side: "bar", "off"
// or the point number.
func notePoint(i int8) string {
	switch i {
	case BarIndex:
		return "bar"
	case Off:
		return "off"
	default:
		return strconv.Itoa(int(i) + 1)
	}
}

// chain is one checker's path through a play: the points it touched and
// whether it hit on each (hit[k] for pts[k], k >= 1).
type chain struct {
	pts [5]int8
	hit [5]bool
	n   int
}

// FormatPlay returns pl in the standard notation, from the mover's side,
// written as GNU Backgammon writes it: the steps sorted from the highest
// point down (the nearer landing first for one point), each step joined to
// the first path that ends where it starts; each path "from/to", with the
// points where it hit starred and kept ("24/18*/13", "13/7*"); "bar" and
// "off"; paths through the same points once with a count ("13/7(2)"). A play
// of no steps is PassNotation.
func FormatPlay(pl *Play) string {
	if pl.N == 0 {
		return PassNotation
	}
	var chains [4]chain
	nc := buildChains(pl, &chains)
	return writeChains(chains[:nc])
}

// buildChains sorts pl's steps from the highest point down (the nearer
// landing first), marks the first landing on each point pl hit, joins each
// step to the first chain that ends where it starts, and returns how many
// chains it made.
func buildChains(pl *Play, chains *[4]chain) int {
	var hitPts uint32
	steps := pl.Steps
	for k := 0; k < int(pl.N); k++ {
		if pl.Hits&(1<<k) != 0 {
			hitPts |= 1 << numbered(steps[k].To)
		}
	}
	slices.SortFunc(steps[:pl.N], func(a, b Step) int {
		if a.From != b.From {
			return int(b.From) - int(a.From)
		}
		return int(b.To) - int(a.To)
	})
	nc := 0
	for k := 0; k < int(pl.N); k++ {
		s := steps[k]
		bit := uint32(1) << numbered(s.To)
		hit := s.To != Off && hitPts&bit != 0
		hitPts &^= bit
		c := 0
		for c < nc && chains[c].pts[chains[c].n-1] != s.From {
			c++
		}
		if c == nc {
			nc++
			chains[c].pts[0], chains[c].n = s.From, 1
		}
		ch := &chains[c]
		ch.pts[ch.n], ch.hit[ch.n] = s.To, hit
		ch.n++
	}
	return nc
}

// writeChains writes the chains in order, each set through the same points
// once with its count.
func writeChains(chains []chain) string {
	var sb strings.Builder
	var done [4]bool
	for i := range chains {
		if done[i] {
			continue
		}
		n := 1
		for j := i + 1; j < len(chains); j++ {
			if !done[j] && chains[j].samePoints(&chains[i]) {
				done[j] = true
				n++
			}
		}
		if sb.Len() > 0 {
			sb.WriteByte(' ')
		}
		sb.WriteString(chains[i].String())
		if n > 1 {
			sb.WriteString("(" + strconv.Itoa(n) + ")")
		}
	}
	return sb.String()
}

// samePoints reports whether c and d pass through the same points.
func (c *chain) samePoints(d *chain) bool {
	return c.n == d.n && c.pts == d.pts
}

// String writes c as "from/[hit points*/]to[*]".
func (c *chain) String() string {
	s := notePoint(c.pts[0])
	for k := 1; k < c.n; k++ {
		if k == c.n-1 || c.hit[k] {
			s += "/" + notePoint(c.pts[k])
			if c.hit[k] {
				s += "*"
			}
		}
	}
	return s
}

// movement is a play's net effect on the mover's checkers: how many leave
// and arrive at each point numbered 0 (off) to 25 (bar), with a checker that
// passes through a point cancelled out.
type movement struct {
	from, to [26]int8
}

func numbered(i int8) int {
	if i == Off {
		return 0
	}
	return int(i) + 1
}

func (m *movement) cancel() {
	for i := range m.from {
		c := min(m.from[i], m.to[i])
		m.from[i] -= c
		m.to[i] -= c
	}
}

// playMovement returns pl's movement and the set of points (1-24) it hit on.
func playMovement(pl *Play) (movement, uint32) {
	var m movement
	var hits uint32
	for k := 0; k < int(pl.N); k++ {
		s := pl.Steps[k]
		m.from[numbered(s.From)]++
		m.to[numbered(s.To)]++
		if pl.Hits&(1<<k) != 0 {
			hits |= 1 << numbered(s.To)
		}
	}
	m.cancel()
	return m, hits
}

// ParsePlay returns the index in plays (the legal plays of a roll) of the
// play written s. It takes the standard notation and its common variants:
// paths separated by spaces or commas, points joined by "/" or "-", "bar",
// "b" or 25 for the bar, "off", "o" or 0 for off, "*" after a point hit
// there (optional), "(n)" after a path played n times, a path through
// several points ("24/18/13") or split into steps ("24/18 18/13"), and
// "pass" (or "", "-", "no move") when the only play is to not move. Two plays
// that move the same checkers but hit differently are told apart by the
// stars. Errors are *ParseError at field.
func ParsePlay(field, s string, plays []Play) (int, error) {
	want, hits, starred, err := parseMovement(s)
	if err != nil {
		return -1, fieldError(field, "%q: %v", s, err)
	}
	var cands []int
	for i := range plays {
		if m, _ := playMovement(&plays[i]); m == want {
			cands = append(cands, i)
		}
	}
	if len(cands) > 1 {
		var same []int
		for _, i := range cands {
			if _, h := playMovement(&plays[i]); h == hits || (!starred && h == 0) {
				same = append(same, i)
			}
		}
		if len(same) > 0 {
			cands = same
		}
	}
	switch len(cands) {
	case 1:
		return cands[0], nil
	case 0:
		return -1, fieldError(field, "%q is not a legal play of this roll", s)
	default:
		return -1, fieldError(field, "%q is ambiguous: it could be %s or %s; star the points hit", s,
			FormatPlay(&plays[cands[0]]), FormatPlay(&plays[cands[1]]))
	}
}

// parseMovement reads a play's text into its movement and the points it
// says were hit.
func parseMovement(s string) (movement, uint32, bool, error) {
	var m movement
	var hits uint32
	t := strings.ToLower(strings.TrimSpace(s))
	switch t {
	case "", "-", PassNotation, "no move", "no play", "cannot move":
		return m, 0, false, nil
	}
	fields := strings.FieldsFunc(t, func(r rune) bool { return r == ' ' || r == ',' || r == '\t' })
	starred := false
	for _, f := range fields {
		pts, hit, n, err := parsePath(f)
		if err != nil {
			return m, 0, false, err
		}
		for k := 1; k < len(pts); k++ {
			if pts[k] >= pts[k-1] {
				return m, 0, false, errorf("%q moves backwards from %s to %s", f, pointText(pts[k-1]), pointText(pts[k]))
			}
			if hit[k] {
				hits |= 1 << pts[k]
				starred = true
			}
		}
		m.from[pts[0]] += int8(n)
		m.to[pts[len(pts)-1]] += int8(n)
	}
	m.cancel()
	return m, hits, starred, nil
}

func pointText(p int) string {
	switch p {
	case 25:
		return "bar"
	case 0:
		return "off"
	}
	return strconv.Itoa(p)
}

// parsePath reads one path "a/b*/c(n)" into its points (25 bar, 0 off), the
// stars and the count.
func parsePath(f string) ([]int, []bool, int, error) {
	n := 1
	if i := strings.IndexByte(f, '('); i >= 0 {
		if !strings.HasSuffix(f, ")") {
			return nil, nil, 0, errorf("%q: a count is written (n) at the end", f)
		}
		c, err := strconv.Atoi(f[i+1 : len(f)-1])
		if err != nil || c < 1 || c > 4 {
			return nil, nil, 0, errorf("%q: the count in parentheses must be 1-4", f)
		}
		n, f = c, f[:i]
	}
	parts := strings.FieldsFunc(f, func(r rune) bool { return r == '/' || r == '-' })
	if len(parts) < 2 {
		return nil, nil, 0, errorf("%q is not a path: write from/to, like 13/7", f)
	}
	pts := make([]int, len(parts))
	hit := make([]bool, len(parts))
	for k, p := range parts {
		for strings.HasSuffix(p, "*") {
			p = strings.TrimSuffix(p, "*")
			hit[k] = true
		}
		v, err := parsePoint(p)
		if err != nil {
			return nil, nil, 0, errorf("%q: %v", f, err)
		}
		if hit[k] && (k == 0 || v == 0) {
			return nil, nil, 0, errorf("%q: only a point landed on can be hit", f)
		}
		pts[k] = v
	}
	return pts, hit, n, nil
}

// parsePoint reads "bar", "b", "off", "o" or a number 0-25.
func parsePoint(p string) (int, error) {
	switch p {
	case "bar", "b":
		return 25, nil
	case "off", "o":
		return 0, nil
	}
	v, err := strconv.Atoi(p)
	if err != nil || v < 0 || v > 25 {
		return 0, errorf("%q is not a point: use 1-24, bar or off", p)
	}
	return v, nil
}
