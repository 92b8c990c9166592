package templates

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pbem-org/pbem/games"
	"github.com/pbem-org/pbem/rulesets"
)

// TestPositionShowsChanges: after a step the position table lists the
// areas whose armies it changed, each with what it held before, and no
// other (issue 21: every area at every step, Hy Breasil's 48 rows mostly
// "-"); every step of the seed-7 game is checked against the states
// themselves, and one in every format.
func TestPositionShowsChanges(t *testing.T) {
	g, steps := game()
	e := rulesets.New(g)
	for _, st := range steps {
		r := Build(e, st.ID, st.Before, st.After, st.Events, options(st.ID, 0))
		want := map[string]bool{}
		for a := range g.Board.Areas {
			for n := range g.Tables.Nations {
				if st.Before.Units(games.AreaID(a), n) != st.After.Units(games.AreaID(a), n) {
					want[g.Board.Areas[a].Name] = true
				}
			}
		}
		got := map[string]bool{}
		for _, rg := range r.Shown() {
			for _, a := range rg.Areas {
				got[a.Area] = true
				assert.True(t, r.Full() || a.Changed, "%s: %s unchanged but shown", st.ID, a.Area)
			}
		}
		if r.Full() {
			assert.Len(t, got, len(g.Board.Areas), "%s: the end of the game shows every area", st.ID)
			continue
		}
		assert.Equal(t, want, got, st.ID)
		assert.Equal(t, len(want), r.Changes(), st.ID)
	}

	r := build(t, "r07-angles", 0)
	require.Equal(t, 3, r.Changes())
	text := Text(r)
	assert.Contains(t, text, "  York      AN 3    AN 1\n")
	for _, unchanged := range []string{"Dyfed", "Kent", "Icelandic Sea"} {
		for name, out := range map[string]string{"text": text, "html": HTML(r, ""), "markdown": Markdown(r), "bbcode": BBCode(r)} {
			assert.NotContains(t, out, unchanged, "%s lists an area the step did not change", name)
		}
	}
	assert.Contains(t, text, "3 of the 43 areas changed in this step")
}

// TestQuietStep: a step that changed nothing on the board and scored
// nothing ("0 new armies") says so in a few lines, without the position,
// nations and score tables; its dice seed is still revealed. A step that
// changed the board is not quiet.
func TestQuietStep(t *testing.T) {
	r := build(t, "r04-welsh", 0)
	require.True(t, r.Quiet)
	text := Text(r)
	assert.LessOrEqual(t, strings.Count(text, "\n"), 26, text)
	assert.Contains(t, text, "QUIET STEP\n  Nothing changed on the board")
	assert.Contains(t, text, r.Seed)
	for name, out := range map[string]string{"text": text, "html": HTML(r, ""), "markdown": Markdown(r), "bbcode": BBCode(r)} {
		assert.NotContains(t, strings.ToLower(out), "position after", name)
		assert.NotContains(t, out, "Romano-British", "%s: no nations table", name)
		assert.Contains(t, out, "Nothing changed on the board", name)
	}
	assert.Less(t, len(HTML(r, "")), 4000)
	full := Text(build(t, "r07-angles", 0))
	assert.Greater(t, strings.Count(full, "\n"), 2*strings.Count(text, "\n"))

	g, steps := game()
	e := rulesets.New(g)
	quiet := 0
	for _, st := range steps {
		r := Build(e, st.ID, st.Before, st.After, st.Events, options(st.ID, 0))
		if !r.Quiet {
			continue
		}
		quiet++
		assert.Zero(t, r.Changes(), st.ID)
		assert.Empty(t, r.Battles, st.ID)
		for n := range g.Tables.Nations {
			assert.Equal(t, st.Before.Nations[n].VP, st.After.Nations[n].VP, st.ID)
		}
	}
	assert.Greater(t, quiet, 10, "the seed-7 game has quiet steps")
	assert.False(t, build(t, "r07-end", 0).Quiet, "a round's end that scores is not quiet")
}

// TestFullPosition: the whole board, every area and sea with its armies
// and no Before column, for the map command's answer.
func TestFullPosition(t *testing.T) {
	g, _ := game()
	r := build(t, "r07-angles", 0)
	full := FullPosition(r)
	for _, a := range g.Board.Areas {
		assert.Contains(t, full, a.Name)
	}
	assert.NotContains(t, full, "Before")
	assert.Equal(t, 3, r.Changes(), "FullPosition leaves the report as it was")
}

// TestNationsShowChanges: the nations table lists the nations whose
// figures the step changed, and no other, saying how many it leaves out;
// at the start and the end of the game every nation (issue 21: the table
// of every nation at every step). Every step of the seed-7 game is
// checked against the states themselves.
func TestNationsShowChanges(t *testing.T) {
	g, steps := game()
	e := rulesets.New(g)
	for _, st := range steps {
		r := Build(e, st.ID, st.Before, st.After, st.Events, options(st.ID, 0))
		var want []string
		for n, nat := range g.Tables.Nations {
			b, a := st.Before.Nations[n], st.After.Nations[n]
			if r.Full() || b.Pop != a.Pop || b.VP != a.VP || e.OnLand(st.Before, n) != e.OnLand(st.After, n) ||
				len(st.Before.Held(g.Board, n)) != len(st.After.Held(g.Board, n)) {
				want = append(want, nat.Name)
			}
		}
		var got []string
		for _, n := range r.ShownNations() {
			got = append(got, n.Nation)
		}
		// The states' own figures are a subset of what the row compares
		// (the row also has armies at sea and off the board, the limit).
		for _, name := range want {
			assert.Contains(t, got, name, "%s: %s changed but not shown", st.ID, name)
		}
		if r.Full() {
			assert.Len(t, got, len(g.Tables.Nations), st.ID)
			assert.Empty(t, r.NationsNote(), st.ID)
			continue
		}
		for _, n := range r.ShownNations() {
			assert.True(t, n.Changed, "%s: %s unchanged but shown", st.ID, n.Nation)
		}
		if len(got) < len(g.Tables.Nations) && !r.Quiet {
			assert.Contains(t, strings.Join(strings.Fields(Text(r)), " "), r.NationsNote(), st.ID)
		}
	}
	r := build(t, "r07-angles", 0)
	assert.Less(t, len(r.ShownNations()), 4, "r07-angles changed two or three nations")
	assert.NotContains(t, Text(r), "NO Normans", "an unchanged nation in the table")
}
