package templates

import (
	"strconv"
	"strings"

	"github.com/pbem-org/pbem/adjudicator"
)

// Header is what an orders template's envelope needs besides the state.
type Header struct {
	Game     string // game id
	Token    string // the player's secret token; empty writes a placeholder
	Deadline string // when the orders are due, as the GM wrote it
	// NoToken leaves the token line out (commented, with why): on a forum
	// the players post their orders in public and the GM enters them.
	NoToken bool
	// Ahead is the turn due when the template is for a later turn of the
	// round, drawn from today's position: the template says so.
	Ahead string
	// Links are where the player reads the order syntax.
	Links Links
}

// Links are the addresses of the documents a player's mail points to
// (the daemon's config, links:): each "" where none is set, and the mail
// says where the text comes instead. A mail never names a file of pbem's
// source, which a player by mail does not have.
type Links struct {
	Rules  string // the rules summary of the game's ruleset
	Orders string // the order syntax (docs/orders.md, published)
	Dice   string // the dice check (docs/dice.md, published)
}

// OrdersAttached is the name of the order syntax attached to a mail where
// no address is set (Links.Orders).
const OrdersAttached = "pbem-order-syntax.txt"

// OrdersRef says where the order syntax is: its address, else how to have
// it by mail (the answer to "help" attaches it), or on a forum from the
// GM.
func (l Links) OrdersRef(forum bool) string {
	switch {
	case l.Orders != "":
		return l.Orders
	case forum:
		return "the GM has it"
	}
	return `send "help" to have it attached (` + OrdersAttached + ")"
}

// ordersData is what tmpl/orders.txt.tmpl lays out: the envelope and the
// ruleset's sections (adjudicator.Template).
type ordersData struct {
	IDWord                              string // what the id names: "turn" (r07-saxons), "step" where a round has a nation turn per step of its own word ("turn 3")
	Nation, Turn, Game, Token, Deadline string
	NoToken                             bool
	Syntax                              string // where the order syntax is (Links.OrdersRef)
	Ahead                               string
	When                                string // "round 7 (VII, 485-560)"
	Sections                            []adjudicator.TemplateSection
}

// OrdersTemplate writes a commented orders template for the nation whose
// turn is due in s (docs/orders.md): the envelope (game, nation, turn,
// token, salt), then the ruleset's sections (Engine.Template): for each
// Decision what the defaults would do and commented examples the player
// edits and uncomments; live lines, such as invaders' landings, are part
// of the file as mailed. It returns "" when no nation turn is due. Lines
// are at most Width characters.
func OrdersTemplate(e *adjudicator.Engine, s *adjudicator.State, h Header) string {
	t := e.Template(s)
	if t == nil {
		return ""
	}
	return ordersText(e, s, t, h)
}

// ordersText lays out the orders template t of the nation turn due in s
// under its envelope.
func ordersText(e *adjudicator.Engine, s *adjudicator.State, t *adjudicator.Template, h Header) string {
	d := ordersData{IDWord: "turn", Nation: e.NationName(e.Due(s).Nation), Turn: e.TurnID(s), Game: h.Game, Token: h.Token, Deadline: h.Deadline,
		When: "round " + strconv.Itoa(s.Round), NoToken: h.NoToken, Ahead: h.Ahead, Sections: t.Sections,
		Syntax: h.Links.OrdersRef(h.NoToken)}
	if word, _ := e.RoundWords(); word != "Round" { // a ruleset's own word for a round, "turn 3" (Texts.RoundWord)
		d.When, d.IDWord = strings.ToLower(word)+" "+strconv.Itoa(s.Round), "step"
	}
	if d.Game == "" {
		d.Game = "GAME-ID"
	}
	if d.Token == "" {
		d.Token = "YOUR-TOKEN"
	}
	if tr := e.G.Tables.Round(s.Round); tr != nil && tr.Label != "" && tr.Label != strconv.Itoa(s.Round) {
		d.When += " (" + tr.Label
		if tr.Years != "" {
			d.When += ", " + tr.Years
		}
		d.When += ")"
	}
	return renderText(tmplOrders, d)
}
