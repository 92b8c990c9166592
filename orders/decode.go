package orders

import (
	"fmt"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/pbem-org/pbem/games"
)

// Decode reads an order file as a player wrote it (docs/orders.md): Clean
// first, then the envelope (ReadEnvelope: header lines game, nation, turn
// or round, kind, token, salt; anything before the first header line is
// chatter, but a line there that reads as an order is an error, so that no
// order is dropped unseen), then one statement per line, keywords by
// unique prefix and areas through g.Board.Lookup. Every error is Invalid
// (not understood) and carries its line; all of them are returned at once,
// in line order (file-wide ones, such as a missing header line, first),
// and the file is nil when there is any. Decode never panics.
//
// Decode reads the base grammar of the Britannia family (Base); DecodeWith
// reads a ruleset's (Options.Grammar).
//
// Decode always gives a retreat Rule a non-nil When (Always{} when the file
// has no "when"), and leaves empty lists nil.
//
// A file without a token line, or with an empty one, gives an error that
// wraps ErrNoToken (errors.Is(errs, ErrNoToken)); DecodeWith can accept it.
func Decode(text string, g *games.Game) (*File, Errors) {
	return DecodeWith(text, g, Options{})
}

// Options change what DecodeWith accepts and returns.
type Options struct {
	// Grammar is the order language to read: the ruleset's
	// (adjudicator.Ruleset.Grammar). Nil is the base grammar (Base).
	Grammar *Grammar
	// TokenOptional accepts a file without a "token:" line: one the GM
	// enters on a player's behalf, or one the archive stored with its token
	// removed. A token line, if there is one, is still read into
	// File.Token, and an empty one is still an error.
	TokenOptional bool
	// Partial returns the File even when there are errors, holding what
	// was understood: the header values without errors (others are left
	// empty; Kind is TurnOrders when the "kind:" line has an error) and
	// the statements of the lines without errors (a block whose opening
	// line has an error is left out whole). A checker can then
	// report the errors of the lines that parsed in the same answer
	// (reduX rules are checked on what the player meant, so an error that
	// follows only from a line left out is possible there).
	Partial bool
	// Warn, when not nil, is given each warning of the reader: a line it
	// understood by a guess it names, such as an area or nation written as
	// the beginning of its name ("Downland" read as Downlands). A file
	// with warnings is accepted; the acknowledgement lists them.
	Warn func(Warning)
}

// Warning is a line the reader understood by a guess: the line and what
// was guessed.
type Warning struct {
	Line int
	Msg  string
}

func (w Warning) String() string {
	if w.Line > 0 {
		return fmt.Sprintf("line %d: %s", w.Line, w.Msg)
	}
	return w.Msg
}

// DecodeWith is Decode with options.
func DecodeWith(text string, g *games.Game, o Options) (*File, Errors) {
	if g == nil || g.Board == nil || g.Tables == nil {
		return nil, Errors{{Msg: "no ruleset to read the orders against"}}
	}
	gr := o.Grammar
	if gr == nil {
		gr = Base()
	}
	env := ReadEnvelope(gr.Clean(text))
	d := &decoder{g: g, gr: gr, opts: o, env: env, mixed: map[int]bool{}}
	d.errs = append(d.errs, env.Errs...)
	if len(env.Headers) > 0 {
		d.beforeHeader(env.Before, env.Headers[0].Line)
	}
	body := make([]srcLine, len(env.Body))
	for j, l := range env.Body {
		ind, rest := trimIndent(l.Text)
		body[j] = srcLine{n: l.N, ind: indent{ind, tabsAsOne(l.Text)}, text: rest}
	}
	i := 0
	items := d.once(d.block(body, &i, indent{-1, -1}, context{}))
	f := d.file()
	if f.Kind == StandingOrders {
		items = d.standingOnly(items)
	}
	f.Body = statements(items)
	if len(d.errs) > 0 {
		sort.SliceStable(d.errs, func(a, b int) bool { return d.errs[a].Line < d.errs[b].Line })
		if !o.Partial {
			f = nil
		}
		return f, d.errs
	}
	return f, nil
}

type decoder struct {
	g     *games.Game
	gr    *Grammar
	opts  Options
	env   *Envelope
	errs  Errors
	mixed map[int]bool // lines already reported for mixing tabs and spaces
}

// srcLine is one body line: its number, indentation width and text with
// the indentation and any comment removed.
type srcLine struct {
	n    int
	ind  indent
	text string
}

// indent is the width of a line's indentation counting a tab as 8 columns,
// and counting it as 1: where the two disagree on which of two lines is
// deeper, the file mixes tabs and spaces ambiguously.
type indent struct{ tab8, tab1 int }

// item is a decoded statement and the keyword it was read with.
type item struct {
	s  Statement
	kw *Keyword
}

func statements(items []item) []Statement {
	if len(items) == 0 {
		return nil
	}
	out := make([]Statement, len(items))
	for i, it := range items {
		out[i] = it.s
	}
	return out
}

func (d *decoder) errorf(line int, format string, args ...any) {
	d.errs = append(d.errs, &Error{Line: line, Msg: fmt.Sprintf(format, args...)})
}

// warnf gives a warning to Options.Warn.
func (d *decoder) warnf(line int, format string, args ...any) {
	if d.opts.Warn != nil {
		d.opts.Warn(Warning{Line: line, Msg: fmt.Sprintf(format, args...)})
	}
}

// prefixRead warns that what the player wrote is not a name of what it
// was read as (one of names, folded as games.Fold does) but only its
// beginning: the reader took the one name it begins, and says so, so that
// "Sound of Gull" read as Sound of Gulls is never a silent guess.
func (d *decoder) prefixRead(line int, what, wrote, as string, names []string) {
	k := games.Fold(wrote)
	for _, n := range names {
		if n != "" && games.Fold(n) == k {
			return
		}
	}
	d.warnf(line, "%q is read as %s, the only %s whose name begins so; write the whole name to be sure", short(strings.TrimSpace(wrote)), as, what)
}

// beforeHeader reports each line before the header (the first header
// line is line first) that reads as an order without error: pbem reads no
// orders there, and dropping one unseen would lose it. Chatter ("Hi GM,
// here are my orders", "move these: nothing") is not an order and is
// passed over. Moving the line below the header lines is the fix; reading
// it instead would turn every forum post and quoted mail above a file into
// errors.
func (d *decoder) beforeHeader(lines []Line, first int) {
	for _, l := range lines {
		_, rest := trimIndent(l.Text)
		rest = strings.TrimRight(rest, " \t")
		if firstWord(rest) == "" {
			continue
		}
		scratch := &decoder{g: d.g, gr: d.gr, mixed: map[int]bool{}}
		i := 0
		if items := scratch.statement(srcLine{n: l.N, text: rest}, rest, nil, &i, context{}); len(items) > 0 && len(scratch.errs) == 0 {
			d.errorf(l.N, "%q is before the header (the first header line is line %d), where pbem reads no orders; move it below the header lines", short(rest), first)
		}
	}
}

// tabsAsOne is the width of a line's indentation counting a tab as 1.
func tabsAsOne(s string) int {
	return len(s) - len(strings.TrimLeft(s, " \t"))
}

// file checks the header lines and builds the File, without its body.
func (d *decoder) file() *File {
	f := &File{}
	if h, ok := d.need("game"); ok {
		f.Game = h.Value
	}
	f.Nation = d.nation()
	kindOK := d.kind(f)
	turnKey := "turn"
	if _, ok := d.env.Header("round"); ok {
		turnKey = "round"
	}
	switch {
	case f.Kind == StandingOrders:
		if h, ok := d.env.Header(turnKey); ok {
			d.errorf(h.Line, "standing orders have no %q line", turnKey+":")
		}
	case !kindOK:
		// A file of unknown kind may or may not need a turn: one error is enough.
	default:
		if h, ok := d.need(turnKey); ok {
			id, err := d.gr.turn(d.g, h.Value, f.Nation)
			if err != nil {
				d.errorf(h.Line, "%s", err.Error())
			}
			f.Turn = id
		}
	}
	f.Token = d.token()
	f.Salt = d.env.Value("salt")
	return f
}

// need gives a header line that must be there with a value, or records
// why not.
func (d *decoder) need(key string) (Header, bool) {
	h, ok := d.env.Header(key)
	if !ok {
		d.errorf(0, "no %q line", key+":")
		return h, false
	}
	if h.Value == "" {
		d.errorf(h.Line, "%q has no value", key+":")
		return h, false
	}
	return h, true
}

// nation reads the "nation:" line into the nation's canonical name, ""
// when it has an error.
func (d *decoder) nation() string {
	h, ok := d.need("nation")
	if !ok {
		return ""
	}
	i, err := -1, fmt.Errorf("unknown nation %q", short(h.Value))
	if utf8.RuneCountInString(h.Value) <= maxName {
		i, err = d.g.Tables.NationIndex(h.Value)
	}
	if err != nil {
		msg := err.Error()
		if strings.Contains(msg, " could be ") {
			msg += "; write more of the name"
		}
		d.errorf(h.Line, "%s", msg)
		return ""
	}
	n := d.g.Tables.Nations[i]
	d.prefixRead(h.Line, "nation", h.Value, n.Name, append([]string{n.Name, n.Short}, n.Aliases...))
	return n.Name
}

// kind reads the "kind:" line into f.Kind; false when it has an error.
func (d *decoder) kind(f *File) bool {
	h, ok := d.env.Header("kind")
	if !ok {
		return true
	}
	switch k := strings.ToLower(h.Value); {
	case k != "" && strings.HasPrefix("standing", k):
		f.Kind = StandingOrders
	case k == "turn" || k == "orders":
		f.Kind = TurnOrders
	default:
		d.errorf(h.Line, `"kind:" is "standing" for standing orders (leave it out for turn orders), not %q`, short(h.Value))
		return false
	}
	return true
}

// standingOnly reports each statement standing orders may not hold (its
// keyword is not Keyword.Standing: in the base grammar, all but defend and
// target, reduX L&R 9.1.2), naming the lines the grammar's standing orders
// hold (Grammar.StandingLines), and returns the others.
func (d *decoder) standingOnly(items []item) []item {
	var kept []item
	for _, it := range items {
		if it.kw.Standing {
			kept = append(kept, it)
			continue
		}
		d.errorf(it.s.Pos(), "standing orders may only contain %s lines", d.gr.StandingLines())
	}
	return kept
}

// token reads the "token:" line. A missing or empty one is an error that
// wraps ErrNoToken, except that with Options.TokenOptional a missing one
// is no error.
func (d *decoder) token() string {
	h, ok := d.env.Header("token")
	switch {
	case !ok && d.opts.TokenOptional:
		return ""
	case !ok:
		d.errs = append(d.errs, &Error{Msg: ErrNoToken.Error(), Err: ErrNoToken})
	case h.Value == "":
		d.errs = append(d.errs, &Error{Line: h.Line, Msg: `"token:" has no value`, Err: ErrNoToken})
	}
	return h.Value
}

// Statements.

// context is where a statement is: the keywords of the blocks open around
// it, outermost first.
type context struct {
	open []string
}

// maxNesting bounds how deep blocks nest; real files use two or three.
const maxNesting = 12

// block reads statements from lines[*i] on while they are indented deeper
// than parent.
func (d *decoder) block(lines []srcLine, i *int, parent indent, ctx context) []item {
	var out []item
	for *i < len(lines) && d.deeper(lines[*i], parent) {
		l := lines[*i]
		*i++
		out = append(out, d.statement(l, l.text, lines, i, ctx)...)
	}
	return out
}

// once reports a statement that may appear only once in a block and
// appears twice there (Keyword.Once: reinforce, battles, and casualties,
// attack or defend for the same area). (A block may repeat what the file
// says outside it: an "if" block overrides.) It returns the block without
// the repeats.
func (d *decoder) once(body []item) []item {
	first := map[string]int{}
	out := body[:0:0]
	for _, it := range body {
		key := ""
		if it.kw.Once != nil {
			key = it.kw.Once(d.g, it.s)
		}
		if key == "" {
			out = append(out, it)
			continue
		}
		if prev, dup := first[key]; dup {
			d.errorf(it.s.Pos(), "a second %q (the first is line %d)", key, prev)
			continue
		}
		first[key] = it.s.Pos()
		out = append(out, it)
	}
	if len(out) == 0 {
		return nil
	}
	return out
}

// skip passes over the lines indented deeper than parent.
func (d *decoder) skip(lines []srcLine, i *int, parent indent) {
	for *i < len(lines) && d.deeper(lines[*i], parent) {
		*i++
	}
}

// deeper reports whether l is indented deeper than parent, and records an
// error when that depends on the width of a tab.
func (d *decoder) deeper(l srcLine, parent indent) bool {
	deep := l.ind.tab8 > parent.tab8
	if deep != (l.ind.tab1 > parent.tab1) && !d.mixed[l.n] {
		d.mixed[l.n] = true
		d.errorf(l.n, "the indentation mixes tabs and spaces, so it is unclear which block this line belongs to; indent with spaces only")
	}
	return deep
}

// statement reads one statement (or block) from text, which is l.text or
// the rest of a one-line block ("if ...: move ..."), with the grammar's
// keyword it starts with. It returns nothing when the line has an error
// (already recorded), and more than one statement for "place York, Kent".
func (d *decoder) statement(l srcLine, text string, lines []srcLine, i *int, ctx context) []item {
	w := firstWord(text)
	if w == "" {
		d.errorf(l.n, "%q does not start with a keyword (%s)", short(text), d.gr.listed())
		return nil
	}
	kw, msg := d.gr.lookup(w)
	if msg != "" {
		d.errorf(l.n, "%s", msg)
		return nil
	}
	if kw.Block && len(ctx.open) >= maxNesting {
		d.errorf(l.n, "blocks nested more than %d deep", maxNesting)
		d.skip(lines, i, l.ind)
		return nil
	}
	r := &Reader{d: d, kw: kw, l: l, lines: lines, i: i, ctx: ctx, errs0: len(d.errs)}
	var out []item
	for _, s := range kw.Decode(r, kw.dropColon(strings.TrimSpace(text[len(w):]))) {
		if s != nil {
			out = append(out, item{s: s, kw: kw})
		}
	}
	return out
}
