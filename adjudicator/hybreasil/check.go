package hybreasil

import (
	"fmt"
	"slices"
	"strings"

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
	checkBody(t, t.In.Orders.Body)
	if t.E.Plays(adjudicator.HBOrderChecks) {
		checkLines(t, t.In.Orders.Body)
		checkCounts(t, t.In.Orders.Body)
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
				t.Problemf(x.Line, "Hy Breasil 6.1", "the %s nation has one second movement and combat phase: write its moves in one phase 2 block", t.Nation())
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
	t.Problemf(line, "Hy Breasil 5.1, 5.2", "a land line comes first, before any move: the nation chooses its sea before it moves")
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
	if msg, rule := optionMissing(t.G, st); msg != "" {
		t.Problemf(st.Pos(), rule, "%s", msg)
	}
}

// optionMissing says why a line needs an option the game does not use,
// with the rule; "" when it needs none or the game uses it.
func optionMissing(g *games.Game, st orders.Statement) (msg, rule string) {
	if kw, opt, rule := optionOf(st); kw != "" && !g.HasOption(opt) {
		return fmt.Sprintf("%q is played only with option %s, which this game does not use", kw, opt), rule
	}
	return "", ""
}

// standingLine refuses a standing submit or permit line of nation self
// (switch hb-standing-checks): without its option, or naming self (9.2,
// 9.3.1).
func standingLine(e *adjudicator.Engine, self string, st orders.Statement) orders.Errors {
	var errs orders.Errors
	if msg, rule := optionMissing(e.G, st); msg != "" {
		errs = append(errs, &orders.Error{Line: st.Pos(), Illegal: true, Rule: rule, Msg: msg})
	}
	if msg, rule := selfLine(self, st); msg != "" {
		errs = append(errs, &orders.Error{Line: st.Pos(), Illegal: true, Rule: rule, Msg: msg})
	}
	return errs
}

// optionOf is a line's keyword, the option it needs and its rule; "" for
// a line that needs none.
func optionOf(st orders.Statement) (kw, opt, rule string) {
	switch st.(type) {
	case Ability:
		return "ability", "abilities", "Hy Breasil 9.3"
	case City:
		return "city", "abilities", "Hy Breasil 9.3.1"
	case Permit:
		return "permit", "abilities", "Hy Breasil 9.3.1"
	case Submit:
		return "submit", "submission", "Hy Breasil 9.2"
	}
	return "", "", ""
}

// ownLine refuses a nation permitting (9.3.1 Diplomacy) or submitting to
// (9.2) itself, and a relinquish line naming a nation its owner does not
// own (5.3: "relinquish one of his existing nations").
func ownLine(t *adjudicator.Turn, st orders.Statement) {
	if msg, rule := selfLine(t.Nation(), st); msg != "" {
		t.Problemf(st.Pos(), rule, "%s", msg)
	}
	r, ok := st.(Relinquish)
	if !ok || r.Nation == "" {
		return
	}
	seat := t.S.Nations[t.N].Owner
	var mine []string
	named := false
	for m := range t.S.Nations {
		if InPlay(t.S, m) && t.S.Nations[m].Owner == seat {
			mine = append(mine, t.E.NationName(m))
			named = named || t.E.NationName(m) == r.Nation
		}
	}
	if !named {
		who := seatName(t.E, seat)
		t.Problemf(r.Line, "Hy Breasil 5.3", "the %s nation is not %s's: relinquish one of %s's nations (%s), \"smallest\" or \"never\"", r.Nation, who, who, strings.Join(mine, ", "))
	}
}

// selfLine says why a permit or submit line of nation self names self,
// with the rule; "" for none.
func selfLine(self string, st orders.Statement) (msg, rule string) {
	switch x := st.(type) {
	case Permit:
		if slices.Contains(x.Nations, self) {
			return "the " + self + " nation cannot permit itself", "Hy Breasil 9.3.1"
		}
	case Submit:
		if slices.Contains(x.To, self) {
			return "the " + self + " nation cannot submit to itself", "Hy Breasil 9.2"
		}
	}
	return "", ""
}

func checkBody(t *adjudicator.Turn, body []orders.Statement) {
	for _, st := range body {
		switch x := st.(type) {
		case orders.Move:
			checkPath(t, x)
		case orders.Place:
			if x.N > 1 || !t.B.IsLand(x.Area) || !t.S.Has(x.Area, t.N) {
				t.Problemf(x.Line, "Hy Breasil 6.2", "a new unit goes to a land area the %s nation occupies, one an area", t.Nation())
			}
		case orders.Phase:
			if x.N != 2 {
				t.Problemf(x.Line, "Hy Breasil 6.1", "a nation has at most two movement and combat phases (Strong leader): write phase 2")
			}
			checkBody(t, x.Body)
		case orders.If:
			checkBody(t, x.Then)
		case orders.Remove, orders.Attack, orders.Defend, Reroll, Land, Submit, Ability, Permit, Relinquish, City:
		default:
			t.Problemf(st.Pos(), "Hy Breasil", "%q means nothing in Hy Breasil", orders.EncodeStatement(st, t.G))
		}
	}
}

func checkPath(t *adjudicator.Turn, mv orders.Move) {
	p := mv.Path
	if len(p) < 2 {
		t.Problemf(mv.Line, "Hy Breasil 6.3", "a move needs at least two areas")
		return
	}
	if mv.Unit != "" {
		t.Problemf(mv.Line, "Hy Breasil 2", "Hy Breasil has one kind of unit")
	}
	for i := 1; i < len(p); i++ {
		if ok, _ := t.B.Adjacent(p[i-1], p[i]); !ok {
			t.Problemf(mv.Line, "Hy Breasil 6.3", "%s is not adjacent to %s", t.Name(p[i]), t.Name(p[i-1]))
			return
		}
	}
	if !t.B.IsLand(p[len(p)-1]) {
		t.Problemf(mv.Line, "Hy Breasil 6.3", "no unit ends its movement in a sea area (%s)", t.Name(p[len(p)-1]))
	}
}
