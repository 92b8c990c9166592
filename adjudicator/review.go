package adjudicator

import (
	"fmt"
	"sort"

	"github.com/pbem-org/pbem/dice"
	"github.com/pbem-org/pbem/orders"
)

// Review is what checking an order file finds (docs/design.md §2): the
// errors that refuse it, every one with its line and rule, in line order;
// warnings about statements that are allowed but can never apply; and the
// Decisions the file leaves to their documented defaults (docs/orders.md),
// which the acknowledgement lists.
type Review struct {
	Errors   orders.Errors
	Warnings []Note
	Defaults []Note
}

// Note is a warning or a default of a Review: the order line it concerns
// (0 for the whole file), the rule section and the text.
type Note struct {
	Line int
	Rule string
	Msg  string
}

func (n Note) String() string {
	s := n.Msg
	s = orders.Cited(s, n.Rule)
	if n.Line > 0 {
		return fmt.Sprintf("line %d: %s", n.Line, s)
	}
	return s
}

// Check validates an order file against the state at the start of the turn
// it is for (docs/design.md §2: a file with any error is refused, with every
// error listed): Review's errors.
func (e *Engine) Check(s *State, f *orders.File, standing []*orders.File) orders.Errors {
	return e.review(s, f, standing, false).Errors
}

// Review checks an order file against the state at the start of the turn it
// is for. It plays the stages that need no dice on a copy, and in a Major
// Invasion the second Movement Phase too when the first makes no battle,
// so that its start is known: then its moves and the limits at its end
// (Core 6.4, the population limit measured from the start of the first
// phase) are checked like the first's (L&R 11.3); battle lines are checked
// against the battles the moves make. A file whose header lines could not
// be read (no nation or turn) is checked against the turn due, so that its
// reader gets every error at once.
func (e *Engine) Review(s *State, f *orders.File, standing []*orders.File) *Review {
	return e.review(s, f, standing, true)
}

// review is Review; without notes it leaves out the warnings and defaults,
// which the bot, checking file after file, does not read.
func (e *Engine) review(s *State, f *orders.File, standing []*orders.File, notes bool) *Review {
	refuse := func(format string, args ...any) *Review {
		return &Review{Errors: orders.Errors{{Illegal: true, Msg: fmt.Sprintf(format, args...)}}}
	}
	st := e.Due(s)
	if st.Kind != NationTurn {
		return refuse("no nation turn is due: the round is ending")
	}
	if f.Kind == orders.StandingOrders {
		return &Review{Errors: sortErrors(e.CheckStanding(f))}
	}
	due := e.NationName(st.Nation)
	if f.Nation != "" && f.Nation != due {
		return refuse("it is the %s turn, not the %s turn", possessive(due), possessive(f.Nation))
	}
	if f.Turn != "" && f.Turn != st.ID {
		return refuse("these orders are for turn %s but the turn due is %s", f.Turn, st.ID)
	}
	in := Input{Orders: f, Standing: standing}
	t := e.newTurn(s, st, in, nil, true)
	t.notes = notes
	t.run(Setup, Moving, Checking)
	errs := t.errs
	if e.Plays(CheckKnowable) {
		errs = addNew(errs, e.foresee(s, st, without(in, errs)))
	}
	return &Review{Errors: sortErrors(errs), Warnings: sortNotes(t.warnings), Defaults: sortNotes(t.defaults)}
}

// foresee plays step st of s with the inputs in as Play plays it, until
// the step asks for its first die (switch check-knowable): up to there
// the step is known from its start, so a statement Play would skip before
// it is a fault of the file, and is returned as an error, with the words
// of the skip (docs/design.md §2: two kinds of legality). What happens
// after the first die is the turn's to find; a die the ruleset sets aside
// (Adjudication.Aside) decides nothing the statements depend on, and is
// played past.
func (e *Engine) foresee(s *State, st Step, in Input) (errs orders.Errors) {
	t := e.newTurn(s, st, in, untilDice{e.R.Adjudication.Aside}, false)
	t.foreseen = true
	defer func() {
		if r := recover(); r != nil {
			if _, ok := r.(diceAsked); !ok {
				panic(r)
			}
			errs = t.errs
		}
	}()
	t.run(Setup, Moving, Fighting)
	return t.errs
}

// without is in with the statements that errs refuse left out of its
// file, with the blocks' statements (phase, if) that they refuse: the
// turn foresee plays would carry out a refused line its own way (a move
// of more units than there are moves those there), and the correct lines
// after it would then fail for it. A refused line moves nothing and
// takes nothing from the lines after it (issue 21: one bad line never
// makes correct lines fail). Errors of the whole file (line 0) leave
// out nothing.
func without(in Input, errs orders.Errors) Input {
	refused := map[int]bool{}
	for _, e := range errs {
		if e.Line > 0 {
			refused[e.Line] = true
		}
	}
	if len(refused) == 0 || in.Orders == nil {
		return in
	}
	f := *in.Orders
	f.Body = keep(f.Body, refused)
	in.Orders = &f
	return in
}

// keep is body without the statements on refused lines, entering phase
// and if blocks (copies: the file checked is not changed); a ruleset's
// own block is kept whole.
func keep(body []orders.Statement, refused map[int]bool) []orders.Statement {
	var out []orders.Statement
	for _, st := range body {
		if refused[st.Pos()] {
			continue
		}
		switch x := st.(type) {
		case orders.Phase:
			x.Body = keep(x.Body, refused)
			st = x
		case orders.If:
			x.Then = keep(x.Then, refused)
			st = x
		}
		out = append(out, st)
	}
	return out
}

// untilDice is the dice of foresee: it stops the step at its first die
// that is not aside (a 1 for those).
type untilDice struct{ aside func(dice.Label) bool }

// diceAsked is the panic by which untilDice stops a step (foresee
// recovers it).
type diceAsked struct{}

func (u untilDice) Roll(l dice.Label) int {
	if u.aside != nil && u.aside(l) {
		return 1
	}
	panic(diceAsked{})
}

// addNew appends to errs the errors of more on lines errs does not refuse
// already: checking and foresee play the same stages up to the battles,
// and a line the check refuses is skipped by the turn for the same fault,
// or for one that follows from it; a file's reader wants each fault once.
func addNew(errs, more orders.Errors) orders.Errors {
	refused := map[int]bool{}
	for _, e := range errs {
		refused[e.Line] = true
	}
	for _, e := range more {
		if !refused[e.Line] {
			refused[e.Line] = true
			errs = append(errs, e)
		}
	}
	return errs
}

// sortErrors puts errors in line order, whole-file errors (line 0) first,
// keeping the order of errors on one line (orders.Decode does the same).
func sortErrors(es orders.Errors) orders.Errors {
	sort.SliceStable(es, func(i, j int) bool { return es[i].Line < es[j].Line })
	return es
}

func sortNotes(ns []Note) []Note {
	sort.SliceStable(ns, func(i, j int) bool { return ns[i].Line < ns[j].Line })
	return ns
}

// Warn records a warning under Review: a statement that is allowed but can
// never apply.
func (t *Turn) Warn(line int, rule, format string, args ...any) {
	if t.notes {
		t.warnings = append(t.warnings, Note{Line: line, Rule: t.Cite(rule), Msg: t.Cite(fmt.Sprintf(format, args...))})
	}
}

// Defaulted records under Review a Decision the file leaves to its default.
func (t *Turn) Defaulted(line int, rule, format string, args ...any) {
	if t.notes {
		t.defaults = append(t.defaults, Note{Line: line, Rule: t.Cite(rule), Msg: t.Cite(fmt.Sprintf(format, args...))})
	}
}
