// Package web holds what the service serves to browsers, embedded in the
// binary: the page at GET / (plain HTML, CSS and JavaScript modules with no
// build step), which plays and analyses every game that GET /games lists,
// drawing boards from the games' descriptions and talking to the API only
// through movesvc.js, the JavaScript client that other sites may import as
// well; and the API reference at GET /docs, openapi.yaml rendered by a
// vendored, pinned Swagger UI. docs/frontend.md describes the files and how
// they are tested.
package web

import (
	"embed"
	"io/fs"
)

//go:embed static
var static embed.FS

//go:embed apidocs/*.html apidocs/*.js apidocs/*.css apidocs/*.txt apidocs/LICENSE apidocs/NOTICE apidocs/VENDOR
var apidocs embed.FS

// Index is the name, in Files and in Docs, of the page served at GET / and
// at GET /docs.
const Index = "index.html"

// Files returns the page's files by name, in one flat folder: Index and the
// files it loads, which the service serves at /static/<name>.
func Files() fs.FS {
	return sub(static, "static")
}

// Docs returns the API reference's files by name, in one flat folder: Index
// (served at /docs), the script that renders openapi.yaml, and Swagger UI's
// files with their licence and VENDOR, the list of their sha256 sums; the
// service serves them at /docs/<name>.
func Docs() fs.FS {
	return sub(apidocs, "apidocs")
}

// sub returns dir of fsys; dir is a folder embedded in fsys.
func sub(fsys fs.FS, dir string) fs.FS {
	files, err := fs.Sub(fsys, dir)
	if err != nil {
		panic(err) // dir is a valid path; fs.Sub cannot fail on it
	}
	return files
}
