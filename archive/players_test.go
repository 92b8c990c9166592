package archive

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestChangePlayer: a player moves address and their token is rotated
// (docs/design.md §5); the change is logged, the old token stops working, the new
// one works, a new process sees it, and the archive still verifies.
func TestChangePlayer(t *testing.T) {
	f := newGame(t)
	f.play(f.botText(1))
	due := f.g.Due()
	p := f.g.PlayerOf(due.Nation)
	old := f.tokens[p.Name]
	text := f.botText(2)

	_, err := f.g.ChangePlayer(p.Name, PlayerChange{Email: "new@example.org"}, testRand("x"))
	require.Error(t, err, "a reason is required")
	tok, err := f.g.ChangePlayer(p.Name, PlayerChange{Email: "new@example.org", RotateToken: true, Why: "the old token leaked", By: "gm"}, testRand("rotate"))
	require.NoError(t, err)
	require.NotEmpty(t, tok)
	assert.NotEqual(t, old, tok)
	assert.Equal(t, "new@example.org", f.g.PlayerOf(due.Nation).Email)

	_, err = f.g.Submit(due.Nation, text, testTime)
	require.Error(t, err, "the old token no longer works")
	assert.Contains(t, err.Error(), "token")
	_, err = f.g.Submit(due.Nation, strings.Replace(text, "token: "+old, "token: "+tok, 1), testTime)
	require.NoError(t, err, "the new token works")

	log, err := os.ReadFile(filepath.Join(f.dir, playersLog))
	require.NoError(t, err)
	assert.Contains(t, string(log), p.Name+" (gm): address "+p.Email+" -> new@example.org, new token; why: the old token leaked")
	gy, _ := os.ReadFile(filepath.Join(f.dir, "game.yaml"))
	assert.NotContains(t, string(gy), tok, "game.yaml keeps only the token's hash")

	f.reopen()
	assert.Equal(t, "new@example.org", f.g.PlayerOf(due.Nation).Email, "a new process sees the change")
	_, err = f.g.Advance(false)
	require.NoError(t, err)
	require.NoError(t, Verify(f.dir))

	_, err = f.g.ChangePlayer("Nobody", PlayerChange{RotateToken: true, Why: "x"}, testRand("y"))
	assert.ErrorContains(t, err, `no player "Nobody"`)
}
