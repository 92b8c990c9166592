package archive

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"gopkg.in/yaml.v3"
)

// TestNoAddressInPublicRecord: a new game's game.yaml, the public record,
// holds no address; the addresses are in the private directory with the
// tokens, the game knows them, and without the private directory the game
// opens and verifies (issue 23 item 8).
func TestNoAddressInPublicRecord(t *testing.T) {
	f := newGame(t)
	f.play(f.botText(1))
	gy, err := os.ReadFile(filepath.Join(f.dir, "game.yaml"))
	require.NoError(t, err)
	assert.NotContains(t, string(gy), "@")
	toks, err := os.ReadFile(filepath.Join(f.dir+".secrets", "tokens.yaml"))
	require.NoError(t, err)
	for _, p := range testPlayers {
		assert.Contains(t, string(toks), "email: "+p.Email)
	}
	f.reopen()
	for i, p := range f.g.Players() {
		assert.Equal(t, testPlayers[i].Email, p.Email)
	}
	require.NoError(t, f.g.SetPrefs("Bob", MailPrefs{Map: "round"}, "r1"))
	_, err = f.g.ChangePlayer("Carol", PlayerChange{Email: "carol@example.net", Why: "moved", By: "player"}, testRand("c"))
	require.NoError(t, err)
	assertNoAddress(t, f.dir)

	pub := copyDir(t, f.dir)
	g, err := OpenOptions(pub, Options{Secrets: filepath.Join(t.TempDir(), "none")})
	require.NoError(t, err)
	for _, p := range g.Players() {
		assert.Empty(t, p.Email, "an address without the private directory")
	}
	require.NoError(t, Verify(pub))
	f.reopen()
	assert.Equal(t, "carol@example.net", f.g.PlayerByName("Carol").Email)
	assert.Equal(t, "alice@example.org", f.g.PlayerByName("Alice").Email)
}

// TestOldGameAddresses: a game whose game.yaml holds the addresses (every
// game created before issue 23) is read as before, and its first write (or
// MoveAddresses) moves them to the private directory, tokens.yaml first:
// the game plays on with every address, and game.yaml has none.
func TestOldGameAddresses(t *testing.T) {
	for _, tc := range []struct {
		name  string
		write func(f *fixture) error
	}{
		{"MoveAddresses", func(f *fixture) error { return f.g.MoveAddresses() }},
		{"prefs", func(f *fixture) error { return f.g.SetPrefs("Alice", MailPrefs{Format: "text"}, "p1") }},
		{"token", func(f *fixture) error {
			_, err := f.g.ChangePlayer("Bob", PlayerChange{RotateToken: true, Why: "leaked"}, testRand("b"))
			return err
		}},
		{"address", func(f *fixture) error {
			_, err := f.g.ChangePlayer("Bob", PlayerChange{Email: "bob@example.net", Why: "moved"}, testRand("b"))
			return err
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := newGame(t)
			makeOld(t, f.dir)
			f.reopen()
			assert.True(t, f.g.HasAddresses())
			assert.Equal(t, "bob@example.org", f.g.PlayerByName("Bob").Email, "read from the old game.yaml")
			require.NoError(t, tc.write(f))
			assert.False(t, f.g.HasAddresses())
			assertNoAddress(t, f.dir)
			f.reopen()
			assert.False(t, f.g.HasAddresses())
			for i, p := range f.g.Players() {
				want := testPlayers[i].Email
				if tc.name == "address" && p.Name == "Bob" {
					want = "bob@example.net"
				}
				assert.Equal(t, want, p.Email, p.Name)
			}
			if tc.name != "token" {
				f.play(f.botText(1))
			}
			require.NoError(t, Verify(f.dir))
		})
	}
}

// makeOld writes a game's game.yaml and tokens.yaml as pbem wrote them
// before issue 23: the addresses in game.yaml, none in tokens.yaml.
func makeOld(t *testing.T, dir string) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(dir, "game.yaml"))
	require.NoError(t, err)
	gf, err := parseGameFile(data)
	require.NoError(t, err)
	var b bytes.Buffer
	b.WriteString(gameHeader)
	for i := range gf.Players {
		gf.Players[i].Email = testPlayers[i].Email
	}
	enc := yaml.NewEncoder(&b)
	enc.SetIndent(2)
	require.NoError(t, enc.Encode(gf))
	require.Contains(t, b.String(), "email: alice@example.org")
	require.NoError(t, os.WriteFile(filepath.Join(dir, "game.yaml"), b.Bytes(), 0o644))
	tpath := filepath.Join(dir+".secrets", "tokens.yaml")
	var toks []tokenEntry
	data, err = os.ReadFile(tpath)
	require.NoError(t, err)
	require.NoError(t, yaml.Unmarshal(data, &toks))
	for i := range toks {
		toks[i].Email = ""
	}
	out, err := yaml.Marshal(toks)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(tpath, out, 0o600))
}

// assertNoAddress fails if a file of the game directory holds an address.
func assertNoAddress(t *testing.T, dir string) {
	t.Helper()
	require.NoError(t, filepath.Walk(dir, func(p string, info os.FileInfo, err error) error {
		if err != nil || info.IsDir() {
			return err
		}
		data, err := os.ReadFile(p)
		if err == nil && bytes.Contains(data, []byte("@example.")) {
			t.Errorf("%s holds an address:\n%s", p, data)
		}
		return err
	}))
}

// copyDir copies a game directory alone (not its private directory) to a
// new temporary directory, as a GM publishes it.
func copyDir(t *testing.T, dir string) string {
	t.Helper()
	to := filepath.Join(t.TempDir(), filepath.Base(dir))
	require.NoError(t, filepath.Walk(dir, func(p string, info os.FileInfo, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		if info.IsDir() {
			return os.MkdirAll(filepath.Join(to, rel), 0o755)
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(to, rel), data, 0o644)
	}))
	return to
}

// TestStepNumberAndID: a step given by number and id ("080-r07-invasion")
// must name one step: Step, Report and Rollback refuse a number and an
// id that disagree, and take the folder as it is (issue 23).
func TestStepNumberAndID(t *testing.T) {
	f := newGame(t)
	f.play(f.botText(1))
	f.play(f.botText(2))
	st, err := f.g.Step("002-r01-welsh")
	require.NoError(t, err)
	assert.Equal(t, "r01-welsh", st.ID)
	for _, bad := range []string{"002-r01-romanobritish", "001-r01-welsh", "2-r01-brigantes"} {
		_, err := f.g.Step(bad)
		require.Error(t, err, bad)
		assert.Contains(t, err.Error(), "names two steps")
		_, err = f.g.Report(bad)
		assert.Error(t, err, bad)
		_, err = f.g.Rollback(bad, "test")
		assert.ErrorContains(t, err, "names two steps", bad)
	}
	_, err = f.g.Step("002-r01-romanobritish")
	assert.ErrorContains(t, err, `step 002 is r01-welsh, not r01-romanobritish`)
	for _, good := range []string{"2", "002", "r01-welsh", "start"} {
		_, err := f.g.Step(good)
		assert.NoError(t, err, good)
	}
}
