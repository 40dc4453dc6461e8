package web_test

import (
	"io/fs"
	"regexp"
	"strings"
	"testing"

	"movesvc/web"
)

var (
	htmlRef  = regexp.MustCompile(`(?:src|href)="([^"]*)"`)
	jsImport = regexp.MustCompile(`(?m)^\s*import\b[^"]*"([^"]+)"|import\("([^"]+)"\)`)
)

// TestPageStaysHome checks that the page loads nothing from outside the
// service and nothing that is not there: index.html refers only to the
// service's own paths (its files under /static/ and the API's routes), and
// the scripts import only each other, by relative path.
func TestPageStaysHome(t *testing.T) {
	files := web.Files()
	index, err := fs.ReadFile(files, web.Index)
	if err != nil {
		t.Fatalf("no %s: %v", web.Index, err)
	}
	refs := htmlRef.FindAllStringSubmatch(string(index), -1)
	if len(refs) < 4 {
		t.Fatalf("index.html refers to %d paths, want its script, style and icon at least", len(refs))
	}
	for _, ref := range refs {
		path := ref[1]
		name, static := strings.CutPrefix(path, "/static/")
		switch {
		case static:
			if _, err := fs.Stat(files, name); err != nil {
				t.Errorf("index.html refers to %s, which is not one of the page's files", path)
			}
		case path != "/openapi.yaml" && path != "/docs":
			t.Errorf("index.html refers to %s, neither a file of the page nor a route of the API", path)
		}
	}
	scripts, _ := fs.Glob(files, "*.js")
	if len(scripts) < 3 {
		t.Fatalf("scripts %q", scripts)
	}
	for _, script := range scripts {
		src, err := fs.ReadFile(files, script)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range jsImport.FindAllStringSubmatch(string(src), -1) {
			path := m[1] + m[2]
			name, relative := strings.CutPrefix(path, "./")
			if _, err := fs.Stat(files, name); !relative || err != nil {
				t.Errorf("%s imports %q: want ./ and one of the page's files", script, path)
			}
		}
	}
}
