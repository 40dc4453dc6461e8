package api

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"io/fs"
	"net/http"
	"path"
	"strings"
	"sync"
	"time"

	"github.com/go-chi/chi/v5"

	"movesvc/web"
)

// pageCSP is the Content-Security-Policy of the page: it loads scripts,
// styles, images and data from the service's own origin only, so that no
// request leaves it, and it may not be framed.
const pageCSP = "default-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'; object-src 'none'"

// docsCSP is the Content-Security-Policy of the API reference at /docs:
// the page's, but Swagger UI sets style attributes and draws icons from
// data: URLs, which it needs allowed. It still loads and calls nothing
// outside the service's origin.
const docsCSP = "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'; object-src 'none'"

// docsPrefix prefixes the names of the API reference's files (web.Docs)
// among the static files.
const docsPrefix = "docs/"

// staticFile is one file of the page, held in memory with its ETag.
type staticFile struct {
	data []byte
	etag string
}

// loadStatic returns the page's files (web.Files) and the API reference's
// (web.Docs, named with docsPrefix), each with an ETag from its content, so
// that browsers revalidate them cheaply. It reads and hashes them once per
// process: every Server shares the map, which nobody writes after.
var loadStatic = sync.OnceValue(readStatic)

// readStatic reads the files loadStatic returns.
func readStatic() map[string]staticFile {
	files := map[string]staticFile{}
	addFiles(files, web.Files(), "")
	addFiles(files, web.Docs(), docsPrefix)
	return files
}

// addFiles adds the files of fsys's top folder to files, as prefix+name.
func addFiles(files map[string]staticFile, fsys fs.FS, prefix string) {
	entries, err := fs.ReadDir(fsys, ".")
	if err != nil {
		panic(err) // an embedded folder always reads
	}
	for _, e := range entries {
		if e.IsDir() {
			continue
		}
		data, err := fs.ReadFile(fsys, e.Name())
		if err != nil {
			panic(err)
		}
		sum := sha256.Sum256(data)
		files[prefix+e.Name()] = staticFile{data: data, etag: `"` + hex.EncodeToString(sum[:8]) + `"`}
	}
}

// handleIndex answers GET / with the page.
func (s *Server) handleIndex(w http.ResponseWriter, r *http.Request) {
	s.serveStatic(w, r, web.Index)
}

// handleStatic answers GET /static/{file} with one of the page's files, or
// a 404 problem.
func (s *Server) handleStatic(w http.ResponseWriter, r *http.Request) {
	s.serveStatic(w, r, chi.URLParam(r, "file"))
}

// handleDocs answers GET /docs (and /docs/) with the API reference, and
// GET /docs/{file} with one of its files, or a 404 problem.
func (s *Server) handleDocs(w http.ResponseWriter, r *http.Request) {
	name, ok := strings.CutPrefix(chi.URLParam(r, "*"), "/")
	switch {
	case chi.URLParam(r, "*") == "" || ok && name == "":
		name = web.Index
	case !ok || strings.Contains(name, "/"):
		notFound(w, r)
		return
	}
	s.serveStatic(w, r, docsPrefix+name)
}

// serveStatic sends the static file name: no-cache (a browser revalidates
// it by its ETag, so a new build is seen at once), with the page's
// Content-Security-Policy for HTML, or the reference's for its HTML.
// Conditional and range requests are http.ServeContent's.
func (s *Server) serveStatic(w http.ResponseWriter, r *http.Request, name string) {
	f, ok := s.static[name]
	if !ok {
		notFound(w, r)
		return
	}
	h := w.Header()
	h.Set("Cache-Control", "no-cache")
	h.Set("ETag", f.etag)
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Referrer-Policy", "no-referrer")
	switch {
	case path.Ext(name) != ".html":
	case strings.HasPrefix(name, docsPrefix):
		h.Set("Content-Security-Policy", docsCSP)
	default:
		h.Set("Content-Security-Policy", pageCSP)
	}
	http.ServeContent(w, r, name, time.Time{}, bytes.NewReader(f.data))
}
