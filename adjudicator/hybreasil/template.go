package hybreasil

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/pbem-org/pbem/adjudicator"
	"github.com/pbem-org/pbem/games"
	"github.com/pbem-org/pbem/orders"
)

// Template is Hy Breasil's orders template (adjudicator.Orders.Template):
// first "This turn", what the nation should know before it writes its
// orders (Brief); then the limits that bind at the end of the turn with
// their numbers (6.3, 6.4); every stack, at sea or on land, with where it
// can go; a suggested turn (newHBPlan) whose lines, commented out, the
// engine's check accepts taken together and which loses no unit to those
// limits; a Strong leader's second phase (6.1); the attack; and the
// nation's other Decisions (examples). Whatever the player leaves out
// takes its default, which each section gives.
func Template(e *adjudicator.Engine, s *adjudicator.State, n adjudicator.NationID) adjudicator.Template {
	p := newHBPlan(e, s, n)
	var t adjudicator.Template
	t.Decide = p.decide()
	t.Unavoidable = p.doomed
	var brief adjudicator.TemplateSection
	brief.Title = "This turn"
	for _, l := range Brief(e, s, n) {
		brief.Items = append(brief.Items, adjudicator.TemplateItem{Note: l})
	}
	if len(brief.Items) > 0 {
		t.Sections = append(t.Sections, brief)
	}
	t.Sections = append(t.Sections, p.limitsSection(), p.movementSection(), p.battleSection())
	if p.strong {
		t.Sections = append(t.Sections, p.secondSection())
	}
	t.Sections = append(t.Sections, adjudicator.TemplateSection{Title: "Other decisions", Items: p.examples()})
	return t
}

// decide lists what the player decides this turn, each with the default
// that applies if the file is silent (docs/orders.md, "Decisions of a Hy
// Breasil nation turn").
func (p *hbPlan) decide() []string {
	x := X(p.s)
	var out []string
	if x.Entered[p.n] == p.s.Round && x.Home[p.n] != games.NoArea {
		out = append(out, fmt.Sprintf("Where to enter: the nation waits in %s; \"land SEA\" enters from another outer sea instead (5.1, 5.2).", p.b.AreaName(x.Home[p.n])))
	}
	if p.gain > 0 {
		out = append(out, fmt.Sprintf("Place %s, one an area you hold (6.2); the template's place lines put them where they can spread, and without them they go where you border other nations most.", p.gainWords()))
	}
	if u := p.atSea(); u > 0 {
		out = append(out, fmt.Sprintf("Land your %s at sea this phase: units left at sea at the end of a movement and combat phase are lost (6.3).", plural(u, "unit")))
	}
	if p.reinf > 0 {
		out = append(out, "Land the reinforcements if they come (a die's worth, 6.1): the template's lines land them two to an area; a line with nothing left to land is skipped.")
	}
	areas, units, _ := p.end()
	out = append(out, fmt.Sprintf("Keep at most twice as many units as areas, every area connected, at the end of the turn: the support limit (Hy Breasil 6.4); the suggested turn ends with %s in %s.",
		plural(units, "unit"), plural(areas, "area")))
	if p.strong {
		out = append(out, "Strong leader: a second movement and combat phase (6.1); write it under \"phase 2:\". Without a phase 2 block nothing moves in it.")
	}
	if p.weak {
		out = append(out, "Weak leader: the nation may not attack this turn (6.1).")
	} else {
		out = append(out, "Attack or not; by default the attacker fights on until one side is gone (6.3.2).")
	}
	if x.Event[p.n] == Civilization && p.e.G.HasOption("abilities") {
		out = append(out, "Choose the ability Civilization gives (9.3); by default the first you lack.")
	}
	return out
}

// attacks reports whether the suggested turn attacks another nation.
func (p *hbPlan) attacks() bool {
	if p.attack != nil {
		return true
	}
	for _, f := range p.fought {
		if f {
			return true
		}
	}
	return false
}

// gainWords are the new units of the population increase (6.2): "2 new
// units", or "up to 2 new units (...)" where the reinforcements may take
// the unused tokens first (6.1).
func (p *hbPlan) gainWords() string {
	if p.gainSure >= p.gain {
		return plural(p.gain, "new unit")
	}
	return fmt.Sprintf("up to %s (%d if the reinforcements take the unused tokens first; a place line with no unit left is skipped)", plural(p.gain, "new unit"), max(p.gainSure, 0))
}

// cutOffLost are the units the plan leaves in the areas cut off
// (hbPlan.cutOff).
func (p *hbPlan) cutOffLost() int {
	k := 0
	for _, a := range p.cutOff {
		k += p.units[a] - p.extra[a]
	}
	return k
}

// areaList are the names of areas.
func areaList(b *games.Board, areas []games.AreaID) []string {
	var out []string
	for _, a := range areas {
		out = append(out, b.AreaName(a))
	}
	return out
}

// atSea is how many of the nation's units are at sea at the start of the
// turn.
func (p *hbPlan) atSea() int {
	k := 0
	for a := p.b.NumLand; a < len(p.b.Areas); a++ {
		k += p.s.Units(games.AreaID(a), p.n)
	}
	return k
}

// limitsSection says what the end of the turn asks, with the numbers of
// the suggested turn: nothing at sea (6.3), every area connected and at
// most twice as many units as areas (6.4; two and a half with Taxation).
func (p *hbPlan) limitsSection() adjudicator.TemplateSection {
	areas, units, connected := p.end()
	now := len(landAreas(p.s, p.b, p.n))
	ratio := "twice"
	if has(p.s, p.n, Taxation) {
		ratio = "two and a half times (Taxation)"
	}
	support := fmt.Sprintf("Support (Hy Breasil 6.4): at the end of your turn you may keep at most %s as many units as land areas you hold (%s now: %d units); every unit beyond that is removed, from your largest stacks. ",
		ratio, plural(now, "area"), Supported(p.e, p.s, p.n, now))
	support += fmt.Sprintf("You have %s on the board", plural(p.s.OnBoard(p.n), "unit"))
	if p.gain > 0 {
		support += fmt.Sprintf(" and gain %s this turn (6.2)", p.gainWords())
	}
	support += fmt.Sprintf(". The suggested turn ends with %s in %s, where %d may stay", plural(units, "unit"), plural(areas, "area"), Supported(p.e, p.s, p.n, areas))
	if p.attacks() {
		support += ", if its attacks win; units that fall in battle are not removed again"
	}
	support += "."
	if over := p.doomed - p.cutOffLost(); over > 0 {
		why := "no empty land is in reach and no neighbour can be attacked"
		if p.weak {
			why = "no empty land is in reach and a weak leader may not attack (6.1)"
		}
		support += fmt.Sprintf(" Whatever you write, %s will be lost at the end of this turn: %s.", plural(over, "unit"), why)
	}
	connect := "Connection (6.4): every area you hold must be reachable from the others by a move of at most two steps through land or sea that is not yours; a part cut off is lost (two areas or more become a new nation). "
	switch {
	case connected:
		connect += "The suggested turn keeps your areas connected."
	case len(p.cutOff) > 0:
		connect += fmt.Sprintf("%s, with %s, cannot be joined to your other areas by a move: unless a battle this turn joins them, they are lost at the end of the turn.",
			strings.Join(areaList(p.b, p.cutOff), ", "), plural(p.cutOffLost(), "unit"))
	}
	return adjudicator.TemplateSection{Title: "Limits this turn (Hy Breasil 6.3, 6.4)", Items: []adjudicator.TemplateItem{
		{Note: support}, {Note: connect},
		{Note: "At sea (6.3): no unit may end a movement and combat phase at sea; units still at sea then are lost."},
	}}
}

// movementSection is how moves are written (6.3), the place lines of the
// population increase (6.2), and each stack with where it can go and the
// suggested moves from it.
func (p *hbPlan) movementSection() adjudicator.TemplateSection {
	s := adjudicator.TemplateSection{Title: "Movement (Hy Breasil 6.3)"}
	s.Items = append(s.Items, adjudicator.TemplateItem{Note: "move N FROM > TO > TO, in the order written: a unit takes any number of steps between two areas you hold, and at most two others (into empty land, or through a sea); it stops in land another nation holds, which is an attack, and it ends on land. Each unit moves once a phase. " +
		"Each of your stacks is listed below with where it can go, the terrain and who is there, and the suggested moves from it, commented out: uncomment the lines you want. A stack with no line stays where it is."})
	if p.landSea != games.NoArea {
		home := X(p.s).Home[p.n]
		s.Items = append(s.Items, adjudicator.TemplateItem{Note: fmt.Sprintf("Where to enter (5.1, 5.2): the suggested turn enters from %s, which has more empty land near it than %s, where you wait; this line comes first, before any move:",
			p.b.AreaName(p.landSea), p.b.AreaName(home)), Order: Land{Sea: p.landSea}.Encode(p.e.G)})
	}
	if len(p.places) > 0 {
		s.Items = append(s.Items, adjudicator.TemplateItem{Note: fmt.Sprintf("New units (6.2): %s, one an area you hold. The place lines put them where they can spread:", p.gainWords())})
		for _, a := range p.places {
			s.Items = append(s.Items, adjudicator.TemplateItem{Order: "place " + p.b.AreaName(a)})
		}
	}
	for _, a := range p.stackOrder() {
		id := games.AreaID(a)
		k := p.startUnits(id)
		if k == 0 && !(p.reinf > 0 && id == X(p.s).Home[p.n]) {
			continue
		}
		s.Items = append(s.Items, adjudicator.TemplateItem{Note: p.stackNote(id, k)})
		for _, st := range p.first {
			if mv := st.(orders.Move); mv.Path[0] == id {
				s.Items = append(s.Items, adjudicator.TemplateItem{Order: orders.EncodeStatement(mv, p.e.G)})
			}
		}
	}
	return s
}

// stackOrder is the order the stacks are listed in, which is the order of
// the suggested lines: the seas first, whose units land before anything
// moves on land, then the land areas, each in board order.
func (p *hbPlan) stackOrder() []int {
	var out []int
	for a := p.b.NumLand; a < len(p.b.Areas); a++ {
		out = append(out, a)
	}
	for a := 0; a < p.b.NumLand; a++ {
		out = append(out, a)
	}
	return out
}

// startUnits are the nation's units in area a when its moves start: in a
// first turn entering from another sea, those of the sea it waited in are
// in that sea (5.1, 5.2).
func (p *hbPlan) startUnits(a games.AreaID) int {
	home := X(p.s).Home[p.n]
	switch {
	case p.landSea == games.NoArea:
		return p.s.Units(a, p.n)
	case a == home:
		return 0
	case a == p.landSea:
		return p.s.Units(a, p.n) + p.s.Units(home, p.n)
	}
	return p.s.Units(a, p.n)
}

// stackNote describes a stack of k units in area a: at sea, its coasts;
// on land, its neighbours; each with its terrain and who is there.
func (p *hbPlan) stackNote(a games.AreaID, k int) string {
	var next []string
	for _, e := range p.b.Edges(a) {
		if p.b.IsLand(e.To) {
			name := p.b.AreaName(e.To)
			if e.Kind == games.StraitLink {
				name += "~"
			}
			next = append(next, name+" ("+p.place(e.To)+")")
		}
	}
	sort.Strings(next)
	if p.b.IsLand(a) {
		return fmt.Sprintf("%s (%s), %s: next to %s.", p.b.AreaName(a), p.terrain(a), plural(k, "unit"), strings.Join(next, ", "))
	}
	note := fmt.Sprintf("%s (sea), %s: its coasts are %s. %s", p.b.AreaName(a), plural(k, "unit"), strings.Join(next, ", "), p.landingNote(a))
	if k == 0 {
		note = fmt.Sprintf("%s (sea), where reinforcements arrive (6.1): its coasts are %s.", p.b.AreaName(a), strings.Join(next, ", "))
	}
	if p.reinf > 0 && a == X(p.s).Home[p.n] {
		note += fmt.Sprintf(" If reinforcements come, up to %s more here: the lines below land them too, two to an area, and a line with nothing left to land is skipped.", plural(p.reinf, "unit"))
	}
	return note
}

// landingNote says how the suggested lines land the units of sea: two to
// an empty area where there is one, so that the support limit holds
// (6.4), else against the coasts other nations hold, so that no unit is
// left at sea (6.3).
func (p *hbPlan) landingNote(sea games.AreaID) string {
	attacks := false
	for _, st := range p.first {
		if mv := st.(orders.Move); mv.Path[0] == sea && p.fought[mv.Path[len(mv.Path)-1]] {
			attacks = true
		}
	}
	if attacks {
		return "Too little empty land is near to land them all two to an area, so the lines below attack the coasts other nations hold, each with one unit more than defends it: a unit left at sea is lost (6.3), and a unit that wins an area is supported by it (6.4)."
	}
	return "The lines below land them two to an area, so that the support limit holds (6.4)."
}

// place is an area's terrain and who is there: "hills, empty", "plains,
// Moon 3", "forest, yours 2".
func (p *hbPlan) place(a games.AreaID) string {
	var who []string
	for _, m := range p.s.Occupants(a) {
		name := p.e.NationName(m)
		if m == p.n {
			name = "yours"
		}
		who = append(who, name+" "+strconv.Itoa(p.s.Units(a, m)))
	}
	if len(who) == 0 {
		who = []string{"empty"}
	}
	return p.terrain(a) + ", " + strings.Join(who, ", ")
}

// terrain is a land area's terrain kind: plains, forest, hills.
func (p *hbPlan) terrain(a games.AreaID) string {
	if t := p.b.Terrain(a); t != nil {
		return t.Name
	}
	return "land"
}

// secondSection is a Strong leader's second movement and combat phase
// (6.1): what it is, its default, and the suggested "phase 2:" block.
func (p *hbPlan) secondSection() adjudicator.TemplateSection {
	s := adjudicator.TemplateSection{Title: "Second phase: Strong leader (Hy Breasil 6.1)"}
	note := "Strong leader gives a second movement and combat phase: write its moves indented under \"phase 2:\"; every unit may move again. Without a phase 2 block nothing moves in it."
	if len(p.second) == 0 {
		s.Items = append(s.Items, adjudicator.TemplateItem{Note: note + " The suggested turn has no second move: no stack it leaves borders empty land."})
		return s
	}
	s.Items = append(s.Items, adjudicator.TemplateItem{Note: note + " The suggested second phase spreads again into empty land:", Order: "phase 2:"})
	for _, mv := range p.second {
		s.Items = append(s.Items, adjudicator.TemplateItem{Order: "  " + orders.EncodeStatement(mv, p.e.G)})
	}
	return s
}

// battleSection is how attacks are fought and fallen back from (6.3.1,
// 6.3.2, 6.3.3), and the suggested attack.
func (p *hbPlan) battleSection() adjudicator.TemplateSection {
	s := adjudicator.TemplateSection{Title: "Battles (Hy Breasil 6.3.1, 6.3.2, 6.3.3)"}
	s.Items = append(s.Items, adjudicator.TemplateItem{Note: "Moves into the same area before any move elsewhere make one attack, fought before the next move to another area. Each unit rolls a die and hits on 4 or more (the attacker on 5 or more in forest and hills); a hit wounds, a second kills. " +
		"By default both sides fight on until one is gone; \"attack AREA: retreat to FROM when mine <= 1\" falls back. \"if AREA taken:\" and \"if AREA lost:\" blocks say what to do once the battle is over. Defenders fall back by their standing orders (defend lines)."})
	switch {
	case p.weak:
		s.Items = append(s.Items, adjudicator.TemplateItem{Note: "Weak leader: the nation may not attack this turn (6.1)."})
		return s
	case p.attack == nil:
		s.Items = append(s.Items, adjudicator.TemplateItem{Note: "The suggested turn makes no attack: no stack of yours borders a weaker neighbour with units to spare."})
		return s
	}
	lines := p.attackLines()
	s.Items = append(s.Items, adjudicator.TemplateItem{Note: "The suggested attack, on a neighbour with fewer units:", Order: orders.EncodeStatement(lines[0], p.e.G)},
		adjudicator.TemplateItem{Order: orders.EncodeStatement(lines[1], p.e.G)})
	return s
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

// examples are the nation's other Decisions in the orders template
// (docs/orders.md "Decisions of a Hy Breasil nation turn"): in its first
// turn where it enters (5.1, 5.2: "land SEA", in words, since the
// suggested moves start from the sea it waits in); the reroll policy
// (6.1); with option abilities the ability Civilization gives and a city
// (9.3, 9.3.1); with option submission "submit" (9.2). Each line is the
// default or changes nothing the suggested turn needs: a city stands where
// the suggested turn leaves four units or more.
func (p *hbPlan) examples() []adjudicator.TemplateItem {
	e, s, n := p.e, p.s, p.n
	b, x := e.G.Board, X(s)
	var out []adjudicator.TemplateItem
	if home := x.Home[n]; x.Entered[n] == s.Round && home != games.NoArea && !b.IsLand(home) && p.landSea == games.NoArea {
		if sea := otherSea(b, home); sea != games.NoArea {
			out = append(out, adjudicator.TemplateItem{Note: "Where to enter (5.1, 5.2): you wait in " + b.AreaName(home) + ". \"land " + b.AreaName(sea) +
				"\" (or any other outer sea), as the first line of the file, enters from there instead; your moves then start from that sea, so write them anew. By default you stay."})
		}
	}
	d := D(e).Reroll
	out = append(out, adjudicator.TemplateItem{Note: fmt.Sprintf("Reroll these random events for a civilization token while the nation has fewer than %d (6.1); this is the default, and \"reroll never\" keeps any event:", d.WhileCivBelow),
		Order: fmt.Sprintf("reroll %s while civ < %d", strings.Join(d.Events, ", "), d.WhileCivBelow)})
	if e.G.HasOption("abilities") {
		if a := firstLacking(e, s, n); x.Event[n] == Civilization && a != "" && a != Capital {
			out = append(out, adjudicator.TemplateItem{Note: "The ability Civilization gives (9.3); by default the first you lack:", Order: "ability " + a})
		}
		if c := p.citySite(); has(s, n, CityBuilding) && c != games.NoArea {
			out = append(out, adjudicator.TemplateItem{Note: "City building (9.3.1): a city for 3 armies, where at least one more stays:", Order: "city " + b.AreaName(c)})
		}
	}
	if e.G.HasOption("submission") {
		out = append(out, adjudicator.TemplateItem{Note: "Submit when attacked (9.2); usually sent as standing orders. By default you never submit.", Order: "submit"})
	}
	return out
}

// citySite is where a city may stand after the suggested turn (9.3.1):
// the first land area without a city where it leaves cityCost units and
// one more, and none moved in; NoArea for none.
func (p *hbPlan) citySite() games.AreaID {
	for a := 0; a < p.b.NumLand; a++ {
		if p.units[a] >= cityCost+1 && !p.claimed[a] && X(p.s).City[a] < 0 {
			return games.AreaID(a)
		}
	}
	return games.NoArea
}

// firstLacking is the first ability of the tables' order that nation n
// lacks (9.3: the default choice); "" when it has them all.
func firstLacking(e *adjudicator.Engine, s *adjudicator.State, n adjudicator.NationID) string {
	for _, a := range abilitiesOf(e) {
		if !has(s, n, a) {
			return a
		}
	}
	return ""
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
