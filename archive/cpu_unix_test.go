//go:build unix

package archive

import (
	"syscall"
	"time"
)

// cpuTime is the CPU time used by the process so far, user and system.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
