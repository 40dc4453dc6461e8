package web_test

import (
	"context"
	"fmt"
	"io/fs"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"

	movesvc "movesvc"
	"movesvc/web"
)

// clientTypes are the schemas of openapi.yaml that movesvc.js must type.
var clientTypes = []string{"MoveRequest", "Move", "MoveResponse", "AnalysisEntry", "Progress", "PositionRequest",
	"Position", "Game", "OptionSchema", "Problem", "ProblemError", "CubeDecision"}

// TestClientTypesFollowTheSpec checks the JSDoc types of movesvc.js
// against the schemas of openapi.yaml: the same properties, optional where
// the schema does not require them, of the same types.
func TestClientTypesFollowTheSpec(t *testing.T) {
	doc, err := openapi3.NewLoader().LoadFromData(movesvc.OpenAPI)
	if err != nil {
		t.Fatal(err)
	}
	if err := doc.Validate(context.Background()); err != nil {
		t.Fatal(err)
	}
	src, err := fs.ReadFile(web.Files(), "movesvc.js")
	if err != nil {
		t.Fatal(err)
	}
	typedefs := parseTypedefs(string(src))
	for _, name := range clientTypes {
		if _, ok := typedefs[name]; !ok {
			t.Errorf("movesvc.js has no @typedef for %s", name)
		}
	}
	for name, props := range typedefs {
		if name == "Options" { // the client's own, not the API's
			continue
		}
		schema, ok := doc.Components.Schemas[name]
		if !ok {
			t.Errorf("@typedef %s: openapi.yaml has no such schema", name)
			continue
		}
		want := map[string]property{}
		for prop, ref := range schema.Value.Properties {
			want[prop] = property{typ: jsType(ref), optional: !slices.Contains(schema.Value.Required, prop)}
		}
		for prop, w := range want {
			got, ok := props[prop]
			switch {
			case !ok:
				t.Errorf("@typedef %s lacks %s", name, prop)
			case got != w:
				t.Errorf("@typedef %s: %s is %+v, openapi.yaml says %+v", name, prop, got, w)
			}
		}
		for prop := range props {
			if _, ok := want[prop]; !ok {
				t.Errorf("@typedef %s has %s, which openapi.yaml does not", name, prop)
			}
		}
	}
}

// property is one @property of a @typedef: its type and whether it is
// optional ([name]).
type property struct {
	typ      string
	optional bool
}

var (
	jsdocBlock = regexp.MustCompile(`(?s)/\*\*(.*?)\*/`)
	typedefTag = regexp.MustCompile(`@typedef \{object\} (\w+)`)
	propName   = regexp.MustCompile(`^\s*(\[?)(\w+)\]?`)
)

// parseTypedefs returns the @typedef {object} blocks of a JavaScript
// source, each @property by name.
func parseTypedefs(src string) map[string]map[string]property {
	out := map[string]map[string]property{}
	for _, block := range jsdocBlock.FindAllStringSubmatch(src, -1) {
		name := typedefTag.FindStringSubmatch(block[1])
		if name == nil {
			continue
		}
		props := map[string]property{}
		for _, part := range strings.Split(block[1], "@property ")[1:] {
			typ, rest := braced(part)
			m := propName.FindStringSubmatch(rest)
			if m == nil {
				continue
			}
			props[m[2]] = property{typ: typ, optional: m[1] == "["}
		}
		out[name[1]] = props
	}
	return out
}

// braced splits "{type} rest" at the brace that closes the first one.
func braced(s string) (inside, rest string) {
	depth := 0
	for i, r := range s {
		switch r {
		case '{':
			depth++
		case '}':
			depth--
			if depth == 0 {
				return s[strings.Index(s, "{")+1 : i], s[i+1:]
			}
		}
	}
	return "", s
}

// jsType is the JSDoc type of a schema: a referenced schema by name, a
// string enum as a union of its values, arrays as T[], maps as
// Object<string, T>, inline objects as {name: type, ...} by name, and *
// for any value.
func jsType(ref *openapi3.SchemaRef) string {
	if ref.Ref != "" {
		return ref.Ref[strings.LastIndex(ref.Ref, "/")+1:]
	}
	s := ref.Value
	switch {
	case s.Type == nil || len(s.Type.Slice()) == 0:
		return "*"
	case s.Type.Is("string") && len(s.Enum) > 0:
		var vals []string
		for _, v := range s.Enum {
			vals = append(vals, fmt.Sprintf("%q", v))
		}
		return strings.Join(vals, "|")
	case s.Type.Is("string"):
		return "string"
	case s.Type.Is("integer"), s.Type.Is("number"):
		return "number"
	case s.Type.Is("boolean"):
		return "boolean"
	case s.Type.Is("array"):
		return jsType(s.Items) + "[]"
	case s.AdditionalProperties.Schema != nil:
		return "Object<string, " + jsType(s.AdditionalProperties.Schema) + ">"
	case len(s.Properties) > 0:
		var names []string
		for name := range s.Properties {
			names = append(names, name)
		}
		sort.Strings(names)
		var fields []string
		for _, name := range names {
			fields = append(fields, name+": "+jsType(s.Properties[name]))
		}
		return "{" + strings.Join(fields, ", ") + "}"
	}
	return "object"
}
