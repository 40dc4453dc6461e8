package main

import (
	"fmt"
	"os"
	"runtime/pprof"
	"strings"

	"movesvc/engine/kalah"
)

// solveFile measures every position of the file at path, one a line: the
// first field that holds a "/" (so the lines kalahbench prints serve
// as input), blank lines and lines starting with # skipped.
func (m *measurer) solveFile(path string) error {
	data, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	for i, line := range strings.Split(string(data), "\n") {
		text := positionField(line)
		if text == "" {
			continue
		}
		p, err := kalah.ParsePosition(m.r, "position", text)
		if err != nil {
			return fmt.Errorf("%s:%d: %w", path, i+1, err)
		}
		if p.Over() {
			continue
		}
		if _, err := m.solve("file", p); err != nil {
			return err
		}
	}
	return m.report()
}

// positionField returns the first field of line holding a "/", or "" for
// a blank line, a comment or a line without one.
func positionField(line string) string {
	line = strings.TrimSpace(line)
	if strings.HasPrefix(line, "#") {
		return ""
	}
	for _, f := range strings.Fields(line) {
		if strings.Contains(f, "/") {
			return f
		}
	}
	return ""
}

// startProfile starts a CPU profile written to path and returns the
// function that stops it and closes the file.
func startProfile(path string) (func(), error) {
	f, err := os.Create(path)
	if err != nil {
		return nil, err
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		_ = f.Close()
		return nil, err
	}
	return func() {
		pprof.StopCPUProfile()
		_ = f.Close()
	}, nil
}
