package templates

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pbem-org/pbem/adjudicator"
	"github.com/pbem-org/pbem/adjudicator/hybreasil"
	"github.com/pbem-org/pbem/games"
	"github.com/pbem-org/pbem/mapdraw"
	"github.com/pbem-org/pbem/rulesets"
)

// TestHyBreasilReportWords: a Hy Breasil report (issue 13) says "Turn", not
// "Round" (Hy Breasil 3: a game of turns), names the invasion phase that
// starts a turn as such (4, 5), not "end of round", lists each nation in
// play with its civilization tokens (6.1), race (9.1), lord (9.2) and
// abilities (9.3, the capital by name), and scores players without the
// nations' own VP (7) nor a population limit and track it does not have
// (6.2), and its own events (the nation order cup) under
// "What happened", not among skipped orders; a reduX report has none of it.
func TestHyBreasilReportWords(t *testing.T) {
	g := games.MustLoad("hy-breasil", "races", "submission", "abilities")
	e := rulesets.New(g)
	before, s := e.NewState(), e.NewState() // the nations table shows the nations the step changed
	x := hybreasil.X(s)
	a, err := g.Board.Lookup("Greyhaven")
	require.NoError(t, err)
	s.Add(a, 0, 0, 2)
	s.Add(a+1, 1, 0, 1)
	x.Civ[0], x.Race[0], x.Lord[0] = 2, "elf", 1
	x.Abilities[0], x.Capital[0] = []string{hybreasil.Taxation, hybreasil.Capital}, a
	cup := adjudicator.Event{Kind: hybreasil.EvCup, Said: "Turn 1: the nations move in the order Star, Moon (Hy Breasil 6)"}
	r := Build(e, e.Due(s).ID, before, s, []adjudicator.Event{cup}, Options{Players: []string{"Ann", "Bo", "Cy"}})
	text := strings.Join(strings.Fields(Text(r)), " ")
	first, second := g.Tables.Nations[0].Name, g.Tables.Nations[1].Name
	assert.Contains(t, text, "Turn 1: the invasion phase")
	assert.Contains(t, text, "Turn 1 of the game")
	assert.NotContains(t, text, "end of round")
	assert.Contains(t, text, "POSITION AFTER THE INVASION PHASE")
	assert.Contains(t, text, "WHAT HAPPENED Turn 1: the nations move", "a ruleset's own events have their section")
	assert.NotContains(t, text, "SKIPPED ORDERS", "not among the skipped orders")
	assert.Contains(t, text, "Nation Player Land Sea Off Held ---", "no population track (6.2) and no VP by nation (7) in the nations table")
	assert.NotContains(t, text, "Lim: population limit")
	assert.Contains(t, text, first+": 2 civilization tokens; race elf; submitted to the "+second+" nation; abilities: taxation, capital (Greyhaven).")
	assert.Contains(t, HTML(r, ""), "<b>"+first+"</b>: 2 civilization tokens; race elf;")

	core := Text(build(t, "r04-angles", 0))
	assert.NotContains(t, core, "civilization")
	assert.Contains(t, core, "Round 4")
}

// TestCityOnMap: a Hy Breasil city (9.3.1) has a counter of its own
// beside its nation's armies (keyed in the map's legend); the report's
// nation facts list it.
func TestCityOnMap(t *testing.T) {
	g := games.MustLoad("hy-breasil", "abilities")
	e := rulesets.New(g)
	s := e.NewState()
	a, err := g.Board.Lookup("Goldmead")
	require.NoError(t, err)
	s.Add(a, 0, 0, 2)
	hybreasil.X(s).City[a] = 0
	r := Build(e, e.Due(s).ID, e.NewState(), s, nil, Options{Players: []string{"Ann", "Bo", "Cy"}}) // a step that placed them
	v := MapView(g, r)
	require.Len(t, v.Stacks, 1)
	assert.Equal(t, []mapdraw.Work{{Letter: "C", Name: "city"}}, v.Stacks[0].Works)
	assert.Contains(t, strings.Join(strings.Fields(Text(r)), " "), "cities: Goldmead")
}
