// Command gaelab serves GAE Lab, a web app that teaches PPO and GAE as verl
// implements them, and computes single cases from the command line.
//
// Usage:
//
//	gaelab [serve] [-addr ADDR] [-log-format text|json] [-embed-origins LIST] [-max-inflight N]
//	gaelab compute [FILE]
//	gaelab healthcheck [-addr ADDR]
//	gaelab help
package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"syscall"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	// After the first signal, restore the default so a second one kills at once.
	context.AfterFunc(ctx, stop)

	if err := run(ctx, os.Args[1:], os.Getenv, os.Stdin, os.Stdout, os.Stderr); err != nil {
		fmt.Fprintf(os.Stderr, "gaelab: %v\n", err)
		os.Exit(1)
	}
}
