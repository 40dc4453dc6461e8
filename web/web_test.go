package web_test

import (
	"io/fs"
	"os"
	"path/filepath"
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

// docImage is a picture of docs/img that a document shows.
var docImage = regexp.MustCompile(`\]\((?:docs/)?(img/[\w.-]+\.png)\)`)

// TestDocImages checks that the pictures the README and docs/frontend.md
// show are in docs/img, and that docs/img holds no other: the browser
// tests make them (MOVESVC_DOCS_IMG=1), so none is left from an old page.
func TestDocImages(t *testing.T) {
	shown := map[string]bool{}
	for _, doc := range []string{"../README.md", "../docs/frontend.md"} {
		data, err := os.ReadFile(doc)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range docImage.FindAllStringSubmatch(string(data), -1) {
			shown[m[1]] = true
			if _, err := os.Stat(filepath.Join("..", "docs", m[1])); err != nil {
				t.Errorf("%s shows %s: %v", doc, m[1], err)
			}
		}
	}
	files, err := filepath.Glob("../docs/img/*.png")
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		if !shown["img/"+filepath.Base(f)] {
			t.Errorf("docs/img/%s is shown by no document", filepath.Base(f))
		}
	}
	if len(shown) < 2 {
		t.Errorf("the documents show %d pictures of the page", len(shown))
	}
}
