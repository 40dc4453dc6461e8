package api

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	jsonv2 "github.com/go-json-experiment/json"
	"github.com/go-json-experiment/json/jsontext"

	"movesvc/engine"
)

// optionNames returns the names of the game options of every game in reg:
// the top-level request fields besides the request's own that a request
// may give (engine.Description.Options).
func optionNames(reg *engine.Registry) map[string]bool {
	names := map[string]bool{}
	for _, g := range reg.Games() {
		for _, o := range g.Describe().Options {
			names[o] = true
		}
	}
	return names
}

// gameOptions checks the game options a request gives, raw by name,
// against the game's description: each must be one of desc.Options, and
// its value one its OptionSchema allows (a string of Enum, an integer from
// Minimum to Maximum); null is an option not given. It returns them as
// engine.Setup.Options takes them
// (a string or an int), or the problem of the first at fault in name
// order: a 422 for an option the game does not take or a value out of its
// range, a 400 for a value of the wrong JSON type.
func gameOptions(desc engine.Description, raw map[string]jsontext.Value) (map[string]any, error) {
	names := make([]string, 0, len(raw))
	for name := range raw {
		names = append(names, name)
	}
	sort.Strings(names)
	out := map[string]any{}
	for _, name := range names {
		if raw[name].Kind() == 'n' {
			continue // null: not given, as for the request's own fields
		}
		if !slices.Contains(desc.Options, name) {
			msg := "is not an option of " + desc.Name
			if len(desc.Options) > 0 {
				msg += " (it takes: " + strings.Join(desc.Options, ", ") + ")"
			}
			return nil, invalid(name+" "+msg, ProblemError{Location: "body." + name, Message: msg})
		}
		v, err := optionValue(name, desc.OptionSchemas[name], raw[name])
		if err != nil {
			return nil, err
		}
		out[name] = v
	}
	return out, nil
}

// optionValue decodes the value of the option name by its schema.
func optionValue(name string, schema engine.OptionSchema, raw jsontext.Value) (any, error) {
	loc := "body." + name
	switch schema.Type {
	case "string":
		var v string
		if err := jsonv2.Unmarshal(raw, &v); err != nil {
			return nil, wrongType(loc, "a string", raw)
		}
		if len(schema.Enum) > 0 && !slices.Contains(schema.Enum, v) {
			msg := "must be one of: " + strings.Join(schema.Enum, ", ")
			return nil, invalid(name+" "+msg, ProblemError{Location: loc, Message: msg, Value: clip(v)})
		}
		return v, nil
	case "integer":
		var v int
		if err := jsonv2.Unmarshal(raw, &v); err != nil {
			return nil, wrongType(loc, "an integer", raw)
		}
		if schema.Minimum != nil && v < *schema.Minimum || schema.Maximum != nil && v > *schema.Maximum {
			msg := rangeMessage(schema.Minimum, schema.Maximum)
			return nil, invalid(name+" "+msg, ProblemError{Location: loc, Message: msg, Value: v})
		}
		return v, nil
	}
	return nil, fmt.Errorf("option %s: schema type %q", name, schema.Type)
}

// rangeMessage says which integers a range from lo to hi (either may be
// nil: unbounded) allows.
func rangeMessage(lo, hi *int) string {
	switch {
	case lo != nil && hi != nil:
		return fmt.Sprintf("must be from %d to %d", *lo, *hi)
	case lo != nil:
		return fmt.Sprintf("must be at least %d", *lo)
	case hi != nil:
		return fmt.Sprintf("must be at most %d", *hi)
	}
	return "must be an integer"
}

// wrongType is the 400 for a value of the wrong JSON type at loc.
func wrongType(loc, want string, raw jsontext.Value) *Problem {
	msg := "must be " + want + ", not a JSON " + kindName(raw.Kind())
	return malformed(fieldSentence(loc, msg), ProblemError{Location: loc, Message: msg})
}
