package hybreasil

import (
	"github.com/pbem-org/pbem/adjudicator"
	"github.com/pbem-org/pbem/games"
	"github.com/pbem-org/pbem/orders"
)

// Relinquish is a player's answer when a new nation comes to them at the
// nation limit (Hy Breasil 5.3: "he must either refuse to accept the new
// nation or relinquish one of his existing nations"): "relinquish never"
// (refuse, the default), "relinquish smallest" (the nation with the fewest
// units on the board) or "relinquish NATION". A deal is a round event that
// waits for no mail, so the answer is given ahead, in a nation's orders or
// standing orders, and read when that nation plays its turn; a player's
// answer is the first of their nations' (in the order of the nations) that
// gives one (docs/orders.md).
type Relinquish struct {
	orders.At
	Nation          string // canonical name; "" with Smallest or Never
	Smallest, Never bool
}

// Encode implements orders.Statement.
func (r Relinquish) Encode(*games.Game) string {
	switch {
	case r.Never:
		return "relinquish never"
	case r.Smallest:
		return "relinquish smallest"
	}
	return "relinquish " + r.Nation
}

func decodeRelinquish(r *orders.Reader, rest string) []orders.Statement {
	st := Relinquish{At: r.At()}
	switch w := foldSpace(rest); w {
	case "never":
		st.Never = true
	case "smallest":
		st.Smallest = true
	case "":
		r.Errorf("write \"relinquish never\", \"relinquish smallest\" or \"relinquish NATION\" (Hy Breasil 5.3)")
		return nil
	default:
		i, err := r.Game().Tables.NationIndex(w)
		if err != nil {
			r.Errorf("%v", err)
			return nil
		}
		st.Nation = r.Game().Tables.Nations[i].Name
	}
	return []orders.Statement{st}
}

// noteRelinquish records the acting nation's answer at the nation limit
// from its orders, else its standing orders (Relinquish), for the deals of
// later invasion phases; no line leaves none.
func noteRelinquish(t *adjudicator.Turn) {
	x := X(t.S)
	x.Relinquish[t.N] = ""
	for _, f := range []*orders.File{t.In.Orders, t.Standing(t.N)} {
		if f == nil {
			continue
		}
		for _, st := range f.Body {
			if r, ok := st.(Relinquish); ok {
				x.Relinquish[t.N] = r.Encode(t.G)
				return
			}
		}
	}
}

// relinquished is the nation seat gives up to take nation n at the nation
// limit (5.3), by the first answer among its nations; -1 to refuse n.
func relinquished(t *adjudicator.Turn, seat int, n adjudicator.NationID) adjudicator.NationID {
	if !t.E.Plays(adjudicator.HBRelinquish) {
		return -1
	}
	x := X(t.S)
	for m := range t.S.Nations {
		if !InPlay(t.S, m) || t.S.Nations[m].Owner != seat || x.Relinquish[m] == "" {
			continue
		}
		switch pref := x.Relinquish[m]; pref {
		case "relinquish never":
			return -1
		case "relinquish smallest":
			return smallestOwned(t.S, seat, n)
		default:
			if k, err := t.E.NationIndex(pref[len("relinquish "):]); err == nil && k != n && InPlay(t.S, k) && t.S.Nations[k].Owner == seat {
				return k
			}
		}
	}
	return -1
}

// smallestOwned is seat's nation other than n with the fewest units on the
// board, the first at a tie; -1 for none.
func smallestOwned(s *adjudicator.State, seat int, n adjudicator.NationID) adjudicator.NationID {
	best := -1
	for m := range s.Nations {
		if m != n && InPlay(s, m) && s.Nations[m].Owner == seat && (best < 0 || s.OnBoard(m) < s.OnBoard(best)) {
			best = m
		}
	}
	return best
}
