package templates

import (
	"errors"
	"strings"
	"testing"

	"github.com/pbem-org/pbem/adjudicator"
	"github.com/pbem-org/pbem/adjudicator/hybreasil"
	"github.com/pbem-org/pbem/bot"
	"github.com/pbem-org/pbem/games"
	"github.com/pbem-org/pbem/orders"
	"github.com/pbem-org/pbem/rulesets"
)

// TestHyBreasilOrdersTemplate: a Hy Breasil orders template's Orders
// section gives commented example lines in Hy Breasil's own grammar
// (docs/orders.md, "Decisions of a Hy Breasil nation turn"): moves and an
// attack with what to do if it is won or lost (6.3, 6.3.3: "if AREA
// taken:" / "if AREA lost:"), the attacker's retreat (6.3.2), the reroll
// policy (6.1), "land SEA" in a nation's first turn (5.1), and with their
// options "ability" and "city" (9.3) and "submit" (9.2), naming real areas
// of the nation's position. Every example is a comment: the template as
// mailed passes the orders check, and uncommented together the examples
// are understood. Before, the section had no example line.
func TestHyBreasilOrdersTemplate(t *testing.T) {
	stop := errors.New("enough")
	for _, opts := range [][]string{nil, {"abilities", "submission", "random-scoring"}} {
		g := games.MustLoad("hy-breasil", opts...)
		e := rulesets.New(g)
		e.Players = 4
		seen := map[string]bool{}
		n := 0
		_, err := bot.Play(e, 3, func(st bot.Step) error {
			text := OrdersTemplate(e, st.After, Header{Game: "hb", Token: "tok"})
			if text == "" {
				return nil
			}
			n++
			checkHBTemplate(t, e, st.After, text, seen)
			if n == 40 {
				return stop
			}
			return nil
		})
		if !errors.Is(err, stop) {
			t.Fatalf("%v: the bot game ended after %d templates: %v", opts, n, err)
		}
		want := []string{"move", "if", "attack", "land", "reroll"}
		if len(opts) > 0 {
			want = append(want, "ability", "city", "submit")
		}
		for _, kw := range want {
			if !seen[kw] {
				t.Errorf("%v: no template has an example %q line", opts, kw)
			}
		}
		for _, kw := range []string{"ability", "city", "submit"} {
			if len(opts) == 0 && seen[kw] {
				t.Errorf("a game without its option has an example %q line", kw)
			}
		}
	}
}

// checkHBTemplate checks one Hy Breasil template (TestHyBreasilOrdersTemplate),
// recording the keywords of its examples in seen.
func checkHBTemplate(t *testing.T, e *adjudicator.Engine, s *adjudicator.State, text string, seen map[string]bool) {
	t.Helper()
	gr := orders.Options{Grammar: e.Grammar()}
	f, errs := orders.DecodeWith(text, e.G, gr)
	if len(errs) > 0 {
		t.Fatalf("the template does not decode: %v\n%s", errs, text)
	}
	if errs := e.Check(s, f, nil); len(errs) > 0 {
		t.Fatalf("the template as sent is refused: %v\n%s", errs, text)
	}
	var uncommented []string
	for _, sec := range e.Template(s).Sections {
		for _, it := range sec.Items {
			if it.Order == "" || sec.Title != "Orders" {
				continue
			}
			if it.Live || !strings.Contains(text, "# "+it.Order+"\n") {
				t.Errorf("the example %q is not a comment line of the template", it.Order)
			}
			seen[strings.Fields(it.Order)[0]] = true
			uncommented = append(uncommented, it.Order)
		}
	}
	if len(uncommented) == 0 {
		t.Fatalf("the Orders section has no example line:\n%s", text)
	}
	first := hybreasil.X(s).Entered[e.Due(s).Nation] == s.Round
	if land := strings.HasPrefix(uncommented[0], "land "); land != first {
		t.Errorf("a land example, first, in a first turn: %v, want %v\n%s", land, first, text)
	}
	head := "game: hb\nnation: " + f.Nation + "\nturn: " + f.Turn + "\ntoken: tok\n"
	if _, errs := orders.DecodeWith(head+strings.Join(uncommented, "\n")+"\n", e.G, gr); len(errs) > 0 {
		t.Errorf("the examples uncommented are not understood: %v\n%s", errs, text)
	}
	for _, l := range uncommented {
		if strings.Contains(l, "AREA") || strings.Contains(l, "SEA") {
			t.Errorf("the example %q names no real area", l)
		}
	}
}
