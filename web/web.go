// Package web holds the page the service serves at GET /: plain HTML, CSS
// and JavaScript modules with no build step, embedded in the binary. The
// page plays and analyses every game that GET /games lists, drawing boards
// from the games' descriptions, and talks to the API only through
// movesvc.js, the JavaScript client that other sites may import as well.
// docs/frontend.md describes the files and how they are tested.
package web

import (
	"embed"
	"io/fs"
)

//go:embed static
var static embed.FS

// Index is the name, in Files, of the page served at GET /.
const Index = "index.html"

// Files returns the page's files by name, in one flat folder: Index and the
// files it loads, which the service serves at /static/<name>.
func Files() fs.FS {
	files, err := fs.Sub(static, "static")
	if err != nil {
		panic(err) // "static" is a valid path; fs.Sub cannot fail on it
	}
	return files
}
