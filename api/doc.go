// Package api is the HTTP face of movesvc: the chi router, middleware
// (request ids, access logs, panic recovery, metrics), request decoding and
// validation, admission control, and RFC 9457 problem responses. It holds no
// game logic: it turns a request into an engine.Setup, asks the engine, and
// writes the engine's answer.
//
// Routes: POST /move, POST /moves, POST /position, GET /games, GET and HEAD
// /healthz and /readyz, GET /metrics, GET /openapi.yaml, and the page of
// package web at GET / and GET /static/{file}. Pages from the origins in
// Config.CORSOrigins may call them from a browser (CORS). The contract is
// openapi.yaml at the repository root.
package api
