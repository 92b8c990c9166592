package hybreasil

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/pbem-org/pbem/adjudicator"
	"github.com/pbem-org/pbem/games"
)

// Template is Hy Breasil's orders template (adjudicator.Orders.Template):
// first "This turn", what the nation should know before it writes its
// orders (Brief), then "Orders": where the Decisions of a Hy Breasil
// nation turn are documented (docs/orders.md) and example lines on the
// nation's position (Examples), every one commented out: whatever the
// player leaves out takes its default.
func Template(e *adjudicator.Engine, s *adjudicator.State, n adjudicator.NationID) adjudicator.Template {
	var t adjudicator.Template
	t.Decide = []string{
		"Move any of your armies up to two areas, or none.",
		"Choose the order of battles, who dies first and when to fall back, or leave the defaults.",
	}
	var brief adjudicator.TemplateSection
	brief.Title = "This turn"
	for _, l := range Brief(e, s, n) {
		brief.Items = append(brief.Items, adjudicator.TemplateItem{Note: l})
	}
	if len(brief.Items) > 0 {
		t.Sections = append(t.Sections, brief)
	}
	items := []adjudicator.TemplateItem{{Note: "The Decisions of this game, each with its syntax and its default, are in the order syntax (see above). Whatever you leave out takes its default. Examples (uncomment and change them):"}}
	items = append(items, Examples(e, s, n)...)
	t.Sections = append(t.Sections, adjudicator.TemplateSection{Title: "Orders", Items: items})
	return t
}

// Brief is what the nation due reads first in its orders template (issue
// 13: the random event is rolled when the turn becomes due and shown in the
// "your turn" mail): its event, its civilization tokens and unused units,
// its race, the default reroll policy, and in its first turn the sea it
// waits in (5.1, 6.1, 9.1).
func Brief(e *adjudicator.Engine, s *adjudicator.State, n adjudicator.NationID) []string {
	x := X(s)
	var out []string
	if ev := x.Event[n]; ev != "" {
		out = append(out, fmt.Sprintf("Random event this turn (Hy Breasil 6.1): %s.", ev))
	}
	line := fmt.Sprintf("The %s nation has %s and %s", e.NationName(n), plural(x.Civ[n], "civilization token"), plural(Pool(e, s, n), "unused unit"))
	if x.Race[n] != "" {
		line += "; its race is " + x.Race[n] + " (9.1)"
	}
	out = append(out, line+".")
	if x.Entered[n] == s.Round && x.Home[n] != games.NoArea {
		out = append(out, fmt.Sprintf("It waits in %s; write \"land SEA\" to enter in another sea that is not inland (5.1, 5.2).", e.G.Board.AreaName(x.Home[n])))
	} else {
		d := D(e).Reroll
		out = append(out, fmt.Sprintf("Unless you write a reroll line, a %s is rerolled for a civilization token while the nation has fewer than %d (\"reroll never\" to keep any event).",
			strings.Join(d.Events, " or "), d.WhileCivBelow))
	}
	return append(out, abilityBrief(e, s, n)...)
}

// abilityBrief is what the nation's abilities let its orders do (9.3.1):
// the nations whose standing permits let it through (Diplomacy), the city
// line (City building), the two seas crossed as one (Navigation); and,
// with option abilities, the choice a Civilization event asks for.
func abilityBrief(e *adjudicator.Engine, s *adjudicator.State, n adjudicator.NationID) []string {
	x := X(s)
	var out []string
	if has(s, n, Navigation) {
		out = append(out, "Navigation (9.3.1): a move may cross two adjacent seas as one step.")
	}
	if has(s, n, Diplomacy) {
		out = append(out, "Diplomacy (9.3.1): the nations whose standing orders say \"permit "+e.NationName(n)+"\" let you through their areas this turn; you may not attack them.")
	}
	if has(s, n, CityBuilding) {
		out = append(out, "City building (9.3.1): \"city AREA\" exchanges 3 armies there for a city before the support phase (keep at least one more army there).")
	}
	if x.Event[n] == Civilization && e.G.HasOption("abilities") {
		names := strings.Replace(strings.Join(abilitiesOf(e), ", "), Capital, Capital+" AREA", 1)
		out = append(out, "Civilization gives an ability: write \"ability NAME\" ("+names+"), or the first you lack is taken (9.3).")
	}
	return out
}

// Examples are the example lines of the Orders section of the orders
// template (docs/orders.md "Decisions of a Hy Breasil nation
// turn") on the nation's position: in its first turn "land SEA" before anything else
// (Hy Breasil 5.1, 5.2); a move and, where it attacks, the attacker's
// retreat (6.3.2) and what to do if the area is taken or lost (6.3.3); the
// reroll policy (6.1); with option abilities "ability" and "city" (9.3,
// 9.3.1); with option submission "submit" (9.2). None is live.
func Examples(e *adjudicator.Engine, s *adjudicator.State, n adjudicator.NationID) []adjudicator.TemplateItem {
	b := e.G.Board
	var out []adjudicator.TemplateItem
	from, k := biggestStack(e, s, n)
	if from == games.NoArea {
		return nil
	}
	if sea := otherSea(e.G.Board, from); sea != games.NoArea && !b.IsLand(from) {
		out = append(out, adjudicator.TemplateItem{Note: "Land in another sea: this line comes before anything else, and your moves then start from that sea.", Order: "land " + b.AreaName(sea)})
	}
	to, next := exampleTarget(e.G.Board, s, n, from)
	if to != games.NoArea {
		n := max(1, k-1)
		if !b.IsLand(from) {
			n = k
		}
		mv := "move " + strconv.Itoa(n) + " " + b.AreaName(from) + " > " + b.AreaName(to)
		out = append(out, adjudicator.TemplateItem{Note: "Moves, in the order written; a move into another nation's area is an attack.", Order: mv})
		if s.Foreign(to, n) > 0 {
			out = append(out, attackExamples(e.G.Board, from, to, next)...)
		}
	}
	out = append(out, adjudicator.TemplateItem{Note: "Reroll these random events for a civilization token while the nation has fewer than 2 (6.1):", Order: "reroll plague, civil war while civ < 2"})
	if e.G.HasOption("abilities") {
		out = append(out, adjudicator.TemplateItem{Note: "If Civilization gives an ability (9.3):", Order: "ability navigation"})
		if b.IsLand(from) {
			out = append(out, adjudicator.TemplateItem{Note: "With City building, a city for 3 armies (9.3.1):", Order: "city " + b.AreaName(from)})
		}
	}
	if e.G.HasOption("submission") {
		out = append(out, adjudicator.TemplateItem{Note: "Submit when attacked (9.2); usually sent as standing orders:", Order: "submit"})
	}
	return out
}

// attackExamples are the example lines of an attack from from on to: the
// attacker's retreat (Hy Breasil 6.3.2) and what to do once the battle is
// won ("if AREA taken:", on to next) or lost (attack again from from),
// 6.3.3.
func attackExamples(b *games.Board, from, to, next games.AreaID) []adjudicator.TemplateItem {
	out := []adjudicator.TemplateItem{{Order: "attack " + b.AreaName(to) + ": retreat when mine <= 1"}}
	if next != games.NoArea {
		out = append(out, adjudicator.TemplateItem{Note: "What to do once the battle is won or lost (6.3.3):", Order: "if " + b.AreaName(to) + " taken:"},
			adjudicator.TemplateItem{Order: "  move 1 " + b.AreaName(to) + " > " + b.AreaName(next)})
	}
	if b.IsLand(from) {
		out = append(out, adjudicator.TemplateItem{Order: "if " + b.AreaName(to) + " lost:"},
			adjudicator.TemplateItem{Order: "  move 1 " + b.AreaName(from) + " > " + b.AreaName(to)})
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
