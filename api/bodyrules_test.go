package api_test

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"net/http"
	"regexp"
	"slices"
	"testing"

	"movesvc/api"
)

// requestSchemas are the request bodies of the API, by the path that takes
// them, with a valid body to put each wrong value in: one of a game that
// takes every game option but chess's (optionBodies), searched briefly
// whichever field is left out.
var requestSchemas = []struct{ path, schema, valid string }{
	{"/move", "MoveRequest", `{"game":"gomoku","moves":["h8"],"depth":1,"timeout_ms":100}`},
	{"/moves", "BatchRequest", `{"requests":[{"game":"tictactoe","moves":[]}]}`},
	{"/position", "PositionRequest", `{"game":"gomoku","moves":["h8"]}`},
}

// optionBodies are more valid bodies, by schema, of games whose options
// requestSchemas' body does not take (chess's variant).
var optionBodies = map[string][]string{
	"MoveRequest":     {`{"game":"chess","moves":["e4"],"depth":1,"timeout_ms":100}`},
	"PositionRequest": {`{"game":"chess","moves":["e4"]}`},
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
	return mustJSON(t, m)
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
				for _, valid := range append([]string{rs.valid}, optionBodies[rs.schema]...) {
					body := with(t, valid, field, v)
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
			}
			if refused == 0 {
				t.Errorf("POST %s: no value of the wrong type for %s is a 400", rs.path, field)
			}
		}
	}
}

// TestNullIsAFieldNotGiven holds the one rule for JSON null: as the value
// of a field of the body it is the field not given (its default, or the
// field missing); anywhere else (the body, an element of an array) it is
// not the value asked for, a 400 naming the place.
func TestNullIsAFieldNotGiven(t *testing.T) {
	ts := newTestServer(t, api.Config{})
	doc := loadSpec(t)
	for _, rs := range requestSchemas {
		for field := range doc.Components.Schemas[rs.schema].Value.Properties {
			absent := ts.do(t, http.MethodPost, rs.path, "application/json", []byte(with(t, rs.valid, field, "")))
			null := ts.do(t, http.MethodPost, rs.path, "application/json", []byte(with(t, rs.valid, field, "null")))
			if null.status != absent.status {
				t.Errorf("POST %s with %s null: %d %s; without it: %d", rs.path, field, null.status, null.body, absent.status)
			}
		}
	}
	for _, tc := range []struct{ path, body, location, message string }{
		{"/move", `null`, "body", "must be a JSON object, not a JSON null"},
		{"/move", `{"game":"gomoku","moves":["h8",null]}`, "body.moves[1]", "must be a string, not a JSON null"},
		{"/move", `{"game":"tictactoe","board":[null,"...","..."]}`, "body.board[0]", "must be a string, not a JSON null"},
		{"/position", `{"game":"connect4","moves":[null]}`, "body.moves[0]", "must be a string, not a JSON null"},
		{"/moves", `null`, "body", "must be a JSON object, not a JSON null"},
	} {
		var p problem
		r := ts.do(t, http.MethodPost, tc.path, "application/json", []byte(tc.body))
		r.decode(t, &p)
		if r.status != http.StatusBadRequest || len(p.Errors) == 0 || p.Errors[0].Location != tc.location || p.Errors[0].Message != tc.message {
			t.Errorf("POST %s %s: %d %s, want 400 at %s saying %q", tc.path, tc.body, r.status, r.body, tc.location, tc.message)
		}
	}
	// An item of a batch is a request of its own: null there is that
	// item's 400, as any item that is not an object.
	var got batchResponse
	r := ts.postBatch(t, `{"requests":[{"game":"tictactoe","moves":["b2",null]},null]}`)
	r.decode(t, &got)
	if r.status != http.StatusOK || len(got.Results) != 2 ||
		got.Results[0].Status != 400 || got.Results[0].Problem.Errors[0].Location != "body.requests[0].moves[1]" ||
		got.Results[1].Status != 400 || got.Results[1].Problem.Errors[0].Location != "body.requests[1]" {
		t.Errorf("a batch with null in an item and a null item: %d %s, want each item's 400", r.status, r.body)
	}
}

// TestContentEncodingIsRefused: a body sent with a content coding (gzip,
// or any but identity) is a 415 naming the header, with Accept-Encoding:
// identity (RFC 9110 15.5.16, RFC 7694), whether or not the bytes really
// are compressed; identity is no coding at all.
func TestContentEncodingIsRefused(t *testing.T) {
	ts := newTestServer(t, api.Config{})
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	_, _ = zw.Write([]byte(`{"game":"tictactoe","moves":[]}`))
	_ = zw.Close()
	for _, rs := range requestSchemas {
		for _, tc := range []struct {
			coding string
			body   []byte
		}{
			{"gzip", gz.Bytes()},
			{"gzip", []byte(rs.valid)},
			{"br", []byte(rs.valid)},
			{"identity, gzip", gz.Bytes()},
		} {
			var p problem
			r := ts.do(t, http.MethodPost, rs.path, "application/json", tc.body, "Content-Encoding", tc.coding)
			r.decode(t, &p)
			if r.status != http.StatusUnsupportedMediaType || p.Type != "/problems/unsupported-media-type" || len(p.Errors) == 0 ||
				p.Errors[0].Location != "header.Content-Encoding" || r.header.Get("Accept-Encoding") != "identity" {
				t.Errorf("POST %s with Content-Encoding %s: %d %s (Accept-Encoding %q), want 415 at header.Content-Encoding",
					rs.path, tc.coding, r.status, r.body, r.header.Get("Accept-Encoding"))
			}
		}
		r := ts.do(t, http.MethodPost, rs.path, "application/json", []byte(rs.valid), "Content-Encoding", "identity")
		if r.status != http.StatusOK {
			t.Errorf("POST %s with Content-Encoding identity: %d %s, want 200", rs.path, r.status, r.body)
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
