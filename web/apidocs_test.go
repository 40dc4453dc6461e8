package web_test

import (
	"crypto/sha256"
	"encoding/hex"
	"io/fs"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/getkin/kin-openapi/openapi3"

	movesvc "movesvc"
	"movesvc/api"
	"movesvc/web"
)

// ownDocsFiles are the files of web.Docs written for this service; every
// other file is vendored and listed in VENDOR.
var ownDocsFiles = []string{"index.html", "apidocs.js", "apidocs.css", "VENDOR"}

// TestAPIDocsVendored checks that the renderer served at /docs is the
// pinned release, unedited: every file VENDOR lists has the sha256 it
// gives, every other file is the service's own, and the page names the
// version VENDOR pins.
func TestAPIDocsVendored(t *testing.T) {
	files := web.Docs()
	manifest, err := fs.ReadFile(files, "VENDOR")
	if err != nil {
		t.Fatal(err)
	}
	listed := map[string]string{}
	version := ""
	for line := range strings.Lines(string(manifest)) {
		if v, ok := strings.CutPrefix(line, "# package: swagger-ui-dist "); ok {
			version = strings.Fields(v)[0]
		}
		if sum, name, ok := strings.Cut(strings.TrimSpace(line), "  "); ok && !strings.HasPrefix(line, "#") {
			listed[name] = sum
		}
	}
	if version == "" || len(listed) < 2 {
		t.Fatalf("VENDOR names version %q and %d files", version, len(listed))
	}
	for name, want := range listed {
		data, err := fs.ReadFile(files, name)
		if err != nil {
			t.Errorf("VENDOR lists %s: %v", name, err)
			continue
		}
		sum := sha256.Sum256(data)
		if got := hex.EncodeToString(sum[:]); got != want {
			t.Errorf("%s has sha256 %s, VENDOR pins %s: vendored files are not edited (web/apidocs/vendor.sh)", name, got, want)
		}
	}
	names, err := fs.Glob(files, "*")
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range names {
		if _, ok := listed[name]; !ok && !slices.Contains(ownDocsFiles, name) {
			t.Errorf("%s is served at /docs but is neither the service's own nor listed in VENDOR", name)
		}
	}
	index, _ := fs.ReadFile(files, web.Index)
	if !strings.Contains(string(index), "Swagger UI</a> "+version) {
		t.Errorf("/docs does not name the vendored version %s", version)
	}
}

// TestAPIDocsPage opens /docs in Chromium and checks that it renders the
// contract: an operation for every path and method of openapi.yaml, each
// schema among the models, from the service's origin alone and with a
// clean console.
func TestAPIDocsPage(t *testing.T) {
	browser := newBrowser(t)
	svc := newService(t, api.Config{})
	doc, err := openapi3.NewLoader().LoadFromData(movesvc.OpenAPI)
	if err != nil {
		t.Fatal(err)
	}
	var want []string
	for path, item := range doc.Paths.Map() {
		for method := range item.Operations() {
			want = append(want, strings.ToUpper(method)+" "+path)
		}
	}
	slices.Sort(want)
	tb := newTab(t, browser)
	tb.run(chromedp.Navigate(svc.URL + "/docs"))
	tb.waitFor(`document.body.dataset.state !== "loading"`)
	if state := eval[string](tb, `document.body.dataset.state`); state != "ready" {
		t.Fatalf("/docs is %s, want the contract rendered", state)
	}
	got := eval[[]string](tb, `[...document.querySelectorAll("#reference .opblock-summary")].map((s) =>
		s.querySelector(".opblock-summary-method").textContent + " " + s.querySelector(".opblock-summary-path").dataset.path)`)
	slices.Sort(got)
	got = slices.Compact(got)
	if !slices.Equal(got, want) {
		t.Errorf("/docs shows the operations\n%q\nopenapi.yaml has\n%q", got, want)
	}
	title := eval[string](tb, `document.querySelector("#reference .info .title")?.textContent ?? ""`)
	if !strings.HasPrefix(title, doc.Info.Title) {
		t.Errorf("/docs is titled %q, openapi.yaml %q", title, doc.Info.Title)
	}
	models := eval[[]string](tb, `[...document.querySelectorAll("#reference .models [id^='model-']")].map((m) => m.id.slice("model-".length))`)
	for name := range doc.Components.Schemas {
		if !slices.Contains(models, name) {
			t.Errorf("/docs lists no model %s (it lists %d)", name, len(models))
		}
	}
	tb.screenshot("docs")
	tb.checkClean([]string{svc.URL})
	t.Logf("/docs: %d operations, %d models", len(got), len(models))
}
