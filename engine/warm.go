package engine

// Warmer is implemented by a Game that builds something large on first use
// (pattern tables, an embedded opening book). A server calls Warm before it
// takes requests, so that the first requests do not wait for the build.
type Warmer interface {
	// Warm builds what the game would otherwise build on first use. It is
	// safe to call more than once and from several goroutines.
	Warm()
}

// Warm calls Warm on every registered game that is a Warmer.
func (r *Registry) Warm() {
	for _, g := range r.Games() {
		if w, ok := g.(Warmer); ok {
			w.Warm()
		}
	}
}
