package hybreasil_test

import (
	"crypto/sha256"
	"fmt"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pbem-org/pbem/adjudicator"
	"github.com/pbem-org/pbem/adjudicator/hybreasil"
	"github.com/pbem-org/pbem/bot"
	"github.com/pbem-org/pbem/dice"
	"github.com/pbem-org/pbem/games"
	"github.com/pbem-org/pbem/orders"
	"github.com/pbem-org/pbem/rulesets"
)

// continuousEngine is Hy Breasil with option continuous (Hy Breasil 10).
func continuousEngine(t *testing.T, players int, options ...string) *adjudicator.Engine {
	t.Helper()
	return engineOn(t, "", players, append([]string{"continuous"}, options...)...)
}

// playUntil plays bot turns and round events without seat changes until
// the step id is due.
func playUntil(t *testing.T, e *adjudicator.Engine, s *adjudicator.State, id string) *adjudicator.State {
	t.Helper()
	standing := make([]*orders.File, e.NumNations())
	for n := range standing {
		standing[n] = bot.Standing(e, n, "t", "", 1)
	}
	for i := 0; e.TurnID(s) != id; i++ {
		require.False(t, s.Over, "the game ended before %s", id)
		require.Less(t, i, 2000)
		var err error
		s, err = step(e, s, adjudicator.Input{Standing: standing})
		require.NoError(t, err)
	}
	return s
}

// step plays the step due with in (the bot's orders for a nation turn).
func step(e *adjudicator.Engine, s *adjudicator.State, in adjudicator.Input) (*adjudicator.State, error) {
	id := e.TurnID(s)
	key := sha256.Sum256([]byte("continuous-test " + id))
	d := dice.NewTurn(key[:], "t", id, nil, nil)
	if e.Due(s).Kind == adjudicator.NationTurn {
		in.Orders = bot.Orders(e, s, "t", "", 1)
		ns, _, err := e.Play(s, in, d)
		return ns, err
	}
	ns, _, err := e.Play(s, in, d)
	return ns, err
}

// seatEvents plays a round event with seat changes and returns the state
// and the texts of its events.
func seatEvents(t *testing.T, e *adjudicator.Engine, s *adjudicator.State, cs ...adjudicator.SeatChange) (*adjudicator.State, string) {
	t.Helper()
	id := e.TurnID(s)
	key := sha256.Sum256([]byte("continuous-test " + id))
	ns, evs, err := e.Play(s, adjudicator.Input{Seats: cs}, dice.NewTurn(key[:], "t", id, nil, nil))
	require.NoError(t, err)
	var b strings.Builder
	for _, ev := range e.Render(evs) {
		b.WriteString(ev.Text + "\n")
	}
	return ns, b.String()
}

func owned(s *adjudicator.State, seat int) []adjudicator.NationID {
	var out []adjudicator.NationID
	for n := range s.Nations {
		if hybreasil.InPlay(s, n) && s.Nations[n].Owner == seat {
			out = append(out, n)
		}
	}
	return out
}

// TestPlayerLeavesAndEnters is Hy Breasil 10.1 and 10.2: at the start of
// turn 3 Red leaves and a fourth player (Orange) enters. Red's nations go
// to the players still in the game, Red's turn marker and VP stay where
// they were, Orange's marker starts at 1 and Orange gains a new nation of
// 10 units (5.1) while an unused token set is left; every other marker
// moves on to 3.
func TestPlayerLeavesAndEnters(t *testing.T) {
	e := continuousEngine(t, 3)
	s := playUntil(t, e, e.NewState(), "r03-invasion")
	before, takes := e.Seats(s)
	require.True(t, takes, "the invasion phase takes seat changes (10.1)")
	require.Len(t, before, 3)
	redNations := owned(s, 0)
	require.NotEmpty(t, redNations)

	s, text := seatEvents(t, e, s, adjudicator.SeatChange{Seat: 0}, adjudicator.SeatChange{Seat: 3, Enter: true})
	after, _ := e.Seats(s)
	require.Len(t, after, 4)
	assert.False(t, after[0].In)
	assert.Equal(t, before[0].Turns, after[0].Turns, "10.2: a player who left keeps his marker")
	assert.Equal(t, before[0].VP, after[0].VP, "10.3: and his VP")
	assert.Empty(t, owned(s, 0), "10.1: all his nations are distributed")
	for _, n := range redNations {
		assert.True(t, !hybreasil.InPlay(s, n) || s.Nations[n].Owner != 0, "the %s nation", e.NationName(n))
	}
	assert.Equal(t, 3, after[1].Turns)
	assert.Equal(t, 3, after[2].Turns)
	assert.Equal(t, adjudicator.SeatStatus{In: true, Turns: 1, VP: 0}, after[3], "10.2: a new player's marker starts at 1")
	assert.Contains(t, text, fmt.Sprintf("Red leaves the game after 2 turns with %d VP, a corrected score of", before[0].VP))
	assert.Contains(t, text, "Orange enters the game")
	if !strings.Contains(text, "no unused token set is left for Orange") {
		m := regexp.MustCompile(`The (\w+) nation enters with 10 units in [^(]*\(Hy Breasil 10.1\)\nThe (\w+) nation goes to Orange`).FindStringSubmatch(text)
		require.NotNil(t, m, "10.1: he gains one new nation as in 5.1: %s", text)
		assert.Equal(t, m[1], m[2])
	}
	for p := range after {
		assert.LessOrEqual(t, len(owned(s, p)), hybreasil.Limit(e, s), "5.3 for the new number of players, seat %d", p+1)
	}
	assert.Equal(t, hybreasil.NationLimit(continuousEngine(t, 3)), hybreasil.Limit(e, s), "3 players in the game: the 3-player limit")
}

// TestPlayerEntersAgain is Hy Breasil 10.2 and 10.3: a player who left
// enters again with his old marker and score, and the marker moves on from
// where it was.
func TestPlayerEntersAgain(t *testing.T) {
	e := continuousEngine(t, 3)
	s := playUntil(t, e, e.NewState(), "r02-invasion")
	s, _ = seatEvents(t, e, s, adjudicator.SeatChange{Seat: 1})
	left, _ := e.Seats(s)
	s = playUntil(t, e, s, "r04-invasion")
	mid, _ := e.Seats(s)
	assert.Equal(t, left[1], mid[1], "out of the game, Blue's marker and VP stay")
	s, text := seatEvents(t, e, s, adjudicator.SeatChange{Seat: 1, Enter: true})
	after, _ := e.Seats(s)
	assert.True(t, after[1].In)
	assert.Equal(t, left[1].Turns+1, after[1].Turns, "the marker moves on from where it was")
	assert.Equal(t, left[1].VP, after[1].VP)
	assert.Contains(t, text, fmt.Sprintf("Blue enters the game again, with %d VP after %d turn", left[1].VP, left[1].Turns))
}

// TestLastPlayerStays: the last player in the game cannot leave (pbem's
// decision: a game of no players cannot go on; the GM ends it), and a
// change that does not apply is said, not played (Hy Breasil 10.1).
func TestLastPlayerStays(t *testing.T) {
	e := continuousEngine(t, 2)
	s := playUntil(t, e, e.NewState(), "r02-invasion")
	s, text := seatEvents(t, e, s, adjudicator.SeatChange{Seat: 0}, adjudicator.SeatChange{Seat: 1}, adjudicator.SeatChange{Seat: 2}, adjudicator.SeatChange{Seat: 9, Enter: true})
	seats, _ := e.Seats(s)
	assert.False(t, seats[0].In)
	assert.True(t, seats[1].In)
	assert.Contains(t, text, "Blue is the last player in the game and stays")
	assert.Contains(t, text, "Green is already out of the game")
	assert.Contains(t, text, "seat 10 does not exist: a game has at most 6")
	assert.Len(t, owned(s, 0), 0)
}

// TestExcessGivenUp is Hy Breasil 10.1's last paragraph: when players
// enter, the nation limit falls (5.3), and the players above it give up
// their excess, which goes to other players down 5.3's cascade.
func TestExcessGivenUp(t *testing.T) {
	e := continuousEngine(t, 2)
	s := playUntil(t, e, e.NewState(), "r05-invasion")
	in := 0
	for n := range s.Nations {
		if hybreasil.InPlay(s, n) {
			s.Nations[n].Owner = 0 // Red owns every nation in play
			in++
		}
	}
	require.Greater(t, in, 3, "need more nations in play than the 4-player limit")
	s, text := seatEvents(t, e, s, adjudicator.SeatChange{Seat: 2, Enter: true}, adjudicator.SeatChange{Seat: 3, Enter: true})
	limit := hybreasil.Limit(e, s)
	assert.Equal(t, 3, limit, "4 players: 3 nations each (5.3)")
	assert.Contains(t, text, "Red owns ")
	assert.Contains(t, text, "above the limit of 3, and gives up the")
	for p := range 4 {
		assert.LessOrEqual(t, len(owned(s, p)), limit, "seat %d", p+1)
	}
}

// TestCorrectedScore is Hy Breasil 10.3: standings rank by VP divided by
// the turns played, and a player who left keeps his score, marked.
func TestCorrectedScore(t *testing.T) {
	e := continuousEngine(t, 3)
	s := e.NewState()
	x := hybreasil.X(s)
	x.VP = []int{30, 40, 10}
	x.Turns = []int{3, 5, 1}
	x.In = []bool{true, true, false}
	st := e.Standings(s, 3)
	require.Len(t, st, 3)
	assert.Equal(t, []string{"Red", "Green", "Blue"}, []string{st[0].Colour, st[1].Colour, st[2].Colour}, "10 a turn, 10 a turn (seat order at a tie), 8 a turn")
	assert.True(t, st[1].Out)
	assert.Equal(t, 1, st[1].Turns)
}

// TestContinuousNeedsTheOption: without option continuous no step takes
// seat changes, and a round event given some refuses them.
func TestContinuousNeedsTheOption(t *testing.T) {
	e := engineOn(t, "", 3)
	s := e.NewState()
	seats, takes := e.Seats(s)
	assert.Nil(t, seats)
	assert.False(t, takes)
	_, _, err := e.Play(s, adjudicator.Input{Seats: []adjudicator.SeatChange{{Seat: 3, Enter: true}}}, nil)
	assert.ErrorContains(t, err, "takes no players entering or leaving")
}

// TestEnteringLetsTheLastLeave: entries count before departures (Hy
// Breasil 10.1: the limits apply "after all additions and removals"), so
// both players of a two-player game may leave in the turn a third enters.
func TestEnteringLetsTheLastLeave(t *testing.T) {
	e := continuousEngine(t, 2)
	s := playUntil(t, e, e.NewState(), "r02-invasion")
	s, text := seatEvents(t, e, s, adjudicator.SeatChange{Seat: 0}, adjudicator.SeatChange{Seat: 1}, adjudicator.SeatChange{Seat: 2, Enter: true})
	seats, _ := e.Seats(s)
	assert.Equal(t, []bool{false, false, true}, []bool{seats[0].In, seats[1].In, seats[2].In}, text)
	assert.Empty(t, owned(s, 0))
	assert.Empty(t, owned(s, 1))
	assert.NotEmpty(t, owned(s, 2), "Green takes the nations of the two who left")
	assert.Contains(t, text, "Green enters the game (Hy Breasil 10.1)\nRed leaves the game after 1 turn with ")
}

// TestContinuousSeatColours: under continuous play a seat keeps its
// colour as players enter and leave (Hy Breasil 10), so tables whose
// player splits name the seats differently are refused, with the file.
func TestContinuousSeatColours(t *testing.T) {
	data, err := os.ReadFile("../../games/hy-breasil/tables.yaml")
	require.NoError(t, err)
	text := string(data)
	i := strings.Index(text, "- count: 3")
	require.Positive(t, i)
	j := i + strings.Index(text[i:], "{colour: Red")
	swapped := text[:j] + "{colour: Blue, hex: \"#0072B2\"}\n      - {colour: Red, hex: \"#D55E00\"}" + text[j+len("{colour: Red, hex: \"#D55E00\"}\n      - {colour: Blue, hex: \"#0072B2\"}"):]
	tables := &games.File{Name: "gm-tables.yaml", Data: []byte(swapped)}
	g, err := games.MustLookup("hy-breasil").LoadFiles(nil, nil, tables)
	require.NoError(t, err, "without the option the splits may differ")
	_, err = rulesets.Engine(g)
	require.NoError(t, err)
	g, err = games.MustLookup("hy-breasil").LoadFiles([]string{"continuous"}, nil, tables)
	require.NoError(t, err)
	_, err = rulesets.Engine(g)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "gm-tables.yaml")
	assert.Contains(t, err.Error(), "a seat keeps its colour as players enter and leave")
}
