// Package kubernetes_test checks the Kubernetes base in this directory:
// every manifest decodes strictly (no unknown or misspelt field) into the
// Kubernetes API type of its kind, and the fields that must agree with
// each other and with the service's flags do.
package kubernetes_test

import (
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	appsv1 "k8s.io/api/apps/v1"
	autoscalingv2 "k8s.io/api/autoscaling/v2"
	corev1 "k8s.io/api/core/v1"
	networkingv1 "k8s.io/api/networking/v1"
	policyv1 "k8s.io/api/policy/v1"
	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/labels"
	"sigs.k8s.io/yaml"
)

// kustomization is the part of kustomize's Kustomization this base uses;
// strict decoding rejects any other field.
type kustomization struct {
	APIVersion string `json:"apiVersion"`
	Kind       string `json:"kind"`
	Labels     []struct {
		Pairs map[string]string `json:"pairs"`
	} `json:"labels"`
	Resources []string         `json:"resources"`
	Images    []kustomizeImage `json:"images"`
}

// kustomizeImage is an entry of a Kustomization's images: list.
type kustomizeImage struct {
	Name    string `json:"name"`
	NewName string `json:"newName"`
	NewTag  string `json:"newTag"`
}

// base is the decoded manifests: the base's files, or what kustomize
// renders from the base or an overlay.
type base struct {
	kustomization  kustomization
	deployment     *appsv1.Deployment
	service        *corev1.Service
	hpa            *autoscalingv2.HorizontalPodAutoscaler
	pdb            *policyv1.PodDisruptionBudget
	serviceMonitor *serviceMonitor             // components/servicemonitor
	networkPolicy  *networkingv1.NetworkPolicy // components/networkpolicy
}

// load decodes kustomization.yaml and every resource it lists, each
// strictly into the type of its kind, and checks that the list is exactly
// the YAML files of the directory.
func load(t *testing.T) base {
	t.Helper()
	var b base
	decode(t, "kustomization.yaml", &b.kustomization)
	if b.kustomization.APIVersion != "kustomize.config.k8s.io/v1beta1" || b.kustomization.Kind != "Kustomization" {
		t.Fatalf("kustomization.yaml: %s %s", b.kustomization.APIVersion, b.kustomization.Kind)
	}
	files, err := filepath.Glob("*.yaml")
	if err != nil {
		t.Fatal(err)
	}
	files = slices.DeleteFunc(files, func(f string) bool { return f == "kustomization.yaml" })
	if listed := slices.Sorted(slices.Values(b.kustomization.Resources)); !slices.Equal(listed, files) {
		t.Fatalf("kustomization.yaml lists %v; the directory has %v", listed, files)
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		b.add(t, f, data)
	}
	if b.deployment == nil || b.service == nil || b.hpa == nil || b.pdb == nil || b.serviceMonitor != nil || b.networkPolicy != nil {
		t.Fatalf("want a Deployment, a Service, a HorizontalPodAutoscaler and a PodDisruptionBudget, the rest in components; got %+v", b)
	}
	return b
}

// add decodes one object, named name in messages, strictly into the type
// of its kind, and keeps it in b; a kind b has no place for, or a second
// object of a kind, fails the test.
func (b *base) add(t *testing.T, name string, data []byte) {
	t.Helper()
	var tm metav1.TypeMeta
	if err := yaml.Unmarshal(data, &tm); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	var obj any
	switch tm.APIVersion + " " + tm.Kind {
	case "apps/v1 Deployment":
		obj, b.deployment = once(t, name, b.deployment)
	case "v1 Service":
		obj, b.service = once(t, name, b.service)
	case "autoscaling/v2 HorizontalPodAutoscaler":
		obj, b.hpa = once(t, name, b.hpa)
	case "policy/v1 PodDisruptionBudget":
		obj, b.pdb = once(t, name, b.pdb)
	case "monitoring.coreos.com/v1 ServiceMonitor":
		obj, b.serviceMonitor = once(t, name, b.serviceMonitor)
	case "networking.k8s.io/v1 NetworkPolicy":
		obj, b.networkPolicy = once(t, name, b.networkPolicy)
	default:
		t.Fatalf("%s: unexpected kind %s %s", name, tm.APIVersion, tm.Kind)
	}
	if err := yaml.UnmarshalStrict(data, obj); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
}

// once returns a new *T twice (as the target to decode into and as the
// value to keep), failing the test if one was kept already.
func once[T any](t *testing.T, name string, kept *T) (any, *T) {
	t.Helper()
	if kept != nil {
		t.Fatalf("%s: a second %T", name, kept)
	}
	v := new(T)
	return v, v
}

// decode reads file into v, failing on a field v does not have.
func decode(t *testing.T, file string, v any) {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if err := yaml.UnmarshalStrict(data, v); err != nil {
		t.Fatalf("%s: %v", file, err)
	}
}

// TestManifestsDecodeStrictly is load's own check, on its own so that a
// bad file is named by a failing test of that name.
func TestManifestsDecodeStrictly(t *testing.T) { load(t) }

// TestSelectorsAgree: the Deployment selects its own pods, and the
// Service, the PodDisruptionBudget and the autoscaler all find them.
func TestSelectorsAgree(t *testing.T) {
	b := load(t)
	checkSelectors(t, b)
	c := container(t, b)
	if !slices.ContainsFunc(b.kustomization.Images, func(i kustomizeImage) bool { return i.Name == c.Image }) {
		t.Errorf("the container's image %q is not one kustomization.yaml's images: sets", c.Image)
	}
}

// checkSelectors checks that b's Deployment selects its own pods and that
// the Service, the PodDisruptionBudget and the autoscaler find them.
func checkSelectors(t *testing.T, b base) {
	t.Helper()
	d := b.deployment
	pods := labels.Set(d.Spec.Template.Labels)
	sel, err := metav1.LabelSelectorAsSelector(d.Spec.Selector)
	if err != nil || sel.Empty() || !sel.Matches(pods) {
		t.Errorf("the Deployment's selector %v does not match its pods' labels %v (%v)", d.Spec.Selector, pods, err)
	}
	if len(b.service.Spec.Selector) == 0 || !labels.SelectorFromSet(b.service.Spec.Selector).Matches(pods) {
		t.Errorf("the Service's selector %v does not match the pods' labels %v", b.service.Spec.Selector, pods)
	}
	if sel, err := metav1.LabelSelectorAsSelector(b.pdb.Spec.Selector); err != nil || sel.Empty() || !sel.Matches(pods) {
		t.Errorf("the PodDisruptionBudget's selector %v does not match the pods (%v)", b.pdb.Spec.Selector, err)
	}
	if ref := b.hpa.Spec.ScaleTargetRef; ref.APIVersion != "apps/v1" || ref.Kind != "Deployment" || ref.Name != d.Name {
		t.Errorf("the autoscaler scales %+v, not the Deployment %s", ref, d.Name)
	}
}

// TestProbesAndPorts: readiness on /readyz, liveness on /healthz, both on
// the port the server listens on, which is the one the Service targets;
// readiness fails within the shutdown delay.
func TestProbesAndPorts(t *testing.T) {
	b := load(t)
	c := container(t, b)
	env := envOf(c)
	_, port, _ := strings.Cut(env["MOVESVC_ADDR"], ":")
	if len(c.Ports) != 1 || strconv.Itoa(int(c.Ports[0].ContainerPort)) != port || c.Ports[0].Name != "http" {
		t.Fatalf("container ports %+v, want one named http on MOVESVC_ADDR's port %q", c.Ports, port)
	}
	for _, p := range []struct {
		name  string
		probe *corev1.Probe
		path  string
	}{{"readiness", c.ReadinessProbe, "/readyz"}, {"liveness", c.LivenessProbe, "/healthz"}, {"startup", c.StartupProbe, "/healthz"}} {
		if p.probe == nil || p.probe.HTTPGet == nil || p.probe.HTTPGet.Path != p.path || p.probe.HTTPGet.Port.String() != "http" {
			t.Errorf("%s probe %+v, want GET %s on port http", p.name, p.probe, p.path)
		}
	}
	if tp := b.service.Spec.Ports; len(tp) != 1 || tp[0].TargetPort.String() != "http" {
		t.Errorf("Service ports %+v, want one targeting port http", tp)
	}
	if r := c.ReadinessProbe; r != nil {
		notice := time.Duration(r.PeriodSeconds*max(r.FailureThreshold, 1)) * time.Second
		if delay := duration(t, env, "MOVESVC_SHUTDOWN_DELAY"); notice >= delay {
			t.Errorf("readiness fails after %v (period × failures), not within the shutdown delay %v", notice, delay)
		}
	}
}

// TestResourcesMatchTheServer: the CPU limit is the search slots (Go sets
// GOMAXPROCS from it, rounded up and at least 2), requests equal limits,
// and the memory limit holds the search tables' budget with room for the
// rest of the process, GOMEMLIMIT between the two.
func TestResourcesMatchTheServer(t *testing.T) {
	b := load(t)
	c := container(t, b)
	env := envOf(c)
	lim, req := c.Resources.Limits, c.Resources.Requests
	cpu, mem := lim[corev1.ResourceCPU], lim[corev1.ResourceMemory]
	if cpu.IsZero() || mem.IsZero() {
		t.Fatalf("limits %v, want cpu and memory", lim)
	}
	for _, r := range []corev1.ResourceName{corev1.ResourceCPU, corev1.ResourceMemory} {
		if l, q := lim[r], req[r]; l.Cmp(q) != 0 {
			t.Errorf("%s request %v, limit %v: want them equal (the searches are sized for the limit)", r, q.String(), l.String())
		}
	}
	slots := number(t, env, "MOVESVC_MAX_SEARCHES")
	if cpu.MilliValue()%1000 != 0 || cpu.Value() < 2 || cpu.Value() != int64(slots) {
		t.Errorf("cpu limit %v with MOVESVC_MAX_SEARCHES %d: want a whole number of at least 2 CPUs, one per slot", cpu.String(), slots)
	}
	tables := int64(number(t, env, "MOVESVC_TT_MB")) << 20
	const rest = 128 << 20 // the process besides its tables, measured at 45-65 MB, and queued requests
	if mem.Value() < tables+rest {
		t.Errorf("memory limit %v: want at least MOVESVC_TT_MB (%d MiB) + 128 MiB", mem.String(), tables>>20)
	}
	if gl, ok := env["GOMEMLIMIT"]; ok {
		q, err := resource.ParseQuantity(strings.TrimSuffix(gl, "B"))
		if err != nil || q.Value() <= tables || q.Cmp(mem) >= 0 {
			t.Errorf("GOMEMLIMIT %s: want between the tables' budget and the memory limit %v (%v)", gl, mem.String(), err)
		}
	}
}

// TestShutdownFitsTheGracePeriod: the pod's termination grace period
// outlasts the server's shutdown delay plus its shutdown grace, and the
// grace outlasts the longest search (-max-timeout), so that searches in
// flight finish before the kubelet's SIGKILL.
func TestShutdownFitsTheGracePeriod(t *testing.T) {
	b := load(t)
	env := envOf(container(t, b))
	delay, grace, maxTimeout := duration(t, env, "MOVESVC_SHUTDOWN_DELAY"), duration(t, env, "MOVESVC_SHUTDOWN_GRACE"), duration(t, env, "MOVESVC_MAX_TIMEOUT")
	var tgp time.Duration // unset: the kubelet's 30 s, but the base must say it
	if s := b.deployment.Spec.Template.Spec.TerminationGracePeriodSeconds; s != nil {
		tgp = time.Duration(*s) * time.Second
	}
	if tgp <= delay+grace {
		t.Errorf("terminationGracePeriodSeconds %v, want more than the shutdown delay %v + grace %v", tgp, delay, grace)
	}
	if grace <= maxTimeout {
		t.Errorf("shutdown grace %v, want more than max-timeout %v", grace, maxTimeout)
	}
	if s := b.deployment.Spec.Strategy.RollingUpdate; s == nil || s.MaxUnavailable == nil || s.MaxUnavailable.IntValue() != 0 {
		t.Errorf("rolling update %+v, want maxUnavailable 0", s)
	}
}

// TestLockedDown: non-root (the image's uid 65532), no privilege
// escalation, a read-only root filesystem, no capabilities.
func TestLockedDown(t *testing.T) {
	b := load(t)
	pod := b.deployment.Spec.Template.Spec
	if sc := pod.SecurityContext; sc == nil || sc.RunAsNonRoot == nil || !*sc.RunAsNonRoot || sc.RunAsUser == nil || *sc.RunAsUser != 65532 {
		t.Errorf("pod security context %+v, want runAsNonRoot and uid 65532", sc)
	}
	sc := container(t, b).SecurityContext
	if sc == nil || sc.AllowPrivilegeEscalation == nil || *sc.AllowPrivilegeEscalation ||
		sc.ReadOnlyRootFilesystem == nil || !*sc.ReadOnlyRootFilesystem ||
		sc.Capabilities == nil || !slices.Equal(sc.Capabilities.Drop, []corev1.Capability{"ALL"}) {
		t.Errorf("container security context %+v, want no privilege escalation, a read-only root and every capability dropped", sc)
	}
}

// TestScalingKeepsCapacity: the autoscaler never goes below two replicas,
// and the disruption budget lets a drain proceed while keeping one.
func TestScalingKeepsCapacity(t *testing.T) {
	b := load(t)
	h := b.hpa.Spec
	if h.MinReplicas == nil || *h.MinReplicas < 2 || h.MaxReplicas < *h.MinReplicas {
		t.Errorf("autoscaler replicas %v..%d, want at least 2 and max ≥ min", h.MinReplicas, h.MaxReplicas)
	}
	if len(h.Metrics) == 0 || h.Metrics[0].Resource == nil || h.Metrics[0].Resource.Target.AverageUtilization == nil ||
		*h.Metrics[0].Resource.Target.AverageUtilization <= 0 || *h.Metrics[0].Resource.Target.AverageUtilization > 100 {
		t.Errorf("autoscaler metrics %+v, want a CPU utilization target of 1..100%%", h.Metrics)
	}
	keep := b.pdb.Spec.MinAvailable
	if keep == nil || keep.IntValue() < 1 || h.MinReplicas == nil || int32(keep.IntValue()) >= *h.MinReplicas {
		t.Errorf("disruption budget minAvailable %v with at least %v replicas: want 1 or more, and fewer than the replicas", keep, h.MinReplicas)
	}
}

// container returns the Deployment's one container.
func container(t *testing.T, b base) corev1.Container {
	t.Helper()
	cs := b.deployment.Spec.Template.Spec.Containers
	if len(cs) != 1 {
		t.Fatalf("%d containers, want 1", len(cs))
	}
	return cs[0]
}

// envOf returns c's literal environment variables.
func envOf(c corev1.Container) map[string]string {
	env := map[string]string{}
	for _, e := range c.Env {
		env[e.Name] = e.Value
	}
	return env
}

// duration reads a Go duration the manifest must set in env.
func duration(t *testing.T, env map[string]string, name string) time.Duration {
	t.Helper()
	d, err := time.ParseDuration(env[name])
	if err != nil {
		t.Fatalf("%s=%q: %v (the manifest must set it)", name, env[name], err)
	}
	return d
}

// number reads an integer the manifest must set in env.
func number(t *testing.T, env map[string]string, name string) int {
	t.Helper()
	n, err := strconv.Atoi(env[name])
	if err != nil {
		t.Fatalf("%s=%q: %v (the manifest must set it)", name, env[name], err)
	}
	return n
}
