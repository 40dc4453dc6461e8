package main

import (
	"fmt"
	"strings"
	"time"

	"movesvc/engine/chess"
)

// pgn returns the game in PGN: the seven tag roster, the starting position
// when it is not the standard one, the variant, the termination, then the
// moves (the opening's first, then each engine move with its comment) and
// the result.
func (g *game) pgn(variant chess.Variant) string {
	var b strings.Builder
	tag := func(k, v string) { fmt.Fprintf(&b, "[%s %q]\n", k, v) }
	tag("Event", "movesvc chessarena")
	tag("Site", "?")
	tag("Date", time.Now().UTC().Format("2006.01.02"))
	tag("Round", fmt.Sprint(g.round))
	tag("White", g.names[0])
	tag("Black", g.names[1])
	tag("Result", g.result)
	if g.opening.fen != chess.StartFEN {
		tag("SetUp", "1")
		tag("FEN", g.opening.fen)
	}
	if variant == chess.Chess960 {
		tag("Variant", "Chess960")
	}
	tag("Termination", g.reason)
	p, _ := chess.ParseFEN(g.opening.fen, variant)
	ply := p.Ply()
	var line strings.Builder
	opened := len(g.openSAN)
	for i, san := range append(append([]string(nil), g.openSAN...), g.san...) {
		if (ply+i)%2 == 0 || i == 0 || i == opened+1 && i > 0 {
			num := fmt.Sprintf("%d.", (ply+i)/2+1)
			if (ply+i)%2 == 1 {
				num += ".."
			}
			line.WriteString(num + " ")
		}
		line.WriteString(san + " ")
		if i >= opened && i-opened < len(g.comments) {
			line.WriteString("{" + g.comments[i-opened] + "} ")
		}
	}
	line.WriteString(g.result)
	b.WriteString("\n" + wrap(line.String(), 80) + "\n\n")
	return b.String()
}

// wrap breaks text into lines of at most width characters at spaces.
func wrap(text string, width int) string {
	var b strings.Builder
	n := 0
	for i, w := range strings.Fields(text) {
		if i > 0 && n+1+len(w) > width {
			b.WriteByte('\n')
			n = 0
		} else if i > 0 {
			b.WriteByte(' ')
			n++
		}
		b.WriteString(w)
		n += len(w)
	}
	return b.String()
}
