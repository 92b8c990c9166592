package archive

import (
	"encoding/hex"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestSecretsScrub: Scrub removes every player's token, however retyped,
// the seeds not revealed yet and what Add adds, and keeps the rest: a
// revealed seed, a token-shaped string that is nobody's.
func TestSecretsScrub(t *testing.T) {
	f := newGame(t)
	f.play(f.botText(1))
	sec, err := f.g.Secrets()
	require.NoError(t, err)
	sec.Add("gm00-test-0000-0001")
	alice := f.tokens["Alice"]
	chain, err := f.g.loadChain()
	require.NoError(t, err)
	s1, _ := chain.Seed(1)
	s2, _ := chain.Seed(2)
	last, _ := chain.Seed(chain.Len())
	for _, tc := range []struct{ name, in, want string }{
		{"token", "Alice's is " + alice + ".", "Alice's is [token removed]."},
		{"upper case, spaces", "it is " + strings.ToUpper(strings.ReplaceAll(alice, "-", " ")), "it is [token removed]"},
		{"no dashes", "x " + strings.ReplaceAll(alice, "-", "") + " y", "x [token removed] y"},
		{"the GM's", "GM: GM00-TEST-0000-0001!", "GM: [token removed]!"},
		{"an unrevealed seed", "next " + hex.EncodeToString(s2), "next [secret removed]"},
		{"the chain secret", hex.EncodeToString(last), "[secret removed]"},
		{"a revealed seed stays", hex.EncodeToString(s1), hex.EncodeToString(s1)},
		{"nobody's token stays", "0000-1111-2222-3333", "0000-1111-2222-3333"},
		{"words stay", "Pressure on York", "Pressure on York"},
	} {
		got, n := sec.Scrub(tc.in)
		assert.Equal(t, tc.want, got, tc.name)
		assert.Equal(t, tc.in != tc.want, n > 0, tc.name)
	}
}

// TestSaltWithToken: a salt: line holding a token of the game is refused
// (the salt is published in orders.txt and the report); nothing is
// recorded but the refusal.
func TestSaltWithToken(t *testing.T) {
	f := newGame(t)
	text := f.botText(1)
	due := f.g.Due()
	other := f.tokens["Carol"]
	if f.g.PlayerOf(due.Nation).Name == "Carol" {
		other = f.tokens["Bob"]
	}
	salted := strings.Replace(text, "turn: "+due.ID+"\n", "turn: "+due.ID+"\nsalt: lucky "+other+"\n", 1)
	_, err := f.g.Submit("", salted, testTime)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "the salt: line holds a secret token of this game")
	assert.NotContains(t, err.Error(), other)
	pending, _ := os.ReadDir(filepath.Join(f.dir+".secrets", "pending"))
	assert.Empty(t, pending)
	good := strings.Replace(text, "turn: "+due.ID+"\n", "turn: "+due.ID+"\nsalt: lucky seven\n", 1)
	_, err = f.g.Submit("", good, testTime)
	require.NoError(t, err)
	_, err = f.g.SetStanding(due.Nation, "game: ashdown\nnation: "+due.Nation+"\nkind: standing\nsalt: "+f.token(due.Nation)+"\n", testTime)
	require.Error(t, err, "standing orders' salt is published in standing.txt")
}
