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
	assert.Contains(t, string(log), p.Name+" (gm): a new address, new token; why: the old token leaked")
	assert.NotContains(t, string(log), "@", "players.log, public, names no address")
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

// TestParsePlayers: a players file is read in seat order, and each bad
// one is refused with the file, the line and words a GM understands, every
// problem at once (issue 10: players.yaml).
func TestParsePlayers(t *testing.T) {
	good := "# the players of hastings\n- name: Alice\n  email: alice@example.org\n- name: Bob\n  email: Bob@Example.org   # comment\n- {name: Carol, email: carol@example.org}\n"
	ps, err := ParsePlayers("p.yaml", []byte(good))
	require.NoError(t, err)
	assert.Equal(t, []Player{{Name: "Alice", Email: "alice@example.org"}, {Name: "Bob", Email: "Bob@Example.org"}, {Name: "Carol", Email: "carol@example.org"}}, ps)

	two := "- name: Alice\n  email: alice@example.org\n"
	tests := []struct {
		name, in string
		want     []string // the error's lines
	}{
		{"empty", "", []string{"p.yaml: the file is empty: want a list with one entry per player"}},
		{"only comments", "# nobody yet\n", []string{"p.yaml: the file is empty"}},
		{"mapping", "name: Alice\nemail: alice@example.org\n", []string{"p.yaml:1: want a list with one entry per player, in seat order: \"- name: Alice\" and, below it, \"  email: alice@example.org\"; this is a set of fields (a mapping)"}},
		{"players key", "players:\n  - name: Alice\n", []string{`p.yaml:1: start the file with the list itself ("- name: Alice"), without "players:"`}},
		{"text", "Alice, Bob, Carol\n", []string{`p.yaml:1: want a list with one entry per player`}},
		{"syntax", "- name: Alice\n  email: alice@example.org\n - name: Bob\n", []string{"p.yaml:2: not YAML: did not find expected '-' indicator (mind the indentation"}},
		{"tab", "- name: Alice\n\temail: alice@example.org\n", []string{"p.yaml:2: not YAML: found a tab character that violates indentation (mind"}},
		{"mail typo", two + "- name: Bob\n  mail: bob@example.org\n", []string{`p.yaml:4: player 2: unknown field "mail" (did you mean email?): a player has name: and email:`}},
		{"capital", "- Name: Alice\n  email: alice@example.org\n", []string{`p.yaml:1: player 1: unknown field "Name" (did you mean name?)`}},
		{"other field", "- name: Alice\n  email: alice@example.org\n  colour: red\n", []string{`p.yaml:3: player 1: unknown field "colour": a player has name: and email:`}},
		{"no email", two + "- name: Bob\n", []string{"p.yaml:3: player 2 has no email: line"}},
		{"no name", "- email: alice@example.org\n", []string{"p.yaml:1: player 1 has no name: line"}},
		{"empty email", two + "- name: Bob\n  email:\n", []string{"p.yaml:4: player 2: email: wants an address like alice@example.org on the same line, not nothing"}},
		{"list as name", "- name: [Alice, Ann]\n  email: alice@example.org\n", []string{"p.yaml:1: player 1: name: wants the player's name on the same line, not a list"}},
		{"twice", "- name: Alice\n  email: alice@example.org\n  email: ann@example.org\n", []string{"p.yaml:3: player 1: email: is given twice (first at line 2)"}},
		{"bare name", two + "- Bob\n", []string{`p.yaml:3: player 2: want "name:" and "email:" lines below the dash, not the text "Bob"`}},
		{"malformed", "- name: Alice\n  email: alice.example.org\n", []string{`p.yaml:2: player 1: "alice.example.org" is not an email address like alice@example.org`}},
		{"two at signs", "- name: Alice\n  email: alice@@example.org\n", []string{`p.yaml:2: player 1: "alice@@example.org" is not an email address`}},
		{"display name", "- name: Alice\n  email: Alice <alice@example.org>\n", []string{`p.yaml:2: player 1: "Alice <alice@example.org>": write the address alone, alice@example.org`}},
		{"duplicate address", two + "- name: Bob\n  email: ALICE@example.org\n", []string{"p.yaml:3: player 2's address ALICE@example.org is also the address of the player at line 1"}},
		{"duplicate name", two + "- name: alice\n  email: ann@example.org\n", []string{"p.yaml:3: player 2 is called alice, like the player at line 1"}},
		{"alias", "- &a\n  name: Alice\n  email: alice@example.org\n- *a\n", []string{"p.yaml:4: player 2: want \"name:\" and \"email:\" lines below the dash, not an alias (*)"}},
		{"second document", two + "---\n- name: Bob\n  email: bob@example.org\n", []string{`p.yaml:3: a second YAML document (after "---")`}},
		{"every problem in line order", "- name: Alice\n  emial: alice@example.org\n- name: Bob\n  email: bob\n", []string{
			`p.yaml:2: player 1: unknown field "emial" (did you mean email?)`,
			`p.yaml:4: player 2: "bob" is not an email address`,
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ps, err := ParsePlayers("p.yaml", []byte(tc.in))
			require.Error(t, err, "players %v", ps)
			var pe *PlayersError
			require.ErrorAs(t, err, &pe)
			lines := strings.Split(err.Error(), "\n")
			require.Len(t, lines, len(tc.want), err.Error())
			for i, w := range tc.want {
				assert.True(t, strings.HasPrefix(lines[i], w), "line %d:\n got %s\nwant %s…", i+1, lines[i], w)
			}
			assert.NotContains(t, err.Error(), "archive.Player", "no Go types")
			assert.NotContains(t, err.Error(), "!!", "no YAML tags")
		})
	}
}

// TestPlayerAddresses: Create and ChangePlayer refuse the addresses
// ParsePlayers refuses: malformed, with a display name, or another seat's.
func TestPlayerAddresses(t *testing.T) {
	for _, tc := range []struct {
		name string
		ps   []Player
		want string
	}{
		{"malformed", []Player{{Name: "A", Email: "a@example.org"}, {Name: "B", Email: "b.example.org"}, {Name: "C", Email: "c@example.org"}}, `player 2 (B): "b.example.org" is not an email address`},
		{"duplicate", []Player{{Name: "A", Email: "a@example.org"}, {Name: "B", Email: "b@example.org"}, {Name: "C", Email: "B@example.org"}}, "two players have the address B@example.org"},
		{"missing", []Player{{Name: "A", Email: "a@example.org"}, {Name: "B", Email: ""}, {Name: "C", Email: "c@example.org"}}, `player 2 (B): "" is not an email address`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, _, err := Create(filepath.Join(t.TempDir(), "g"), NewGame{Ruleset: "redux", Players: tc.ps}, testRand("x"))
			assert.ErrorContains(t, err, tc.want)
		})
	}
	f := newGame(t)
	_, err := f.g.ChangePlayer("Alice", PlayerChange{Email: "BOB@example.org", Why: "x"}, testRand("x"))
	assert.ErrorContains(t, err, "BOB@example.org is Bob's address already")
	_, err = f.g.ChangePlayer("Alice", PlayerChange{Email: "Alice <alice@new.example.org>", Why: "x"}, testRand("x"))
	assert.ErrorContains(t, err, "write the address alone, alice@new.example.org")
	_, err = f.g.ChangePlayer("Alice", PlayerChange{Email: " alice@new.example.org ", Why: "moved"}, testRand("x"))
	require.NoError(t, err)
	assert.Equal(t, "alice@new.example.org", f.g.Players()[0].Email)
}
