package britannia

import (
	"testing"

	"github.com/pbem-org/pbem/adjudicator"
	"github.com/pbem-org/pbem/games"
)

// TestWords: classic Britannia's facts read as the engine wrote them
// before they were facts (pbem-engine-4), the research notes' citations
// named as players read them (refs), for those no rules case or bot game
// words: its refusals and its rarer rules.
func TestWords(t *testing.T) {
	e, err := adjudicator.Load(games.MustLoad("britannia"), &Ruleset)
	if err != nil {
		t.Fatal(err)
	}
	skipped := func(what string, args ...any) adjudicator.Event {
		return adjudicator.Event{Kind: adjudicator.EvSkipped, What: what, Line: 3, Args: adjudicator.Args(args...)}
	}
	for _, tc := range []struct {
		name string
		ev   adjudicator.Event
		want string
	}{
		{"burhs who", skipped("cb-burhs-who", "Saxons", 11, 12), "skipped (line 3): only the Saxons buy burhs, in rounds [11 12] (Britannia 2005 §5 Saxon Burhs)"},
		{"burh cost", skipped("cb-burh-cost", 2, 1), "skipped (line 3): a burh costs 2 population points and the marker is at 1 (Britannia 2005 §5 Saxon Burhs)"},
		{"burh not held", skipped("cb-burh-not-held", "Saxons", "Kent"), "skipped (line 3): burhs are built in areas the Saxons hold, and they do not hold Kent (Britannia 2005 §5 Saxon Burhs)"},
		{"burh there", skipped("cb-burh-there", "Kent"), "skipped (line 3): Kent already has a burh (Britannia 2005 §5 Saxon Burhs)"},
		{"burhs most", skipped("cb-burhs-most", 4, 4), "skipped (line 3): no more burhs: 4 stand, the most is 4 (the counters, and the areas held; Britannia 2005 §5 Saxon Burhs)"},
		{"no crown", skipped("cb-no-crown"), "skipped (line 3): the King is determined at the end of the round; there is nothing to crown (Britannia 2005 The king)"},
		{"no target", skipped("cb-no-target"), "skipped (line 3): in classic Britannia a 6 must hit the harder unit first; there is no target choice (Britannia 2005 Battles)"},
		{"no raid turn", skipped("cb-no-raid-turn", "Angles"), "skipped (line 3): the Angles have no Raiding turn this round, so no raiders withdraw (Britannia 2005 Raider Withdrawal)"},
		{"stay", skipped("cb-stay"), `skipped (line 3): raiders stay on land unless told to withdraw; "stay" is not needed (Britannia 2005 Raider Withdrawal)`},
		{"nothing to place, never", skipped("cb-nothing-to-place", "never", "Romans"), "skipped (line 3): nothing to place: the Romans never gain population (Britannia 2005 Population Increase)"},
		{"nothing to place, round", skipped("cb-nothing-to-place", "round", "Romano-British", 6), "skipped (line 3): nothing to place: the Romano-British gain no population in round VI (Britannia 2005 Population track; Britannia 2005 Population Increase)"},
		{"nothing to place, no land", skipped("cb-nothing-to-place", "no-land"), "skipped (line 3): nothing to place: the nation holds no land (Britannia 2005 Population Increase)"},
		{"Picts no room", skipped("cb-picts-no-room", "Lothian"), "skipped (line 3): no Pictish area of Scotland on a sea that Lothian borders has room (stacking limit; Britannia 2005 §5 Raider Mechanics)"},
		{"Roman count", skipped("cb-roman-count", 1, "Kent", 3), "skipped (line 3): the Romans have 1 army in Kent that can still move, not 3 (Britannia 2005 Movement)"},
		{"Roman unit", skipped("cb-roman-unit", "cavalry"), `skipped (line 3): the Romans move Roman armies only; leave out "cavalry" (Britannia 2005 Movement)`},
		{"vote round", skipped("cb-vote-round", "VII", "VIII", "IX", "X"), "skipped (line 3): the Bretwalda is elected only at the end of rounds VIII, IX and X; this is round VII (Britannia 2005 The bretwalda)"},
		{"vote not in play", skipped("cb-vote-not-in-play", "Romans"), "skipped (line 3): the Romans are not in play: vote for a nation on the board (Britannia 2005 The bretwalda)"},
		{"no submission row", skipped("cb-no-submission-row", "Welsh", "Angles"), "skipped (line 3): the Welsh may not submit to the Angles (the submission table has no such row; Britannia 2005 §5 Submission)"},
		{"legion withdrawn", adjudicator.Event{Kind: adjudicator.EvRemove, What: "cb-legion-withdrawn", Nation: "Romans", Area: "Kent", N: 2}, "2 Roman armies withdrawn from Kent (Britannia 2005 Timeline II)"},
		{"Romans arrive", adjudicator.Event{Kind: adjudicator.EvPlace, What: "cb-romans-arrive", Nation: "Romans", Area: "English Channel", N: 16, Args: []string{"I"}}, "16 Roman armies arrive in the English Channel (Britannia 2005 Timeline I)"},
		{"late removal", adjudicator.Event{Kind: adjudicator.EvPopulation, What: "cb-late-removal", Nation: "Danes", N: 4, Args: []string{"XIV"}}, "The Danes must remove 4 armies at the end of their turn (Britannia 2005 Timeline XIV)"},
		{"submission points", adjudicator.Event{Kind: adjudicator.EvScore, What: "cb-submission-vp", Nation: "Romans", N: 6, VP: adjudicator.VP(6), Args: []string{"Belgae"}}, "The Romans score 6 VP for the submission of the Belgae (Britannia 2005 Nation cards)"},
		{"hold, halved", adjudicator.Event{Kind: adjudicator.EvScore, What: "cb-hold-vp", Nation: "Belgae", N: 1, VP: 3, Areas: []string{"Kent", "Sussex"}, Args: []string{"Romans"}}, "The Belgae score 1.5 VP for holding Kent, Sussex, halved for a subject nation (Britannia 2005 Nation cards)"},
		{"population, halved", adjudicator.Event{Kind: adjudicator.EvPopulation, What: "cb-population", Nation: "Welsh", N: 1, Args: []string{"6", "0", "Romans"}},
			"The Welsh have 6 population points, halved for a subject nation (Britannia 2005 §5 Submission): 1 new army, marker at 0 (Britannia 2005 Population Increase)"},
		{"vote due", adjudicator.Event{Kind: "vote", What: "cb-vote-due", Args: []string{"IX", "X", "3", "VIII", "IX", "X", "Angles", "Saxons"}},
			`The Bretwalda vote is due at the end of round IX (votes are cast at the end of rounds VIII, IX and X, the last in X): send "vote NATION" in your standing orders before the last nation turn of round IX; recorded so far: Angles for Saxons`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := e.Text(tc.ev); got != tc.want {
				t.Errorf("got  %q\nwant %q", got, tc.want)
			}
		})
	}
}
