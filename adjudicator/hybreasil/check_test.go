package hybreasil_test

import (
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pbem-org/pbem/adjudicator"
	"github.com/pbem-org/pbem/adjudicator/hybreasil"
	"github.com/pbem-org/pbem/dice"
	"github.com/pbem-org/pbem/games"
	"github.com/pbem-org/pbem/orders"
	"github.com/pbem-org/pbem/rulesets"
)

// TestStandingRefusals: standing orders hold submit lines only with option
// submission (Hy Breasil 9.2) and permit lines only with option abilities
// (9.3.1 Diplomacy), and a nation neither submits to nor permits itself;
// pbem-engine-3 (without hb-standing-checks) took them all, and its games
// replay so.
func TestStandingRefusals(t *testing.T) {
	const file = "game: g\nnation: Star\nkind: standing\ntoken: t\n\n" +
		"submit to Moon, Star\n" + // 6
		"permit Moon, Star\n" + // 7
		"relinquish smallest\n" + // 8
		"reroll never\n" // 9
	tests := []struct {
		name    string
		options []string
		engine  string
		want    []string
	}{
		{"no options", nil, "pbem-engine-4", []string{
			`line 6: "submit" is played only with option submission, which this game does not use (Hy Breasil 9.2)`,
			"line 6: the Star nation cannot submit to itself (Hy Breasil 9.2)",
			`line 7: "permit" is played only with option abilities, which this game does not use (Hy Breasil 9.3.1)`,
			"line 7: the Star nation cannot permit itself (Hy Breasil 9.3.1)",
		}},
		{"both options", []string{"abilities", "submission"}, "pbem-engine-4", []string{
			"line 6: the Star nation cannot submit to itself (Hy Breasil 9.2)",
			"line 7: the Star nation cannot permit itself (Hy Breasil 9.3.1)",
		}},
		{"pbem-engine-3", nil, "pbem-engine-3", nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g, err := games.MustLookup("hy-breasil").Load(tc.options, "", nil)
			require.NoError(t, err)
			e, err := rulesets.Engine(g)
			require.NoError(t, err)
			e.Compat, err = adjudicator.CompatOf(tc.engine)
			require.NoError(t, err)
			f, errs := orders.DecodeWith(file, e.G, orders.Options{Grammar: e.Grammar()})
			require.Empty(t, errs)
			var got []string
			for _, err := range e.CheckStanding(f) {
				got = append(got, err.Error())
			}
			assert.Equal(t, strings.Join(tc.want, "\n"), strings.Join(got, "\n"))
		})
	}
}

// TestStandingLinesNamed: a line standing orders may not hold is refused
// naming the lines Hy Breasil's standing orders do hold (defend 6.3.2,
// reroll 6.1, submit 9.2, permit 9.3.1, relinquish 5.3), when the grammar
// refuses it (a move) and when the ruleset does (a target line of the
// Britannia games); it said "only defend lines" before.
func TestStandingLinesNamed(t *testing.T) {
	const want = "standing orders may only contain defend, reroll, submit, permit and relinquish lines"
	g, err := games.MustLookup("hy-breasil").Load(nil, "", nil)
	require.NoError(t, err)
	e, err := rulesets.Engine(g)
	require.NoError(t, err)
	head := "game: g\nnation: Star\nkind: standing\ntoken: t\n\n"
	_, errs := orders.DecodeWith(head+"move 2 Southwold > Goldmead\n", e.G, orders.Options{Grammar: e.Grammar()})
	assert.Equal(t, "line 6: "+want, errs.Error())
	f, errs := orders.DecodeWith(head+"target Southwold: infantry\n", e.G, orders.Options{Grammar: e.Grammar()})
	require.Empty(t, errs)
	got := e.CheckStanding(f)
	require.Len(t, got, 1)
	assert.Equal(t, "line 6: "+want, got[0].Error())
}

// TestMisplacedLandLineAlone: a land line written after moves is refused
// on its own line, and the moves before it are checked from the sea they
// were written from (issue 21: one misplaced land line made the two
// correct lines before it fail with "no unit in Sound of Gulls").
func TestMisplacedLandLineAlone(t *testing.T) {
	g := games.MustLoad("hy-breasil")
	e := rulesets.New(g)
	e.Players = 4
	s := e.NewState()
	s, _, err := e.Play(s, adjudicator.Input{}, dice.NewTurn(make([]byte, dice.SeedSize), "g", e.TurnID(s), nil, nil))
	require.NoError(t, err)
	n := e.Due(s).Nation
	home := hybreasil.X(s).Home[n]
	require.NotEqual(t, games.NoArea, home)
	b := g.Board
	var coasts []string
	for _, ed := range b.Edges(home) {
		if b.IsLand(ed.To) && s.Vacant(ed.To) {
			coasts = append(coasts, b.AreaName(ed.To))
		}
	}
	require.GreaterOrEqual(t, len(coasts), 2)
	other := ""
	for a := b.NumLand; a < len(b.Areas); a++ {
		if id := games.AreaID(a); id != home && !b.Areas[a].Inland {
			other = b.AreaName(id)
			break
		}
	}
	k := s.Units(home, n)
	file := "game: g\nnation: " + e.NationName(n) + "\nturn: " + e.TurnID(s) + "\ntoken: t\n\n" +
		"move " + strconv.Itoa(k/2) + " " + b.AreaName(home) + " > " + coasts[0] + "\n" + // 6
		"move " + strconv.Itoa(k-k/2) + " " + b.AreaName(home) + " > " + coasts[1] + "\n" + // 7
		"land " + other + "\n" // 8
	f, errs := orders.DecodeWith(file, g, orders.Options{Grammar: e.Grammar()})
	require.Empty(t, errs)
	got := e.Check(s, f, nil)
	assert.Equal(t, "line 8: a land line comes first, before any move: the nation chooses its sea before it moves (Hy Breasil 5.1, 5.2)", got.Error(), file)
}
