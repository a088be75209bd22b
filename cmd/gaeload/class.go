package main

// The live-class workload (-class): phones join a class within -class-join,
// each holds the class's event stream, the teacher asks a question, every
// phone answers within -class-answer of it and some change their answer,
// while a projector follows the count on its own stream. It checks that no
// answer is lost, and measures the answers' latency, how late the
// projector's count becomes final and the servers' peak RSS. With
// -class-db postgres://… it runs -replicas servers on that database, the
// phones spread over them and the projector on the last one; with
// -class-proxy as well, everyone goes through nginx in front of them
// (testdata/nginx.conf.tmpl). Phones send answers as class-answer.js does
// (a send id, resent with backoff until acknowledged: class_send.go) and
// reconnect their streams as EventSource does. -class-blip CMD runs a shell
// command a third of the way into the answers (e.g. a pg_ctl restart).
// -class-classes N teaches N such classes side by side on the same
// servers, each with its own teacher, projector and phones.

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// classConfig is the class workload's part of the command line.
type classConfig struct {
	on       bool
	classes  int // taught side by side, each with phones phones
	phones   int
	join     time.Duration // phones arrive spread over this
	answer   time.Duration // each answers within this of the question
	change   float64       // share of phones that change their answer
	db       string        // PostgreSQL URL; "" for the embedded SQLite
	replicas int
	maxP99   time.Duration
	maxFinal time.Duration
	maxRSSM  float64
	proxy    bool   // through nginx in front of the replicas
	blip     string // shell command run while phones answer
	// addrs are running replicas (or the nginx in front of them) to load,
	// "host:port,host:port" on loopback; "" to start servers.
	addrs string
	// phoneAddr is the phones' first loopback source address, and
	// perAddr how many phones share each (class_addrs.go).
	phoneAddr string
	perAddr   int
	// serverFlags are more flags for the servers this tool starts (such
	// as -class-max-students 1000 for a class of 1,000 phones).
	serverFlags []string
}

// classServers starts the servers of the class workload and returns their
// base URLs and processes.
func classServers(ctx context.Context, c config, dir string) ([]*server, []string, error) {
	if c.class.addrs != "" { // running replicas: nothing to start, no RSS to read
		var bases []string
		for _, a := range strings.Split(c.class.addrs, ",") {
			base, err := loopbackBase(strings.TrimSpace(a))
			if err != nil {
				return nil, nil, err
			}
			if err := waitHealthy(ctx, base, 10*time.Second, nil); err != nil {
				return nil, nil, fmt.Errorf("-class-addrs %s: %w", a, err)
			}
			bases = append(bases, base)
		}
		return nil, bases, nil
	}
	bin := c.bin
	if bin == "" {
		var err error
		if bin, err = buildServer(ctx, dir); err != nil {
			return nil, nil, err
		}
	}
	n := 1
	if c.class.db != "" {
		n = max(1, c.class.replicas)
	}
	var srvs []*server
	var bases []string
	for i := range n {
		args := []string{"-data", filepath.Join(dir, "data"), "-max-streams", "5000"}
		if c.class.db != "" {
			args = []string{"-db", c.class.db, "-max-streams", "5000"}
		}
		if c.class.proxy {
			args = append(args, "-trust-proxy", "127.0.0.1/32")
		}
		args = append(args, c.class.serverFlags...)
		s, err := startServerArgs(bin, dir, fmt.Sprintf("server%d.log", i), args...)
		if err != nil {
			return srvs, bases, err
		}
		srvs = append(srvs, s)
		base, _ := loopbackBase(s.addr)
		if err := waitHealthy(ctx, base, 30*time.Second, s.exited); err != nil {
			return srvs, bases, fmt.Errorf("%w; server log: %s", err, s.log)
		}
		bases = append(bases, base)
	}
	return srvs, bases, nil
}

// phone is one student's device.
type phone struct {
	hc    *http.Client
	base  string // the replica it talks to
	final string // the last answer the server accepted
	mu    sync.Mutex
	q     string // question id seen on the stream
	csrf  string
	ready chan struct{} // closed when the question arrived
	once  sync.Once
}

var (
	reQ     = regexp.MustCompile(`name="q" value="(\d+)"`)
	reCSRF  = regexp.MustCompile(`name="csrf" value="([^"]+)"`)
	reCount = regexp.MustCompile(`answered (\d+) of (\d+) connected`) // class.answers.connected in English
)

// sseEvents reads a stream's events and calls fn with each one's data
// until the body ends.
func sseEvents(body io.Reader, fn func(event, data string)) {
	sc := bufio.NewScanner(body)
	sc.Buffer(make([]byte, 1<<20), 4<<20)
	var ev string
	var data strings.Builder
	for sc.Scan() {
		line := sc.Text()
		switch {
		case line == "":
			if ev != "" {
				fn(ev, data.String())
			}
			ev = ""
			data.Reset()
		case strings.HasPrefix(line, "event: "):
			ev = line[len("event: "):]
		case strings.HasPrefix(line, "data: "):
			data.WriteString(line[len("data: "):] + "\n")
		}
	}
}

// classResult is what the class workload measured.
type classResult struct {
	phones, joined, streams, answered, changed int
	answersLost                                bool
	apiAnswers, histTotal                      int
	mismatch                                   string
	p50, p99, max                              time.Duration
	firstP99, changeP99                        time.Duration // a phone's first answer (it enrols then) and its change
	errors                                     []string
	resent                                     int           // answer sends that failed and were sent again
	blip                                       time.Duration // how long -class-blip ran
	blipErr                                    error
	final                                      time.Duration // projector's count final after the last answer
	finalSeen                                  bool
	lats                                       []time.Duration // every acknowledged send's latency, sorted
}

// runClass runs the class workload.
func runClass(ctx context.Context, c config, stdout, stderr io.Writer) error {
	pa, err := newPhoneAddrs(c.class.phoneAddr, c.class.perAddr, c.class.classes*c.class.phones)
	if err != nil {
		return err
	}
	defer pa.closeIdle()
	dir, err := os.MkdirTemp("", "gaeload-class-")
	if err != nil {
		return err
	}
	if c.keep {
		fmt.Fprintf(stderr, "gaeload: keeping %s\n", dir)
	} else {
		defer os.RemoveAll(dir)
	}
	fmt.Fprintln(stderr, "gaeload: class workload: starting the server(s)…")
	srvs, bases, err := classServers(ctx, c, dir)
	defer func() {
		for _, s := range srvs {
			s.stop()
		}
	}()
	if err != nil {
		return err
	}
	cc := c.class
	replicas := len(bases)
	if cc.proxy {
		var addrs []string
		for _, s := range srvs {
			addrs = append(addrs, s.addr)
		}
		px, err := startProxy(ctx, dir, addrs)
		if err != nil {
			return err
		}
		defer px.stop()
		fmt.Fprintf(stderr, "gaeload: nginx at %s in front of %d replicas\n", px.base, len(addrs))
		bases = []string{px.base}
	}
	// The teacher and the projector come from 127.0.0.1, the phones from
	// their own addresses.
	if !strings.HasPrefix(bases[0], "http://127.") {
		return fmt.Errorf("phones dial from 127.0.0.0/8 addresses: %s is not an IPv4 loopback address", bases[0])
	}
	teacherDialer := &net.Dialer{Timeout: 5 * time.Second, KeepAlive: 30 * time.Second, LocalAddr: &net.TCPAddr{IP: net.IPv4(127, 0, 0, 1)}}
	tr := &http.Transport{Proxy: nil, DialContext: teacherDialer.DialContext, MaxIdleConns: 16, MaxIdleConnsPerHost: 16, IdleConnTimeout: time.Minute}
	defer tr.CloseIdleConnections()
	plain := &http.Client{Transport: tr, Timeout: c.w.timeout}
	fmt.Fprintf(stderr, "gaeload: phones from %d addresses, %s to %s, %d each; the teacher from 127.0.0.1\n",
		len(pa.addrs), pa.addrs[0], pa.addrs[len(pa.addrs)-1], cc.perAddr)

	// The classes are taught side by side, class k's phones from addresses
	// of their own (phones k·n … (k+1)·n−1 of pa).
	results := make([]classResult, cc.classes)
	errs := make([]error, cc.classes)
	var classes sync.WaitGroup
	for k := range cc.classes {
		classes.Add(1)
		go func() {
			defer classes.Done()
			results[k], errs[k] = teachClass(ctx, c, bases, tr, plain, pa, k*cc.phones, stderr)
		}()
	}
	classes.Wait()
	if err := errors.Join(errs...); err != nil {
		return err
	}
	var rssKB []int64
	for _, s := range srvs {
		kB, _ := peakRSSKB(s.cmd.Process.Pid)
		rssKB = append(rssKB, kB)
	}
	return printClasses(stdout, c, replicas, results, rssKB)
}

// teachClass runs one class on bases: the teacher (tr, plain) starts it
// and asks, a projector follows it, and cc.phones phones (pa's from
// first on) join and answer; it returns what it measured.
func teachClass(ctx context.Context, c config, bases []string, tr *http.Transport, plain *http.Client, pa *phoneAddrs, first int, stderr io.Writer) (classResult, error) {
	cc := c.class
	res := classResult{phones: cc.phones}
	// The teacher starts a class.
	var created struct{ Code, Key string }
	if err := apiJSON(ctx, plain, "POST", bases[0]+"/api/v1/classes", "", nil, &created); err != nil {
		return res, fmt.Errorf("create a class: %w", err)
	}
	teacher := bases[len(bases)-1]

	// The projector follows the count.
	var countMu sync.Mutex
	lastCount, countAt := 0, time.Time{}
	pctx, stopProjector := context.WithCancel(ctx)
	defer stopProjector()
	projectorOpen := make(chan struct{})
	var openOnce sync.Once
	// Its old ?k= link answers a 303 that sets the teacher cookie: the
	// client keeps it (without a jar the redirect came back 403).
	pjar, _ := cookiejar.New(nil)
	go follow(pctx, &http.Client{Transport: tr, Jar: pjar}, teacher+"/class/"+created.Code+"/teach/events?k="+url.QueryEscape(created.Key),
		func() { openOnce.Do(func() { close(projectorOpen) }) },
		func(data string) {
			if m := reCount.FindStringSubmatch(data); m != nil {
				n, _ := strconv.Atoi(m[1])
				countMu.Lock()
				if n != lastCount {
					lastCount, countAt = n, time.Now()
				}
				countMu.Unlock()
			}
		})
	select {
	case <-projectorOpen:
	case <-time.After(10 * time.Second):
		return res, errors.New("the projector's stream did not open within 10 s")
	}

	// Phones join within cc.join and hold their streams.
	phones := make([]*phone, cc.phones)
	var wg sync.WaitGroup
	var errMu sync.Mutex
	fail := func(s string) {
		errMu.Lock()
		if len(res.errors) < 20 {
			res.errors = append(res.errors, s)
		}
		errMu.Unlock()
	}
	var joined, streams sync.WaitGroup
	var nJoined, nStreams int
	var cntMu sync.Mutex
	sctx, stopStreams := context.WithCancel(ctx)
	defer stopStreams()
	for i := range phones {
		jar, _ := cookiejar.New(nil)
		ptr := pa.transport(first + i)
		p := &phone{hc: &http.Client{Transport: ptr, Jar: jar, Timeout: c.w.timeout,
			CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }},
			base: bases[i%len(bases)], ready: make(chan struct{})}
		phones[i] = p
		joined.Add(1)
		streams.Add(1)
		go func() {
			defer joined.Done()
			time.Sleep(time.Duration(rand.Int64N(int64(cc.join) + 1)))
			resp, err := p.hc.Get(p.base + "/join/" + created.Code)
			if err != nil || resp.StatusCode != 200 {
				fail(fmt.Sprintf("join: %v %v", err, statusOf(resp)))
				streams.Done()
				return
			}
			io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
			cntMu.Lock()
			nJoined++
			cntMu.Unlock()
			// The stream goes to another replica than the page, as a load balancer may.
			sbase := bases[(i+1)%len(bases)]
			var streamOnce sync.Once
			opened := make(chan struct{})
			go follow(sctx, &http.Client{Transport: ptr, Jar: jar}, sbase+"/class/"+created.Code+"/events",
				func() { streamOnce.Do(func() { close(opened) }) },
				func(data string) {
					q, t := reQ.FindStringSubmatch(data), reCSRF.FindStringSubmatch(data)
					if q != nil && t != nil {
						p.mu.Lock()
						p.q, p.csrf = q[1], t[1]
						p.mu.Unlock()
						p.once.Do(func() { close(p.ready) })
					}
				})
			select {
			case <-opened:
				cntMu.Lock()
				nStreams++
				cntMu.Unlock()
			case <-time.After(c.w.timeout):
				fail("phone stream did not open")
			}
			streams.Done()
		}()
	}
	joined.Wait()
	streams.Wait()
	res.joined, res.streams = nJoined, nStreams
	fmt.Fprintf(stderr, "gaeload: %d phones joined, %d streams open; asking…\n", nJoined, nStreams)

	// The teacher asks; every phone answers within cc.answer, some twice.
	var asked struct{ Question string }
	if err := apiJSON(ctx, plain, "POST", teacher+"/api/v1/classes/"+created.Code+"/ask", created.Key,
		map[string]string{"link": "/play?v=1&p=seed-a", "cell": "adv.2"}, &asked); err != nil {
		return res, fmt.Errorf("ask: %w", err)
	}
	askedAt := time.Now()
	blipDone := make(chan struct{})
	go func() {
		defer close(blipDone)
		if cc.blip == "" {
			return
		}
		time.Sleep(cc.answer / 3)
		fmt.Fprintf(stderr, "gaeload: blip: %s\n", cc.blip)
		start := time.Now()
		out, err := exec.CommandContext(ctx, "sh", "-c", cc.blip).CombinedOutput()
		res.blip = time.Since(start)
		if err != nil {
			res.blipErr = fmt.Errorf("%w: %s", err, out)
		}
	}()
	actx, stopAnswers := context.WithTimeout(ctx, cc.answer+60*time.Second)
	defer stopAnswers()
	var resent atomic.Int64
	values := []string{"0.4", "0.4", "0.4", "0.3", "0.5", "0.7"}
	var latMu sync.Mutex
	var lats, firstLats, changeLats []time.Duration
	var lastAnswer time.Time
	var nAnswered, nChanged int
	for _, p := range phones {
		wg.Add(1)
		go func() {
			defer wg.Done()
			select {
			case <-p.ready:
			case <-time.After(cc.answer):
				fail("a phone never saw the question on its stream")
				return
			}
			times := 1
			if rand.Float64() < cc.change {
				times = 2
			}
			for k := range times {
				at := askedAt.Add(time.Duration(rand.Int64N(int64(cc.answer) * 8 / 10 / int64(times) * int64(k+1))))
				if k > 0 {
					at = askedAt.Add(cc.answer * 8 / 10 * time.Duration(k) / time.Duration(times)).Add(time.Duration(rand.Int64N(int64(cc.answer) / 10)))
				}
				time.Sleep(time.Until(at))
				v := values[rand.IntN(len(values))]
				p.mu.Lock()
				form := url.Values{"csrf": {p.csrf}, "q": {p.q}, "a": {v}}
				p.mu.Unlock()
				d, failed, err := sendAnswer(actx, p.hc, p.base+"/class/"+created.Code+"/answer", form)
				resent.Add(int64(failed))
				if err != nil {
					fail(fmt.Sprintf("answer: %v", err))
					continue
				}
				p.final = v
				latMu.Lock()
				lats = append(lats, d)
				if k == 0 {
					nAnswered++
					firstLats = append(firstLats, d)
				} else {
					nChanged++
					changeLats = append(changeLats, d)
				}
				if now := time.Now(); now.After(lastAnswer) {
					lastAnswer = now
				}
				latMu.Unlock()
			}
		}()
	}
	wg.Wait()
	<-blipDone
	res.answered, res.changed, res.resent = nAnswered, nChanged, int(resent.Load())

	// The projector's count must reach every answering phone.
	deadline := time.Now().Add(5 * time.Second)
	for time.Now().Before(deadline) {
		countMu.Lock()
		n, at := lastCount, countAt
		countMu.Unlock()
		if n == nAnswered {
			res.finalSeen = true
			res.final = max(0, at.Sub(lastAnswer))
			break
		}
		time.Sleep(20 * time.Millisecond)
	}

	// No answer lost: the API counts every phone's last answer once.
	var results struct {
		Answers   int
		Histogram []struct {
			Value string
			Count int
		}
	}
	if err := apiJSON(ctx, plain, "GET", teacher+"/api/v1/classes/"+created.Code+"/results", created.Key, nil, &results); err != nil {
		return res, fmt.Errorf("results: %w", err)
	}
	res.apiAnswers = results.Answers
	want := map[string]int{}
	for _, p := range phones {
		if p.final != "" {
			want[p.final]++
		}
	}
	got := map[string]int{}
	for _, b := range results.Histogram {
		got[b.Value] = b.Count
		res.histTotal += b.Count
	}
	for v, n := range want {
		if got[v] != n {
			res.mismatch += fmt.Sprintf(" %s: %d counted, %d given;", v, got[v], n)
		}
	}
	res.answersLost = res.apiAnswers != nAnswered || res.histTotal != nAnswered || res.mismatch != ""

	for _, l := range [][]time.Duration{lats, firstLats, changeLats} {
		slices.Sort(l)
	}
	res.lats = lats
	if len(lats) > 0 {
		res.p50, res.p99, res.max = percentile(lats, 50), percentile(lats, 99), lats[len(lats)-1]
	}
	if len(firstLats) > 0 {
		res.firstP99 = percentile(firstLats, 99)
	}
	if len(changeLats) > 0 {
		res.changeP99 = percentile(changeLats, 99)
	}
	stopStreams()
	stopProjector()
	return res, nil
}

// printClasses prints the class workload's numbers, each class's and,
// for more than one, those of all their answers together, and with -check
// fails on a missed target: every class's answers counted, its projector
// final, the answers' p99 (of all classes together) and each server's
// peak RSS.
func printClasses(w io.Writer, c config, replicas int, rs []classResult, rssKB []int64) error {
	var missed []string
	var all []time.Duration
	for k, r := range rs {
		label := ""
		if len(rs) > 1 {
			label = fmt.Sprintf("class %d of %d: ", k+1, len(rs))
		}
		missed = append(missed, printClass(w, c, label, replicas, r)...)
		all = append(all, r.lats...)
	}
	slices.Sort(all)
	var p99 time.Duration
	if len(all) > 0 {
		p99 = percentile(all, 99)
	}
	if len(rs) > 1 && len(all) > 0 {
		fmt.Fprintf(w, "all %d classes, %d answers: latency p50 %s p99 %s max %s\n", len(rs), len(all), ms(percentile(all, 50)), ms(p99), ms(all[len(all)-1]))
	}
	var rss []string
	for _, kB := range rssKB {
		rss = append(rss, mb(kB))
	}
	fmt.Fprintf(w, "server peak RSS: %s\n", strings.Join(rss, ", "))
	if !c.check {
		return nil
	}
	if p99 > c.class.maxP99 && c.class.blip == "" { // a blip's answers wait for the database by design
		missed = append(missed, fmt.Sprintf("answer p99 %s > %s", ms(p99), ms(c.class.maxP99)))
	}
	for _, kB := range rssKB {
		if float64(kB)/1024 > c.class.maxRSSM {
			missed = append(missed, fmt.Sprintf("peak RSS %s > %.0f MB", mb(kB), c.class.maxRSSM))
		}
	}
	for _, m := range missed {
		fmt.Fprintf(w, "MISSED %s\n", m)
	}
	if len(missed) > 0 {
		return fmt.Errorf("%d target(s) missed", len(missed))
	}
	fmt.Fprintln(w, "all targets met")
	return nil
}

// printClass prints one class's numbers, each line after label, and
// returns the targets it missed: every phone answers and is counted once,
// and the projector's count is final in time.
func printClass(w io.Writer, c config, label string, replicas int, r classResult) []string {
	store := "sqlite"
	if c.class.db != "" {
		store = "postgres"
	}
	if c.class.proxy {
		store += " behind nginx"
	}
	if c.class.addrs != "" {
		store = "the running servers at " + c.class.addrs
	}
	fmt.Fprintf(w, "%sclass on %s, %d replica(s): %d phones joined, %d streams (+1 projector), %d answered, %d changed their answer\n",
		label, store, replicas, r.joined, r.streams, r.answered, r.changed)
	fmt.Fprintf(w, "%sanswers counted %d, histogram total %d, lost: %v%s\n", label, r.apiAnswers, r.histTotal, r.answersLost, r.mismatch)
	fmt.Fprintf(w, "%sanswer latency (first send to acknowledgement) p50 %s p99 %s max %s; %d failed sends sent again\n", label, ms(r.p50), ms(r.p99), ms(r.max), r.resent)
	fmt.Fprintf(w, "%sp99 of first answers (each enrols its phone) %s, of changed answers %s\n", label, ms(r.firstP99), ms(r.changeP99))
	if c.class.blip != "" {
		fmt.Fprintf(w, "%sblip took %s (err: %v)\n", label, ms(r.blip), r.blipErr)
	}
	if r.finalSeen {
		fmt.Fprintf(w, "%sprojector count final %s after the last answer\n", label, ms(r.final))
	} else {
		fmt.Fprintf(w, "%sprojector count never reached the number of answers\n", label)
	}
	for _, e := range r.errors {
		fmt.Fprintf(w, "%serror: %s\n", label, e)
	}
	var missed []string
	if r.answersLost || r.answered != r.phones || len(r.errors) > 0 {
		missed = append(missed, label+"every phone answers and every answer is counted once")
	}
	if !r.finalSeen || r.final > c.class.maxFinal {
		missed = append(missed, fmt.Sprintf("%sprojector final within %s", label, ms(c.class.maxFinal)))
	}
	return missed
}

func statusOf(resp *http.Response) string {
	if resp == nil {
		return ""
	}
	return resp.Status
}

// apiJSON calls the class API and decodes its answer into out.
func apiJSON(ctx context.Context, hc *http.Client, method, u, key string, body, out any) error {
	var rd io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		rd = bytes.NewReader(b)
	}
	req, err := http.NewRequestWithContext(ctx, method, u, rd)
	if err != nil {
		return err
	}
	if key != "" {
		req.Header.Set("Authorization", "Bearer "+key)
	}
	resp, err := hc.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode/100 != 2 {
		b, _ := io.ReadAll(resp.Body)
		return errors.New(resp.Status + ": " + string(b))
	}
	return json.NewDecoder(resp.Body).Decode(out)
}
