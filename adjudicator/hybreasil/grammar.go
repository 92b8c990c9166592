package hybreasil

import (
	"strconv"
	"strings"

	"github.com/pbem-org/pbem/adjudicator"
	"github.com/pbem-org/pbem/games"
	"github.com/pbem-org/pbem/orders"
)

// Grammar is the Britannia family's order language (move, place, remove,
// attack, defend, phase, if) with Hy Breasil's own lines (reroll 6.1,
// submit 9.2, relinquish 5.3, city, permit and ability 9.3, land 5.1;
// docs/orders.md).
var Grammar = orders.Base().Extend(orders.Keyword{
	Name:     "reroll",
	Decode:   decodeReroll,
	Standing: true,
	Listed:   true,
	Once:     func(*games.Game, orders.Statement) string { return "reroll" },
}, orders.Keyword{
	Name:     "submit",
	Decode:   decodeSubmit,
	Standing: true,
	Listed:   true,
	Once:     func(*games.Game, orders.Statement) string { return "submit" },
}, orders.Keyword{
	Name:     "relinquish",
	Decode:   decodeRelinquish,
	Standing: true,
	Listed:   true,
	Once:     func(*games.Game, orders.Statement) string { return "relinquish" },
}, orders.Keyword{
	Name:   "city",
	Decode: decodeCity,
	Listed: true,
}, orders.Keyword{
	Name:     "permit",
	Decode:   decodePermit,
	Standing: true,
	Listed:   true,
	Once:     func(*games.Game, orders.Statement) string { return "permit" },
}, orders.Keyword{
	Name:   "ability",
	Decode: decodeAbility,
	Listed: true,
}, orders.Keyword{
	Name:   "land",
	Decode: decodeLand,
	Listed: true,
	Once:   func(*games.Game, orders.Statement) string { return "land" },
}).WithStanding("defend", "reroll", "submit", "permit", "relinquish") // checkStanding: no target lines

// Land is a new nation's choice of the sea it enters in (Hy Breasil 5.1,
// 5.2: "any sea area of his choice (except inland seas)"), made in its
// first turn's orders: its units wait in the default sea until then
// (docs/orders.md). Written "land Whale Road".
type Land struct {
	orders.At
	Sea games.AreaID
}

// Encode implements orders.Statement.
func (l Land) Encode(g *games.Game) string { return "land " + g.Board.AreaName(l.Sea) }

func decodeLand(r *orders.Reader, rest string) []orders.Statement {
	a, ok := r.Area(rest, "")
	if !ok {
		return nil
	}
	return []orders.Statement{Land{At: r.At(), Sea: a}}
}

// Reroll is a nation's reroll policy (Hy Breasil 6.1): reroll the listed
// events at the cost of a civilization token while it has fewer than
// Below tokens (0: always), or Never. Written "reroll never" or "reroll
// plague, civil war while civ < 2".
type Reroll struct {
	orders.At
	Events []string
	Below  int
	Never  bool
}

// Encode implements orders.Statement.
func (r Reroll) Encode(*games.Game) string {
	if r.Never {
		return "reroll never"
	}
	s := "reroll " + strings.Join(r.Events, ", ")
	if r.Below > 0 {
		s += " while civ < " + strconv.Itoa(r.Below)
	}
	return s
}

func decodeReroll(r *orders.Reader, rest string) []orders.Statement {
	st := Reroll{At: r.At()}
	rest = strings.ToLower(strings.TrimSpace(rest))
	if rest == "never" {
		st.Never = true
		return []orders.Statement{st}
	}
	list, cond, hasCond := strings.Cut(rest, " while ")
	if hasCond {
		n, ok := strings.CutPrefix(strings.Join(strings.Fields(cond), " "), "civ < ")
		v, err := strconv.Atoi(n)
		if !ok || err != nil || v <= 0 {
			r.Errorf("write the condition as \"while civ < N\", N a positive number (Hy Breasil 6.1)")
			return nil
		}
		st.Below = v
	}
	for _, ev := range strings.Split(list, ",") {
		ev = strings.Join(strings.Fields(ev), " ")
		if !oneOf(ev, eventNames) {
			r.Errorf("%q is not a random event (Hy Breasil 6.1: %s), or write \"reroll never\"", ev, strings.Join(eventNames, ", "))
			return nil
		}
		st.Events = append(st.Events, ev)
	}
	return []orders.Statement{st}
}

func foldSpace(s string) string { return strings.Join(strings.Fields(strings.ToLower(s)), " ") }

func cutPrefix(s, p string) (string, bool) { return strings.CutPrefix(s, p) }

// splitList splits "a, b" into trimmed, non-empty parts.
func splitList(s string) []string {
	var out []string
	for _, p := range strings.Split(s, ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

// rerollPolicy is the policy a nation rerolls by.
type rerollPolicy struct {
	events []string
	below  int
}

func (p rerollPolicy) wants(ev string, civ int) bool {
	return oneOf(ev, p.events) && (p.below == 0 || civ < p.below)
}

// policy is the mover's reroll policy (6.1): its file's reroll line, else
// its standing orders' (a policy a player sets once), else the tables'
// default (reroll Plague and Civil war while fewer than 2 civilization
// tokens; docs/orders.md).
func policy(t *adjudicator.Turn) rerollPolicy {
	files := []*orders.File{t.In.Orders, t.Standing(t.N)}
	for _, f := range files {
		if f == nil {
			continue
		}
		for _, st := range f.Body {
			if r, ok := st.(Reroll); ok {
				if r.Never {
					return rerollPolicy{}
				}
				return rerollPolicy{events: r.Events, below: r.Below}
			}
		}
	}
	d := D(t.E).Reroll
	return rerollPolicy{events: d.Events, below: d.WhileCivBelow}
}
