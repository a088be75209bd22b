package main

import (
	"context"
	"flag"
	"io"
	"log/slog"

	"gaelab/web"
)

// defaultAddr is where serve listens when neither -addr nor $ADDR says.
const defaultAddr = "127.0.0.1:8080"

// runServe runs "gaelab serve [-addr ADDR]" until ctx is cancelled, logging
// to stderr.
func runServe(ctx context.Context, args []string, getenv func(string) string, stderr io.Writer) error {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	addr := fs.String("addr", "", "listen address host:port")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return usageErrorf("serve: unexpected argument %q", fs.Arg(0))
	}

	logger := slog.New(slog.NewTextHandler(stderr, nil))
	srv := web.NewServer(resolveAddr(*addr, getenv), logger)
	return web.Serve(ctx, srv, logger)
}

// resolveAddr returns the listen address: the -addr flag if set, else the
// ADDR environment variable if set, else defaultAddr.
func resolveAddr(flagAddr string, getenv func(string) string) string {
	if flagAddr != "" {
		return flagAddr
	}
	if env := getenv("ADDR"); env != "" {
		return env
	}
	return defaultAddr
}
