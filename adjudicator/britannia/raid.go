package britannia

import (
	"fmt"

	"github.com/pbem-org/pbem/adjudicator"
	"github.com/pbem-org/pbem/games"
	"github.com/pbem-org/pbem/orders"
)

// withdrawal is the Raider withdrawal phase (seed 004 4: raiders who came
// from the sea may go back to the sea they came from, even with no
// movement left; seed 002 §5 Raider Mechanics): the file's "withdraw AREA
// [N]" lines; on a turn whose raiders must return (ref §3 XI: the Danes)
// every raider goes. The default is to stay on land (seed 002 §7: raiders
// may remain and become regular armies).
func withdrawal(t *adjudicator.Turn) {
	ws := adjudicator.Statements[orders.Withdraw](t)
	if !t.Raid {
		for _, w := range ws {
			t.Problem(w.Line, "Britannia 2005 Raider Withdrawal", "the %s have no Raiding turn this round, so no raiders withdraw", t.Nation())
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
			t.Problem(w.Line, "Britannia 2005 Raider Withdrawal", "the %s have no raiders in %s", t.Nation(), t.Name(w.Area))
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
			t.Emit(adjudicator.Event{Kind: adjudicator.EvRetreat, Area: t.Name(id), Path: []string{t.Name(id), t.Name(sea)}, N: 1, Rule: "Britannia 2005 Raider Withdrawal",
				Text: fmt.Sprintf("1 %s raider withdraws from %s to the %s (Britannia 2005 Raider Withdrawal)", t.Nation(), t.Name(id), t.Name(sea))})
		}
		// A leader goes with the last armies of his area (seed 004 Andre regler).
		if li := t.S.LeaderIn(id, t.N); li >= 0 && !t.S.Has(id, t.N) && sea != games.NoArea {
			t.S.Leaders[li].Area = sea
		}
	}
}
