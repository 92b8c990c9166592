package orders

import (
	"fmt"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/pbem-org/pbem/games"
)

// Decode reads an order file as a player wrote it (docs/orders.md): Clean
// first, then the envelope (header lines game, nation, turn or round, kind,
// token, salt; anything before the first header line is chatter, but a
// line there that reads as an order is an error, so that no order is
// dropped unseen), then one statement per line, keywords by unique prefix
// and areas through g.Board.Lookup. Every error is Invalid (not understood)
// and carries its line; all of them are returned at once, in line order
// (file-wide ones, such as a missing header line, first), and the file is
// nil when there is any. Decode never panics.
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
}

// DecodeWith is Decode with options.
func DecodeWith(text string, g *games.Game, o Options) (*File, Errors) {
	if g == nil || g.Board == nil || g.Tables == nil {
		return nil, Errors{{Msg: "no ruleset to read the orders against"}}
	}
	d := &decoder{g: g, opts: o, heads: map[string]header{}, mixed: map[int]bool{}}
	body := d.envelope(Clean(text))
	i := 0
	stmts := d.block(body, &i, indent{-1, -1}, context{})
	f := d.file(stmts)
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
	opts  Options
	errs  Errors
	heads map[string]header
	mixed map[int]bool // lines already reported for mixing tabs and spaces
}

type header struct {
	line  int
	value string
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

func (d *decoder) errorf(line int, format string, args ...any) {
	d.errs = append(d.errs, &Error{Line: line, Msg: fmt.Sprintf(format, args...)})
}

// Envelope.

var headerLine = regexp.MustCompile(`(?i)^(game|nation|turn|round|token|salt|kind)\s*:(.*)$`)

// canonicalKey gives the header key that k spells in any case.
func canonicalKey(k string) string {
	for _, c := range []string{"game", "nation", "turn", "round", "token", "salt", "kind"} {
		if strings.EqualFold(k, c) {
			return c
		}
	}
	return strings.ToLower(k)
}

// matchHeader matches a header line, testing for a colon first.
func matchHeader(s string) []string {
	if !strings.Contains(s, ":") {
		return nil
	}
	return headerLine.FindStringSubmatch(strings.TrimLeft(s, " \t"))
}

// envelope reads the header lines and returns the body lines. Lines before
// the first header line are chatter, except that one that reads as an
// order is an error (see beforeHeader); header lines may appear anywhere
// after it; a line whose first word is "end" ("end", "END of orders") ends
// the file.
func (d *decoder) envelope(lines []Line) []srcLine {
	var body []srcLine
	started := false
	var chatter []Line
	for _, l := range lines {
		text := stripComment(l.Text)
		if m := matchHeader(text); m != nil {
			if !started {
				d.beforeHeader(chatter, l.N)
			}
			started = true
			key := canonicalKey(m[1])
			value := strings.TrimSpace(m[2])
			if prev, dup := d.heads[key]; dup {
				d.errorf(l.N, "a second %q line (the first is line %d)", key+":", prev.line)
				continue
			}
			if key == "turn" || key == "round" {
				other := map[string]string{"turn": "round", "round": "turn"}[key]
				if prev, dup := d.heads[other]; dup {
					d.errorf(l.N, "%q and %q say the same thing (line %d); give one", key+":", other+":", prev.line)
					continue
				}
			}
			d.heads[key] = header{line: l.N, value: value}
			continue
		}
		if !started {
			chatter = append(chatter, Line{N: l.N, Text: text})
			continue
		}
		ind, rest := trimIndent(text)
		rest = strings.TrimRight(rest, " \t")
		if rest == "" {
			continue
		}
		if strings.EqualFold(firstWord(rest), "end") {
			break
		}
		body = append(body, srcLine{n: l.N, ind: indent{ind, tabsAsOne(text)}, text: rest})
	}
	return body
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
		scratch := &decoder{g: d.g, heads: map[string]header{}, mixed: map[int]bool{}}
		i := 0
		if stmts := scratch.statement(srcLine{n: l.N, text: rest}, rest, nil, &i, context{}); len(stmts) > 0 && len(scratch.errs) == 0 {
			d.errorf(l.N, "%q is before the header (the first header line is line %d), where pbem reads no orders; move it below the header lines", short(rest), first)
		}
	}
}

// tabsAsOne is the width of a line's indentation counting a tab as 1.
func tabsAsOne(s string) int {
	return len(s) - len(strings.TrimLeft(s, " \t"))
}

// stripComment removes a comment: '#' to the end of the line.
func stripComment(s string) string {
	if i := strings.IndexByte(s, '#'); i >= 0 {
		s = s[:i]
	}
	return s
}

// file checks the header lines and builds the File.
func (d *decoder) file(body []Statement) *File {
	f := &File{Body: body}
	need := func(key string) (header, bool) {
		h, ok := d.heads[key]
		if !ok {
			d.errorf(0, "no %q line", key+":")
			return h, false
		}
		if h.value == "" {
			d.errorf(h.line, "%q has no value", key+":")
			return h, false
		}
		return h, true
	}
	if h, ok := need("game"); ok {
		f.Game = h.value
	}
	nation := -1
	if h, ok := need("nation"); ok {
		i, err := -1, fmt.Errorf("unknown nation %q", short(h.value))
		if utf8.RuneCountInString(h.value) <= maxName {
			i, err = d.g.Tables.NationIndex(h.value)
		}
		if err != nil {
			msg := err.Error()
			if strings.Contains(msg, " could be ") {
				msg += "; write more of the name"
			}
			d.errorf(h.line, "%s", msg)
		} else {
			nation = i
			f.Nation = d.g.Tables.Nations[i].Name
		}
	}
	kindOK := true
	if h, ok := d.heads["kind"]; ok {
		switch k := strings.ToLower(h.value); {
		case k != "" && strings.HasPrefix("standing", k):
			f.Kind = StandingOrders
		case k == "turn" || k == "orders":
			f.Kind = TurnOrders
		default:
			d.errorf(h.line, `"kind:" is "standing" for standing orders (leave it out for turn orders), not %q`, short(h.value))
			kindOK = false
		}
	}
	turnKey := "turn"
	if _, ok := d.heads["round"]; ok {
		turnKey = "round"
	}
	switch {
	case f.Kind == StandingOrders:
		if h, ok := d.heads[turnKey]; ok {
			d.errorf(h.line, "standing orders have no %q line", turnKey+":")
		}
	case !kindOK:
		// A file of unknown kind may or may not need a turn: one error is enough.
	default:
		if h, ok := need(turnKey); ok {
			f.Turn = d.turn(h, nation)
		}
	}
	f.Token = d.token()
	if h, ok := d.heads["salt"]; ok {
		f.Salt = h.value
	}
	if f.Kind == StandingOrders {
		f.Body = d.standingOnly(body)
	}
	return f
}

// standingOnly reports each statement standing orders may not hold and
// returns the others: defend, and target (reduX L&R 9.1.2).
func (d *decoder) standingOnly(body []Statement) []Statement {
	var kept []Statement
	for _, s := range body {
		switch s.(type) {
		case Defend, Target:
			kept = append(kept, s)
		default:
			d.errorf(s.Pos(), "standing orders may only contain defend lines")
		}
	}
	return kept
}

// token reads the "token:" line. A missing or empty one is an error that
// wraps ErrNoToken, except that with Options.TokenOptional a missing one
// is no error.
func (d *decoder) token() string {
	h, ok := d.heads["token"]
	switch {
	case !ok && d.opts.TokenOptional:
		return ""
	case !ok:
		d.errs = append(d.errs, &Error{Msg: ErrNoToken.Error(), Err: ErrNoToken})
	case h.value == "":
		d.errs = append(d.errs, &Error{Line: h.line, Msg: `"token:" has no value`, Err: ErrNoToken})
	}
	return h.value
}

var turnID = regexp.MustCompile(`(?i)^r?\s*(\d{1,6})(?:\s*[-_ ]?\s*(\D.*))?$`)

// TurnID is the id of a nation turn: "r05-saxons", "r12-romanobritish"
// (docs/design.md §2): the round with two digits and the nation's name folded to
// lower-case letters.
func TurnID(round int, nation string) string {
	var sb strings.Builder
	for _, r := range games.Fold(nation) {
		if r >= 'a' && r <= 'z' {
			sb.WriteRune(r)
		}
	}
	return fmt.Sprintf("r%02d-%s", round, sb.String())
}

// turn reads a "turn:" or "round:" value: "r05-saxons", "r5-Saxons", "5".
// The nation part, if any, must be the file's nation.
func (d *decoder) turn(h header, nation int) string {
	example := "r05-saxons"
	if nation >= 0 {
		example = TurnID(5, d.g.Tables.Nations[nation].Name)
	}
	m := turnID.FindStringSubmatch(h.value)
	if m == nil {
		d.errorf(h.line, "%q is not a nation turn like %q", short(h.value), example)
		return ""
	}
	round, _ := strconv.Atoi(m[1])
	if n := len(d.g.Tables.Rounds); round < 1 || round > n {
		d.errorf(h.line, "there is no round %d (the game has rounds 1 to %d)", round, n)
		return ""
	}
	extra := false // an extra nation turn of the final round (reduX L&R 11.6.1)
	if k := strings.ToLower(m[2]); d.g.Tables.LR != nil && strings.HasSuffix(k, "extra") {
		base := strings.TrimRight(m[2][:len(m[2])-len("extra")], " -_")
		if _, err := d.g.Tables.NationIndex(base); err == nil {
			m[2], extra = base, true
		}
	}
	if m[2] != "" {
		i, err := -1, error(nil)
		if utf8.RuneCountInString(m[2]) <= maxName {
			i, err = d.g.Tables.NationIndex(m[2])
		}
		if err != nil || i < 0 {
			d.errorf(h.line, "%q is not a nation turn like %q", short(h.value), example)
			return ""
		}
		if nation >= 0 && i != nation {
			d.errorf(h.line, "turn %q is the %s turn, but the file is for the %s", short(h.value), d.g.Tables.Nations[i].Name, d.g.Tables.Nations[nation].Name)
			return ""
		}
	}
	if nation < 0 {
		return ""
	}
	if extra {
		return TurnID(round, d.g.Tables.Nations[nation].Name) + ExtraSuffix
	}
	return TurnID(round, d.g.Tables.Nations[nation].Name)
}

// ExtraSuffix ends the turn id of an extra nation turn of the final round
// (reduX L&R 11.6.1): "r16-saxons-extra".
const ExtraSuffix = "-extra"

// Keywords.

var keywords = []string{"place", "remove", "reinforce", "move", "battles", "casualties", "attack", "defend", "phase", "if",
	"withdraw", "stay", "target", "crown", // Leaders and Raiders (docs/orders.md)
	"end"}

// coreKeywords is how many keywords messages list: the Core ones.
const coreKeywords = 10

// keyword resolves a word to a keyword: exactly, else by unique prefix, any
// case. The message says why not.
func keyword(w string) (string, string) {
	lw := strings.ToLower(w)
	if lw == "" {
		return "", ""
	}
	var hits []string
	for _, k := range keywords {
		if k == lw {
			return k, ""
		}
		if strings.HasPrefix(k, lw) {
			hits = append(hits, k)
		}
	}
	if len(hits) == 1 {
		return hits[0], ""
	}
	if len(hits) > 1 {
		return "", fmt.Sprintf("%q could be %s", short(w), orList(hits))
	}
	var sug []string
	for _, k := range keywords {
		if len(lw) > 20 {
			break
		}
		if nearWord(lw, k) || commonPrefix(lw, k) >= 4 {
			sug = append(sug, k)
		}
	}
	if len(sug) > 0 {
		return "", fmt.Sprintf("%q is not a keyword (did you mean %s?)", short(w), orList(sug))
	}
	return "", fmt.Sprintf("%q is not a keyword (orders start with %s)", short(w), strings.Join(keywords[:coreKeywords], ", "))
}

// maxName bounds an area name; longer text is not looked up.
const maxName = 60

// short shortens text a player wrote for quoting in a message.
func short(s string) string {
	if utf8.RuneCountInString(s) <= maxName {
		return s
	}
	return string([]rune(s)[:maxName-3]) + "…"
}

func commonPrefix(a, b string) int {
	n := 0
	for n < len(a) && n < len(b) && a[n] == b[n] {
		n++
	}
	return n
}

// firstWord is the run of letters a line starts with.
func firstWord(s string) string {
	for i, r := range s {
		if !unicode.IsLetter(r) {
			return s[:i]
		}
	}
	return s
}

// Statements.

type context struct {
	inPhase, inIf bool
	depth         int // blocks open around the statement
}

// maxNesting bounds how deep blocks nest; real files use two or three.
const maxNesting = 12

// block reads statements from lines[*i] on while they are indented deeper
// than parent.
func (d *decoder) block(lines []srcLine, i *int, parent indent, ctx context) []Statement {
	var out []Statement
	for *i < len(lines) && d.deeper(lines[*i], parent) {
		l := lines[*i]
		*i++
		out = append(out, d.statement(l, l.text, lines, i, ctx)...)
	}
	return d.once(out)
}

// once reports a statement that may appear only once in a block and
// appears twice there: reinforce, battles, and casualties, attack or defend
// for the same area. (A block may repeat what the file says outside it: an
// "if" block overrides.) It returns the block without the repeats.
func (d *decoder) once(body []Statement) []Statement {
	first := map[string]int{}
	out := body[:0:0]
	for _, s := range body {
		var key string
		switch s := s.(type) {
		case Reinforce:
			key = "reinforce"
			if s.Cavalry > 0 {
				key = "reinforce cavalry"
			}
		case Target:
			key = "target *"
			if s.Area != games.NoArea {
				key = "target " + d.g.Board.AreaName(s.Area)
			}
		case Rex:
			key = "crown"
		case Battles:
			key = "battles"
		case Casualties:
			key = "casualties " + d.g.Board.AreaName(s.Area)
		case Attack:
			key = "attack " + d.g.Board.AreaName(s.Area)
			if s.Rule.Leader { // the leader's own rule (reduX L&R 9.2.2)
				key += ": retreat leader"
			}
		case Defend:
			key = "defend *"
			if s.Area != games.NoArea {
				key = "defend " + d.g.Board.AreaName(s.Area)
			}
			if s.Rule.Leader {
				key += ": retreat leader"
			}
		default:
			out = append(out, s)
			continue
		}
		if prev, dup := first[key]; dup {
			d.errorf(s.Pos(), "a second %q (the first is line %d)", key, prev)
			continue
		}
		first[key] = s.Pos()
		out = append(out, s)
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
// the rest of a one-line "if ...:" or "phase N:". It returns nil when the
// line has an error (already recorded), and more than one statement for
// "place York, Kent".
func (d *decoder) statement(l srcLine, text string, lines []srcLine, i *int, ctx context) []Statement {
	w := firstWord(text)
	if w == "" {
		d.errorf(l.n, "%q does not start with a keyword (%s)", short(text), strings.Join(keywords[:coreKeywords], ", "))
		return nil
	}
	kw, msg := keyword(w)
	if msg != "" {
		d.errorf(l.n, "%s", msg)
		return nil
	}
	rest := strings.TrimSpace(text[len(w):])
	if strings.HasPrefix(rest, ":") {
		switch kw {
		case "place", "remove", "reinforce", "move", "battles", "withdraw", "stay", "crown":
			rest = strings.TrimSpace(rest[1:])
		case "casualties", "attack", "defend":
			if strings.Count(rest, ":") >= 2 {
				rest = strings.TrimSpace(rest[1:])
			}
		}
	}
	at := At{Line: l.n}
	switch kw {
	case "place", "remove":
		return d.counted(at, kw, rest)
	case "reinforce":
		return one(d.reinforce(at, rest))
	case "move":
		return one(d.move(at, rest))
	case "battles":
		return one(d.battles(at, rest))
	case "casualties":
		return one(d.casualties(at, rest))
	case "attack", "defend":
		return one(d.attackDefend(at, kw, rest))
	case "withdraw", "stay":
		return one(d.withdraw(at, kw, rest))
	case "target":
		return one(d.target(at, rest))
	case "crown":
		return one(d.rex(at, rest))
	case "phase", "if":
		return one(d.opener(l, at, kw, rest, lines, i, ctx))
	case "end":
		// A line starting with the word "end" is handled by envelope: here
		// it is shortened ("en") or after "if Kent taken:". pbem does not
		// stop reading on a guess.
		d.errorf(l.n, `to stop reading, write "end" in full on a line of its own`)
	}
	return nil
}

func one(s Statement) []Statement {
	if s == nil {
		return nil
	}
	return []Statement{s}
}

// maxArmies bounds an army count; no ruleset comes near it.
const maxArmies = 999

// count reads a number of armies.
func (d *decoder) count(line int, w string) (int, bool) {
	n, err := strconv.Atoi(w)
	if err != nil || n > maxArmies {
		d.errorf(line, "%s armies is more than there are", short(w))
		return 0, false
	}
	return n, true
}

func isNumber(w string) bool {
	if w == "" {
		return false
	}
	for _, r := range w {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

// counted reads "place AREA [N], AREA [N], ..." (also "place N AREA") and
// the same for remove: one statement per area, N = 1 when left out.
func (d *decoder) counted(at At, kw, rest string) []Statement {
	example := map[string]string{"place": `"place York" or "place Kent 2"`, "remove": `"remove Powys" or "remove March 2"`}[kw]
	if rest == "" {
		d.errorf(at.Line, "%s needs an area, like %s", kw, example)
		return nil
	}
	var out []Statement
	ok := true
	for _, piece := range strings.Split(rest, ",") {
		words := strings.Fields(piece)
		if len(words) == 0 {
			d.errorf(at.Line, "%s has an empty place in its list of areas, like %s", kw, example)
			ok = false
			continue
		}
		n := 1
		var nw string
		switch {
		case len(words) > 1 && isNumber(words[len(words)-1]):
			nw, words = words[len(words)-1], words[:len(words)-1]
		case len(words) > 1 && isNumber(words[0]):
			nw, words = words[0], words[1:]
		}
		if nw != "" {
			var good bool
			if n, good = d.count(at.Line, nw); !good {
				ok = false
				continue
			}
			if n == 0 {
				d.errorf(at.Line, "%s %s: the number of armies must be at least 1", kw, short(strings.TrimSpace(piece)))
				ok = false
				continue
			}
		}
		id, good := d.area(at.Line, strings.Join(words, " "), "commas")
		if !good {
			ok = false
			continue
		}
		if kw == "place" {
			out = append(out, Place{At: at, Area: id, N: n})
		} else {
			out = append(out, Remove{At: at, Area: id, N: n})
		}
	}
	if !ok {
		return nil
	}
	return out
}

func (d *decoder) reinforce(at At, rest string) Statement {
	if w := strings.Fields(rest); len(w) > 0 && strings.EqualFold(w[0], "cavalry") {
		// "reinforce cavalry N": cavalry for infantry (reduX L&R 11.6.1).
		if len(w) != 2 || !isNumber(w[1]) {
			d.errorf(at.Line, `write "reinforce cavalry N" to take N cavalry in place of 2N infantry`)
			return nil
		}
		n, ok := d.count(at.Line, w[1])
		if !ok {
			return nil
		}
		if n == 0 {
			d.errorf(at.Line, "reinforce cavalry needs at least 1")
			return nil
		}
		return Reinforce{At: at, Area: games.NoArea, Cavalry: n}
	}
	if rest == "" || strings.Contains(rest, ",") {
		d.errorf(at.Line, `reinforce names one area, like "reinforce Wessex" (reinforcements are placed together)`)
		return nil
	}
	id, ok := d.area(at.Line, rest, "")
	if !ok {
		return nil
	}
	return Reinforce{At: at, Area: id}
}

// pathSep matches the separators of a move path: > -> => , a spaced hyphen
// and the word "to".
var pathSep = regexp.MustCompile(`(?i)\s*(?:->|=>|>|,)\s*|\s+-\s+|\s+to\s+`)

// units are the unit words a move may name after its count. Armies are
// the Core's only unit; the others are for expansions.
var units = map[string]string{
	"army": "", "armies": "",
	"cavalry": "cavalry", "horse": "cavalry", "horses": "cavalry",
	"infantry": "infantry", "foot": "infantry",
	"leader": "leader", "leaders": "leader",
}

const moveExample = `move needs a path like "move 2 York > Bernicia"`

func (d *decoder) move(at At, rest string) Statement {
	m := Move{At: at}
	words := strings.Fields(rest)
	if len(words) > 0 {
		switch w := strings.ToLower(words[0]); {
		case isNumber(w):
			n, ok := d.count(at.Line, w)
			if !ok {
				return nil
			}
			if n == 0 {
				d.errorf(at.Line, `move needs at least 1 army, or "all"`)
				return nil
			}
			m.N = n
			words = words[1:]
		case w == "all":
			words = words[1:]
		}
	}
	if len(words) > 1 {
		if u, ok := units[strings.ToLower(words[0])]; ok {
			m.Unit = u
			words = words[1:]
			if u == "leader" && len(words) > 1 && strings.EqualFold(words[0], "alone") {
				if m.N > 0 {
					d.errorf(at.Line, `"leader alone" moves no armies; leave out the number`)
					return nil
				}
				m.Unit = "leader alone"
				words = words[1:]
			}
		}
	}
	if len(words) > 1 && strings.EqualFold(words[0], "from") {
		words = words[1:]
	}
	pieces := pathSep.Split(" "+strings.Join(words, " ")+" ", -1)
	// Split of " A > B " gives " A", "B " (the outer spaces only protect a
	// leading or trailing "to" or "-"); trim and drop the empty ends.
	if len(pieces) > 0 && strings.TrimSpace(pieces[0]) == "" {
		pieces = pieces[1:]
	}
	if len(pieces) > 0 && strings.TrimSpace(pieces[len(pieces)-1]) == "" {
		pieces = pieces[:len(pieces)-1]
	}
	if len(pieces) < 2 {
		if len(pieces) == 1 && d.severalAreas(at.Line, strings.TrimSpace(pieces[0]), `">"`) {
			return nil // "move 2 York Bernicia"
		}
		d.errorf(at.Line, moveExample)
		return nil
	}
	ok := true
	for _, p := range pieces {
		p = strings.TrimSpace(p)
		if p == "" {
			d.errorf(at.Line, moveExample)
			return nil
		}
		id, good := d.area(at.Line, p, `">"`)
		ok = ok && good
		m.Path = append(m.Path, id)
	}
	if !ok {
		return nil
	}
	return m
}

// areaList reads "A, B, C" (no duplicates).
func (d *decoder) areaList(line int, s, what, example string) ([]games.AreaID, bool) {
	if strings.TrimSpace(s) == "" {
		d.errorf(line, "%s needs areas, like %q", what, example)
		return nil, false
	}
	var ids []games.AreaID
	ok := true
	for _, p := range strings.Split(s, ",") {
		p = strings.TrimSpace(p)
		if p == "" {
			d.errorf(line, "%s has an empty place in its list of areas, like %q", what, example)
			ok = false
			continue
		}
		id, good := d.area(line, p, "commas")
		if !good {
			ok = false
			continue
		}
		for _, x := range ids {
			if x == id {
				d.errorf(line, "%s lists %s twice", what, d.g.Board.AreaName(id))
				ok = false
			}
		}
		ids = append(ids, id)
	}
	return ids, ok
}

func (d *decoder) battles(at At, rest string) Statement {
	ids, ok := d.areaList(at.Line, rest, "battles", "battles Kent, Essex")
	if !ok {
		return nil
	}
	return Battles{At: at, Areas: ids}
}

var firstSuffix = regexp.MustCompile(`(?i)\s+first\s*$`)

func (d *decoder) casualties(at At, rest string) Statement {
	const example = `casualties needs a battle area and where the first losses came from, like "casualties Kent: Sussex, Essex"`
	area, list, found := strings.Cut(rest, ":")
	if !found || strings.TrimSpace(area) == "" || strings.TrimSpace(list) == "" {
		d.errorf(at.Line, example)
		return nil
	}
	id, ok := d.area(at.Line, strings.TrimSpace(area), "")
	list = firstSuffix.ReplaceAllString(list, "")
	first, ok2 := d.areaList(at.Line, list, "casualties", "casualties Kent: Sussex, Essex")
	if !ok || !ok2 {
		return nil
	}
	return Casualties{At: at, Area: id, First: first}
}

func (d *decoder) attackDefend(at At, kw, rest string) Statement {
	example := `attack needs a battle area and what to do, like "attack Kent: retreat when mine <= 1" or "attack York: hold"`
	if kw == "defend" {
		example = `defend needs an area and what to do, like "defend York: hold" or "defend *: retreat when mine < theirs"`
	}
	area, rule, found := strings.Cut(rest, ":")
	area = strings.TrimSpace(area)
	if !found || area == "" || strings.TrimSpace(rule) == "" {
		d.errorf(at.Line, "%s", example)
		return nil
	}
	id := games.NoArea
	ok := true
	if area == "*" {
		if kw == "attack" {
			d.errorf(at.Line, `attack needs a battle area; "*" is only for defend`)
			ok = false
		}
	} else {
		id, ok = d.area(at.Line, area, "")
	}
	r, ok2 := d.rule(at.Line, strings.TrimSpace(rule))
	if !ok || !ok2 {
		return nil
	}
	if kw == "attack" {
		return Attack{At: at, Area: id, Rule: r}
	}
	return Defend{At: at, Area: id, Rule: r}
}

var whenWord = regexp.MustCompile(`(?i)(?:^|\s)when(?:\s|$)`)

// rule reads "hold" or "retreat [N] [to A, B] [when COND]"; the words hold
// and retreat may be shortened to any prefix.
func (d *decoder) rule(line int, s string) (Rule, bool) {
	w := firstWord(s)
	lw := strings.ToLower(w)
	switch {
	case lw != "" && strings.HasPrefix("hold", lw):
		if rest := strings.TrimSpace(s[len(w):]); rest != "" {
			d.errorf(line, "nothing may follow hold, not %q", short(rest))
			return Rule{}, false
		}
		return Rule{Hold: true}, true
	case lw != "" && strings.HasPrefix("retreat", lw):
	default:
		d.errorf(line, "after the colon write hold or retreat, not %q", short(s))
		return Rule{}, false
	}
	r := Rule{When: Always{}}
	rest := s[len(w):]
	if loc := whenWord.FindStringIndex(rest); loc != nil {
		cond := strings.TrimSpace(rest[loc[1]:])
		rest = rest[:loc[0]]
		if cond == "" {
			d.errorf(line, `"when" needs a condition, like "when mine <= 1"`)
			return Rule{}, false
		}
		c, err := ParseCond(cond)
		if err != nil {
			d.errorf(line, "%s", err.Error())
			return Rule{}, false
		}
		r.When = c
	}
	words := strings.Fields(rest)
	if len(words) > 0 {
		switch w := strings.ToLower(words[0]); {
		case isNumber(w):
			n, ok := d.count(line, w)
			if !ok {
				return Rule{}, false
			}
			if n == 0 {
				d.errorf(line, `retreat needs at least 1 army, or "all" (or leave the number out)`)
				return Rule{}, false
			}
			r.N = n
			words = words[1:]
		case w == "all":
			words = words[1:]
		case w == "leader": // the leader alone (reduX L&R 9.2.2)
			r.Leader = true
			words = words[1:]
		}
	}
	if len(words) == 0 {
		return r, true
	}
	if !strings.EqualFold(words[0], "to") {
		d.errorf(line, `after retreat write a number, "to" and areas, or "when", not %q`, short(strings.Join(words, " ")))
		return Rule{}, false
	}
	to, ok := d.areaList(line, strings.Join(words[1:], " "), "retreat to", "retreat to Pennines, Cumbria")
	if !ok {
		return Rule{}, false
	}
	r.To = to
	return r, true
}

// withdraw reads "withdraw AREA [N]" and "stay AREA [N]" (also "withdraw
// N AREA"; "all" or no number means every raiding unit there).
func (d *decoder) withdraw(at At, kw, rest string) Statement {
	example := `"withdraw Kent" or "withdraw Kent 2"`
	if kw == "stay" {
		example = `"stay York 2"`
	}
	words := strings.Fields(rest)
	n := 0
	switch {
	case len(words) > 1 && isNumber(words[len(words)-1]):
		var ok bool
		if n, ok = d.count(at.Line, words[len(words)-1]); !ok {
			return nil
		}
		words = words[:len(words)-1]
	case len(words) > 1 && (isNumber(words[0]) || strings.EqualFold(words[0], "all")):
		if isNumber(words[0]) {
			var ok bool
			if n, ok = d.count(at.Line, words[0]); !ok {
				return nil
			}
		}
		words = words[1:]
	}
	if len(words) == 0 {
		d.errorf(at.Line, "%s needs an area, like %s", kw, example)
		return nil
	}
	if n == 0 && len(rest) > 0 && isNumber(strings.Fields(rest)[0]) {
		d.errorf(at.Line, "%s needs at least 1 unit, or \"all\"", kw)
		return nil
	}
	id, ok := d.area(at.Line, strings.Join(words, " "), "")
	if !ok {
		return nil
	}
	return Withdraw{At: at, Area: id, N: n, Stay: kw == "stay"}
}

// target reads "target AREA: cavalry|infantry" (or "target *: ...").
func (d *decoder) target(at At, rest string) Statement {
	const example = `target needs a battle area and a unit type, like "target Kent: cavalry" or "target *: infantry"`
	area, unit, found := strings.Cut(rest, ":")
	area, unit = strings.TrimSpace(area), strings.ToLower(strings.TrimSpace(unit))
	if !found || area == "" || unit == "" {
		d.errorf(at.Line, example)
		return nil
	}
	u, ok := units[unit]
	if !ok || (u != "cavalry" && u != "infantry") {
		d.errorf(at.Line, "target names cavalry or infantry, not %q", short(unit))
		return nil
	}
	id := games.NoArea
	if area != "*" {
		if id, ok = d.area(at.Line, area, ""); !ok {
			return nil
		}
	}
	return Target{At: at, Area: id, Unit: u}
}

// rex reads "crown yes" or "crown no" (Cnut's choice, reduX L&R 9.4).
func (d *decoder) rex(at At, rest string) Statement {
	switch strings.ToLower(strings.TrimSpace(rest)) {
	case "yes", "y":
		return Rex{At: at, Yes: true}
	case "no", "n":
		return Rex{At: at}
	}
	d.errorf(at.Line, `write "crown yes" or "crown no"`)
	return nil
}

// opener reads "phase N:" or "if AREA taken|lost:", with the statements
// after the colon on the same line and those indented under it.
func (d *decoder) opener(l srcLine, at At, kw, rest string, lines []srcLine, i *int, ctx context) Statement {
	head, inline, found := strings.Cut(rest, ":")
	head, inline = strings.TrimSpace(head), strings.TrimSpace(inline)
	ok := found
	var s Statement
	inner := ctx
	inner.depth++
	if inner.depth > maxNesting {
		d.errorf(l.n, "blocks nested more than %d deep", maxNesting)
		d.skip(lines, i, l.ind)
		return nil
	}
	if kw == "phase" {
		inner.inPhase = true
		switch {
		case ctx.inPhase:
			d.errorf(l.n, "a phase block cannot be inside another phase block")
			ok = false
		case ctx.inIf:
			d.errorf(l.n, "a phase block cannot be inside an if block; put the if inside the phase")
			ok = false
		case !found || !isNumber(head):
			d.errorf(l.n, `phase needs a number and a colon, like "phase 2:"`)
			ok = false
		default:
			n, err := strconv.Atoi(head)
			if err != nil || n < 2 || n > 99 {
				d.errorf(l.n, `phase %s: statements outside phase blocks are phase 1; blocks are "phase 2:" and later`, short(head))
				ok = false
			}
			s = Phase{At: at, N: n}
		}
	} else {
		inner.inIf = true
		words := strings.Fields(head)
		var taken bool
		switch {
		case !found || len(words) < 2:
			d.errorf(l.n, `if needs an area and "taken" or "lost", then a colon, like "if Kent taken:"`)
			ok = false
		case strings.EqualFold(words[len(words)-1], "taken"):
			taken = true
		case strings.EqualFold(words[len(words)-1], "lost"):
		default:
			d.errorf(l.n, `if needs "taken" or "lost" after the area, like "if Kent taken:", not %q`, short(words[len(words)-1]))
			ok = false
		}
		if ok {
			id, good := d.area(l.n, strings.Join(words[:len(words)-1], " "), "")
			ok = good
			s = If{At: at, Area: id, Taken: taken}
		}
	}
	var body []Statement
	if inline != "" {
		body = append(body, d.statement(l, inline, lines, i, inner)...)
	}
	start := *i
	body = append(body, d.block(lines, i, l.ind, inner)...)
	if ok && inline == "" && *i == start {
		d.errorf(l.n, "nothing is indented under %q", short(strings.TrimSpace(l.text)))
		return nil
	}
	if !ok || len(body) == 0 {
		return nil
	}
	switch b := s.(type) {
	case Phase:
		b.Body = body
		return b
	case If:
		b.Then = body
		return b
	}
	return nil
}

// area looks a name up on the board. When a name of several words is not
// an area but each word is, the message says to separate them with sep.
func (d *decoder) area(line int, name, sep string) (games.AreaID, bool) {
	if utf8.RuneCountInString(name) > maxName {
		d.errorf(line, "unknown area %q", short(name))
		return games.NoArea, false
	}
	id, err := d.g.Board.Lookup(name)
	if err == nil {
		return id, true
	}
	if sep != "" && d.severalAreas(line, name, sep) {
		return games.NoArea, false
	}
	d.errorf(line, "%s", err.Error())
	return games.NoArea, false
}

// severalAreas reports (and records) that name is not one area but several
// written without separators ("Kent Essex"), each word an area.
func (d *decoder) severalAreas(line int, name, sep string) bool {
	words := strings.Fields(name)
	if len(words) < 2 || len(words) > 4 {
		return false
	}
	if _, err := d.g.Board.Lookup(name); err == nil {
		return false
	}
	for _, w := range words {
		if _, err := d.g.Board.Lookup(w); err != nil {
			return false
		}
	}
	d.errorf(line, "%q is %d areas; separate them with %s", short(name), len(words), sep)
	return true
}
