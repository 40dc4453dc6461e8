package api

import (
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"strings"
)

// ParseTrustedProxies parses a comma-separated list of the addresses of
// the proxies whose X-Forwarded-For the server believes
// (Config.TrustedProxies): CIDR prefixes such as "10.0.0.0/8" or
// "fd00::/8", or single addresses ("127.0.0.1", a /32 or /128). Spaces
// around the entries are dropped; an empty list means none. An entry that
// is neither is an error naming it.
func ParseTrustedProxies(list string) ([]netip.Prefix, error) {
	var out []netip.Prefix
	for entry := range strings.SplitSeq(list, ",") {
		entry = strings.TrimSpace(entry)
		if entry == "" {
			continue
		}
		p, err := netip.ParsePrefix(entry)
		if err != nil {
			a, aerr := netip.ParseAddr(entry)
			if aerr != nil {
				return nil, fmt.Errorf("%q: not an address or a CIDR prefix such as 10.0.0.0/8", entry)
			}
			p = netip.PrefixFrom(a.Unmap(), a.Unmap().BitLen())
		}
		out = append(out, p.Masked())
	}
	return out, nil
}

// clientAddr returns the address of the client that sent r: the socket's
// peer, unless that peer is a trusted proxy (Config.TrustedProxies), in
// which case X-Forwarded-For is read from the right, each proxy having
// appended the address it heard from, and the client is the first address
// that is not a trusted proxy (or the leftmost, when all are). An entry
// that is not an address ends the walk at the last trusted hop: a client
// can write anything to the left of what the proxies appended, so nothing
// there is believed. It returns the zero Addr when the peer's address does
// not parse (a test's fake request).
func (s *Server) clientAddr(r *http.Request) netip.Addr {
	peer := socketAddr(r)
	if !s.trusted(peer) {
		return peer
	}
	hops := strings.Split(strings.Join(r.Header.Values("X-Forwarded-For"), ","), ",")
	client := peer
	for i := len(hops) - 1; i >= 0; i-- {
		a, err := netip.ParseAddr(strings.TrimSpace(hops[i]))
		if err != nil {
			return client
		}
		client = a.Unmap()
		if !s.trusted(client) {
			return client
		}
	}
	return client
}

// socketAddr returns the address of r's peer, without its port.
func socketAddr(r *http.Request) netip.Addr {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		host = r.RemoteAddr
	}
	a, _ := netip.ParseAddr(host)
	return a.Unmap()
}

// trusted reports whether a is the address of a trusted proxy.
func (s *Server) trusted(a netip.Addr) bool {
	for _, p := range s.cfg.TrustedProxies {
		if p.Contains(a) {
			return true
		}
	}
	return false
}
