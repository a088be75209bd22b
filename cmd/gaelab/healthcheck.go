package main

import (
	"context"
	"flag"
	"fmt"
	"net"
	"net/http"
	"time"
)

// healthcheckTimeout bounds the whole check.
const healthcheckTimeout = 3 * time.Second

// runHealthcheck runs "gaelab healthcheck [-addr ADDR]": it asks the server
// listening on the serve address (same -addr, $ADDR and default) for
// /healthz and fails unless it answers 200. It is the container's
// HEALTHCHECK, since the image has no shell or curl. A wildcard listen
// address (0.0.0.0, ::) is checked on the loopback.
func runHealthcheck(ctx context.Context, args []string, getenv func(string) string) error {
	fs := flag.NewFlagSet("healthcheck", flag.ContinueOnError)
	addr := fs.String("addr", "", "the server's listen address host:port")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	host, port, err := net.SplitHostPort(resolveAddr(*addr, getenv))
	if err != nil {
		return usageErrorf("healthcheck: %v", err)
	}
	if ip := net.ParseIP(host); host == "" || ip != nil && ip.IsUnspecified() {
		host = "127.0.0.1"
	}
	ctx, cancel := context.WithTimeout(ctx, healthcheckTimeout)
	defer cancel()
	url := "http://" + net.JoinHostPort(host, port) + "/healthz"
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return fmt.Errorf("healthcheck: %w", err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("healthcheck: %s answered %s", url, resp.Status)
	}
	return nil
}
