// Package movesvc holds what belongs to the whole service rather than to one
// layer: the OpenAPI contract, embedded so that the binary serves the exact
// spec it was built with.
package movesvc

import _ "embed"

// OpenAPI is openapi.yaml, the service's HTTP contract.
//
//go:embed openapi.yaml
var OpenAPI []byte
