package main

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/sha256"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/hex"
	"encoding/pem"
	"io"
	"math/big"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"movesvc/engine/games"
)

// startMain runs the real server on a random port with args, and closes
// it when the test ends.
func startMain(t *testing.T, args ...string) *Main {
	t.Helper()
	cfg, err := ParseFlags(append([]string{"-addr", "127.0.0.1:0", "-shutdown-delay", "-1s"}, args...), env(nil), io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	m := NewMain(cfg, games.Registry(), io.Discard)
	if err := m.Run(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := m.Close(); err != nil {
			t.Errorf("Close: %v", err)
		}
	})
	return m
}

// writeFile writes content to a new file of the test and returns its path.
func writeFile(t *testing.T, name string, content []byte) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, content, 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestAccessFlags: the keys file, the trusted proxies, TLS and the admin
// listener are read from their flags and environment variables, and each
// fault is refused naming its flag.
func TestAccessFlags(t *testing.T) {
	sum := sha256.Sum256([]byte("alice-token"))
	keys := writeFile(t, "keys", []byte("# keys\nalice "+hex.EncodeToString(sum[:])+" rate=5 depth=4\n"))
	c, err := ParseFlags([]string{"-keys-file", keys, "-trusted-proxies", "10.0.0.0/8, 192.0.2.1"},
		env(map[string]string{"MOVESVC_RATE_LIMIT": "30", "MOVESVC_RATE_WINDOW": "10s", "MOVESVC_LOG_SAMPLE": "10"}), io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	a := c.API
	if len(a.APIKeys) != 1 || a.APIKeys[0].Name != "alice" || a.APIKeys[0].Hash != sum || a.APIKeys[0].Limits.Rate != 5 ||
		a.APIKeys[0].Limits.MaxDepth != 4 || a.RateLimit != 30 || a.RateWindow != 10*time.Second || a.LogSample != 10 ||
		len(a.TrustedProxies) != 2 || a.TrustedProxies[1].String() != "192.0.2.1/32" {
		t.Errorf("access settings: %+v", a)
	}
	bad := writeFile(t, "bad", []byte("alice alice-token\n"))
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-keys-file", bad}, "keys-file " + bad + ": line 1: hash"},
		{[]string{"-keys-file", filepath.Join(t.TempDir(), "none")}, "keys-file: open"},
		{[]string{"-trusted-proxies", "10.0.0.0/99"}, "trusted-proxies"},
		{[]string{"-tls-cert", "cert.pem"}, "tls-cert and tls-key"},
		{[]string{"-tls-key", "key.pem"}, "tls-cert and tls-key"},
		{[]string{"-addr", ":9090", "-admin-addr", ":9090"}, "admin-addr must differ"},
		{[]string{"-rate-window", "1500ms"}, "rate-window must be whole seconds"},
		{[]string{"-rate-limit", "-1"}, "rate-limit"},
	} {
		if _, err := ParseFlags(tc.args, env(nil), io.Discard); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: %v, want an error saying %q", tc.args, err, tc.want)
		}
	}
}

// selfSigned makes a certificate for 127.0.0.1 and localhost, signed by
// its own key, and writes the two PEM files; it returns their paths and a
// pool that trusts the certificate.
func selfSigned(t *testing.T) (certFile, keyFile string, pool *x509.CertPool) {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{
		SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: "movesvc test"},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(time.Hour),
		IPAddresses: []net.IP{net.IPv4(127, 0, 0, 1)}, DNSNames: []string{"localhost"},
		KeyUsage: x509.KeyUsageDigitalSignature, ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	keyDER, err := x509.MarshalECPrivateKey(key)
	if err != nil {
		t.Fatal(err)
	}
	cert, err := x509.ParseCertificate(der)
	if err != nil {
		t.Fatal(err)
	}
	pool = x509.NewCertPool()
	pool.AddCert(cert)
	return writeFile(t, "cert.pem", pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der})),
		writeFile(t, "key.pem", pem.EncodeToMemory(&pem.Block{Type: "EC PRIVATE KEY", Bytes: keyDER})), pool
}

// TestTLS: given a certificate and its key, the listener speaks HTTPS
// only (HTTP/2 offered), the health check follows, and a certificate
// that does not load stops Run.
func TestTLS(t *testing.T) {
	certFile, keyFile, pool := selfSigned(t)
	m := startMain(t, "-tls-cert", certFile, "-tls-key", keyFile)
	transport := &http.Transport{TLSClientConfig: &tls.Config{RootCAs: pool}, ForceAttemptHTTP2: true}
	defer transport.CloseIdleConnections()
	client := &http.Client{Transport: transport, Timeout: 10 * time.Second}
	resp, err := client.Post("https://"+m.Addr()+"/move", "application/json", strings.NewReader(`{"game":"tictactoe","moves":["b2"]}`))
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	_ = resp.Body.Close()
	if resp.StatusCode != http.StatusOK || resp.TLS == nil || resp.ProtoMajor != 2 || !strings.Contains(string(body), `"move"`) {
		t.Errorf("POST /move over HTTPS: %d, %s, TLS %v: %s", resp.StatusCode, resp.Proto, resp.TLS != nil, body)
	}
	plain := &http.Client{Timeout: 10 * time.Second}
	if resp, err := plain.Get("http://" + m.Addr() + "/healthz"); err == nil {
		_ = resp.Body.Close()
		if resp.StatusCode == http.StatusOK {
			t.Error("plain HTTP answered 200 on the TLS listener")
		}
	}
	if err := HealthCheck(m.Addr(), true, 5*time.Second); err != nil {
		t.Errorf("HealthCheck over HTTPS: %v", err)
	}
	if err := HealthCheck(m.Addr(), false, 5*time.Second); err == nil {
		t.Error("HealthCheck over plain HTTP passed on the TLS listener")
	}

	cfg, err := ParseFlags([]string{"-addr", "127.0.0.1:0", "-tls-cert", keyFile, "-tls-key", certFile}, env(nil), io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if err := NewMain(cfg, games.Registry(), io.Discard).Run(); err == nil || !strings.Contains(err.Error(), "tls-cert") {
		t.Errorf("Run with the certificate and key swapped: %v, want an error naming tls-cert", err)
	}
}

// get returns the status and body of GET url.
func get(t *testing.T, url string) (int, string) {
	t.Helper()
	client := &http.Client{Timeout: 10 * time.Second}
	resp, err := client.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = resp.Body.Close() }()
	body, _ := io.ReadAll(resp.Body)
	client.CloseIdleConnections()
	return resp.StatusCode, string(body)
}

// TestAdminListener: the profiler and the metrics are served on the admin
// listener, and the profiler never on the API's port, with or without one.
func TestAdminListener(t *testing.T) {
	m := startMain(t, "-admin-addr", "127.0.0.1:0")
	admin, api := "http://"+m.AdminAddr(), "http://"+m.Addr()
	for _, tc := range []struct{ path, want string }{
		{"/debug/pprof/", "goroutine"},
		{"/debug/pprof/goroutine?debug=1", "goroutine profile:"},
		{"/debug/pprof/cmdline", ""},
		{"/metrics", "movesvc_search_slots"},
	} {
		if status, body := get(t, admin+tc.path); status != http.StatusOK || !strings.Contains(body, tc.want) {
			t.Errorf("admin GET %s: %d, want 200 with %q", tc.path, status, tc.want)
		}
	}
	plain := startMain(t)
	if plain.AdminAddr() != "" {
		t.Errorf("without -admin-addr: AdminAddr %q", plain.AdminAddr())
	}
	for _, base := range []string{api, "http://" + plain.Addr()} {
		for _, path := range []string{"/debug/pprof/", "/debug/pprof/heap", "/debug/pprof/profile?seconds=1"} {
			if status, body := get(t, base+path); status != http.StatusNotFound || !strings.Contains(body, "/problems/not-found") {
				t.Errorf("API port GET %s: %d %s, want the 404 problem", path, status, body)
			}
		}
	}
}
