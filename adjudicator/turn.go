package adjudicator

import (
	"fmt"

	"github.com/pbem-org/pbem/dice"
	"github.com/pbem-org/pbem/games"
	"github.com/pbem-org/pbem/orders"
)

// Turn is the working state of one step: the position being changed (a
// copy of the step's start), the inputs, the dice, the events and errors.
// A ruleset's stages read and change it through its methods; a library a
// ruleset is built on keeps its own bookkeeping of the turn in X (the
// Britannia-family library's family.Turn), else the ruleset keeps its own
// there.
type Turn struct {
	stageRule string // the rule of the stage running (StageRule)
	E         *Engine
	G         *games.Game
	B         *games.Board
	S         *State
	Step      Step
	// N is the nation acting: the mover of a nation turn, or the nation a
	// round event's stage acts for (As); -1 otherwise.
	N  NationID
	In Input
	D  dice.Roller
	// Strict is set while an order file is checked: problems are errors,
	// not skipped statements.
	Strict bool
	// X is the bookkeeping of the turn of the ruleset, or of the library
	// it is built on, set by its stages.
	X any

	errs orders.Errors
	ev   []Event

	notes    bool   // Review: collect warnings and defaults
	warnings []Note // statements that can never apply (Review)
	defaults []Note // Decisions left to their defaults (Review)
}

func (e *Engine) newTurn(s *State, st Step, in Input, d dice.Roller, strict bool) *Turn {
	return &Turn{E: e, G: e.G, B: e.G.Board, S: s.Clone(), Step: st, N: st.Nation, In: in, D: d, Strict: strict}
}

// run runs the step's stages of the given parts, in the ruleset's order.
func (t *Turn) run(parts ...Part) {
	for _, st := range t.E.R.Adjudication.Stages(t) {
		for _, p := range parts {
			if st.Part == p {
				t.stageRule = st.Rule
				st.Run(t)
				break
			}
		}
	}
}

// Events are the events so far.
func (t *Turn) Events() []Event { return t.ev }

// Nation is the acting nation's name.
func (t *Turn) Nation() string { return t.E.NationName(t.N) }

// Name is an area's name.
func (t *Turn) Name(a games.AreaID) string { return t.B.AreaName(a) }

// Emit records an event, a fact; its nation is the acting nation unless
// set. Its words are the ruleset's (Engine.Text), drawn when a view is.
func (t *Turn) Emit(ev Event) {
	if ev.Nation == "" && t.N >= 0 {
		ev.Nation = t.Nation()
	}
	ev.Text = ""
	t.ev = append(t.ev, ev)
}

// Cite is s with the citations of the library the ruleset is built on
// made the ruleset's own (Texts.Cite), for the words made in a turn.
func (t *Turn) Cite(s string) string { return t.E.Cite(s) }

// Cite is s, words or a rule, with the citations of the library the
// ruleset is built on made the ruleset's own (Texts.Cite: classic
// Britannia cites its rules where the Britannia-family library cites
// reduX), and the citations players cannot look up rewritten as ones they
// can (Texts.Refs). Without either, s unchanged.
func (e *Engine) Cite(s string) string {
	tx := e.R.View.Texts
	if tx == nil {
		return s
	}
	if tx.Cite != nil {
		s = tx.Cite(s)
	}
	if tx.Refs != nil {
		s = tx.Refs(s)
	}
	return s
}

// StageRule is the rule of the stage running ("" outside the stages).
func (t *Turn) StageRule() string { return t.stageRule }

// As runs f with nation m acting, for a round event's stages that place
// or score for one nation (reduX L&R 10.6).
func (t *Turn) As(m NationID, f func()) {
	saved := t.N
	t.N = m
	defer func() { t.N = saved }()
	f()
}

// Problem records a statement that cannot be carried out, a fact named
// what (its words are the ruleset's, View.Words) with its values args
// (Event.Args): an Illegal error when checking a file, a skipped-statement
// event when playing the turn.
func (t *Turn) Problem(line int, what string, args ...any) {
	ev := Event{Kind: EvSkipped, What: what, Line: line, Args: Args(args...)}
	if t.N >= 0 {
		ev.Nation = t.Nation()
	}
	if t.Strict {
		words, rule, _ := t.E.Say(ev)
		t.errs = append(t.errs, &orders.Error{Line: line, Illegal: true, Rule: rule, Msg: words})
		return
	}
	t.Emit(ev)
}

// Limit records a limit the turn does not meet, a fact named what with
// its values args: an error when checking a file, an event when playing
// it (a limit is only enforced where some legal file can meet it).
func (t *Turn) Limit(what string, args ...any) {
	if t.Strict {
		t.Problem(0, what, args...)
		return
	}
	t.Emit(Event{Kind: EvLimit, What: what, Args: Args(args...)})
}

// Args are the further values of a fact (Event.Args) as their words name
// them: names as they are, numbers in decimal.
func Args(args ...any) []string {
	if len(args) == 0 {
		return nil
	}
	out := make([]string, len(args))
	for i, a := range args {
		out[i] = fmt.Sprint(a)
	}
	return out
}

// Notes reports whether the turn is a Review's, which collects warnings
// and defaults (Warn, Defaulted).
func (t *Turn) Notes() bool { return t.notes }

// Statements returns the turn file's statements of type T, in file order.
func Statements[T orders.Statement](t *Turn) []T {
	var out []T
	if t.In.Orders == nil {
		return out
	}
	for _, st := range t.In.Orders.Body {
		if x, ok := st.(T); ok {
			out = append(out, x)
		}
	}
	return out
}

// Standing returns nation m's standing orders in force, or nil.
func (t *Turn) Standing(m NationID) *orders.File {
	if m >= 0 && m < len(t.In.Standing) {
		return t.In.Standing[m]
	}
	return nil
}

// DecisionFile is where nation m's Decisions in this turn are read from
// (docs/orders.md): the turn's order file for the mover, the standing
// orders for any other nation (they answer what a nation must decide in
// someone else's turn). Nil means every Decision takes its default.
func (t *Turn) DecisionFile(m NationID) *orders.File {
	if m == t.Step.Nation && t.Step.Kind == NationTurn {
		return t.In.Orders
	}
	return t.Standing(m)
}

// Award gives nation m whole victory points, with a score event: the
// fact given (its What, Args and any other facts its words name) with the
// nation, the points (N, VP) and the kind.
func (t *Turn) Award(m NationID, vp int, fact Event) {
	t.S.AddVP(m, vp)
	fact.Kind, fact.Nation, fact.N, fact.VP = EvScore, t.E.NationName(m), vp, VP(vp)
	t.Emit(fact)
}

// Errors are the errors found so far while checking.
func (t *Turn) Errors() orders.Errors { return t.errs }
