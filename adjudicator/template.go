package adjudicator

// Template is what the orders template of a nation turn says beyond its
// envelope (docs/orders.md): what the player must decide, and sections of
// notes and order lines on the nation's position. A ruleset writes it
// (Orders.Template); the templates package adds the envelope (game,
// nation, turn, token, deadline) and lays it out.
type Template struct {
	// Decide lists, one sentence each, what the player must decide this
	// turn, with the defaults that apply if they do not; the player's
	// report shows it above the template.
	Decide []string
	// Sections follow the envelope, in order.
	Sections []TemplateSection
	// Unavoidable is how many units the suggested turn loses to a limit
	// that, as far as the ruleset's plan sees, no turn could avoid (Hy
	// Breasil 6.4: a weak leader with more units than its areas support
	// and no empty land in reach); a note of the template says so with
	// the number.
	Unavoidable int
}

// TemplateSection is one section of an orders template: its title
// ("Movement (reduX Core 6)") and its items.
type TemplateSection struct {
	Title string
	Items []TemplateItem
}

// TemplateItem is a comment paragraph (Note), an order line (Order) in
// the ruleset's grammar, or both, the note first. The order line is
// commented out unless Live: a live line is part of the file as mailed,
// so a file of the template's live lines must pass the engine's check
// (Engine.Check).
type TemplateItem struct {
	Note, Order string
	Live        bool
}

// Template is the orders template of the nation turn due in s
// (Orders.Template), nil when no nation turn is due. A ruleset without
// one gets an empty Template: the envelope alone.
func (e *Engine) Template(s *State) *Template {
	st := e.Due(s)
	if st.Kind != NationTurn {
		return nil
	}
	if f := e.R.Orders.Template; f != nil {
		t := f(e, s, st.Nation)
		return &t
	}
	return &Template{}
}
