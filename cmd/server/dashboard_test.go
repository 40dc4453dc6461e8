package main

import (
	"encoding/json"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	dto "github.com/prometheus/client_model/go"
	"sigs.k8s.io/yaml"

	"movesvc/engine/games"
)

// TestDashboardAndRulesNameExportedMetrics: every PromQL query of the
// Grafana dashboard (deploy/grafana/movesvc.json), every expression of the
// Prometheus rules (deploy/prometheus/rules.yml), every series their
// promtool tests feed in, and the Prometheus adapter's queries
// (deploy/kubernetes/components/hpa-saturation) name a metric that the
// real server exports (scraped after a move and a health check, so that
// labelled series exist), one the gateway's mtail program declares
// (deploy/nginx/movesvc.mtail), Prometheus's own up, or, in the rules, a
// series the rules themselves record.
func TestDashboardAndRulesNameExportedMetrics(t *testing.T) {
	exported := exportedSeries(t)
	deploy := filepath.Join("..", "..", "deploy")
	for _, name := range mtailMetrics(t, filepath.Join(deploy, "nginx", "movesvc.mtail")) {
		exported[name] = true
	}
	exported["up"] = true // the scrape's own series

	var dash any
	data, err := os.ReadFile(filepath.Join(deploy, "grafana", "movesvc.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, &dash); err != nil {
		t.Fatalf("movesvc.json: %v", err)
	}
	queries := dashboardQueries(dash)
	if len(queries) < 10 {
		t.Fatalf("found %d queries in the dashboard, want its panels' and variables' queries", len(queries))
	}
	for _, q := range queries {
		checkNames(t, "dashboard", q, exported, nil)
	}

	var rules struct {
		Groups []struct {
			Name  string `json:"name"`
			Rules []struct {
				Record      string            `json:"record"`
				Alert       string            `json:"alert"`
				Expr        string            `json:"expr"`
				For         string            `json:"for"`
				Labels      map[string]string `json:"labels"`
				Annotations map[string]string `json:"annotations"`
			} `json:"rules"`
		} `json:"groups"`
	}
	data, err = os.ReadFile(filepath.Join(deploy, "prometheus", "rules.yml"))
	if err != nil {
		t.Fatal(err)
	}
	if err := yaml.UnmarshalStrict(data, &rules); err != nil {
		t.Fatalf("rules.yml: %v", err)
	}
	recorded := map[string]bool{}
	var exprs []string
	for _, g := range rules.Groups {
		for _, r := range g.Rules {
			if r.Record != "" {
				recorded[r.Record] = true
			}
			exprs = append(exprs, r.Expr)
		}
	}
	if len(exprs) < 5 {
		t.Fatalf("found %d rules", len(exprs))
	}
	for _, e := range exprs {
		checkNames(t, "rules.yml", e, exported, recorded)
	}

	var adapter struct {
		Rules []struct {
			SeriesQuery  string `json:"seriesQuery"`
			MetricsQuery string `json:"metricsQuery"`
		} `json:"rules"`
	}
	data, err = os.ReadFile(filepath.Join(deploy, "kubernetes", "components", "hpa-saturation", "prometheus-adapter.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	if err := yaml.Unmarshal(data, &adapter); err != nil || len(adapter.Rules) == 0 {
		t.Fatalf("prometheus-adapter.yaml: %v, %d rules", err, len(adapter.Rules))
	}
	for _, r := range adapter.Rules {
		checkNames(t, "prometheus-adapter.yaml", r.SeriesQuery, exported, nil)
		checkNames(t, "prometheus-adapter.yaml", r.MetricsQuery, exported, nil)
	}

	var tests struct {
		Tests []struct {
			InputSeries []struct {
				Series string `json:"series"`
			} `json:"input_series"`
		} `json:"tests"`
	}
	data, err = os.ReadFile(filepath.Join(deploy, "prometheus", "rules_test.yml"))
	if err != nil {
		t.Fatal(err)
	}
	if err := yaml.Unmarshal(data, &tests); err != nil {
		t.Fatalf("rules_test.yml: %v", err)
	}
	for _, tc := range tests.Tests {
		for _, in := range tc.InputSeries {
			checkNames(t, "rules_test.yml", in.Series, exported, nil)
		}
	}
}

// checkNames fails the test for each metric name in the PromQL expr that
// is neither exported nor recorded.
func checkNames(t *testing.T, where, expr string, exported, recorded map[string]bool) {
	t.Helper()
	names := metricNames(expr)
	if len(names) == 0 {
		t.Errorf("%s: no metric name found in %q", where, expr)
	}
	for _, n := range names {
		if !exported[n] && !recorded[n] {
			t.Errorf("%s: %q names %s, which neither the server nor the gateway exports", where, expr, n)
		}
	}
}

// mtailMetrics returns the names of the metrics an mtail program declares
// (counter, gauge or histogram lines), failing if it declares none.
func mtailMetrics(t *testing.T, program string) []string {
	t.Helper()
	data, err := os.ReadFile(program)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, m := range regexp.MustCompile(`(?m)^(?:counter|gauge|histogram) ([A-Za-z_][A-Za-z0-9_]*)`).FindAllStringSubmatch(string(data), -1) {
		names = append(names, m[1])
	}
	if len(names) == 0 {
		t.Fatalf("%s declares no metric", program)
	}
	return names
}

// exportedSeries runs the server, answers a move and a health check, and
// returns the names of the series its /metrics serves: each family's name
// and, for histograms and summaries, its _bucket, _sum and _count series.
func exportedSeries(t *testing.T) map[string]bool {
	t.Helper()
	cfg, err := ParseFlags([]string{"-addr", "127.0.0.1:0", "-shutdown-delay", "-1s"}, env(nil), io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	m := NewMain(cfg, games.Registry(), io.Discard)
	if err := m.Run(); err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	base := "http://" + m.Addr()
	resp, err := http.Post(base+"/move", "application/json", strings.NewReader(`{"game":"tictactoe","moves":["b2"]}`))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp, err = http.Get(base + "/healthz"); err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	http.DefaultClient.CloseIdleConnections()

	families, err := m.Registry.Gather()
	if err != nil {
		t.Fatal(err)
	}
	names := map[string]bool{}
	for _, f := range families {
		names[f.GetName()] = true
		switch f.GetType() {
		case dto.MetricType_HISTOGRAM:
			names[f.GetName()+"_bucket"], names[f.GetName()+"_sum"], names[f.GetName()+"_count"] = true, true, true
		case dto.MetricType_SUMMARY:
			names[f.GetName()+"_sum"], names[f.GetName()+"_count"] = true, true
		}
	}
	for _, want := range []string{"movesvc_build_info", "movesvc_search_slots", "http_request_duration_seconds_bucket", "process_resident_memory_bytes"} {
		if !names[want] {
			t.Fatalf("the server exports no %s; exported: %v", want, slices.Sorted(func(yield func(string) bool) {
				for n := range names {
					if !yield(n) {
						return
					}
				}
			}))
		}
	}
	return names
}

// dashboardQueries returns every PromQL query in a Grafana dashboard: the
// "expr" of each panel target and the query of each query variable.
func dashboardQueries(v any) []string {
	var out []string
	switch v := v.(type) {
	case map[string]any:
		for k, x := range v {
			switch s, isString := x.(string); {
			case isString && k == "expr":
				out = append(out, s)
			case isString && k == "query" && strings.HasPrefix(s, "label_values("):
				out = append(out, s)
			default:
				out = append(out, dashboardQueries(x)...)
			}
		}
	case []any:
		for _, x := range v {
			out = append(out, dashboardQueries(x)...)
		}
	}
	return out
}

var (
	// promqlStrip matches what holds no metric name: string literals,
	// label matchers, range and offset durations, Grafana variables, and
	// the label lists of grouping and matching clauses.
	promqlStrip = regexp.MustCompile(`"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|\{[^}]*\}|\[[^\]]*\]|\$\{?\w+\}?|\b(?:by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)`)
	// promqlIdent matches an identifier, or the tail of a number such as
	// 1e3 (metricNames tells them apart).
	promqlIdent = regexp.MustCompile(`[A-Za-z_:][A-Za-z0-9_:]*`)
	// promqlWords are identifiers that are not metric names.
	promqlWords = map[string]bool{"by": true, "without": true, "on": true, "ignoring": true, "group_left": true,
		"group_right": true, "bool": true, "and": true, "or": true, "unless": true, "offset": true, "inf": true, "nan": true}
)

// metricNames returns the metric names a PromQL expression (or a series
// selector, or Grafana's label_values(metric, label)) reads: identifiers
// outside strings, label matchers and grouping clauses that are not
// followed by "(" (a function or an aggregation) and are not keywords.
func metricNames(expr string) []string {
	if inner, ok := strings.CutPrefix(strings.TrimSpace(expr), "label_values("); ok {
		name, _, _ := strings.Cut(inner, ",")
		return []string{strings.TrimSpace(name)}
	}
	s := promqlStrip.ReplaceAllString(expr, " ")
	var out []string
	for _, loc := range promqlIdent.FindAllStringIndex(s, -1) {
		name := s[loc[0]:loc[1]]
		if loc[0] > 0 && strings.ContainsAny(s[loc[0]-1:loc[0]], "0123456789.") {
			continue // the exponent or unit of a number
		}
		if strings.HasPrefix(strings.TrimSpace(s[loc[1]:]), "(") || promqlWords[strings.ToLower(name)] {
			continue // a function, an aggregation or a keyword
		}
		if !slices.Contains(out, name) {
			out = append(out, name)
		}
	}
	return out
}

func TestMetricNames(t *testing.T) {
	for _, tc := range []struct {
		expr string
		want []string
	}{
		{`histogram_quantile(0.99, sum by (le) (rate(http_request_duration_seconds_bucket{route="/move",code=~"5.."}[5m])))`,
			[]string{"http_request_duration_seconds_bucket"}},
		{`sum by (job) (rate(a_total{x="y"}[$__rate_interval])) / sum by (job) (rate(b_total[5m] offset 1h))`, []string{"a_total", "b_total"}},
		{`movesvc:rec:ratio > on (job) 1.25 * max by (job) (g_seconds) and bool 1e3`, []string{"movesvc:rec:ratio", "g_seconds"}},
		{`up{job="a"}`, []string{"up"}},
		{`label_values(movesvc_build_info, job)`, []string{"movesvc_build_info"}},
	} {
		if got := metricNames(tc.expr); !slices.Equal(got, tc.want) {
			t.Errorf("metricNames(%q) = %v, want %v", tc.expr, got, tc.want)
		}
	}
}
