package britannia

import (
	"slices"

	"github.com/pbem-org/pbem/adjudicator"
	"github.com/pbem-org/pbem/adjudicator/family"
	"github.com/pbem-org/pbem/games"
)

// hard are the kinds only a 6 kills (seed 004 Battles: "it takes a six to
// kill a Roman unit or cavalry").
const hard = family.Mask(1<<Cavalry | 1<<Roman)

// soft are the kinds that die like infantry (seed 004: forts and burhs
// count as a normal unit in combat).
const soft = family.Mask(1<<Infantry | 1<<Fort | 1<<Burh)

// reach is BattleRules.Reach (seed 004 Battles; ref §6): an infantry,
// fort or burh die kills a normal unit on 5 or more, a Roman or cavalry
// die on 4 or more; a Roman unit or cavalry dies only on a 6; a unit
// defending difficult terrain dies only on a 6 (so the attacker's dice hit
// there only on a 6, as the Romans' do in ref §6, S6). Games before switch
// romans-defend-difficult also had Roman armies defending difficult
// terrain hit only on a 6, which neither seed says. Before switch
// forts-after-armies a fort was not hit while Roman armies stood in its
// area when the dice were thrown; now the casualties of one roll take the
// Roman armies first and then the forts (behind; seed 002 §5).
func reach(t *family.Turn, b *family.Battle, side int, k adjudicator.KindID, v int) family.Mask {
	need := 5
	if k == Cavalry || k == Roman {
		need = 4
	}
	difficult := t.B.Difficult(b.Area)
	if (side == 0 && difficult) || (k == Roman && difficult && !t.E.Plays(adjudicator.RomansDefendDifficult)) {
		need = 6
	}
	var m family.Mask
	if v >= need {
		m |= soft
	}
	if v >= 6 {
		m |= hard | soft
	}
	if !t.E.Plays(adjudicator.FortsAfterArmies) && t.S.Count(b.Area, b.Sides[1-side], Roman) > 0 {
		m &^= 1 << Fort
	}
	return m
}

// behind is BattleRules.Behind (switch forts-after-armies): a fort dies
// only when no Roman army of its area is left, and within one roll the 6s
// kill the Roman armies first and then the forts (seed 002 §5 Battles,
// Mixed Forces: "6s must eliminate harder-to-hit units first (... Roman
// armies before forts)"; Roman Forts: "not eliminated until all Roman
// armies in area are gone"). A hit that could kill a normal unit (a 5)
// kills a fort of the same roll once the 6s have killed every Roman army
// there: the fort is then a normal unit with no Roman army beside it
// (seed 004 Roman forts); the seeds do not say it waits for the next roll.
func behind(t *family.Turn, k adjudicator.KindID) family.Mask {
	if k == Fort && t.E.Plays(adjudicator.FortsAfterArmies) {
		return 1 << Roman
	}
	return 0
}

// killOrder is BattleRules.KillOrder: a 6 must kill the harder unit first
// (seed 002 §5 Mixed Forces: cavalry before infantry, Roman armies before
// forts); in the rounds the burhs absorb losses, the burhs go first (seed
// 002 §5 Saxon Burhs: turns 14-16).
func killOrder(t *family.Turn, b *family.Battle, side int) []adjudicator.KindID {
	if slices.Contains(D(t.E).Burhs.Absorb, t.S.Round) {
		return []adjudicator.KindID{Burh, Roman, Cavalry, Infantry, Fort}
	}
	return []adjudicator.KindID{Roman, Cavalry, Infantry, Burh, Fort}
}

// fixedStay is BattleRules.Together: forts and burhs never retreat (seed
// 002 §5: they cannot move), so at most the other units go.
func fixedStay(t *family.Turn, a games.AreaID, m adjudicator.NationID, want int) int {
	return min(want, t.S.Units(a, m)-t.S.Count(a, m, Fort)-t.S.Count(a, m, Burh))
}

// retreatInto is BattleRules.RetreatInto: a defender retreats into a
// vacant area only if it does not border an area holding only the enemy
// it just fought (seed 004 Battles/Retreats; seed 002 §5: "not adjacent
// to enemy, except the battle area").
func retreatInto(t *family.Turn, b *family.Battle, a games.AreaID) bool {
	for _, e := range t.B.Edges(a) {
		if e.To != b.Area && t.B.IsLand(e.To) && t.S.Holds(e.To, b.Sides[0]) {
			return false
		}
	}
	return true
}
