package archive

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestPlayersFilePrefs: the players file takes each player's mail
// preferences (issue 14), a default kept as empty; a bad one is refused
// with the file, the line and the values it takes.
func TestPlayersFilePrefs(t *testing.T) {
	good := "- name: Alice\n  email: alice@example.org\n  map: round\n  format: text\n  reports: digest\n  timezone: Europe/Berlin\n" +
		"- name: Bob\n  email: bob@example.org\n  map: Never\n" +
		"- name: Carol\n  email: carol@example.org\n  map: every\n  format: html\n"
	ps, err := ParsePlayers("p.yaml", []byte(good))
	require.NoError(t, err)
	assert.Equal(t, []Player{
		{Name: "Alice", Email: "alice@example.org", Prefs: MailPrefs{Map: "round", Format: "text", Reports: "digest", Timezone: "Europe/Berlin"}},
		{Name: "Bob", Email: "bob@example.org", Prefs: MailPrefs{Map: "never"}},
		{Name: "Carol", Email: "carol@example.org"},
	}, ps)

	head := "- name: Alice\n  email: alice@example.org\n"
	for _, tc := range []struct{ name, in, want string }{
		{"bad map", head + "  map: sometimes\n", `p.yaml:3: player 1: map: "sometimes" is not one of every, round, never`},
		{"bad format", head + "  format: pdf\n", `p.yaml:3: player 1: format: "pdf" is not one of html, text`},
		{"bad reports", head + "  reports: weekly\n", `p.yaml:3: player 1: reports: "weekly" is not one of every, digest`},
		{"empty", head + "  map:\n", `p.yaml:3: player 1: map: wants one of every, round, never on the same line, not nothing`},
		{"a list", head + "  format: [html, text]\n", `p.yaml:3: player 1: format: wants one of html, text on the same line, not a list`},
		{"twice", head + "  map: round\n  map: never\n", `p.yaml:4: player 1: map: is given twice (first at line 3)`},
		{"unknown", head + "  digest: yes\n", `p.yaml:3: player 1: unknown field "digest": a player has name: and email:, and may have map:, format:, reports:, timezone: (mail preferences)`},
		{"bad zone", head + "  timezone: Europe/Atlantis\n", `p.yaml:3: player 1: timezone: "Europe/Atlantis" is not a time zone (write an IANA name such as Europe/Berlin or UTC)`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ParsePlayers("p.yaml", []byte(tc.in))
			require.Error(t, err)
			assert.Equal(t, tc.want, err.Error())
		})
	}
}

// TestSetPrefs: preferences set by mail are kept in game.yaml, logged
// with the request in players.log, seen by a new process, and setting
// them again changes nothing; a game whose players keep the defaults has
// no preference lines in game.yaml, as before (issue 14).
func TestSetPrefs(t *testing.T) {
	f := newGame(t)
	gy := func() string {
		data, err := os.ReadFile(filepath.Join(f.dir, "game.yaml"))
		require.NoError(t, err)
		return string(data)
	}
	before := gy()
	for _, k := range PrefKeys() {
		assert.NotContains(t, before, "\n    "+k+":", "defaults leave game.yaml as it was")
	}
	alice := f.g.Players()[0].Name
	var p MailPrefs
	require.NoError(t, p.Set("map", "round"))
	require.NoError(t, p.Set("reports", "digest"))
	require.NoError(t, f.g.SetPrefs(alice, p, "j-1"))
	assert.Contains(t, gy(), "    map: round\n    reports: digest\n")
	seat, ok := f.g.ChangedBy("j-1")
	assert.True(t, ok)
	assert.Equal(t, alice, seat)
	log := func() string {
		data, err := os.ReadFile(filepath.Join(f.dir, playersLog))
		require.NoError(t, err)
		return string(data)
	}
	assert.Equal(t, 1, strings.Count(log(), "mail preferences map round, format html, reports digest [ref j-1]"))

	require.NoError(t, f.g.SetPrefs(alice, p, "j-1"), "a mail handled again after a crash")
	assert.Equal(t, 1, strings.Count(log(), "mail preferences"), "nothing changed, nothing logged")

	f.reopen()
	assert.Equal(t, p, f.g.Players()[0].Prefs, "a new process sees the preferences")
	assert.Equal(t, "round", f.g.Players()[0].Prefs.Get("map"))
	assert.Equal(t, "html", f.g.Players()[0].Prefs.Get("format"))

	require.NoError(t, f.g.SetPrefs(alice, MailPrefs{Map: "every", Format: "html", Reports: "every"}, "j-2"))
	assert.Equal(t, before, gy(), "back to the defaults: game.yaml as it was")

	assert.ErrorContains(t, f.g.SetPrefs("Nobody", p, "j-3"), `no player "Nobody"`)
	assert.ErrorContains(t, f.g.SetPrefs(alice, MailPrefs{Map: "weekly"}, "j-4"), `map: "weekly" is not one of every, round, never`)
	require.NoError(t, Verify(f.dir), "preferences are not part of the game")
}

// TestMailPrefsSet: names and values are read case-blind; an unknown name
// is refused with the list of preferences.
func TestMailPrefsSet(t *testing.T) {
	var p MailPrefs
	require.NoError(t, p.Set(" Format ", "TEXT"))
	assert.Equal(t, MailPrefs{Format: "text"}, p)
	assert.Equal(t, "map every, format text, reports every", p.String())
	assert.EqualError(t, p.Set("colour", "red"), `"colour" is not a preference: the preferences are map, format, reports, timezone`)
	require.NoError(t, p.Set("timezone", "America/New_York"))
	assert.Equal(t, "map every, format text, reports every, timezone America/New_York", p.String())
	require.NoError(t, p.Set("timezone", "default"))
	assert.Equal(t, MailPrefs{Format: "text"}, p)
}
