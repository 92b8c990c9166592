//go:build !linux

package scratch

// memDir is none but on Linux.
const memDir = ""

// freeBytes is 0 but on Linux: the tests write on disk.
func freeBytes(path string) uint64 { return 0 }
