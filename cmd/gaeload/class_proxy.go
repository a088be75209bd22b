package main

import (
	"context"
	_ "embed"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"text/template"
	"time"
)

// nginxConf is the reverse proxy's configuration for -class-proxy (and
// the README's example).
//
//go:embed testdata/nginx.conf.tmpl
var nginxConf string

// nginxBin is Debian's nginx (nginx-light is enough).
const nginxBin = "/usr/sbin/nginx"

// proxy is an nginx this tool started in front of the replicas.
type proxy struct {
	cmd    *exec.Cmd
	base   string
	dir    string
	exited chan struct{}
}

// startProxy starts nginx on a free port of 127.0.0.1 in front of the
// replicas (their 127.0.0.1:PORT), with its files in dir/nginx, and waits
// until it answers /healthz.
func startProxy(ctx context.Context, dir string, upstreams []string) (*proxy, error) {
	if _, err := os.Stat(nginxBin); err != nil {
		return nil, fmt.Errorf("-class-proxy needs nginx at %s (apt-get install nginx-light): %w", nginxBin, err)
	}
	port, err := freePort()
	if err != nil {
		return nil, err
	}
	ndir := filepath.Join(dir, "nginx")
	if err := os.MkdirAll(ndir, 0o777); err != nil {
		return nil, err
	}
	os.Chmod(ndir, 0o777) // nginx's workers may run as another user
	conf := filepath.Join(ndir, "nginx.conf")
	f, err := os.Create(conf)
	if err != nil {
		return nil, err
	}
	err = template.Must(template.New("nginx").Parse(nginxConf)).Execute(f, map[string]any{"Dir": ndir, "Port": port, "Upstreams": upstreams})
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return nil, err
	}
	log, err := os.Create(filepath.Join(ndir, "stderr.log"))
	if err != nil {
		return nil, err
	}
	defer log.Close()
	p := &proxy{base: "http://" + net.JoinHostPort("127.0.0.1", strconv.Itoa(port)), dir: ndir, exited: make(chan struct{})}
	p.cmd = exec.Command(nginxBin, "-p", ndir, "-c", conf, "-e", filepath.Join(ndir, "error.log"))
	p.cmd.Stdout, p.cmd.Stderr = log, log
	if err := p.cmd.Start(); err != nil {
		return nil, fmt.Errorf("start nginx: %w", err)
	}
	go func() { p.cmd.Wait(); close(p.exited) }()
	if err := waitHealthy(ctx, p.base, 10*time.Second, p.exited); err != nil {
		b, _ := os.ReadFile(filepath.Join(ndir, "error.log"))
		p.stop()
		return nil, fmt.Errorf("nginx: %w\n%s", err, strings.TrimSpace(string(b)))
	}
	return p, nil
}

// stop ends nginx (SIGQUIT: a graceful stop) within 5 s.
func (p *proxy) stop() {
	p.cmd.Process.Signal(syscall.SIGQUIT)
	select {
	case <-p.exited:
	case <-time.After(5 * time.Second):
		p.cmd.Process.Kill()
		<-p.exited
	}
}
