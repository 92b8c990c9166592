package family

import (
	"sort"
	"strconv"
	"strings"

	"github.com/pbem-org/pbem/adjudicator"
	"github.com/pbem-org/pbem/games"
)

// The words of the Britannia family's orders template (Template): what
// the player decides, and the sections of reduX Core 5.1, 5.2, the limits
// of 4.2 and 6.4, 6 and 7, a Major Invasion's second phase (L&R 11.3) and
// the ruleset's own Decisions (TemplateRules.More).

type (
	section = adjudicator.TemplateSection
	item    = adjudicator.TemplateItem
)

// decisions lists, one sentence each, what the player must decide, with
// the default that applies if the file is silent.
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
			out = append(out, "Land the "+count(ev.N, "invader", "invaders")+" arriving in the "+ev.Area+", or leave them at sea; by default they stay.")
			continue
		}
		d := "Land the " + count(ev.N, "invader", "invaders") + " arriving in the " + ev.Area
		switch {
		case p.Raid:
			d += ": as raiders they may stay at sea" + p.Rule("reduX L&R 11.4")
		case p.Major:
			d += ": they may wait at sea in the first phase but must land by the end of the second" + p.Rule("reduX L&R 11.3")
		default:
			d += ": they must land this turn" + p.section("6.1")
		}
		if p.split {
			d += "; not all in one area: that would be refused"
			if p.why != "" {
				d += " (" + p.why + ")"
			}
		}
		out = append(out, d+"; the template's live lines land them.")
	}
	if p.expand != games.NoArea {
		out = append(out, "The "+p.nation+" are over their population limit: they must move into an empty area or attack"+p.section("6")+".")
	}
	if len(p.refused) > 0 {
		out = append(out, "Edit the moves in the template: as it stands it would be refused ("+p.refused.Error()+").")
	}
	out = append(out, "Move any of your armies, or none"+p.section("6")+": the template lists where each stack can go and suggests a turn that keeps every limit.")
	if p.Major {
		out = append(out, "Major Invasion: all your units move and fight twice"+p.Rule("reduX L&R 11.3")+". Write the second movement under \"phase 2:\"; without it nothing moves in the second phase, and units still at sea then land by default.")
	}
	if p.Raid {
		out = append(out, p.raidDecision())
	}
	out = append(out, "Choose the order of battles, who dies first and when to fall back, or leave the defaults"+p.section("7")+".")
	if p.rules.More != nil {
		more, _ := p.rules.More(&p.Plan)
		out = append(out, more...)
	}
	return out
}

// raidDecision is the Decision of a Raiding turn (L&R 11.4, 11.5).
func (p *plan) raidDecision() string {
	if p.MustReturn {
		return "Raiding turn: every raider (a unit that starts the turn at sea) goes back to sea at the end of the turn, whatever the file says" + p.Rule("reduX L&R 11.4") + "."
	}
	return "Raiding turn: your units that start at sea are raiders; they may stay at sea, and after the battles \"withdraw AREA\" takes those on land back to sea" + p.Rule("reduX L&R 11.5") + ". By default raiders at sea stay at sea and those on land stay on land."
}

// sections are the template's sections: new armies, reinforcements, the
// limits, movement, a Major Invasion's second phase, battles and
// retreats, and the ruleset's own Decisions.
func (p *plan) sections() []section {
	var out []section
	for _, s := range []section{p.newArmies(), p.reinforcements()} {
		if len(s.Items) > 0 {
			out = append(out, s)
		}
	}
	out = append(out, p.limits(), p.movement())
	if p.Major {
		out = append(out, p.secondPhaseSection())
	}
	out = append(out, p.battleSection())
	if p.rules.More != nil {
		if _, items := p.rules.More(&p.Plan); len(items) > 0 {
			out = append(out, section{Title: "Other decisions", Items: items})
		}
	}
	return out
}

// newArmies is the section of the population increase (reduX Core 5.1,
// 5.1.1): the new armies to place or the armies to remove, with the
// defaults' lines, and the shortages.
func (p *plan) newArmies() section {
	b := p.b
	s1 := section{Title: "New armies" + p.section("5.1")}
	if p.pop != nil {
		s1.Items = append(s1.Items, item{Note: p.E.Text(*p.pop) + "."})
	}
	var held []string
	legend := ""
	for _, a := range p.s.Held(b, p.n) {
		name := b.AreaName(a)
		for _, c := range p.g.Tables.Nations[p.n].CentreIDs {
			if c == a {
				name, legend = name+"*", " (* scoring centre)"
			}
		}
		held = append(held, name)
	}
	if p.gain > 0 {
		s1.Items = append(s1.Items, item{Note: "Place " + count(p.gain, "new army", "new armies") + " in areas you hold: " +
			strings.Join(held, ", ") + legend + ". One army an area while another held area has room, within the stacking limit. The defaults are below; uncomment and change them to choose."})
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
		s1.Items = append(s1.Items, item{Note: p.E.Text(ev) + "."})
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
		s2.Items = append(s2.Items, item{Note: p.E.Text(ev) + ". They go together to an area you hold or a vacant scoring centre; by default where they are now:"},
			item{Order: "reinforce " + ev.Area})
	}
	for _, ev := range p.invaders {
		where := " See Movement for where they can land."
		if p.mayStay(ev) {
			where = " They may land this turn or stay at sea: see Movement."
		}
		s2.Items = append(s2.Items, item{Note: p.E.Text(ev) + "." + where})
	}
	return s2
}

// limits is the section of the limits that bind at the end of this turn's
// movement, with their numbers (reduX Core 4.2.1, 4.2.2, 6.4), and the
// ruleset's own (TemplateRules.Limits).
func (p *plan) limits() section {
	st := p.g.Tables.Stacking
	over := "up to " + strconv.Itoa(st.OverstackClear)
	if st.OverstackClear >= games.NoStackLimit {
		over = "of any size"
	}
	stack := "Stacking: at most " + count(st.Clear, "army", "armies") + " of yours in a clear area and " + strconv.Itoa(st.Difficult) +
		" in a difficult one, except one overstack: one area " + over + " if clear, up to " + strconv.Itoa(st.OverstackDifficult) + " if difficult" + p.section("4.2.1") + "."
	if big := p.overstacks(); big != "" {
		stack += " Now over the normal limit: " + big + "."
	}
	s := section{Title: "Limits this turn" + p.section("6.4"), Items: []item{{Note: stack}}}
	r := Of(p.E)
	if !r.NoPopulationLimit {
		s.Items = append(s.Items, item{Note: p.populationNote()})
	}
	if !r.Move.KeepNoAreas {
		held := len(p.p1.Held(p.b, p.n))
		note := "Areas held: you hold " + count(held, "area", "areas") + " when movement starts; you must still hold at least " + strconv.Itoa(held) +
			" when it ends" + p.section("6.4") + ", so a stack that empties an area must take an empty one or win a battle."
		if r.Leaders {
			note += " An area your leader leaves counts as held" + p.Rule("reduX L&R 9.2.1") + "."
		}
		s.Items = append(s.Items, item{Note: note})
	}
	if p.rules.Limits != nil {
		for _, l := range p.rules.Limits(&p.Plan) {
			s.Items = append(s.Items, item{Note: l})
		}
	}
	return s
}

// overstacks are the nation's stacks over the normal limit after Phase 1:
// "Kent 16".
func (p *plan) overstacks() string {
	var out []string
	for a := 0; a < p.b.NumLand; a++ {
		id := games.AreaID(a)
		if c := p.E.Armies(p.p1, id, p.n); c > p.normalLimit(id) {
			out = append(out, p.b.AreaName(id)+" "+strconv.Itoa(c))
		}
	}
	return strings.Join(out, ", ")
}

// populationNote is the population limit with its numbers (reduX Core
// 4.2.2, 6.4; L&R 11.3, 11.4).
func (p *plan) populationNote() string {
	pl := popLimitIn(p.E, p.p1, p.n, nil, false)
	how := "twice the " + count(pl.areas, "area", "areas") + " with your armies"
	sum := "2 × " + strconv.Itoa(pl.areas)
	if pl.clear {
		how += ", plus 1 for holding a clear one"
		sum += " + 1"
	}
	note := "Population limit" + p.section("4.2.2") + ": " + how + ": " + sum + " = " + strconv.Itoa(pl.limit()) +
		"; you have " + count(pl.onLand, "army", "armies") + " on land (armies at sea do not count)."
	switch {
	case p.Major:
		note += " In the first phase of a Major Invasion it does not bind; at the end of the second your excess may be no more than at the start of the first" + p.Rule("reduX L&R 11.3") + "."
	case pl.excess() > 0:
		note += " You are " + strconv.Itoa(pl.excess()) + " over it: move into empty areas or attack" + p.section("6") + "."
	default:
		note += " Stay within it at the end of movement" + p.section("6.4") + ": each area you take adds 2."
	}
	if p.Raid {
		note += " Raiders do not count" + p.Rule("reduX L&R 11.4") + "."
	}
	return note
}

// battleSites are where the suggested moves would fight, and from where
// they would come.
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

// movingNote is how moves are written and how far units go: the ruleset's
// words (TemplateRules.Moving), else reduX Core 6's.
func (p *plan) movingNote() string {
	if p.rules.Moving != nil {
		return p.rules.Moving(&p.Plan)
	}
	return "move N FROM > TO > TO: armies move up to two areas, and only once a turn; a strait (~) takes the whole move" + p.section("6.2") +
		"; armies may pass through another nation's clear area only when they are more than twice its armies there" + p.section("6.3") +
		". Each of your stacks is listed below with its neighbours, their terrain and who is there, and the move the suggested turn makes, commented out: uncomment the lines you want. A stack with no line stays where it is."
}

// movement is the section of movement (reduX Core 6): how moves are
// written, each sea holding armies with its coasts and the live lines
// that land them (6.1), and each land stack with its neighbours and the
// suggested move.
func (p *plan) movement() section {
	s3 := section{Title: "Movement" + p.section("6")}
	s3.Items = append(s3.Items, item{Note: p.movingNote()})
	if len(p.refused) > 0 {
		s3.Items = append(s3.Items, item{Note: "As it stands this file would be refused (" + p.refused.Error() + "). Edit the moves before you send it."})
	}
	s3.Items = append(s3.Items, p.atSeaItems()...)
	s3.Items = append(s3.Items, p.landItems()...)
	return s3
}

// place describes an area for the nation due: its terrain and who is
// there, "difficult, WE 1".
func (p *plan) place(a games.AreaID) string {
	return p.terrain(a) + ", " + p.occupants(a)
}

// terrain is a land area's terrain kind: "clear", "difficult".
func (p *plan) terrain(a games.AreaID) string {
	if t := p.b.Terrain(a); t != nil && t.Name != "" {
		return t.Name
	}
	if p.b.Difficult(a) {
		return "difficult"
	}
	return "clear"
}

// atSeaItems are the items of the seas holding the nation's armies (reduX
// Core 6.1): the coasts with their terrain and who is there, and the live
// lines that land them.
func (p *plan) atSeaItems() []item {
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
			cs = append(cs, b.AreaName(c)+" ("+p.place(c)+")")
		}
		sort.Strings(cs)
		if p.stays[sea] {
			out = append(out, p.mayStayItems(sea, k, cs)...)
			continue
		}
		note := count(k, "army", "armies") + " at sea in the " + b.AreaName(sea)
		switch {
		case p.Raid:
			note += ": raiders, who may stay at sea" + p.Rule("reduX L&R 11.4") + "; landing counts as one area."
		case p.Major:
			note += ": they may stay at sea in the first phase but must land by the end of the second" + p.Rule("reduX L&R 11.3") + "; landing counts as one area."
		default:
			note += " MUST land this turn" + p.section("6.1") + "; landing counts as one area."
		}
		note += " Coasts: " + strings.Join(cs, ", ") + "."
		if p.split {
			note += " The lines below are not commented out. Landing them all in " + b.AreaName(p.landings[sea]) + ", the default, would be refused"
			if p.why != "" {
				note += " (" + p.why + ")"
			}
			note += ", so they are spread to make this file legal as it stands."
		} else {
			note += " The lines below are not commented out: they are also what happens if you send no move for them."
		}
		note += " Change them as you like, within the stacking limit: only one area may take more than the normal limit."
		out = append(out, item{Note: note})
		for _, mv := range p.live {
			if p.home(mv.Path[0]) == sea {
				out = append(out, item{Order: moveLine(b, mv), Live: true})
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
// and the suggested turn's landing, commented out, if it has one.
func (p *plan) mayStayItems(sea games.AreaID, k int, cs []string) []item {
	out := []item{{Note: count(k, "army", "armies") + " at sea in the " + p.b.AreaName(sea) + " may land this turn, or stay at sea if no move takes them; landing counts as one area. Coasts: " + strings.Join(cs, ", ") + "."}}
	if mv, ok := p.moves[sea]; ok {
		out = append(out, item{Order: moveLine(p.b, mv)})
	}
	return out
}

// landItems are the items of the nation's land stacks: each with its
// neighbours and the suggested move, live where the nation must expand
// (reduX Core 6).
func (p *plan) landItems() []item {
	b := p.b
	var out []item
	for a := 0; a < b.NumLand; a++ {
		k := p.p1.Units(games.AreaID(a), p.n)
		if k == 0 {
			continue
		}
		id := games.AreaID(a)
		nb, _ := p.neighbours(id)
		it := item{Note: b.AreaName(id) + " (" + p.terrain(id) + "), " + count(k, "army", "armies") + ": next to " + nb + "."}
		mv, ok := p.moves[id]
		switch {
		case ok && id == p.expand:
			it.Order, it.Live = moveLine(b, mv), true
			it.Note += " The move below is not commented out: the " + p.nation + " are over their population limit and must move into an empty area or attack" + p.section("6") + ". Change it as you like."
		case ok:
			it.Order = moveLine(b, mv)
		}
		out = append(out, it)
	}
	return out
}

// secondPhaseSection is the section of a Major Invasion's second phase
// (L&R 11.3): what it is, its default, and the suggested "phase 2:" block.
func (p *plan) secondPhaseSection() section {
	s := section{Title: "Second phase: Major Invasion" + p.Rule("reduX L&R 11.3")}
	note := "After the first battles, all your units move and fight again. Write the second movement indented under \"phase 2:\", each move under \"if AREA taken:\" so that it is made only if that area is yours by then. Without a phase 2 block nothing moves in the second phase, and units still at sea then land by default."
	if len(p.phase2) == 0 {
		s.Items = append(s.Items, item{Note: note + " The suggested turn has no second move: no area it enters borders an empty area or a weaker neighbour."})
		return s
	}
	s.Items = append(s.Items, item{Note: note + " The suggested second phase:", Order: "phase 2:"})
	for _, mv := range p.phase2 {
		s.Items = append(s.Items, item{Order: "  if " + p.b.AreaName(mv.Path[0]) + " taken:"}, item{Order: "    " + moveLine(p.b, mv)})
	}
	return s
}

// battleSection is the section of battles and retreats (reduX Core 7):
// the defaults, and the battle lines of the suggested turn's battles.
func (p *plan) battleSection() section {
	bs := p.battles
	s4 := section{Title: "Battles and retreats" + p.section("7")}
	s4.Items = append(s4.Items, item{Note: "A battle is fought wherever your armies end their move with another nation's. By default battles are fought in the order your moves first enter them, your armies fight on until one side is gone, and those that cannot retreat (from the sea) die first. " +
		"\"battles A, B\" orders them; \"casualties A: FROM\" says whose armies die first; \"attack A: retreat when COND\" falls back to where they came from. " +
		"A condition compares mine (your armies left in the battle), theirs and round with < <= > >= = !=, joined by and, or and not: \"mine <= 1 or theirs >= 2*mine\"."})
	if len(bs.at) > 1 {
		s4.Items = append(s4.Items, item{Note: "The suggested turn fights " + strconv.Itoa(len(bs.at)) + " battles:", Order: "battles " + strings.Join(bs.at, ", ")})
	}
	if len(bs.at) > 0 {
		s4.Items = append(s4.Items, item{Order: "casualties " + bs.at[0] + ": " + bs.from[0]})
		if !p.fromSea(bs.from[0]) {
			s4.Items = append(s4.Items, item{Order: "attack " + bs.at[0] + ": retreat when mine <= 1 or theirs >= 2*mine"})
		}
	}
	s4.Items = append(s4.Items, item{Note: "Defend lines in this file cover your own areas for the rest of the round; they are usually sent as standing orders.",
		Order: "defend *: retreat when mine = 1 and theirs >= 3"})
	return s4
}

// fromSea reports whether an area named so is a sea: armies attacking from
// it may not retreat (reduX Core 7.2.2), so an attack line for them is
// never suggested.
func (p *plan) fromSea(name string) bool {
	a, err := p.b.Lookup(name)
	return err == nil && !p.b.IsLand(a)
}
