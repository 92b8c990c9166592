package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestPaceFlags (issue 23): pbem new gives a game a pace of its own,
// pbem pace shows and changes it ("default" gives a setting back), a bad
// value is a usage error that changes nothing, and pbem status shows it;
// a player's time zone in the players file is taken.
func TestPaceFlags(t *testing.T) {
	tmp := t.TempDir()
	players := write(t, tmp, "players.yaml", "- name: Alice\n  email: alice@example.org\n  timezone: America/New_York\n- name: Bob\n  email: bob@example.org\n- name: Carol\n  email: carol@example.org\n")
	game := filepath.Join(tmp, "fast")
	out := must(t, "new", "--game", game, "--players", players, "--deadline", "2h", "--at", "21:00", "--timezone", "Europe/Berlin", "--extensions", "1")
	contains(t, "new", out, "Its own pace: deadline 2h, at 21:00, timezone Europe/Berlin, extensions 1 (the rest: pbem serve's)")
	contains(t, "pace", must(t, "pace", "--game", game), "Game fast's own pace: deadline 2h, at 21:00, timezone Europe/Berlin, extensions 1")
	contains(t, "pace", must(t, "pace", "--game", game, "--at", "default", "--grace", "90m", "--weekends", "skip"),
		"Game fast's own pace: deadline 2h, timezone Europe/Berlin, weekends skip, grace 1h30m, extensions 1")
	before, err := os.ReadFile(filepath.Join(game, "pace.yaml"))
	require.NoError(t, err)
	code, _, stderr := pbem(t, "pace", "--game", game, "--deadline", "3w")
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, stderr, `--deadline: "3w" is not a duration`)
	after, err := os.ReadFile(filepath.Join(game, "pace.yaml"))
	require.NoError(t, err)
	assert.Equal(t, string(before), string(after), "nothing changed")
	code, _, stderr = pbem(t, "new", "--game", filepath.Join(tmp, "slow"), "--players", players, "--deadline", "30m")
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, stderr, "--deadline: 30m is out of range: 1h to 336h")
	contains(t, "status", must(t, "status", "--game", game), "pace: deadline 2h, timezone Europe/Berlin, weekends skip, grace 1h30m, extensions 1 (the rest pbem serve's)")
	contains(t, "verify", must(t, "verify", "--game", game))
}
