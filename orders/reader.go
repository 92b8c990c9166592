package orders

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/pbem-org/pbem/games"
)

// Reader is what a keyword's Decode reads one line with (Keyword.Decode):
// the line, the game, and helpers that read areas, counts and retreat rules
// and record their errors at the line, in the words every keyword uses.
type Reader struct {
	d     *decoder
	kw    *Keyword
	l     srcLine
	lines []srcLine
	i     *int
	ctx   context
	errs0 int // how many errors the file had when the line began
}

// Line is the 1-based line being read.
func (r *Reader) Line() int { return r.l.n }

// At is the position to give the line's statements.
func (r *Reader) At() At { return At{Line: r.l.n} }

// Game is the game the orders are read against: its board and tables.
func (r *Reader) Game() *games.Game { return r.d.g }

// Errorf records an error (Invalid: not understood) at the line. A Decode
// that records one returns no statements.
func (r *Reader) Errorf(format string, args ...any) {
	r.d.errorf(r.l.n, format, args...)
}

// Inside reports whether the line is inside a block opened by the keyword
// ("a phase block cannot be inside another phase block").
func (r *Reader) Inside(keyword string) bool {
	for _, k := range r.ctx.open {
		if k == keyword {
			return true
		}
	}
	return false
}

// Block reads the statements of the block the line opens (Keyword.Block):
// inline, the statement after the opening line's colon ("if Kent taken:
// move 2 Kent > Essex"), if not empty, and those indented under the line.
// A statement that may appear only once appears once in them all
// (Keyword.Once). When there are none at all and the opening line has no
// error so far, the error is "nothing is indented under ...". It returns
// nil when nothing in the block was read without error.
func (r *Reader) Block(inline string) []Statement {
	headOK := len(r.d.errs) == r.errs0
	if len(r.ctx.open) >= maxNesting { // only when the keyword is not Keyword.Block
		r.Errorf("blocks nested more than %d deep", maxNesting)
		r.d.skip(r.lines, r.i, r.l.ind)
		return nil
	}
	inner := context{open: append(r.ctx.open[:len(r.ctx.open):len(r.ctx.open)], r.kw.Name)}
	var body []item
	if inline != "" {
		body = r.d.statement(r.l, inline, r.lines, r.i, inner)
	}
	start := *r.i
	body = append(body, r.d.block(r.lines, r.i, r.l.ind, inner)...)
	if headOK && inline == "" && *r.i == start {
		r.Errorf("nothing is indented under %q", short(strings.TrimSpace(r.l.text)))
		return nil
	}
	return statements(r.d.once(body))
}

// maxName bounds an area name; longer text is not looked up.
const maxName = 60

// Area looks a name up on the board; the error says why it is not an
// area ("unknown area "Kentt" (did you mean Kent?)"). When sep is not
// empty and a name of several words is not an area but each word is, the
// error says to separate them with sep (`">"`, "commas").
func (r *Reader) Area(name, sep string) (games.AreaID, bool) {
	return r.d.area(r.l.n, name, sep)
}

// Areas reads a list of areas separated by commas, "Kent, Essex", none of
// them twice. what names the list in errors ("battles") and example is a
// good one.
func (r *Reader) Areas(s, what, example string) ([]games.AreaID, bool) {
	return r.d.areaList(r.l.n, s, what, example)
}

// Count reads a number of units, at most 999 (the caller knows w is
// digits).
func (r *Reader) Count(w string) (int, bool) {
	return r.d.count(r.l.n, w)
}

// Rule reads what to do in a battle: "hold" or "retreat [N|all|leader] [to
// A, B] [when COND]" (docs/orders.md, "attack" and "defend"); the words
// hold and retreat may be shortened to any prefix.
func (r *Reader) Rule(s string) (Rule, bool) {
	return r.d.rule(r.l.n, s)
}

// area looks a name up on the board (Reader.Area).
func (d *decoder) area(line int, name, sep string) (games.AreaID, bool) {
	if utf8.RuneCountInString(name) > maxName {
		d.errorf(line, "unknown area %q", short(name))
		return games.NoArea, false
	}
	id, err := d.g.Board.Lookup(name)
	if err == nil {
		a := d.g.Board.Area(id)
		d.prefixRead(line, "area", name, a.Name, append([]string{a.Name}, a.Aliases...))
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

// short shortens text a player wrote for quoting in a message.
func short(s string) string {
	if utf8.RuneCountInString(s) <= maxName {
		return s
	}
	return string([]rune(s)[:maxName-3]) + "…"
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
