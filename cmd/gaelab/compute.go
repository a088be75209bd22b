package main

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"os"

	"gaelab/web/api"
)

// computeFunc is the shape of api.Compute, so tests can stand in for it.
type computeFunc func(body []byte) ([]byte, *api.Error)

// runCompute runs "gaelab compute [FILE]": it reads one case from FILE, or
// from stdin without one, and prints compute's JSON answer and a newline.
// A client error (bad input) comes back as an error naming the field.
func runCompute(args []string, stdin io.Reader, stdout io.Writer, compute computeFunc) error {
	fs := flag.NewFlagSet("compute", flag.ContinueOnError)
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() > 1 {
		return usageErrorf("compute: want at most one FILE, got %d arguments", fs.NArg())
	}

	in := stdin
	if name := fs.Arg(0); name != "" {
		f, err := os.Open(name)
		if err != nil {
			return fmt.Errorf("compute: %w", err)
		}
		defer f.Close()
		in = f
	}
	body, err := readLimited(in, api.MaxBodyBytes)
	if err != nil {
		return fmt.Errorf("compute: %w", err)
	}

	out, apiErr := compute(body)
	if apiErr != nil {
		return fmt.Errorf("compute: %w", apiErr)
	}
	out = append(bytes.TrimRight(out, "\n"), '\n')
	_, err = stdout.Write(out)
	return err
}

// readLimited reads all of r, failing if it holds more than limit bytes.
func readLimited(r io.Reader, limit int64) ([]byte, error) {
	b, err := io.ReadAll(io.LimitReader(r, limit+1))
	if err != nil {
		return nil, err
	}
	if int64(len(b)) > limit {
		return nil, fmt.Errorf("input is larger than the limit of %d bytes (%d MiB)", limit, limit>>20)
	}
	return b, nil
}
