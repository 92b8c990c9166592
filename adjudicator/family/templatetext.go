package family

import (
	"sort"
	"strconv"
	"strings"

	"github.com/pbem-org/pbem/adjudicator"
	"github.com/pbem-org/pbem/games"
	"github.com/pbem-org/pbem/orders"
)

// The words of the Britannia family's orders template (Template): what
// the player decides, and the sections of reduX Core 5.1, 5.2, 6 and 7.

type (
	section = adjudicator.TemplateSection
	item    = adjudicator.TemplateItem
)

// decisions lists, one sentence each, what the player must decide.
func (p *plan) decisions() []string {
	var out []string
	if p.gain > 0 {
		d := "Place " + count(p.gain, "new army", "new armies") + " in areas the " + p.nation + " hold" + p.section("5.1.1")
		if len(p.places) > 0 {
			d += "; by default: " + listWords(areaNames(p.places))
		}
		out = append(out, d+".")
	}
	if p.remove > 0 {
		d := "Remove " + count(p.remove, "army", "armies") + ": the " + p.nation + " are over their population limit" + p.section("5.1")
		if len(p.removes) > 0 {
			d += "; by default from " + listWords(areaNames(p.removes))
		}
		out = append(out, d+".")
	}
	for _, ev := range p.reinf {
		out = append(out, "Place "+count(ev.N, "reinforcement", "reinforcements")+" together in an area you hold or a vacant scoring centre"+p.section("5.2.2")+"; by default: "+ev.Area+".")
	}
	for _, ev := range p.invaders {
		if p.mayStay(ev) {
			out = append(out, "Land the "+count(ev.N, "invader", "invaders")+" arriving in the "+ev.Area+", or leave them at sea.")
			continue
		}
		d := "Land the " + count(ev.N, "invader", "invaders") + " arriving in the " + ev.Area + ": they must land this turn" + p.section("6.1")
		if p.split {
			d += ", and not all in one area: that would be refused"
			if p.why != "" {
				d += " (" + p.why + ")"
			}
		}
		out = append(out, d+".")
	}
	if p.expand != games.NoArea {
		out = append(out, "The "+p.nation+" are over their population limit: they must move into an empty area or attack"+p.section("6")+".")
	}
	if len(p.refused) > 0 {
		out = append(out, "Edit the moves in the template: as it stands it would be refused ("+p.refused.Error()+").")
	}
	if p.expand == games.NoArea {
		out = append(out, "Move any of your armies up to two areas"+p.section("6")+", or none.")
	}
	out = append(out, "Choose the order of battles, who dies first and when to fall back, or leave the defaults"+p.section("7")+".")
	return out
}

// sections are the template's sections: new armies, reinforcements,
// movement, battles and retreats.
func (p *plan) sections() []section {
	var out []section
	for _, s := range []section{p.newArmies(), p.reinforcements()} {
		if len(s.Items) > 0 {
			out = append(out, s)
		}
	}
	mv, battles := p.movement()
	return append(out, mv, p.battles(battles))
}

// newArmies is the section of the population increase (reduX Core 5.1,
// 5.1.1): the new armies to place or the armies to remove, with the
// defaults' lines, and the shortages.
func (p *plan) newArmies() section {
	b := p.b
	s1 := section{Title: "New armies" + p.section("5.1")}
	if p.pop != nil {
		s1.Items = append(s1.Items, item{Note: p.e.Text(*p.pop) + "."})
	}
	var held []string
	for _, a := range p.s.Held(b, p.n) {
		name := b.AreaName(a)
		for _, c := range p.g.Tables.Nations[p.n].CentreIDs {
			if c == a {
				name += "*"
			}
		}
		held = append(held, name)
	}
	if p.gain > 0 {
		s1.Items = append(s1.Items, item{Note: "Place " + count(p.gain, "new army", "new armies") + " in areas you hold: " +
			strings.Join(held, ", ") + " (* scoring centre). One army an area while another held area has room, within the stacking limit. The defaults are below; uncomment and change them to choose."})
		for _, ev := range p.places {
			s1.Items = append(s1.Items, item{Order: "place " + areaCount(ev)})
		}
	}
	if p.remove > 0 {
		s1.Items = append(s1.Items, item{Note: "Remove " + count(p.remove, "army", "armies") + " (never the last army in an area). The defaults are below; uncomment and change them to choose."})
		for _, ev := range p.removes {
			s1.Items = append(s1.Items, item{Order: "remove " + areaCount(ev)})
		}
	}
	for _, ev := range p.notes {
		s1.Items = append(s1.Items, item{Note: p.e.Text(ev) + "."})
	}
	return s1
}

// areaCount is an event's area and, above 1, its count: "Kent 2".
func areaCount(ev Event) string {
	if ev.N > 1 {
		return ev.Area + " " + strconv.Itoa(ev.N)
	}
	return ev.Area
}

// reinforcements is the section of reinforcements (reduX Core 5.2): those
// placed on land, with the default's line, and the invaders at sea.
func (p *plan) reinforcements() section {
	s2 := section{Title: "Reinforcements" + p.section("5.2")}
	for _, ev := range p.reinf {
		s2.Items = append(s2.Items, item{Note: p.e.Text(ev) + ". They go together to an area you hold or a vacant scoring centre; by default where they are now:"},
			item{Order: "reinforce " + ev.Area})
	}
	for _, ev := range p.invaders {
		must := " They must land this turn: see Movement."
		if p.mayStay(ev) {
			must = " They may land this turn or stay at sea: see Movement."
		}
		s2.Items = append(s2.Items, item{Note: p.e.Text(ev) + "." + must})
	}
	return s2
}

// battleSites are where the template's example moves would fight, and
// from where they would come.
type battleSites struct{ at, from []string }

// add records a battle in a, entered from from, once; none where a holds
// no other nation's armies.
func (bs *battleSites) add(p *plan, a, from games.AreaID) {
	if a == games.NoArea || p.foreign(a) == 0 {
		return
	}
	name := p.b.AreaName(a)
	for _, x := range bs.at {
		if x == name {
			return
		}
	}
	bs.at = append(bs.at, name)
	bs.from = append(bs.from, p.b.AreaName(from))
}

// movement is the section of movement (reduX Core 6): how moves are
// written, each sea holding armies that must land with its live lines
// (6.1), and each land stack with its neighbours and an example move. It
// returns where the moves would fight.
func (p *plan) movement() (section, battleSites) {
	var bs battleSites
	s3 := section{Title: "Movement" + p.section("6")}
	s3.Items = append(s3.Items, item{Note: "move N FROM > TO > TO: armies move up to two areas and only once a turn; a strait (~) takes the whole move; passing through another nation's area is an overrun (6.3). At the end you must hold at least as many areas as at the start and keep the stacking limit (6.4). Each area below lists its neighbours with their armies."})
	if len(p.refused) > 0 {
		s3.Items = append(s3.Items, item{Note: "As it stands this file would be refused (" + p.refused.Error() + "). Edit the moves before you send it."})
	}
	s3.Items = append(s3.Items, p.atSeaItems(&bs)...)
	s3.Items = append(s3.Items, p.landItems(&bs)...)
	return s3, bs
}

// atSeaItems are the items of the seas holding the nation's armies, which
// must land this turn (reduX Core 6.1): the coasts, and the live lines
// that land them.
func (p *plan) atSeaItems(bs *battleSites) []item {
	b := p.b
	var out []item
	for a := b.NumLand; a < len(b.Areas); a++ {
		k := p.p1.Units(games.AreaID(a), p.n)
		if k == 0 {
			continue
		}
		sea := games.AreaID(a)
		coasts, _ := p.coasts(sea)
		var cs []string
		for _, c := range coasts {
			cs = append(cs, b.AreaName(c)+" ("+p.occupants(c)+")")
		}
		sort.Strings(cs)
		if p.stays[sea] {
			out = append(out, p.mayStayItems(sea, k, coasts, cs, bs)...)
			continue
		}
		note := count(k, "army", "armies") + " at sea in the " + b.AreaName(sea) + " MUST land this turn" + p.section("6.1") + "; landing counts as one area. Coasts: " + strings.Join(cs, ", ") + "."
		if p.split {
			note += " The lines below are not commented out. Landing them all in " + b.AreaName(p.landings[sea]) + ", the default, would be refused"
			if p.why != "" {
				note += " (" + p.why + ")"
			}
			note += ", so they are spread to make this file legal as it stands. Change them as you like."
		} else {
			note += " The line below is not commented out: it is also what happens if you send no move for them. Change the area, or split them over several lines."
		}
		out = append(out, item{Note: note})
		for _, mv := range p.live {
			if p.home(mv.Path[0]) == sea {
				out = append(out, item{Order: moveLine(b, mv), Live: true})
				bs.add(p, mv.Path[len(mv.Path)-1], mv.Path[0])
			}
		}
	}
	return out
}

// mayStay reports whether the invaders of an arrival event may stay at sea
// (their sea is one of plan.stays).
func (p *plan) mayStay(ev Event) bool {
	sea, err := p.b.Lookup(ev.Area)
	return err == nil && p.stays[p.home(sea)]
}

// mayStayItems are the items of a sea whose armies may land or stay at
// sea, staying if no order moves them (MoveRules.StayAtSea): the coasts
// and a landing on the first, commented out.
func (p *plan) mayStayItems(sea games.AreaID, k int, coasts []games.AreaID, cs []string, bs *battleSites) []item {
	b := p.b
	out := []item{{Note: count(k, "army", "armies") + " at sea in the " + b.AreaName(sea) + " may land this turn, or stay at sea if no move takes them; landing counts as one area. Coasts: " + strings.Join(cs, ", ") + "."}}
	if len(coasts) > 0 {
		_, from := p.coasts(sea)
		out = append(out, item{Order: moveLine(b, orders.Move{N: k, Path: []games.AreaID{from[coasts[0]], coasts[0]}})})
		bs.add(p, coasts[0], from[coasts[0]])
	}
	return out
}

// landItems are the items of the nation's land stacks: each with its
// neighbours and its example move, live where the nation must expand
// (reduX Core 6).
func (p *plan) landItems(bs *battleSites) []item {
	b := p.b
	var out []item
	for a := 0; a < b.NumLand; a++ {
		k := p.p1.Units(games.AreaID(a), p.n)
		if k == 0 {
			continue
		}
		id := games.AreaID(a)
		nb, _ := p.neighbours(id)
		name := b.AreaName(id)
		if b.Difficult(id) {
			name += " (difficult)"
		}
		it := item{Note: name + ", " + count(k, "army", "armies") + ": " + nb + "."}
		if mv, ok := p.examples[id]; ok {
			it.Order = moveLine(b, mv)
			bs.add(p, mv.Path[len(mv.Path)-1], id)
			if id == p.expand {
				it.Live = true
				it.Note += " The move below is not commented out: the " + p.nation + " are over their population limit and must move into an empty area or attack" + p.section("6") + ". Change it as you like."
			}
		}
		out = append(out, it)
	}
	return out
}

// battles is the section of battles and retreats (reduX Core 7): the
// defaults, and example battle lines where the moves would fight.
func (p *plan) battles(bs battleSites) section {
	s4 := section{Title: "Battles and retreats" + p.section("7")}
	s4.Items = append(s4.Items, item{Note: "A battle is fought wherever your armies end their move with another nation's. By default battles are fought in the order your moves first enter them, your armies fight on until one side is gone, and those that cannot retreat (from the sea) die first. Conditions use mine, theirs and round (the order syntax, Conditions)."})
	ex, from := "AREA", "FROM"
	if len(bs.at) > 0 {
		ex, from = bs.at[0], bs.from[0]
	}
	if len(bs.at) > 1 {
		s4.Items = append(s4.Items, item{Order: "battles " + strings.Join(bs.at, ", ")})
	} else {
		s4.Items = append(s4.Items, item{Order: "battles " + ex + ", AREA"})
	}
	s4.Items = append(s4.Items,
		item{Order: "casualties " + ex + ": " + from},
		item{Order: "attack " + ex + ": retreat when mine <= 1 or theirs >= 2*mine"},
		item{Note: "Defend lines in this file cover your own areas for the rest of the round; they are usually sent as standing orders.",
			Order: "defend *: retreat when mine = 1 and theirs >= 3"})
	return s4
}
