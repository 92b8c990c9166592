package hybreasil

import (
	"strings"

	"github.com/pbem-org/pbem/adjudicator"
	"github.com/pbem-org/pbem/games"
	"github.com/pbem-org/pbem/orders"
)

// Permit is a standing order of a nation's owner (Hy Breasil 9.3.1
// Diplomacy): the named nations, if they have Diplomacy, may move through
// this nation's areas as if they were their own in their movement and
// combat phases, and may not attack this nation in those turns. Written
// "permit Sun, Moon". By mail a permission cannot wait for a question, so
// standing in the granting nation's standing orders is the asking and the
// answer; it lasts while the line stands, and the mover's turn reads it
// once, at its start (docs/orders.md).
type Permit struct {
	orders.At
	Nations []string // canonical nation names
}

// Encode implements orders.Statement.
func (p Permit) Encode(*games.Game) string { return "permit " + strings.Join(p.Nations, ", ") }

func decodePermit(r *orders.Reader, rest string) []orders.Statement {
	st := Permit{At: r.At()}
	for _, name := range splitList(foldSpace(rest)) {
		i, err := r.Game().Tables.NationIndex(name)
		if err != nil {
			r.Errorf("%v", err)
			return nil
		}
		st.Nations = append(st.Nations, r.Game().Tables.Nations[i].Name)
	}
	if len(st.Nations) == 0 {
		r.Errorf("write \"permit NATION, NATION\": the nations this nation lets pass through its areas (Hy Breasil 9.3.1 Diplomacy)")
		return nil
	}
	return []orders.Statement{st}
}

// permits reports whether nation m lets the acting nation through (9.3.1
// Diplomacy): the acting nation has Diplomacy and m's decision file holds
// a permit line naming it.
func permits(t *adjudicator.Turn, m adjudicator.NationID) bool {
	if m < 0 || m == t.N || !has(t.S, t.N, Diplomacy) {
		return false
	}
	f := t.DecisionFile(m)
	if f == nil {
		return false
	}
	for _, st := range f.Body {
		if p, ok := st.(Permit); ok {
			for _, name := range p.Nations {
				if name == t.Nation() {
					return true
				}
			}
		}
	}
	return false
}

// permitted reports whether land area a is held only by nations that let
// the mover through (9.3.1 Diplomacy), so that its steps count as the
// mover's own and its units move on through it; it is no help for
// connections in the support phase (Parts).
func (m *mover) permitted(a games.AreaID) bool {
	t := m.t
	if !t.B.IsLand(a) || t.S.Foreign(a, t.N) == 0 || !has(t.S, t.N, Diplomacy) {
		return false
	}
	for n := range t.E.NumNations() {
		if n != t.N && t.S.Units(a, n) > 0 && !permits(t, n) {
			return false
		}
	}
	return true
}
