package adjudicator

import (
	"fmt"
	"sort"

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
	t := e.newTurn(s, st, Input{Orders: f, Standing: standing}, nil, true)
	t.notes = notes
	t.run(Setup, Moving, Checking)
	return &Review{Errors: sortErrors(t.errs), Warnings: sortNotes(t.warnings), Defaults: sortNotes(t.defaults)}
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
