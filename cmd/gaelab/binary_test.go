package main

import (
	"bufio"
	"context"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

// The built binary (built as the Dockerfile builds it) carries every asset: started in an empty directory with
// an empty environment (TMPDIR aside) and an empty data directory, it serves the playground, a lesson in both
// languages, the charts, a QR code and every static file the pages link.
func TestBinaryNeedsNoFiles(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	bin := filepath.Join(t.TempDir(), "gaelab")
	// The Dockerfile's build command, so the container runs what this tests.
	build := exec.Command("go", "build", "-trimpath", "-ldflags=-s -w", "-o", bin, ".")
	build.Env = append(os.Environ(), "CGO_ENABLED=0")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	// Its data directory is a fresh one of its own too (see TestMain): the
	// environment is empty but for TMPDIR, so that the fallback the binary
	// would use without -data is this package's poisoned one.
	cmd := exec.CommandContext(ctx, bin, "serve", "-addr", "127.0.0.1:0", "-log-format", "json", "-data", t.TempDir())
	cmd.Dir = t.TempDir()
	cmd.Env = []string{"TMPDIR=" + os.TempDir()}
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Wait()
	defer cmd.Process.Kill()

	lines := bufio.NewScanner(stderr)
	listening := regexp.MustCompile(`"msg":"listening","addr":"([^"]+)"`)
	var base string
	for base == "" && lines.Scan() {
		if m := listening.FindStringSubmatch(lines.Text()); m != nil {
			base = "http://" + m[1]
		}
	}
	if base == "" {
		t.Fatal("the binary did not report its address")
	}
	go io.Copy(io.Discard, stderr)

	get := func(path string) string {
		t.Helper()
		resp, err := http.Get(base + path)
		if err != nil {
			t.Fatalf("GET %s: %v", path, err)
		}
		defer resp.Body.Close()
		body, _ := io.ReadAll(resp.Body)
		if resp.StatusCode != http.StatusOK || len(body) == 0 {
			t.Fatalf("GET %s: %d, %d bytes", path, resp.StatusCode, len(body))
		}
		return string(body)
	}
	pages := get("/play?v=1&p=seed-b") + get("/lessons/gae") + get("/lessons/gae?lang=zh")
	get("/play/chart/values.svg?v=1&p=seed-b")
	get("/qr.svg?u=/lessons/gae")
	css := ""
	for _, m := range regexp.MustCompile(`(?:href|src)="(/static/[^"]+)"`).FindAllStringSubmatch(pages, -1) {
		body := get(m[1])
		if strings.HasSuffix(m[1], ".css") {
			css += body
		}
	}
	fonts := regexp.MustCompile(`url\(["']?(/static/[^)"']+)`).FindAllStringSubmatch(css, -1)
	if len(fonts) == 0 {
		t.Error("the stylesheet links no font")
	}
	for _, m := range fonts {
		get(m[1])
	}
}
