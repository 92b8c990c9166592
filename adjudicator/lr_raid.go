package adjudicator

import (
	"fmt"

	"github.com/pbem-org/pbem/games"
	"github.com/pbem-org/pbem/orders"
)

// The Raider Withdrawal Phase (reduX L&R 11.5), raiding points (10.3) and
// Cnut the Great (9.4).

// cnutStay and cnutWithdraw are L&R 9.4's limits when the Danes become Rex
// Anglorum with Cnut: up to two raiding armies remain in England, at most
// four go back to sea with him.
const (
	cnutStay     = 2
	cnutWithdraw = 4
)

// lrWithdrawal is Phase IV (reduX L&R 11.5): raiding units may go back to
// the sea they started the turn in; on a ☞ turn they all must (11.4).
func (t *turn) lrWithdrawal() {
	l, s, n := t.lr, t.s, t.n
	if !l.raid {
		for _, w := range statements[orders.Withdraw](t) {
			t.problem(w.Line, "reduX L&R 11.5", "the %s have no Raiding turn this round, so no raiders withdraw", t.nation())
		}
		return
	}
	var start []games.AreaID // areas with the nation's units now (10.3)
	onLand := 0
	for a := 0; a < t.b.NumLand; a++ {
		if s.Units[a][n] > 0 {
			start = append(start, games.AreaID(a))
		}
		onLand += len(l.raiders[a])
	}
	if onLand == 0 {
		for _, w := range statements[orders.Withdraw](t) {
			t.problem(w.Line, "reduX L&R 11.5", "the %s have no raiding units left in %s", t.nation(), t.name(w.Area))
		}
		return
	}
	t.emit(Event{Kind: EvPhase, N: 4, Rule: "reduX L&R 11.5", Text: fmt.Sprintf("The %s Raider Withdrawal Phase (reduX L&R 11.5)", possessive(t.nation()))})
	rex := t.cnutChoice()
	want := make([]int, t.b.NumLand) // raiders to withdraw, per area
	remove := make([]int, t.b.NumLand)
	switch {
	case rex:
		t.cnutWithdrawal(want, remove)
	case l.mustReturn:
		for a := range want {
			want[a] = len(l.raiders[a])
		}
	default:
		for _, w := range statements[orders.Withdraw](t) {
			if w.Stay {
				t.problem(w.Line, "reduX L&R 9.4", "\"stay\" is only for Cnut's raiders; raiders stay on land unless told to withdraw")
				continue
			}
			if !t.b.IsLand(w.Area) {
				t.problem(w.Line, "reduX L&R 11.5", "raiders withdraw from a land area, not %s", t.name(w.Area))
				continue
			}
			r := len(l.raiders[w.Area]) - want[w.Area]
			if r == 0 {
				t.problem(w.Line, "reduX L&R 11.5", "the %s have no raiding units left in %s", t.nation(), t.name(w.Area))
				continue
			}
			k := r
			if w.N > 0 {
				k = min(w.N, r)
			}
			want[w.Area] += k
		}
	}
	// 9.2.1, 9.2.3: a leader goes with the last armies of its area; a
	// raiding leader at sea takes every raider with him.
	li := s.LeaderOf(n)
	if li >= 0 && l.leaderRaider && !rex {
		la := s.LR.Leaders[li].Area
		atSea := !t.b.IsLand(la) || (s.Units[la][n]-want[la] == 0 && want[la] > 0)
		if atSea {
			for a := range want {
				want[a] = len(l.raiders[a])
			}
		}
	}
	// 11.5: no withdrawal may break the population limit unless every
	// remaining raider goes.
	all := true
	for a := range want {
		all = all && want[a]+remove[a] == len(l.raiders[a])
	}
	if !all && !rex {
		before := s.Excess(t.b, n)
		for a, k := range want {
			s.Units[a][n] -= k
		}
		ex := s.Excess(t.b, n)
		for a, k := range want {
			s.Units[a][n] += k
		}
		if ex > 0 && ex > before {
			t.emit(Event{Kind: EvLimit, N: ex, Rule: "reduX L&R 11.5", Text: fmt.Sprintf("the withdrawal would put the %s %s over their population limit while raiders stay behind: no raider withdraws (reduX L&R 11.5)", t.nation(), count(ex, "army", "armies"))})
			clear(want)
		}
	}
	for a := range want {
		id := games.AreaID(a)
		if remove[a] > 0 {
			for range remove[a] {
				t.dropRaider(id)
			}
			t.emit(Event{Kind: EvRemove, Area: t.name(id), N: remove[a], Rule: "reduX L&R 9.4", Text: fmt.Sprintf("%d Danish raiding %s in %s can neither stay nor go back to sea with Cnut and %s removed (reduX L&R 9.4)", remove[a], armies(remove[a]), t.name(id), isAre(remove[a]))})
		}
		if want[a] == 0 {
			continue
		}
		homes := map[games.AreaID]int{}
		for range want[a] {
			sea := l.raiders[a][0]
			homes[sea]++
			t.moveOut(n, id, sea, 1)
		}
		for _, sea := range sortedKeys(homes) {
			k := homes[sea]
			t.emit(Event{Kind: EvWithdraw, Area: t.name(id), Path: []string{t.name(id), t.name(sea)}, N: k, Rule: "reduX L&R 11.5", Text: fmt.Sprintf("%d %s raiding %s %s from %s to %s (reduX L&R 11.5)", k, t.nation(), armies(k), verb(k, "withdraws", "withdraw"), t.name(id), t.name(sea))})
		}
		if li := s.LeaderIn(id, n); li >= 0 && s.Units[a][n] == 0 {
			to := t.leaderSea(id)
			s.LR.Leaders[li].Area = to
			t.emit(Event{Kind: EvLeader, Area: t.name(to), Rule: "reduX L&R 9.2.3", Text: fmt.Sprintf("%s goes back to sea with them (reduX L&R 9.2.3)", s.LR.Leaders[li].Name)})
		}
	}
	// 9.4: Cnut goes back to sea with the armies that withdraw with him.
	if li := s.LeaderOf(n); rex && li >= 0 && t.b.IsLand(s.LR.Leaders[li].Area) {
		back := 0
		for _, k := range want {
			back += k
		}
		if back > 0 {
			to := t.leaderSea(s.LR.Leaders[li].Area)
			t.emit(Event{Kind: EvLeader, Area: t.name(to), Rule: "reduX L&R 9.4", Text: fmt.Sprintf("Cnut goes back to %s with %d raiding %s (reduX L&R 9.4)", t.name(to), back, armies(back))})
			s.LR.Leaders[li].Area = to
		}
	}
	// A leader is never alone (9.2.1): one left without armies on land goes
	// to sea with the raiders, or is lost if none are there.
	if li := s.LeaderOf(n); li >= 0 {
		if la := s.LR.Leaders[li].Area; t.b.IsLand(la) && s.Units[la][n] == 0 {
			to := t.leaderSea(la)
			if !t.b.IsLand(to) && s.Units[to][n] > 0 {
				s.LR.Leaders[li].Area = to
				t.emit(Event{Kind: EvLeader, Area: t.name(to), Rule: "reduX L&R 9.2.3", Text: fmt.Sprintf("%s goes back to sea with the raiders (reduX L&R 9.2.3)", s.LR.Leaders[li].Name)})
			} else {
				name := s.LR.Leaders[li].Name
				t.eliminateLeader(li)
				t.emit(Event{Kind: EvLeader, Area: t.name(la), Rule: "reduX L&R 9.2.1", Text: fmt.Sprintf("%s is left without armies in %s and leaves play (reduX L&R 9.2.1)", name, t.name(la))})
			}
		}
	}
	// 10.3: an area raided is one the nation had units in at the start of
	// the phase and has left vacant by withdrawing.
	name := t.nation()
	r := t.g.Tables.Round(s.Round)
	if r.HasMark(games.MarkOccupy, name) {
		return
	}
	vp := t.g.Tables.LR.Raiding.VP
	if v, ok := t.g.Tables.LR.Raiding.Nations[name]; ok {
		vp = v
	}
	for _, a := range start {
		if s.Vacant(a) && want[a] > 0 && vp > 0 {
			t.award(n, vp, "reduX L&R 10.3", "for raiding "+t.name(a))
		}
	}
}

// sortedKeys lists a map's areas in board order.
func sortedKeys(m map[games.AreaID]int) []games.AreaID {
	var out []games.AreaID
	for k := range m {
		out = append(out, k)
	}
	return sortedAreas(out)
}

// leaderSea is where a raiding leader withdrawing from area a goes: the sea
// he started the turn in.
func (t *turn) leaderSea(a games.AreaID) games.AreaID {
	if t.lr.leaderHome != games.NoArea {
		return t.lr.leaderHome
	}
	for s := t.b.NumLand; s < len(t.b.Areas); s++ {
		if t.s.Units[s][t.n] > 0 {
			return games.AreaID(s)
		}
	}
	return a
}

// dropRaider removes one raiding army of the mover from area a.
func (t *turn) dropRaider(a games.AreaID) {
	inf := t.s.Infantry(a, t.n)
	t.s.Units[a][t.n]--
	if inf == 0 {
		t.s.LR.Cav[a][t.n]--
	}
	r := t.lr.raiders[a]
	t.lr.raiders[a] = r[1:]
}

// cnutChoice is L&R 9.4: at the start of the Raider Withdrawal Phase of the
// turn the Danes receive Cnut, with Cnut in England, the Danes may become
// Rex Anglorum if they qualify (10.6): the file's "crown yes|no", by
// default yes. They score for it and their extra army is placed in the sea
// Cnut arrived in.
func (t *turn) cnutChoice() bool {
	if !t.cnutTurn() {
		for _, r := range statements[orders.Rex](t) {
			t.problem(r.Line, "reduX L&R 9.4", "only the Danes, in the nation turn they receive Cnut, choose whether to become Rex Anglorum")
		}
		return false
	}
	li := t.s.LeaderOf(t.n)
	if li < 0 || t.s.LR.Leaders[li].Name != "Cnut" {
		return false
	}
	at := t.s.LR.Leaders[li].Area
	if !t.b.IsLand(at) || t.b.Area(at).Region != "England" {
		return false
	}
	if rex := t.e.rexNation(t.s); rex != t.n {
		t.emit(Event{Kind: EvRex, Rule: "reduX L&R 9.4", Text: "Cnut is in England, but the Danes do not qualify as Rex Anglorum (reduX L&R 9.4, 10.6)"})
		return false
	}
	yes, line := true, 0
	for _, r := range statements[orders.Rex](t) {
		yes, line = r.Yes, r.Line
	}
	if !yes {
		t.emit(Event{Kind: EvRex, Line: line, Rule: "reduX L&R 9.4", Text: "The Danes choose not to become Rex Anglorum with Cnut (reduX L&R 9.4)"})
		return false
	}
	t.s.LR.CnutRex = true
	lr := t.g.Tables.LR.RexAnglorum
	t.emit(Event{Kind: EvRex, Line: line, Rule: "reduX L&R 9.4", Text: "With Cnut in England the Danes become Rex Anglorum (reduX L&R 9.4, 10.6)"})
	if lr.VP > 0 {
		t.award(t.n, lr.VP, "reduX L&R 10.6", "as Rex Anglorum")
	}
	sea := games.NoArea
	for _, a := range t.e.arrivals(t.s.Round, t.n) {
		if a.Leader == "Cnut" && len(a.SeaIDs) > 0 {
			sea = a.SeaIDs[0]
		}
	}
	if k := min(lr.Armies, t.availableInfantry()); k > 0 && sea != games.NoArea {
		t.s.Units[sea][t.n] += k
		t.emit(Event{Kind: EvReinforce, Area: t.name(sea), N: k, Rule: "reduX L&R 9.4", Text: fmt.Sprintf("The Danes' Rex Anglorum %s %s placed in %s (reduX L&R 9.4)", unitsText(k, 0), isAre(k), t.name(sea))})
	}
	return true
}

// cnutWithdrawal decides the withdrawal when the Danes became Rex Anglorum
// with Cnut (9.4): up to two raiding armies stay in England ("stay" lines,
// by default in the English areas with the most Danish raiders), at most
// four go back to sea with Cnut ("withdraw" lines, by default from the areas
// with the most raiders left), and the rest, who must return but cannot,
// are removed.
func (t *turn) cnutWithdrawal(want, remove []int) {
	l := t.lr
	left := make([]int, t.b.NumLand)
	for a := range left {
		left[a] = len(l.raiders[a])
	}
	stay := 0
	stays := statements[orders.Withdraw](t)
	any := false
	for _, w := range stays {
		if !w.Stay {
			continue
		}
		any = true
		switch {
		case !t.b.IsLand(w.Area) || t.b.Area(w.Area).Region != "England":
			t.problem(w.Line, "reduX L&R 9.4", "Cnut's raiders may stay only in England, not in %s", t.name(w.Area))
		case left[w.Area] == 0:
			t.problem(w.Line, "reduX L&R 9.4", "the Danes have no raiding armies in %s", t.name(w.Area))
		default:
			k := left[w.Area]
			if w.N > 0 {
				k = min(k, w.N)
			}
			k = min(k, cnutStay-stay)
			if k == 0 {
				t.problem(w.Line, "reduX L&R 9.4", "at most %d of Cnut's raiding armies stay in England", cnutStay)
			}
			left[w.Area] -= k
			stay += k
		}
	}
	if !any {
		for stay < cnutStay {
			best := -1
			for a := range left {
				if left[a] > 0 && t.b.Area(games.AreaID(a)).Region == "England" && (best < 0 || left[a] > left[best]) {
					best = a
				}
			}
			if best < 0 {
				break
			}
			left[best]--
			stay++
		}
	}
	back := 0
	for _, w := range stays {
		if w.Stay || !t.b.IsLand(w.Area) {
			continue
		}
		k := left[w.Area]
		if w.N > 0 {
			k = min(k, w.N)
		}
		k = min(k, cnutWithdraw-back)
		want[w.Area] += k
		left[w.Area] -= k
		back += k
	}
	// Cnut's own area first, so that he goes back with his armies.
	if li := t.s.LeaderOf(t.n); li >= 0 && t.b.IsLand(t.s.LR.Leaders[li].Area) {
		a := t.s.LR.Leaders[li].Area
		k := min(left[a], cnutWithdraw-back)
		want[a] += k
		left[a] -= k
		back += k
	}
	for back < cnutWithdraw {
		best := -1
		for a := range left {
			if left[a] > 0 && (best < 0 || left[a] > left[best]) {
				best = a
			}
		}
		if best < 0 {
			break
		}
		want[best]++
		left[best]--
		back++
	}
	copy(remove, left)
}
