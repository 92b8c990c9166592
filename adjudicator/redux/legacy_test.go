package redux_test

import (
	"testing"

	. "github.com/pbem-org/pbem/adjudicator"
	"github.com/pbem-org/pbem/adjudicator/redux"
)

// TestWordingV1 turns one text of each kind the current engine words
// differently into what pbem-engine-1 wrote (its format strings, a16bf28),
// including the texts the archived games of archive/testdata/prekernel
// never show; texts that did not change stay as they are.
func TestWordingV1(t *testing.T) {
	core, lr := redux.Legacy(false), redux.Legacy(true)
	tests := []struct {
		e                      func(*Engine, int, []Event) []Event
		kind, nation, opp, now string
		v1                     string
	}{
		{core, EvTurn, "", "", "Round 3: the Romano-British turn", "Round 3: the Romano-British' turn"},
		{core, EvTurn, "", "", "Round 3: the Saxons' turn", "Round 3: the Saxons' turn"},
		{core, EvTurn, "", "", "Round 9: the Norsemen turn", "Round 9: the Norsemen' turn"},
		{lr, EvLeader, "", "", "Arthur leaves play at the start of the Romano-British turn (reduX L&R 9.2)", "Arthur leaves play at the start of the Romano-British' turn (reduX L&R 9.2)"},
		{lr, EvPhase, "", "", "The Welsh Raider Withdrawal Phase (reduX L&R 11.5)", "The Welsh' Raider Withdrawal Phase (reduX L&R 11.5)"},
		{lr, EvPhase, "", "", "The Irish Major Invasion: second Movement Phase (reduX L&R 11.3)", "The Irish' Major Invasion: second Movement Phase (reduX L&R 11.3)"},
		{lr, EvExtra, "", "", "The Norsemen extra nation turn: no population increase, the leader stays (reduX L&R 11.6.1)", "The Norsemen' extra nation turn: no population increase, the leader stays (reduX L&R 11.6.1)"},
		{lr, EvReinforce, "", "", "The Romano-British reinforcement does not come: the Romano-British do not hold Kent", "The Romano-British' reinforcement does not come: the Romano-British do not hold Kent"},
		{core, EvSkipped, "", "", "skipped (line 4): only 1 of the Welsh armies in Powys can still move (an army moves once a turn) (reduX Core 6)", "skipped (line 4): only 1 of the Welsh' armies in Powys can still move (an army moves once a turn) (reduX Core 6)"},
		{lr, EvSkipped, "", "", "skipped (line 4): the Romano-British leader has already moved this phase (reduX L&R 9.2.1)", "skipped (line 4): the Romano-British' leader has already moved this phase (reduX L&R 9.2.1)"},
		{core, EvSkipped, "", "", "skipped (line 2): only 1 new army this turn (reduX Core 5.1)", "skipped (line 2): only 1 new armies this turn (reduX Core 5.1)"},
		{core, EvPopulation, "", "", "The Saxons have 1 excess army and 1 population point: no increase, 0 armies removed, marker to 0 (reduX Core 5.1)", "The Saxons have 1 excess armies and 1 population points: no increase, 0 armies removed, marker to 0 (reduX Core 5.1)"},
		{core, EvPopulation, "", "", "The Saxons have 5 excess armies and 4 population points: no increase, 1 army removed, marker to 0 (reduX Core 5.1)", "The Saxons have 5 excess armies and 4 population points: no increase, 1 armies removed, marker to 0 (reduX Core 5.1)"},
		{core, EvPopulation, "", "", "The Picts have 1 population point: 0 new armies, 1 point kept (reduX Core 5.1)", "The Picts have 1 population points: 0 new armies, 1 points kept (reduX Core 5.1)"},
		{core, EvPopulation, "", "", "The Picts have 9 population points and 1 excess army: 1 new army, 1 point kept (reduX Core 5.1)", "The Picts have 9 population points and 1 excess armies: 1 new army, 1 points kept (reduX Core 5.1)"},
		{core, EvShortage, "", "", "The Welsh have only 1 army left of the 3 gained; marker to 3 (reduX Core 5)", "The Welsh have only 1 armies left of the 3 gained; marker to 3 (reduX Core 5)"},
		{core, EvShortage, "", "", "1 new army has nowhere to go within the stacking limit and is not placed; marker to 3 (reduX Core 5.1.1)", "1 new armies have nowhere to go within the stacking limit and are not placed; marker to 3 (reduX Core 5.1.1)"},
		{core, EvShortage, "", "", "Only 1 of 2 reinforcements is available; marker to 3 (reduX Core 5)", "Only 1 of 2 reinforcements are available; marker to 3 (reduX Core 5)"},
		{lr, EvShortage, "", "", "Only 0 of 1 cavalry reinforcement are available (reduX L&R 9.1)", "Only 0 of 1 cavalry reinforcements are available (reduX L&R 9.1)"},
		{lr, EvShortage, "", "", "Only 1 of 3 infantry reinforcements is available; marker to 3 (reduX Core 5)", "Only 1 of 3 infantry reinforcements are available; marker to 3 (reduX Core 5)"},
		{core, EvDefault, "", "", "1 new army not placed by the orders is placed by default", "1 new armies not placed by the orders are placed by default"},
		{core, EvReinforce, "", "", "1 Jutes invader arrives in English Channel (reduX Core 5.2.1)", "1 Jutes invaders arrive in English Channel (reduX Core 5.2.1)"},
		{core, EvReinforce, "", "", "1 Romano-British reinforcement placed in Suffolk (reduX Core 5.2.2)", "1 Romano-British reinforcements placed in Suffolk (reduX Core 5.2.2)"},
		{core, EvLimit, "", "", "The Picts have nowhere to place 1 reinforcement (reduX Core 5.2.2)", "The Picts have nowhere to place 1 reinforcements (reduX Core 5.2.2)"},
		{lr, EvReinforce, "", "", "The Danes' Rex Anglorum 2 armies are placed in North Sea (reduX L&R 9.4)", "The Danes' Rex Anglorum 2 armies is placed in North Sea (reduX L&R 9.4)"},
		{lr, EvReinforce, "", "", "The Rex Anglorum's extra 1 army is placed in York (reduX L&R 10.6)", "The Rex Anglorum's extra 1 army is placed in York (reduX L&R 10.6)"},
		{core, EvMove, "", "", "1 Romano-British army moves Essex > Kent", "1 Romano-British army move Essex > Kent"},
		{lr, EvMove, "", "", "Saxons Aelle with 3 armies moves Frisian Sea > Kent", "Saxons Aelle with 3 armies move Frisian Sea > Kent"},
		{lr, EvMove, "", "", "Normans 3 infantry and 1 cavalry move Sussex > Kent", "Normans 3 infantry and 1 cavalry move Sussex > Kent"},
		{core, EvOverrun, "", "", "1 Saxons army overruns Sussex (reduX Core 6.3)", "1 Saxons army overrun Sussex (reduX Core 6.3)"},
		{core, EvDefault, "", "", "1 army at sea must land and no order moved it: it lands in York (reduX Core 6.1)", "1 army at sea must land and no order moved them: they land in York (reduX Core 6.1)"},
		{core, EvLimit, "", "", "at the end of movement the Scots break the stacking limit in Skye: 3 armies there, more than an overstack of 2 (3 armies, 2 in difficult terrain, one overstack of up to 6 or 4) (reduX Core 4.2.1, 6.4)",
			"at the end of movement the Scots break the stacking limit in Skye (3 armies, 2 in difficult terrain, one overstack of up to 6 or 4) (reduX Core 4.2.1, 6.4)"},
		{core, EvLimit, "", "", "the Saxons must hold at least as many areas at the end of movement as at the start (2), but would hold 1: Wessex would be left empty (reduX Core 6.4)",
			"the Saxons must hold at least as many areas at the end of movement as at the start (2), but would hold 1 (reduX Core 6.4)"},
		{core, EvLimit, "", "", "at the end of movement the Jutes would have 1 army over their population limit of 2 (2 × 1 area, and no +1 for clear terrain: they hold none, Kent being contested) (reduX Core 4.2.2, 6.4)",
			"at the end of movement the Jutes would have 1 armies over their population limit of 2 (reduX Core 4.2.2, 6.4)"},
		{lr, EvLimit, "", "", "at the end of movement the Normans would have 2 armies over their population limit of 7 (2 × 3 areas + 1 for holding clear terrain) (reduX Core 4.2.2, 6.4)",
			"at the end of movement the Normans would have 2 armies over their population limit (reduX Core 4.2.2, 6.4)"},
		{core, EvBattle, "", "", "Battle 1 in March: the Welsh (1) attack the Brigantes (1)", "Battle 1 in March: 1 Welsh attack 1 Brigantes"},
		{lr, EvBattle, "", "", "Battle 3 in Kent: the Normans (4: 1 cavalry, with William) attack the Saxons (2: with Harold)", "Battle 3 in Kent: 4 Normans (1 cavalry) with William attack 2 Saxons with Harold"},
		{lr, EvBattle, "", "", "Battle 5 in Bernicia: the Danes (1: with Ivar and Halfdan) attack the Angles (4)", "Battle 5 in Bernicia: 1 Danes with Ivar and Halfdan attack 4 Angles"},
		{lr, EvRound, "Danes", "Romano-British", "  round 1: Danes roll [4 5] (+1, leader) and kill 1; Romano-British roll [6] and kill 1; left 1 (with Cnut) against 0",
			"  round 1: Danes roll [4 5] (+1, leader) and kill 1; Romano-British roll [6] and kill 1; left 1 Danes with Cnut against 0 Romano-British"},
		{lr, EvRound, "Saxons", "Normans", "  round 1: Saxons roll [6 6 6 4] and kill 1 infantry and 2 cavalry; Normans roll [1] and cavalry [2 6] (+1, leader) and kill 1; left 3 against 2 (1 cavalry, with William)",
			"  round 1: Saxons roll [6 6 6 4] and kill 1 infantry and 2 cavalry; Normans roll [1] and cavalry [2 6] (+1, leader) and kill 1; left 3 Saxons against 2 Normans (1 cavalry) with William"},
		{lr, EvBattleEnd, "", "", "The Saxons win Essex with 6 left", "The Saxons win Essex with 6 Saxons left"},
		{lr, EvBattleEnd, "", "", "The Brigantes hold Cheshire with 2 (with Urien) left", "The Brigantes hold Cheshire with 2 Brigantes with Urien left"},
		{core, EvBattleEnd, "", "", "The Saxons win Kent with 2 left", "The Saxons win Kent with 2 left"},
		{lr, EvWithdraw, "", "", "1 Irish raiding army withdraws from Hwicce to Atlantic Ocean (reduX L&R 11.5)", "1 Irish raiding army withdraw from Hwicce to Atlantic Ocean (reduX L&R 11.5)"},
		{lr, EvLimit, "", "", "the withdrawal would put the Angles 1 army over their population limit while raiders stay behind: no raider withdraws (reduX L&R 11.5)", "the withdrawal would put the Angles 1 over their population limit while raiders stay behind: no raider withdraws (reduX L&R 11.5)"},
		{lr, EvRemove, "", "", "1 Danish raiding army in Essex can neither stay nor go back to sea with Cnut and is removed (reduX L&R 9.4)", "1 Danish raiding army in Essex can neither stay nor go back to sea with Cnut and are removed (reduX L&R 9.4)"},
		{lr, EvLeader, "", "", "Arthur has left play: 1 Romano-British cavalry in Kent becomes infantry and 1 is removed for want of infantry (reduX L&R 9.3)", "Arthur has left play: 1 Romano-British cavalry in Kent become infantry and 1 are removed for want of infantry (reduX L&R 9.3)"},
		{core, EvScore, "", "", "The Irish score 3 VP for holding 1 scoring centre and 1 other area: Avalon, Cheshire*", "The Irish score 3 VP for holding 1 scoring centres and 1 other areas: Avalon, Cheshire*"},
		{lr, EvScore, "", "", "The Danes score 3 VP for holding 0 scoring centres, 1 adjacent area and 4 other areas: Suffolk+, Hwicce, South Mercia, Cornwall, Essex (only 1 other area counts) (reduX L&R 10.1)",
			"The Danes score 3 VP for holding 0 scoring centres, 1 adjacent and 4 other areas: Suffolk+, Hwicce, South Mercia, Cornwall, Essex (only 1 other areas count) (reduX L&R 10.1)"},
		{lr, EvScore, "", "", "The Saxons score 2 VP as Bretwalda, holding 1 area of England and its borders (reduX L&R 10.5)", "The Saxons score 2 VP as Bretwalda, holding 1 areas of England and its borders (reduX L&R 10.5)"},
		{lr, EvScore, "", "", "The Angles score 1 VP for eliminating 1 army of the Picts (reduX L&R 10.4)", "The Angles score 1 VP for eliminating 1 Picts (reduX L&R 10.4)"},
		{lr, EvScore, "", "", "The Saxons score 4 VP for eliminating 1 infantry and 2 cavalry of the Romano-British (reduX L&R 10.4)", "The Saxons score 4 VP for eliminating 1 infantry and 2 cavalry Romano-British (reduX L&R 10.4)"},
		{core, EvKing, "", "", "The Saxons hold 1 area of England south of York and Cheshire and are King of England: 8 VP", "The Saxons hold 1 areas of England south of York and Cheshire and are King of England: 8 VP"},
		{core, EvKing, "", "", "The Saxons tie for King of England with 1 area: 4 VP (8 shared by 2, remainder lost)", "The Saxons tie for King of England with 1 areas: 4 VP (8 shared by 2, remainder lost)"},
		{core, EvRound, "Saxons", "Jutes", "  round 1: Saxons roll [5 1] (hit on 5+) and kill 1; Jutes roll [1] (hit on 5+) and kill 0; left 2 against 0", "  round 1: Saxons roll [5 1] (hit on 5+) and kill 1; Jutes roll [1] (hit on 5+) and kill 0; left 2 against 0"},
	}
	for _, tc := range tests {
		got := tc.e(nil, 1, []Event{{Kind: tc.kind, Nation: tc.nation, Opponent: tc.opp, Text: tc.now}})[0].Text
		if got != tc.v1 {
			t.Errorf("%s %q:\n got %q\nwant %q", tc.kind, tc.now, got, tc.v1)
		}
	}
}
