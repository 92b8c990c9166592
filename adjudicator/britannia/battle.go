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
// defending difficult terrain dies only on a 6, and Romans hit only on a
// 6 in difficult terrain (ref §6, S6). A fort is not hit while Roman
// armies stand in its area (seed 002 §5: "not eliminated until all Roman
// armies in the area are gone"): read as the Roman armies there when the
// dice are thrown.
func reach(t *family.Turn, b *family.Battle, side int, k adjudicator.KindID, v int) family.Mask {
	need := 5
	if k == Cavalry || k == Roman {
		need = 4
	}
	if (side == 0 && t.B.Difficult(b.Area)) || (k == Roman && t.B.Difficult(b.Area)) {
		need = 6
	}
	var m family.Mask
	if v >= need {
		m |= soft
	}
	if v >= 6 {
		m |= hard | soft
	}
	if t.S.Count(b.Area, b.Sides[1-side], Roman) > 0 {
		m &^= 1 << Fort
	}
	return m
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
