//go:build !amd64

package chess

import "unsafe"

// prefetch does nothing where no assembly version exists: the table's
// probe then waits for memory as it would without it.
func prefetch(addr unsafe.Pointer) {}
