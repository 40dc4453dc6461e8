package main

import (
	"context"
	"fmt"
	"strings"

	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/exporters/otlp/otlptrace/otlptracehttp"
	"go.opentelemetry.io/otel/sdk/resource"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
)

// NewTracerProvider returns the tracer provider that the standard
// OpenTelemetry environment variables ask for, as getenv reports them, or
// nil for none, which is what a process told nothing gets:
//
//   - OTEL_SDK_DISABLED=true, or OTEL_TRACES_EXPORTER=none: none;
//   - OTEL_TRACES_EXPORTER=otlp, or unset while OTEL_EXPORTER_OTLP_ENDPOINT
//     or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT is set: spans exported in
//     batches by OTLP over HTTP (protobuf), which reads the other
//     OTEL_EXPORTER_OTLP_* variables (headers, timeout, compression,
//     certificate) from the process's environment itself; without an
//     endpoint, http://localhost:4318;
//   - any other exporter, or an OTLP protocol other than http/protobuf:
//     an error naming the variable.
//
// The sampler is OTEL_TRACES_SAMPLER's (parentbased_always_on when unset),
// the batching OTEL_BSP_*'s, and the resource says service.name movesvc
// and service.version version, which OTEL_SERVICE_NAME and
// OTEL_RESOURCE_ATTRIBUTES override. Shut the provider down to flush the
// spans it holds.
func NewTracerProvider(ctx context.Context, getenv func(string) string, version string) (*sdktrace.TracerProvider, error) {
	on, err := tracesWanted(getenv)
	if err != nil || !on {
		return nil, err
	}
	exp, err := otlptracehttp.New(ctx)
	if err != nil {
		return nil, fmt.Errorf("OTLP trace exporter: %w", err)
	}
	res, err := resource.New(ctx,
		resource.WithAttributes(attribute.String("service.name", "movesvc"), attribute.String("service.version", version)),
		resource.WithFromEnv(), resource.WithTelemetrySDK())
	if err != nil {
		return nil, fmt.Errorf("OTEL_RESOURCE_ATTRIBUTES: %w", err)
	}
	return sdktrace.NewTracerProvider(sdktrace.WithBatcher(exp), sdktrace.WithResource(res)), nil
}

// tracesWanted reports whether the environment asks for traces, and an
// error naming the variable that asks for what this build cannot do.
func tracesWanted(getenv func(string) string) (bool, error) {
	if strings.EqualFold(strings.TrimSpace(getenv("OTEL_SDK_DISABLED")), "true") {
		return false, nil
	}
	var on bool
	switch exporter := strings.TrimSpace(getenv("OTEL_TRACES_EXPORTER")); exporter {
	case "none":
	case "otlp":
		on = true
	case "":
		on = getenv("OTEL_EXPORTER_OTLP_ENDPOINT") != "" || getenv("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT") != ""
	default:
		return false, fmt.Errorf("OTEL_TRACES_EXPORTER=%q: this build exports traces by otlp only (or none)", exporter)
	}
	// The protocol for traces, else the one for every signal.
	name := "OTEL_EXPORTER_OTLP_TRACES_PROTOCOL"
	if strings.TrimSpace(getenv(name)) == "" {
		name = "OTEL_EXPORTER_OTLP_PROTOCOL"
	}
	if v := strings.TrimSpace(getenv(name)); on && v != "" && v != "http/protobuf" {
		return false, fmt.Errorf("%s=%q: this build exports traces by OTLP over HTTP only: http/protobuf", name, v)
	}
	return on, nil
}
