package family

import (
	"sort"
	"strconv"
	"strings"

	"github.com/pbem-org/pbem/adjudicator"
	"github.com/pbem-org/pbem/games"
	"github.com/pbem-org/pbem/orders"
)

// The orders template of the Britannia family (docs/orders.md): the
// Decisions of a nation turn of reduX Core 5-7 with what their defaults
// would do, planned on the dice-free parts of the turn (Engine.Partial),
// the limits that bind this turn with their numbers, every stack with where
// it can go, and a suggested turn: order lines on the nation's position
// that, taken together, make a file the engine's check accepts.

// Citing is how a family ruleset's orders template cites a rule of reduX
// its planning names ("reduX Core 5.1", "reduX L&R 11.3"): " (reduX Core
// 5.1)" (CiteCore), the ruleset's own rule for it (CiteOwn), or "" for
// none.
type Citing func(e *Engine, rule string) string

// CiteCore cites reduX itself, for the rulesets that play it (reduX Core,
// Leaders and Raiders): " (reduX Core 5.1)".
func CiteCore(_ *Engine, rule string) string { return " (" + rule + ")" }

// CiteOwn cites the ruleset's own rule where its Texts.Cite maps the reduX
// rule to one (classic Britannia: " (Britannia 2005 Movement)"), else
// nothing: a reduX section would send the player to rules the game does
// not play.
func CiteOwn(e *Engine, rule string) string {
	if cited := e.Cite(rule); cited != rule {
		return " (" + cited + ")"
	}
	return ""
}

// TemplateRules are what a family ruleset's orders template says in its
// own words (adjudicator.Orders.Template): how it cites, and where its
// rules differ from reduX Core's, its own notes and Decisions. Each field
// may be nil.
type TemplateRules struct {
	Cite Citing
	// Moving is the note on how a move is written and how far units go
	// (nil: reduX Core 6's).
	Moving func(p *Plan) string
	// Limits are the ruleset's own limits of the turn with their numbers,
	// one sentence each (classic Britannia: overpopulation at the end of
	// the turn).
	Limits func(p *Plan) []string
	// Crowd is the most armies an area that a limit of the end of the
	// turn lets the nation keep, which the suggested turn spreads its
	// armies to (classic Britannia's overpopulation: 2, 0 for a nation
	// exempt); nil or 0: none beyond reduX Core 6.4's, which the engine's
	// check enforces.
	Crowd func(p *Plan) int
	// More are the ruleset's own Decisions of the turn: sentences for the
	// report (Template.Decide), each with the default that applies if the
	// file is silent, and items for the template's last section.
	More func(p *Plan) (decide []string, items []adjudicator.TemplateItem)
}

// Plan is what a family ruleset's template hooks (TemplateRules) read: the
// engine, the position at the start of the turn (S) and after the
// Population Increase and Reinforcements Phase with its defaults (P), the
// nation, and the kind of turn by the Timeline's marks (L&R 11.3, 11.4).
type Plan struct {
	E                       *Engine
	S, P                    *State
	N                       NationID
	Major, Raid, MustReturn bool
	cite                    Citing
}

// Rule is the citation the template puts after a sentence for a rule of
// reduX ("reduX Core 6.4"), by the ruleset's Citing: " (reduX Core 6.4)",
// its own rule, or "".
func (p *Plan) Rule(rule string) string {
	if p.cite == nil {
		return ""
	}
	return p.cite(p.E, rule)
}

// Template is the Britannia family's orders template
// (adjudicator.Orders.Template), in the ruleset's words (TemplateRules). It
// plans the turn due with every Decision left to its default, on the parts
// that roll no dice (reduX Core 5 and 6): the new armies the population
// increase places or removes (5.1, 5.1.1), the reinforcements (5.2) and
// the invaders at sea, who must land (6.1); then the limits that bind at
// the end of movement (4.2, 6.4); every stack with its neighbours and
// their terrain; a suggested turn (suggest); a Major Invasion's "phase 2:"
// block (L&R 11.3); battles and retreats (7). The lines it leaves live
// (uncommented) make a file the engine's check accepts as mailed: the
// invaders' landings and, if the nation must expand (6), one move; the
// commented lines of the suggestion, uncommented with them, make one too.
func Template(r TemplateRules) func(e *Engine, s *State, n NationID) adjudicator.Template {
	return func(e *Engine, s *State, n NationID) adjudicator.Template {
		p := newPlan(e, s, n, r)
		return adjudicator.Template{Decide: p.decisions(), Sections: p.sections()}
	}
}

// plan is what the nation due in a state will decide: what its
// Population Increase and Reinforcements Phase gives it under the
// defaults, where the default lands its invaders, its armies when
// movement starts, and the turn the template suggests.
type plan struct {
	Plan
	rules  TemplateRules
	g      *games.Game
	b      *games.Board
	s      *State // at the start of the turn
	p1     *State // after Phase 1 (reduX Core 5) with the defaults
	n      NationID
	nation string
	turn   string

	pop      *Event
	gain     int
	places   []Event // default placements
	remove   int
	removes  []Event                       // default removals
	reinf    []Event                       // reinforcements placed on land
	invaders []Event                       // invaders arriving at sea
	notes    []Event                       // shortages and limits of Phase 1
	landings map[games.AreaID]games.AreaID // sea → where the default lands its armies (6.1)
	stays    map[games.AreaID]bool         // seas whose armies may stay there, their default (MoveRules.StayAtSea)

	// What the template leaves live (uncommented), chosen so that the file
	// as mailed passes the engine's check: the invaders' landings and, if
	// the duty of reduX Core 6 binds, one expanding move.
	live     []orders.Move
	split    bool         // the landings differ from the default's
	why      string       // why the default landing is refused, when split
	expand   games.AreaID // the stack whose example move is live, or NoArea
	refused  orders.Errors
	examples map[games.AreaID]orders.Move // per land stack: the expanding move the duty of 6 may take
	partner  map[games.AreaID]games.AreaID
	landOK   map[[2]games.AreaID]bool // mayLand's answers

	// The suggested turn (suggest): a move for some land stacks, the
	// battles the moves make, and a Major Invasion's second phase.
	moves   map[games.AreaID]orders.Move
	battles battleSites
	phase2  []orders.Move
}

// newPlan plays the dice-free parts of nation n's turn due in s with
// every Decision left to its default (Engine.Partial) and reads the facts
// of their events: the setup and movement (reduX Core 5, 6), and what
// checking an empty file plays beyond them, where a Major Invasion whose
// first phase makes no battle lands its invaders by default (L&R 11.3).
// Then it chooses the live lines and the suggested turn.
func newPlan(e *Engine, s *State, n NationID, r TemplateRules) *plan {
	g := e.G
	p1, _ := e.Partial(s, adjudicator.Input{}, adjudicator.Setup)
	empty := &orders.File{Kind: orders.TurnOrders, Nation: e.NationName(n), Turn: e.TurnID(s)}
	_, evs := e.Partial(s, adjudicator.Input{Orders: empty}, adjudicator.Setup, adjudicator.Moving, adjudicator.Checking)
	p := &plan{Plan: Plan{E: e, S: s, P: p1, N: n, cite: r.Cite}, rules: r, g: g, b: g.Board, s: s, p1: p1, n: n,
		nation: g.Tables.Nations[n].Name, turn: e.TurnID(s), stays: map[games.AreaID]bool{},
		landings: map[games.AreaID]games.AreaID{}, expand: games.NoArea, partner: map[games.AreaID]games.AreaID{}, landOK: map[[2]games.AreaID]bool{}}
	if tr := g.Tables.Round(s.Round); tr != nil {
		for _, a := range tr.Arrivals {
			if i, err := g.Tables.NationIndex(a.Nation); err == nil && i == n && len(a.SeaIDs) == 2 {
				p.partner[a.SeaIDs[0]] = a.SeaIDs[1] // on the border of two seas (5.2.1)
			}
		}
		extra := strings.HasSuffix(p.turn, "-extra") // the final round's extra turns are neither (L&R 11.6.1)
		p.Major = tr.HasMark(games.MarkMajor, p.nation) && !extra
		p.MustReturn = tr.HasMark(games.MarkReturn, p.nation) && !extra
		p.Raid = tr.HasMark(games.MarkRaid, p.nation) || p.MustReturn
	}
	p.read(evs)
	p.exampleMoves()
	p.chooseLive()
	p.suggest()
	return p
}

// read takes the plan's facts from the events of Phases 1 and 2: the
// population increase, the default placements and removals, the
// reinforcements and invaders, the shortages, and the moves that land
// invaders by default (the move after an EvDefault "landed" carries its
// path, reduX Core 6.1).
func (p *plan) read(evs []Event) {
	landing := false
	for _, ev := range evs {
		switch ev.Kind {
		case adjudicator.EvPopulation:
			pe := ev
			p.pop = &pe
			p.gain = ev.N
		case adjudicator.EvPlace:
			if ev.What == "place" && placed(p.places) < p.gain { // the new armies' (5.1.1): not a fort's, nor classic XVI's reinforcements
				p.places = append(p.places, ev)
			}
		case adjudicator.EvRemove:
			p.removes = append(p.removes, ev)
			p.remove += ev.N
		case adjudicator.EvReinforce:
			if a, err := p.b.Lookup(ev.Area); err == nil && p.b.IsLand(a) {
				p.reinf = append(p.reinf, ev)
			} else {
				p.invaders = append(p.invaders, ev)
			}
		case adjudicator.EvShortage:
			p.notes = append(p.notes, ev)
		case adjudicator.EvDefault:
			landing = ev.What == "landed"
			if sea, err := p.b.Lookup(ev.Area); err == nil && ev.What == "stays-at-sea" {
				p.stays[p.home(sea)] = true
			}
		case adjudicator.EvMove:
			if landing && len(ev.Path) == 2 {
				sea, err1 := p.b.Lookup(ev.Path[0])
				to, err2 := p.b.Lookup(ev.Path[1])
				if err1 == nil && err2 == nil {
					p.landings[p.home(sea)] = to
				}
			}
			landing = false
		}
	}
}

// placed is how many armies place events put on the board.
func placed(evs []Event) int {
	k := 0
	for _, ev := range evs {
		k += max(ev.N, 1)
	}
	return k
}

// section is the citation the template puts after a sentence or a
// section title for reduX Core section ("5.1"), by the ruleset's Citing.
func (p *plan) section(section string) string { return p.Rule("reduX Core " + section) }

// home is the sea whose armies a move from sea takes: border invaders are
// kept in the first of their two seas (5.2.1).
func (p *plan) home(sea games.AreaID) games.AreaID {
	for a, b := range p.partner {
		if b == sea && p.p1.Units(a, p.n) > 0 {
			return a
		}
	}
	return sea
}

// coasts are the land areas armies at sea in sea may land in, the
// default's choice first, then the nation's own areas, vacant ones, and
// those with the fewest other armies; board order on ties. from gives the
// sea each landing starts from.
func (p *plan) coasts(sea games.AreaID) (out []games.AreaID, from map[games.AreaID]games.AreaID) {
	b := p.b
	from = map[games.AreaID]games.AreaID{}
	seas := []games.AreaID{sea}
	if other, ok := p.partner[sea]; ok {
		seas = append(seas, other)
	}
	for _, sa := range seas {
		for _, e := range b.Edges(sa) {
			if _, seen := from[e.To]; b.IsLand(e.To) && !seen {
				from[e.To] = sa
				out = append(out, e.To)
			}
		}
	}
	dflt, hasDefault := p.landings[sea]
	score := func(a games.AreaID) int {
		switch {
		case hasDefault && a == dflt:
			return -1
		case p.foreign(a) == 0 && p.p1.Units(a, p.n) > 0:
			return 0
		case p.p1.Vacant(a):
			return 1
		}
		return 2 + p.foreign(a)
	}
	sort.SliceStable(out, func(i, j int) bool {
		if si, sj := score(out[i]), score(out[j]); si != sj {
			return si < sj
		}
		return out[i] < out[j]
	})
	var ok []games.AreaID
	for _, c := range out {
		if p.mayLand(from[c], c) {
			ok = append(ok, c)
		}
	}
	if len(ok) == 0 {
		return out, from
	}
	return ok, from
}

// mayLand reports whether the nation's armies may land from sea on coast c
// as far as the coast goes: a file landing one army there has no error on
// that line (a nation card's coasts, classic Britannia ref §1.3; reduX
// Core 6.1 lets every coast be landed on).
func (p *plan) mayLand(sea, c games.AreaID) bool {
	key := [2]games.AreaID{sea, c}
	if ok, known := p.landOK[key]; known {
		return ok
	}
	ok := true
	for _, err := range p.check([]orders.Move{{N: 1, Path: []games.AreaID{sea, c}}}) {
		ok = ok && err.Line != 1
	}
	p.landOK[key] = ok
	return ok
}

// check is the engine's check of a file holding only the given moves.
func (p *plan) check(moves []orders.Move) orders.Errors {
	f := &orders.File{Kind: orders.TurnOrders, Nation: p.nation, Turn: p.turn}
	for i, mv := range moves {
		mv.Line = i + 1
		f.Body = append(f.Body, mv)
	}
	return p.E.Check(p.s, f, nil)
}

// atSea is a sea holding the nation's armies after Phase 1, with the
// coasts they may land on (plan.coasts).
type atSea struct {
	sea    games.AreaID
	k      int
	coasts []games.AreaID
	from   map[games.AreaID]games.AreaID
}

// seas are the seas holding the nation's armies after Phase 1 that have
// a coast and must land, and the most coasts one of them has (at least 1).
func (p *plan) seas() (seas []atSea, most int) {
	most = 1
	for a := p.b.NumLand; a < len(p.b.Areas); a++ {
		if k := p.p1.Units(games.AreaID(a), p.n); k > 0 && !p.stays[games.AreaID(a)] {
			cs, from := p.coasts(games.AreaID(a))
			if len(cs) > 0 {
				seas = append(seas, atSea{games.AreaID(a), k, cs, from})
				most = max(most, len(cs))
			}
		}
	}
	return seas, most
}

// room is how many more of the nation's armies area c takes under the
// normal stacking limit (reduX Core 4.2.1).
func (p *plan) room(c games.AreaID) int {
	st := p.g.Tables.Stacking
	lim := st.Clear
	if p.b.Difficult(c) {
		lim = st.Difficult
	}
	return lim - p.p1.Units(c, p.n)
}

// landingMoves are the moves that land the armies at sea. With m = 0 they
// are the default's: each sea's armies all where the engine would land
// them (reduX Core 6.1). Else they spread them over the first m coasts
// that have room under the normal stacking limit, the most room first,
// so that no stack breaks the limit while another coast has room.
func (p *plan) landingMoves(seas []atSea, m int) []orders.Move {
	var out []orders.Move
	for _, sa := range seas {
		if m == 0 {
			to := sa.coasts[0]
			out = append(out, orders.Move{N: sa.k, Path: []games.AreaID{sa.from[to], to}})
			continue
		}
		var cs []games.AreaID
		for _, c := range sa.coasts {
			if len(cs) < m && p.room(c) > 0 {
				cs = append(cs, c)
			}
		}
		if len(cs) == 0 {
			cs = sa.coasts[:1]
		}
		got := make([]int, len(cs))
		for i := 0; i < sa.k; i++ {
			best := 0
			for j := range cs {
				if p.room(cs[j])-got[j] > p.room(cs[best])-got[best] {
					best = j
				}
			}
			got[best]++
		}
		for j, c := range cs {
			if got[j] > 0 {
				out = append(out, orders.Move{N: got[j], Path: []games.AreaID{sa.from[c], c}})
			}
		}
	}
	return out
}

// chooseLive picks the template's live lines so that the file as mailed is
// accepted: the invaders land where the default would put them, or if that
// breaks a limit (6.4), spread over more coasts; if the nation must expand
// (reduX Core 6), one of the example moves goes live too. When nothing
// simple passes, the default landing stays and refused says why.
func (p *plan) chooseLive() {
	seas, most := p.seas()
	if crowd := p.crowd(); crowd > 0 && len(seas) > 0 {
		if mv := p.cappedLanding(seas, crowd); len(p.check(mv)) == 0 {
			p.live, p.split = mv, len(p.check(p.landingMoves(seas, 0))) > 0
			return
		}
	}
	var stacks []games.AreaID
	for a := 0; a < p.b.NumLand; a++ {
		if _, ok := p.examples[games.AreaID(a)]; ok {
			stacks = append(stacks, games.AreaID(a))
		}
	}
	if p.tryLive(seas, most, append([]games.AreaID{games.NoArea}, stacks...)) || p.tryLive(seas, most, p.farExamples()) || p.tryWide(seas) {
		return
	}
	p.live = p.landingMoves(seas, 0)
	p.refused = p.check(p.live)
}

// tryLive looks for live lines that pass: the landings spread over up to
// most more coasts, with the example move of one of the stacks extras
// (NoArea: none). It reports whether it found them.
func (p *plan) tryLive(seas []atSea, most int, extras []games.AreaID) bool {
	for _, extra := range extras {
		for m := 0; m <= most; m++ {
			mv := p.landingMoves(seas, m)
			if extra != games.NoArea {
				mv = append(mv, p.examples[extra])
			}
			if len(p.check(mv)) == 0 {
				p.live, p.split, p.expand = mv, m > 0, extra
				if errs := p.check(p.landingMoves(seas, 0)); p.split && len(errs) > 0 {
					p.why = errs[0].Msg
				}
				if extra != games.NoArea {
					p.live = mv[:len(mv)-1]
				}
				return true
			}
		}
	}
	return false
}

// tryWide looks further for one move that makes the file pass when no
// stack's example does: from each stack, to each area one or two steps
// away that is open to the nation (farExamples), with as many armies as
// the stack has down to one. The first that passes, with the default
// landings, becomes the stack's example and goes live. Several limits
// may bind at once (an overstack and the duty to expand, 6.4 and 6):
// one move out of the overstack into an open area meets both.
func (p *plan) tryWide(seas []atSea) bool {
	for a := 0; a < p.b.NumLand; a++ {
		id := games.AreaID(a)
		k := p.p1.Units(id, p.n)
		old, had := p.examples[id]
		if k == 0 || !had {
			continue
		}
		for _, path := range p.openPaths(id) {
			for n := k; n >= 1; n-- {
				p.examples[id] = orders.Move{N: n, Path: path}
				if p.tryLive(seas, 0, []games.AreaID{id}) {
					return true
				}
			}
		}
		p.examples[id] = old
	}
	return false
}

// openPaths are the paths from a to each area open to the nation one
// step away, then two steps away through one of its own (no strait on
// the second step), in board order.
func (p *plan) openPaths(a games.AreaID) [][]games.AreaID {
	var one, two [][]games.AreaID
	for _, e := range p.b.Edges(a) {
		switch {
		case !p.b.IsLand(e.To):
		case p.open(e.To):
			one = append(one, []games.AreaID{a, e.To})
		case !e.Strait:
			for _, e2 := range p.b.Edges(e.To) {
				if p.b.IsLand(e2.To) && !e2.Strait && e2.To != a && p.open(e2.To) {
					two = append(two, []games.AreaID{a, e.To, e2.To})
				}
			}
		}
	}
	return append(one, two...)
}

// farExamples gives, to each stack whose example move stays among the
// nation's own areas, a move through one of them into an open area two
// steps away (no strait on the second step), and returns those stacks:
// the duty to expand (reduX Core 6) binds a nation that can reach one so
// (Turn.canExpand), and an example into its own area does not meet it.
func (p *plan) farExamples() []games.AreaID {
	var out []games.AreaID
	for a := 0; a < p.b.NumLand; a++ {
		id := games.AreaID(a)
		mv, ok := p.examples[id]
		if !ok || p.open(mv.Path[len(mv.Path)-1]) {
			continue
		}
		for _, e := range p.b.Edges(id) {
			if !p.b.IsLand(e.To) || e.Strait || p.open(e.To) {
				continue
			}
			if far := p.openBeyond(e.To); far != games.NoArea {
				p.examples[id] = orders.Move{N: mv.N, Path: []games.AreaID{id, e.To, far}}
				out = append(out, id)
				break
			}
		}
	}
	return out
}

// openBeyond is a land area next to mid, not across a strait, that is
// open to the nation due (empty, or held by another nation); NoArea for
// none.
func (p *plan) openBeyond(mid games.AreaID) games.AreaID {
	for _, e := range p.b.Edges(mid) {
		if p.b.IsLand(e.To) && !e.Strait && p.open(e.To) {
			return e.To
		}
	}
	return games.NoArea
}

// open says whether a land area is empty or held by another nation: a move
// into it meets the duty to expand (reduX Core 6).
func (p *plan) open(a games.AreaID) bool {
	return p.p1.Vacant(a) || p.foreign(a) > 0
}

// crowd is the most armies an area the ruleset's limit of the end of the
// turn lets the nation keep (TemplateRules.Crowd); 0 for none.
func (p *plan) crowd() int {
	if p.rules.Crowd == nil {
		return 0
	}
	return p.rules.Crowd(&p.Plan)
}

// cappedLanding lands the armies at sea at most crowd to a coast, the
// coasts in plan.coasts's order (TemplateRules.Crowd: classic Britannia's
// overpopulation at the end of the turn); what the coasts cannot take
// goes to the first.
func (p *plan) cappedLanding(seas []atSea, crowd int) []orders.Move {
	var out []orders.Move
	for _, sa := range seas {
		got := make([]int, len(sa.coasts))
		for left := sa.k; left > 0; {
			i := 0
			for i < len(got) && got[i] >= crowd {
				i++
			}
			if i == len(got) {
				got[0] += left
				break
			}
			take := min(left, crowd-got[i])
			got[i] += take
			left -= take
		}
		for i, c := range sa.coasts {
			if got[i] > 0 {
				out = append(out, orders.Move{N: got[i], Path: []games.AreaID{sa.from[c], c}})
			}
		}
	}
	return out
}

// exampleMoves picks one example move for every land stack: into another
// nation's area, else an empty one, else one of the nation's own, leaving
// one army behind so the area stays held (reduX Core 6.4).
func (p *plan) exampleMoves() {
	p.examples = map[games.AreaID]orders.Move{}
	for a := 0; a < p.b.NumLand; a++ {
		k := p.p1.Units(games.AreaID(a), p.n)
		if k == 0 {
			continue
		}
		id := games.AreaID(a)
		if _, target := p.neighbours(id); target != games.NoArea {
			p.examples[id] = orders.Move{N: max(1, k-1), Path: []games.AreaID{id, target}}
		}
	}
}

// occupants describes an area for the nation due: "yours 3", "SX 2,
// yours 1", "empty".
func (p *plan) occupants(a games.AreaID) string {
	var parts []string
	for _, m := range p.p1.Occupants(a) {
		c := p.p1.Units(a, m)
		if m == p.n {
			parts = append(parts, "yours "+strconv.Itoa(c))
		} else {
			parts = append(parts, shortName(p.g.Tables.Nations[m])+" "+strconv.Itoa(c))
		}
	}
	if len(parts) == 0 {
		return "empty"
	}
	return strings.Join(parts, ", ")
}

// neighbours lists the land areas bordering a, with their occupants; a
// strait is marked "~". target is the example move's: another nation's
// area, else an empty one, else one of ours; board order on ties.
func (p *plan) neighbours(a games.AreaID) (text string, target games.AreaID) {
	b := p.b
	var parts []string
	target = games.NoArea
	score := -1
	for _, e := range b.Edges(a) {
		if !b.IsLand(e.To) {
			continue
		}
		name := b.AreaName(e.To)
		if e.Strait {
			name += "~"
		}
		parts = append(parts, name+" ("+p.place(e.To)+")")
		sc := 0
		switch {
		case p.foreign(e.To) > 0:
			sc = 2
		case p.p1.Vacant(e.To):
			sc = 1
		}
		if sc > score {
			target, score = e.To, sc
		}
	}
	return strings.Join(parts, ", "), target
}

func (p *plan) foreign(a games.AreaID) int {
	return p.p1.Foreign(a, p.n)
}

// shortName is a nation's short name in an area's occupants ("SX"), else
// its name.
func shortName(n games.Nation) string {
	if n.Short != "" {
		return n.Short
	}
	return n.Name
}

// listWords joins words: "a", "a and b", "a, b and c".
func listWords(xs []string) string {
	switch len(xs) {
	case 0:
		return ""
	case 1:
		return xs[0]
	}
	return strings.Join(xs[:len(xs)-1], ", ") + " and " + xs[len(xs)-1]
}

// areaNames are the areas of events with their counts: "Kent (2)".
func areaNames(evs []Event) []string {
	var out []string
	for _, ev := range evs {
		s := ev.Area
		if ev.N > 1 {
			s += " (" + strconv.Itoa(ev.N) + ")"
		}
		out = append(out, s)
	}
	return out
}

// moveLine is a move in canonical form: "move 3 North Sea > Lothian".
func moveLine(b *games.Board, mv orders.Move) string {
	names := make([]string, len(mv.Path))
	for i, a := range mv.Path {
		names[i] = b.AreaName(a)
	}
	return "move " + strconv.Itoa(mv.N) + " " + strings.Join(names, " > ")
}
