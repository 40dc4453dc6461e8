package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net/http"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"
)

// recorder collects results from concurrent requests.
type recorder struct {
	mu           sync.Mutex
	latencies    map[int][]time.Duration // from the scheduled send, by status; 0 for transport errors
	service      map[int][]time.Duration // from the actual send, by status
	late         int                     // sent more than Options.LateAfter after their time
	errors       map[string]int
	noRetryAfter int // 503s without Retry-After
}

func newRecorder() *recorder {
	return &recorder{latencies: map[int][]time.Duration{}, service: map[int][]time.Duration{}, errors: map[string]int{}}
}

// add records one answer: its latency from the time it was due and from
// the time it was sent, and whether it was sent late.
func (r *recorder) add(status int, retryAfter string, err error, fromDue, fromSend time.Duration, late bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if err != nil {
		status = 0
		r.errors[err.Error()]++
	}
	if status == http.StatusServiceUnavailable && retryAfter == "" {
		r.noRetryAfter++
	}
	r.latencies[status] = append(r.latencies[status], fromDue)
	r.service[status] = append(r.service[status], fromSend)
	if late {
		r.late++
	}
}

// Report is the outcome of a run.
type Report struct {
	Options  Options
	Elapsed  time.Duration
	Requests int
	// Late counts the open-loop requests sent more than
	// Options.LateAfter after their scheduled time (every connection was
	// busy, or the generator itself fell behind); Unsent those due before
	// the run ended but never sent. Both mean the server was not offered
	// the rate on schedule; the latencies still count from the schedule.
	Late, Unsent int
	Statuses     map[int]int
	Errors       map[string]int
	// All, OK (200s) and Rejected (503s) are latencies from the time each
	// request was due: its scheduled time in the open loop, its send in
	// the closed loop. Service, OKService and RejectedService are from the
	// actual send: what the server took once it had the request.
	All                                 Percentiles
	OK                                  Percentiles
	Rejected                            Percentiles
	Service, OKService, RejectedService Percentiles
	// NoRetryAfter counts 503s that came without a Retry-After header.
	NoRetryAfter int
	// ServerDiff holds each watched server metric: the increase over the run
	// for counters, the value at the end for gauges. ServerBefore and
	// ServerAfter are the values scraped before and after the run.
	ServerDiff, ServerBefore, ServerAfter map[string]float64
}

func isCounter(name string) bool {
	return strings.HasSuffix(name, "_total") || strings.HasSuffix(name, "_count") || strings.HasSuffix(name, "_sum")
}

// Percentiles summarises latencies.
type Percentiles struct {
	N                  int
	P50, P90, P99, Max time.Duration
}

func percentiles(ds []time.Duration) Percentiles {
	if len(ds) == 0 {
		return Percentiles{}
	}
	s := slices.Clone(ds)
	slices.Sort(s)
	at := func(q float64) time.Duration { return s[min(len(s)-1, int(q*float64(len(s))))] }
	return Percentiles{N: len(s), P50: at(.50), P90: at(.90), P99: at(.99), Max: s[len(s)-1]}
}

func (r *recorder) report(opts Options, elapsed time.Duration, before, after map[string]float64) *Report {
	r.mu.Lock()
	defer r.mu.Unlock()
	rep := &Report{Options: opts, Elapsed: elapsed, Statuses: map[int]int{}, Errors: r.errors, ServerDiff: map[string]float64{},
		ServerBefore: before, ServerAfter: after, NoRetryAfter: r.noRetryAfter}
	var all, service []time.Duration
	for status, ds := range r.latencies {
		rep.Statuses[status] = len(ds)
		rep.Requests += len(ds)
		all = append(all, ds...)
		service = append(service, r.service[status]...)
	}
	rep.All = percentiles(all)
	rep.OK = percentiles(r.latencies[http.StatusOK])
	rep.Rejected = percentiles(r.latencies[http.StatusServiceUnavailable])
	rep.Service = percentiles(service)
	rep.OKService = percentiles(r.service[http.StatusOK])
	rep.RejectedService = percentiles(r.service[http.StatusServiceUnavailable])
	rep.Late = r.late
	for name, v := range after {
		if isCounter(name) {
			v -= before[name]
		}
		rep.ServerDiff[name] = v
	}
	return rep
}

// OffSchedule returns the share of the requests due in the run that were
// sent late or never sent (open loop).
func (rep *Report) OffSchedule() float64 {
	due := rep.Requests + rep.Unsent
	if due == 0 {
		return 0
	}
	return float64(rep.Late+rep.Unsent) / float64(due)
}

// Check returns an error describing what a healthy server under any load
// never does: a transport error, a 5xx other than 503, a 503 without
// Retry-After, a recovered panic. With want503 a run without any 503 (an
// overload that shed nothing) fails too, and so does an open-loop run
// with more than Options.MaxOffSchedule of its requests off schedule (when
// set): its figures describe the load the generator managed to offer, not
// the rate asked for.
func (rep *Report) Check(want503 bool) error {
	var bad []string
	if limit := rep.Options.MaxOffSchedule; limit > 0 && rep.OffSchedule() > limit {
		bad = append(bad, fmt.Sprintf("%.1f%% of the requests off schedule (%d sent more than %v late, %d never sent), more than %.1f%%",
			100*rep.OffSchedule(), rep.Late, rep.Options.LateAfter, rep.Unsent, 100*limit))
	}
	for status, n := range rep.Statuses {
		switch {
		case status == 0:
			bad = append(bad, fmt.Sprintf("%d transport errors", n))
		case status >= 500 && status != http.StatusServiceUnavailable:
			bad = append(bad, fmt.Sprintf("%d answers with status %d", n, status))
		}
	}
	if rep.NoRetryAfter > 0 {
		bad = append(bad, fmt.Sprintf("%d 503s without Retry-After", rep.NoRetryAfter))
	}
	if p := rep.ServerDiff["movesvc_panics_total"]; p > 0 {
		bad = append(bad, fmt.Sprintf("%g panics recovered by the server", p))
	}
	if want503 && rep.Statuses[http.StatusServiceUnavailable] == 0 {
		bad = append(bad, "no request was refused with 503")
	}
	if len(bad) > 0 {
		sort.Strings(bad)
		return fmt.Errorf("check failed: %s", strings.Join(bad, "; "))
	}
	return nil
}

// Throughput returns answered requests per second.
func (rep *Report) Throughput() float64 { return float64(rep.Requests) / rep.Elapsed.Seconds() }

// Summary returns the report's figures on one line of key=value pairs,
// times in milliseconds, for scripts.
func (rep *Report) Summary() string {
	ms := func(d time.Duration) string { return strconv.FormatFloat(float64(d)/1e6, 'f', 3, 64) }
	return fmt.Sprintf("summary requests=%d throughput=%.1f ok=%d rejected=%d errors=%d p50=%s p99=%s ok_p99=%s ok_max=%s rejected_p99=%s rejected_max=%s sent_p99=%s ok_sent_p99=%s rejected_sent_p99=%s late=%d unsent=%d",
		rep.Requests, rep.Throughput(), rep.Statuses[http.StatusOK], rep.Statuses[http.StatusServiceUnavailable], rep.Statuses[0],
		ms(rep.All.P50), ms(rep.All.P99), ms(rep.OK.P99), ms(rep.OK.Max), ms(rep.Rejected.P99), ms(rep.Rejected.Max), ms(rep.Service.P99), ms(rep.OKService.P99), ms(rep.RejectedService.P99),
		rep.Late, rep.Unsent)
}

// Print writes the report for people and returns the first write error.
func (rep *Report) Print(w io.Writer) error {
	o := rep.Options
	p := &printer{w: w}
	p.printf("%s loop, %s %s", o.Mode, o.URL, o.Path)
	if o.Mode == "open" {
		p.printf(", %.0f req/s offered", o.Rate)
	}
	p.printf(", concurrency %d, %v\n", o.Concurrency, rep.Elapsed.Round(time.Millisecond))
	p.printf("requests %d, throughput %.1f req/s\n", rep.Requests, rep.Throughput())
	if o.Mode == "open" {
		p.printf("  off schedule: %d sent more than %v late, %d due but never sent (%.1f%% of those due); latency counts from each request's scheduled time\n",
			rep.Late, o.LateAfter, rep.Unsent, 100*rep.OffSchedule())
	}
	codes := make([]int, 0, len(rep.Statuses))
	for c := range rep.Statuses {
		codes = append(codes, c)
	}
	sort.Ints(codes)
	for _, c := range codes {
		label := strconv.Itoa(c)
		if c == 0 {
			label = "error"
		}
		p.printf("  %s: %d\n", label, rep.Statuses[c])
	}
	for e, n := range rep.Errors {
		p.printf("  error %q: %d\n", e, n)
	}
	if rep.NoRetryAfter > 0 {
		p.printf("  503 without Retry-After: %d\n", rep.NoRetryAfter)
	}
	type row struct {
		name string
		p    Percentiles
	}
	rows := []row{{"all", rep.All}, {"200", rep.OK}, {"503", rep.Rejected}}
	if o.Mode == "open" {
		// The closed loop sends each request when it is due: the same figures.
		rows = append(rows, row{"all, from the send", rep.Service}, row{"200, from the send", rep.OKService},
			row{"503, from the send", rep.RejectedService})
	}
	for _, row := range rows {
		if row.p.N > 0 {
			p.printf("latency %-18s n=%-7d p50 %-10v p90 %-10v p99 %-10v max %v\n", row.name, row.p.N,
				row.p.P50.Round(time.Microsecond), row.p.P90.Round(time.Microsecond), row.p.P99.Round(time.Microsecond), row.p.Max.Round(time.Microsecond))
		}
	}
	names := make([]string, 0, len(rep.ServerDiff))
	for n := range rep.ServerDiff {
		names = append(names, n)
	}
	sort.Strings(names)
	p.printf("server metrics: before -> after (counters: +increase)\n")
	for _, n := range names {
		if isCounter(n) {
			p.printf("  %-45s %g -> %g (+%g)\n", n, rep.ServerBefore[n], rep.ServerAfter[n], rep.ServerDiff[n])
		} else {
			p.printf("  %-45s %g -> %g\n", n, rep.ServerBefore[n], rep.ServerAfter[n])
		}
	}
	p.printf("%s\n", rep.Summary())
	return p.err
}

// printer writes formatted text to w until a write fails, and keeps that
// first error.
type printer struct {
	w   io.Writer
	err error
}

// printf writes to p.w as fmt.Fprintf does, unless a write failed before.
func (p *printer) printf(format string, args ...any) {
	if p.err == nil {
		_, p.err = fmt.Fprintf(p.w, format, args...)
	}
}

// watched are the server metrics a report compares; series are summed over
// their labels unless the line names them.
var watched = []string{
	"movesvc_search_nodes_total",
	"movesvc_search_deadline_hits_total",
	"movesvc_search_cancellations_total",
	"movesvc_admission_rejections_total",
	"movesvc_panics_total",
	"movesvc_search_memory_reserved_bytes",
	"movesvc_search_memory_idle_bytes",
	"movesvc_search_duration_seconds_count",
	"movesvc_search_duration_seconds_sum",
	"http_requests_total",
	"process_resident_memory_bytes",
	"go_goroutines",
}

// scrape reads the watched metrics from the server's /metrics.
func scrape(ctx context.Context, client *http.Client, base string) (map[string]float64, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, base+"/metrics", nil)
	if err != nil {
		return nil, err
	}
	resp, err := client.Do(req)
	if err != nil {
		return nil, err
	}
	defer func() { _ = resp.Body.Close() }() // read only: a failed close loses nothing
	if resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("GET /metrics: %s", resp.Status)
	}
	out := map[string]float64{}
	sc := bufio.NewScanner(resp.Body)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "#") {
			continue
		}
		name, rest, ok := strings.Cut(line, " ")
		if !ok {
			continue
		}
		base, _, _ := strings.Cut(name, "{")
		if !slices.Contains(watched, base) {
			continue
		}
		v, err := strconv.ParseFloat(strings.Fields(rest)[0], 64)
		if err != nil {
			continue
		}
		out[base] += v
	}
	return out, sc.Err()
}
