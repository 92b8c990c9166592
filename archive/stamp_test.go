package archive

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestWriteSeesAnotherProcess: a game opened by two processes; one plays
// a step, and the other's next write is for the turn due after it, though
// it skips reading the game again when nothing changed (its stamp, files
// last changed long before they were read).
func TestWriteSeesAnotherProcess(t *testing.T) {
	f := newGame(t)
	old := time.Now().Add(-time.Hour)
	for _, p := range []string{f.dir, filepath.Join(f.dir, turnsDir)} {
		require.NoError(t, os.Chtimes(p, old, old))
	}
	other, err := Open(f.dir) // its stamp is trusted: changed an hour before it was read
	require.NoError(t, err)
	first := other.Due()
	require.NoError(t, other.reloadIfChanged())
	assert.Equal(t, first, other.Due())

	text := f.botText(1)
	f.play(text)
	next := f.g.Due()
	require.NotEqual(t, first.ID, next.ID)

	_, err = other.Submit(first.Nation, text, testTime)
	require.Error(t, err, "the turn is played: its orders are frozen")
	assert.Equal(t, next, other.Due(), "the write read the game again")
}
