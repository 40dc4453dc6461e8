package kubernetes_test

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	corev1 "k8s.io/api/core/v1"
	networkingv1 "k8s.io/api/networking/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/labels"
	"sigs.k8s.io/kustomize/api/krusty"
	"sigs.k8s.io/kustomize/kyaml/filesys"
)

// The base and the example overlay (deploy/overlays/example: every
// component, a namespace, the image) rendered by kustomize's own Go API,
// the version go.mod pins (sigs.k8s.io/kustomize/api v0.21.2, that of the
// kustomize v5.8.2 CLI), offline: what kubectl apply -k would apply.

// exampleOverlay is the overlay that uses every component.
const exampleOverlay = "../overlays/example"

// serviceMonitor is the part of Prometheus Operator's ServiceMonitor
// (monitoring.coreos.com/v1, its CRD's field names) that
// components/servicemonitor sets; strict decoding rejects any other field.
type serviceMonitor struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata"`
	Spec              struct {
		Selector  metav1.LabelSelector `json:"selector"`
		Endpoints []struct {
			Port          string `json:"port"`
			Path          string `json:"path"`
			Interval      string `json:"interval"`
			ScrapeTimeout string `json:"scrapeTimeout"`
		} `json:"endpoints"`
	} `json:"spec"`
}

// overlay is the part of a Kustomization the example overlay uses.
type overlay struct {
	APIVersion string           `json:"apiVersion"`
	Kind       string           `json:"kind"`
	Namespace  string           `json:"namespace"`
	Resources  []string         `json:"resources"`
	Components []string         `json:"components"`
	Images     []kustomizeImage `json:"images"`
}

// render runs kustomize on dir and decodes every object it outputs
// strictly into the type of its kind.
func render(t *testing.T, dir string) base {
	t.Helper()
	out, err := krusty.MakeKustomizer(krusty.MakeDefaultOptions()).Run(filesys.MakeFsOnDisk(), dir)
	if err != nil {
		t.Fatalf("kustomize build %s: %v", dir, err)
	}
	var b base
	for _, r := range out.Resources() {
		data, err := r.AsYAML()
		if err != nil {
			t.Fatal(err)
		}
		b.add(t, dir+": "+r.GetKind()+" "+r.GetName(), data)
	}
	if b.deployment == nil || b.service == nil || b.hpa == nil || b.pdb == nil {
		t.Fatalf("kustomize build %s: want a Deployment, a Service, a HorizontalPodAutoscaler and a PodDisruptionBudget", dir)
	}
	return b
}

// TestBaseRendersAPlaceholderImage: kubectl apply -k on the base as it is
// would deploy an image that no registry serves (a .invalid host, RFC
// 2606), never someone else's: the operator sets the image.
func TestBaseRendersAPlaceholderImage(t *testing.T) {
	b := render(t, ".")
	img := load(t).kustomization.Images
	if len(img) != 1 {
		t.Fatalf("kustomization.yaml images: %+v, want the one entry that sets the image", img)
	}
	if got, want := container(t, b).Image, img[0].NewName+":"+img[0].NewTag; got != want {
		t.Errorf("rendered image %q, want %q (images: sets it)", got, want)
	}
	if host, _, _ := strings.Cut(img[0].NewName, "/"); !strings.HasSuffix(host, ".invalid") {
		t.Errorf("the base's image %s: want a placeholder on a .invalid host, which no registry serves", img[0].NewName)
	}
	if b.serviceMonitor != nil || b.networkPolicy != nil || len(b.deployment.Spec.Template.Spec.TopologySpreadConstraints) != 0 || len(b.hpa.Spec.Metrics) != 1 {
		t.Error("the base has what only its components should add")
	}
}

// TestExampleOverlay: the example overlay sets the image by the base's
// placeholder name, uses every component, and what they add fits the
// base: the ServiceMonitor scrapes the Service's http port, the
// NetworkPolicy lets the gateway and Prometheus reach that port of the
// pods, topology spread counts the pods, the autoscaler keeps CPU and adds
// the Prometheus adapter's metric.
func TestExampleOverlay(t *testing.T) {
	var ov overlay
	decode(t, filepath.Join(exampleOverlay, "kustomization.yaml"), &ov)
	b := render(t, exampleOverlay)
	checkSelectors(t, b)
	if len(ov.Images) != 1 || ov.Images[0].Name != placeholder(t) {
		t.Fatalf("example overlay images: %+v, want one entry for the base's image %s", ov.Images, placeholder(t))
	}
	if got, want := container(t, b).Image, ov.Images[0].NewName+":"+ov.Images[0].NewTag; got != want {
		t.Errorf("rendered image %q, want the overlay's %q", got, want)
	}
	dirs, err := filepath.Glob(filepath.Join("components", "*"))
	if err != nil {
		t.Fatal(err)
	}
	var used []string
	for _, c := range ov.Components {
		used = append(used, filepath.Join("components", filepath.Base(c)))
	}
	if slices.Sort(used); !slices.Equal(used, dirs) {
		t.Errorf("the example uses the components %v; there are %v", used, dirs)
	}
	if b.deployment.Namespace != ov.Namespace || b.serviceMonitor == nil || b.serviceMonitor.Namespace != ov.Namespace {
		t.Errorf("objects not in the overlay's namespace %q", ov.Namespace)
	}
	checkServiceMonitor(t, b)
	checkNetworkPolicy(t, b)
	checkTopologySpread(t, b)
	checkSaturationMetric(t, b)
}

// TestEachComponentAlone: each component applies to the base without the
// others, and adds what it is for.
func TestEachComponentAlone(t *testing.T) {
	for _, c := range []struct {
		name  string
		check func(*testing.T, base)
	}{
		{"servicemonitor", checkServiceMonitor},
		{"networkpolicy", checkNetworkPolicy},
		{"topology-spread", checkTopologySpread},
		{"hpa-saturation", checkSaturationMetric},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			here, err := os.Getwd()
			if err != nil {
				t.Fatal(err)
			}
			rel, err := filepath.Rel(dir, here) // kustomize takes no absolute root
			if err != nil {
				t.Fatal(err)
			}
			k := "resources:\n  - " + rel + "\ncomponents:\n  - " + filepath.Join(rel, "components", c.name) + "\n"
			if err := os.WriteFile(filepath.Join(dir, "kustomization.yaml"), []byte(k), 0o644); err != nil {
				t.Fatal(err)
			}
			b := render(t, dir)
			checkSelectors(t, b)
			c.check(t, b)
		})
	}
}

// placeholder returns the image name the base's Deployment ends up with,
// which an overlay's images: entry names.
func placeholder(t *testing.T) string {
	t.Helper()
	return load(t).kustomization.Images[0].NewName
}

// podLabels returns the labels of b's pods.
func podLabels(b base) labels.Set { return labels.Set(b.deployment.Spec.Template.Labels) }

// checkServiceMonitor: the ServiceMonitor selects the Service and scrapes
// /metrics on one of its ports by name.
func checkServiceMonitor(t *testing.T, b base) {
	t.Helper()
	sm := b.serviceMonitor
	if sm == nil {
		t.Fatal("no ServiceMonitor")
	}
	sel, err := metav1.LabelSelectorAsSelector(&sm.Spec.Selector)
	if err != nil || sel.Empty() || !sel.Matches(labels.Set(b.service.Labels)) {
		t.Errorf("the ServiceMonitor's selector %v does not match the Service's labels %v (%v)", sm.Spec.Selector, b.service.Labels, err)
	}
	if len(sm.Spec.Endpoints) != 1 {
		t.Fatalf("ServiceMonitor endpoints %+v, want one", sm.Spec.Endpoints)
	}
	e := sm.Spec.Endpoints[0]
	if e.Path != "/metrics" || !slices.ContainsFunc(b.service.Spec.Ports, func(p corev1.ServicePort) bool { return p.Name == e.Port }) {
		t.Errorf("ServiceMonitor endpoint %+v, want /metrics on a port the Service names", e)
	}
}

// checkNetworkPolicy: the NetworkPolicy selects the pods, takes traffic
// only on the container's port, from the namespaces it names, and lets
// nothing out.
func checkNetworkPolicy(t *testing.T, b base) {
	t.Helper()
	np := b.networkPolicy
	if np == nil {
		t.Fatal("no NetworkPolicy")
	}
	sel, err := metav1.LabelSelectorAsSelector(&np.Spec.PodSelector)
	if err != nil || sel.Empty() || !sel.Matches(podLabels(b)) {
		t.Errorf("the NetworkPolicy's pod selector %v does not match the pods (%v)", np.Spec.PodSelector, err)
	}
	if !slices.Equal(np.Spec.PolicyTypes, []networkingv1.PolicyType{networkingv1.PolicyTypeIngress, networkingv1.PolicyTypeEgress}) || len(np.Spec.Egress) != 0 {
		t.Errorf("policy types %v with %d egress rules, want Ingress and Egress with none: nothing goes out", np.Spec.PolicyTypes, len(np.Spec.Egress))
	}
	port := container(t, b).Ports[0]
	if len(np.Spec.Ingress) == 0 {
		t.Fatal("no ingress rule: nothing reaches the pods")
	}
	for _, in := range np.Spec.Ingress {
		if len(in.From) == 0 || len(in.Ports) == 0 {
			t.Errorf("ingress rule %+v lets any peer or any port in", in)
		}
		for _, p := range in.Ports {
			if p.Port == nil || (p.Port.String() != port.Name && p.Port.IntValue() != int(port.ContainerPort)) {
				t.Errorf("ingress port %v, want the container's %s (%d)", p.Port, port.Name, port.ContainerPort)
			}
		}
	}
}

// checkTopologySpread: the pods spread over nodes (a hard rule) and
// zones, each constraint counting the pods of one ReplicaSet.
func checkTopologySpread(t *testing.T, b base) {
	t.Helper()
	cs := b.deployment.Spec.Template.Spec.TopologySpreadConstraints
	var keys []string
	for _, c := range cs {
		keys = append(keys, c.TopologyKey)
		sel, err := metav1.LabelSelectorAsSelector(c.LabelSelector)
		if err != nil || sel.Empty() || !sel.Matches(podLabels(b)) || c.MaxSkew != 1 || !slices.Equal(c.MatchLabelKeys, []string{"pod-template-hash"}) {
			t.Errorf("topology spread %+v: want max skew 1 over the pods of each ReplicaSet (%v)", c, err)
		}
		if c.TopologyKey == corev1.LabelHostname && c.WhenUnsatisfiable != corev1.DoNotSchedule {
			t.Errorf("spread over nodes is %s, want DoNotSchedule", c.WhenUnsatisfiable)
		}
	}
	if !slices.Equal(keys, []string{corev1.LabelHostname, corev1.LabelTopologyZone}) {
		t.Errorf("spread over %v, want nodes and zones", keys)
	}
}
