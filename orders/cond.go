package orders

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode"

	"github.com/pbem-org/pbem/games"
)

// ParseCond reads a condition (docs/orders.md, "Conditions"):
//
//	COND := COND or COND | COND and COND | not COND | ( COND ) | always | EXPR OP EXPR
//	OP   := <  <=  >  >=  =  !=
//	EXPR := number | mine | theirs | round | EXPR * EXPR | EXPR + EXPR | EXPR - EXPR | ( EXPR )
//
// Precedence, loosest first: or, and, not, comparison, + and -, *. Binary
// operators group to the left. Words are case-insensitive; "==" is read as
// "=", "<>" as "!=", "&&" as and, "||" as or and "!" as not. The error, if
// any, reads in the player's words and quotes the condition.
func ParseCond(s string) (Cond, error) {
	toks, err := lexCond(s)
	if err != nil {
		return nil, condError(s, err.Error())
	}
	if len(toks) == 0 {
		return nil, errors.New(`empty condition (write one like "mine <= 1 or theirs >= 2*mine")`)
	}
	p := &condParser{toks: toks, errPos: -1}
	c, ok := p.or()
	if ok && p.pos < len(p.toks) {
		p.fail(p.pos, fmt.Sprintf("unexpected %q after %q", p.toks[p.pos].text, joinToks(p.toks[:p.pos])))
		ok = false
	}
	if !ok {
		return nil, condError(s, p.errMsg)
	}
	return c, nil
}

func condError(s, msg string) error {
	return fmt.Errorf("condition %q: %s", short(strings.TrimSpace(s)), msg)
}

// EncodeCond writes a condition canonically: one space around comparison,
// "+", "-" and the words and, or, not; "*" without spaces ("2*mine");
// parentheses only where the tree needs them. A nil condition is "always".
func EncodeCond(c Cond) string {
	var sb strings.Builder
	writeCond(&sb, c, 0)
	return sb.String()
}

// Precedences of conditions and expressions, loosest first.
const (
	precOr = iota + 1
	precAnd
	precNot
	precAtom
)

const (
	precAdd = iota + 1
	precMul
	precFactor
)

func condPrec(c Cond) int {
	switch c.(type) {
	case Or:
		return precOr
	case And:
		return precAnd
	case Not:
		return precNot
	}
	return precAtom
}

func writeCond(sb *strings.Builder, c Cond, min int) {
	if condPrec(c) < min {
		sb.WriteByte('(')
		writeCond(sb, c, 0)
		sb.WriteByte(')')
		return
	}
	switch c := c.(type) {
	case nil, Always:
		sb.WriteString("always")
	case Won:
		sb.WriteString("won")
	case Or:
		writeCond(sb, c.L, precOr)
		sb.WriteString(" or ")
		writeCond(sb, c.R, precAnd)
	case And:
		writeCond(sb, c.L, precAnd)
		sb.WriteString(" and ")
		writeCond(sb, c.R, precNot)
	case Not:
		sb.WriteString("not ")
		writeCond(sb, c.C, precNot)
	case Cmp:
		writeExpr(sb, c.L, 0)
		sb.WriteString(" " + c.Op + " ")
		writeExpr(sb, c.R, 0)
	default:
		fmt.Fprintf(sb, "%v", c)
	}
}

func exprPrec(e Expr) int {
	switch e.(type) {
	case Add:
		return precAdd
	case Mul:
		return precMul
	}
	return precFactor
}

func writeExpr(sb *strings.Builder, e Expr, min int) {
	if exprPrec(e) < min {
		sb.WriteByte('(')
		writeExpr(sb, e, 0)
		sb.WriteByte(')')
		return
	}
	switch e := e.(type) {
	case Num:
		sb.WriteString(strconv.Itoa(int(e)))
	case Var:
		sb.WriteString(string(e))
	case Add:
		writeExpr(sb, e.L, precAdd)
		if e.Sub {
			sb.WriteString(" - ")
		} else {
			sb.WriteString(" + ")
		}
		writeExpr(sb, e.R, precMul)
	case Mul:
		writeExpr(sb, e.L, precMul)
		sb.WriteByte('*')
		writeExpr(sb, e.R, precFactor)
	case nil:
		sb.WriteString("0")
	default:
		fmt.Fprintf(sb, "%v", e)
	}
}

// Lexer.

type tokKind int

const (
	tNum tokKind = iota
	tWord
	tCmp
	tStar
	tPlus
	tMinus
	tLParen
	tRParen
)

type token struct {
	kind tokKind
	text string // as written, for messages
	val  string // canonical: lower-case word, canonical operator
	num  int
}

// maxNum bounds numbers in conditions; armies and rounds are far smaller.
const maxNum = 9999

var condWords = []string{"mine", "theirs", "round", "and", "or", "not", "always", "won"}

func lexCond(s string) ([]token, error) {
	var toks []token
	rs := []rune(s)
	for i := 0; i < len(rs); {
		r := rs[i]
		two := ""
		if i+1 < len(rs) {
			two = string(rs[i : i+2])
		}
		switch {
		case unicode.IsSpace(r):
			i++
		case r >= '0' && r <= '9':
			j := i
			for j < len(rs) && rs[j] >= '0' && rs[j] <= '9' {
				j++
			}
			text := string(rs[i:j])
			n, err := strconv.Atoi(text)
			if err != nil || n > maxNum {
				return nil, fmt.Errorf("the number %s is too large", short(text))
			}
			toks = append(toks, token{kind: tNum, text: text, val: strconv.Itoa(n), num: n})
			i = j
		case unicode.IsLetter(r):
			j := i
			for j < len(rs) && (unicode.IsLetter(rs[j]) || rs[j] == '_') {
				j++
			}
			text := string(rs[i:j])
			w := strings.ToLower(text)
			if !contains(condWords, w) {
				return nil, unknownWord(text)
			}
			toks = append(toks, token{kind: tWord, text: text, val: w})
			i = j
		case two == "<=" || two == ">=" || two == "!=" || two == "==" || two == "<>":
			val := two
			switch two {
			case "==":
				val = "="
			case "<>":
				val = "!="
			}
			toks = append(toks, token{kind: tCmp, text: two, val: val})
			i += 2
		case two == "&&":
			toks = append(toks, token{kind: tWord, text: two, val: "and"})
			i += 2
		case two == "||":
			toks = append(toks, token{kind: tWord, text: two, val: "or"})
			i += 2
		case r == '<' || r == '>' || r == '=':
			toks = append(toks, token{kind: tCmp, text: string(r), val: string(r)})
			i++
		case r == '!':
			toks = append(toks, token{kind: tWord, text: "!", val: "not"})
			i++
		case r == '*':
			toks = append(toks, token{kind: tStar, text: "*", val: "*"})
			i++
		case r == '+':
			toks = append(toks, token{kind: tPlus, text: "+", val: "+"})
			i++
		case r == '-':
			toks = append(toks, token{kind: tMinus, text: "-", val: "-"})
			i++
		case r == '(':
			toks = append(toks, token{kind: tLParen, text: "(", val: "("})
			i++
		case r == ')':
			toks = append(toks, token{kind: tRParen, text: ")", val: ")"})
			i++
		default:
			return nil, fmt.Errorf("unexpected %q", string(r))
		}
	}
	return toks, nil
}

func unknownWord(w string) error {
	var sug []string
	for _, k := range condWords {
		if len(w) <= 20 && nearWord(w, k) {
			sug = append(sug, k)
		}
	}
	if len(sug) > 0 {
		return fmt.Errorf("unknown word %q (did you mean %s?)", short(w), orList(sug))
	}
	return fmt.Errorf("unknown word %q (conditions use numbers, mine, theirs, round, and, or, not, always)", short(w))
}

// nearWord reports whether w is a plausible misspelling of keyword k.
func nearWord(w, k string) bool {
	d := games.Distance(w, k)
	if len([]rune(w)) <= 4 {
		return d <= 1
	}
	return d <= 2
}

// joinToks writes tokens for a message, keeping the last few when there are
// many ("… theirs >= 2").
func joinToks(ts []token) string {
	start, n := len(ts), 0
	for start > 0 && n+len(ts[start-1].text) < 40 {
		start--
		n += len(ts[start].text) + 1
	}
	var sb strings.Builder
	if start > 0 {
		sb.WriteString("…")
	}
	for i, t := range ts[start:] {
		if i > 0 {
			sb.WriteByte(' ')
		}
		sb.WriteString(t.text)
	}
	return sb.String()
}

// Parser: recursive descent with one point of backtracking, "(" at the start
// of a condition, which may open a condition or an expression. The error
// reported is the one found furthest into the text.

// maxDepth bounds the nesting of parentheses and "not", which keeps the
// backtracking cheap and the recursion shallow.
const maxDepth = 32

type condParser struct {
	toks   []token
	pos    int
	depth  int
	errPos int
	errMsg string
}

func (p *condParser) fail(pos int, msg string) {
	if pos >= p.errPos {
		p.errPos, p.errMsg = pos, msg
	}
}

func (p *condParser) peek() (token, bool) {
	if p.pos < len(p.toks) {
		return p.toks[p.pos], true
	}
	return token{}, false
}

func (p *condParser) isWord(w string) bool {
	t, ok := p.peek()
	return ok && t.kind == tWord && t.val == w
}

func (p *condParser) or() (Cond, bool) {
	l, ok := p.and()
	for ok && p.isWord("or") {
		p.pos++
		var r Cond
		if r, ok = p.and(); ok {
			l = Or{L: l, R: r}
		}
	}
	return l, ok
}

func (p *condParser) and() (Cond, bool) {
	l, ok := p.not()
	for ok && p.isWord("and") {
		p.pos++
		var r Cond
		if r, ok = p.not(); ok {
			l = And{L: l, R: r}
		}
	}
	return l, ok
}

func (p *condParser) not() (Cond, bool) {
	if p.isWord("not") {
		if p.depth >= maxDepth {
			p.fail(p.pos, `too many "not"s and parentheses`)
			return nil, false
		}
		p.pos++
		p.depth++
		c, ok := p.not()
		p.depth--
		return Not{C: c}, ok
	}
	return p.primary()
}

func (p *condParser) primary() (Cond, bool) {
	t, ok := p.peek()
	if !ok {
		p.fail(p.pos, p.missing("a condition"))
		return nil, false
	}
	if t.kind == tWord && t.val == "always" {
		p.pos++
		return Always{}, true
	}
	if t.kind == tWord && t.val == "won" { // reduX L&R 9.2.2
		p.pos++
		return Won{}, true
	}
	if t.kind == tLParen {
		if p.depth >= maxDepth {
			p.fail(p.pos, "too many parentheses")
			return nil, false
		}
		start := p.pos
		if c, ok := p.cmp(); ok {
			return c, true
		}
		p.pos = start + 1
		p.depth++
		c, ok := p.or()
		p.depth--
		if !ok {
			return nil, false
		}
		if !p.closeParen() {
			return nil, false
		}
		return c, true
	}
	return p.cmp()
}

func (p *condParser) closeParen() bool {
	if t, ok := p.peek(); ok && t.kind == tRParen {
		p.pos++
		return true
	}
	if t, ok := p.peek(); ok {
		p.fail(p.pos, fmt.Sprintf("missing \")\" before %q", t.text))
	} else {
		p.fail(p.pos, `missing ")"`)
	}
	return false
}

func (p *condParser) cmp() (Cond, bool) {
	start := p.pos
	l, ok := p.expr()
	if !ok {
		return nil, false
	}
	t, ok := p.peek()
	if !ok || t.kind != tCmp {
		msg := fmt.Sprintf("%q is not compared to anything (add < <= > >= = or != and a value)", joinToks(p.toks[start:p.pos]))
		if ok {
			msg = fmt.Sprintf("expected < <= > >= = or != after %q, not %q", joinToks(p.toks[start:p.pos]), t.text)
		}
		p.fail(p.pos, msg)
		return nil, false
	}
	p.pos++
	r, ok := p.expr()
	if !ok {
		return nil, false
	}
	return Cmp{L: l, Op: t.val, R: r}, true
}

func (p *condParser) expr() (Expr, bool) {
	l, ok := p.term()
	for ok {
		t, more := p.peek()
		if !more || (t.kind != tPlus && t.kind != tMinus) {
			break
		}
		p.pos++
		var r Expr
		if r, ok = p.term(); ok {
			l = Add{L: l, R: r, Sub: t.kind == tMinus}
		}
	}
	return l, ok
}

func (p *condParser) term() (Expr, bool) {
	l, ok := p.factor()
	for ok {
		t, more := p.peek()
		if prev := p.toks[p.pos-1]; more && prev.kind == tNum && t.kind == tWord && (t.val == "mine" || t.val == "theirs" || t.val == "round") {
			p.fail(p.pos, fmt.Sprintf("write %s*%s to multiply, not %q", prev.val, t.val, prev.text+" "+t.text))
			return nil, false
		}
		if !more || t.kind != tStar {
			break
		}
		p.pos++
		var r Expr
		if r, ok = p.factor(); ok {
			l = Mul{L: l, R: r}
		}
	}
	return l, ok
}

func (p *condParser) factor() (Expr, bool) {
	t, ok := p.peek()
	if !ok {
		p.fail(p.pos, p.missing("a number, mine, theirs or round"))
		return nil, false
	}
	switch {
	case t.kind == tNum:
		p.pos++
		return Num(t.num), true
	case t.kind == tWord && (t.val == "mine" || t.val == "theirs" || t.val == "round"):
		p.pos++
		return Var(t.val), true
	case t.kind == tLParen:
		if p.depth >= maxDepth {
			p.fail(p.pos, "too many parentheses")
			return nil, false
		}
		p.pos++
		p.depth++
		e, ok := p.expr()
		p.depth--
		if !ok || !p.closeParen() {
			return nil, false
		}
		return e, true
	}
	where := "at the start"
	if p.pos > 0 {
		where = fmt.Sprintf("after %q", p.toks[p.pos-1].text)
	}
	p.fail(p.pos, fmt.Sprintf("expected a number, mine, theirs or round %s, not %q", where, t.text))
	return nil, false
}

// missing describes what the condition lacks at its end.
func (p *condParser) missing(what string) string {
	if p.pos == 0 {
		return what + " is missing"
	}
	return fmt.Sprintf("%s is missing after %q", what, p.toks[p.pos-1].text)
}

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

func orList(xs []string) string {
	switch len(xs) {
	case 0:
		return ""
	case 1:
		return xs[0]
	}
	return strings.Join(xs[:len(xs)-1], ", ") + " or " + xs[len(xs)-1]
}
