package daemon

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/pbem-org/pbem/mailer"
)

// TestPruneMail: serve prunes the journal and the outbox of mail older
// than keep_mail at start, by the daemon's clock; keep_mail 0 keeps all.
func TestPruneMail(t *testing.T) {
	f := newFixture(t)
	dir := t.TempDir()
	j, err := mailer.OpenJournal(filepath.Join(dir, "journal"))
	require.NoError(t, err)
	out, err := mailer.NewOutbox(mailer.OutboxConfig{Dir: filepath.Join(dir, "outbox")}, nil)
	require.NoError(t, err)
	oldID, err := j.Store([]byte("Subject: old\r\n\r\nold"))
	require.NoError(t, err)
	newID, err := j.Store([]byte("Subject: new\r\n\r\nnew"))
	require.NoError(t, err)
	raw := func(id string) string { return filepath.Join(dir, "journal", "raw", id+".eml") }
	for id, at := range map[string]time.Time{oldID: f.now.Add(-31 * 24 * time.Hour), newID: f.now.Add(-29 * 24 * time.Hour)} {
		require.NoError(t, os.Chtimes(raw(id), at, at))
	}

	f.d.cfg.KeepMail = 0
	require.NoError(t, f.d.pruneMail(context.Background(), j, out))
	require.FileExists(t, raw(oldID), "keep_mail 0 keeps every mail")

	f.d.cfg.KeepMail = 30 * 24 * time.Hour
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- f.d.pruneMail(ctx, j, out) }()
	require.Eventually(t, func() bool { _, err := os.Stat(raw(oldID)); return os.IsNotExist(err) }, 5*time.Second, 10*time.Millisecond)
	cancel()
	require.ErrorIs(t, <-done, context.Canceled)
	require.FileExists(t, raw(newID))
}
