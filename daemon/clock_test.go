package daemon

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pbem-org/pbem/archive"
)

// TestReadClock: pbem status reads the deadline the daemon keeps for the
// turn due (docs/design.md §5), extensions and pause included, from the
// game's directory alone; there is none for a game outside a daemon's
// data directory or for a turn whose clock has not started.
func TestReadClock(t *testing.T) {
	f := newFixture(t)
	require.NoError(t, f.d.TickGame(t.Context(), f.g))
	c, err := ReadClock(f.g)
	require.NoError(t, err)
	require.NotNil(t, c, "the clock of the turn due")
	assert.Equal(t, "r01-romanobritish", c.Turn)
	assert.True(t, c.Deadline.Equal(f.now.Add(48*time.Hour)), "deadline %s, want 48 hours after %s", c.Deadline, f.now)
	assert.False(t, c.Paused)

	st := f.d.loadPace(f.g)
	st.Extended += 24 * time.Hour
	st.Paused = true
	st.Auto = map[string]bool{"Welsh": true, "Brigantes": false, "Angles": true}
	require.NoError(t, f.d.savePace(f.g, st))
	// Opened anew from its directory, as pbem status does.
	g, err := archive.Open(f.g.Dir())
	require.NoError(t, err)
	c, err = ReadClock(g)
	require.NoError(t, err)
	require.NotNil(t, c)
	assert.True(t, c.Deadline.Equal(f.now.Add(72*time.Hour)), "an extension moves the deadline: %s", c.Deadline)
	assert.True(t, c.Paused)
	assert.Equal(t, []string{"Angles", "Welsh"}, c.Auto)

	// A clock left from an earlier turn is not this turn's.
	st.Turn = "r00-old"
	require.NoError(t, f.d.savePace(f.g, st))
	c, err = ReadClock(g)
	require.NoError(t, err)
	assert.Nil(t, c)

	// A game that no daemon serves.
	other := filepath.Join(t.TempDir(), "elsewhere")
	require.NoError(t, os.CopyFS(other, os.DirFS(f.g.Dir())))
	g, err = archive.Open(other)
	require.NoError(t, err)
	c, err = ReadClock(g)
	require.NoError(t, err)
	assert.Nil(t, c)
}
