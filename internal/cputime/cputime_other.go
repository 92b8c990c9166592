//go:build !unix

// Package cputime is the process's CPU time, for benchmarks.
package cputime

import "time"

// Self is not measured here: benchmarks report 0 CPU time.
func Self() time.Duration { return 0 }
