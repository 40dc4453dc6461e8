package api

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"io/fs"
	"net/http"
	"path"
	"time"

	"github.com/go-chi/chi/v5"

	"movesvc/web"
)

// pageCSP is the Content-Security-Policy of the page: it loads scripts,
// styles, images and data from the service's own origin only, so that no
// request leaves it, and it may not be framed.
const pageCSP = "default-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'; object-src 'none'"

// staticFile is one file of the page, held in memory with its ETag.
type staticFile struct {
	data []byte
	etag string
}

// loadStatic reads the page's files (web.Files) into memory, each with an
// ETag from its content, so that browsers revalidate them cheaply.
func loadStatic() map[string]staticFile {
	files := map[string]staticFile{}
	entries, err := fs.ReadDir(web.Files(), ".")
	if err != nil {
		panic(err) // an embedded folder always reads
	}
	for _, e := range entries {
		if e.IsDir() {
			continue
		}
		data, err := fs.ReadFile(web.Files(), e.Name())
		if err != nil {
			panic(err)
		}
		sum := sha256.Sum256(data)
		files[e.Name()] = staticFile{data: data, etag: `"` + hex.EncodeToString(sum[:8]) + `"`}
	}
	return files
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

// serveStatic sends the page's file name: no-cache (a browser revalidates
// it by its ETag, so a new build is seen at once), with the page's
// Content-Security-Policy for HTML. Conditional and range requests are
// http.ServeContent's.
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
	if path.Ext(name) == ".html" {
		h.Set("Content-Security-Policy", pageCSP)
	}
	http.ServeContent(w, r, name, time.Time{}, bytes.NewReader(f.data))
}
