//go:build unix

package mw

import "syscall"

// DefaultMaxConns is the total cap of connections: the file-descriptor
// limit (RLIMIT_NOFILE, which the Go runtime raises to its hard limit at
// start) less FDReserve for the database, the log and the files the
// server opens, and at least 64.
func DefaultMaxConns() int {
	var rl syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &rl); err != nil || rl.Cur > 1<<24 {
		return 1 << 16
	}
	return max(int(rl.Cur)-FDReserve, 64)
}
