package reduxlr

import (
	"github.com/pbem-org/pbem/adjudicator"
	"github.com/pbem-org/pbem/adjudicator/family"
	"github.com/pbem-org/pbem/adjudicator/redux"
	"github.com/pbem-org/pbem/games"
	"github.com/pbem-org/pbem/orders"
)

// cnutChoice is L&R 9.4: at the start of the Raider Withdrawal Phase of the
// turn the Danes receive Cnut, with Cnut in England, the Danes may become
// Rex Anglorum if they qualify (10.6): the file's "crown yes|no", by
// default yes. They score for it and their extra army is placed in the sea
// Cnut arrived in.
func cnutChoice(t *family.Turn) bool {
	if !cnutTurn(t) {
		for _, r := range adjudicator.Statements[orders.Rex](t.Turn) {
			t.Problem(r.Line, "lr-crown-not-cnut")
		}
		return false
	}
	s := t.S
	li := s.LeaderOf(t.N)
	if li < 0 || s.Leaders[li].Name != "Cnut" {
		return false
	}
	at := s.Leaders[li].Area
	if !t.B.IsLand(at) || t.B.Area(at).Region != "England" {
		return false
	}
	if rexNation(t.E, s) != t.N {
		t.Emit(adjudicator.Event{Kind: adjudicator.EvRex, What: "lr-cnut-not-rex", Leader: s.Leaders[li].Name})
		return false
	}
	yes, line := true, 0
	for _, r := range adjudicator.Statements[orders.Rex](t.Turn) {
		yes, line = r.Yes, r.Line
	}
	if !yes {
		t.Emit(adjudicator.Event{Kind: adjudicator.EvRex, What: "lr-cnut-declines", Line: line, Leader: s.Leaders[li].Name})
		return false
	}
	X(s).CnutRex = true
	lr := t.G.Tables.LR.RexAnglorum
	t.Emit(adjudicator.Event{Kind: adjudicator.EvRex, What: "lr-cnut-rex", Line: line, Leader: s.Leaders[li].Name})
	if lr.VP > 0 {
		t.Award(t.N, lr.VP, adjudicator.Event{What: "lr-rex-vp"})
	}
	sea := games.NoArea
	for _, a := range family.Arrivals(t.E, s.Round, t.N) {
		if a.Leader == "Cnut" && len(a.SeaIDs) > 0 {
			sea = a.SeaIDs[0]
		}
	}
	if k := min(lr.Armies, t.Available(family.Infantry)); k > 0 && sea != games.NoArea {
		s.Add(sea, t.N, family.Infantry, k)
		t.Emit(adjudicator.Event{Kind: adjudicator.EvReinforce, What: "lr-cnut-army", Area: t.Name(sea), N: k})
	}
	return true
}

// cnutWithdrawal decides the withdrawal when the Danes became Rex Anglorum
// with Cnut (9.4): up to two raiding armies stay in England ("stay" lines,
// by default in the English areas with the most Danish raiders), at most
// four go back to sea with Cnut ("withdraw" lines, by default from the
// areas with the most raiders left), and the rest, who must return but
// cannot, are removed.
func cnutWithdrawal(t *family.Turn, want, remove []int) {
	left := make([]int, t.B.NumLand)
	for a := range left {
		left[a] = len(t.Raiders(games.AreaID(a)))
	}
	lines := adjudicator.Statements[orders.Withdraw](t.Turn)
	cnutStays(t, lines, left)
	back := 0
	for _, w := range lines {
		if w.Stay || !t.B.IsLand(w.Area) {
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
	if li := t.S.LeaderOf(t.N); li >= 0 && t.B.IsLand(t.S.Leaders[li].Area) {
		a := t.S.Leaders[li].Area
		k := min(left[a], cnutWithdraw-back)
		want[a] += k
		left[a] -= k
		back += k
	}
	for back < cnutWithdraw {
		best := mostLeft(t, left, false)
		if best < 0 {
			break
		}
		want[best]++
		left[best]--
		back++
	}
	copy(remove, left)
}

// cnutStays keeps up to two of Cnut's raiders in England: the "stay"
// lines, else the English areas with the most raiders.
func cnutStays(t *family.Turn, lines []orders.Withdraw, left []int) {
	stay, any := 0, false
	for _, w := range lines {
		if !w.Stay {
			continue
		}
		any = true
		switch {
		case !t.B.IsLand(w.Area) || t.B.Area(w.Area).Region != "England":
			t.Problem(w.Line, "lr-stay-not-england", t.Name(w.Area))
		case left[w.Area] == 0:
			t.Problem(w.Line, "lr-no-raiding-armies", t.Nation(), t.Name(w.Area))
		default:
			k := left[w.Area]
			if w.N > 0 {
				k = min(k, w.N)
			}
			k = min(k, cnutStay-stay)
			if k == 0 {
				t.Problem(w.Line, "lr-stay-most", cnutStay)
			}
			left[w.Area] -= k
			stay += k
		}
	}
	for !any && stay < cnutStay {
		best := mostLeft(t, left, true)
		if best < 0 {
			break
		}
		left[best]--
		stay++
	}
}

// mostLeft is the area with the most raiders left (in England only, if
// asked), board order on ties; -1 if none.
func mostLeft(t *family.Turn, left []int, england bool) int {
	best := -1
	for a := range left {
		if left[a] > 0 && (!england || t.B.Area(games.AreaID(a)).Region == "England") && (best < 0 || left[a] > left[best]) {
			best = a
		}
	}
	return best
}

// checkStatements checks the Leaders and Raiders statements of a file
// against the turn (when a file is checked).
func checkStatements(t *family.Turn) {
	for _, w := range adjudicator.Statements[orders.Withdraw](t.Turn) {
		if !t.Raid {
			t.Problem(w.Line, "lr-no-raid-turn", t.Nation())
		} else if !t.B.IsLand(w.Area) {
			t.Problem(w.Line, "lr-withdraw-from-land", t.Name(w.Area))
		}
	}
	for _, r := range adjudicator.Statements[orders.Rex](t.Turn) {
		if !cnutTurn(t) {
			t.Problem(r.Line, "lr-crown-not-cnut")
		}
	}
	for _, tg := range adjudicator.Statements[orders.Target](t.Turn) {
		if tg.Area != games.NoArea && !t.B.IsLand(tg.Area) {
			t.Problem(tg.Line, "battle-at-sea")
		}
	}
	// The "phase 2:" block is played after the first battles, so unless
	// they make none (the check played it), only what does not depend on
	// them is checked: each move's path. Then the moves of the branches not
	// taken are still checked on the board.
	for _, ph := range adjudicator.Statements[orders.Phase](t.Turn) {
		orders.Walk(ph.Body, func(st orders.Statement) {
			if x, ok := st.(orders.Move); ok && (!t.SecondKnown() || !t.Phase2Played(x.Line)) {
				t.CheckPath(x)
			}
		})
	}
}

// checkStanding accepts defend and target lines (L&R 9.1.2, 9.2.2).
func checkStanding(e *adjudicator.Engine, f *orders.File) orders.Errors {
	return adjudicator.CheckStandingLines(e, f, func(st orders.Statement) (orders.Errors, bool) {
		x, ok := st.(orders.Target)
		if ok && x.Area != games.NoArea && !e.G.Board.IsLand(x.Area) {
			return orders.Errors{redux.Refusal(e, x.Line, "battle-at-sea")}, true
		}
		return nil, ok
	})
}

// defaults lists the Leaders and Raiders Decisions a file leaves to their
// defaults (docs/orders.md 15-21): raiders staying at sea or on land, the
// second phase of a Major Invasion, Cnut's crown, the Normans' cavalry.
func defaults(t *family.Turn) {
	if t.Raid && (!t.Major || t.SecondKnown()) {
		for a := t.B.NumLand; a < len(t.B.Areas); a++ {
			id := games.AreaID(a)
			if k := len(t.Raiders(id)); k > 0 && k == t.S.Units(id, t.N) {
				t.Defaulted(0, "reduX L&R 11.4", "%s at sea in %s", games.Count(k, "raider stays", "raiders stay"), t.Name(id))
			}
		}
	}
	onLand := false
	for a := 0; a < t.B.NumLand; a++ {
		onLand = onLand || len(t.Raiders(games.AreaID(a))) > 0
	}
	withdraws := t.TopLevelHas(func(st orders.Statement) bool { _, ok := st.(orders.Withdraw); return ok })
	switch {
	case t.Raid && t.MustReturn:
		t.Defaulted(0, "reduX L&R 11.4", "every raider goes back to sea at the end of the turn, whatever the file says")
	case t.Raid && onLand && !withdraws && !cnutTurn(t):
		t.Defaulted(0, "reduX L&R 11.5", "the raiders on land stay there: no withdraw line")
	}
	if t.Major && !t.TopLevelHas(func(st orders.Statement) bool { _, ok := st.(orders.Phase); return ok }) {
		t.Defaulted(0, "reduX L&R 11.3", "nothing moves in the second phase of the Major Invasion: no \"phase 2:\" block; units still at sea then land by default")
	}
	if cnutTurn(t) && !t.TopLevelHas(func(st orders.Statement) bool { _, ok := st.(orders.Rex); return ok }) {
		t.Defaulted(0, "reduX L&R 9.4", "the Danes become Rex Anglorum with Cnut if they qualify: no crown line")
	}
	if xt := extraTable(t.E, t.N); tx(t).extra && xt != nil && xt.CavalryRate > 0 &&
		!t.TopLevelHas(func(st orders.Statement) bool { r, ok := st.(orders.Reinforce); return ok && r.Cavalry > 0 }) {
		t.Defaulted(0, "reduX L&R 11.6.1", "the extra reinforcements are all infantry: no \"reinforce cavalry\" line")
	}
}
