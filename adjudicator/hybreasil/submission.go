package hybreasil

import (
	"github.com/pbem-org/pbem/adjudicator"
	"github.com/pbem-org/pbem/games"
	"github.com/pbem-org/pbem/orders"
)

// Submit is a nation's standing answer to an attack under option
// "submission" (Hy Breasil 9.2): submit to any attacker, to the listed
// nations only, or never (the default). Written "submit", "submit to Star,
// Moon" or "submit never".
type Submit struct {
	orders.At
	To    []string // canonical nation names; empty: any attacker
	Never bool
}

// Encode implements orders.Statement.
func (s Submit) Encode(*games.Game) string {
	switch {
	case s.Never:
		return "submit never"
	case len(s.To) > 0:
		out := "submit to "
		for i, n := range s.To {
			if i > 0 {
				out += ", "
			}
			out += n
		}
		return out
	}
	return "submit"
}

func decodeSubmit(r *orders.Reader, rest string) []orders.Statement {
	st := Submit{At: r.At()}
	switch w := foldSpace(rest); {
	case w == "":
	case w == "never":
		st.Never = true
	default:
		list, ok := cutPrefix(w, "to ")
		if !ok {
			r.Errorf("write \"submit\", \"submit to NATION, NATION\" or \"submit never\" (Hy Breasil 9.2)")
			return nil
		}
		for _, name := range splitList(list) {
			i, err := r.Game().Tables.NationIndex(name)
			if err != nil {
				r.Errorf("%v", err)
				return nil
			}
			st.To = append(st.To, r.Game().Tables.Nations[i].Name)
		}
	}
	return []orders.Statement{st}
}

// submits reports whether the defender submits to the attacker before a
// battle (9.2): the option is on, neither is submitted to another, and the
// defender's standing orders say so.
func submits(t *adjudicator.Turn, def adjudicator.NationID) bool {
	x := X(t.S)
	if !t.G.HasOption("submission") || x.Lord[def] >= 0 || x.Lord[t.N] >= 0 {
		return false
	}
	f := t.DecisionFile(def)
	if f == nil {
		return false
	}
	for _, st := range f.Body {
		if s, ok := st.(Submit); ok {
			if s.Never {
				return false
			}
			if len(s.To) == 0 {
				return true
			}
			for _, n := range s.To {
				if n == t.Nation() {
					return true
				}
			}
			return false
		}
	}
	return false
}

// submit makes def submit to the mover (9.2): the attackers withdraw from
// the area as attackers retreat (6.3.2; with nowhere to go they are lost,
// pbem's reading), and nations that had submitted to def are free.
func submit(t *adjudicator.Turn, a games.AreaID, def adjudicator.NationID) {
	X(t.S).Lord[def] = t.N
	happen(t, EvSubmit, "submits", t.E.NationName(def))
	for _, ab := range X(t.S).Abilities[def] {
		grant(t, t.N, ab) // 9.3: the lord gains the abilities of its vassal
	}
	free(t, def, "freed-lord-submits", t.Nation())
	c := t.S.Units(a, t.N)
	if to := retreatTo(t, a, t.N, nil); to != games.NoArea {
		t.S.Add(a, t.N, Army, -c)
		t.S.Add(to, t.N, Army, c)
		happen(t, adjudicator.EvRetreat, "withdraws", c, t.Name(a), t.Name(to))
		return
	}
	t.S.Add(a, t.N, Army, -c)
	happen(t, adjudicator.EvRemove, "withdraw-lost", c, t.Name(a))
}

// free ends the submission of every nation submitted to lord (9.2); why
// is the fact of each nation freed, by why (freed-lord-submits with the
// nation its lord submits to, freed-civil-war, freed-lord-gone).
func free(t *adjudicator.Turn, lord adjudicator.NationID, why string, args ...any) {
	x := X(t.S)
	for m := range x.Lord {
		if x.Lord[m] == lord && m != lord {
			x.Lord[m] = -1
			happen(t, EvSubmit, why, append([]any{t.E.NationName(m)}, args...)...)
		}
	}
}

// mayAttack reports whether the mover may attack def: not when either has
// submitted to the other (9.2).
func mayAttack(s *adjudicator.State, n, def adjudicator.NationID) bool {
	x := X(s)
	return x.Lord[n] != def && x.Lord[def] != n
}

// submissionEnds applies the random event's effect on submission (9.2):
// Strong leader or Reinforcements free a submitted nation, Weak leader has
// it absorbed by its lord (it then takes no further part in its turn, true),
// and a Civil war frees the nations submitted to the mover.
func submissionEnds(t *adjudicator.Turn, ev string) bool {
	x := X(t.S)
	if ev == CivilWar {
		free(t, t.N, "freed-civil-war")
	}
	lord := x.Lord[t.N]
	if lord < 0 {
		return false
	}
	switch ev {
	case StrongLeader, Reinforcements:
		x.Lord[t.N] = -1
		happen(t, EvSubmit, "freed-by-event", t.E.NationName(lord), ev)
	case WeakLeader:
		absorb(t, lord)
		return true
	}
	return false
}

// absorb replaces the mover's units by its lord's, as far as the lord has
// unused tokens (the rest are removed), and removes the mover from play
// (9.2).
func absorb(t *adjudicator.Turn, lord adjudicator.NationID) {
	happen(t, EvSubmit, "absorbed", t.E.NationName(lord))
	for a := range t.B.Areas {
		id := games.AreaID(a)
		c := t.S.Units(id, t.N)
		if c == 0 {
			continue
		}
		k := min(c, Pool(t.E, t.S, lord))
		t.S.Add(id, t.N, Army, -c)
		if k > 0 {
			t.S.Add(id, lord, Army, k)
			if X(t.S).City[id] == t.N {
				X(t.S).City[id] = lord // its city with its units (pbem's reading of 9.2, 9.3.1)
			}
		}
	}
	removeNation(t, t.N, "gone-absorbed", t.E.NationName(lord))
}

// split divides the v VP nation m earns: half rounded up to its lord's
// owner while it is submitted (9.2), the rest to its own.
func split(s *adjudicator.State, m adjudicator.NationID, v int) (mine, lords int) {
	if X(s).Lord[m] < 0 {
		return v, 0
	}
	lords = (v + 1) / 2
	return v - lords, lords
}

// score gives nation m's owner v VP for the event Civilization (6.1),
// sharing them with its lord's owner while m is submitted (9.2).
func score(t *adjudicator.Turn, m adjudicator.NationID, v int) {
	x := X(t.S)
	mine, lords := split(t.S, m, v)
	seat := t.S.Nations[m].Owner
	x.VP[seat] += mine
	happen(t, adjudicator.EvScore, "civilization-vp", seatName(t.E, seat), mine, t.E.NationName(m))
	if lords > 0 {
		ls := t.S.Nations[x.Lord[m]].Owner
		x.VP[ls] += lords
		happen(t, adjudicator.EvScore, "lord-vp", seatName(t.E, ls), lords, t.E.NationName(x.Lord[m]))
	}
}
