package main

import (
	"io"
	"strings"
	"testing"

	"movesvc/api"
)

// TestMaxBatchFlag checks -max-batch: its default, the environment, the
// flag over the environment, and a value that cannot be.
func TestMaxBatchFlag(t *testing.T) {
	c, err := ParseFlags(nil, env(nil), io.Discard)
	if err != nil || c.API.MaxBatch != api.DefaultMaxBatch {
		t.Errorf("default: %d, %v", c.API.MaxBatch, err)
	}
	c, err = ParseFlags(nil, env(map[string]string{"MOVESVC_MAX_BATCH": "40"}), io.Discard)
	if err != nil || c.API.MaxBatch != 40 {
		t.Errorf("env: %d, %v", c.API.MaxBatch, err)
	}
	c, err = ParseFlags([]string{"-max-batch", "3"}, env(map[string]string{"MOVESVC_MAX_BATCH": "40"}), io.Discard)
	if err != nil || c.API.MaxBatch != 3 {
		t.Errorf("flag over env: %d, %v", c.API.MaxBatch, err)
	}
	if _, err := ParseFlags([]string{"-max-batch", "-1"}, env(nil), io.Discard); err == nil || !strings.Contains(err.Error(), "max-batch") {
		t.Errorf("-max-batch -1: %v", err)
	}
}
