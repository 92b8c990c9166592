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

// TestStuckRetreatSaidOnce: an attacker who would retreat after every
// round of a long battle but cannot (reduX Core 7.2.2) is told once, with
// the later rounds it held for, in every format (issue 14: seven times in
// a seven-round battle); a different retreat that cannot be made (the
// defender's, 7.2) is its own line, and the events themselves (JSON, the
// archive) keep every one.
func TestStuckRetreatSaidOnce(t *testing.T) {
	g, _ := game()
	st := step(t, "r07-angles")
	const att = "  the Angles would retreat from Kent but cannot, and fight on (reduX Core 7.2.2)" // the facts of an engine before retreat-reasons give no reason
	two := []adjudicator.Count{{Kind: "infantry", N: 2}}
	evs := []adjudicator.Event{
		{Kind: adjudicator.EvTurn, What: "turn", Nation: "Angles", Round: 7},
		{Kind: adjudicator.EvBattle, What: "battle", Nation: "Angles", Opponent: "Jutes", Area: "Kent", Battle: 1, Units: two, TheirUnits: two},
	}
	for round := 1; round <= 4; round++ {
		evs = append(evs, adjudicator.Event{Kind: adjudicator.EvRound, What: "round", Nation: "Angles", Opponent: "Jutes", Area: "Kent", Battle: 1, Round: round,
			Dice: []int{1, 2}, TheirDie: []int{3, 4}, Left: 2, TheirLft: 2, Need: 5, TheirNeed: 5, Units: two, TheirUnits: two})
		evs = append(evs, adjudicator.Event{Kind: adjudicator.EvRetreat, What: "attacker-stuck", Nation: "Angles", Area: "Kent", Battle: 1})
		if round == 3 {
			evs = append(evs, adjudicator.Event{Kind: adjudicator.EvRetreat, What: "defender-stuck", Nation: "Jutes", Area: "Kent", Battle: 1})
		}
	}
	evs = append(evs, adjudicator.Event{Kind: adjudicator.EvBattleEnd, What: "battle-end", Nation: "Angles", Area: "Kent", Battle: 1})
	r := Build(rulesets.New(g), st.ID, st.Before, st.After, evs, options(st.ID, 0))
	require.Len(t, r.Battles, 1)
	steps := r.Battles[0].Steps
	require.Len(t, steps, 6, "four rounds, the attacker's retreat once, the defender's once")
	assert.Equal(t, []int{2, 3, 4}, steps[1].Again)
	assert.Nil(t, steps[4].Again, "the defender's retreat is said where it came")

	for name, out := range map[string]string{"text": Text(r), "html": HTML(r, ""), "markdown": Markdown(r), "bbcode": BBCode(r)} {
		flat := strings.Join(strings.Fields(out), " ")
		assert.Equal(t, 1, strings.Count(flat, "the Angles would retreat from Kent but cannot"), "%s says the attacker's retreat once", name)
		assert.Contains(t, flat, "(reduX Core 7.2.2); the same after rounds 2 to 4", name)
		assert.Equal(t, 1, strings.Count(flat, "the Jutes would retreat from Kent"), name)
	}
	n := 0
	for _, ev := range r.Events {
		if ev.Text == att {
			n++
		}
	}
	assert.Equal(t, 4, n, "the report's events keep every one, as the archive does")
}

func TestRoundList(t *testing.T) {
	for _, tc := range []struct {
		in   []int
		want string
	}{
		{[]int{4}, "round 4"},
		{[]int{2, 3}, "rounds 2 and 3"},
		{[]int{2, 5}, "rounds 2 and 5"},
		{[]int{2, 3, 4, 5, 6, 7}, "rounds 2 to 7"},
		{[]int{2, 3, 5}, "rounds 2, 3 and 5"},
	} {
		assert.Equal(t, tc.want, roundList(tc.in), "%v", tc.in)
	}
}

// TestToldAgain: an event told again apart, as a reroll rolled once more
// is, says so, and from the third time which time it is (Engine.Told;
// issue 21: "the same sentence twice in one report").
func TestToldAgain(t *testing.T) {
	e := rulesets.New(games.MustLoad("hy-breasil"))
	var evs []adjudicator.Event
	for die := 1; die <= 3; die++ {
		evs = append(evs, adjudicator.Event{Kind: hybreasil.EvEvent, What: "no-civil-war"},
			adjudicator.Event{Kind: hybreasil.EvEvent, What: "plague", Die: die})
	}
	var got []string
	for _, ev := range e.Told(e.Render(evs)) {
		got = append(got, ev.Text)
	}
	assert.Equal(t, []string{
		"Civil war cannot occur (the nation holds one area or no token set is unused): a new event is rolled (Hy Breasil 6.1)",
		"Plague: the die shows 1 (Hy Breasil 6.1)",
		"Civil war cannot occur (the nation holds one area or no token set is unused): a new event is rolled again (Hy Breasil 6.1)",
		"Plague: the die shows 2 (Hy Breasil 6.1)",
		"Civil war cannot occur (the nation holds one area or no token set is unused): a new event is rolled for the 3rd time (Hy Breasil 6.1)",
		"Plague: the die shows 3 (Hy Breasil 6.1)",
	}, got)
}
