package kubernetes_test

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"text/template"

	autoscalingv2 "k8s.io/api/autoscaling/v2"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/resource"
	"sigs.k8s.io/yaml"
)

// adapterFile is the Prometheus adapter's rule for scaling on saturation.
var adapterFile = filepath.Join("components", "hpa-saturation", "prometheus-adapter.yaml")

// adapterRule is one rule of the Prometheus adapter's config file
// (kubernetes-sigs/prometheus-adapter, docs/config.md), the fields this
// one uses; strict decoding rejects any other.
type adapterRule struct {
	SeriesQuery string `json:"seriesQuery"`
	Resources   struct {
		Overrides map[string]struct {
			Resource string `json:"resource"`
		} `json:"overrides"`
	} `json:"resources"`
	Name struct {
		Matches string `json:"matches"`
		As      string `json:"as"`
	} `json:"name"`
	MetricsQuery string `json:"metricsQuery"`
}

// loadAdapterRule decodes the adapter's config, which must hold one rule.
func loadAdapterRule(t *testing.T) adapterRule {
	t.Helper()
	var cfg struct {
		Rules []adapterRule `json:"rules"`
	}
	decode(t, adapterFile, &cfg)
	if len(cfg.Rules) != 1 {
		t.Fatalf("%s: %d rules, want 1", adapterFile, len(cfg.Rules))
	}
	return cfg.Rules[0]
}

// checkSaturationMetric: the autoscaler keeps its CPU target and adds the
// adapter's metric per pod, with an average target above 0 and at most 1
// (all slots busy).
func checkSaturationMetric(t *testing.T, b base) {
	t.Helper()
	rule := loadAdapterRule(t)
	ms := b.hpa.Spec.Metrics
	if len(ms) != 2 || ms[0].Resource == nil || ms[0].Resource.Name != corev1.ResourceCPU {
		t.Fatalf("autoscaler metrics %+v, want CPU and then the saturation metric", ms)
	}
	p := ms[1].Pods
	if ms[1].Type != autoscalingv2.PodsMetricSourceType || p == nil || p.Metric.Name != rule.Name.As {
		t.Fatalf("autoscaler's second metric %+v, want the pods metric %s that the adapter serves", ms[1], rule.Name.As)
	}
	if p.Target.Type != autoscalingv2.AverageValueMetricType || p.Target.AverageValue == nil ||
		p.Target.AverageValue.Sign() <= 0 || p.Target.AverageValue.Cmp(resource.MustParse("1")) > 0 {
		t.Errorf("saturation target %+v, want an average value in (0, 1]", p.Target)
	}
}

// TestAdapterRuleComputesSlotUtilization: the adapter's rule maps the
// series' namespace and pod labels to those resources, finds the series
// the server exports, and its query, rendered as the adapter renders it
// (text/template with << >>) for two pods of one namespace, is each pod's
// share of slots in use: promtool runs it on series of three pods, one of
// them in another namespace. promtool (Debian's prometheus package) is
// required under CI=true; the test is skipped without it elsewhere.
func TestAdapterRuleComputesSlotUtilization(t *testing.T) {
	rule := loadAdapterRule(t)
	for _, r := range []string{"namespace", "pod"} {
		if rule.Resources.Overrides[r].Resource != r {
			t.Errorf("the rule maps the label %s to %q, want the resource %s", r, rule.Resources.Overrides[r].Resource, r)
		}
	}
	series := regexp.MustCompile(`^[a-z_:]+`).FindString(rule.SeriesQuery)
	if !regexp.MustCompile(rule.Name.Matches).MatchString(series) || series != "movesvc_searches_in_flight" {
		t.Errorf("the rule's series %q (name matches %q): want movesvc_searches_in_flight", series, rule.Name.Matches)
	}
	promtool, err := exec.LookPath("promtool")
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("promtool is required in CI (apt-get install prometheus): not found")
		}
		t.Skip("promtool is not installed (apt-get install prometheus)")
	}
	query := renderAdapterQuery(t, rule.MetricsQuery, map[string]string{
		"Series": series, "GroupBy": "pod", "LabelMatchers": `namespace="movesvc",pod=~"movesvc-a|movesvc-b"`,
	})
	dir := t.TempDir()
	rules := map[string]any{"groups": []any{map[string]any{"name": "adapter", "rules": []any{
		map[string]any{"record": "adapter:" + rule.Name.As, "expr": query},
	}}}}
	in := func(name, pod, values string) map[string]string {
		ns := "movesvc"
		if pod == "other" {
			ns, pod = "elsewhere", "movesvc-a"
		}
		return map[string]string{"series": name + `{namespace="` + ns + `",pod="` + pod + `"}`, "values": values}
	}
	unit := map[string]any{"rule_files": []string{"rules.yml"}, "evaluation_interval": "1m", "tests": []any{map[string]any{
		"interval": "30s",
		"input_series": []any{
			in("movesvc_searches_in_flight", "movesvc-a", "2x20"), in("movesvc_search_slots", "movesvc-a", "2x20"),
			in("movesvc_searches_in_flight", "movesvc-b", "1x20"), in("movesvc_search_slots", "movesvc-b", "2x20"),
			in("movesvc_searches_in_flight", "other", "0x20"), in("movesvc_search_slots", "other", "2x20"),
		},
		"promql_expr_test": []any{map[string]any{"expr": "adapter:" + rule.Name.As, "eval_time": "5m", "exp_samples": []any{
			map[string]any{"labels": "adapter:" + rule.Name.As + `{pod="movesvc-a"}`, "value": 1},
			map[string]any{"labels": "adapter:" + rule.Name.As + `{pod="movesvc-b"}`, "value": 0.5},
		}}},
	}}}
	for name, v := range map[string]any{"rules.yml": rules, "test.yml": unit} {
		data, err := yaml.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cmd := exec.Command(promtool, "test", "rules", "test.yml")
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Errorf("promtool test rules on the adapter's query %q: %v\n%s", query, err, out)
	}
}

// renderAdapterQuery renders a metricsQuery as the adapter does.
func renderAdapterQuery(t *testing.T, query string, data map[string]string) string {
	t.Helper()
	tmpl, err := template.New("metricsQuery").Delims("<<", ">>").Parse(query)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := tmpl.Execute(&b, data); err != nil {
		t.Fatal(err)
	}
	return strings.TrimSpace(b.String())
}
