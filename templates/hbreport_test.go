package templates

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pbem-org/pbem/adjudicator"
	"github.com/pbem-org/pbem/adjudicator/hybreasil"
	"github.com/pbem-org/pbem/games"
	"github.com/pbem-org/pbem/rulesets"
)

// hbTurn is a Hy Breasil state in which the first two nations are in the
// cup and the first moves (before) or has moved (after) (Hy Breasil 6).
func hbTurn(t *testing.T) (*adjudicator.Engine, *adjudicator.State, *adjudicator.State) {
	t.Helper()
	g := games.MustLoad("hy-breasil", "races", "abilities")
	e := rulesets.New(g)
	before := e.NewState()
	hybreasil.X(before).Invaded = true
	before.Order = []adjudicator.NationID{0, 1}
	a, err := g.Board.Lookup("Goldmead")
	require.NoError(t, err)
	before.Add(a, 0, 0, 3)
	before.Add(a+1, 1, 0, 3)
	after := before.Clone()
	after.Next = 1
	return e, before, after
}

// hbBattle is a battle of two rounds and a retreat as the Hy Breasil
// engine writes it (6.3.1, 6.3.2): rounds name no opponent, the retreat
// no battle; text is the round's words for each round.
func hbBattle(star, moon string, text [2]string) []adjudicator.Event {
	const rule = "Hy Breasil 6.3.1"
	return []adjudicator.Event{
		{Kind: adjudicator.EvTurn, Nation: star, Said: "Turn 1: the " + star + " nation (Red) plays"},
		{Kind: adjudicator.EvBattle, Nation: star, Opponent: moon, Area: "Goldmead", Battle: 1, Said: "Battle 1 in Goldmead: the " + star + " nation attacks the " + moon + " nation (Hy Breasil 6.3.1)"},
		{Kind: adjudicator.EvRound, Nation: star, Area: "Goldmead", Battle: 1, Round: 1, Dice: []int{6, 5, 6}, TheirDie: []int{1, 2, 1}, Hits: 3, Left: 3, TheirLft: 2,
			Need: 5, TheirNeed: 4, Wounds: true, Killed: 1, TheirWounded: 1, Said: text[0]},
		{Kind: adjudicator.EvRound, Nation: star, Area: "Goldmead", Battle: 1, Round: 2, Dice: []int{1, 1, 5}, TheirDie: []int{5, 2}, Hits: 1, TheirHit: 1, Left: 3, TheirLft: 1,
			Need: 5, TheirNeed: 4, Wounds: true, Killed: 1, Wounded: 1, Said: text[1]},
		{Kind: adjudicator.EvRetreat, Nation: moon, Area: "Goldmead", Path: []string{"Goldmead", "Tallowmere"}, N: 1, Said: "The " + moon + " nation retreats 1 unit from Goldmead to Tallowmere (Hy Breasil 6.3.2)"},
		{Kind: adjudicator.EvBattleEnd, Nation: star, Area: "Goldmead", Battle: 1, Said: "Battle 1 ends: the " + star + " nation holds Goldmead (Hy Breasil 6.3.1)"},
	}
}

// TestHyBreasilDiceTable: a Hy Breasil battle's dice table (6.3.1) names
// the defender, marks the dice that hit with the hit numbers the engine
// states (5+ for the attacker in forest or hills, 4+ for the defender),
// and its losses count the units killed, not the hits, which only wound
// an unhurt unit; the retreat (6.3.2) is told in its battle. Before, the
// table showed reduX's 5+/6+, a blank defender, losses of 4 (the hits)
// and the retreat among skipped orders.
func TestHyBreasilDiceTable(t *testing.T) {
	e, before, after := hbTurn(t)
	star, moon := e.NationName(0), e.NationName(1)
	evs := hbBattle(star, moon, [2]string{
		"Round 1: the " + star + " roll [6 5 6] (hit on 5+: 3 hits), the " + moon + " roll [1 2 1] (hit on 4+: 0 hits); left: the " + star + " 3, the " + moon + " 2 (1 wounded)",
		"Round 2: the " + star + " roll [1 1 5] (hit on 5+: 1 hit), the " + moon + " roll [5 2] (hit on 4+: 1 hit); left: the " + star + " 3 (1 wounded), the " + moon + " 1",
	})
	r := Build(e, e.Due(before).ID, before, after, evs, Options{Players: []string{"Ann", "Bo", "Cy", "Di"}})
	require.Len(t, r.Battles, 1)
	b := r.Battles[0]
	require.Len(t, b.Steps, 3, "two rounds and the retreat")
	assert.Empty(t, r.Notes, "the retreat is in its battle")
	att, def := b.Steps[0].Attack, b.Steps[0].Defend
	assert.Equal(t, moon, def.Nation)
	assert.Equal(t, 5, att.Need)
	assert.Equal(t, 4, def.Need)
	assert.Equal(t, []Die{{6, true}, {5, true}, {6, true}}, att.Dice)
	assert.Equal(t, 1, att.Kills, "three hits: one unit killed, one wounded")
	assert.Equal(t, 2, b.DefenderLost)
	assert.Equal(t, 0, b.AttackerLost, "one hit wounds")
	text := Text(r)
	assert.Contains(t, text, star+" (attacker, 5+)  6* 5* 6*")
	assert.Contains(t, text, moon+" (defender, 4+)  1  2  1")
	assert.Contains(t, text, "Losses: "+star+" 0, "+moon+" 2; retreated: "+moon+" 1.")
	assert.Contains(t, Markdown(r), moon+" (defender, 4+)")
	assert.Contains(t, BBCode(r), moon+" (defender, 4+)")
}

// TestHyBreasilCityDie: the defender's city rolls a die of its own, the
// last, hitting on 4+ however its units' dice hit (9.3.1); it is not a
// unit, so it is no loss.
func TestHyBreasilCityDie(t *testing.T) {
	b := &Battle{Attacker: "Star", Defender: "Moon"}
	ev := adjudicator.Event{Kind: adjudicator.EvRound, Nation: "Star", Area: "Goldmead", Battle: 1, Round: 1, Dice: []int{4, 4}, TheirDie: []int{3, 3, 3},
		Hits: 2, TheirHit: 2, Left: 1, TheirLft: 1, Need: 4, TheirNeed: 3, City: true, CityNeed: 4, Wounds: true, Killed: 1, TheirKilled: 1}
	b.round(ev)
	def := b.Steps[0].Defend
	assert.Equal(t, []Die{{3, true}, {3, true}, {3, false}}, def.Dice)
	assert.Equal(t, 1, b.DefenderLost, "two units and the city: one unit killed")
	assert.Equal(t, 1, b.AttackerLost)
}

// TestHyBreasilSections: a Strong leader's second movement phase (Hy
// Breasil 6.1) and units left at sea and lost (6.3) are told with the
// moves, not among skipped orders or before the moves; the random event
// of the nation due next, rolled at the end of the step (6.1), is told
// under Next, not as what happened in this nation's turn.
func TestHyBreasilSections(t *testing.T) {
	e, before, after := hbTurn(t)
	star, moon := e.NationName(0), e.NationName(1)
	evs := []adjudicator.Event{
		{Kind: adjudicator.EvTurn, Nation: star, Said: "Turn 1: the " + star + " nation (Red) plays"},
		{Kind: hybreasil.EvEvent, Nation: star, Said: "The " + star + " nation is in its first turn: strong leader (Hy Breasil 6.1)"},
		{Kind: adjudicator.EvPopulation, Nation: star, Said: "The " + star + " nation has 0 PIPs: 0 new units (Hy Breasil 6.2)"},
		{Kind: adjudicator.EvMove, Nation: star, Said: "The " + star + " nation moves 2 units Southern Reach > Goldmead (Hy Breasil 6.3)"},
		{Kind: adjudicator.EvPhase, Nation: star, Said: "Strong leader: the " + star + " nation's second movement and combat phase (Hy Breasil 6.1)"},
		{Kind: adjudicator.EvMove, Nation: star, Said: "The " + star + " nation moves 2 units Goldmead > Tallowmere (Hy Breasil 6.3)"},
		{Kind: adjudicator.EvRemove, Nation: star, Said: "The " + star + " nation's 3 units left at sea in Southern Reach are lost (Hy Breasil 6.3)"},
		{Kind: hybreasil.EvEvent, Nation: star, For: moon, Said: "The " + moon + " nation rolls 3 + 0 civilization tokens: famine (Hy Breasil 6.1)"},
	}
	r := Build(e, e.Due(before).ID, before, after, evs, Options{Players: []string{"Ann", "Bo", "Cy", "Di"}})
	assert.Empty(t, r.Notes)
	require.Len(t, r.Moves, 4)
	assert.Equal(t, adjudicator.EvPhase, r.Moves[1].Kind)
	assert.Equal(t, adjudicator.EvRemove, r.Moves[3].Kind)
	require.Len(t, r.Phase1, 1)
	require.Len(t, r.Happened, 1, "the nation's own event")
	require.Len(t, r.Upcoming, 1)
	text := strings.Join(strings.Fields(Text(r)), " ")
	assert.NotContains(t, text, "SKIPPED ORDERS")
	assert.Contains(t, text, "second movement and combat phase (Hy Breasil 6.1) The "+star+" nation moves 2 units Goldmead")
	assert.Regexp(t, `NEXT Next: .*\. The `+moon+` nation rolls 3 \+ 0 civilization tokens: famine`, text)
	for name, out := range map[string]string{"html": HTML(r, ""), "markdown": Markdown(r), "bbcode": BBCode(r)} {
		assert.Contains(t, out, "The "+moon+" nation rolls 3", name)
		assert.Less(t, strings.Index(out, "Next: "), strings.Index(out, "The "+moon+" nation rolls"), name)
	}
}

// TestStandingLinesInPersonal: a player whose nation does not move next is
// told which lines standing orders hold in the ruleset: in Hy Breasil more
// than defend lines (6.1 reroll, 9.2 submit, 9.3.1 permit, 5.3 relinquish).
func TestStandingLinesInPersonal(t *testing.T) {
	e, before, after := hbTurn(t)
	r := Build(e, e.Due(before).ID, before, after, nil, Options{Players: []string{"Ann", "Bo", "Cy", "Di"}})
	for seat := 1; seat <= 4; seat++ {
		c := r.For(e, seat, "")
		if c.Personal != nil && !c.Personal.MovesNext {
			assert.Contains(t, strings.Join(c.Personal.Decide, " "), "standing orders (defend, reroll, submit, permit and relinquish lines)")
			return
		}
	}
	t.Fatal("every seat moves next")
}
