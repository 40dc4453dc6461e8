package kalah

import (
	"embed"
	"fmt"
	"sync"
)

// bookFiles are the books cmd/kalahbook built, named by BookFile.
//
//go:embed book
var bookFiles embed.FS

// BookFile returns the name of the embedded book of r: "p6s4-standard.book"
// or "p6s4-empty.book".
func BookFile(r Rules) string {
	rule := "standard"
	if r.EmptyCapture {
		rule = "empty"
	}
	return fmt.Sprintf("p%ds%d-%s.book", r.Pits, r.Seeds, rule)
}

var (
	booksMu sync.Mutex
	books   = map[Rules]*Book{}
)

// Books returns the embedded book of r, parsed at first use, or nil when
// there is none.
func Books(r Rules) *Book {
	booksMu.Lock()
	defer booksMu.Unlock()
	if bk, ok := books[r]; ok {
		return bk
	}
	var bk *Book
	if data, err := bookFiles.ReadFile("book/" + BookFile(r)); err == nil {
		bk, _ = ParseBook(data)
	}
	books[r] = bk
	return bk
}
