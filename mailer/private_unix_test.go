//go:build unix

package mailer_test

import (
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pbem-org/pbem/mailer"
	"github.com/pbem-org/pbem/mailer/mailtest"
)

// TestPrivateModes: everything the journal and the outbox write (raw mail
// with players' tokens, done markers, attempts, queued, sent and failed
// mail) is the owner's only, directories 0700 and files 0600, even with a
// umask of 0; a directory found open to others is refused, naming it, its
// mode and the fix (issue 10 item 2).
func TestPrivateModes(t *testing.T) {
	old := syscall.Umask(0)
	defer syscall.Umask(old)
	root := t.TempDir()
	journal, outbox := filepath.Join(root, "journal"), filepath.Join(root, "outbox")

	j, err := mailer.OpenJournal(journal)
	require.NoError(t, err)
	_, err = j.Store(orderMail("m1@pbem.test", "token: 1234-5678-9abc-def0\r\n"))
	require.NoError(t, err)
	require.NoError(t, j.Done("msgid:m1@pbem.test"))
	require.NoError(t, mailer.SetAttempts(j, "msgid:m2@pbem.test", 1))

	srv := startMail(t, mailtest.Options{})
	ob := newOutbox(t, outboxConfig(srv, outbox, &failures{}))
	require.NoError(t, ob.Enqueue(outgoing("welcome.1", alice)))
	require.NoError(t, ob.Enqueue(outgoing("welcome.2", "nobody@pbem.test")))
	require.NoError(t, ob.Enqueue(outgoing("welcome.3", alice)))
	_, err = ob.Flush(t.Context())
	require.NoError(t, err)

	seen := map[string]int{}
	for _, dir := range []string{journal, outbox} {
		require.NoError(t, filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
			require.NoError(t, err)
			info, err := d.Info()
			require.NoError(t, err)
			want := fs.FileMode(0o600)
			if d.IsDir() {
				want = 0o700
			}
			seen[filepath.Base(filepath.Dir(p))]++
			assert.Equal(t, want, info.Mode().Perm(), p)
			return nil
		}))
	}
	for _, sub := range []string{"raw", "done", "attempts", "sent", "failed"} {
		assert.NotZero(t, seen[sub], "nothing written in %s", sub)
	}

	require.NoError(t, os.Chmod(filepath.Join(journal, "raw"), 0o755))
	_, err = mailer.OpenJournal(journal)
	assert.ErrorContains(t, err, filepath.Join(journal, "raw")+" is drwxr-xr-x (0755), open to users other than its owner")
	assert.ErrorContains(t, err, "fix it with: chmod -R go= "+filepath.Join(journal, "raw"))
	require.NoError(t, os.Chmod(filepath.Join(outbox, "queue"), 0o750))
	_, err = mailer.NewOutbox(outboxConfig(srv, outbox, &failures{}), nil)
	assert.ErrorContains(t, err, filepath.Join(outbox, "queue")+" is drwxr-x--- (0750)")
}
