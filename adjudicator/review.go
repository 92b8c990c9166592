package adjudicator

import (
	"fmt"
	"sort"
	"strings"

	"github.com/pbem-org/pbem/games"
	"github.com/pbem-org/pbem/orders"
)

// Review is what checking an order file finds (docs/design.md §2): the errors that
// refuse it, every one with its line and rule, in line order; warnings
// about statements that are allowed but can never apply; and the Decisions
// the file leaves to their documented defaults (docs/orders.md), which the
// acknowledgement lists.
type Review struct {
	Errors   orders.Errors
	Warnings []Note
	Defaults []Note
}

// Note is a warning or a default of a Review: the order line it concerns
// (0 for the whole file), the rule section and the text.
type Note struct {
	Line int
	Rule string
	Msg  string
}

func (n Note) String() string {
	s := n.Msg
	if n.Rule != "" {
		s += " (" + n.Rule + ")"
	}
	if n.Line > 0 {
		return fmt.Sprintf("line %d: %s", n.Line, s)
	}
	return s
}

// Check validates an order file against the state at the start of the turn
// it is for (docs/design.md §2: a file with any error is refused, with every error
// listed): Review's errors.
func (e *Engine) Check(s *State, f *orders.File, standing []*orders.File) orders.Errors {
	return e.review(s, f, standing, false).Errors
}

// Review checks an order file against the state at the start of the turn it
// is for. It plays Phases 1 and 2 on a copy, which need no dice, and in a
// Major Invasion the second Movement Phase too when the first makes no
// battle, so that its start is known: then its moves and the limits at its
// end (Core 6.4, the population limit measured from the start of the
// first phase) are checked like the first's (reduX L&R 11.3); battle lines are
// checked against the battles the moves make. It checks what the file
// holds: a file whose header lines could not be read (no nation or turn)
// is checked against the turn due, so that its reader gets every error at
// once.
func (e *Engine) Review(s *State, f *orders.File, standing []*orders.File) *Review {
	return e.review(s, f, standing, true)
}

// review is Review; without notes it leaves out the warnings and defaults,
// which the bot, checking file after file, does not read.
func (e *Engine) review(s *State, f *orders.File, standing []*orders.File, notes bool) *Review {
	refuse := func(format string, args ...any) *Review {
		return &Review{Errors: orders.Errors{{Illegal: true, Msg: fmt.Sprintf(format, args...)}}}
	}
	n := e.Due(s)
	if n < 0 {
		return refuse("no nation turn is due: the round is ending")
	}
	if f.Kind == orders.StandingOrders {
		return &Review{Errors: sortErrors(e.checkStanding(f))}
	}
	due := e.G.Tables.Nations[n].Name
	if f.Nation != "" && f.Nation != due {
		return refuse("it is the %s turn, not the %s turn", possessive(due), possessive(f.Nation))
	}
	if want := e.TurnID(s); f.Turn != "" && f.Turn != want {
		return refuse("these orders are for turn %s but the turn due is %s", f.Turn, want)
	}
	t := e.newTurn(s, n, Input{Orders: f, Standing: standing}, nil, true)
	t.notes = notes
	t.phase1()
	t.phase2()
	first, order1 := t.entries, t.order
	var second [][]entry
	var order2 []games.AreaID
	known := false
	if t.lr != nil && t.lr.major && len(order1) == 0 {
		// Where the second phase starts is known only when the first
		// makes no battle; otherwise the dice decide it and only its
		// paths are checked (lrCheckStatements).
		t.lrSecondMovement()
		second, order2, known = t.entries, t.order, true
		t.in.Orders = t.lr.topLevel
	}
	t.checkBattleStatements(first, second, known)
	if notes {
		t.reviewBattles(first, second, order1, order2)
	}
	if t.lr != nil { // Leaders and Raiders (lr_turn.go)
		t.lrCheckStatements(known)
		if notes {
			t.lrDefaults(known)
		}
	} else {
		t.coreRefusesLR()
	}
	return &Review{Errors: sortErrors(t.errs), Warnings: sortNotes(t.warnings), Defaults: sortNotes(t.defaults)}
}

// sortErrors puts errors in line order, whole-file errors (line 0) first,
// keeping the order of errors on one line (orders.Decode does the same).
func sortErrors(es orders.Errors) orders.Errors {
	sort.SliceStable(es, func(i, j int) bool { return es[i].Line < es[j].Line })
	return es
}

func sortNotes(ns []Note) []Note {
	sort.SliceStable(ns, func(i, j int) bool { return ns[i].Line < ns[j].Line })
	return ns
}

// warn records a warning: a statement that is allowed but can never apply.
func (t *turn) warn(line int, rule, format string, args ...any) {
	if t.notes {
		t.warnings = append(t.warnings, Note{Line: line, Rule: rule, Msg: fmt.Sprintf(format, args...)})
	}
}

// defaulted records a Decision the file leaves to its default.
func (t *turn) defaulted(line int, rule, format string, args ...any) {
	if t.notes {
		t.defaults = append(t.defaults, Note{Line: line, Rule: rule, Msg: fmt.Sprintf(format, args...)})
	}
}

// defaultedAreas records armies a default placed or removed, per area:
// format takes the count and the list ("1 in York and 2 in Kent").
func (t *turn) defaultedAreas(per []int, rule, format, one, many string) {
	if !t.notes {
		return
	}
	var where []string
	total := 0
	for a, c := range per {
		if c > 0 {
			where = append(where, fmt.Sprintf("%d in %s", c, t.name(games.AreaID(a))))
			total += c
		}
	}
	if total > 0 {
		t.defaulted(0, rule, format, count(total, one, many), orJoin(where, "and"))
	}
}

// checkBattleStatements checks the battles, casualties and attack lines
// against the battles the moves make (used when checking a file). first
// holds the attacking groups of the first (or only) Movement Phase by
// area; second those of a Major Invasion's second phase when known. The
// top-level attack and casualties lines of a Major Invasion apply to the
// battles of both phases (docs/orders.md 17); a top-level battles line to
// the first; the lines of the "phase 2:" block to the second.
func (t *turn) checkBattleStatements(first, second [][]entry, known bool) {
	major := t.lr != nil && t.lr.major
	var reach []bool // areas the second phase may attack, when not known
	if major && !known {
		reach = t.secondPhaseReach()
	}
	groups := func(a games.AreaID) []entry {
		if !known || len(second[a]) == 0 {
			return first[a]
		}
		return append(append([]entry(nil), first[a]...), second[a]...)
	}
	isBattle := func(a games.AreaID) bool {
		return len(first[a]) > 0 || (known && len(second[a]) > 0) || (reach != nil && reach[a])
	}
	none := "there is no battle in %s after these moves"
	switch {
	case major && known:
		none = "there is no battle in %s in either phase after these moves"
	case major:
		none = "there is no battle in %s after the first phase's moves, and no move of the \"phase 2:\" block ends there"
	}
	for _, bo := range statements[orders.Battles](t) {
		for _, a := range bo.Areas {
			if len(first[a]) == 0 {
				t.problem(bo.Line, "reduX Core 7", "there is no battle in %s after these moves", t.name(a))
			}
		}
	}
	t.checkBattleLines(t.in.Orders.Body, isBattle, groups, none)
	if major && known {
		body := t.lr.phase2Body[:len(t.lr.phase2Body)-t.lr.phase2Copied]
		for _, st := range body {
			if bo, ok := st.(orders.Battles); ok {
				for _, a := range bo.Areas {
					if len(second[a]) == 0 {
						t.problem(bo.Line, "reduX Core 7, L&R 11.3", "there is no battle in %s after the second phase's moves", t.name(a))
					}
				}
			}
		}
		inSecond := func(a games.AreaID) []entry { return second[a] }
		t.checkBattleLines(body, func(a games.AreaID) bool { return len(second[a]) > 0 }, inSecond, "there is no battle in %s after the second phase's moves")
	}
	for _, d := range statements[orders.Defend](t) {
		if d.Area != games.NoArea && !t.b.IsLand(d.Area) {
			t.problem(d.Line, "reduX Core 6.1.1", "no battles occur at sea")
		}
	}
}

// checkBattleLines checks the casualties and attack lines of one block.
func (t *turn) checkBattleLines(body []orders.Statement, isBattle func(games.AreaID) bool, groups func(games.AreaID) []entry, none string) {
	for _, st := range body {
		switch x := st.(type) {
		case orders.Casualties:
			if !isBattle(x.Area) {
				t.problem(x.Line, "reduX Core 7.1", none, t.name(x.Area))
				continue
			}
			gs := groups(x.Area)
			if len(gs) == 0 {
				continue // a battle the second phase may make: its groups are not known
			}
			for _, f := range x.First {
				found := false
				for _, e := range gs {
					found = found || e.From == f
				}
				if !found {
					t.problem(x.Line, "reduX Core 7.1", "no armies attack %s from %s", t.name(x.Area), t.name(f))
				}
			}
		case orders.Attack:
			if !isBattle(x.Area) {
				t.problem(x.Line, "reduX Core 7", none, t.name(x.Area))
			}
			if len(x.Rule.To) > 0 {
				t.problem(x.Line, "reduX Core 7.2.2", "attackers retreat to the areas they entered from; leave out \"to\"")
			}
		}
	}
}

// secondPhaseReach marks the land areas a Major Invasion's second phase may
// attack when where it starts is not known: where a move of the "phase 2:"
// block ends (in any branch), and the coast of a sea the nation still has
// units in, where they land by default (reduX Core 6.1, L&R 11.3).
func (t *turn) secondPhaseReach() []bool {
	reach := make([]bool, len(t.b.Areas))
	var walk func([]orders.Statement)
	walk = func(body []orders.Statement) {
		for _, st := range body {
			switch x := st.(type) {
			case orders.Move:
				if len(x.Path) > 0 {
					reach[x.Path[len(x.Path)-1]] = true
				}
			case orders.If:
				walk(x.Then)
			}
		}
	}
	for _, ph := range statements[orders.Phase](t) {
		walk(ph.Body)
	}
	for a := t.b.NumLand; a < len(t.b.Areas); a++ {
		if t.s.Units[a][t.n] == 0 {
			continue
		}
		for _, e := range t.b.Edges(games.AreaID(a)) {
			reach[e.To] = reach[e.To] || t.b.IsLand(e.To)
		}
	}
	return reach
}

// reviewBattles lists, for the battles the moves make, the Decisions the
// file leaves to their defaults (docs/orders.md 5-7, 12, 13) and warns of
// attack lines that can never apply: every army attacking the area came
// from the sea, by boat or as reinforcements, and may not retreat (reduX
// Core 7.2.2, L&R 11.3, 11.4, 12). first and second are the attacking
// groups by area of each phase (second nil unless known), in the order
// their battles are fought by default.
func (t *turn) reviewBattles(first, second [][]entry, order1, order2 []games.AreaID) {
	top := t.in.Orders.Body
	var block []orders.Statement
	if t.lr != nil {
		top = t.lr.topLevel.Body
		block = t.lr.phase2Body
	}
	major := t.lr != nil && t.lr.major
	phase := func(p int) string {
		if !major {
			return ""
		}
		return []string{"", "in the first phase, ", "in the second phase, "}[p]
	}
	for p, order := range [][]games.AreaID{order1, order2} {
		body := top
		if p == 1 {
			body = block
		}
		if len(order) > 1 && !has(body, isBattles) {
			var names []string
			for _, a := range order {
				names = append(names, t.name(a))
			}
			t.defaulted(0, "reduX Core 7", "%sthe battles are fought in the order the moves entered them: %s", phase(p+1), strings.Join(names, ", then "))
		}
		groups := first
		if p == 1 {
			groups = second
		}
		for _, a := range order {
			t.reviewBattle(a, groups[a], p+1, body, phase(p+1))
		}
	}
	t.warnNoRetreat(top, func(a games.AreaID) bool {
		return t.mayRetreat(first[a], 1) || (second != nil && t.mayRetreat(second[a], 2))
	}, func(a games.AreaID) []entry { return append(append([]entry(nil), first[a]...), groupsOf(second, a)...) })
	if second != nil {
		t.warnNoRetreat(block[:len(block)-t.lr.phase2Copied], func(a games.AreaID) bool { return t.mayRetreat(second[a], 2) }, func(a games.AreaID) []entry { return second[a] })
	}
}

func groupsOf(g [][]entry, a games.AreaID) []entry {
	if g == nil {
		return nil
	}
	return g[a]
}

// reviewBattle lists the defaults of one battle of phase p (1 or 2).
func (t *turn) reviewBattle(a games.AreaID, groups []entry, p int, body []orders.Statement, phase string) {
	from := map[games.AreaID]bool{}
	for _, g := range groups {
		from[g.From] = true
	}
	if len(from) > 1 && !has(body, casualtiesFor(a)) {
		t.defaulted(0, "reduX Core 7.1", "%sin %s your armies that cannot retreat die first, then those that entered last", phase, t.name(a))
	}
	if _, ok := attackLine(body, a, false); !ok && t.mayRetreat(groups, p) {
		t.defaulted(0, "reduX Core 7.2", "%sin %s your armies fight on until one side is gone: no attack line", phase, t.name(a))
	}
	if t.lr == nil {
		return
	}
	def := -1
	for m, c := range t.s.Units[a] {
		if m != t.n && c > 0 {
			def = m
		}
	}
	if def >= 0 && t.s.Cavalry(a, def) > 0 && t.s.Infantry(a, def) > 0 && !has(body, targetFor(a)) {
		t.defaulted(0, "reduX L&R 9.1.2", "%sin %s a die of yours that can kill either type kills cavalry: no target line", phase, t.name(a))
	}
	if li := t.s.LeaderIn(a, t.n); li >= 0 {
		if _, ok := attackLine(body, a, true); !ok {
			t.defaulted(0, "reduX L&R 9.2.2", "%sin %s %s stays with his armies: no \"retreat leader\" line", phase, t.name(a), t.s.LR.Leaders[li].Name)
		}
	}
}

// warnNoRetreat warns of the retreat lines of body for areas where no
// attacking army may retreat.
func (t *turn) warnNoRetreat(body []orders.Statement, may func(games.AreaID) bool, groups func(games.AreaID) []entry) {
	for _, st := range body {
		at, ok := st.(orders.Attack)
		if !ok || at.Rule.Hold || at.Rule.Leader || len(groups(at.Area)) == 0 || may(at.Area) {
			continue
		}
		var why []string
		rule := "reduX Core 7.2.2"
		seen := map[string]bool{}
		for _, g := range groups(at.Area) {
			w := "land from the sea"
			switch {
			case g.Boat:
				w, rule = "came by boat", "reduX Core 7.2.2, L&R 12"
			case g.From == games.NoArea:
				w = "were placed there as reinforcements"
			}
			if !seen[w] {
				seen[w] = true
				why = append(why, w)
			}
		}
		t.warn(at.Line, rule, "the armies that attack %s %s, so they may not retreat and this line can never apply", t.name(at.Area), orJoin(why, "or"))
	}
}

// mayRetreat reports whether some attacking group may retreat in phase p
// (reduX Core 7.2.2: not from the sea, nor if placed there; L&R 11.3, 11.4:
// back to sea for raiders and in a Major Invasion's first phase; 12: not
// after a boat move).
func (t *turn) mayRetreat(groups []entry, p int) bool {
	for _, g := range groups {
		switch {
		case g.Boat || g.From == games.NoArea:
		case !t.b.IsLand(g.From):
			if t.lr != nil && (t.lr.raid || (t.lr.major && p == 1)) {
				return true
			}
		default:
			return true
		}
	}
	return false
}

// has reports whether body holds a statement that keep accepts.
func has(body []orders.Statement, keep func(orders.Statement) bool) bool {
	for _, st := range body {
		if keep(st) {
			return true
		}
	}
	return false
}

func isBattles(st orders.Statement) bool { _, ok := st.(orders.Battles); return ok }

func casualtiesFor(a games.AreaID) func(orders.Statement) bool {
	return func(st orders.Statement) bool { c, ok := st.(orders.Casualties); return ok && c.Area == a }
}

// targetFor accepts a target line for area a or for every area.
func targetFor(a games.AreaID) func(orders.Statement) bool {
	return func(st orders.Statement) bool {
		tg, ok := st.(orders.Target)
		return ok && (tg.Area == a || tg.Area == games.NoArea)
	}
}

// attackLine finds the attack line for an area in body: a leader's line
// ("retreat leader") or the armies'.
func attackLine(body []orders.Statement, a games.AreaID, leader bool) (orders.Rule, bool) {
	for _, st := range body {
		if at, ok := st.(orders.Attack); ok && at.Area == a && at.Rule.Leader == leader {
			return at.Rule, true
		}
	}
	return orders.Rule{}, false
}

// lrDefaults lists the Leaders and Raiders Decisions the file leaves to
// their defaults (docs/orders.md 15-21): raiders staying at sea or on land,
// the second phase of a Major Invasion, Cnut's crown, the Normans' cavalry.
func (t *turn) lrDefaults(known bool) {
	l := t.lr
	top := l.topLevel.Body
	if l.raid && (!l.major || known) {
		for a := t.b.NumLand; a < len(t.b.Areas); a++ {
			if k := len(l.raiders[a]); k > 0 && k == t.s.Units[a][t.n] {
				t.defaulted(0, "reduX L&R 11.4", "%s at sea in %s", count(k, "raider stays", "raiders stay"), t.name(games.AreaID(a)))
			}
		}
	}
	onLand := false
	for a := 0; a < t.b.NumLand; a++ {
		onLand = onLand || len(l.raiders[a]) > 0
	}
	withdraws := has(top, func(st orders.Statement) bool { _, ok := st.(orders.Withdraw); return ok })
	switch {
	case l.raid && l.mustReturn:
		t.defaulted(0, "reduX L&R 11.4", "every raider goes back to sea at the end of the turn, whatever the file says")
	case l.raid && onLand && !withdraws && !t.cnutTurn():
		t.defaulted(0, "reduX L&R 11.5", "the raiders on land stay there: no withdraw line")
	}
	if l.major && !has(top, func(st orders.Statement) bool { _, ok := st.(orders.Phase); return ok }) {
		t.defaulted(0, "reduX L&R 11.3", "nothing moves in the second phase of the Major Invasion: no \"phase 2:\" block; units still at sea then land by default")
	}
	if t.cnutTurn() && !has(top, func(st orders.Statement) bool { _, ok := st.(orders.Rex); return ok }) {
		t.defaulted(0, "reduX L&R 9.4", "the Danes become Rex Anglorum with Cnut if they qualify: no crown line")
	}
	if xt := t.e.extraTable(t.n); l.extra && xt != nil && xt.CavalryRate > 0 &&
		!has(top, func(st orders.Statement) bool { r, ok := st.(orders.Reinforce); return ok && r.Cavalry > 0 }) {
		t.defaulted(0, "reduX L&R 11.6.1", "the extra reinforcements are all infantry: no \"reinforce cavalry\" line")
	}
}
