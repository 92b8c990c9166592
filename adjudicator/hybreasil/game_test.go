package hybreasil_test

import (
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
	"github.com/pbem-org/pbem/templates"
)

// engineOn loads Hy Breasil on a board file ("": its own) with options.
func engineOn(t testing.TB, board string, players int, options ...string) *adjudicator.Engine {
	t.Helper()
	var f *games.File
	if board != "" {
		data, err := os.ReadFile(board)
		require.NoError(t, err)
		f = &games.File{Name: board, Data: data}
	}
	g, err := games.MustLookup("hy-breasil").LoadFiles(options, f, nil)
	require.NoError(t, err)
	e, err := rulesets.Engine(g)
	require.NoError(t, err)
	e.Players = players
	return e
}

// TestGamesFinish plays bot games to their end on the default map and on
// the Britannia board (issue 13: the second map), 2 to 6 players: the game
// ends after the tables' 15 turns (Hy Breasil 3) and someone scored. The
// Skerries, a GM's small board with two outer seas, has six nations of
// the first turn share them (5.2: "Two new nations can start in the same
// sea area").
func TestGamesFinish(t *testing.T) {
	for _, board := range []string{"", "../../docs/boards/britannia-hy-breasil.yaml", "../../docs/boards/skerries.yaml"} {
		for players := 2; players <= 6; players++ {
			e := engineOn(t, board, players)
			s, err := bot.Play(e, uint64(players), nil)
			require.NoError(t, err, "%s, %d players", board, players)
			assert.True(t, s.Over)
			assert.Equal(t, 15, s.Round)
			best := 0
			for _, st := range e.Standings(s, players) {
				best = max(best, st.VP)
			}
			assert.Positive(t, best, "%s, %d players: nobody scored", board, players)
		}
	}
}

// TestVPTarget ends the game after the turn in which a player reaches the
// tables' vp_target (Hy Breasil 3).
func TestVPTarget(t *testing.T) {
	e := engineOn(t, "", 3)
	hybreasil.D(e).VPTarget = 30
	s, err := bot.Play(e, 7, nil)
	require.NoError(t, err)
	require.True(t, s.Over)
	assert.Less(t, s.Round, 15, "a game to 30 VP ends before the 15th turn")
	best := 0
	for _, st := range e.Standings(s, 3) {
		best = max(best, st.VP)
	}
	assert.GreaterOrEqual(t, best, 30)
}

// TestBoardRefusals: a board Hy Breasil cannot read is refused with the
// board file's name and the line of the area or sea at fault, and says
// what to do: the Britannia board as reduX has it (clear and difficult;
// 6.2 names plains, forest and hills), a sketch whose seas are all
// inland (5.1: no nation could enter), one with no sea at all.
func TestBoardRefusals(t *testing.T) {
	britannia, err := os.ReadFile("../../games/britannia/board.yaml")
	require.NoError(t, err)
	sketch, err := os.ReadFile("../../docs/boards/hy-breasil-sketch.yaml")
	require.NoError(t, err)
	inland := regexp.MustCompile(`(?m)^  - \{name: (Muir|Sruth) `).ReplaceAll(sketch, []byte("  - {inland: true, name: $1 "))
	noSeas := []byte("name: two fields\nterrain:\n  - {name: plains}\nareas:\n  - {name: Eastfield, terrain: plains}\n  - {name: Westfield, terrain: plains}\nlinks:\n  - [Eastfield, Westfield]\n")
	tests := []struct {
		name string
		data []byte
		want string
	}{
		{"terrain", britannia, "britannia.yaml:30: area Avalon: terrain clear (line 24): Hy Breasil reads only plains, forest and hills (Hy Breasil 6.2); give its terrain kind as: [plains], [forest] or [hills]"},
		{"every sea inland", inland, "sketch.yaml:56: every sea is inland: no nation could enter (Hy Breasil 5.1); give the board a sea without inland: true"},
		{"no sea", noSeas, "fields.yaml:1: every sea is inland: no nation could enter (Hy Breasil 5.1)"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			file := strings.SplitN(tc.want, ":", 2)[0]
			g, err := games.MustLookup("hy-breasil").LoadFiles(nil, &games.File{Name: file, Data: tc.data}, nil)
			require.NoError(t, err)
			_, err = rulesets.Engine(g)
			require.Error(t, err)
			var le *games.LoadError
			require.ErrorAs(t, err, &le)
			assert.Contains(t, err.Error(), tc.want)
		})
	}
}

// BenchmarkNationTurn adjudicates one mid-game nation turn (turn 8 of a
// four-player bot game on the default map) with the bot's orders.
func BenchmarkNationTurn(b *testing.B) {
	e := engineOn(b, "", 4)
	var at *adjudicator.State
	_, err := bot.Play(e, 3, func(st bot.Step) error {
		if at == nil && st.After.Round == 8 && e.Due(st.After).Kind == adjudicator.NationTurn {
			at = st.After
		}
		return nil
	})
	require.NoError(b, err)
	require.NotNil(b, at)
	f := bot.Orders(e, at, "sim", "", 3)
	in := adjudicator.Input{Orders: f}
	b.ReportAllocs()
	for b.Loop() {
		if _, _, err := e.Play(at, in, dice.NewTurn(make([]byte, 32), "sim", e.TurnID(at), nil, nil)); err != nil {
			b.Fatal(err)
		}
	}
}

// TestTemplateShowsEvent: the orders template of a nation due shows the
// random event already rolled for it (issue 13; Hy Breasil 6.1), and in a
// nation's first turn how to choose its sea (5.1).
func TestTemplateShowsEvent(t *testing.T) {
	e := engineOn(t, "", 4)
	var later, first *adjudicator.State
	_, err := bot.Play(e, 11, func(st bot.Step) error {
		s := st.After
		if due := e.Due(s); due.Kind == adjudicator.NationTurn {
			x := hybreasil.X(s)
			if later == nil && x.Entered[due.Nation] != s.Round {
				later = s
			}
			if first == nil && x.Entered[due.Nation] == s.Round {
				first = s
			}
		}
		return nil
	})
	require.NoError(t, err)
	require.NotNil(t, later)
	n := e.Due(later).Nation
	text := templates.OrdersTemplate(e, later, templates.Header{Game: "g"})
	assert.Contains(t, text, "Random event this turn (Hy Breasil 6.1): "+hybreasil.X(later).Event[n]+".")
	assert.Contains(t, text, "reroll never")
	text = templates.OrdersTemplate(e, first, templates.Header{Game: "g"})
	assert.Contains(t, text, "Random event this turn (Hy Breasil 6.1): strong leader.")
	assert.Contains(t, text, `write "land SEA"`)
}

// TestTemplateRerolledPlagueNoReinforcements: a reroll takes a
// civilization token before its die is rolled, and the die adds the new
// number of tokens (Hy Breasil 6.1), so a Plague rerolled at 0 tokens
// rolls 2 or more and never gives Reinforcements (a 1): the suggested
// turn moves no unit from the home sea, where none can be, and check
// accepts it (check-knowable refuses such a move). Its twin: a kept
// Reinforcements event lands up to six units from the home sea.
func TestTemplateRerolledPlagueNoReinforcements(t *testing.T) {
	e := engineOn(t, "", 4)
	var at *adjudicator.State
	_, err := bot.Play(e, 11, func(st bot.Step) error {
		s := st.After
		if due := e.Due(s); at == nil && due.Kind == adjudicator.NationTurn {
			n, x := due.Nation, hybreasil.X(s)
			home := x.Home[n]
			if x.Entered[n] != s.Round && home != games.NoArea && !e.G.Board.IsLand(home) && s.Units(home, n) == 0 && hybreasil.Pool(e, s, n) > 0 {
				at = s
			}
		}
		return nil
	})
	require.NoError(t, err)
	require.NotNil(t, at)
	n := e.Due(at).Nation
	x := hybreasil.X(at)
	home := e.G.Board.AreaName(x.Home[n])
	for _, c := range []struct {
		event string
		civ   int
		want  bool
	}{{hybreasil.Plague, 0, false}, {hybreasil.Reinforcements, 0, true}} {
		x.Event[n], x.Civ[n] = c.event, c.civ
		tp := hybreasil.Template(e, at, n)
		text := fmt.Sprintf("game: g\nnation: %s\nturn: %s\ntoken: tok\n\n", e.NationName(n), e.TurnID(at))
		moves, notes := false, ""
		for _, sec := range tp.Sections {
			for _, it := range sec.Items {
				text += it.Order + "\n"
				notes += it.Note + "\n"
				moves = moves || strings.HasPrefix(it.Order, "move ") && strings.Contains(it.Order, " "+home+" >")
			}
		}
		assert.Equal(t, c.want, moves, "%s at %d tokens: a move from the home sea %s", c.event, c.civ, home)
		assert.Equal(t, c.want, strings.Contains(notes, "If reinforcements come"), c.event)
		f, errs := orders.DecodeWith(text, e.G, orders.Options{Grammar: e.Grammar()})
		require.Empty(t, errs, text)
		assert.Empty(t, e.Check(at, f, nil), "%s: the suggested turn is accepted\n%s", c.event, text)
	}
}

// TestBriefAbilities: the orders brief of a nation due tells its player
// what its abilities let the orders do (Hy Breasil 9.3.1: Navigation,
// Diplomacy, City building) and, when its event is Civilization, how to
// name the ability it gains (9.3), among the abilities the engine plays; a
// nation without abilities gets none of it.
func TestBriefAbilities(t *testing.T) {
	e := rulesets.New(games.MustLoad("hy-breasil", "abilities"))
	s := e.NewState()
	x := hybreasil.X(s)
	x.Abilities[0] = []string{hybreasil.Navigation, hybreasil.Diplomacy, hybreasil.CityBuilding}
	x.Event[0] = hybreasil.Civilization
	brief := strings.Join(hybreasil.Brief(e, s, 0), "\n")
	for _, want := range []string{"Navigation (9.3.1)", `"permit ` + e.NationName(0) + `"`, `"city AREA"`, "capital AREA, food preservation, navigation, diplomacy, prophecy, city building"} {
		assert.Contains(t, brief, want)
	}
	assert.NotContains(t, strings.Join(hybreasil.Brief(e, s, 1), "\n"), "9.3.1")
	e.Compat, _ = adjudicator.CompatOf("pbem-engine-2") // without hb-seven-abilities: three abilities
	assert.Contains(t, strings.Join(hybreasil.Brief(e, s, 0), "\n"), "(taxation, capital AREA, food preservation)")
}

// TestFoodPreservationWords: the nation facts count the PIPs food
// preservation holds (Hy Breasil 9.3.1 Food preservation) in good English:
// "1 PIP saved", "6 PIPs saved".
func TestFoodPreservationWords(t *testing.T) {
	e := engineOn(t, "", 3)
	s := e.NewState()
	x := hybreasil.X(s)
	s.Add(0, 0, 0, 2)
	x.Abilities[0] = []string{hybreasil.Food}
	for _, c := range []struct {
		saved int
		want  string
	}{{1, "food preservation (1 PIP saved)"}, {6, "food preservation (6 PIPs saved)"}} {
		x.Saved[0] = c.saved
		assert.Contains(t, hybreasil.NationFacts(e, s, 0), "abilities: "+c.want)
	}
}
