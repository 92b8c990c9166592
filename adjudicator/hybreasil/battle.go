package hybreasil

import (
	"github.com/pbem-org/pbem/adjudicator"
	"github.com/pbem-org/pbem/dice"
	"github.com/pbem-org/pbem/games"
	"github.com/pbem-org/pbem/orders"
)

// maxRounds ends a battle that dice never decide (scripted dice that never
// hit): the attackers still there are lost. pbem's safeguard; real dice
// end a battle long before.
const maxRounds = 100

// defender is the other nation with units in area a.
func defender(t *adjudicator.Turn, a games.AreaID) adjudicator.NationID {
	for m := range t.S.Nations {
		if m != t.N && t.S.Has(a, m) {
			return m
		}
	}
	return -1
}

// fight is a battle (Hy Breasil 6.3.1): rounds until one nation or none is
// left in the area; every unit rolls, 4 or more hits (the attacker needs 5
// in forest and hills; Religious fervour adds one to its dice); a hit
// wounds an unhurt unit and kills a wounded one; after each round the
// defender, then the attacker, may retreat (6.3.2); wounds heal at the end.
func fight(t *adjudicator.Turn, a games.AreaID) {
	def := defender(t, a)
	if def < 0 {
		return
	}
	if submits(t, def) {
		submit(t, a, def)
		return
	}
	x := tx(t)
	x.battle++
	b := x.battle
	t.Emit(adjudicator.Event{Kind: adjudicator.EvBattle, What: "battle-start", Opponent: t.E.NationName(def), Area: t.Name(a), Battle: b})
	need := D(t.E).Hit
	if t.B.TerrainIs(a, "forest") || t.B.TerrainIs(a, "hills") {
		need = D(t.E).AttackerDifficultHit
	}
	bonus := raceBonus(t.B, X(t.S).Race[t.N], a)
	if x.event == ReligiousFervour {
		bonus++
	}
	defNeed := D(t.E).Hit - raceBonus(t.B, X(t.S).Race[def], a)
	cityHits := 0
	for r := 1; t.S.Has(a, t.N) && t.S.Has(a, def); r++ {
		if r > maxRounds {
			c := t.S.Units(a, t.N)
			t.S.Add(a, t.N, Army, -c)
			happen(t, adjudicator.EvRemove, "attackers-lost", maxRounds, t.Name(a))
			break
		}
		cityHits += battleRound(t, a, def, b, r, need-bonus, defNeed)
		if t.S.Has(a, t.N) && t.S.Has(a, def) {
			if !retreat(t, a, def, r, defendRule(t, def, a)) {
				retreat(t, a, t.N, r, attackRule(t, a))
			}
		}
	}
	cityFalls(t, a, def, cityHits)
	t.S.SetDamaged(a, t.N, Army, 0)
	t.S.SetDamaged(a, def, Army, 0)
	holder := "" // neither
	switch {
	case t.S.Has(a, t.N):
		holder = t.Nation()
	case t.S.Has(a, def):
		holder = t.E.NationName(def)
	}
	t.Emit(adjudicator.Event{Kind: adjudicator.EvBattleEnd, What: "battle-over", Area: t.Name(a), Battle: b, Args: []string{holder}})
	removeEmpty(t)
}

// battleRound rolls one round and applies the hits of both sides at once;
// a city of the defender rolls a die too, with no race bonus, and takes
// the hits left over once the defender's armies are all hit (9.3.1): it
// returns those. Its event has each side's hit number, the units each
// killed and the wounded each has left (6.3.1), and the city's die.
func battleRound(t *adjudicator.Turn, a games.AreaID, def adjudicator.NationID, b, r, need, defNeed int) int {
	city := X(t.S).City[a] == def
	ad := rollSide(t, b, r, "attacker", t.S.Units(a, t.N))
	dd := rollSide(t, b, r, "defender", t.S.Units(a, def))
	ha, hd := hits(ad, need), hits(dd, defNeed)
	killAll, toCity := 2*t.S.Units(a, def)-t.S.Damaged(a, def, Army), 0
	if city {
		cd := t.D.Roll(dice.Label{Phase: "battle", Battle: b, Round: r, Side: "city", Die: 0})
		dd = append(dd, cd)
		if cd >= D(t.E).Hit {
			hd++
		}
		if ha >= killAll {
			toCity = cityDice(t, ad, need, killAll)
		}
	}
	mine, theirs := t.S.Units(a, t.N), t.S.Units(a, def)
	applyHits(t.S, a, def, ha)
	applyHits(t.S, a, t.N, hd)
	ev := adjudicator.Event{Kind: adjudicator.EvRound, What: "battle-round", Area: t.Name(a), Battle: b, Round: r, Dice: ad, TheirDie: dd, Hits: ha, TheirHit: hd,
		Left: t.S.Units(a, t.N), TheirLft: t.S.Units(a, def), Need: max(1, need), TheirNeed: max(1, defNeed), Wounds: true,
		Wounded: t.S.Damaged(a, t.N, Army), TheirWounded: t.S.Damaged(a, def, Army), Args: []string{t.E.NationName(def)}}
	ev.Killed, ev.TheirKilled = theirs-ev.TheirLft, mine-ev.Left
	if city {
		ev.City, ev.CityNeed = true, D(t.E).Hit
	}
	t.Emit(ev)
	if toCity > 0 {
		happen(t, EvEvent, "city-hits", t.E.NationName(def), t.Name(a), toCity)
	}
	return toCity
}

func rollSide(t *adjudicator.Turn, b, r int, side string, n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = t.D.Roll(dice.Label{Phase: "battle", Battle: b, Round: r, Side: side, Die: i})
	}
	return out
}

func hits(ds []int, need int) int {
	h := 0
	for _, d := range ds {
		if d >= need {
			h++
		}
	}
	return h
}

// applyHits gives nation n's units in area a the hits (6.3.1): the roller
// chooses, and pbem's default kills the most: wounded units first, then
// unhurt ones two hits each, an odd hit wounding one.
func applyHits(s *adjudicator.State, a games.AreaID, n adjudicator.NationID, h int) {
	u, w := s.Units(a, n), s.Damaged(a, n, Army)
	k := min(h, w)
	h, w = h-k, w-k
	pairs := min(h/2, u-k-w)
	k += pairs
	h -= 2 * pairs
	if h > 0 && u-k-w > 0 {
		w++
	}
	s.Add(a, n, Army, -k)
	s.SetDamaged(a, n, Army, w)
}

// defendRule is the defender's retreat rule for the area (6.3.2): its
// standing defend line for the area, else its "defend *" line, else hold.
func defendRule(t *adjudicator.Turn, def adjudicator.NationID, a games.AreaID) orders.Rule {
	f := t.DecisionFile(def)
	rule := orders.Rule{Hold: true}
	if f == nil {
		return rule
	}
	for _, st := range f.Body {
		if d, ok := st.(orders.Defend); ok {
			if d.Area == a {
				return d.Rule
			}
			if d.Area == games.NoArea {
				rule = d.Rule
			}
		}
	}
	return rule
}

// attackRule is the attacker's retreat rule for the area: the file's
// attack line, else hold.
func attackRule(t *adjudicator.Turn, a games.AreaID) orders.Rule {
	for _, at := range adjudicator.Statements[orders.Attack](t) {
		if at.Area == a {
			return at.Rule
		}
	}
	return orders.Rule{Hold: true}
}

// retreat moves nation n's unwounded units out of the battle when its
// rule says so (6.3.2): to a neighbouring land area, not across water,
// empty or the nation's own, its listed areas first, else its own areas
// before empty ones, the earliest at a tie. It reports whether they left.
func retreat(t *adjudicator.Turn, a games.AreaID, n adjudicator.NationID, r int, rule orders.Rule) bool {
	if rule.Hold || rule.When == nil {
		return false
	}
	foe := t.N
	if n == t.N {
		foe = defender(t, a)
	}
	if !rule.When.Eval(orders.Env{Mine: t.S.Units(a, n), Theirs: t.S.Units(a, foe), Round: r}) {
		return false
	}
	k := t.S.Units(a, n) - t.S.Damaged(a, n, Army)
	if rule.N > 0 {
		k = min(k, rule.N)
	}
	to := retreatTo(t, a, n, rule.To)
	if k <= 0 || to == games.NoArea {
		return false
	}
	w := t.S.Damaged(a, n, Army)
	t.S.Add(a, n, Army, -k)
	t.S.SetDamaged(a, n, Army, w)
	t.S.Add(to, n, Army, k)
	t.Emit(adjudicator.Event{Kind: adjudicator.EvRetreat, What: "retreat-units", Nation: t.E.NationName(n), Area: t.Name(a), Path: []string{t.Name(a), t.Name(to)}, N: k})
	return true
}

func retreatTo(t *adjudicator.Turn, a games.AreaID, n adjudicator.NationID, prefer []games.AreaID) games.AreaID {
	ok := func(y games.AreaID) bool {
		e, linked := t.B.Link(a, y)
		return linked && e.Kind == games.LandLink && (t.S.Vacant(y) || t.S.Holds(y, n))
	}
	for _, y := range prefer {
		if ok(y) {
			return y
		}
	}
	vacant := games.NoArea
	for _, e := range t.B.Edges(a) {
		if !ok(e.To) {
			continue
		}
		if t.S.Has(e.To, n) {
			return e.To
		}
		if vacant == games.NoArea {
			vacant = e.To
		}
	}
	return vacant
}
