package games

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// dump writes a board as text, line by line, so that two boards compare
// with a readable diff: terrain kinds, areas with every field, links with
// their kinds, area sets.
func dump(b *Board) string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "board %s regions %v\n", b.Name, b.Regions)
	for _, t := range b.Terrains {
		fmt.Fprintf(&sb, "terrain %s difficult=%v as=%v\n", t.Name, t.Difficult, t.As)
	}
	for _, a := range b.Areas {
		fmt.Fprintf(&sb, "area %d %s region=%q terrain=%d difficult=%v sea=%v inland=%v aliases=%v at=%v\n",
			a.ID, a.Name, a.Region, a.Terrain, a.Difficult, a.Sea, a.Inland, a.Aliases, a.At)
		for _, e := range b.Edges(a.ID) {
			fmt.Fprintf(&sb, "  %s %s strait=%v\n", e.Kind, b.AreaName(e.To), e.Strait)
		}
	}
	for _, s := range b.Sets {
		fmt.Fprintf(&sb, "set %s %v\n", s.Name, s.IDs)
	}
	return sb.String()
}

// TestBritanniaLegacyFormat: the board file as it was before terrain
// tables (difficult: true, no terrain:) loads to the same board as
// today's, area for area and link for link (reduX Core 1.1).
func TestBritanniaLegacyFormat(t *testing.T) {
	old, err := os.ReadFile("testdata/britannia-legacy.yaml")
	require.NoError(t, err)
	legacy, err := ParseBoard("britannia-legacy.yaml", old)
	require.NoError(t, err)
	now := redux(t).Board
	assert.Equal(t, dump(legacy), dump(now))
	assert.Equal(t, []string{"clear", "difficult"}, []string{now.Terrains[0].Name, now.Terrains[1].Name})
	for id := range now.NumLand {
		assert.Equal(t, now.Difficult(AreaID(id)), now.Terrain(AreaID(id)).Difficult)
		assert.Equal(t, now.Difficult(AreaID(id)), now.TerrainIs(AreaID(id), "difficult"))
	}
	assert.Nil(t, now.Terrain(AreaID(now.NumLand)), "a sea has no terrain")
}

// TestBritanniaLinkKinds: 76 land links of which 4 straits (reduX Core
// 6.2), 38 coasts and 6 sea links, each with its kind.
func TestBritanniaLinkKinds(t *testing.T) {
	b := redux(t).Board
	count := map[string]int{}
	for x := range b.Areas {
		for _, e := range b.Edges(AreaID(x)) {
			if AreaID(x) < e.To {
				k := e.Kind.String()
				if e.Kind == SeaLink && b.IsLand(AreaID(x)) {
					k = "coast"
				}
				count[k]++
				assert.Equal(t, e.Kind == StraitLink, e.Strait)
			}
		}
	}
	assert.Equal(t, map[string]int{"land": 72, "strait": 4, "coast": 38, "sea": 6}, count)
}

// isles is a small board in the per-area style: every area lists its
// neighbours, and each link is listed at both ends.
const isles = `name: isles
terrain:
  - {name: plains}
  - {name: forest, difficult: true}
  - {name: hills, difficult: true, as: [mountains]}
areas:
  - name: Aa
    terrain: plains
    next: [Bb, Lake, North Sea]
  - name: Bb
    terrain: forest
    aliases: [Bee]
    next: [Aa, Cc, Lake]
  - name: Cc
    terrain: hills
    next: [Bb, Lake, North Sea]
    straits: [Dd]
  - name: Dd
    terrain: plains
    straits: [Cc]
    next: [North Sea]
seas:
  - name: North Sea
    next: [Aa, Cc, Dd]
  - name: Lake
    inland: true
    next: [Aa, Bb, Cc]
`

func TestPerAreaBoard(t *testing.T) {
	b, err := ParseBoard("isles.yaml", []byte(isles))
	require.NoError(t, err)
	id := func(n string) AreaID {
		x, err := b.Lookup(n)
		require.NoError(t, err)
		return x
	}
	e, ok := b.Link(id("Cc"), id("Dd"))
	assert.True(t, ok && e.Kind == StraitLink && e.Strait)
	e, ok = b.Link(id("Aa"), id("Bb"))
	assert.True(t, ok && e.Kind == LandLink)
	e, ok = b.Link(id("Aa"), id("Lake"))
	assert.True(t, ok && e.Kind == SeaLink)
	assert.True(t, b.Area(id("Lake")).Inland)
	assert.False(t, b.Area(id("North Sea")).Inland)
	assert.True(t, b.TerrainIs(id("Cc"), "Mountains"), "a kind answers to its as: names")
	assert.True(t, b.TerrainIs(id("Cc"), "hills"))
	assert.False(t, b.TerrainIs(id("Aa"), "hills"))
	assert.True(t, b.Difficult(id("Bb")), "forest is difficult")
	assert.False(t, b.Difficult(id("Aa")))
}

// TestBoardErrors: every mistake in a board file is refused with the file,
// the line and what is wrong.
func TestBoardErrors(t *testing.T) {
	tests := []struct {
		name, from, to, want string
	}{
		{"unknown terrain", "terrain: hills\n", "terrain: swamp\n", `b.yaml:14: area Cc: unknown terrain "swamp" (terrain kinds: plains, forest, hills)`},
		{"no terrain", "    terrain: plains\n    next: [Bb,", "    next: [Bb,", "b.yaml:7: area Aa has no terrain (terrain kinds: plains, forest, hills)"},
		{"terrain twice", "terrain: forest\n", "terrain: forest\n    difficult: true\n", "b.yaml:10: area Bb: give terrain: or difficult:, not both"},
		{"terrain name twice", "{name: hills, difficult: true, as: [mountains]}", "{name: hills, difficult: true, as: [forest]}", `b.yaml:5: terrain name "forest" is already used by forest`},
		{"bad colour", "{name: plains}", "{name: plains, colour: green}", `b.yaml:3: terrain plains: colour "green" is not #rrggbb`},
		{"unknown key", "    terrain: forest\n", "    terain: forest\n", `b.yaml:11: unknown key "terain"`},
		{"unknown area", "next: [Bb, Lake, North Sea]\n  - name: Bb", "next: [Bbb, Lake, North Sea]\n  - name: Bb", `b.yaml:9: area Aa: next: names unknown area "Bbb" (did you mean Bb?)`},
		{"asymmetric", "next: [Aa, Cc, Lake]", "next: [Aa, Lake]", "b.yaml:16: Cc lists Bb under next: but Bb does not list Cc"},
		{"asymmetric sea", "next: [Aa, Cc, Dd]", "next: [Aa, Cc]", "b.yaml:21: Dd lists North Sea under next: but North Sea does not list Dd"},
		{"kinds differ", "    straits: [Cc]\n    next: [North Sea]", "    next: [North Sea, Cc]", "b.yaml:20: Dd's next: (line 20) makes Dd–Cc a land link but Cc's straits: (line 17) makes it a strait link"},
		{"listed twice", "next: [Aa, Cc, Lake]", "next: [Aa, Cc, Lake, Aa]", "b.yaml:13: area Bb lists Aa twice (also in Bb's next: (line 13))"},
		{"strait to a sea", "straits: [Dd]", "straits: [Dd, North Sea]", "b.yaml:17: Cc–North Sea: a strait joins two land areas (reduX Core 6.2)"},
		{"duplicate name", "  - name: Dd\n", "  - name: Bb\n", "b.yaml:18: area Bb is listed twice (first at line 10)"},
		{"duplicate alias", "    terrain: hills\n", "    terrain: hills\n    aliases: [Bee]\n", `b.yaml:14: name "Bee" of Cc is already used by Bb (line 10)`},
		{"sea without coast", "seas:\n", "seas:\n  - name: Far Sea\n", "b.yaml:23: sea Far Sea borders no land area"},
		{"disconnected", "seas:\n", "  - {name: Ee, terrain: plains, next: [Ff]}\n  - {name: Ff, terrain: plains, next: [Ee]}\nseas:\n",
			"b.yaml:22: the board is in 2 parts that no link joins: {Aa, Bb, Cc, Dd, North Sea, Lake}; {Ee, Ff}; every area must be reachable from every other"},
		{"inland land", "    terrain: plains\n    next: [Bb,", "    terrain: plains\n    inland: true\n    next: [Bb,", "b.yaml:7: area Aa: inland: is for seas"},
		{"sea terrain", "    inland: true\n", "    inland: true\n    terrain: plains\n", "b.yaml:25: sea Lake: terrain is for land areas"},
		{"bad position", "    terrain: plains\n    next: [Bb,", "    terrain: plains\n    at: [1, x]\n    next: [Bb,", "b.yaml:9: area Aa: at: is [x, y]"},
		{"not a mapping", "name: isles\n", "- name: isles\n", "b.yaml:1: "},
		{"empty", isles, "", "b.yaml: the file is empty"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			require.Contains(t, isles, tc.from)
			_, err := ParseBoard("b.yaml", []byte(strings.Replace(isles, tc.from, tc.to, 1)))
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.want)
		})
	}
}

// listed is a board in the list style of the Britannia board: links under
// links: and sea_links:, coasts under each area's seas:, one direction.
const listed = `name: listed
regions: [Up, Down]
areas:
  - {name: Aa, region: Up, seas: [West]}
  - {name: Bb, region: Up, difficult: true, seas: [West, East]}
  - {name: Cc, region: Down, seas: [East]}
seas:
  - name: West
  - name: East
links:
  - [Aa, Bb]
  - [Bb, Cc, land]
  - [Aa, Cc, strait]
sea_links:
  - [West, East]
`

func TestListedBoardErrors(t *testing.T) {
	b, err := ParseBoard("l.yaml", []byte(listed))
	require.NoError(t, err)
	assert.True(t, b.Difficult(1), "difficult: true without a terrain table is the difficult kind")
	assert.Equal(t, "clear", b.Terrain(0).Name)
	tests := []struct {
		name, from, to, want string
	}{
		{"unknown region", "region: Down", "region: Middle", `l.yaml:6: area Cc: unknown region "Middle" (regions are Up, Down)`},
		{"unknown sea", "seas: [East]}", "seas: [Eats]}", `l.yaml:6: area Cc borders unknown sea "Eats"`},
		{"unknown area", "[Aa, Bb]", "[Aa, Bx]", `l.yaml:11: link names unknown area "Bx" (did you mean Bb?)`},
		{"land kind with a sea", "[Bb, Cc, land]", "[Bb, East, land]", "l.yaml:12: Bb–East: a land link joins two land areas"},
		{"sea kind on land", "[Bb, Cc, land]", "[Bb, Cc, sea]", "l.yaml:12: Bb–Cc: a sea link needs a sea at one end"},
		{"unknown kind", "[Bb, Cc, land]", "[Bb, Cc, bridge]", `l.yaml:12: unknown link kind "bridge" (land, strait or sea)`},
		{"listed twice", "  - [Bb, Cc, land]\n", "  - [Bb, Cc, land]\n  - [Cc, Bb]\n", "l.yaml:13: link Cc–Bb is listed twice (first at line 12)"},
		{"link and seas", "  - [Bb, Cc, land]\n", "  - [Bb, Cc, land]\n  - [Cc, East]\n", "l.yaml:6: link Cc–East is both in links: (line 13) and in Cc's seas: (line 6); list it once"},
		{"sea_links with land", "  - [West, East]", "  - [West, Aa]", "l.yaml:15: link West–Aa is in the wrong list: sea_links: joins two seas"},
		{"self", "[Aa, Bb]", "[Aa, Aa]", "l.yaml:11: link from Aa to itself"},
		{"bad link", "[Aa, Bb]", "[Aa]", "l.yaml:11: a link is [Area, Area] or [Area, Area, KIND]"},
		{"set names unknown area", "sea_links:", "area_sets:\n  - {name: s, areas: [Aa, Zz]}\nsea_links:", `l.yaml:15: area set "s" names unknown area "Zz"`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			require.Contains(t, listed, tc.from)
			_, err := ParseBoard("l.yaml", []byte(strings.Replace(listed, tc.from, tc.to, 1)))
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.want)
		})
	}
}
