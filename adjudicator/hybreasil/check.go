package hybreasil

import (
	"slices"

	"github.com/pbem-org/pbem/adjudicator"
	"github.com/pbem-org/pbem/games"
	"github.com/pbem-org/pbem/orders"
)

// checkOrders is the checking stage of a Hy Breasil file (the stages that
// play it all roll dice, 6.1): what can be known before the turn is
// played. Lines of the Britannia games that mean nothing here are
// refused; a move's path must be adjacent areas ending on land (6.3); a
// place line puts one unit in an area the nation occupies (6.2); a phase
// block is "phase 2:" (Strong leader, 6.1). With switch hb-order-checks
// it also refuses what earlier engines took and played around
// (checkLines, checkCounts).
func checkOrders(t *adjudicator.Turn) {
	if t.In.Orders == nil {
		return
	}
	if t.E.Plays(adjudicator.CheckKnowable) {
		splitKnown(t) // the position the moves start from
	}
	checkBody(t, t.In.Orders.Body)
	if t.E.Plays(adjudicator.HBOrderChecks) {
		checkLines(t, t.In.Orders.Body)
		checkCounts(t, t.In.Orders.Body)
	}
	if t.E.Plays(adjudicator.CheckKnowable) {
		knowable(t, t.In.Orders.Body)
	}
}

// checkLines refuses (switch hb-order-checks) a second "phase 2:" block
// (Strong leader gives one second phase, 6.1), a land line after a move
// or in a block (the nation chooses its sea before it moves, 5.1, 5.2),
// and every line that optionLine or ownLine refuses.
func checkLines(t *adjudicator.Turn, body []orders.Statement) {
	moved, phase2 := false, false
	for _, st := range body {
		switch x := st.(type) {
		case orders.Move:
			moved = true
		case Land:
			if moved {
				landFirst(t, x.Line)
			}
		case orders.Phase:
			if x.N == 2 && phase2 {
				t.Problem(x.Line, "phase2-twice", t.Nation())
			}
			phase2 = phase2 || x.N == 2
			moved = true
		case orders.If:
			moved = true
		}
	}
	walk(body, 0, func(st orders.Statement, depth int) {
		if _, ok := st.(Land); ok && depth > 0 {
			landFirst(t, st.Pos())
		}
		optionLine(t, st)
		ownLine(t, st)
	})
}

func landFirst(t *adjudicator.Turn, line int) {
	t.Problem(line, "land-first")
}

// walk calls f on each statement of body and of the blocks in it, with
// how deep in blocks it stands.
func walk(body []orders.Statement, depth int, f func(st orders.Statement, depth int)) {
	for _, st := range body {
		f(st, depth)
		switch x := st.(type) {
		case orders.Phase:
			walk(x.Body, depth+1, f)
		case orders.If:
			walk(x.Then, depth+1, f)
		}
	}
}

// optionLine refuses a line of an advanced rule the game does not play:
// ability, city and permit need option abilities (9.3, 9.3.1), submit
// option submission (9.2).
func optionLine(t *adjudicator.Turn, st orders.Statement) {
	if p := optionMissing(t.G, st); p.What != "" {
		t.Problem(st.Pos(), p.What, p.Args...)
	}
}

// problem is a fact a line's check finds, by its name (Words) and values;
// What "" for none.
type problem struct {
	What string
	Args []any
}

// optionMissing is the fact that a line needs an option the game does not
// use (option-KEYWORD, with the keyword and the option); none when it
// needs none or the game uses it.
func optionMissing(g *games.Game, st orders.Statement) problem {
	if kw, opt := optionOf(st); kw != "" && !g.HasOption(opt) {
		return problem{"option-" + kw, []any{kw, opt}}
	}
	return problem{}
}

// standingLine refuses a standing submit or permit line of nation self
// (switch hb-standing-checks): without its option, or naming self (9.2,
// 9.3.1).
func standingLine(e *adjudicator.Engine, self string, st orders.Statement) orders.Errors {
	var errs orders.Errors
	for _, p := range []problem{optionMissing(e.G, st), selfLine(self, st)} {
		if p.What == "" {
			continue
		}
		msg, rule, _ := e.Say(adjudicator.Event{Kind: adjudicator.EvSkipped, What: p.What, Line: st.Pos(), Args: adjudicator.Args(p.Args...)})
		errs = append(errs, &orders.Error{Line: st.Pos(), Illegal: true, Rule: rule, Msg: msg})
	}
	return errs
}

// optionOf is a line's keyword and the option it needs; "" for a line
// that needs none.
func optionOf(st orders.Statement) (kw, opt string) {
	switch st.(type) {
	case Ability:
		return "ability", "abilities"
	case City:
		return "city", "abilities"
	case Permit:
		return "permit", "abilities"
	case Submit:
		return "submit", "submission"
	}
	return "", ""
}

// ownLine refuses a nation permitting (9.3.1 Diplomacy) or submitting to
// (9.2) itself, and a relinquish line naming a nation its owner does not
// own (5.3: "relinquish one of his existing nations").
func ownLine(t *adjudicator.Turn, st orders.Statement) {
	if p := selfLine(t.Nation(), st); p.What != "" {
		t.Problem(st.Pos(), p.What, p.Args...)
	}
	r, ok := st.(Relinquish)
	if !ok || r.Nation == "" {
		return
	}
	seat := t.S.Nations[t.N].Owner
	args := []any{r.Nation, seatName(t.E, seat)} // then the seat's nations
	named := false
	for m := range t.S.Nations {
		if InPlay(t.S, m) && t.S.Nations[m].Owner == seat {
			args = append(args, t.E.NationName(m))
			named = named || t.E.NationName(m) == r.Nation
		}
	}
	if !named {
		t.Problem(r.Line, "relinquish-not-owned", args...)
	}
}

// selfLine is the fact that a permit or submit line of nation self names
// self (self-permit, self-submit); none where it does not.
func selfLine(self string, st orders.Statement) problem {
	switch x := st.(type) {
	case Permit:
		if slices.Contains(x.Nations, self) {
			return problem{"self-permit", []any{self}}
		}
	case Submit:
		if slices.Contains(x.To, self) {
			return problem{"self-submit", []any{self}}
		}
	}
	return problem{}
}

func checkBody(t *adjudicator.Turn, body []orders.Statement) {
	for _, st := range body {
		switch x := st.(type) {
		case orders.Move:
			checkPath(t, x)
		case orders.Place:
			if x.N > 1 || !t.B.IsLand(x.Area) || !t.S.Has(x.Area, t.N) {
				t.Problem(x.Line, "place-land", t.Nation())
			}
		case orders.Phase:
			if x.N != 2 {
				t.Problem(x.Line, "phase-not-2")
			}
			checkBody(t, x.Body)
		case orders.If:
			checkBody(t, x.Then)
		case orders.Remove, orders.Attack, orders.Defend, Reroll, Land, Submit, Ability, Permit, Relinquish, City:
		default:
			t.Problem(st.Pos(), "means-nothing", orders.EncodeStatement(st, t.G))
		}
	}
}

// pathSound reports whether a move's path passes checkPath: two areas or
// more, each adjacent to the one before, ending on land (6.3).
func pathSound(b *games.Board, mv orders.Move) bool {
	p := mv.Path
	if len(p) < 2 || !b.IsLand(p[len(p)-1]) {
		return false
	}
	for i := 1; i < len(p); i++ {
		if ok, _ := b.Adjacent(p[i-1], p[i]); !ok {
			return false
		}
	}
	return true
}

func checkPath(t *adjudicator.Turn, mv orders.Move) {
	p := mv.Path
	if len(p) < 2 {
		t.Problem(mv.Line, "path-short")
		return
	}
	if mv.Unit != "" {
		t.Problem(mv.Line, "unit-kind")
	}
	for i := 1; i < len(p); i++ {
		if ok, _ := t.B.Adjacent(p[i-1], p[i]); !ok {
			t.Problem(mv.Line, "not-adjacent", t.Name(p[i]), t.Name(p[i-1]))
			return
		}
	}
	if !t.B.IsLand(p[len(p)-1]) {
		t.Problem(mv.Line, "ends-at-sea", t.Name(p[len(p)-1]))
	}
}
