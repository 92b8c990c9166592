package britannia

import (
	"slices"

	"github.com/pbem-org/pbem/adjudicator"
	"github.com/pbem-org/pbem/adjudicator/family"
	"github.com/pbem-org/pbem/games"
)

// The late rules of the Timeline (ref §3): the Romano-British cavalry
// become infantry in VIII, the Danes remove armies at the end of XIV, and
// the turn-16 reinforcements of the Normans, Saxons and Norwegians.

// cavalryToInfantry replaces the acting nation's cavalry by infantry in
// the round the tables give (ref §3 VIII), while the infantry pool lasts;
// cavalry with no infantry counter left are removed.
func cavalryToInfantry(t *family.Turn) {
	c := D(t.E).Late.CavalryToInfantry
	if c.Round != t.S.Round || mustNation(t.E, c.Nation) != t.N || t.S.InPlay(t.N, Cavalry) == 0 {
		return
	}
	changed := 0
	for a := range t.B.Areas {
		id := games.AreaID(a)
		k := t.S.Count(id, t.N, Cavalry)
		if k == 0 {
			continue
		}
		t.S.Add(id, t.N, Cavalry, -k)
		inf := min(k, t.Available(Infantry))
		t.S.Add(id, t.N, Infantry, inf)
		changed += inf
	}
	t.Emit(adjudicator.Event{Kind: adjudicator.EvPlace, What: "cb-cavalry-to-infantry", N: changed})
}

// lateRemovals removes the armies the Timeline takes from the acting
// nation at the end of its turn (ref §3 XIV: the Danes remove 4): the
// file's remove statements, then the largest stacks, then from the sea.
func lateRemovals(t *family.Turn) {
	for _, x := range D(t.E).Late.Removals {
		if x.Round != t.S.Round || mustNation(t.E, x.Nation) != t.N {
			continue
		}
		before := armiesOnBoard(t)
		k := min(x.Armies, before)
		t.Emit(adjudicator.Event{Kind: adjudicator.EvPopulation, What: "cb-late-removal", N: k, Args: adjudicator.Args(t.G.Tables.Round(t.S.Round).Label)})
		t.RemoveExcess(k, "cb-late-remove", t.G.Tables.Round(t.S.Round).Label)
		left := k - (before - armiesOnBoard(t))
		for a := len(t.B.Areas) - 1; a >= 0 && left > 0; a-- {
			id := games.AreaID(a)
			for _, kind := range []adjudicator.KindID{Infantry, Cavalry} {
				c := min(left, t.S.Count(id, t.N, kind))
				t.S.Add(id, t.N, kind, -c)
				left -= c
			}
		}
		if li := t.S.LeaderOf(t.N); li >= 0 && !t.S.Has(t.S.Leaders[li].Area, t.N) {
			t.EliminateLeader(li)
		}
	}
}

// armiesOnBoard is the acting nation's armies on land and at sea.
func armiesOnBoard(t *family.Turn) int {
	c := 0
	for a := range t.B.Areas {
		c += t.Armies(games.AreaID(a), t.N)
	}
	return c
}

// lateReinforcements are the turn-16 reinforcements (ref §3 XVI): only
// while the nation's leader is on the board; the count is the table's
// formula (S4); at sea in the row's sea, else placed in held areas as a
// population increase is.
func lateReinforcements(t *family.Turn) {
	for _, x := range D(t.E).Late.Reinforcements {
		if x.Round != t.S.Round || mustNation(t.E, x.Nation) != t.N {
			continue
		}
		li := t.S.LeaderOf(t.N)
		if li < 0 || t.S.Leaders[li].Name != x.Leader {
			t.Emit(adjudicator.Event{Kind: adjudicator.EvReinforce, What: "cb-late-no-leader", Leader: x.Leader})
			continue
		}
		held := t.S.Held(t.B, t.N)
		count := 0
		for _, a := range held {
			if (len(x.Areas) == 0 || slices.Contains(x.Areas, t.Name(a))) && (x.Region == "" || t.B.InRegion(a, x.Region)) {
				count++
			}
		}
		k := count * x.Per
		if x.Half {
			k /= 2
		}
		if x.BonusIfFallen != "" && slices.Contains(X(t.S).Fallen, x.BonusIfFallen) {
			k += x.Bonus
		}
		k = min(k, t.Available(Infantry))
		t.Emit(adjudicator.Event{Kind: adjudicator.EvReinforce, What: "cb-late-reinforcements", N: k})
		if k <= 0 {
			continue
		}
		if x.Sea != "" {
			sea, _ := t.B.Lookup(x.Sea)
			t.S.Add(sea, t.N, Infantry, k)
			continue
		}
		t.PlaceArmies(k, held)
	}
}
