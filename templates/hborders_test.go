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

// TestHyBreasilOrdersTemplate: a Hy Breasil orders template's sections
// give commented order lines in Hy Breasil's own grammar (docs/orders.md,
// "Decisions of a Hy Breasil nation turn"): moves and an attack (6.3), the attacker's
// retreat (6.3.2), the reroll policy (6.1), where to enter in a nation's
// first turn (5.1: "land SEA", a line when the suggested turn enters
// elsewhere, else in words), and with their options "ability" and "city"
// (9.3) and "submit" (9.2), naming real areas of the nation's position.
// Every suggested line is a comment: the template as mailed passes the
// orders check, and uncommented together the lines are understood (that
// they are accepted and lose nothing to a limit is
// TestFirstRoundsFromTemplate). Before, the section had no example line.
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
		want := []string{"move", "attack", "land", "reroll"} // "if AREA taken:" only where an attack's target borders empty land
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
			if it.Order == "" {
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
		t.Fatalf("the template has no suggested line:\n%s", text)
	}
	first := hybreasil.X(s).Entered[e.Due(s).Nation] == s.Round
	if land := strings.HasPrefix(uncommented[0], "land "); land && !first {
		t.Errorf("a land line after the nation's first turn:\n%s", text)
	}
	if first && !strings.HasPrefix(uncommented[0], "land ") && !strings.Contains(text, "\"land ") {
		t.Errorf("a first turn's template says nothing of where to enter (land SEA):\n%s", text)
	}
	if first {
		seen["land"] = true
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
