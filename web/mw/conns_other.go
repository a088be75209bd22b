//go:build !unix

package mw

// DefaultMaxConns is the total cap of connections where the
// file-descriptor limit cannot be read.
func DefaultMaxConns() int { return 1 << 13 }
