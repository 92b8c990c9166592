//go:build unix

package daemon

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const lockChildEnv = "PBEM_TEST_LOCK_DIR"

// TestLockData: a second lock of one data directory is refused with the
// holder's pid; once released, or once its process is killed with
// SIGKILL, the directory can be taken again (issue 23 item 4).
func TestLockData(t *testing.T) {
	if dir := os.Getenv(lockChildEnv); dir != "" {
		if _, err := LockData(dir); err != nil {
			os.Exit(3)
		}
		os.Stdout.WriteString("locked\n")
		time.Sleep(time.Minute)
		os.Exit(0)
	}
	dir := t.TempDir()
	release, err := LockData(dir)
	require.NoError(t, err)
	_, err = LockData(dir)
	var iu *InUseError
	require.True(t, errors.As(err, &iu), "a second lock: %v", err)
	assert.Equal(t, strconv.Itoa(os.Getpid()), iu.PID)
	assert.Contains(t, err.Error(), "another pbem serve, pid "+iu.PID+", holds the data directory "+dir)
	release()

	cmd := exec.Command(os.Args[0], "-test.run=^TestLockData$")
	cmd.Env = append(os.Environ(), lockChildEnv+"="+dir)
	out, err := cmd.StdoutPipe()
	require.NoError(t, err)
	require.NoError(t, cmd.Start())
	buf := make([]byte, 7)
	_, err = out.Read(buf)
	require.NoError(t, err)
	_, err = LockData(dir)
	require.True(t, errors.As(err, &iu), "held by the child: %v", err)
	assert.Equal(t, strconv.Itoa(cmd.Process.Pid), iu.PID)
	require.NoError(t, cmd.Process.Signal(syscall.SIGKILL))
	_ = cmd.Wait()
	release, err = LockData(dir)
	require.NoError(t, err, "a killed daemon's lock blocks the next start")
	release()
	_, err = os.Stat(filepath.Join(dir, LockFile))
	assert.NoError(t, err)
}
