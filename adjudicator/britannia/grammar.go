package britannia

import (
	"strings"

	"github.com/pbem-org/pbem/games"
	"github.com/pbem-org/pbem/orders"
)

// Grammar is classic Britannia's order language: the Britannia family's
// keywords (orders.Base) and three of its own (docs/orders.md, "Classic
// Britannia"): "submit to NATION" (seed 002 §5 Submission, a standing
// order: the submitting side decides, usually in another nation's turn),
// "vote NATION" (seed 004 The bretwalda: every nation votes at the end of
// VIII-X) and "burhs AREA, ..." (seed 002 §5 Saxon Burhs, XII-XIII).
var Grammar = orders.Base().Extend(
	orders.Keyword{Name: "submit", Decode: decodeSubmit, Standing: true, Listed: true,
		Once: func(*games.Game, orders.Statement) string { return "submit" }},
	orders.Keyword{Name: "vote", Decode: decodeVote, Standing: true, Listed: true,
		Once: func(*games.Game, orders.Statement) string { return "vote" }},
	orders.Keyword{Name: "burhs", Decode: decodeBurhs, Listed: true,
		Once: func(*games.Game, orders.Statement) string { return "burhs" }},
).WithStanding("defend", "submit", "vote") // checkStanding: no target lines

// Submit is "submit to NATION": the nation submits to NATION as soon as
// the thresholds allow (seed 002 §5 Submission).
type Submit struct {
	orders.At
	To string
}

// Encode implements orders.Statement.
func (s Submit) Encode(*games.Game) string { return "submit to " + s.To }

// Vote is "vote NATION": the nation's Bretwalda vote (seed 004).
type Vote struct {
	orders.At
	For string
}

// Encode implements orders.Statement.
func (v Vote) Encode(*games.Game) string { return "vote " + v.For }

// BuyBurhs is "burhs AREA, ...": a burh in each area, 2 population points
// each (seed 002 §5 Saxon Burhs).
type BuyBurhs struct {
	orders.At
	Areas []games.AreaID
}

// Encode implements orders.Statement.
func (b BuyBurhs) Encode(g *games.Game) string { return "burhs " + orders.AreaNames(g, b.Areas, ", ") }

// nationWord reads a nation's name, giving its name as the tables spell it.
func nationWord(r *orders.Reader, w, example string) (string, bool) {
	w = strings.TrimSpace(w)
	if w == "" {
		r.Errorf("name a nation, like %q", example)
		return "", false
	}
	t := r.Game().Tables
	i, err := t.NationIndex(w)
	if err != nil {
		r.Errorf("%v", err)
		return "", false
	}
	return t.Nations[i].Name, true
}

func decodeSubmit(r *orders.Reader, rest string) []orders.Statement {
	w := strings.TrimSpace(rest)
	if f := strings.Fields(w); len(f) > 0 && strings.EqualFold(f[0], "to") {
		w = strings.TrimSpace(w[len(f[0]):])
	}
	n, ok := nationWord(r, w, "submit to Romans")
	if !ok {
		return nil
	}
	return []orders.Statement{Submit{At: r.At(), To: n}}
}

func decodeVote(r *orders.Reader, rest string) []orders.Statement {
	w := strings.TrimSpace(rest)
	if f := strings.Fields(w); len(f) > 0 && strings.EqualFold(f[0], "for") {
		w = strings.TrimSpace(w[len(f[0]):])
	}
	n, ok := nationWord(r, w, "vote Saxons")
	if !ok {
		return nil
	}
	return []orders.Statement{Vote{At: r.At(), For: n}}
}

func decodeBurhs(r *orders.Reader, rest string) []orders.Statement {
	as, ok := r.Areas(rest, "burhs", "burhs Wessex, Sussex")
	if !ok {
		return nil
	}
	return []orders.Statement{BuyBurhs{At: r.At(), Areas: as}}
}
