package adjudicator_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pbem-org/pbem/adjudicator"
	"github.com/pbem-org/pbem/adjudicator/family"
	"github.com/pbem-org/pbem/dice"
	"github.com/pbem-org/pbem/games"
	"github.com/pbem-org/pbem/orders"
	"github.com/pbem-org/pbem/rulesets"
)

// TestLRTablesOverride: a GM's edited copy of each Leaders and Raiders
// table (games/redux-lr/tables.yaml) is what the game plays by — the
// Timeline marks, the Holding Areas table (10.1), the Occupying Areas table
// (10.2) and each line of the Other Scoring table (10.3-10.6, 11.6).
func TestLRTablesOverride(t *testing.T) {
	r, err := games.Lookup("redux-lr")
	require.NoError(t, err)
	base := string(r.DefaultTables())
	load := func(t *testing.T, edits ...string) (*games.Game, *adjudicator.Engine) {
		t.Helper()
		y := base
		for i := 0; i+1 < len(edits); i += 2 {
			require.Contains(t, y, edits[i])
			y = strings.Replace(y, edits[i], edits[i+1], 1)
		}
		g, err := r.Load(nil, "house.yaml", []byte(y))
		require.NoError(t, err)
		return g, rulesets.New(g)
	}
	area := func(g *games.Game, name string) games.AreaID {
		a, err := g.Board.Lookup(name)
		require.NoError(t, err)
		return a
	}
	nation := func(g *games.Game, name string) int {
		n, err := g.Tables.NationIndex(name)
		require.NoError(t, err)
		return n
	}
	empty := func(g *games.Game, round int) *adjudicator.State {
		s := rulesets.New(g).NewState()
		s.ClearUnits()
		s.Round, s.Next = round, len(g.Tables.Nations)
		return s
	}
	t.Run("holding 10.1 and scoring rounds", func(t *testing.T) {
		g, e := load(t, "holding: {centre: 4, adjacent: 2, other: 1}\n    start: {Avalon: 1, Hwicce", "holding: {centre: 10, adjacent: 5, other: 3}\n    start: {Avalon: 1, Hwicce",
			"  - round: 4\n    label: IV\n    years: \"250-340\"\n", "  - round: 4\n    label: IV\n    years: \"250-340\"\n    scoring: true\n")
		s := empty(g, 4)
		we := nation(g, "Welsh")
		for _, a := range []string{"Powys", "Devon", "Cornwall"} {
			s.Add(area(g, a), we, family.Infantry, 1)
		}
		ns, _, err := e.Play(s, adjudicator.Input{}, nil)
		require.NoError(t, err)
		assert.Equal(t, 10+5+3, ns.Nations[we].VP.Whole(), "centre Powys, adjacent Devon, other Cornwall at the GM's values, in a round the GM made a holding round")
	})
	t.Run("occupying 10.2", func(t *testing.T) {
		g, e := load(t, "areas: {York: 12}", "areas: {York: 12, Cheshire: 7}")
		s := empty(g, 8)
		we, br := nation(g, "Welsh"), nation(g, "Brigantes")
		s.Next = br
		s.Add(area(g, "Cheshire"), we, family.Infantry, 1)
		s.Add(area(g, "Cumbria"), br, family.Infantry, 1)
		ns, _, err := e.Play(s, adjudicator.Input{}, dice.NewScript())
		require.NoError(t, err)
		assert.Equal(t, 7, ns.Nations[we].VP.Whole(), "the Welsh occupy Cheshire, a GM's addition, in their occupying round VIII")
	})
	t.Run("raiding 10.3", func(t *testing.T) {
		g, e := load(t, "vp: 1\n    nations: {Danes: 2}", "vp: 5\n    nations: {Danes: 2}")
		s := empty(g, 4)
		an := nation(g, "Angles")
		s.Next = an
		f := &orders.File{Kind: orders.TurnOrders, Nation: "Angles", Turn: e.TurnID(s), Body: []orders.Statement{
			orders.Move{At: orders.At{Line: 1}, N: 3, Path: []games.AreaID{area(g, "Frisian Sea"), area(g, "Norfolk")}},
			orders.Withdraw{At: orders.At{Line: 2}, Area: area(g, "Norfolk")},
		}}
		require.Empty(t, e.Check(s, f, nil))
		ns, _, err := e.Play(s, adjudicator.Input{Orders: f}, dice.NewScript())
		require.NoError(t, err)
		assert.Equal(t, 5, ns.Nations[an].VP.Whole())
	})
	t.Run("eliminating 10.4", func(t *testing.T) {
		g, e := load(t, "victims: [Aelle], vp: 6, rounds: [6, 7]", "victims: [Aelle], vp: 20, rounds: [6, 7]")
		s := empty(g, 6)
		rb, sx := nation(g, "Romano-British"), nation(g, "Saxons")
		s.Next = rb
		s.Add(area(g, "Kent"), rb, family.Infantry, 3)
		s.Add(area(g, "Essex"), sx, family.Infantry, 1)
		s.Leaders = []adjudicator.Leader{{Nation: sx, Name: "Aelle", Area: area(g, "Essex")}}
		f := &orders.File{Kind: orders.TurnOrders, Nation: "Romano-British", Turn: e.TurnID(s), Body: []orders.Statement{
			orders.Move{At: orders.At{Line: 1}, N: 2, Path: []games.AreaID{area(g, "Kent"), area(g, "Essex")}},
		}}
		ns, _, err := e.Play(s, adjudicator.Input{Orders: f}, dice.NewScript(5, 1, 1))
		require.NoError(t, err)
		assert.Equal(t, 20+2, ns.Nations[rb].VP.Whole(), "the GM's 20 for Aelle and the table's 2 for his army")
	})
	t.Run("bretwalda 10.5", func(t *testing.T) {
		g, e := load(t, "vp: 2\n    set: england-and-borders", "vp: 9\n    set: england-and-borders")
		s := empty(g, 9)
		we := nation(g, "Welsh")
		s.Next = we
		s.Add(area(g, "Powys"), we, family.Infantry, 1)
		ns, _, err := e.Play(s, adjudicator.Input{}, dice.NewScript())
		require.NoError(t, err)
		assert.Equal(t, 9, ns.Nations[we].VP.Whole())
	})
	t.Run("rex anglorum 10.6", func(t *testing.T) {
		g, e := load(t, "vp: 4\n    region: England\n    armies: 1", "vp: 15\n    region: England\n    armies: 2")
		s := empty(g, 11)
		da := nation(g, "Danes")
		s.Add(area(g, "York"), da, family.Infantry, 1)
		ns, _, err := e.Play(s, adjudicator.Input{}, nil)
		require.NoError(t, err)
		assert.Equal(t, 15, ns.Nations[da].VP.Whole())
		assert.Equal(t, 2, ns.Units(area(g, "Lindsey"), da), "two extra armies, in the vacant scoring centre Lindsey (Core 5.2.2)")
	})
	t.Run("king 11.6", func(t *testing.T) {
		g, e := load(t, "vp: 8\n    set: england-south-york-march", "vp: 30\n    set: england-south-york-march")
		s := empty(g, 16)
		no := nation(g, "Normans")
		s.Add(area(g, "Wessex"), no, family.Infantry, 1)
		s.Leaders = []adjudicator.Leader{{Nation: no, Name: "William", Area: area(g, "Wessex")}}
		ns, _, err := e.Play(s, adjudicator.Input{}, nil)
		require.NoError(t, err)
		assert.Equal(t, 30+4, ns.Nations[no].VP.Whole(), "King 30, then Wessex, a Norman centre")
	})
	t.Run("timeline marks", func(t *testing.T) {
		g, e := load(t, "      - {nation: Danes, kind: return, why: \"classic XI: the Danish invaders must return to sea (R and ☞)\"}\n", "      - {nation: Danes, kind: raid, why: a house rule}\n")
		s := empty(g, 11)
		da := nation(g, "Danes")
		s.Next = da
		f := &orders.File{Kind: orders.TurnOrders, Nation: "Danes", Turn: e.TurnID(s), Body: []orders.Statement{
			orders.Move{At: orders.At{Line: 1}, N: 3, Path: []games.AreaID{area(g, "North Sea"), area(g, "Bernicia")}},
		}}
		ns, _, err := e.Play(s, adjudicator.Input{Orders: f}, dice.NewScript())
		require.NoError(t, err)
		assert.Equal(t, 3, ns.Units(area(g, "Bernicia"), da), "a plain Raiding turn: raiders may stay on land")
		assert.Equal(t, 1, ns.Units(area(g, "North Sea"), da), "the others stayed at sea")
		assert.Equal(t, 4, ns.Units(area(g, "Frisian Sea"), da))
	})
}
