package api_test

import "encoding/json"

func jsonMarshal(v any) ([]byte, error) { return json.Marshal(v) }

func deref(p *int) any {
	if p == nil {
		return nil
	}
	return *p
}
