package scratch

import "syscall"

// memDir is Linux's memory file system for shared memory, which every
// user may write.
const memDir = "/dev/shm"

// freeBytes is the room left on the file system of path, 0 where it
// cannot be read.
func freeBytes(path string) uint64 {
	var st syscall.Statfs_t
	if syscall.Statfs(path, &st) != nil {
		return 0
	}
	return st.Bavail * uint64(st.Bsize)
}
