package api_test

import (
	"io/fs"
	"net/http"
	"strings"
	"testing"

	"github.com/getkin/kin-openapi/openapi3filter"

	"movesvc/api"
	"movesvc/web"
)

// The page's media types are checked against openapi.yaml as text.
func init() {
	for _, mediaType := range []string{"text/html", "text/javascript", "text/css", "image/svg+xml"} {
		openapi3filter.RegisterBodyDecoder(mediaType, openapi3filter.PlainBodyDecoder)
	}
}

func TestPage(t *testing.T) {
	ts := newTestServer(t, api.Config{})
	r := ts.do(t, http.MethodGet, "/", "", nil)
	if r.status != http.StatusOK || r.header.Get("Content-Type") != "text/html; charset=utf-8" ||
		!strings.Contains(string(r.body), `<script type="module" src="/static/app.js">`) {
		t.Fatalf("GET /: %d %s\n%.200s", r.status, r.header.Get("Content-Type"), r.body)
	}
	csp := r.header.Get("Content-Security-Policy")
	if !strings.Contains(csp, "default-src 'self'") || !strings.Contains(csp, "frame-ancestors 'none'") {
		t.Errorf("Content-Security-Policy %q does not keep the page to its origin", csp)
	}
	if r.header.Get("Cache-Control") != "no-cache" || r.header.Get("ETag") == "" || r.header.Get("X-Content-Type-Options") != "nosniff" {
		t.Errorf("GET / headers: %v", r.header)
	}
	// A browser that has the page revalidates it for nothing.
	if again := ts.do(t, http.MethodGet, "/", "", nil, "If-None-Match", r.header.Get("ETag")); again.status != http.StatusNotModified || len(again.body) != 0 {
		t.Errorf("GET / with its ETag: %d, %d bytes", again.status, len(again.body))
	}
	if r := ts.do(t, http.MethodPost, "/", "application/json", []byte(`{}`)); r.status != http.StatusMethodNotAllowed || r.header.Get("Allow") != "GET, HEAD" {
		t.Errorf("POST /: %d, Allow %q", r.status, r.header.Get("Allow"))
	}
}

func TestStaticFiles(t *testing.T) {
	ts := newTestServer(t, api.Config{})
	types := map[string]string{".js": "text/javascript; charset=utf-8", ".css": "text/css; charset=utf-8",
		".svg": "image/svg+xml", ".html": "text/html; charset=utf-8"}
	names, err := fs.Glob(web.Files(), "*")
	if err != nil || len(names) < 5 {
		t.Fatalf("the page's files: %q, %v", names, err)
	}
	for _, name := range names {
		want, err := fs.ReadFile(web.Files(), name)
		if err != nil {
			t.Fatal(err)
		}
		r := ts.do(t, http.MethodGet, "/static/"+name, "", nil)
		ext := name[strings.LastIndex(name, "."):]
		if r.status != http.StatusOK || string(r.body) != string(want) || r.header.Get("Content-Type") != types[ext] {
			t.Errorf("GET /static/%s: %d %s, %d bytes of %d", name, r.status, r.header.Get("Content-Type"), len(r.body), len(want))
		}
	}
	for _, path := range []string{"/static/nothing.js", "/static/", "/static/../openapi.yaml", "/static/a/b.js"} {
		r := ts.do(t, http.MethodGet, path, "", nil)
		if r.status != http.StatusNotFound || r.header.Get("Content-Type") != "application/problem+json" {
			t.Errorf("GET %s: %d %s, want a 404 problem", path, r.status, r.header.Get("Content-Type"))
		}
	}
}

// TestAPIReference checks /docs: the reference's page under its own
// Content-Security-Policy, still limited to the service's origin, and its
// files, each as web.Docs holds it.
func TestAPIReference(t *testing.T) {
	ts := newTestServer(t, api.Config{})
	r := ts.do(t, http.MethodGet, "/docs", "", nil)
	if r.status != http.StatusOK || r.header.Get("Content-Type") != "text/html; charset=utf-8" ||
		!strings.Contains(string(r.body), `<script src="/docs/swagger-ui-bundle.js" defer>`) {
		t.Fatalf("GET /docs: %d %s\n%.200s", r.status, r.header.Get("Content-Type"), r.body)
	}
	csp := r.header.Get("Content-Security-Policy")
	if !strings.HasPrefix(csp, "default-src 'self';") || !strings.Contains(csp, "frame-ancestors 'none'") || strings.Contains(csp, "script-src") {
		t.Errorf("GET /docs: Content-Security-Policy %q does not keep the reference to its origin", csp)
	}
	// /docs/ is not a path of the spec, which says it answers as /docs.
	slash, err := ts.Client().Get(ts.URL + "/docs/")
	if err != nil {
		t.Fatal(err)
	}
	slash.Body.Close()
	if slash.StatusCode != http.StatusOK || slash.Header.Get("ETag") != r.header.Get("ETag") {
		t.Errorf("GET /docs/: %d, ETag %q; want /docs's", slash.StatusCode, slash.Header.Get("ETag"))
	}
	names, err := fs.Glob(web.Docs(), "*")
	if err != nil || len(names) < 5 {
		t.Fatalf("the reference's files: %q, %v", names, err)
	}
	for _, name := range names {
		want, err := fs.ReadFile(web.Docs(), name)
		if err != nil {
			t.Fatal(err)
		}
		r := ts.do(t, http.MethodGet, "/docs/"+name, "", nil)
		if r.status != http.StatusOK || string(r.body) != string(want) || r.header.Get("ETag") == "" {
			t.Errorf("GET /docs/%s: %d %s, %d bytes of %d", name, r.status, r.header.Get("Content-Type"), len(r.body), len(want))
		}
	}
	for _, path := range []string{"/docs/nothing.js", "/docs/a/b.js", "/docsx", "/docs/../openapi.yaml", "/docs/vendor.sh"} {
		r := ts.do(t, http.MethodGet, path, "", nil)
		if r.status != http.StatusNotFound || r.header.Get("Content-Type") != "application/problem+json" {
			t.Errorf("GET %s: %d %s, want a 404 problem", path, r.status, r.header.Get("Content-Type"))
		}
	}
}
