package archive

import (
	"errors"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/pbem-org/pbem/adjudicator"
	"github.com/pbem-org/pbem/adjudicator/family"
	"github.com/pbem-org/pbem/adjudicator/redux"
	"github.com/pbem-org/pbem/games"
	"github.com/pbem-org/pbem/orders"
	"github.com/pbem-org/pbem/rulesets"
)

// muster is a statement of a test ruleset's own, declared outside package
// orders: "muster York" raises one more army in York at the start of the
// turn.
type muster struct {
	orders.At
	Area games.AreaID
}

func (m muster) Encode(g *games.Game) string { return "muster " + orders.AreaName(g, m.Area) }

// registerMuster registers "redux-muster": reduX Core with the keyword
// muster in its grammar (adjudicator.Ruleset.Grammar) and a stage that
// plays it.
var registerMuster = sync.OnceFunc(func() {
	r := redux.Ruleset
	r.Orders.Grammar = orders.Base().Extend(orders.Keyword{Name: "muster", Decode: func(rd *orders.Reader, rest string) []orders.Statement {
		id, ok := rd.Area(rest, "")
		if !ok {
			return nil
		}
		return []orders.Statement{muster{At: rd.At(), Area: id}}
	}})
	r.Adjudication.Stages = func(t *adjudicator.Turn) []adjudicator.Stage {
		if t.Step.Kind != adjudicator.NationTurn {
			return redux.Stages(t)
		}
		raise := adjudicator.Stage{Name: "muster", Rule: "none", Part: adjudicator.Setup, Run: func(t *adjudicator.Turn) {
			for _, m := range adjudicator.Statements[muster](t) {
				t.S.Add(m.Area, t.Step.Nation, family.Infantry, 1)
			}
		}}
		return append([]adjudicator.Stage{raise}, redux.Stages(t)...)
	}
	data := *r.Ruleset
	data.Name = "redux-muster"
	games.Register(&data)
	r.Ruleset = &data
	rulesets.Register(&r)
})

// TestRulesetGrammar: the archive reads a game's order files with its
// ruleset's grammar (adjudicator.Ruleset.Grammar): a keyword of the
// ruleset's own is accepted by Check and Submit, by unique prefix, echoed
// in canonical form, played, and read again when the game is verified; a
// misspelling gets "did you mean" over the ruleset's keywords.
func TestRulesetGrammar(t *testing.T) {
	registerMuster()
	play := func(name, extra string) (*fixture, *Step, games.AreaID, adjudicator.NationID) {
		dir := filepath.Join(t.TempDir(), name)
		g, tokens, err := Create(dir, NewGame{Ruleset: "redux-muster", Players: testPlayers, Created: testTime}, testRand("ashdown"))
		if err != nil {
			t.Fatal(err)
		}
		g.now = func() time.Time { return testTime }
		f := &fixture{t: t, dir: dir, g: g, tokens: tokens}
		n, err := g.Rules().Tables.NationIndex(g.Due().Nation)
		if err != nil {
			t.Fatal(err)
		}
		home := games.NoArea
		for a := range g.Rules().Board.Areas {
			if home == games.NoArea && g.State().Units(games.AreaID(a), n) > 0 {
				home = games.AreaID(a)
			}
		}
		text := f.botText(1) + "\n" + strings.ReplaceAll(extra, "AREA", g.Rules().Board.AreaName(home)) + "\n"
		rc, err := g.Check(text)
		if err != nil {
			t.Fatalf("Check: %v\n%s", err, text)
		}
		if extra != "" && !strings.Contains(rc.Orders, "\nmuster "+g.Rules().Board.AreaName(home)+"\n") {
			t.Errorf("the canonical echo has no muster line:\n%s", rc.Orders)
		}
		return f, f.play(text), home, n
	}
	f, with, home, n := play("with", "mus AREA")
	_, without, _, _ := play("without", "")
	if got, want := with.State.Count(home, n, family.Infantry), without.State.Count(home, n, family.Infantry)+1; got != want {
		t.Errorf("%d armies in %s after the muster, want %d", got, f.g.Rules().Board.AreaName(home), want)
	}
	if err := Verify(f.dir); err != nil {
		t.Errorf("Verify: %v", err)
	}
	_, err := f.g.Check("game: ashdown\nnation: " + f.g.Due().Nation + "\nturn: " + f.g.Due().ID + "\n\nmustre York\n")
	var rej *RejectedError
	if !errors.As(err, &rej) || !strings.Contains(rej.Error(), `"mustre" is not a keyword (did you mean muster?)`) {
		t.Errorf("a misspelt keyword of the ruleset: %v", err)
	}
}
