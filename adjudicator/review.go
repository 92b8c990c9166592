package adjudicator

import (
	"fmt"
	"sort"

	"github.com/pbem-org/pbem/games"
	"github.com/pbem-org/pbem/orders"
)

// Review is what checking an order file finds (DESIGN §2): the errors that
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
// it is for (DESIGN §2: a file with any error is refused, with every error
// listed): Review's errors.
func (e *Engine) Check(s *State, f *orders.File, standing []*orders.File) orders.Errors {
	return e.Review(s, f, standing).Errors
}

// Review checks an order file against the state at the start of the turn it
// is for. It plays Phases 1 and 2 on a copy, which need no dice, and in a
// Major Invasion the second Movement Phase too when the first makes no
// battle, so that its start is known (reduX L&R 11.3); battle lines are
// checked against the battles the moves make. It checks what the file
// holds: a file whose header lines could not be read (no nation or turn)
// is checked against the turn due, so that its reader gets every error at
// once.
func (e *Engine) Review(s *State, f *orders.File, standing []*orders.File) *Review {
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
	t.phase1()
	t.phase2()
	first := t.entries
	var second [][]entry
	known := false
	if t.lr != nil && t.lr.major {
		second, known = t.checkSecondPhase()
	}
	t.checkBattleStatements(first, second, known)
	if t.lr != nil { // Leaders and Raiders (lr_turn.go)
		t.lrCheckStatements(known)
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
	if t.strict {
		t.warnings = append(t.warnings, Note{Line: line, Rule: rule, Msg: fmt.Sprintf(format, args...)})
	}
}

// defaulted records a Decision the file leaves to its default.
func (t *turn) defaulted(line int, rule, format string, args ...any) {
	if t.strict {
		t.defaults = append(t.defaults, Note{Line: line, Rule: rule, Msg: fmt.Sprintf(format, args...)})
	}
}

// checkSecondPhase plays a Major Invasion's second Movement Phase when a
// file is checked (reduX L&R 11.3). Where it starts is known only when the
// first phase makes no battle; then its moves and the limits at its end
// (Core 6.4, with the population limit measured from the start of the
// first phase) are checked like the first's, and its battles are returned.
// Otherwise the dice decide where it starts and only its paths are checked
// (lrCheckStatements).
func (t *turn) checkSecondPhase() (second [][]entry, known bool) {
	if len(t.order) > 0 {
		return nil, false
	}
	t.lrSecondMovement()
	second = t.entries
	t.in.Orders = t.lr.topLevel
	return second, true
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
		g := append([]entry(nil), first[a]...)
		if known {
			g = append(g, second[a]...)
		}
		return g
	}
	isBattle := func(a games.AreaID) bool { return len(groups(a)) > 0 || (reach != nil && reach[a]) }
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
