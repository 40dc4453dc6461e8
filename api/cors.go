package api

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"

	"github.com/go-chi/cors"
)

// corsMaxAge is how long, in seconds, a browser may reuse a preflight
// answer: two hours, the most Chromium honours. Reusing it is safe for as
// long as a browser likes: an origin taken off the list loses access at
// once, since every answer carries its own Access-Control-Allow-Origin.
const corsMaxAge = 7200

// corsMiddleware returns the middleware that lets pages from origins call
// the API from a browser (CORS), or nil for no origins. It answers
// preflight requests itself, on every path, for the methods and request
// headers the API uses; other OPTIONS requests reach the router (405).
// The API uses no cookies, so credentials are not allowed and "*" answers
// Access-Control-Allow-Origin: *; an API key travels in the Authorization
// header, which a page sends itself.
func corsMiddleware(origins []string) func(http.Handler) http.Handler {
	if len(origins) == 0 {
		return nil
	}
	return cors.Handler(cors.Options{
		AllowedOrigins: origins,
		AllowedMethods: []string{http.MethodGet, http.MethodHead, http.MethodPost},
		AllowedHeaders: []string{"Content-Type", "Accept", "Authorization", RequestIDHeader},
		ExposedHeaders: []string{RequestIDHeader, "Retry-After", "RateLimit", "RateLimit-Policy", "WWW-Authenticate"},
		MaxAge:         corsMaxAge,
	})
}

// ParseCORSOrigins parses a comma-separated list of the origins allowed to
// call the API from a browser (Config.CORSOrigins): "*" for any origin, or
// origins such as "https://app.example.org" or "http://localhost:3000", each
// with at most one "*" standing for any characters
// ("https://*.example.org", "http://localhost:*"). Spaces around the entries are dropped; an empty
// list means none. An entry with a path, query, fragment or user, or a scheme
// other than http and https, is an error.
func ParseCORSOrigins(list string) ([]string, error) {
	var out []string
	for entry := range strings.SplitSeq(list, ",") {
		entry = strings.TrimSpace(entry)
		if entry == "" {
			continue
		}
		if err := checkOrigin(entry); err != nil {
			return nil, fmt.Errorf("origin %q: %w", entry, err)
		}
		out = append(out, entry)
	}
	return out, nil
}

// checkOrigin returns an error unless origin is "*" or a scheme and host
// (with an optional port) as a browser sends them in an Origin header,
// with at most one "*".
func checkOrigin(origin string) error {
	if origin == "*" {
		return nil
	}
	if strings.Count(origin, "*") > 1 {
		return fmt.Errorf("at most one * is allowed")
	}
	// Checked with the wildcard as a sample of what it may stand for: a
	// port after a colon, else a part of a host name.
	sample := "wildcard"
	if strings.Contains(origin, ":*") {
		sample = "1"
	}
	u, err := url.Parse(strings.Replace(origin, "*", sample, 1))
	switch {
	case err != nil:
		return err
	case u.Scheme != "http" && u.Scheme != "https":
		return fmt.Errorf("must start with http:// or https://")
	case u.Host == "" || u.User != nil || u.Path != "" || u.RawQuery != "" || u.Fragment != "" || u.Opaque != "":
		return fmt.Errorf("must be a scheme and a host with an optional port, like https://app.example.org, with no path")
	}
	return nil
}
