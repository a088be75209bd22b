package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// loopbackBase is the base URL of a server address, which must be a loopback
// IP address with a port ("127.0.0.1:8080", "[::1]:8080", optionally with
// "http://"): this tool never sends load anywhere else, so host names (which
// could resolve elsewhere) are refused too.
func loopbackBase(addr string) (string, error) {
	hostport := strings.TrimSuffix(strings.TrimPrefix(addr, "http://"), "/")
	host, port, err := net.SplitHostPort(hostport)
	if err != nil {
		return "", fmt.Errorf("address %q: want host:port: %w", addr, err)
	}
	if ip := net.ParseIP(host); ip == nil || !ip.IsLoopback() {
		return "", fmt.Errorf("address %q: only a loopback IP address (127.0.0.1, ::1) may be load-tested", addr)
	}
	return "http://" + net.JoinHostPort(host, port), nil
}

// server is a gaelab process this tool started.
type server struct {
	cmd     *exec.Cmd
	addr    string        // 127.0.0.1:PORT
	log     string        // the file its stdout and stderr go to
	exited  chan struct{} // closed when the process has exited
	waitErr error         // how it exited, once exited is closed
}

// buildServer builds ./cmd/gaelab of the module in the working directory
// into dir and returns the binary's path.
func buildServer(ctx context.Context, dir string) (string, error) {
	bin := filepath.Join(dir, "gaelab")
	ctx, cancel := context.WithTimeout(ctx, 5*time.Minute)
	defer cancel()
	out, err := exec.CommandContext(ctx, "go", "build", "-o", bin, "./cmd/gaelab").CombinedOutput()
	if err != nil {
		return "", fmt.Errorf("go build ./cmd/gaelab (run gaeload from the repository root): %w\n%s", err, out)
	}
	return bin, nil
}

// startServer starts "bin serve -addr 127.0.0.1:PORT" on a free port, its
// output going to server.log in dir.
func startServer(bin, dir string) (*server, error) {
	return startServerArgs(bin, dir, "server.log", "-data", filepath.Join(dir, "data"))
}

// startServerArgs is startServer with more serve flags and a log name.
func startServerArgs(bin, dir, logName string, args ...string) (*server, error) {
	port, err := freePort()
	if err != nil {
		return nil, err
	}
	s := &server{addr: net.JoinHostPort("127.0.0.1", strconv.Itoa(port)), log: filepath.Join(dir, logName)}
	logFile, err := os.Create(s.log)
	if err != nil {
		return nil, err
	}
	defer logFile.Close() // the child has its own copy
	s.cmd = exec.Command(bin, append([]string{"serve", "-addr", s.addr}, args...)...)
	s.cmd.Stdout, s.cmd.Stderr = logFile, logFile
	if err := s.cmd.Start(); err != nil {
		return nil, fmt.Errorf("start %s: %w", bin, err)
	}
	s.exited = make(chan struct{})
	go func() {
		s.waitErr = s.cmd.Wait()
		close(s.exited)
	}()
	return s, nil
}

// freePort is a TCP port on 127.0.0.1 that nothing listens on right now.
func freePort() (int, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port, nil
}

// stop sends SIGTERM and waits up to 10 s for the server to exit, then kills it.
func (s *server) stop() error {
	select {
	case <-s.exited:
		return fmt.Errorf("server exited before it was stopped: %v (see %s)", s.waitErr, s.log)
	default:
	}
	if err := s.cmd.Process.Signal(syscall.SIGTERM); err != nil {
		return err
	}
	select {
	case <-s.exited:
		return s.waitErr
	case <-time.After(10 * time.Second):
		s.cmd.Process.Kill()
		<-s.exited
		return errors.New("server did not stop within 10 s of SIGTERM; killed")
	}
}

// waitHealthy polls base/healthz until it answers 200, for at most limit or
// until exited is closed (nil: a server this tool did not start).
func waitHealthy(ctx context.Context, base string, limit time.Duration, exited <-chan struct{}) error {
	ctx, cancel := context.WithTimeout(ctx, limit)
	defer cancel()
	hc := &http.Client{Transport: &http.Transport{Proxy: nil}, Timeout: time.Second}
	defer hc.CloseIdleConnections()
	for {
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, base+"/healthz", nil)
		resp, err := hc.Do(req)
		last := fmt.Sprint(err)
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return nil
			}
			last = resp.Status
		}
		select {
		case <-ctx.Done():
			return fmt.Errorf("%s/healthz did not answer 200 within %v (last: %s)", base, limit, last)
		case <-exited:
			return fmt.Errorf("the server exited before %s/healthz answered", base)
		case <-time.After(50 * time.Millisecond):
		}
	}
}

// peakRSSKB is a process's peak resident set size (VmHWM in
// /proc/<pid>/status), in kB.
func peakRSSKB(pid int) (int64, error) {
	f, err := os.Open(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0, err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if rest, ok := strings.CutPrefix(sc.Text(), "VmHWM:"); ok {
			return strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(rest), "kB")), 10, 64)
		}
	}
	if err := sc.Err(); err != nil {
		return 0, err
	}
	return 0, fmt.Errorf("no VmHWM in /proc/%d/status", pid)
}
