package britannia

import (
	"slices"

	"github.com/pbem-org/pbem/adjudicator"
	"github.com/pbem-org/pbem/adjudicator/family"
	"github.com/pbem-org/pbem/games"
	"github.com/pbem-org/pbem/orders"
)

// withdrawal is the Raider withdrawal phase (seed 004 4: raiders who came
// from the sea may go back to the sea they came from, even with no
// movement left; seed 002 §5 Raider Mechanics): the file's "withdraw AREA
// [N]" lines; on a turn whose raiders must return (ref §3 XI: the Danes)
// every raider goes. The default is to stay on land (seed 002 §7: raiders
// may remain and become regular armies).
func withdrawal(t *family.Turn) {
	ws := pictsHome(t, adjudicator.Statements[orders.Withdraw](t.Turn))
	if !t.Raid {
		for _, w := range ws {
			t.Problem(w.Line, "cb-no-raid-turn", t.Nation())
		}
		return
	}
	want := make([]int, t.B.NumLand)
	if t.MustReturn {
		for a := range want {
			want[a] = len(t.Raiders(games.AreaID(a)))
		}
	}
	for _, w := range ws {
		if !t.B.IsLand(w.Area) || len(t.Raiders(w.Area)) == 0 {
			t.Problem(w.Line, "cb-no-raiders", t.Nation(), t.Name(w.Area))
			continue
		}
		k := len(t.Raiders(w.Area))
		if w.N > 0 {
			k = min(k, w.N)
		}
		want[w.Area] = max(want[w.Area], k)
	}
	for a, k := range want {
		id := games.AreaID(a)
		sea := games.NoArea
		for range k {
			sea = t.Raiders(id)[0]
			t.MoveOut(t.N, id, sea, 1)
			t.Emit(adjudicator.Event{Kind: adjudicator.EvRetreat, What: "cb-withdraw", Area: t.Name(id), Path: []string{t.Name(id), t.Name(sea)}, N: 1})
		}
		// A leader goes with the last armies of his area (seed 004 Andre regler).
		if li := t.S.LeaderIn(id, t.N); li >= 0 && !t.S.Has(id, t.N) && sea != games.NoArea {
			t.S.Leaders[li].Area = sea
		}
	}
}

// checkWithdrawals refuses (switch check-knowable) the withdraw lines the
// Raider withdrawal phase would skip whatever the battles do (seed 004 4):
// outside a Raiding turn, from a sea, or from an area where the nation has
// no raiders after its moves and none may come there later (family's
// MayGainRaiders: raiders retreat where they came from, seed 004 3; none at all
// when the nation has no raider anywhere). Not a line that may take the
// Picts home by sea (pictsHome: from land outside Scotland, unless a line
// before took every army there and none is a raider).
func checkWithdrawals(t *family.Turn) {
	ph := D(t.E).PictsHome
	home := mustNation(t.E, ph.Nation) == t.N && slices.Contains(ph.Rounds, t.S.Round)
	all := map[games.AreaID]bool{} // pictsHome took every army there on a line before
	for _, w := range adjudicator.Statements[orders.Withdraw](t.Turn) {
		switch {
		case w.Stay:
			// checkStatements refuses it
		case home && t.B.IsLand(w.Area) && !t.B.InRegion(w.Area, "Scotland") && !(all[w.Area] && !anyRaider(t)):
			all[w.Area] = all[w.Area] || w.N == 0 // pictsHome may take it
		case !t.Raid:
			t.Problem(w.Line, "cb-no-raid-turn", t.Nation())
		case !t.B.IsLand(w.Area) || len(t.Raiders(w.Area)) == 0 && (!t.MayGainRaiders(w.Area) || !anyRaider(t)):
			t.Problem(w.Line, "cb-no-raiders", t.Nation(), t.Name(w.Area))
		}
	}
}

// anyRaider reports whether the mover has a raiding unit anywhere, at sea
// or on land (L&R 11.4: the units that began the Movement Phase at sea);
// none can become one later in the turn.
func anyRaider(t *family.Turn) bool {
	for a := range t.B.Areas {
		if len(t.Raiders(games.AreaID(a))) > 0 {
			return true
		}
	}
	return false
}

// pictsHome carries out the Picts' way home by sea (seed 002 §5 Raider
// Mechanics: "Picts in turns 4-5 may return to land of origin via sea"):
// "withdraw AREA [N]" for Pictish armies in an area outside Scotland moves
// them to the first Pictish area of Scotland, in board order, on a sea that
// AREA borders. It returns the withdraw lines it did not use.
func pictsHome(t *family.Turn, ws []orders.Withdraw) []orders.Withdraw {
	ph := D(t.E).PictsHome
	if mustNation(t.E, ph.Nation) != t.N || !slices.Contains(ph.Rounds, t.S.Round) {
		return ws
	}
	var rest []orders.Withdraw
	for _, w := range ws {
		if !t.B.IsLand(w.Area) || len(t.Raiders(w.Area)) > 0 || !t.S.Has(w.Area, t.N) || t.B.InRegion(w.Area, "Scotland") {
			rest = append(rest, w)
			continue
		}
		k := t.Armies(w.Area, t.N)
		if w.N > 0 {
			k = min(k, w.N)
		}
		moved := map[games.AreaID]int{}
		var order []games.AreaID
		for ; k > 0; k-- {
			home := homeBySea(t, w.Area)
			if home == games.NoArea {
				break
			}
			t.MoveOut(t.N, w.Area, home, 1)
			if moved[home] == 0 {
				order = append(order, home)
			}
			moved[home]++
		}
		if len(order) == 0 {
			t.Problem(w.Line, "cb-picts-no-room", t.Name(w.Area))
			continue
		}
		for _, home := range order {
			t.Emit(adjudicator.Event{Kind: adjudicator.EvRetreat, What: "cb-picts-home", Area: t.Name(w.Area), Path: []string{t.Name(w.Area), t.Name(home)}, N: moved[home], Line: w.Line})
		}
	}
	return rest
}

// homeBySea is the first area of Scotland the acting nation holds on a sea
// that area a borders and where one more army keeps the stacking limit
// (seed 004 Movement), or NoArea.
func homeBySea(t *family.Turn, a games.AreaID) games.AreaID {
	for h := 0; h < t.B.NumLand; h++ {
		id := games.AreaID(h)
		if !t.B.InRegion(id, "Scotland") || !t.S.Holds(id, t.N) || !onSharedSea(t, a, id) {
			continue
		}
		t.S.Add(id, t.N, Infantry, 1)
		ok, _ := t.StackingOK(t.N)
		t.S.Add(id, t.N, Infantry, -1)
		if ok {
			return id
		}
	}
	return games.NoArea
}

// onSharedSea reports whether land areas a and b border a common sea.
func onSharedSea(t *family.Turn, a, b games.AreaID) bool {
	for _, e := range t.B.Edges(a) {
		if !t.B.IsLand(e.To) && family.Adjacent(t.B, e.To, b) {
			return true
		}
	}
	return false
}
