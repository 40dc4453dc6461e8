package api

import (
	"context"
	"crypto/sha256"
	"net/http"
	"strings"
	"sync/atomic"
)

// clientKey is an API key as a server holds it: the key and how many of
// its requests are in flight (KeyLimits.Concurrent).
type clientKey struct {
	APIKey
	inFlight atomic.Int64
}

// keyRing holds the API keys by the SHA-256 of their tokens. A nil ring
// means the server needs no key.
type keyRing map[[sha256.Size]byte]*clientKey

// newKeyRing returns the ring of keys, or nil for none.
func newKeyRing(keys []APIKey) keyRing {
	if len(keys) == 0 {
		return nil
	}
	ring := keyRing{}
	for _, k := range keys {
		ring[k.Hash] = &clientKey{APIKey: k}
	}
	return ring
}

// limited reports whether a key of the ring has a quota of its own
// (KeyLimits.Rate or Concurrent).
func (ring keyRing) limited() bool {
	for _, k := range ring {
		if k.Limits.Rate > 0 || k.Limits.Concurrent > 0 {
			return true
		}
	}
	return false
}

type apiKeyKey struct{}

// keySeenKey holds, on a request's context, where the access log wants
// the request's key (a **clientKey) once authenticate has found it.
type keySeenKey struct{}

// keyOf returns the API key the request of ctx was authenticated with, or
// nil when the server needs none.
func keyOf(ctx context.Context) *clientKey {
	k, _ := ctx.Value(apiKeyKey{}).(*clientKey)
	return k
}

// authRealm is the realm of the bearer challenge (RFC 6750 section 3).
const authRealm = "movesvc"

// authenticate lets a request through when the server needs no key, or
// when its Authorization header is "Bearer " and a token whose SHA-256 is
// one of the keys'; the key then rides on the request's context (keyOf).
// Otherwise it answers 401 with a bearer challenge: without an error code
// when no token was sent, with error="invalid_token" when one was and is
// not a key's (RFC 6750 section 3.1). The token is looked up by its hash,
// so the lookup's time says nothing about any key's token.
func (s *Server) authenticate(next http.Handler) http.Handler {
	if s.keys == nil {
		return next
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		token, given := bearerToken(r)
		k := s.keys[HashToken(token)]
		if !given || k == nil {
			writeProblem(w, r, unauthorized(given))
			return
		}
		if seen, ok := r.Context().Value(keySeenKey{}).(**clientKey); ok {
			*seen = k
		}
		next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), apiKeyKey{}, k)))
	})
}

// bearerToken returns the token of r's Authorization header and whether
// it holds one: the scheme "Bearer" in any case, one space or more, a
// token.
func bearerToken(r *http.Request) (string, bool) {
	scheme, token, ok := strings.Cut(strings.TrimSpace(r.Header.Get("Authorization")), " ")
	token = strings.TrimSpace(token)
	if !ok || !strings.EqualFold(scheme, "Bearer") || token == "" {
		return "", false
	}
	return token, true
}

// unauthorized is the 401 for a request without a key (given false) or
// with a token that is no key's, with its bearer challenge.
func unauthorized(given bool) *Problem {
	p := &Problem{Type: typeUnauthorized, Title: "Unauthorized", Status: http.StatusUnauthorized,
		Detail: "this service needs an API key: send Authorization: Bearer <key>",
		Errors: []ProblemError{{Location: "header.Authorization", Message: "must be Bearer and an API key of this service"}},
		header: http.Header{}}
	challenge := `Bearer realm="` + authRealm + `"`
	if given {
		p.Detail = "the API key is not one of this service's keys"
		p.Errors[0].Message = "is not a key of this service"
		challenge += `, error="invalid_token", error_description="unknown API key"`
	}
	p.header.Set("WWW-Authenticate", challenge)
	return p
}
