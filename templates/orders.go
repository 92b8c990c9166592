package templates

import (
	"sort"
	"strconv"
	"strings"

	"github.com/pbem-org/pbem/adjudicator"
	"github.com/pbem-org/pbem/dice"
	"github.com/pbem-org/pbem/games"
	"github.com/pbem-org/pbem/orders"
)

// Header is what an orders template's envelope needs besides the state.
type Header struct {
	Game     string // game id
	Token    string // the player's secret token; empty writes a placeholder
	Deadline string // when the orders are due, as the GM wrote it
	// NoToken leaves the token line out (commented, with why): on a forum
	// the players post their orders in public and the GM enters them.
	NoToken bool
	// Ahead is the turn due when the template is for a later turn of the
	// round, drawn from today's position: the template says so.
	Ahead string
}

// plan is what the nation due in a state will decide: what its
// Population Increase and Reinforcements Phase gives it under the defaults
// (which needs no dice), and its armies when movement starts.
type plan struct {
	g      *games.Game
	e      *adjudicator.Engine // its Cite gives the ruleset's own rules for the reduX sections cited here
	s      *adjudicator.State  // at the start of the turn
	p1     *adjudicator.State  // after Phase 1 with the defaults
	n      int
	nation string
	turn   string

	pop      *adjudicator.Event
	gain     int
	places   []adjudicator.Event // default placements
	remove   int
	removes  []adjudicator.Event           // default removals
	reinf    []adjudicator.Event           // reinforcements placed on land
	invaders []adjudicator.Event           // invaders arriving at sea
	notes    []adjudicator.Event           // shortages and limits of Phase 1
	landings map[games.AreaID]games.AreaID // sea → where the default lands its armies (6.1)

	// What the template leaves live (uncommented), chosen so that the file
	// as mailed passes the engine's check: the invaders' landings and, if
	// the duty of reduX Core 6 binds, one expanding move.
	live     []orders.Move
	split    bool         // the landings differ from the default's
	why      string       // why the default landing is refused, when split
	expand   games.AreaID // the stack whose example move is live, or NoArea
	refused  orders.Errors
	examples map[games.AreaID]orders.Move // per land stack: the example move
	partner  map[games.AreaID]games.AreaID
}

// sixes is a die that always rolls 6 (the report tests play with it).
type sixes struct{}

func (sixes) Roll(dice.Label) int { return 6 }

// templateDice is the die newPlan plays the turn with, only to read the
// events of Phases 1 and 2: 6, then 5, 4, 3, 2, 1, 6 and so on. reduX
// rolls no dice there, so its templates never read it. A ruleset that
// rolls again until a roll fits (Hy Breasil 6.1: a civil war that cannot
// occur is rolled again) gets every face in turn: with a die always 6 the
// preview looped for ever, and pbem serve with it (TestWholeGameByMail,
// a Hy Breasil game at r15-star).
type templateDice struct{ n int }

func (d *templateDice) Roll(dice.Label) int {
	r := 6 - d.n%6
	d.n++
	return r
}

// newPlan previews the turn due in s with every Decision left to its
// default; nil when no nation turn is due.
func newPlan(g *games.Game, e *adjudicator.Engine, s *adjudicator.State) *plan {
	st := e.Due(s)
	if st.Kind != adjudicator.NationTurn {
		return nil
	}
	n := st.Nation
	_, evs, err := e.NationTurn(s, adjudicator.Input{}, &templateDice{})
	if err != nil {
		return nil
	}
	p := &plan{e: e, g: g, s: s, p1: e.AfterPhase1(s, nil), n: n, nation: g.Tables.Nations[n].Name, turn: e.TurnID(s),
		landings: map[games.AreaID]games.AreaID{}, expand: games.NoArea, partner: map[games.AreaID]games.AreaID{}}
	if tr := g.Tables.Round(s.Round); tr != nil {
		for _, a := range tr.Arrivals {
			if i, err := g.Tables.NationIndex(a.Nation); err == nil && i == n && len(a.SeaIDs) == 2 {
				p.partner[a.SeaIDs[0]] = a.SeaIDs[1] // on the border of two seas (5.2.1)
			}
		}
	}
	landing := false
	for _, ev := range evs {
		switch ev.Kind {
		case adjudicator.EvPopulation:
			pe := ev
			p.pop = &pe
			p.gain = ev.N
		case adjudicator.EvPlace:
			p.places = append(p.places, ev)
		case adjudicator.EvRemove:
			p.removes = append(p.removes, ev)
			p.remove += ev.N
		case adjudicator.EvReinforce:
			if a, err := g.Board.Lookup(ev.Area); err == nil && g.Board.IsLand(a) {
				p.reinf = append(p.reinf, ev)
			} else {
				p.invaders = append(p.invaders, ev)
			}
		case adjudicator.EvShortage:
			p.notes = append(p.notes, ev)
		case adjudicator.EvDefault:
			landing = ev.Rule == "reduX Core 6.1"
		case adjudicator.EvMove:
			// The move after a default landing event carries its path.
			if landing && len(ev.Path) == 2 {
				sea, err1 := g.Board.Lookup(ev.Path[0])
				to, err2 := g.Board.Lookup(ev.Path[1])
				if err1 == nil && err2 == nil {
					p.landings[p.home(sea)] = to
				}
			}
			landing = false
		}
	}
	p.exampleMoves()
	p.chooseLive(e)
	return p
}

// home is the sea whose armies a move from sea takes: border invaders are
// kept in the first of their two seas (5.2.1).
func (p *plan) home(sea games.AreaID) games.AreaID {
	for a, b := range p.partner {
		if b == sea && p.p1.Units(games.AreaID(a), p.n) > 0 {
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
	b := p.g.Board
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
	score := func(a games.AreaID) int {
		switch {
		case a == p.landings[sea]:
			return -1
		case p.foreign(a) == 0 && p.p1.Units(games.AreaID(a), p.n) > 0:
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
	return out, from
}

// check is the engine's check of a file holding only the given moves.
func (p *plan) check(e *adjudicator.Engine, moves []orders.Move) orders.Errors {
	f := &orders.File{Kind: orders.TurnOrders, Nation: p.nation, Turn: p.turn}
	for i, mv := range moves {
		mv.Line = i + 1
		f.Body = append(f.Body, mv)
	}
	return e.Check(p.s, f, nil)
}

// chooseLive picks the template's live lines so that the file as mailed is
// accepted: the invaders land where the default would put them, or if that
// breaks a limit (6.4), spread over more coasts; if the nation must expand
// (reduX Core 6), one of the example moves goes live too. When nothing
// simple passes, the default landing stays and refused says why.
func (p *plan) chooseLive(e *adjudicator.Engine) {
	b := p.g.Board
	type atSea struct {
		sea    games.AreaID
		k      int
		coasts []games.AreaID
		from   map[games.AreaID]games.AreaID
	}
	var seas []atSea
	most := 1
	for a := b.NumLand; a < len(b.Areas); a++ {
		if k := p.p1.Units(games.AreaID(a), p.n); k > 0 {
			cs, from := p.coasts(games.AreaID(a))
			if len(cs) > 0 {
				seas = append(seas, atSea{games.AreaID(a), k, cs, from})
				most = max(most, len(cs))
			}
		}
	}
	// landings(0) is the default: each sea's armies all where the engine
	// would land them. landings(m) spreads them over the first m coasts
	// that have room under the normal stacking limit (4.2.1), the most
	// room first, so that no stack breaks the limit while another coast
	// has room.
	st := p.g.Tables.Stacking
	room := func(c games.AreaID) int {
		lim := st.Clear
		if b.Difficult(c) {
			lim = st.Difficult
		}
		return lim - p.p1.Units(c, p.n)
	}
	landings := func(m int) []orders.Move {
		var out []orders.Move
		for _, sa := range seas {
			if m == 0 {
				to := sa.coasts[0]
				out = append(out, orders.Move{N: sa.k, Path: []games.AreaID{sa.from[to], to}})
				continue
			}
			var cs []games.AreaID
			for _, c := range sa.coasts {
				if len(cs) < m && room(c) > 0 {
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
					if room(cs[j])-got[j] > room(cs[best])-got[best] {
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
	var stacks []games.AreaID
	for a := 0; a < b.NumLand; a++ {
		if _, ok := p.examples[games.AreaID(a)]; ok {
			stacks = append(stacks, games.AreaID(a))
		}
	}
	for _, extra := range append([]games.AreaID{games.NoArea}, stacks...) {
		for m := 0; m <= most; m++ {
			mv := landings(m)
			if extra != games.NoArea {
				mv = append(mv, p.examples[extra])
			}
			if len(p.check(e, mv)) == 0 {
				p.live, p.split, p.expand = mv, m > 0, extra
				if errs := p.check(e, landings(0)); p.split && len(errs) > 0 {
					p.why = errs[0].Msg
				}
				if extra != games.NoArea {
					p.live = mv[:len(mv)-1]
				}
				return
			}
		}
	}
	p.live = landings(0)
	p.refused = p.check(e, p.live)
}

func areaNames(evs []adjudicator.Event) []string {
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

// decisions lists, one sentence each, what the player must decide.
func (p *plan) decisions() []string {
	var out []string
	if p.gain > 0 {
		d := "Place " + plural(p.gain, "new army", "new armies") + " in areas the " + p.nation + " hold" + p.cite("5.1.1")
		if len(p.places) > 0 {
			d += "; by default: " + list(areaNames(p.places))
		}
		out = append(out, d+".")
	}
	if p.remove > 0 {
		d := "Remove " + plural(p.remove, "army", "armies") + ": the " + p.nation + " are over their population limit" + p.cite("5.1")
		if len(p.removes) > 0 {
			d += "; by default from " + list(areaNames(p.removes))
		}
		out = append(out, d+".")
	}
	for _, ev := range p.reinf {
		out = append(out, "Place "+plural(ev.N, "reinforcement", "reinforcements")+" together in an area you hold or a vacant scoring centre"+p.cite("5.2.2")+"; by default: "+ev.Area+".")
	}
	for _, ev := range p.invaders {
		d := "Land the " + plural(ev.N, "invader", "invaders") + " arriving in the " + ev.Area + ": they must land this turn" + p.cite("6.1")
		if p.split {
			d += ", and not all in one area: that would be refused"
			if p.why != "" {
				d += " (" + p.why + ")"
			}
		}
		out = append(out, d+".")
	}
	if p.expand != games.NoArea {
		out = append(out, "The "+p.nation+" are over their population limit: they must move into an empty area or attack"+p.cite("6")+".")
	}
	if len(p.refused) > 0 {
		out = append(out, "Edit the moves in the template: as it stands it would be refused ("+p.refused.Error()+").")
	}
	if p.expand == games.NoArea {
		out = append(out, "Move any of your armies up to two areas"+p.cite("6")+", or none.")
	}
	out = append(out, "Choose the order of battles, who dies first and when to fall back, or leave the defaults"+p.cite("7")+".")
	return out
}

// occupants describes an area for nation n: "yours 3", "SX 2, yours 1",
// "empty".
func (p *plan) occupants(a games.AreaID) string {
	var parts []string
	for _, m := range p.p1.Occupants(a) {
		c := p.p1.Units(a, m)
		if m == p.n {
			parts = append(parts, "yours "+strconv.Itoa(c))
		} else {
			parts = append(parts, short(p.g.Tables.Nations[m])+" "+strconv.Itoa(c))
		}
	}
	if len(parts) == 0 {
		return "empty"
	}
	return strings.Join(parts, ", ")
}

// neighbours lists the land areas bordering a, with their occupants; a
// strait is marked "~".
func (p *plan) neighbours(a games.AreaID) (text string, target games.AreaID) {
	b := p.g.Board
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
		parts = append(parts, name+" ("+p.occupants(e.To)+")")
		// The example move: another nation's area, else an empty one,
		// else one of ours; board order on ties.
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

type ordersSection struct {
	Title string
	Items []ordersItem
}

// ordersItem is a comment paragraph, an order line, or both.
type ordersItem struct {
	Note  string
	Order string
	Live  bool // the order line is not commented out
}

type ordersData struct {
	IDWord                              string // what the id names: "turn" (r07-saxons), "step" where a turn is a round (Hy Breasil)
	Nation, Turn, Game, Token, Deadline string
	NoToken                             bool
	Ahead                               string
	When                                string // "round 7 (VII, 485-560)"
	Sections                            []ordersSection
}

// OrdersTemplate writes a commented orders template for the nation whose
// turn is due in s (docs/orders.md): the envelope, then for each Decision
// what the defaults would do and commented examples the player edits and
// uncomments: the new armies to place, invaders at sea (which must land:
// that line is live and is the default), every stack with its neighbours,
// battles and retreats. It returns "" when no nation turn is due. Lines
// are at most Width characters.
func OrdersTemplate(e *adjudicator.Engine, s *adjudicator.State, h Header) string {
	p := newPlan(e.G, e, s)
	if p == nil {
		return ""
	}
	return p.template(h)
}

// template renders the plan as an orders template.
func (p *plan) template(h Header) string {
	d := ordersData{IDWord: "turn", Nation: p.nation, Turn: p.turn, Game: h.Game, Token: h.Token, Deadline: h.Deadline, When: "round " + strconv.Itoa(p.s.Round),
		NoToken: h.NoToken, Ahead: h.Ahead}
	if word, _ := p.e.RoundWords(); word != "Round" { // Hy Breasil's "turn 3" (Texts.RoundWord)
		d.When, d.IDWord = strings.ToLower(word)+" "+strconv.Itoa(p.s.Round), "step"
	}
	if d.Game == "" {
		d.Game = "GAME-ID"
	}
	if d.Token == "" {
		d.Token = "YOUR-TOKEN"
	}
	if tr := p.g.Tables.Round(p.s.Round); tr != nil && tr.Label != "" && tr.Label != strconv.Itoa(p.s.Round) {
		d.When += " (" + tr.Label
		if tr.Years != "" {
			d.When += ", " + tr.Years
		}
		d.When += ")"
	}
	d.Sections = p.sections()
	return p.e.Cite(nil, renderText(tmplOrders, d))
}

func (p *plan) sections() []ordersSection {
	b := p.g.Board
	var out []ordersSection
	if brief := p.e.Brief(p.s, p.n); brief != nil {
		var s0 ordersSection
		s0.Title = "This turn"
		for _, l := range brief {
			s0.Items = append(s0.Items, ordersItem{Note: l})
		}
		if len(s0.Items) > 0 {
			out = append(out, s0)
		}
		// a ruleset with its own brief has its own Decisions (its
		// docs/orders.md section); the Britannia prose below is not its
		items := []ordersItem{{Note: "The Decisions of this game, their syntax and their defaults are in docs/orders.md. Whatever you leave out takes its default. Examples (uncomment and change them):"}}
		for _, x := range p.e.Examples(p.s, p.n) {
			items = append(items, ordersItem{Note: x.Note, Order: x.Order})
		}
		return append(out, ordersSection{Title: "Orders", Items: items})
	}

	// 1. Population increase (reduX Core 5.1, 5.1.1).
	var s1 ordersSection
	s1.Title = "New armies" + p.cite("5.1")
	if p.pop != nil {
		s1.Items = append(s1.Items, ordersItem{Note: p.pop.Text + "."})
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
		s1.Items = append(s1.Items, ordersItem{Note: "Place " + plural(p.gain, "new army", "new armies") + " in areas you hold: " +
			strings.Join(held, ", ") + " (* scoring centre). One army an area while another held area has room, within the stacking limit. The defaults are below; uncomment and change them to choose."})
		for _, ev := range p.places {
			o := "place " + ev.Area
			if ev.N > 1 {
				o += " " + strconv.Itoa(ev.N)
			}
			s1.Items = append(s1.Items, ordersItem{Order: o})
		}
	}
	if p.remove > 0 {
		s1.Items = append(s1.Items, ordersItem{Note: "Remove " + plural(p.remove, "army", "armies") + " (never the last army in an area). The defaults are below; uncomment and change them to choose."})
		for _, ev := range p.removes {
			o := "remove " + ev.Area
			if ev.N > 1 {
				o += " " + strconv.Itoa(ev.N)
			}
			s1.Items = append(s1.Items, ordersItem{Order: o})
		}
	}
	for _, ev := range p.notes {
		s1.Items = append(s1.Items, ordersItem{Note: ev.Text + "."})
	}
	if len(s1.Items) > 0 {
		out = append(out, s1)
	}

	// 2. Reinforcements (reduX Core 5.2).
	var s2 ordersSection
	s2.Title = "Reinforcements" + p.cite("5.2")
	for _, ev := range p.reinf {
		s2.Items = append(s2.Items, ordersItem{Note: ev.Text + ". They go together to an area you hold or a vacant scoring centre; by default where they are now:"},
			ordersItem{Order: "reinforce " + ev.Area})
	}
	for _, ev := range p.invaders {
		s2.Items = append(s2.Items, ordersItem{Note: ev.Text + ". They must land this turn: see Movement."})
	}
	if len(s2.Items) > 0 {
		out = append(out, s2)
	}

	// 3. Movement (reduX Core 6).
	s3 := ordersSection{Title: "Movement" + p.cite("6")}
	s3.Items = append(s3.Items, ordersItem{Note: "move N FROM > TO > TO: armies move up to two areas and only once a turn; a strait (~) takes the whole move; passing through another nation's area is an overrun (6.3). At the end you must hold at least as many areas as at the start and keep the stacking limit (6.4). Each area below lists its neighbours with their armies."})
	// Where the examples would fight, and from where they would come.
	var battleAt, battleFrom []string
	addBattle := func(a, from games.AreaID) {
		if a == games.NoArea || p.foreign(a) == 0 {
			return
		}
		name := b.AreaName(a)
		for _, x := range battleAt {
			if x == name {
				return
			}
		}
		battleAt = append(battleAt, name)
		battleFrom = append(battleFrom, b.AreaName(from))
	}
	if len(p.refused) > 0 {
		s3.Items = append(s3.Items, ordersItem{Note: "As it stands this file would be refused (" + p.refused.Error() + "). Edit the moves before you send it."})
	}
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
		note := plural(k, "army", "armies") + " at sea in the " + b.AreaName(sea) + " MUST land this turn" + p.cite("6.1") + "; landing counts as one area. Coasts: " + strings.Join(cs, ", ") + "."
		if p.split {
			note += " The lines below are not commented out. Landing them all in " + b.AreaName(p.landings[sea]) + ", the default, would be refused"
			if p.why != "" {
				note += " (" + p.why + ")"
			}
			note += ", so they are spread to make this file legal as it stands. Change them as you like."
		} else {
			note += " The line below is not commented out: it is also what happens if you send no move for them. Change the area, or split them over several lines."
		}
		s3.Items = append(s3.Items, ordersItem{Note: note})
		for _, mv := range p.live {
			if p.home(mv.Path[0]) == sea {
				s3.Items = append(s3.Items, ordersItem{Order: moveLine(b, mv), Live: true})
				addBattle(mv.Path[len(mv.Path)-1], mv.Path[0])
			}
		}
	}
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
		item := ordersItem{Note: name + ", " + plural(k, "army", "armies") + ": " + nb + "."}
		if mv, ok := p.examples[id]; ok {
			item.Order = moveLine(b, mv)
			addBattle(mv.Path[len(mv.Path)-1], id)
			if id == p.expand {
				item.Live = true
				item.Note += " The move below is not commented out: the " + p.nation + " are over their population limit and must move into an empty area or attack" + p.cite("6") + ". Change it as you like."
			}
		}
		s3.Items = append(s3.Items, item)
	}
	out = append(out, s3)

	// 4. Battles and retreats (reduX Core 7).
	s4 := ordersSection{Title: "Battles and retreats" + p.cite("7")}
	s4.Items = append(s4.Items, ordersItem{Note: "A battle is fought wherever your armies end their move with another nation's. By default battles are fought in the order your moves first enter them, your armies fight on until one side is gone, and those that cannot retreat (from the sea) die first. Conditions use mine, theirs and round (docs/orders.md)."})
	ex, from := "AREA", "FROM"
	if len(battleAt) > 0 {
		ex, from = battleAt[0], battleFrom[0]
	}
	if len(battleAt) > 1 {
		s4.Items = append(s4.Items, ordersItem{Order: "battles " + strings.Join(battleAt, ", ")})
	} else {
		s4.Items = append(s4.Items, ordersItem{Order: "battles " + ex + ", AREA"})
	}
	s4.Items = append(s4.Items,
		ordersItem{Order: "casualties " + ex + ": " + from},
		ordersItem{Order: "attack " + ex + ": retreat when mine <= 1 or theirs >= 2*mine"},
		ordersItem{Note: "Defend lines in this file cover your own areas for the rest of the round; they are usually sent as standing orders.",
			Order: "defend *: retreat when mine = 1 and theirs >= 3"})
	out = append(out, s4)
	return out
}

// exampleMoves picks one example move for every land stack: into another
// nation's area, else an empty one, else one of the nation's own, leaving
// one army behind so the area stays held (reduX Core 6.4).
func (p *plan) exampleMoves() {
	p.examples = map[games.AreaID]orders.Move{}
	for a := 0; a < p.g.Board.NumLand; a++ {
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

// moveLine is a move in canonical form: "move 3 North Sea > Lothian".
func moveLine(b *games.Board, mv orders.Move) string {
	names := make([]string, len(mv.Path))
	for i, a := range mv.Path {
		names[i] = b.AreaName(a)
	}
	return "move " + strconv.Itoa(mv.N) + " " + strings.Join(names, " > ")
}

// cite is the rule citation an orders template puts after a sentence or
// a section title: " (reduX Core 5.1)" in a game of a reduX ruleset (redux,
// redux-lr, and a game without a ruleset); in a game of any other ruleset,
// its own rule where the ruleset maps reduX's sections to its own
// (Texts.Cite: classic Britannia), else "" (Hy Breasil): a reduX section
// there would send the player to rules the game does not play.
func (p *plan) cite(section string) string {
	c := " (reduX Core " + section + ")"
	if r := p.g.Ruleset; r == nil || strings.HasPrefix(r.Name, "redux") {
		return c
	}
	if cited := p.e.Cite(nil, c); cited != c {
		return cited // the ruleset's own rule (Texts.Cite)
	}
	return ""
}
