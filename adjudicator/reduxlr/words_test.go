package reduxlr

import (
	"testing"

	"github.com/pbem-org/pbem/adjudicator"
	"github.com/pbem-org/pbem/games"
)

// TestWords: Leaders and Raiders' facts read as the engine wrote them
// before they were facts (pbem-engine-4), for those no rules case or bot
// game words: its refusals and its rarer rules.
func TestWords(t *testing.T) {
	e, err := adjudicator.Load(games.MustLoad("redux-lr"), &Ruleset)
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
		{"extra turn, no place", skipped("lr-extra-no-place"), "skipped (line 3): nothing to place: an extra nation turn has no population increase (reduX L&R 11.6.1)"},
		{"crown", skipped("lr-crown-not-cnut"), "skipped (line 3): only the Danes, in the nation turn they receive Cnut, choose whether to become Rex Anglorum (reduX L&R 9.4)"},
		{"stay outside England", skipped("lr-stay-not-england", "Powys"), "skipped (line 3): Cnut's raiders may stay only in England, not in Powys (reduX L&R 9.4)"},
		{"no raiding armies", skipped("lr-no-raiding-armies", "Danes", "Kent"), "skipped (line 3): the Danes have no raiding armies in Kent (reduX L&R 9.4)"},
		{"stay most", skipped("lr-stay-most", 2), "skipped (line 3): at most 2 of Cnut's raiding armies stay in England (reduX L&R 9.4)"},
		{"stay not Cnut", skipped("lr-stay-not-cnut"), `skipped (line 3): "stay" is only for Cnut's raiders; raiders stay on land unless told to withdraw (reduX L&R 9.4)`},
		{"no raid turn", skipped("lr-no-raid-turn", "Angles"), "skipped (line 3): the Angles have no Raiding turn this round, so no raiders withdraw (reduX L&R 11.5)"},
		{"withdraw from sea", skipped("lr-withdraw-from-land", "North Sea"), "skipped (line 3): raiders withdraw from a land area, not North Sea (reduX L&R 11.5)"},
		{"no cavalry for infantry", skipped("lr-no-cavalry-for-infantry", "Saxons"), "skipped (line 3): the Saxons may not take cavalry for infantry (reduX L&R 11.6.1)"},
		{"cavalry for infantry", skipped("lr-cavalry-for-infantry", 1, 2), "skipped (line 3): only 1 cavalry can replace infantry (one for 2 infantry, from the cavalry not in play; reduX L&R 11.6.1)"},
		{"extra at sea", skipped("lr-extra-at-sea", "Danes"), "skipped (line 3): the Danes' extra reinforcements are invaders placed at sea (reduX L&R 11.6.1)"},
		{"leader to sea", adjudicator.Event{Kind: adjudicator.EvLeader, What: "lr-leader-to-sea", Area: "North Sea", Leader: "Ivar"}, "Ivar goes back to sea with the raiders (reduX L&R 9.2.3)"},
		{"leader stranded", adjudicator.Event{Kind: adjudicator.EvLeader, What: "lr-leader-stranded", Area: "Kent", Leader: "Ivar"}, "Ivar is left without armies in Kent and leaves play (reduX L&R 9.2.1)"},
		{"Cnut's army", adjudicator.Event{Kind: adjudicator.EvReinforce, What: "lr-cnut-army", Nation: "Danes", Area: "North Sea", N: 1}, "As Rex Anglorum the Danes receive 1 Danish army, placed in North Sea (reduX L&R 9.4)"},
		{"Cnut removes", adjudicator.Event{Kind: adjudicator.EvRemove, What: "lr-cnut-removed", Nation: "Danes", Area: "Kent", N: 2, Leader: "Cnut"}, "2 Danish raiding armies in Kent can neither stay nor go back to sea with Cnut and are removed (reduX L&R 9.4)"},
		{"Cnut to sea", adjudicator.Event{Kind: adjudicator.EvLeader, What: "lr-cnut-to-sea", Nation: "Danes", Area: "North Sea", Leader: "Cnut", Args: []string{"1"}}, "Cnut goes back to North Sea with 1 raiding army (reduX L&R 9.4)"},
		{"extra turns", adjudicator.Event{Kind: adjudicator.EvExtra, What: "lr-extra-turns", Args: []string{"2", "Harold", "William", "Saxons", "3", "Harold", "Normans", "1", ""}},
			"Harold and William are eligible to be King: extra nation turns for the Saxons with 3 armies and Harold; the Normans with 1 army (reduX L&R 11.6.1)"},
		{"holding", adjudicator.Event{Kind: adjudicator.EvScore, What: "lr-holding", Nation: "Angles", N: 7, VP: adjudicator.VP(7), Areas: []string{"York", "Lindsey", "Kent", "Essex"}, Args: []string{"0", "1"}},
			"The Angles score 7 VP for holding 1 adjacent area and 3 other areas: York+, Lindsey, Kent, Essex (only 1 other area counts; reduX L&R 10.1)"},
		{"kill", adjudicator.Event{Kind: adjudicator.EvScore, What: "lr-kill-vp", Nation: "Angles", N: 2, VP: adjudicator.VP(2), Kills: []adjudicator.Count{{Kind: "infantry", N: 1}, {Kind: "cavalry", N: 1}}, Args: []string{"Welsh"}},
			"The Angles score 2 VP for eliminating 1 infantry and 1 cavalry of the Welsh (reduX L&R 10.4)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := e.Text(tc.ev); got != tc.want {
				t.Errorf("got  %q\nwant %q", got, tc.want)
			}
		})
	}
}
