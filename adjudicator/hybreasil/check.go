package hybreasil

import (
	"github.com/pbem-org/pbem/adjudicator"
	"github.com/pbem-org/pbem/orders"
)

// checkOrders is the checking stage of a Hy Breasil file (the stages that
// play it all roll dice, 6.1): what can be known before the turn is
// played. Lines of the Britannia games that mean nothing here are
// refused; a move's path must be adjacent areas ending on land (6.3); a
// place line puts one unit in an area the nation occupies (6.2); a phase
// block is "phase 2:" (Strong leader, 6.1).
func checkOrders(t *adjudicator.Turn) {
	if t.In.Orders == nil {
		return
	}
	checkBody(t, t.In.Orders.Body)
}

func checkBody(t *adjudicator.Turn, body []orders.Statement) {
	for _, st := range body {
		switch x := st.(type) {
		case orders.Move:
			checkPath(t, x)
		case orders.Place:
			if x.N > 1 || !t.B.IsLand(x.Area) || !t.S.Has(x.Area, t.N) {
				t.Problem(x.Line, "Hy Breasil 6.2", "a new unit goes to a land area the %s nation occupies, one an area", t.Nation())
			}
		case orders.Phase:
			if x.N != 2 {
				t.Problem(x.Line, "Hy Breasil 6.1", "a nation has at most two movement and combat phases (Strong leader): write phase 2")
			}
			checkBody(t, x.Body)
		case orders.If:
			checkBody(t, x.Then)
		case orders.Remove, orders.Attack, orders.Defend, Reroll, Land, Submit, Ability, Permit, Relinquish, City:
		default:
			t.Problem(st.Pos(), "Hy Breasil", "%q means nothing in Hy Breasil", orders.EncodeStatement(st, t.G))
		}
	}
}

func checkPath(t *adjudicator.Turn, mv orders.Move) {
	p := mv.Path
	if len(p) < 2 {
		t.Problem(mv.Line, "Hy Breasil 6.3", "a move needs at least two areas")
		return
	}
	if mv.Unit != "" {
		t.Problem(mv.Line, "Hy Breasil 2", "Hy Breasil has one kind of unit")
	}
	for i := 1; i < len(p); i++ {
		if ok, _ := t.B.Adjacent(p[i-1], p[i]); !ok {
			t.Problem(mv.Line, "Hy Breasil 6.3", "%s is not adjacent to %s", t.Name(p[i]), t.Name(p[i-1]))
			return
		}
	}
	if !t.B.IsLand(p[len(p)-1]) {
		t.Problem(mv.Line, "Hy Breasil 6.3", "no unit ends its movement in a sea area (%s)", t.Name(p[len(p)-1]))
	}
}
