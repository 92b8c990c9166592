package games

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func reduxLR(t *testing.T) *Game {
	t.Helper()
	r, err := Lookup("redux-lr")
	require.NoError(t, err)
	g, err := r.Load(nil, "", nil)
	require.NoError(t, err)
	return g
}

// TestLRTablesFacts checks the Leaders and Raiders tables against the seed
// (reduX L&R 9-11) and the classic Timeline they are reconstructed from.
func TestLRTablesFacts(t *testing.T) {
	g := reduxLR(t)
	tb := g.Tables
	require.NotNil(t, tb.LR, "redux-lr has a leaders_and_raiders section")
	assert.Nil(t, redux(t).Tables.LR, "Core tables have none")
	assert.Len(t, tb.Nations, 15)
	var scoring []int
	for _, r := range tb.Rounds {
		if r.Scoring {
			scoring = append(scoring, r.Number)
		}
		for _, a := range r.Arrivals {
			assert.NotEmpty(t, a.Why, "round %d %s needs a why", r.Number, a.Nation)
		}
		for _, m := range r.Marks {
			assert.NotEmpty(t, m.Why, "round %d mark %s %s needs a why", r.Number, m.Kind, m.Nation)
		}
	}
	assert.Equal(t, []int{5, 7, 10, 13, 16}, scoring, "L&R 10.1: holding scores in the classic scoring rounds V, VII, X, XIII, XVI")
	assert.True(t, tb.Rounds[15].Final, "L&R 11.6: the final round")
	for _, r := range []int{8, 9, 10} {
		assert.True(t, tb.Round(r).HasMark(MarkBretwalda, ""), "Bretwalda in round %d", r)
	}
	for _, r := range []int{11, 12, 13, 14} {
		assert.True(t, tb.Round(r).HasMark(MarkRex, ""), "Rex Anglorum in round %d", r)
	}
	assert.False(t, tb.Round(15).HasMark(MarkRex, ""), "the classic board has no King in XV")
	assert.True(t, tb.Round(11).HasMark(MarkReturn, "Danes"), "classic XI: the Danes must return to sea")
	assert.True(t, tb.Round(14).HasMark(MarkReturn, "Danes"), "L&R 9.4: Cnut's raiders")
	assert.True(t, tb.Round(6).HasMark(MarkMajor, "Saxons"))
	assert.True(t, tb.Round(15).HasMark(MarkMajor, "Normans"))
	assert.True(t, tb.Round(8).HasMark(MarkOccupy, "Welsh"))
	rb, _ := tb.NationIndex("Romano-British")
	no, _ := tb.NationIndex("Normans")
	assert.Equal(t, 2, tb.Nations[rb].Cavalry, "L&R 9.1: RB cavalry")
	assert.Equal(t, 4, tb.Nations[no].Cavalry, "L&R 9.1: Norman cavalry")
	arthur := tb.Round(7).Arrivals[0]
	assert.Equal(t, "Arthur", arthur.Leader)
	assert.Equal(t, 2, arthur.Cavalry, "L&R 9.3: Arthur's cavalry")
	oswiu := tb.Round(9).Arrivals[1]
	bern, _ := g.Board.Lookup("Bernicia")
	assert.Equal(t, bern, oswiu.IfHolds, "Oswiu if the Angles hold Bernicia")
	assert.True(t, tb.Round(16).Arrivals[1].IfAlive)
	assert.Len(t, tb.SetIDs(g.Board, "england-and-borders"), 26)
	assert.Len(t, tb.AwardAreas(g.Board, tb.LR.RexAnglorum), 20, "Rex Anglorum counts England")
	assert.Len(t, tb.AwardAreas(g.Board, tb.LR.King), 14, "the King's area of L&R 11.6")
	for _, o := range tb.LR.Occupying {
		assert.NotEmpty(t, o.Why)
		assert.NotEmpty(t, o.VP)
	}
	for _, e := range tb.LR.Eliminating {
		assert.NotEmpty(t, e.Why)
	}
	assert.Len(t, tb.LR.ExtraTurns, 5, "L&R 11.6.1 and 11.6.2 list five nations")
	for _, n := range tb.Nations {
		assert.Equal(t, Holding{Centre: 4, Adjacent: 2, Other: 1}, n.Holding, n.Name)
	}
}

// TestLRTablesErrors: a bad Leaders and Raiders table is refused with the
// file and line.
func TestLRTablesErrors(t *testing.T) {
	g := reduxLR(t)
	base := string(g.TablesYAML)
	tests := []struct {
		name, from, to, wantErr string
	}{
		{"unknown mark", "kind: major-invasion, why: classic VI MI", "kind: major-invasoin, why: classic VI MI", `my.yaml:265: round 6: unknown mark "major-invasoin"`},
		{"round-wide mark with a nation", "{kind: bretwalda, why: classic IX Bretwalda}", "{nation: Welsh, kind: bretwalda, why: x}", "round 9: a bretwalda mark is for the whole round"},
		{"bad condition", "if: holds Bernicia", "if: holds Bernicea", `round 9: Angles: "holds Bernicea" names no land area`},
		{"unknown condition", "if: holds North Mercia", "if: rules Mercia", `unknown condition "rules Mercia"`},
		{"occupying unknown area", "areas: {York: 12}", "areas: {Yorkk: 12}", `occupying Welsh: "Yorkk" is not a land area`},
		{"eliminating unknown leader", "victims: [Aelle], vp: 2", "victims: [Ella], vp: 2", `eliminating: "Ella" is not a leader of the Timeline`},
		{"eliminating unknown unit", "unit: cavalry, victims: [Romano-British], vp: 2, own_turn: true, why: \"classic Jutish", "unit: horse, victims: [Romano-British], vp: 2, own_turn: true, why: \"classic Jutish", `eliminating: unit is leader, army or cavalry, not "horse"`},
		{"unknown set", "set: england-and-borders", "set: england-and-friends", `bretwalda: unknown area set "england-and-friends"`},
		{"extra turn bad sea", "seas: [North Sea], why: L&R 11.6.1", "seas: [Nord Sea], why: L&R 11.6.1", `extra_turns Norwegians: "Nord Sea" is not a sea`},
		{"extra turn bad requirement", "requires: always", "requires: sometimes", `requires is empty, cnut-rex or always, not "sometimes"`},
		{"unknown field", "cavalry_rate: 2", "cavalry_ratio: 2", "field cavalry_ratio not found"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			require.Contains(t, base, tc.from)
			_, err := ParseTables("my.yaml", []byte(strings.Replace(base, tc.from, tc.to, 1)), g.Board)
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.wantErr)
			assert.True(t, strings.HasPrefix(err.Error(), "my.yaml:"), "errors name the file: %v", err)
		})
	}
}

// TestLROverride: a GM's edited copy of each Leaders and Raiders table is
// loaded and its values replace the embedded ones.
func TestLROverride(t *testing.T) {
	r, err := Lookup("redux-lr")
	require.NoError(t, err)
	base := string(r.DefaultTables())
	edits := []struct{ from, to string }{
		{"holding: {centre: 4, adjacent: 2, other: 1}", "holding: {centre: 9, adjacent: 5, other: 2}"}, // 10.1 (first nation only)
		{"areas: {York: 12}", "areas: {York: 20, Cheshire: 3}"},                                        // 10.2
		{"vp: 1\n    nations: {Danes: 2}", "vp: 3\n    nations: {Danes: 5}"},                           // 10.3
		{"victims: [Aelle], vp: 2", "victims: [Aelle], vp: 7"},                                         // 10.4
		{"vp: 2\n    set: england-and-borders", "vp: 11\n    set: england-and-borders"},                // 10.5
		{"vp: 4\n    region: England", "vp: 13\n    region: England"},                                  // 10.6
		{"vp: 8\n    set: england-south-york-march", "vp: 21\n    set: england-south-york-march"},      // 11.6
	}
	for _, e := range edits {
		require.Contains(t, base, e.from)
		base = strings.Replace(base, e.from, e.to, 1)
	}
	g, err := r.Load(nil, "house.yaml", []byte(base))
	require.NoError(t, err)
	lr := g.Tables.LR
	assert.Equal(t, Holding{Centre: 9, Adjacent: 5, Other: 2}, g.Tables.Nations[0].Holding)
	york, _ := g.Board.Lookup("York")
	assert.Equal(t, 20, lr.Occupying[0].VP[york])
	assert.Len(t, lr.Occupying[0].VP, 2)
	assert.Equal(t, 3, lr.Raiding.VP)
	assert.Equal(t, 5, lr.Raiding.Nations["Danes"])
	assert.Equal(t, 7, lr.Eliminating[3].VP)
	assert.Equal(t, 11, lr.Bretwalda.VP)
	assert.Equal(t, 13, lr.RexAnglorum.VP)
	assert.Equal(t, 21, lr.King.VP)
	assert.Equal(t, []byte(base), g.TablesYAML, "the file used is kept for the archive")
}
