package family

import (
	"strings"

	"github.com/pbem-org/pbem/adjudicator"
	"github.com/pbem-org/pbem/games"
	"github.com/pbem-org/pbem/orders"
)

// Movement is one Movement Phase (reduX Core 6): the file's moves in
// order, units at sea landing (6.1, L&R 11.3, 11.4), overruns (6.3) and the
// limits at the end of the phase (6.4).
func Movement(t *Turn) {
	s, n := t.S, t.N
	t.startMovement()
	t.leaderLeft = make([]bool, len(t.B.Areas))
	t.leaderFresh = s.LeaderOf(n) >= 0
	t.boatFrom, t.boatSea, t.boatTo = games.NoArea, games.NoArea, games.NoArea
	nk := len(t.E.R.Kinds)
	t.fresh = make([]int, len(t.B.Areas)*nk)
	for a := range t.B.Areas {
		id := games.AreaID(a)
		for k := range nk {
			t.fresh[a*nk+k] = s.Count(id, n, k)
		}
		if len(t.entries[a]) > 0 { // landless reinforcements in an occupied centre (5.2.2)
			copy(t.fresh[a*nk:], t.takeFresh(id, max(0, s.Units(id, n)-s.Foreign(id, n))))
		}
	}
	// 6: a nation over its population limit must expand, if it can
	// (not in the first phase of a Major Invasion, L&R 11.3).
	mustExpand := t.excess0 > 0 && t.canExpand() && !(t.Major && t.Phase == 1)
	t.expanded = false
	for _, mv := range adjudicator.Statements[orders.Move](t.Turn) {
		into := t.expands(mv)
		if t.Move(mv) && into {
			t.expanded = true
		}
	}
	t.atSea()
	t.checkOverruns()
	t.checkEndOfMovement(mustExpand && !t.expanded)
}

// takeFresh is which of the mover's units in area a may still move when
// only k may: the later kinds first (L&R: cavalry stay free before
// infantry).
func (t *Turn) takeFresh(a games.AreaID, k int) []int {
	out := make([]int, len(t.E.R.Kinds))
	for kind := len(out) - 1; kind >= 0; kind-- {
		c := min(k, t.S.Count(a, t.N, kind))
		out[kind] = c
		k -= c
	}
	return out
}

// Fresh is how many of the mover's units in area a have not moved this
// phase.
func (t *Turn) Fresh(a games.AreaID) int {
	c, nk := 0, len(t.E.R.Kinds)
	for _, x := range t.fresh[int(a)*nk : int(a)*nk+nk] {
		c += x
	}
	return c
}

// FreshOf is how many of the mover's units of kind k in area a have not
// moved this phase.
func (t *Turn) FreshOf(a games.AreaID, k KindID) int { return t.fresh[int(a)*len(t.E.R.Kinds)+k] }

// MoverExcess is the mover's excess armies (reduX Core 4.2.2) leaving out
// its raiding units and the areas only they occupy (L&R 11.4).
func (t *Turn) MoverExcess() int { return t.moverLimit().excess() }

// atSea deals with units still at sea at the end of movement: invaders
// must land (Core 6.1) unless they are raiding units (L&R 11.4) or in the
// first phase of a Major Invasion (11.3), or the ruleset lets them stay
// (MoveRules.StayAtSea); raiders with a leader must land (9.2.1, in a
// Major Invasion only after its second phase).
func (t *Turn) atSea() {
	for a := t.B.NumLand; a < len(t.B.Areas); a++ {
		sea := games.AreaID(a)
		if t.Fresh(sea) == 0 {
			continue
		}
		if f := t.R.Move.StayAtSea; f != nil && f(t, sea) {
			if !(t.Major && t.Phase == 1) {
				t.staysAtSea(sea)
			}
			continue
		}
		mayStay := false
		what := "must-land"
		switch {
		case t.Major && t.Phase == 1:
			mayStay = true
		case t.Raid && len(t.Raiders(games.AreaID(a))) >= t.S.Units(sea, t.N):
			mayStay = !(t.leaderRaider && t.S.LeaderOf(t.N) >= 0)
			if !mayStay {
				what = "raiders-land"
			}
		}
		if mayStay {
			continue
		}
		// The second phase of a Major Invasion lands what is left at sea by
		// default, also when a file is checked (docs/orders.md Decision 17).
		if t.Strict && !(t.Major && t.Phase == 2) {
			t.Problem(0, what, t.Fresh(sea), t.Name(sea))
			continue
		}
		t.landByDefault(sea)
	}
}

// staysAtSea records the units no order moved from sea that stay there
// where the ruleset lets them (MoveRules.StayAtSea): the landing Decision's
// default, a fact and a note of the file's defaults.
func (t *Turn) staysAtSea(sea games.AreaID) {
	k := t.Fresh(sea)
	units := make([]int, len(t.E.R.Kinds))
	for kd := range units {
		units[kd] = t.FreshOf(sea, kd)
	}
	ev := Event{Kind: adjudicator.EvDefault, What: "stays-at-sea", Decision: "landing", Nation: t.Nation(), Area: t.Name(sea), N: k, Units: t.kindCounts(units)}
	t.Emit(ev)
	words, rule, _ := t.E.Say(ev)
	t.Defaulted(0, rule, "%s", words)
}

// landByDefault lands the units left at sea (reduX Core 6.1) when no order
// moved them, the leader with them.
func (t *Turn) landByDefault(sea games.AreaID) {
	leader := t.S.LeaderIn(sea, t.N) >= 0
	best := t.DefaultLanding(sea, func(a games.AreaID) bool {
		return (t.S.Foreign(a, t.N) == 0 || !t.mayEnter(a, leader).Refuses()) && t.landingOK(sea, a, leader)
	})
	if best == games.NoArea {
		t.Emit(Event{Kind: adjudicator.EvLimit, What: "nowhere-to-land", Area: t.Name(sea)})
		return
	}
	k := t.Fresh(sea)
	t.Emit(Event{Kind: adjudicator.EvDefault, What: "landed", Decision: "landing", Area: t.Name(best), N: k})
	t.Defaulted(0, "reduX Core 6.1, L&R 11.3", "%s at sea in %s %s by default in %s", count(k, "army", "armies"), t.Name(sea), adjudicator.Verb(k, "lands", "land"), t.Name(best))
	mv := orders.Move{N: k, Path: []games.AreaID{sea, best}}
	if leader && t.leaderFresh {
		mv.Unit = "leader"
	}
	into := t.expands(mv)
	if t.Move(mv) && into {
		t.expanded = true
	}
}

// landingOK says whether the ruleset's own move check (MoveRules.Check)
// lets the units at sea land in area a (classic Britannia's landing
// limits, reference §1.3); true without one.
func (t *Turn) landingOK(sea, a games.AreaID, leader bool) bool {
	f := t.R.Move.Check
	if f == nil {
		return true
	}
	units := make([]int, len(t.E.R.Kinds))
	for k := range units {
		units[k] = t.FreshOf(sea, k)
	}
	mv := orders.Move{N: t.Fresh(sea), Path: []games.AreaID{sea, a}}
	return !f(t, mv, sea, units, leader && t.leaderFresh).Refuses()
}

// DefaultLanding is where units left at sea land by default (reduX Core
// 6.1, docs/orders.md): the bordering land area, among those ok allows,
// with the fewest other units, the nation's own areas first, board order
// on ties; NoArea when there is none.
func (t *Turn) DefaultLanding(sea games.AreaID, ok func(games.AreaID) bool) games.AreaID {
	best, bestScore := games.NoArea, 1<<30
	for _, e := range t.B.Edges(sea) {
		if !t.B.IsLand(e.To) || !ok(e.To) {
			continue
		}
		sc := t.S.Foreign(e.To, t.N) * 2
		if !t.S.Has(e.To, t.N) {
			sc++
		}
		if sc < bestScore {
			best, bestScore = e.To, sc
		}
	}
	return best
}

// expands reports whether a move, before it is made, enters an empty land
// area or one holding another nation's units (reduX Core 6: what a nation
// over its population limit must do).
func (t *Turn) expands(mv orders.Move) bool {
	for _, a := range mv.Path[min(1, len(mv.Path)):] {
		if t.B.IsLand(a) && (t.S.Vacant(a) || t.S.Foreign(a, t.N) > 0) {
			return true
		}
	}
	return false
}

// canExpand reports whether some unit of the nation that may still move
// could reach an empty land area or attack one within two areas (reduX
// Core 6, 6.1, 6.2). Only then can the over-limit duty of 6 be met.
func (t *Turn) canExpand() bool {
	open := func(a games.AreaID) bool { return t.B.IsLand(a) && (t.S.Vacant(a) || t.S.Foreign(a, t.N) > 0) }
	for a := range t.B.Areas {
		if t.Fresh(games.AreaID(a)) == 0 {
			continue
		}
		first := t.B.Edges(games.AreaID(a))
		if other, ok := t.seaPartner(games.AreaID(a)); ok {
			first = append(append([]games.Edge(nil), first...), t.B.Edges(other)...)
		}
		for _, e := range first {
			if !t.B.IsLand(e.To) {
				continue
			}
			if open(e.To) {
				return true
			}
			if e.Strait {
				continue
			}
			for _, e2 := range t.B.Edges(e.To) {
				if !e2.Strait && open(e2.To) {
					return true
				}
			}
		}
	}
	return false
}

// seaPartner returns the other sea of a pair on whose border invaders were
// placed this turn (reduX Core 5.2.1), for either sea of the pair.
func (t *Turn) seaPartner(sea games.AreaID) (games.AreaID, bool) {
	if other, ok := t.border[sea]; ok {
		return other, true
	}
	for first := games.AreaID(t.B.NumLand); int(first) < len(t.B.Areas); first++ {
		if second, ok := t.border[first]; ok && second == sea {
			return first, true
		}
	}
	return games.NoArea, false
}

// seaHome returns where the units a move starts from are kept. Invaders on
// the border of two seas are in both (reduX Core 5.2.1, 6.1) but are kept
// in the first sea listed; a move may name either sea.
func (t *Turn) seaHome(a games.AreaID) games.AreaID {
	if t.B.IsLand(a) || t.Fresh(a) > 0 {
		return a
	}
	for first := games.AreaID(t.B.NumLand); int(first) < len(t.B.Areas); first++ {
		if second, ok := t.border[first]; ok && second == a && t.Fresh(first) > 0 {
			return first
		}
	}
	return a
}

// OccupantNames lists the other nations with units in an area.
func (t *Turn) OccupantNames(a games.AreaID) string {
	var xs []string
	for _, m := range t.S.Occupants(a) {
		if m != t.N {
			xs = append(xs, t.E.NationName(m))
		}
	}
	return strings.Join(xs, " and ")
}

// checkOverruns enforces reduX Core 6.3 over the whole phase: armies may
// pass through an occupied area only as the excess over twice its
// defenders or over the overstack maximum, so the armies of the nation that
// stop there must number at least min(2 × defenders, overstack maximum);
// where the ruleset counts the armies passing too (MoveRules.OverrunAll),
// those that stop and those that pass together.
func (t *Turn) checkOverruns() {
	all := t.R.Move.OverrunAll != nil && t.R.Move.OverrunAll(t)
	for a := 0; a < t.B.NumLand; a++ {
		id := games.AreaID(a)
		if len(t.passed[a]) == 0 {
			continue
		}
		_, os := t.StackLimit(id)
		need := min(2*t.S.Foreign(id, t.N), os)
		stop := t.S.Units(id, t.N)
		pass := 0
		for _, p := range t.passed[a] {
			pass += p.N
		}
		have, few := stop, "overrun-few"
		if all {
			have, few = stop+pass, "overrun-few-all"
		}
		if have >= need {
			continue
		}
		line := t.passed[a][0].Line
		if t.Strict {
			t.Problem(line, few, pass, t.Name(id), stop, t.S.Foreign(id, t.N), need)
		} else {
			t.Emit(Event{Kind: adjudicator.EvLimit, What: "overrun-stands", Area: t.Name(id), Line: line, Args: adjudicator.Args(have, need)})
		}
	}
}

// checkEndOfMovement enforces reduX Core 6.4 (and the over-limit duty of
// 6). A limit is enforced only where some legal file can meet it: the
// stacking limit and the held-area count can always be met by moving less;
// the population limit only when the nation was within it at the start of
// the phase (never in the first phase of a Major Invasion, and the second
// is measured against the excess at the start of the first: L&R 11.3 lifts
// the limit for the first phase only, so the excess that phase was allowed
// to build is not a licence to keep it); the duty of 6 only when some unit
// could have met it.
func (t *Turn) checkEndOfMovement(owesExpansion bool) {
	t.checkStacking()
	t.checkHeld()
	base := t.excess0
	if t.Major && t.Phase == 2 && t.E.Plays(adjudicator.MajorInvasionLimit) {
		base = t.excessStart
	}
	if p := t.moverLimit(); p.excess() > 0 && base == 0 && !(t.Major && t.Phase == 1) {
		t.Limit("over-limit", t.overPopulation(p)...)
	}
	if owesExpansion {
		t.Limit("owe-expansion")
	}
}
