package mailer_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/pbem-org/pbem/mailer"
	"github.com/pbem-org/pbem/mailer/mailtest"
	"github.com/stretchr/testify/require"
)

// age sets the modification time of every file of dir to t.
func age(t *testing.T, dir string, when time.Time) {
	t.Helper()
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	for _, e := range entries {
		require.NoError(t, os.Chtimes(filepath.Join(dir, e.Name()), when, when))
	}
}

func names(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	var out []string
	for _, e := range entries {
		out = append(out, e.Name())
	}
	return out
}

// TestJournalPrune: the journal forgets mail handled before the cut-off
// (its raw copy, its markers, its attempt count) and keeps the rest and
// any temporary file; a message pruned is stored afresh when seen again.
func TestJournalPrune(t *testing.T) {
	dir := t.TempDir()
	j, err := mailer.OpenJournal(dir)
	require.NoError(t, err)
	old, err := j.Store([]byte("Subject: old\r\n\r\nold"))
	require.NoError(t, err)
	require.NoError(t, j.Done("msgid:old@example.org"))
	month := time.Now().Add(-31 * 24 * time.Hour)
	for _, d := range []string{"raw", "done"} {
		age(t, filepath.Join(dir, d), month)
	}
	require.NoError(t, os.WriteFile(filepath.Join(dir, "raw", ".tmp-1"), nil, 0o600))
	require.NoError(t, os.Chtimes(filepath.Join(dir, "raw", ".tmp-1"), month, month))
	fresh, err := j.Store([]byte("Subject: new\r\n\r\nnew"))
	require.NoError(t, err)
	require.NoError(t, j.Done("msgid:new@example.org"))

	n, err := j.Prune(time.Now().Add(-30 * 24 * time.Hour))
	require.NoError(t, err)
	require.Equal(t, 2, n, "the old raw mail and its marker")
	require.ElementsMatch(t, []string{".tmp-1", fresh + ".eml"}, names(t, filepath.Join(dir, "raw")))
	_, err = j.Load(old)
	require.Error(t, err)
	done, err := j.IsDone("msgid:old@example.org")
	require.NoError(t, err)
	require.False(t, done)
	done, err = j.IsDone("msgid:new@example.org")
	require.NoError(t, err)
	require.True(t, done)
	again, err := j.Store([]byte("Subject: old\r\n\r\nold"))
	require.NoError(t, err)
	require.Equal(t, old, again)
	_, err = j.Load(old)
	require.NoError(t, err)
}

// TestOutboxPrune: the outbox forgets what it sent before the cut-off and
// keeps what it sent since, and every message queued or failed.
func TestOutboxPrune(t *testing.T) {
	srv := startMail(t, mailtest.Options{})
	dir := t.TempDir()
	ob := newOutbox(t, outboxConfig(srv, dir, &failures{}))
	require.NoError(t, ob.Enqueue(outgoing("old", alice)))
	_, err := ob.Flush(context.Background())
	require.NoError(t, err)
	age(t, filepath.Join(dir, "sent"), time.Now().Add(-31*24*time.Hour))
	require.NoError(t, ob.Enqueue(outgoing("new", alice)))
	_, err = ob.Flush(context.Background())
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "failed", "gave-up.json"), []byte("{}"), 0o600))
	age(t, filepath.Join(dir, "failed"), time.Now().Add(-31*24*time.Hour))

	n, err := ob.Prune(time.Now().Add(-30 * 24 * time.Hour))
	require.NoError(t, err)
	require.Equal(t, 1, n)
	require.Equal(t, []string{"new.json"}, names(t, filepath.Join(dir, "sent")))
	require.Equal(t, []string{"gave-up.json"}, names(t, filepath.Join(dir, "failed")))
	st, err := ob.State("new")
	require.NoError(t, err)
	require.Equal(t, mailer.StateSent, st)
}
