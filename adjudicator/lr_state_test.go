package adjudicator_test

import (
	"reflect"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pbem-org/pbem/adjudicator"
	"github.com/pbem-org/pbem/games"
)

// TestLRStateRoundTrip: a Leaders and Raiders position (cavalry, leaders,
// scoring records, extra turns) survives MarshalState/UnmarshalState and
// Clone, and a Core position's archive form has no trace of it.
func TestLRStateRoundTrip(t *testing.T) {
	g := games.MustLoad("redux-lr")
	s := adjudicator.NewState(g)
	require.NotNil(t, s.LR)
	a := func(name string) games.AreaID {
		id, err := g.Board.Lookup(name)
		require.NoError(t, err)
		return id
	}
	n := func(name string) int {
		i, err := g.Tables.NationIndex(name)
		require.NoError(t, err)
		return i
	}
	rb := n("Romano-British")
	s.Units[a("Essex")][rb] = 4
	s.LR.Cav[a("Essex")][rb] = 2
	s.LR.Leaders = append(s.LR.Leaders, adjudicator.Leader{Nation: rb, Name: "Arthur", Area: a("Essex")})
	s.LR.Gone = []string{"Aelle"}
	s.LR.Fallen = []string{"Aelle"}
	s.LR.Provoked = make([]bool, len(g.Tables.Nations))
	s.LR.Provoked[n("Welsh")] = true
	s.LR.Occupied = make([][]games.AreaID, n("Welsh")+1)
	s.LR.Occupied[n("Welsh")] = []games.AreaID{a("York")}
	s.LR.CnutRex = true
	s.LR.Extra = []adjudicator.ExtraTurn{{Nation: n("Saxons"), Armies: 5}, {Nation: n("Danes"), Armies: 1, Leader: "Svein Estrithson", Done: true}}
	data := adjudicator.MarshalState(g, s)
	for _, want := range []string{`"cavalry": 2`, `"leader": "Arthur"`, `"provoked": [`, `"cnut_rex": true`, `"extra_turns"`} {
		assert.Contains(t, string(data), want)
	}
	back, err := adjudicator.UnmarshalState(g, data)
	require.NoError(t, err)
	assert.True(t, reflect.DeepEqual(s, back), "round trip:\n%s", data)
	assert.True(t, reflect.DeepEqual(s, s.Clone()))
	c := s.Clone()
	c.LR.Cav[a("Essex")][rb] = 0
	c.LR.Leaders[0].Area = a("Kent")
	c.LR.Extra[0].Done = true
	assert.Equal(t, 2, s.LR.Cav[a("Essex")][rb], "Clone is deep")
	assert.Equal(t, a("Essex"), s.LR.Leaders[0].Area)
	assert.False(t, s.LR.Extra[0].Done)

	core := games.MustLoad("redux")
	cs := adjudicator.NewState(core)
	assert.Nil(t, cs.LR)
	cdata := string(adjudicator.MarshalState(core, cs))
	assert.NotContains(t, cdata, "cavalry")
	assert.NotContains(t, cdata, `"lr"`)
	_, err = adjudicator.UnmarshalState(core, data)
	require.Error(t, err, "a Leaders and Raiders position does not load into a Core game")
	assert.True(t, strings.Contains(err.Error(), "cavalry") || strings.Contains(err.Error(), "Leaders and Raiders"), err.Error())
}
