package main

import (
	"io"
	"log/slog"
)

// newLogger returns the server's logger: JSON lines on out at level and
// above, with every duration written as a string that says its unit
// ("12.5ms", "10s") instead of slog's integer nanoseconds.
func newLogger(out io.Writer, level slog.Level) *slog.Logger {
	return slog.New(slog.NewJSONHandler(out, &slog.HandlerOptions{Level: level, ReplaceAttr: durationAsString}))
}

// durationAsString is a slog ReplaceAttr that writes a duration as its
// String form.
func durationAsString(_ []string, a slog.Attr) slog.Attr {
	if a.Value.Kind() == slog.KindDuration {
		return slog.String(a.Key, a.Value.Duration().String())
	}
	return a
}
