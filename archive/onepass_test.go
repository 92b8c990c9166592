package archive

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/pbem-org/pbem/adjudicator"
	"github.com/pbem-org/pbem/games"
	"github.com/pbem-org/pbem/orders"
)

// passes counts what a step must do once (issue 20, "one pass per step"):
// Engine.Due worked out (the ruleset's Due), an order file decoded (its
// "turn:" line read by the grammar's TurnFunc) and a state built anew
// (the ruleset's Setup: NewState, and UnmarshalState, which starts from
// it).
type passes struct{ due, decodes, states int }

// wrap is a copy of e whose ruleset counts into p. It is a reduX engine:
// the turn ids are the base grammar's (orders.NationTurn).
func (p *passes) wrap(e *adjudicator.Engine) *adjudicator.Engine {
	c, rs := *e, *e.R
	due, setup := rs.Adjudication.Due, rs.Adjudication.Setup
	rs.Adjudication.Due = func(e *adjudicator.Engine, s *adjudicator.State) adjudicator.Step {
		p.due++
		return due(e, s)
	}
	rs.Adjudication.Setup = func(e *adjudicator.Engine) *adjudicator.State {
		p.states++
		return setup(e)
	}
	rs.Orders.Grammar = e.Grammar().WithTurn(func(g *games.Game, value, nation string) (string, error) {
		p.decodes++
		return orders.NationTurn(g, value, nation)
	})
	c.R = &rs
	return &c
}

// TestOnePassAdvance: Advance works out what is due once (for the state
// it makes: the next step's, which its report, Due and the next Advance
// read), decodes the order file once and reads no state back from the
// files it wrote, whoever entered the orders; a missed turn's bot asks
// the engine as it likes, but the order file it writes is decoded once.
func TestOnePassAdvance(t *testing.T) {
	f := newGame(t)
	var p passes
	f.g.r.e = p.wrap(f.g.r.e)
	for i := 0; i < 9; i++ { // r01 and the first turn of r02
		due := f.g.Due()
		nmr := i == 3
		switch {
		case due.Nation == "" || nmr:
		case i == 2:
			text := strings.Replace(f.botText(uint64(i)), "token: "+f.token(due.Nation)+"\n", "", 1)
			if _, err := f.g.SubmitGM("", text, testTime); err != nil {
				t.Fatal(err)
			}
		default:
			if _, err := f.g.Submit("", f.botText(uint64(i)), testTime); err != nil {
				t.Fatal(err)
			}
		}
		p = passes{}
		st, err := f.g.Advance(nmr)
		if err != nil {
			t.Fatalf("%s: %v", due.ID, err)
		}
		wantDecodes := 0
		if due.Nation != "" {
			wantDecodes = 1
		}
		if p.decodes != wantDecodes || p.states != 0 || (!nmr && p.due != 1) {
			t.Errorf("%s (nmr %v): Due %d times, %d order files decoded, %d states built; want Due once, %d decoded, none built",
				st.ID, nmr, p.due, p.decodes, p.states, wantDecodes)
		}
		p = passes{}
		f.g.Public(st, "")
		if p.due != 0 {
			t.Errorf("%s: the step's public report works out Due %d times; the step knows it", st.ID, p.due)
		}
	}
	if err := Verify(f.dir); err != nil {
		t.Fatal(err)
	}
}

// TestOnePassVerify: verify replays each step with one Due, its order
// file decoded once, and no state built but the start's, in an archive
// where no turn was missed (the bot that replays a missed turn is not the
// step's).
func TestOnePassVerify(t *testing.T) {
	f := newGame(t)
	turns := 0
	for i := 0; i < 14; i++ { // two rounds
		if due := f.g.Due(); due.Nation != "" {
			if _, err := f.g.Submit("", f.botText(uint64(i)), testTime); err != nil {
				t.Fatal(err)
			}
			turns++
		}
		if _, err := f.g.Advance(false); err != nil {
			t.Fatal(err)
		}
	}
	var p passes
	v := &verifier{dir: filepath.Clean(f.dir), ve: &VerifyError{Dir: f.dir}, st: &Verified{}, wrap: p.wrap}
	v.run()
	if len(v.ve.Problems) > 0 || len(v.ve.Mismatch) > 0 {
		t.Fatal(v.ve)
	}
	if v.st.Replayed != 14 || turns == 0 {
		t.Fatalf("%d steps replayed, %d nation turns; want 14 and some", v.st.Replayed, turns)
	}
	if p.due != v.st.Replayed || p.decodes != turns || p.states != 1 {
		t.Errorf("verify of %d steps (%d nation turns): Due %d times, %d order files decoded, %d states built; want Due once a step, each order file decoded once, the start's state alone built",
			v.st.Replayed, turns, p.due, p.decodes, p.states)
	}
}
