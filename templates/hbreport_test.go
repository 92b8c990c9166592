package templates

import (
	"html"
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
// engine writes it (6.3.1, 6.3.2): rounds name the defender only in their
// Args, the retreat no battle.
func hbBattle(star, moon string) []adjudicator.Event {
	return []adjudicator.Event{
		{Kind: adjudicator.EvTurn, What: "turn-start", Nation: star, Round: 1, Args: []string{"Red"}},
		{Kind: adjudicator.EvBattle, What: "battle-start", Nation: star, Opponent: moon, Area: "Goldmead", Battle: 1},
		{Kind: adjudicator.EvRound, What: "battle-round", Nation: star, Area: "Goldmead", Battle: 1, Round: 1, Dice: []int{6, 5, 6}, TheirDie: []int{1, 2, 1}, Hits: 3, Left: 3, TheirLft: 2,
			Need: 5, TheirNeed: 4, Wounds: true, Killed: 1, TheirWounded: 1, Args: []string{moon}},
		{Kind: adjudicator.EvRound, What: "battle-round", Nation: star, Area: "Goldmead", Battle: 1, Round: 2, Dice: []int{1, 1, 5}, TheirDie: []int{5, 2}, Hits: 1, TheirHit: 1, Left: 3, TheirLft: 1,
			Need: 5, TheirNeed: 4, Wounds: true, Killed: 1, Wounded: 1, Args: []string{moon}},
		{Kind: adjudicator.EvRetreat, What: "retreat-units", Nation: moon, Area: "Goldmead", Path: []string{"Goldmead", "Tallowmere"}, N: 1},
		{Kind: adjudicator.EvBattleEnd, What: "battle-over", Nation: star, Area: "Goldmead", Battle: 1, Args: []string{star}},
	}
}

// TestHyBreasilBattleTold: a Hy Breasil battle (6.3.1) is told once, a
// line a round with its dice, each die that hits starred by the hit
// numbers the engine states (5+ for the attacker in forest or hills, 4+
// for the defender), the defender named; its losses count the units
// killed, not the hits, which only wound an unhurt unit; the retreat
// (6.3.2) is told in its battle. Before, each round was told twice, as a
// sentence and as a dice table of the same dice (issue 21), and earlier
// the table showed reduX's 5+/6+, a blank defender, losses of 4 (the hits)
// and the retreat among skipped orders.
func TestHyBreasilBattleTold(t *testing.T) {
	e, before, after := hbTurn(t)
	star, moon := e.NationName(0), e.NationName(1)
	r := Build(e, e.Due(before).ID, before, after, hbBattle(star, moon), Options{Players: []string{"Ann", "Bo", "Cy", "Di"}})
	require.Len(t, r.Battles, 1)
	b := r.Battles[0]
	require.Len(t, b.Steps, 3, "two rounds and the retreat")
	assert.Empty(t, r.Notes, "the retreat is in its battle")
	assert.Equal(t, 2, b.DefenderLost, "three hits: one unit killed, one wounded; then one more")
	assert.Equal(t, 0, b.AttackerLost, "one hit wounds")
	round1 := "Round 1: the " + star + " nation rolls [6* 5* 6*] (hit on 5+: 3 hits), the " + moon + " nation [1 2 1] (hit on 4+: no hit)"
	for format, text := range map[string]string{"text": strings.Join(strings.Fields(Text(r)), " "), "markdown": Markdown(r), "bbcode": BBCode(r), "html": html.UnescapeString(HTML(r, ""))} {
		if format == "markdown" {
			round1 := strings.NewReplacer("*", `\*`, "[", `\[`, "]", `\]`).Replace(round1)
			assert.Equal(t, 1, strings.Count(text, round1), "%s: %s", format, text)
		} else {
			assert.Equal(t, 1, strings.Count(text, round1), "%s: %s", format, text)
		}
		assert.NotContains(t, text, "(attacker, 5+)", "%s: no dice table tells the round again", format)
		assert.NotContains(t, text, "(defender, 4+)", format)
	}
	assert.Contains(t, Text(r), "Losses in Goldmead: "+star+" 0, "+moon+" 2; retreated: "+moon+" 1.")
}

// TestHyBreasilCityDie: the defender's city rolls a die of its own, the
// last, hitting on 4+ however its units' dice hit (9.3.1); it is not a
// unit, so it is no loss.
func TestHyBreasilCityDie(t *testing.T) {
	e, _, _ := hbTurn(t)
	b := &Battle{Attacker: "Star", Defender: "Moon"}
	ev := adjudicator.Event{Kind: adjudicator.EvRound, What: "battle-round", Nation: "Star", Area: "Goldmead", Battle: 1, Round: 1, Dice: []int{4, 4}, TheirDie: []int{3, 3, 3},
		Hits: 2, TheirHit: 2, Left: 1, TheirLft: 1, Need: 4, TheirNeed: 3, City: true, CityNeed: 4, Wounds: true, Killed: 1, TheirKilled: 1, Args: []string{"Moon"}}
	b.round(ev)
	assert.Contains(t, e.Text(ev), "the Moon nation [3* 3* 3] (hit on 3+, the city's die last on 4+: 2 hits)")
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
	assert.Regexp(t, `NEXT The .* comes next.*\. The `+moon+` nation rolls 3 \+ 0 civilization tokens: famine`, text)
	for name, out := range map[string]string{"html": HTML(r, ""), "markdown": Markdown(r), "bbcode": BBCode(r)} {
		assert.Contains(t, out, "The "+moon+" nation rolls 3", name)
		assert.Less(t, strings.Index(out, "comes next"), strings.Index(out, "The "+moon+" nation rolls"), name)
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
