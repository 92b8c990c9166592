// Package orders is pbem's order language: the envelope of an order file
// (game, nation, turn, token, salt), one statement per line, and the small
// fixed vocabulary of conditions that lets every Decision of a nation turn be
// answered in advance (docs/design.md §2). Decode reads a file people wrote; Encode
// writes the canonical form that the acknowledgement echoes, and
// Decode(Encode(f)) == f for every statement kind.
//
// The keywords are a table, a Grammar, that a ruleset extends with
// keywords of its own whose statements it declares in its own package
// (docs/rulesets.md, "Order keywords"). The files, by concern:
//
//	envelope.go  the header lines (ReadEnvelope, shared with the daemon)
//	turn.go      turn ids ("r05-saxons"; NationTurn, a grammar's TurnFunc)
//	grammar.go   the keyword table: Grammar, Keyword, prefix matching
//	decode.go    Decode: the header checks, blocks, once-only, standing orders
//	reader.go    Reader: what a keyword reads its line with (areas, counts)
//	keywords.go  the base grammar's keywords (Base) and retreat rules
//	cond.go      conditions ("when mine <= 1")
//	encode.go    the canonical form (each statement's Encode)
//	clean.go     mail and forum artefacts
//
// The catalogue of Decisions, with syntax, defaults and examples, is
// docs/orders.md.
package orders

import (
	"errors"
	"fmt"
	"strings"

	"github.com/pbem-org/pbem/games"
)

// Kind says what an order file is for.
type Kind int

const (
	// TurnOrders answer one nation turn.
	TurnOrders Kind = iota
	// StandingOrders say what a nation does when it must decide during
	// someone else's turn (defending, retreating); they stay in force until
	// replaced.
	StandingOrders
)

func (k Kind) String() string {
	if k == StandingOrders {
		return "standing"
	}
	return "turn"
}

// File is one decoded order file.
type File struct {
	Kind   Kind
	Game   string
	Nation string // canonical nation name
	Turn   string // the step id, e.g. "r05-saxons" (the grammar's TurnFunc); empty for standing orders
	Token  string
	Salt   string
	Body   []Statement
}

// Statement is one order line (or block). The base grammar's statements
// are declared here; a ruleset declares its own in its own package, with
// the keyword that reads them (Grammar, Keyword).
type Statement interface {
	// Pos is the 1-based line the statement came from (0 when built in code).
	Pos() int
	// Encode writes the statement canonically on one line, as the
	// acknowledgement and reports quote it, starting with its keyword in
	// full: the keyword's Decode reads it back to the same statement (line
	// apart). For a Block it writes the opening line only ("phase 2:").
	// g gives the area names (AreaName); it may be nil.
	Encode(g *games.Game) string
}

// Block is a statement that holds others: a phase or if block, or a
// ruleset's own. Encode writes Inner indented under its opening line.
type Block interface {
	Statement
	// Inner is the statements of the block, in order.
	Inner() []Statement
}

// Walk calls f for every statement of body in file order, entering
// blocks (phase, if, a ruleset's own): a block first, then the statements
// inside it.
func Walk(body []Statement, f func(Statement)) {
	for _, st := range body {
		f(st)
		if b, ok := st.(Block); ok {
			Walk(b.Inner(), f)
		}
	}
}

// At carries the source line of a statement.
type At struct{ Line int }

// Pos implements Statement.
func (a At) Pos() int { return a.Line }

// Place puts N new armies from population increase in an area
// (reduX Core 5.1.1).
type Place struct {
	At
	Area games.AreaID
	N    int
}

// Remove takes N armies off an area when a nation over its population limit
// must remove half the difference (reduX Core 5.1).
type Remove struct {
	At
	Area games.AreaID
	N    int
}

// Reinforce names the area where this turn's non-invader reinforcements are
// placed together (reduX Core 5.2.2). With Cavalry > 0 (and Area ==
// games.NoArea) it is "reinforce cavalry N" instead: take N cavalry in place
// of twice as many infantry (reduX L&R 11.6.1, the Normans' extra turn).
type Reinforce struct {
	At
	Area    games.AreaID
	Cavalry int
}

// Move moves N armies along a path: Path[0] is where they start (a land or
// sea area), each later element the next area entered (reduX Core 6). N == 0
// means every army of the nation in Path[0] that has not moved yet.
type Move struct {
	At
	N    int
	Path []games.AreaID
	// Unit selects a unit type for expansions; empty means armies of any
	// type. Leaders and Raiders (docs/orders.md) knows "infantry",
	// "cavalry", "leader" (the nation's leader with N armies, 0 = every
	// unmoved army of the area) and "leader alone".
	Unit string
}

// Battles gives the order in which the attacker resolves its battles
// (reduX Core 7). Areas not listed follow in the default order.
type Battles struct {
	At
	Areas []games.AreaID
}

// Casualties says which of the attacker's armies in a battle are lost first:
// those that entered from the listed areas, in that order (reduX Core 7.1:
// the owner chooses, which matters for 7.2.2 retreats).
type Casualties struct {
	At
	Area  games.AreaID
	First []games.AreaID
}

// Attack sets when the attacker falls back from a battle (reduX Core 7.2,
// 7.2.2). Attackers retreat to the areas they entered from.
type Attack struct {
	At
	Area games.AreaID
	Rule Rule
}

// Defend is a standing (or in-file) order for a nation attacked in an area:
// hold, or retreat when a condition holds (reduX Core 7.2, 7.2.1). Area ==
// games.NoArea means every area ("defend *").
type Defend struct {
	At
	Area games.AreaID
	Rule Rule
}

// Withdraw is a raider withdrawal (reduX L&R 11.5): N (0 = all) raiding
// units in Area go back to the sea they started the turn in; with Stay,
// they stay on land instead (a must-return turn's exception for Cnut, 9.4).
type Withdraw struct {
	At
	Area games.AreaID
	N    int
	Stay bool
}

// Target says which unit type the nation's dice kill in a battle against a
// force of cavalry and infantry, when a die could kill either (reduX L&R
// 9.1.2: the roller chooses). Area == games.NoArea means every battle
// ("target *"). Unit is "cavalry" or "infantry".
type Target struct {
	At
	Area games.AreaID
	Unit string
}

// Rex is the Danes' choice in the nation turn Cnut arrives whether to
// become Rex Anglorum at the start of the Raider Withdrawal Phase (reduX
// L&R 9.4): "crown yes" or "crown no".
type Rex struct {
	At
	Yes bool
}

// Phase is a block of statements for a later phase of the same nation turn,
// such as the second movement of a Major Invasion (reduX L&R 11.3). If,
// when not nil, makes the block conditional.
type Phase struct {
	At
	N    int
	Body []Statement
}

// If guards statements on the outcome of the turn so far:
// "if Kent taken: ..." or "if Kent lost: ...".
type If struct {
	At
	Area  games.AreaID
	Taken bool // true: "taken" (the nation is sole occupant); false: "lost"
	Then  []Statement
}

// Rule is what to do in a battle: Hold (never retreat), or Retreat N armies
// (0 = all) to the listed areas (in preference order) once When is true
// after a round of battle. A nil When means "always" (retreat at the first
// chance).
//
// Decode gives every retreat a non-nil When (Always{} for a bare "retreat"
// or "when always") and a Hold rule a nil one; Encode writes a nil or
// Always{} When as a bare "retreat". A To list is nil when empty.
type Rule struct {
	Hold bool
	N    int
	To   []games.AreaID
	When Cond
	// Leader makes the rule move the nation's leader alone out of the
	// battle, its armies staying (reduX L&R 9.2.2): "retreat leader".
	Leader bool
}

// Inner implements Block.
func (p Phase) Inner() []Statement { return p.Body }

// Inner implements Block.
func (i If) Inner() []Statement { return i.Then }

// Cond is a condition over a battle's situation.
type Cond interface {
	// Eval evaluates the condition in an environment.
	Eval(env Env) bool
	isCond()
}

// Env is what a condition can see: mine and theirs are the armies of the
// deciding nation and of its opponent in the battle area after the round;
// round is the battle round just fought (1-based); won is true only when a
// victorious attacker with a leader decides whether to retreat after the
// battle (reduX L&R 9.2.2).
type Env struct {
	Mine, Theirs, Round int
	Won                 bool
}

// Expr is an integer expression.
type Expr interface {
	Value(env Env) int
	isExpr()
}

// Num is an integer literal.
type Num int

// Var is mine, theirs or round.
type Var string

// Mul is a product of two expressions.
type Mul struct{ L, R Expr }

// Add is a sum or difference of two expressions.
type Add struct {
	L, R Expr
	Sub  bool
}

// Cmp compares two expressions with one of < <= > >= = !=.
type Cmp struct {
	L  Expr
	Op string
	R  Expr
}

// And is a conjunction.
type And struct{ L, R Cond }

// Or is a disjunction.
type Or struct{ L, R Cond }

// Not negates a condition.
type Not struct{ C Cond }

// Always is the condition that is always true.
type Always struct{}

// Won is true after a battle the deciding attacker has won (reduX L&R
// 9.2.2); a rule that does not mention it is never asked after a victory.
type Won struct{}

// Value implements Expr.
func (n Num) Value(Env) int { return int(n) }

// Value implements Expr.
func (v Var) Value(e Env) int {
	switch v {
	case "mine":
		return e.Mine
	case "theirs":
		return e.Theirs
	case "round":
		return e.Round
	}
	return 0
}

// Value implements Expr.
func (m Mul) Value(e Env) int { return m.L.Value(e) * m.R.Value(e) }

// Value implements Expr.
func (a Add) Value(e Env) int {
	if a.Sub {
		return a.L.Value(e) - a.R.Value(e)
	}
	return a.L.Value(e) + a.R.Value(e)
}

// Eval implements Cond.
func (c Cmp) Eval(e Env) bool {
	l, r := c.L.Value(e), c.R.Value(e)
	switch c.Op {
	case "<":
		return l < r
	case "<=":
		return l <= r
	case ">":
		return l > r
	case ">=":
		return l >= r
	case "=":
		return l == r
	case "!=":
		return l != r
	}
	panic(fmt.Sprintf("orders: unknown comparison %q", c.Op))
}

// Eval implements Cond.
func (a And) Eval(e Env) bool { return a.L.Eval(e) && a.R.Eval(e) }

// Eval implements Cond.
func (o Or) Eval(e Env) bool { return o.L.Eval(e) || o.R.Eval(e) }

// Eval implements Cond.
func (n Not) Eval(e Env) bool { return !n.C.Eval(e) }

// Eval implements Cond.
func (Always) Eval(Env) bool { return true }

// Eval implements Cond.
func (Won) Eval(e Env) bool { return e.Won }

// MentionsWon reports whether a condition uses "won".
func MentionsWon(c Cond) bool {
	switch c := c.(type) {
	case Won:
		return true
	case And:
		return MentionsWon(c.L) || MentionsWon(c.R)
	case Or:
		return MentionsWon(c.L) || MentionsWon(c.R)
	case Not:
		return MentionsWon(c.C)
	}
	return false
}

func (Num) isExpr()    {}
func (Var) isExpr()    {}
func (Mul) isExpr()    {}
func (Add) isExpr()    {}
func (Cmp) isCond()    {}
func (And) isCond()    {}
func (Or) isCond()     {}
func (Not) isCond()    {}
func (Always) isCond() {}
func (Won) isCond()    {}

// Error is one problem with an order file, with its line. Invalid errors
// (not understood) come from Decode; Illegal errors (understood but not
// allowed, citing a rule section) come from the adjudicator's check against
// the state at turn start.
type Error struct {
	Line    int
	Illegal bool
	Rule    string // the rule section an Illegal error cites, e.g. "reduX Core 6.1"
	Msg     string
	// Err, when not nil, is the condition the error is an instance of, for
	// errors.Is and errors.As: ErrNoToken or a *TokenError.
	Err error
}

func (e *Error) Error() string {
	s := e.Msg
	s = Cited(s, e.Rule)
	if e.Line > 0 {
		return fmt.Sprintf("line %d: %s", e.Line, s)
	}
	return s
}

// Unwrap gives Err.
func (e *Error) Unwrap() error { return e.Err }

// ErrNoToken is the condition of a file with no "token:" line, or an empty
// one, where a token is needed: errors.Is(errs, ErrNoToken).
var ErrNoToken = errors.New(`no "token:" line`)

// TokenError is a token that is not the player's. Decode cannot know it
// (the players' tokens are the archive's); the archive gives it wrapped in
// an Error, and callers find it with errors.As.
type TokenError struct {
	Player string // the player who controls the nation
	Nation string
}

func (e *TokenError) Error() string {
	return fmt.Sprintf("the token is not %s's token (the %s are %s's)", e.Player, e.Nation, e.Player)
}

// Errors is every error of one file, in line order.
type Errors []*Error

func (es Errors) Error() string {
	s := ""
	for i, e := range es {
		if i > 0 {
			s += "\n"
		}
		s += e.Error()
	}
	return s
}

// Unwrap gives the errors, so that errors.Is and errors.As look at each.
func (es Errors) Unwrap() []error {
	out := make([]error, len(es))
	for i, e := range es {
		out[i] = e
	}
	return out
}

// Cited is words with the rule they cite in brackets: "words (rule)", or
// where the words end in a bracket of their own, the rule inside it
// after a semicolon ("free of the Ship nation (strong leader; Hy Breasil
// 9.2)"), so no two brackets follow each other. rule "" leaves the words.
func Cited(words, rule string) string {
	if rule == "" {
		return words
	}
	if strings.HasSuffix(words, ")") {
		depth := 0
		for i := len(words) - 1; i >= 0; i-- {
			switch words[i] {
			case ')':
				depth++
			case '(':
				depth--
			}
			if depth == 0 {
				if words[i+1:len(words)-1] == rule {
					return words // the words cite the rule already
				}
				if i > 0 && words[i-1] == ' ' {
					return words[:len(words)-1] + "; " + rule + ")"
				}
				break
			}
		}
	}
	return words + " (" + rule + ")"
}
