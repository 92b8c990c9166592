package games

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func redux(t *testing.T) *Game {
	t.Helper()
	r, err := Lookup("redux")
	require.NoError(t, err)
	g, err := r.Load(nil, "", nil)
	require.NoError(t, err)
	return g
}

// TestBoardCounts checks the board against reduX Core 1.1 and reference §1.
func TestBoardCounts(t *testing.T) {
	b := redux(t).Board
	assert.Equal(t, 37, b.NumLand, "reduX Core 1.1: 37 land areas")
	assert.Equal(t, 6, len(b.Areas)-b.NumLand, "reduX Core 1.1: six seas")
	regions := map[string]int{}
	difficult, links, straits, borders, seaLinks := 0, 0, 0, 0, 0
	for i := 0; i < b.NumLand; i++ {
		a := b.Area(AreaID(i))
		regions[a.Region]++
		if a.Difficult {
			difficult++
		}
		for _, e := range b.Edges(a.ID) {
			if b.IsLand(e.To) {
				links++
				if e.Strait {
					straits++
				}
			} else {
				borders++
			}
		}
	}
	for i := b.NumLand; i < len(b.Areas); i++ {
		for _, e := range b.Edges(AreaID(i)) {
			if !b.IsLand(e.To) {
				seaLinks++
			}
		}
	}
	assert.Equal(t, map[string]int{"England": 20, "Wales": 7, "Scotland": 10}, regions, "reduX Core 1.1 regions")
	assert.Equal(t, 17, difficult, "reference §1.1: 17 difficult areas")
	assert.Equal(t, 76, links/2, "reference §1.2: 76 land links")
	assert.Equal(t, 4, straits/2, "reduX Core 6.2 / reference §1.1: four straits")
	assert.Equal(t, 38, borders, "reference §1.4: 38 land-sea borders")
	assert.Equal(t, 6, seaLinks/2, "reference §1.3: a ring of six seas")
}

// TestBoardSymmetricAndConnected checks every link both ways and that every
// area can be reached from every other over land, straits or sea.
func TestBoardSymmetricAndConnected(t *testing.T) {
	b := redux(t).Board
	for i := range b.Areas {
		for _, e := range b.Edges(AreaID(i)) {
			ok, strait := b.Adjacent(e.To, AreaID(i))
			assert.True(t, ok, "%s-%s one-sided", b.AreaName(AreaID(i)), b.AreaName(e.To))
			assert.Equal(t, e.Strait, strait)
		}
	}
	seen := map[AreaID]bool{0: true}
	queue := []AreaID{0}
	for len(queue) > 0 {
		a := queue[0]
		queue = queue[1:]
		for _, e := range b.Edges(a) {
			if !seen[e.To] {
				seen[e.To] = true
				queue = append(queue, e.To)
			}
		}
	}
	assert.Len(t, seen, len(b.Areas), "every area reachable")
}

// TestBoardFacts spot-checks rules facts: reduX Core 1.1.1 (Skye borders
// the Icelandic and Irish Seas, Dalriada only the Irish Sea), 6.2 straits.
func TestBoardFacts(t *testing.T) {
	b := redux(t).Board
	id := func(n string) AreaID {
		x, err := b.Lookup(n)
		require.NoError(t, err)
		return x
	}
	ok, _ := b.Adjacent(id("Skye"), id("Icelandic Sea"))
	assert.True(t, ok)
	ok, _ = b.Adjacent(id("Skye"), id("Irish Sea"))
	assert.True(t, ok)
	ok, _ = b.Adjacent(id("Dalriada"), id("Icelandic Sea"))
	assert.False(t, ok, "reduX Core 1.1.1: Dalriada borders only the Irish Sea")
	ok, _ = b.Adjacent(id("Hwicce"), id("Atlantic Ocean"))
	assert.True(t, ok, "reduX Core 1.1.1: Hwicce is coastal")
	for _, p := range [][2]string{{"Hebrides", "Skye"}, {"Orkneys", "Caithness"}, {"Dyfed", "Devon"}, {"Gwent", "Devon"}} {
		ok, strait := b.Adjacent(id(p[0]), id(p[1]))
		assert.True(t, ok && strait, "%v is a strait", p)
	}
	assert.Len(t, b.Set("england-south-york-cheshire"), 15)
	assert.Len(t, b.Set("england-south-york-march"), 14)
}

func TestLookup(t *testing.T) {
	b := redux(t).Board
	tests := []struct {
		in, want, wantErr string
	}{
		{in: "York", want: "York"},
		{in: "york", want: "York"},
		{in: "N. Mercia", want: "North Mercia"},
		{in: "nmercia", want: "North Mercia"},
		{in: "North  Mercia", want: "North Mercia"},
		{in: "Mar", want: "Mar"},
		{in: "Marc", want: "March"},
		{in: "Norf", want: "Norfolk"},
		{in: "channel", want: "English Channel"},
		{in: "Strath", want: "Strathclyde"},
		{in: "Yrok", wantErr: `unknown area "Yrok" (did you mean York?)`},
		{in: "Kentt", wantErr: `unknown area "Kentt" (did you mean Kent?)`},
		{in: "No", wantErr: `"No" could be Bernicia, Norfolk, North Mercia or North Sea; write more of the name`},
		{in: "Atlantis", wantErr: `unknown area "Atlantis" (did you mean Atlantic Ocean?)`},
		{in: "Zzzzzz", wantErr: `unknown area "Zzzzzz"`},
	}
	for _, tc := range tests {
		t.Run(tc.in, func(t *testing.T) {
			id, err := b.Lookup(tc.in)
			if tc.wantErr != "" {
				require.Error(t, err)
				assert.Equal(t, tc.wantErr, err.Error())
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tc.want, b.AreaName(id))
		})
	}
}

// TestAliasesUnique: no folded name or alias names two areas or two nations.
func TestAliasesUnique(t *testing.T) {
	g := redux(t)
	seen := map[string]string{}
	for _, a := range g.Board.Areas {
		for _, n := range append([]string{a.Name}, a.Aliases...) {
			k := Fold(n)
			if prev, ok := seen[k]; ok {
				t.Errorf("%q names both %s and %s", n, prev, a.Name)
			}
			seen[k] = a.Name
		}
	}
	for _, n := range g.Tables.Nations {
		idx, err := g.Tables.NationIndex(n.Name)
		require.NoError(t, err)
		assert.Equal(t, n.Name, g.Tables.Nations[idx].Name)
	}
}

func TestTablesFacts(t *testing.T) {
	tb := redux(t).Tables
	assert.Len(t, tb.Nations, 15, "reduX Core 2.1 lists 15 nations")
	assert.Equal(t, "Romano-British", tb.Nations[0].Name, "reduX Core 4.1: the Romano-British play first")
	assert.Equal(t, "Welsh", tb.Nations[1].Name, "reduX Core 4.1: then the Welsh")
	for _, n := range tb.Nations {
		assert.Len(t, n.Centres, 3, "reduX Core 3.1: three scoring centres for %s", n.Name)
		assert.NotEmpty(t, n.Why, "%s needs a why", n.Name)
	}
	for _, r := range tb.Rounds {
		for _, a := range r.Arrivals {
			assert.NotEmpty(t, a.Why, "round %d %s needs a why", r.Number, a.Nation)
		}
	}
	for _, c := range []int{3, 4, 5} {
		assert.NotNil(t, tb.Split(c), "split for %d players", c)
	}
	three := tb.Split(3)
	assert.Equal(t, []string{"Welsh", "Picts", "Angles", "Norwegians", "Jutes"}, three.Players[0].Nations, "reduX Core 2.1")
	assert.True(t, tb.Rounds[len(tb.Rounds)-1].Final)
}

func TestTablesErrors(t *testing.T) {
	g := redux(t)
	base := string(g.TablesYAML)
	tests := []struct {
		name, from, to, wantErr string
	}{
		{"unknown field", "landless_reinforcements: 2", "landless_reinforcment: 2", "my.yaml:24: field landless_reinforcment not found"},
		{"bad centre", "centres: [Powys, Gwynedd, Dyfed]", "centres: [Powys, Gwynedd, Dyfedd]", `my.yaml:44: Welsh: scoring centre "Dyfedd" is not a land area`},
		{"bad sea", "seas: [Icelandic Sea], leader: Ketil", "seas: [Icelandic Ocean], leader: Ketil", `round 11: "Icelandic Ocean" is not a sea`},
		{"split twice", "[Welsh, Picts, Angles, Norwegians, Jutes]", "[Welsh, Picts, Angles, Norwegians, Jutes, Saxons]", "gives Saxons to 2 players"},
		{"start too many", "start: {Caithness: 1, Hebrides: 1, Orkneys: 1}", "start: {Caithness: 5, Hebrides: 1, Orkneys: 3}", "Caledonians starts with 9 armies but has only 7"},
		{"not yaml", "ruleset: redux", "ruleset: [redux", "my.yaml:"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			require.Contains(t, base, tc.from)
			_, err := ParseTables("my.yaml", []byte(strings.Replace(base, tc.from, tc.to, 1)), g.Board)
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.wantErr)
		})
	}
}
