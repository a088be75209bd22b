// Command gaelab serves GAE Lab, a web app that teaches PPO and GAE as verl
// implements them, and computes single cases from the command line.
//
// Usage:
//
//	gaelab [serve] [-addr ADDR] [-log-format text|json] [-embed-origins LIST] [-max-inflight N]
//	gaelab compute [FILE]
//	gaelab healthcheck [-addr ADDR]
//	gaelab inspect FILE|DIR [--ver v0.x] [--json] [--gamma G] [--lam L] [--kl-coef B] [--kl-penalty NAME] [--use-kl-in-reward]
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

	err := run(ctx, os.Args[1:], os.Getenv, os.Stdin, os.Stdout, os.Stderr)
	if err != nil && !silent(err) {
		fmt.Fprintf(os.Stderr, "gaelab: %v\n", err)
	}
	os.Exit(exitStatus(err))
}
