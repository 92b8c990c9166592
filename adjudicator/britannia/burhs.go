package britannia

import (
	"slices"

	"github.com/pbem-org/pbem/adjudicator"
	"github.com/pbem-org/pbem/adjudicator/family"
)

// buyBurhs is the Saxon burh purchase (seed 002 §5 Saxon Burhs; ref §3
// XII, XIII): after the population increase, each area of the file's
// "burhs" line gets a burh for 2 points of the population marker, in an
// area the Saxons hold that has none, while fewer burhs stand than 8 less
// the areas the Saxons hold (002: "Max: 8 − number of Saxon-controlled
// areas"; seed 004 gives no number, so both editions play 002's; switch
// burhs-eight-less-areas: before it, no more than the counters and the
// areas held). One burh an area is pbem's reading: the seeds are silent.
// The default is to buy none.
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
	most := burhsMost(t, b)
	for _, a := range lines[0].Areas {
		pop := &t.S.Nations[t.N].Pop
		switch {
		case *pop < b.Cost:
			t.Problem(lines[0].Line, "cb-burh-cost", b.Cost, *pop)
		case !t.S.Holds(a, t.N):
			t.Problem(lines[0].Line, "cb-burh-not-held", t.Nation(), t.Name(a))
		case t.S.Count(a, t.N, Burh) > 0:
			t.Problem(lines[0].Line, "cb-burh-there", t.Name(a))
		case t.S.InPlay(t.N, Burh) >= most:
			t.Problem(lines[0].Line, burhsMostWhat(t), t.S.InPlay(t.N, Burh), most)
		default:
			*pop -= b.Cost
			t.S.Add(a, t.N, Burh, 1)
			t.Emit(adjudicator.Event{Kind: adjudicator.EvPlace, What: "cb-burh", Area: t.Name(a), N: 1, Args: adjudicator.Args(b.Cost)})
			continue
		}
		return
	}
}

// burhsMost is the most burhs the acting Saxons may have: 8 less the areas
// they hold, within the counters (seed 002 §5 Saxon Burhs; switch
// burhs-eight-less-areas), before it the counters and the areas held.
// The areas are counted when the purchase starts.
func burhsMost(t *family.Turn, b Burhs) int {
	held := len(t.S.Held(t.B, t.N))
	if t.E.Plays(adjudicator.BurhsEightLessAreas) {
		return max(0, min(b.Count, b.Count-held))
	}
	return min(b.Count, held)
}

// burhsMostWhat is the fact of a burh refused for the most (burhsMost).
func burhsMostWhat(t *family.Turn) string {
	if t.E.Plays(adjudicator.BurhsEightLessAreas) {
		return "cb-burhs-most-areas"
	}
	return "cb-burhs-most"
}

// anyInts are numbers as the values of a fact (Turn.Problem's args).
func anyInts(xs []int) []any {
	out := make([]any, len(xs))
	for i, x := range xs {
		out[i] = x
	}
	return out
}
