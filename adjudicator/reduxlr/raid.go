package reduxlr

import (
	"github.com/pbem-org/pbem/adjudicator"
	"github.com/pbem-org/pbem/adjudicator/family"
	"github.com/pbem-org/pbem/games"
	"github.com/pbem-org/pbem/orders"
)

// The Raider Withdrawal Phase (L&R 11.5), raiding points (10.3) and Cnut
// the Great (9.4).

// cnutStay and cnutWithdraw are L&R 9.4's limits when the Danes become Rex
// Anglorum with Cnut: up to two raiding armies remain in England, at most
// four go back to sea with him.
const (
	cnutStay     = 2
	cnutWithdraw = 4
)

// withdrawal is Phase IV (11.5): raiding units may go back to the sea they
// started the turn in; on a ☞ turn they all must (11.4).
func withdrawal(t *family.Turn) {
	s, n := t.S, t.N
	if !t.Raid {
		for _, w := range adjudicator.Statements[orders.Withdraw](t.Turn) {
			t.Problem(w.Line, "lr-no-raid-turn", t.Nation())
		}
		return
	}
	var start []games.AreaID // areas with the nation's units now (10.3)
	onLand := 0
	for a := 0; a < t.B.NumLand; a++ {
		if s.Has(games.AreaID(a), n) {
			start = append(start, games.AreaID(a))
		}
		onLand += len(t.Raiders(games.AreaID(a)))
	}
	if onLand == 0 {
		for _, w := range adjudicator.Statements[orders.Withdraw](t.Turn) {
			t.Problem(w.Line, "lr-no-raiders-left", t.Nation(), t.Name(w.Area))
		}
		return
	}
	t.Emit(adjudicator.Event{Kind: adjudicator.EvPhase, What: "lr-withdrawal-phase", N: 4})
	rex := cnutChoice(t)
	want, remove := withdrawals(t, rex)
	carryWithdrawals(t, want, remove)
	if rex {
		cnutToSea(t, want)
	}
	strandedLeader(t)
	raidPoints(t, start, want)
}

// withdrawals decides how many raiders withdraw from each area, and (Cnut)
// how many are removed.
func withdrawals(t *family.Turn, rex bool) (want, remove []int) {
	s, n := t.S, t.N
	want = make([]int, t.B.NumLand) // raiders to withdraw, per area
	remove = make([]int, t.B.NumLand)
	switch {
	case rex:
		cnutWithdrawal(t, want, remove)
	case t.MustReturn:
		for a := range want {
			want[a] = len(t.Raiders(games.AreaID(a)))
		}
	default:
		chosenWithdrawals(t, want)
	}
	// 9.2.1, 9.2.3: a leader goes with the last armies of its area; a
	// raiding leader at sea takes every raider with him.
	li := s.LeaderOf(n)
	if raider, _ := t.LeaderRaider(); li >= 0 && raider && !rex {
		la := s.Leaders[li].Area
		atSea := !t.B.IsLand(la) || (s.Units(la, n)-want[la] == 0 && want[la] > 0)
		if atSea {
			for a := range want {
				want[a] = len(t.Raiders(games.AreaID(a)))
			}
		}
	}
	// 11.5: no withdrawal may break the population limit unless every
	// remaining raider goes.
	all := true
	for a := range want {
		all = all && want[a]+remove[a] == len(t.Raiders(games.AreaID(a)))
	}
	if !all && !rex {
		before := t.Excess(n)
		for a, k := range want {
			s.Add(games.AreaID(a), n, family.Infantry, -k)
		}
		ex := t.Excess(n)
		for a, k := range want {
			s.Add(games.AreaID(a), n, family.Infantry, k)
		}
		if ex > 0 && ex > before {
			t.Emit(adjudicator.Event{Kind: adjudicator.EvLimit, What: "lr-withdrawal-limit", N: ex})
			clear(want)
		}
	}
	return want, remove
}

// chosenWithdrawals reads the file's withdraw lines (11.5).
func chosenWithdrawals(t *family.Turn, want []int) {
	for _, w := range adjudicator.Statements[orders.Withdraw](t.Turn) {
		if w.Stay {
			t.Problem(w.Line, "lr-stay-not-cnut")
			continue
		}
		if !t.B.IsLand(w.Area) {
			t.Problem(w.Line, "lr-withdraw-from-land", t.Name(w.Area))
			continue
		}
		r := len(t.Raiders(w.Area)) - want[w.Area]
		if r == 0 {
			t.Problem(w.Line, "lr-no-raiders-left", t.Nation(), t.Name(w.Area))
			continue
		}
		k := r
		if w.N > 0 {
			k = min(w.N, r)
		}
		want[w.Area] += k
	}
}

// carryWithdrawals takes the raiders off the land: removed ones (Cnut, 9.4)
// and withdrawn ones, each to the sea it started in; a leader left alone
// goes with them (9.2.3).
func carryWithdrawals(t *family.Turn, want, remove []int) {
	s, n := t.S, t.N
	for a := range want {
		id := games.AreaID(a)
		if remove[a] > 0 {
			for range remove[a] {
				t.DropRaider(id)
			}
			t.Emit(adjudicator.Event{Kind: adjudicator.EvRemove, What: "lr-cnut-removed", Area: t.Name(id), N: remove[a], Leader: "Cnut"})
		}
		if want[a] == 0 {
			continue
		}
		homes := make([]int, len(t.B.Areas))
		for range want[a] {
			sea := t.Raiders(id)[0]
			homes[sea]++
			t.MoveOut(n, id, sea, 1)
		}
		for sea, k := range homes {
			if k == 0 {
				continue
			}
			t.Emit(adjudicator.Event{Kind: adjudicator.EvWithdraw, What: "lr-withdraw", Area: t.Name(id), Path: []string{t.Name(id), t.Name(games.AreaID(sea))}, N: k})
		}
		if li := s.LeaderIn(id, n); li >= 0 && !s.Has(id, n) {
			to := leaderSea(t, id)
			s.Leaders[li].Area = to
			t.Emit(adjudicator.Event{Kind: adjudicator.EvLeader, What: "lr-leader-withdraws", Area: t.Name(to), Leader: s.Leaders[li].Name})
		}
	}
}

// cnutToSea sends Cnut back to sea with the armies that withdraw with him
// (9.4).
func cnutToSea(t *family.Turn, want []int) {
	s := t.S
	li := s.LeaderOf(t.N)
	if li < 0 || !t.B.IsLand(s.Leaders[li].Area) {
		return
	}
	back := 0
	for _, k := range want {
		back += k
	}
	if back > 0 {
		to := leaderSea(t, s.Leaders[li].Area)
		t.Emit(adjudicator.Event{Kind: adjudicator.EvLeader, What: "lr-cnut-to-sea", Area: t.Name(to), Leader: s.Leaders[li].Name, Args: adjudicator.Args(back)})
		s.Leaders[li].Area = to
	}
}

// strandedLeader: a leader is never alone (9.2.1): one left without armies
// on land goes to sea with the raiders, or is lost if none are there.
func strandedLeader(t *family.Turn) {
	s, n := t.S, t.N
	li := s.LeaderOf(n)
	if li < 0 {
		return
	}
	la := s.Leaders[li].Area
	if !t.B.IsLand(la) || s.Has(la, n) {
		return
	}
	if to := leaderSea(t, la); !t.B.IsLand(to) && s.Has(to, n) {
		s.Leaders[li].Area = to
		t.Emit(adjudicator.Event{Kind: adjudicator.EvLeader, What: "lr-leader-to-sea", Area: t.Name(to), Leader: s.Leaders[li].Name})
		return
	}
	name := s.Leaders[li].Name
	t.EliminateLeader(li)
	t.Emit(adjudicator.Event{Kind: adjudicator.EvLeader, What: "lr-leader-stranded", Area: t.Name(la), Leader: name})
}

// raidPoints is 10.3: an area raided is one the nation had units in at the
// start of the phase and has left vacant by withdrawing.
func raidPoints(t *family.Turn, start []games.AreaID, want []int) {
	name := t.Nation()
	if t.G.Tables.Round(t.S.Round).HasMark(games.MarkOccupy, name) {
		return
	}
	vp := t.G.Tables.LR.Raiding.VP
	if v, ok := t.G.Tables.LR.Raiding.Nations[name]; ok {
		vp = v
	}
	for _, a := range start {
		if t.S.Vacant(a) && want[a] > 0 && vp > 0 {
			t.Award(t.N, vp, adjudicator.Event{What: "lr-raid-vp", Args: adjudicator.Args(t.Name(a))})
		}
	}
}

// leaderSea is where a raiding leader withdrawing from area a goes: the sea
// he started the turn in.
func leaderSea(t *family.Turn, a games.AreaID) games.AreaID {
	if _, home := t.LeaderRaider(); home != games.NoArea {
		return home
	}
	for s := t.B.NumLand; s < len(t.B.Areas); s++ {
		if t.S.Has(games.AreaID(s), t.N) {
			return games.AreaID(s)
		}
	}
	return a
}

// cnutTurn reports whether this is the Danes' turn in which Cnut arrives
// (9.4).
func cnutTurn(t *family.Turn) bool {
	for _, a := range family.Arrivals(t.E, t.S.Round, t.N) {
		if a.Leader == "Cnut" {
			return true
		}
	}
	return false
}
