package hybreasil

import (
	"strconv"

	"github.com/pbem-org/pbem/adjudicator"
	"github.com/pbem-org/pbem/games"
)

// Examples implements adjudicator.Ruleset.Examples: the example lines of
// the orders template (docs/orders.md "Decisions of a Hy Breasil nation
// turn") on the nation's position: in its first turn "land SEA" before anything else
// (Hy Breasil 5.1, 5.2); a move and, where it attacks, the attacker's
// retreat (6.3.2) and what to do if the area is taken or lost (6.3.3); the
// reroll policy (6.1); with option abilities "ability" and "city" (9.3,
// 9.3.1); with option submission "submit" (9.2). None is live.
func Examples(e *adjudicator.Engine, s *adjudicator.State, n adjudicator.NationID) []adjudicator.Example {
	b := e.G.Board
	var out []adjudicator.Example
	from, k := biggestStack(e, s, n)
	if from == games.NoArea {
		return nil
	}
	if sea := otherSea(e.G.Board, from); sea != games.NoArea && !b.IsLand(from) {
		out = append(out, adjudicator.Example{Note: "Land in another sea: this line comes before anything else, and your moves then start from that sea.", Order: "land " + b.AreaName(sea)})
	}
	to, next := exampleTarget(e.G.Board, s, n, from)
	if to != games.NoArea {
		n := max(1, k-1)
		if !b.IsLand(from) {
			n = k
		}
		mv := "move " + strconv.Itoa(n) + " " + b.AreaName(from) + " > " + b.AreaName(to)
		out = append(out, adjudicator.Example{Note: "Moves, in the order written; a move into another nation's area is an attack.", Order: mv})
		if s.Foreign(to, n) > 0 {
			out = append(out, attackExamples(e.G.Board, from, to, next)...)
		}
	}
	out = append(out, adjudicator.Example{Note: "Reroll these random events for a civilization token while the nation has fewer than 2 (6.1):", Order: "reroll plague, civil war while civ < 2"})
	if e.G.HasOption("abilities") {
		out = append(out, adjudicator.Example{Note: "If Civilization gives an ability (9.3):", Order: "ability navigation"})
		if b.IsLand(from) {
			out = append(out, adjudicator.Example{Note: "With City building, a city for 3 armies (9.3.1):", Order: "city " + b.AreaName(from)})
		}
	}
	if e.G.HasOption("submission") {
		out = append(out, adjudicator.Example{Note: "Submit when attacked (9.2); usually sent as standing orders:", Order: "submit"})
	}
	return out
}

// attackExamples are the example lines of an attack from from on to: the
// attacker's retreat (Hy Breasil 6.3.2) and what to do once the battle is
// won ("if AREA taken:", on to next) or lost (attack again from from),
// 6.3.3.
func attackExamples(b *games.Board, from, to, next games.AreaID) []adjudicator.Example {
	out := []adjudicator.Example{{Order: "attack " + b.AreaName(to) + ": retreat when mine <= 1"}}
	if next != games.NoArea {
		out = append(out, adjudicator.Example{Note: "What to do once the battle is won or lost (6.3.3):", Order: "if " + b.AreaName(to) + " taken:"},
			adjudicator.Example{Order: "  move 1 " + b.AreaName(to) + " > " + b.AreaName(next)})
	}
	if b.IsLand(from) {
		out = append(out, adjudicator.Example{Order: "if " + b.AreaName(to) + " lost:"},
			adjudicator.Example{Order: "  move 1 " + b.AreaName(from) + " > " + b.AreaName(to)})
	}
	return out
}

// biggestStack is the area (land first, else sea) where the nation has
// the most units at the start of its turn, and how many; NoArea for none.
func biggestStack(e *adjudicator.Engine, s *adjudicator.State, n adjudicator.NationID) (games.AreaID, int) {
	best, k := games.NoArea, 0
	for a := range e.G.Board.Areas {
		id := games.AreaID(a)
		if c := s.Units(id, n); c > k || (c > 0 && best != games.NoArea && !e.G.Board.IsLand(best) && e.G.Board.IsLand(id)) {
			best, k = id, c
		}
	}
	return best, k
}

// otherSea is the first outer sea other than sea: where "land" could
// enter instead (Hy Breasil 5.1: not an inland sea).
func otherSea(b *games.Board, sea games.AreaID) games.AreaID {
	for a := b.NumLand; a < len(b.Areas); a++ {
		if id := games.AreaID(a); id != sea && !b.Area(id).Inland {
			return id
		}
	}
	return games.NoArea
}

// exampleTarget is a land area next to from for an example move (another
// nation's first, else an empty one, else the nation's own), and a land
// area next to that one, not from, for the move after it; NoArea for
// none.
func exampleTarget(b *games.Board, s *adjudicator.State, n adjudicator.NationID, from games.AreaID) (to, next games.AreaID) {
	to, rank := games.NoArea, 0
	for _, e := range b.Edges(from) {
		if !b.IsLand(e.To) {
			continue
		}
		r := 1
		switch {
		case s.Foreign(e.To, n) > 0:
			r = 3
		case s.Units(e.To, n) == 0:
			r = 2
		}
		if r > rank {
			to, rank = e.To, r
		}
	}
	if to == games.NoArea {
		return to, games.NoArea
	}
	for _, e := range b.Edges(to) {
		if b.IsLand(e.To) && e.To != from {
			return to, e.To
		}
	}
	return to, games.NoArea
}
