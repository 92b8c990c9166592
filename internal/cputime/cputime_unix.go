//go:build unix

// Package cputime is the process's CPU time, for benchmarks: on a machine
// shared with other work it measures a benchmark better than the wall
// clock.
package cputime

import (
	"syscall"
	"time"
)

// Self is the CPU time the process has used so far, user and system.
func Self() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
