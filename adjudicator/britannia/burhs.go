package britannia

import (
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
		t.Problem(lines[0].Line, "cb-burhs-who", append([]any{b.Nation}, anyInts(b.Rounds)...)...)
		return
	}
	held := len(t.S.Held(t.B, t.N))
	for _, a := range lines[0].Areas {
		pop := &t.S.Nations[t.N].Pop
		switch {
		case *pop < b.Cost:
			t.Problem(lines[0].Line, "cb-burh-cost", b.Cost, *pop)
		case !t.S.Holds(a, t.N):
			t.Problem(lines[0].Line, "cb-burh-not-held", t.Nation(), t.Name(a))
		case t.S.Count(a, t.N, Burh) > 0:
			t.Problem(lines[0].Line, "cb-burh-there", t.Name(a))
		case t.S.InPlay(t.N, Burh) >= min(b.Count, held):
			t.Problem(lines[0].Line, "cb-burhs-most", t.S.InPlay(t.N, Burh), min(b.Count, held))
		default:
			*pop -= b.Cost
			t.S.Add(a, t.N, Burh, 1)
			t.Emit(adjudicator.Event{Kind: adjudicator.EvPlace, What: "cb-burh", Area: t.Name(a), N: 1, Args: adjudicator.Args(b.Cost)})
			continue
		}
		return
	}
}

// anyInts are numbers as the values of a fact (Turn.Problem's args).
func anyInts(xs []int) []any {
	out := make([]any, len(xs))
	for i, x := range xs {
		out[i] = x
	}
	return out
}
