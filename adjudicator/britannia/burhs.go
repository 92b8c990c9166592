package britannia

import (
	"fmt"
	"slices"

	"github.com/pbem-org/pbem/adjudicator"
	"github.com/pbem-org/pbem/adjudicator/family"
)

// buyBurhs is the Saxon burh purchase (seed 002 §5 Saxon Burhs; ref §3
// XII, XIII): after the population increase, each area of the file's
// "burhs" line gets a burh for 2 points of the population marker, in an
// area the Saxons hold that has none, while counters last (8) and no more
// burhs stand than areas the Saxons hold. The default is to buy none.
func buyBurhs(t *family.Turn) {
	b := D(t.E).Burhs
	lines := adjudicator.Statements[BuyBurhs](t.Turn)
	if len(lines) == 0 {
		return
	}
	if t.Nation() != t.E.NationName(mustNation(t.E, b.Nation)) || !slices.Contains(b.Rounds, t.S.Round) {
		t.Problemf(lines[0].Line, "Britannia 2005 §5 Saxon Burhs", "only the %s buy burhs, in rounds %v", b.Nation, b.Rounds)
		return
	}
	held := len(t.S.Held(t.B, t.N))
	for _, a := range lines[0].Areas {
		pop := &t.S.Nations[t.N].Pop
		switch {
		case *pop < b.Cost:
			t.Problemf(lines[0].Line, "Britannia 2005 §5 Saxon Burhs", "a burh costs %d population points and the marker is at %d", b.Cost, *pop)
		case !t.S.Holds(a, t.N):
			t.Problemf(lines[0].Line, "Britannia 2005 §5 Saxon Burhs", "burhs are built in areas the %s hold, and they do not hold %s", t.Nation(), t.Name(a))
		case t.S.Count(a, t.N, Burh) > 0:
			t.Problemf(lines[0].Line, "Britannia 2005 §5 Saxon Burhs", "%s already has a burh", t.Name(a))
		case t.S.InPlay(t.N, Burh) >= min(b.Count, held):
			t.Problemf(lines[0].Line, "Britannia 2005 §5 Saxon Burhs", "no more burhs: %d stand, the most is %d (the counters, and the areas held)", t.S.InPlay(t.N, Burh), min(b.Count, held))
		default:
			*pop -= b.Cost
			t.S.Add(a, t.N, Burh, 1)
			t.Emit(adjudicator.Event{Kind: adjudicator.EvPlace, Area: t.Name(a), N: 1, Rule: "Britannia 2005 §5 Saxon Burhs",
				Text: fmt.Sprintf("The %s build a burh in %s for %d population points (Britannia 2005 §5 Saxon Burhs)", t.Nation(), t.Name(a), b.Cost)})
			continue
		}
		return
	}
}
