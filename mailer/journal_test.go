package mailer_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pbem-org/pbem/mailer"
)

// TestJournalStore checks raw mail is stored once under its digest, read
// back intact, and leaves no temporary files.
func TestJournalStore(t *testing.T) {
	dir := t.TempDir()
	j, err := mailer.OpenJournal(dir)
	require.NoError(t, err)
	raw := orderMail("j1@pbem.test", "move 1 Kent > Essex\r\n")

	id, err := j.Store(raw)
	require.NoError(t, err)
	assert.Len(t, id, 64)
	again, err := j.Store(raw)
	require.NoError(t, err)
	assert.Equal(t, id, again)

	got, err := j.Load(id)
	require.NoError(t, err)
	assert.Equal(t, raw, got)

	entries, err := os.ReadDir(filepath.Join(dir, "raw"))
	require.NoError(t, err)
	require.Len(t, entries, 1)
	assert.Equal(t, id+".eml", entries[0].Name())
	info, err := entries[0].Info()
	require.NoError(t, err)
	assert.Equal(t, os.FileMode(0o600), info.Mode().Perm(), "players' mail is private")

	for _, bad := range []string{"", "../../etc/passwd", id[:63] + "X"} {
		_, err := j.Load(bad)
		assert.Error(t, err, bad)
	}
}

// TestJournalDone checks done markers by key, across a reopen.
func TestJournalDone(t *testing.T) {
	dir := t.TempDir()
	j, err := mailer.OpenJournal(dir)
	require.NoError(t, err)
	tests := []struct {
		name string
		key  string
	}{
		{"message-id with brackets", mailer.MessageIDKey("<a@b>")},
		{"uid", mailer.UIDKey("gm@127.0.0.1:143", "INBOX", 7, 42)},
		{"odd characters", "anything / with \n newlines"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			done, err := j.IsDone(tc.key)
			require.NoError(t, err)
			assert.False(t, done)
			require.NoError(t, j.Done(tc.key))
			require.NoError(t, j.Done(tc.key))
			reopened, err := mailer.OpenJournal(dir)
			require.NoError(t, err)
			done, err = reopened.IsDone(tc.key)
			require.NoError(t, err)
			assert.True(t, done)
		})
	}
	assert.Equal(t, mailer.MessageIDKey("<a@b>"), mailer.MessageIDKey(" a@b "))
	assert.NotEqual(t, mailer.UIDKey("a", "INBOX", 7, 42), mailer.UIDKey("a", "INBOX", 8, 42), "UIDVALIDITY is part of the key")
}
