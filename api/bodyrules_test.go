package api_test

import (
	"encoding/json"
	"net/http"
	"regexp"
	"slices"
	"testing"

	"movesvc/api"
)

// requestSchemas are the request bodies of the API, by the path that takes
// them, with a valid body to put each wrong value in: one of a game that
// takes every game option, searched briefly whichever field is left out.
var requestSchemas = []struct{ path, schema, valid string }{
	{"/move", "MoveRequest", `{"game":"gomoku","moves":["h8"],"depth":1,"timeout_ms":100}`},
	{"/moves", "BatchRequest", `{"requests":[{"game":"tictactoe","moves":[]}]}`},
	{"/position", "PositionRequest", `{"game":"gomoku","moves":["h8"]}`},
}

// goTypeName matches what a Go type looks like in text: []string,
// json.RawMessage, *int, uint64, map[, interface {}, api.moveRequest.
var goTypeName = regexp.MustCompile(`\[\]|\bjson(text)?\.|\*[a-zA-Z]|\bu?int(8|16|32|64)\b|\bmap\[|\binterface ?\{|\bapi\.|\bstruct\b`)

// with returns the JSON object body with field set to the raw value.
func with(t *testing.T, body, field, value string) string {
	t.Helper()
	var m map[string]json.RawMessage
	if err := json.Unmarshal([]byte(body), &m); err != nil {
		t.Fatal(err)
	}
	if value == "" {
		delete(m, field)
	} else {
		m[field] = json.RawMessage(value)
	}
	out, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	return string(out)
}

// TestDetailsNameNoGoType: a value of the wrong JSON type in any field of
// any request body (every property openapi.yaml lists) is a 400 whose
// detail and messages speak JSON, not Go: "requests must be an array",
// never "[]json.RawMessage".
func TestDetailsNameNoGoType(t *testing.T) {
	ts := newTestServer(t, api.Config{})
	doc := loadSpec(t)
	wrong := []string{`"x"`, `7`, `1.5`, `-1`, `true`, `{}`, `[]`, `[7]`, `["x"]`, `[{}]`}
	for _, rs := range requestSchemas {
		props := doc.Components.Schemas[rs.schema].Value.Properties
		if len(props) == 0 {
			t.Fatalf("%s has no properties in openapi.yaml", rs.schema)
		}
		for field := range props {
			refused := 0
			for _, v := range wrong {
				body := with(t, rs.valid, field, v)
				r := ts.do(t, http.MethodPost, rs.path, "application/json", []byte(body))
				if r.status != http.StatusBadRequest {
					continue
				}
				refused++
				var p problem
				r.decode(t, &p)
				texts := []string{p.Detail}
				for _, e := range p.Errors {
					texts = append(texts, e.Message)
				}
				for _, text := range texts {
					if goTypeName.MatchString(text) {
						t.Errorf("POST %s %s: %q names a Go type", rs.path, body, text)
					}
				}
			}
			if refused == 0 {
				t.Errorf("POST %s: no value of the wrong type for %s is a 400", rs.path, field)
			}
		}
	}
}

// TestRequestSchemasAreTested: every request body of openapi.yaml is among
// requestSchemas, so that the rules above cover every body the API takes.
func TestRequestSchemasAreTested(t *testing.T) {
	doc := loadSpec(t)
	for path, item := range doc.Paths.Map() {
		if item.Post == nil || item.Post.RequestBody == nil {
			continue
		}
		ref := item.Post.RequestBody.Value.Content.Get("application/json").Schema.Ref
		if !slices.ContainsFunc(requestSchemas, func(rs struct{ path, schema, valid string }) bool {
			return rs.path == path && ref == "#/components/schemas/"+rs.schema
		}) {
			t.Errorf("POST %s (%s) is not in requestSchemas", path, ref)
		}
	}
}
