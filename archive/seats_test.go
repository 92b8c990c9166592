package archive

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/pbem-org/pbem/templates"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// continuousGame creates a Hy Breasil game of continuous play (Hy Breasil
// 10) for Alice, Bob and Carol.
func continuousGame(t *testing.T) (string, *Game) { return hyBreasilGame(t, "continuous") }

// hyBreasilGame creates the Hy Breasil game "isles" with the options for
// Alice, Bob and Carol.
func hyBreasilGame(t *testing.T, options ...string) (string, *Game) {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "isles")
	g, _, err := Create(dir, NewGame{Ruleset: "hy-breasil", Options: options, Players: testPlayers, Created: testTime}, testRand("isles"))
	require.NoError(t, err)
	g.now = func() time.Time { return testTime }
	return dir, g
}

// TestSeatChangesArchived: a player admitted and one asking to leave are
// played by the next invasion phase (Hy Breasil 10.1) from its input file
// seats.txt, in the inputs digest; the game reopens with the new seat
// (its colour the next of the tables, its token in tokens.yaml) and
// verifies; the requests are in players.log.
func TestSeatChangesArchived(t *testing.T) {
	dir, g := continuousGame(t)
	tok, err := g.AdmitPlayer(Player{Name: "Dave", Email: "dave@example.org"}, PlayerChange{Why: "asked on the forum", Ref: "m1"}, testRand("dave"))
	require.NoError(t, err)
	again, err := g.AdmitPlayer(Player{Name: "Dave", Email: "dave@example.org"}, PlayerChange{Why: "asked on the forum", Ref: "m1"}, testRand("other"))
	require.NoError(t, err)
	assert.Equal(t, tok, again, "a retried request gets the seat it made, not a second")
	require.NoError(t, g.AskSeat("Bob", false, PlayerChange{Why: "holiday", By: "player"}))

	steps, err := g.AdvanceEvents()
	require.NoError(t, err)
	require.NotEmpty(t, steps)
	seats := readFile(t, filepath.Join(dir, "turns", "001-r01-invasion", fileSeats))
	assert.Equal(t, "# players leaving and entering the game at the start of r01-invasion (archive/doc.go)\nleave Blue\nenter Orange\n", seats)
	assert.Contains(t, readFile(t, filepath.Join(dir, "turns", "001-r01-invasion", fileInputs)), "  "+fileSeats+"\n")

	g, err = Open(dir)
	require.NoError(t, err)
	got := g.Seats()
	require.Len(t, got, 4)
	assert.Equal(t, SeatInfo{Name: "Dave", Colour: "Orange", In: true, WantsIn: true, Turns: 1}, got[3])
	assert.False(t, got[1].In)
	assert.Equal(t, 3, g.r.e.Players, "the game was set up for 3; Dave was admitted")
	toks := readFile(t, filepath.Join(DefaultSecrets(dir), "tokens.yaml"))
	assert.Contains(t, toks, "name: Dave\n  token: "+tok)
	assert.NotContains(t, readFile(t, filepath.Join(dir, "game.yaml")), tok)
	log := readFile(t, filepath.Join(dir, playersLog))
	assert.Contains(t, log, "Dave (gm): admitted as Orange; enters the game at the start of the next turn; why: asked on the forum [ref m1]")
	assert.Contains(t, log, "Bob (player): asks to leave the game at the start of the next turn; why: holiday")
	require.NoError(t, Verify(dir))

	start, err := g.Step("start")
	require.NoError(t, err)
	assert.Len(t, templates.MapView(g.Rules(), g.Public(start, "")).Players, 3, "Dave, admitted later, is not on the map of the start")
	first, err := g.Step("r01-invasion")
	require.NoError(t, err)
	assert.Len(t, templates.MapView(g.Rules(), g.Public(first, "")).Players, 4)
}

// TestSeatChangesTampered: verify refuses a seats.txt changed after the
// step (its digest), and one whose change no request in players.log
// backs (doc.go "Seats").
func TestSeatChangesTampered(t *testing.T) {
	dir, g := continuousGame(t)
	require.NoError(t, g.AskSeat("Carol", false, PlayerChange{Why: "busy", By: "player"}))
	_, err := g.AdvanceEvents()
	require.NoError(t, err)

	edited := copyTree(t, dir)
	path := filepath.Join(edited, "turns", "001-r01-invasion", fileSeats)
	writeFile(t, path, strings.Replace(readFile(t, path), "leave Green", "leave Blue", 1))
	err = Verify(edited)
	require.Error(t, err)
	assert.Contains(t, err.Error(), fileInputs)

	unbacked := copyTree(t, dir)
	writeFile(t, filepath.Join(unbacked, playersLog), "")
	err = Verify(unbacked)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "leave Green, but players.log has no such request of theirs")

	other := copyTree(t, dir) // a request of another player whose name starts the same
	path = filepath.Join(other, playersLog)
	writeFile(t, path, strings.Replace(readFile(t, path), "Carol (player)", "Carol (the second) (player)", 1))
	err = Verify(other)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "leave Green, but players.log has no such request of theirs")
}

// TestSeatRefusals: what a GM or player cannot ask, each with its reason.
func TestSeatRefusals(t *testing.T) {
	_, g := continuousGame(t)
	_, err := g.AdmitPlayer(Player{Name: "Eve", Email: "alice@example.org"}, PlayerChange{Why: "x"}, testRand("e"))
	assert.ErrorContains(t, err, "two players have the address alice@example.org")
	_, err = g.AdmitPlayer(Player{Name: "Eve", Email: "eve@example.org"}, PlayerChange{}, testRand("e"))
	assert.ErrorContains(t, err, "needs a reason")
	_, err = g.AdmitPlayer(Player{Name: "Bob (player): asks to leave", Email: "eve@example.org"}, PlayerChange{Why: "x"}, testRand("e"))
	assert.ErrorContains(t, err, "may not hold ( ) or :")
	for i, name := range []string{"Dave", "Erin", "Frank"} {
		_, err := g.AdmitPlayer(Player{Name: name, Email: strings.ToLower(name) + "@example.org"}, PlayerChange{Why: "x"}, testRand(name))
		require.NoError(t, err, "seat %d", i+4)
	}
	_, err = g.AdmitPlayer(Player{Name: "Gail", Email: "gail@example.org"}, PlayerChange{Why: "x"}, testRand("g"))
	assert.ErrorContains(t, err, "has all its 6 seats")

	require.NoError(t, g.AskSeat("Alice", false, PlayerChange{Why: "x", Ref: "m7"}))
	require.NoError(t, g.AskSeat("Alice", false, PlayerChange{Why: "x", Ref: "m7"}), "the same request retried after a crash")
	assert.ErrorContains(t, g.AskSeat("Alice", false, PlayerChange{Why: "x"}), "has asked to be out of the game already")
	assert.ErrorContains(t, g.AskSeat("Nobody", false, PlayerChange{Why: "x"}), `has no player "Nobody"`)
	for _, name := range []string{"Bob", "Carol", "Dave", "Erin"} {
		require.NoError(t, g.AskSeat(name, false, PlayerChange{Why: "x"}))
	}
	assert.ErrorContains(t, g.AskSeat("Frank", false, PlayerChange{Why: "x"}), "the last player in the game and cannot leave")

	f := newGame(t) // reduX: the players are fixed
	_, err = f.g.AdmitPlayer(Player{Name: "Dave", Email: "dave@example.org"}, PlayerChange{Why: "x"}, testRand("d"))
	assert.True(t, errors.Is(err, ErrFixedSeats), "%v", err)
	assert.ErrorIs(t, f.g.AskSeat("Alice", false, PlayerChange{Why: "x"}), ErrFixedSeats)
	assert.Nil(t, f.g.Seats())
	_, statErr := os.Stat(filepath.Join(f.dir, playersLog))
	assert.True(t, os.IsNotExist(statErr), "nothing logged for a refused change")
}

// TestAskReroll is Hy Breasil 6.1's reroll by reply as a step of its own
// (asked.go): the player of the nation due rerolls its random event for a
// civilization token before writing orders; the step is archived and
// verified, a retried request plays nothing twice, the turn stays due and
// plays with the new event; nobody may ask in a nation's first turn or
// once orders are accepted, and verify refuses a reroll nobody asked for.
func TestAskReroll(t *testing.T) {
	dir, g := hyBreasilGame(t)
	_, err := g.AdvanceEvents()
	require.NoError(t, err)
	due := g.Due()
	_, err = g.Ask("Nope", "reroll", "player", "", testTime)
	assert.ErrorContains(t, err, `unknown nation "Nope"`)
	f := newGame(t)
	_, err = f.g.Ask(f.g.Due().Nation, "reroll", "player", "", testTime)
	assert.ErrorContains(t, err, "has no step to ask for before a turn")
	_, err = g.Ask(due.Nation, "reroll", "player", "m0", testTime)
	assert.ErrorContains(t, err, "cannot be asked for", "the first turn has Strong leader without a roll (6.1)")
	for i := 0; g.State().Round < 2 || g.Due().Nation == ""; i++ {
		require.Less(t, i, 100)
		_, err := g.Advance(g.Due().Nation != "")
		require.NoError(t, err)
	}
	due = g.Due()
	steps := len(g.Steps())
	st, err := g.Ask(due.Nation, "reroll", "player", "m1", testTime)
	require.NoError(t, err)
	assert.Equal(t, due.ID+"-reroll", st.ID)
	assert.Contains(t, st.Report, "as a civilization token to reroll")
	assert.Equal(t, due.ID, g.Due().ID, "the turn stays due")
	again, err := g.Ask(due.Nation, "reroll", "player", "m1", testTime)
	require.NoError(t, err)
	assert.Equal(t, st.Number, again.Number, "a retried request plays nothing twice")
	assert.Len(t, g.Steps(), steps+1)

	_, err = g.Advance(true) // the bot's orders, with the event as rerolled
	require.NoError(t, err)
	require.NoError(t, Verify(dir))
	log := filepath.Join(dir, submissionsLog)
	var kept []string
	for _, l := range strings.Split(readFile(t, log), "\n") {
		if !strings.Contains(l, " kind=asked ") {
			kept = append(kept, l)
		}
	}
	writeFile(t, log, strings.Join(kept, "\n"))
	err = Verify(dir)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "nobody asked for "+due.ID+"-reroll")
}

// TestAskNotDueWords: a reroll asked for a nation that is not due names it
// as Hy Breasil does, not "the Sun do not move now".
func TestAskNotDueWords(t *testing.T) {
	_, g := hyBreasilGame(t)
	_, err := g.AdvanceEvents()
	require.NoError(t, err)
	due := g.Due()
	other := "Sun"
	if strings.EqualFold(due.Nation, other) {
		other = "Moon"
	}
	_, err = g.Ask(other, "reroll", "gm", "", testTime)
	require.Error(t, err)
	assert.Equal(t, "it is not the "+other+" nation's turn: "+due.ID+" is due", err.Error())
}
