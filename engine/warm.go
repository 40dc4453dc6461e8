package engine

// Warm calls Warm on every registered game that is a Warmer.
func (r *Registry) Warm() {
	for _, g := range r.Games() {
		if w, ok := g.(Warmer); ok {
			w.Warm()
		}
	}
}
