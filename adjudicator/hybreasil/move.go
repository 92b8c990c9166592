package hybreasil

import (
	"github.com/pbem-org/pbem/adjudicator"
	"github.com/pbem-org/pbem/games"
	"github.com/pbem-org/pbem/orders"
)

// mover is one movement and combat phase's bookkeeping (Hy Breasil 6.3).
type mover struct {
	t *adjudicator.Turn
	// fresh are the mover's units in each area that have not moved this
	// phase (6.3.3: each unit moves once).
	fresh []int
	// pending is the area of the battle the moves so far make, fought
	// before a move to another area (6.3.1); NoArea for none.
	pending games.AreaID
}

// movement is the movement and combat phase (Hy Breasil 6.3), twice with
// Strong leader (6.1): the file's top-level moves in the first, its
// "phase 2:" block in the second. Units still at sea at the end of a
// phase are lost to the nation's unused tokens (6.3: "no unit can end its
// movement phase in a sea area"; pbem's reading, docs/rulesets.md).
func movement(t *adjudicator.Turn) {
	if !InPlay(t.S, t.N) {
		return
	}
	var first, second []orders.Statement
	if t.In.Orders != nil {
		for _, st := range t.In.Orders.Body {
			if ph, ok := st.(orders.Phase); ok {
				if ph.N == 2 {
					second = append(second, ph.Body...)
				} else {
					t.Problem(ph.Line, "phase-extra")
				}
				continue
			}
			first = append(first, st)
		}
	}
	phases := 1
	if tx(t).event == StrongLeader {
		phases = 2
	} else if len(second) > 0 {
		t.Problem(second[0].Pos(), "phase-2-unplayed", t.Nation())
	}
	for ph := 1; ph <= phases && InPlay(t.S, t.N); ph++ {
		tx(t).phase = ph
		body := first
		if ph == 2 {
			body = second
			happen(t, adjudicator.EvPhase, "second-phase")
		}
		m := &mover{t: t, fresh: make([]int, len(t.B.Areas)), pending: games.NoArea}
		for a := range t.B.Areas {
			m.fresh[a] = t.S.Units(games.AreaID(a), t.N)
		}
		m.run(body)
		m.resolve()
		lostAtSea(t)
		removeEmpty(t)
	}
}

// run plays statements in order: moves, and "if AREA taken:" / "if AREA
// lost:" blocks, decided once the battle before them is fought.
func (m *mover) run(body []orders.Statement) {
	for _, st := range body {
		if !InPlay(m.t.S, m.t.N) {
			return
		}
		switch x := st.(type) {
		case orders.Move:
			m.move(x)
		case orders.If:
			m.resolve()
			if m.t.S.Holds(x.Area, m.t.N) == x.Taken {
				m.run(x.Then)
			}
		}
	}
}

// resolve fights the pending battle (6.3.1).
func (m *mover) resolve() {
	if m.pending != games.NoArea {
		a := m.pending
		m.pending = games.NoArea
		fight(m.t, a)
	}
}

// own reports whether the mover occupies area a.
func (m *mover) own(a games.AreaID) bool { return m.t.S.Has(a, m.t.N) || m.permitted(a) }

// move carries out one move line (6.3): units that have not moved, along
// adjacent areas, at most two steps between areas not both the nation's,
// never on through land another nation occupies, ending on land; ending
// in another nation's area is an attack (6.3.1), fought before any move to
// another area.
func (m *mover) move(mv orders.Move) {
	t, p := m.t, mv.Path
	if len(p) < 2 {
		t.Problem(mv.Line, "path-short")
		return
	}
	dest := p[len(p)-1]
	if m.pending != games.NoArea && dest != m.pending {
		m.resolve()
	}
	if pr := m.pathProblem(p); pr.What != "" {
		t.Problem(mv.Line, pr.What, pr.Args...)
		return
	}
	n := m.fresh[p[0]]
	if mv.N > 0 && mv.N < n {
		n = mv.N
	}
	if n == 0 {
		t.Problem(mv.Line, "no-fresh-unit", t.Nation(), t.Name(p[0]))
		return
	}
	attack := t.S.Foreign(dest, t.N) > 0
	if attack && tx(t).event == WeakLeader {
		t.Problem(mv.Line, "weak-leader", t.Nation())
		return
	}
	if def := defender(t, dest); attack && permits(t, def) {
		t.Problem(mv.Line, "diplomacy-no-attack", t.E.NationName(def), t.Nation())
		return
	}
	if def := defender(t, dest); attack && !mayAttack(t.S, t.N, def) {
		t.Problem(mv.Line, "submitted-no-attack", t.Nation(), t.E.NationName(def))
		return
	}
	t.S.Add(p[0], t.N, Army, -n)
	t.S.Add(dest, t.N, Army, n)
	m.fresh[p[0]] -= n
	var path []string
	for _, a := range p {
		path = append(path, t.Name(a))
	}
	t.Emit(adjudicator.Event{Kind: adjudicator.EvMove, What: "move-units", Path: path, N: n, Line: mv.Line})
	if attack {
		m.pending = dest
	}
}

// pathProblem is the fact of what is wrong with a path (6.3), none for
// nothing.
func (m *mover) pathProblem(p []games.AreaID) problem {
	t, b := m.t, m.t.B
	steps, nav := 0, has(t.S, t.N, Navigation)
	for i := 1; i < len(p); i++ {
		x, y := p[i-1], p[i]
		if ok, _ := b.Adjacent(x, y); !ok {
			return problem{"not-adjacent", []any{t.Name(y), t.Name(x)}}
		}
		switch {
		case m.own(x) && m.own(y):
		case nav && !b.IsLand(x) && !b.IsLand(y):
			nav = false // 9.3.1 Navigation: two seas crossed as one
		default:
			steps++
		}
		if i < len(p)-1 && b.IsLand(y) && t.S.Foreign(y, t.N) > 0 && !m.permitted(y) {
			return problem{"stops-in", []any{t.Name(y)}}
		}
	}
	if steps > maxB {
		return problem{"steps", []any{steps}}
	}
	if !b.IsLand(p[len(p)-1]) {
		return problem{"ends-at-sea", []any{t.Name(p[len(p)-1])}}
	}
	return problem{}
}

func joinPath(p []string) string {
	out := ""
	for i, a := range p {
		if i > 0 {
			out += " > "
		}
		out += a
	}
	return out
}

// lostAtSea returns the mover's units left at sea to its unused tokens
// (Hy Breasil 6.3: no unit ends its movement phase in a sea area).
func lostAtSea(t *adjudicator.Turn) {
	for a := t.B.NumLand; a < len(t.B.Areas); a++ {
		if c := t.S.Units(games.AreaID(a), t.N); c > 0 {
			t.S.Add(games.AreaID(a), t.N, Army, -c)
			happen(t, adjudicator.EvRemove, "lost-at-sea", c, t.Name(games.AreaID(a)))
		}
	}
}
