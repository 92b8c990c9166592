package reduxlr

import (
	"slices"

	"github.com/pbem-org/pbem/adjudicator"
	"github.com/pbem-org/pbem/adjudicator/family"
	"github.com/pbem-org/pbem/games"
	"github.com/pbem-org/pbem/orders"
)

// arthur is the Romano-British leader of reduX L&R 9.3.
const arthur = "Arthur"

const romanoBritish = "Romano-British"

// leaderGone records a leader leaving play (9.2): eliminated in battle it
// may not come back "if alive"; Arthur's cavalry become infantry (9.3).
func leaderGone(t *family.Turn, ld adjudicator.Leader, killed bool) {
	l := X(t.S)
	l.Gone = append(l.Gone, ld.Name)
	if killed {
		l.Fallen = append(l.Fallen, ld.Name)
	}
	if ld.Name == arthur {
		arthurGone(t, ld.Nation)
	}
}

// arthurGone replaces the Romano-British cavalry with infantry when Arthur
// leaves play, or removes them when no infantry are left (reduX L&R 9.3).
func arthurGone(t *family.Turn, rb adjudicator.NationID) {
	s, e := t.S, t.E
	cav := e.Kind("cavalry")
	freeInf := max(0, family.Pool(e, rb, family.Infantry)-s.InPlay(rb, family.Infantry))
	for a := range t.B.Areas {
		id := games.AreaID(a)
		c := s.Count(id, rb, cav)
		if c == 0 {
			continue
		}
		swap := min(c, freeInf)
		freeInf -= swap
		s.Add(id, rb, cav, -c)
		s.Add(id, rb, family.Infantry, swap)
		t.Emit(adjudicator.Event{Kind: adjudicator.EvLeader, What: "lr-arthur-gone", Nation: e.NationName(rb), Area: t.Name(id), N: swap, Leader: arthur, Args: adjudicator.Args(c - swap)})
	}
}

// arrive holds back a Timeline arrival whose condition fails (9.2): a
// leader that comes only while the nation holds an area, or only if it was
// not eliminated.
func arrive(t *family.Turn, a games.Arrival) bool {
	if a.IfHolds != games.NoArea && a.If != "" && !t.S.Holds(a.IfHolds, t.N) {
		t.Emit(adjudicator.Event{Kind: adjudicator.EvReinforce, What: "lr-does-not-come", Leader: a.Leader, Args: adjudicator.Args(t.Name(a.IfHolds))})
		return false
	}
	if a.IfAlive && slices.Contains(X(t.S).Fallen, a.Leader) {
		t.Emit(adjudicator.Event{Kind: adjudicator.EvReinforce, What: "lr-leader-fallen", Leader: a.Leader})
		return false
	}
	return true
}

// leaderStays keeps Arthur with his cavalry (9.3).
func leaderStays(t *family.Turn, a games.AreaID, m adjudicator.NationID) family.No {
	li := t.S.LeaderIn(a, m)
	if li >= 0 && t.S.Leaders[li].Name == arthur && t.S.Count(a, m, t.E.Kind("cavalry")) > 0 {
		return family.Refuse("lr-arthur-stays")
	}
	return family.No{}
}

// arthurTogether lets Arthur's side retreat either its infantry only or
// everything (9.3).
func arthurTogether(t *family.Turn, a games.AreaID, m adjudicator.NationID, want int) int {
	li := t.S.LeaderIn(a, m)
	if li >= 0 && t.S.Leaders[li].Name == arthur && want < t.S.Units(a, m) {
		return min(want, t.S.Count(a, m, family.Infantry))
	}
	return want
}

func arthurOnBoard(s *adjudicator.State) bool {
	for _, ld := range s.Leaders {
		if ld.Name == arthur {
			return true
		}
	}
	return false
}

// arthurMove keeps Arthur and his cavalry together for the round they
// appear (9.3).
func arthurMove(t *family.Turn, mv orders.Move, from games.AreaID, units []int, withLeader bool) family.No {
	s, n := t.S, t.N
	if !arthurOnBoard(s) || t.Nation() != romanoBritish {
		return family.No{}
	}
	cavK := t.E.Kind("cavalry")
	withArthur := withLeader && s.Leaders[s.LeaderOf(n)].Name == arthur
	here := s.LeaderIn(from, n) >= 0
	switch {
	case withArthur && units[cavK] < s.Count(from, n, cavK):
		return family.Refuse("lr-arthur-together", s.Count(from, n, cavK), t.Name(from))
	case !withLeader && units[cavK] > 0 && here:
		return family.Refuse("lr-arthur-cavalry")
	}
	return family.No{}
}

// mayEnter says why the mover may not attack area a (9.3: the
// Romano-British restraint; 11.6.1: the extra turns' limits).
func mayEnter(t *family.Turn, a games.AreaID, withLeader bool) family.No {
	s, n := t.S, t.N
	withArthur := withLeader && s.LeaderOf(n) >= 0 && s.Leaders[s.LeaderOf(n)].Name == arthur
	nat := t.G.Tables.Nations
	if nat[n].Name == romanoBritish {
		arthurGone := slices.Contains(X(s).Gone, arthur)
		for _, m := range s.Occupants(a) {
			if m == n || !nat[m].British {
				continue
			}
			if withArthur {
				return family.Refuse("lr-arthur-british", nat[m].Name)
			}
			if !arthurGone && !X(s).provoked(m) {
				return family.Refuse("lr-rb-british", nat[m].Name)
			}
		}
	}
	if x, ok := t.X.(*turnX); ok && x.extra {
		if !t.B.Difficult(a) && slices.Contains(t.G.Tables.SetIDs(t.B, t.G.Tables.LR.King.Set), a) {
			return family.No{}
		}
		for _, m := range s.Occupants(a) {
			if m != n && eligibleLeader(t.E, s, m) {
				return family.No{}
			}
		}
		return family.Refuse("lr-extra-attack", t.Name(a))
	}
	return family.No{}
}

// provoke records a British nation attacking the Romano-British (9.3).
func provoke(t *family.Turn, a games.AreaID) {
	nat := t.G.Tables.Nations
	if !nat[t.N].British {
		return
	}
	for _, m := range t.S.Occupants(a) {
		if nat[m].Name == romanoBritish && !X(t.S).provoked(t.N) {
			X(t.S).provoke(t.N, len(nat))
			t.Emit(adjudicator.Event{Kind: adjudicator.EvLeader, What: "lr-provoked", Area: t.Name(a), Args: adjudicator.Args(nat[m].Name)})
		}
	}
}

// boat checks what Leaders and Raiders adds to the kernel's boat rule (12):
// the option must be on, not in an extra turn, not after landing with no
// land held at a Major Invasion.
func boat(t *family.Turn, mv orders.Move, count int) bool {
	return t.BoatOK(mv, count, func() family.No {
		switch {
		case !family.Boats(t.E):
			return family.Refuse("no-boats", t.Name(mv.Path[1]))
		case tx(t).extra:
			return family.Refuse("lr-boat-extra")
		case t.LandlessAtMajor():
			return family.Refuse("lr-boat-landless")
		}
		return family.No{}
	})
}
