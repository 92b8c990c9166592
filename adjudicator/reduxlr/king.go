package reduxlr

import (
	"slices"
	"strconv"

	"github.com/pbem-org/pbem/adjudicator"
	"github.com/pbem-org/pbem/adjudicator/family"
	"github.com/pbem-org/pbem/adjudicator/redux"
	"github.com/pbem-org/pbem/games"
	"github.com/pbem-org/pbem/orders"
)

// The end of the round and the final round's King (reduX L&R 10.6, 11.2,
// 11.6).

// endRound is the end of a Leaders and Raiders game round (11.2): Rex
// Anglorum in its rounds (10.6), the King at the end of the final round
// (11.6) — or the extra nation turns that decide him (11.6.1) — then
// holding areas in the 🏰 rounds (10.1).
func endRound(t *family.Turn) {
	s, e := t.S, t.E
	r := e.G.Tables.Round(s.Round)
	if X(s).Extra != nil { // the extra nation turns are over (11.6.1)
		gameOver(t, true)
		return
	}
	if r.HasMark(games.MarkRex, "") {
		rexAnglorum(t, true)
	}
	if !redux.Final(e, s.Round) {
		if r.Scoring {
			holding(t)
		}
		s.Round++
		s.Next = 0
		return
	}
	if names, _ := eligibleNames(e, s); len(names) > 1 {
		if extra := extraTurns(e, s); len(extra) > 0 {
			X(s).Extra = extra
			s.Next = 0
			args := append([]string{strconv.Itoa(len(names))}, names...)
			for _, x := range extra {
				args = append(args, e.NationName(x.Nation), strconv.Itoa(x.Armies), x.Leader)
			}
			t.Emit(adjudicator.Event{Kind: adjudicator.EvExtra, What: "lr-extra-turns", Args: args})
			return
		}
	}
	gameOver(t, false)
}

// gameOver decides the King, scores holding areas and ends the game.
func gameOver(t *family.Turn, afterExtra bool) {
	king(t, afterExtra)
	holding(t)
	t.S.Over = true
	t.Emit(redux.Standings(t.E, t.S))
}

// eligibleLeader reports whether nation m has a leader eligible to be King
// (11.6): in clear terrain in England south of and including York and
// March.
func eligibleLeader(e *adjudicator.Engine, s *adjudicator.State, m adjudicator.NationID) bool {
	li := s.LeaderOf(m)
	return li >= 0 && eligibleAt(e, s.Leaders[li].Area)
}

func eligibleAt(e *adjudicator.Engine, a games.AreaID) bool {
	b := e.G.Board
	return b.IsLand(a) && !b.Difficult(a) && slices.Contains(e.G.Tables.SetIDs(b, e.G.Tables.LR.King.Set), a)
}

// eligibleNames lists the leaders eligible to be King, in order of arrival.
func eligibleNames(e *adjudicator.Engine, s *adjudicator.State) (names []string, nations []adjudicator.NationID) {
	for _, ld := range s.Leaders {
		if eligibleAt(e, ld.Area) {
			names = append(names, ld.Name)
			nations = append(nations, ld.Nation)
		}
	}
	return names, nations
}

// king is reduX L&R 11.6: one eligible leader is King; none, and a nation
// that qualifies as Rex Anglorum scores that instead; after the extra
// nation turns, with several still eligible, a nation with an eligible
// leader that qualifies as Rex Anglorum scores that instead.
func king(t *family.Turn, _ bool) {
	k := t.G.Tables.LR.King
	names, nations := eligibleNames(t.E, t.S)
	switch len(names) {
	case 1:
		t.As(nations[0], func() {
			t.Emit(adjudicator.Event{Kind: adjudicator.EvKing, What: "lr-king", Leader: names[0]})
			if k.VP > 0 {
				t.Award(nations[0], k.VP, adjudicator.Event{What: "lr-king-vp"})
			}
		})
		return
	case 0:
		t.Emit(adjudicator.Event{Kind: adjudicator.EvKing, What: "lr-no-king"})
		rexAnglorum(t, false)
		return
	}
	t.Emit(adjudicator.Event{Kind: adjudicator.EvKing, What: "lr-king-undecided", Args: names})
	if m := rexNation(t.E, t.S); m >= 0 && slices.Contains(nations, m) {
		rexAnglorum(t, false)
	}
}

// extraTable returns the extra-turn row of nation m for the game's player
// count, or nil.
func extraTable(e *adjudicator.Engine, m adjudicator.NationID) *games.ExtraTurn {
	for i := range e.G.Tables.LR.ExtraTurns {
		x := &e.G.Tables.LR.ExtraTurns[i]
		if x.NationIdx == m && (len(x.Players) == 0 || slices.Contains(x.Players, e.PlayerCount())) {
			return x
		}
	}
	return nil
}

// extraTurns fixes the extra nation turns of the final round and their
// reinforcements before the first is played (11.6.1, 11.6.2).
func extraTurns(e *adjudicator.Engine, s *adjudicator.State) []ExtraTurn {
	var out []ExtraTurn
	for m := 0; m < e.NumNations(); m++ {
		x := extraTable(e, m)
		requires := ""
		if x != nil {
			requires = x.Requires
		}
		switch requires {
		case "cnut-rex":
			if !X(s).CnutRex {
				continue
			}
		case "always":
		default:
			if !eligibleLeader(e, s, m) {
				continue
			}
		}
		xt := ExtraTurn{Nation: m}
		if x != nil {
			xt.Leader = x.Leader
			xt.Armies = extraArmies(e, s, m, x)
		}
		out = append(out, xt)
	}
	return out
}

// extraArmies counts an extra turn's reinforcements (11.6.1, 11.6.2).
func extraArmies(e *adjudicator.Engine, s *adjudicator.State, m adjudicator.NationID, x *games.ExtraTurn) int {
	b := e.G.Board
	n := x.Armies
	if x.PerArea.Per > 0 {
		held := heldIn(s, e.NumNations(), e.G.Tables.PerAreaIDs(b, x.PerArea))[m]
		n += held / x.PerArea.Per
	}
	var centres []games.AreaID // each area once: Essex is both a Norman and a Saxon centre
	for _, c := range x.CentreIdxs {
		for _, a := range e.G.Tables.Nations[c].CentreIDs {
			if s.Holds(a, m) && !slices.Contains(centres, a) {
				centres = append(centres, a)
			}
		}
	}
	n += len(centres)
	if x.Bonus > 0 {
		for _, l := range x.BonusIf {
			if !leaderEligible(e, s, l) {
				n += x.Bonus
				break
			}
		}
	}
	return n
}

// leaderEligible reports whether the named leader is on the board and
// eligible to be King.
func leaderEligible(e *adjudicator.Engine, s *adjudicator.State, name string) bool {
	for _, ld := range s.Leaders {
		if games.Fold(ld.Name) == games.Fold(name) {
			return eligibleAt(e, ld.Area)
		}
	}
	return false
}

// dueExtra is Due during the extra nation turns: the next in play order not
// yet played whose leader is still eligible, or that plays regardless (the
// Danes with Svein, the five-player Angles; 11.6.1, 11.6.2).
func dueExtra(e *adjudicator.Engine, s *adjudicator.State) adjudicator.NationID {
	for _, x := range X(s).Extra {
		if x.Done || x.Nation < s.Next {
			continue
		}
		req := ""
		if xt := extraTable(e, x.Nation); xt != nil {
			req = xt.Requires
		}
		if req != "" || eligibleLeader(e, s, x.Nation) {
			return x.Nation
		}
	}
	return -1
}

// extraReinforcements places an extra nation turn's reinforcements
// (11.6.1): invaders in the table's seas, others on land; the Normans may
// take one cavalry for two infantry ("reinforce cavalry N", default none).
func extraReinforcements(t *family.Turn) {
	x := tx(t).extraTurn
	xt := extraTable(t.E, t.N)
	inf, cav := x.Armies, 0
	var seas []games.AreaID
	if xt != nil {
		seas = xt.SeaIDs
	}
	var land *orders.Reinforce
	for _, r := range adjudicator.Statements[orders.Reinforce](t.Turn) {
		if r.Cavalry > 0 {
			if xt == nil || xt.CavalryRate == 0 {
				t.Problem(r.Line, "lr-no-cavalry-for-infantry", t.Nation())
				continue
			}
			k := min(r.Cavalry, inf/xt.CavalryRate, t.Available(t.E.Kind("cavalry")))
			if k < r.Cavalry {
				t.Problem(r.Line, "lr-cavalry-for-infantry", k, xt.CavalryRate)
			}
			cav += k
			inf -= k * xt.CavalryRate
			continue
		}
		if len(seas) > 0 {
			t.Problem(r.Line, "lr-extra-at-sea", t.Nation())
			continue
		}
		rr := r
		land = &rr
	}
	t.Emit(adjudicator.Event{Kind: adjudicator.EvExtra, What: "lr-extra-turn"})
	t.PlaceArrival(inf, cav, x.Leader, seas, land)
}
