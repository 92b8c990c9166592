package templates

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/pbem-org/pbem/games"
)

// Width is the longest line of a text report or orders template, in
// characters: what every mail client shows without reflowing (docs/design.md §6).
const Width = 72

// width is the number of characters of s as a mail client counts them.
func width(s string) int { return utf8.RuneCountInString(s) }

// wrap breaks text into lines of at most w characters: the first line is
// indented by first spaces, the following ones by hang spaces. Runs of
// spaces collapse; a word longer than a line is cut.
func wrap(text string, w, first, hang int) []string {
	words := keepBrackets(strings.Fields(text), w-hang)
	var out []string
	line := strings.Repeat(" ", first)
	empty := true
	flush := func() {
		out = append(out, line)
		line = strings.Repeat(" ", hang)
		empty = true
	}
	for _, word := range words {
		for {
			room := w - width(line)
			if !empty {
				room-- // the space before the word
			}
			if width(word) <= room {
				if !empty {
					line += " "
				}
				line += word
				empty = false
				break
			}
			if !empty {
				flush()
				continue
			}
			// The word alone is too long for a line: cut it.
			cut := max(1, w-width(line))
			r := []rune(word)
			line += string(r[:cut])
			word = string(r[cut:])
			flush()
		}
	}
	if !empty || len(out) == 0 {
		out = append(out, strings.TrimRight(line, " "))
	}
	return out
}

// keepBrackets joins a short bracketed group of words into one word, so a
// line never breaks inside a roll of dice ("[3 5 6]") or a count ("(SX
// 2)", "(a citation 5.1)"); groups longer than max/2 stay breakable.
func keepBrackets(words []string, max int) []string {
	closer := map[byte]string{'[': "]", '(': ")"}
	var out []string
	for i := 0; i < len(words); i++ {
		w := words[i]
		if c, ok := closer[w[0]]; ok && !strings.Contains(w, c) {
			j := i + 1
			for j < len(words) && !strings.Contains(words[j], c) {
				j++
			}
			if j < len(words) {
				g := strings.Join(words[i:j+1], " ")
				if width(g) <= max/2 {
					out = append(out, g)
					i = j
					continue
				}
			}
		}
		out = append(out, w)
	}
	return out
}

// para wraps text to the report width with the given indents and returns
// it as one string ending in a newline.
func para(first, hang int, text string) string {
	return strings.Join(wrap(text, Width, first, hang), "\n") + "\n"
}

// fit is the last safety net of the text report: any line still longer
// than Width (a house-rules table with very long names) is wrapped under
// its own indentation, so the 72-column promise holds whatever the data.
func fit(text string) string {
	lines := strings.Split(text, "\n")
	var out []string
	for _, l := range lines {
		if width(l) <= Width {
			out = append(out, l)
			continue
		}
		ind := width(l) - width(strings.TrimLeft(l, " "))
		if ind > Width/2 {
			ind = 4
		}
		out = append(out, wrap(l, Width, ind, ind+2)...)
	}
	return strings.Join(out, "\n")
}

// table is a text table: a header row, rows, right-aligned columns and a
// left indent. The last column takes what room is left and wraps inside it.
type table struct {
	indent int
	head   []string
	rows   [][]string
	right  []bool
	minw   []int // least width of each column, to line tables up
}

// render lays the table out within Width.
func (t table) render() string {
	ws := t.widths()
	n := len(ws)
	if n == 0 {
		return ""
	}
	all := t.rows
	if len(t.head) > 0 {
		all = append([][]string{t.head}, t.rows...)
	}
	start := make([]int, n)
	pos := t.indent
	for i := range ws {
		start[i] = pos
		pos += ws[i] + tableGap
	}
	lastW := max(Width-start[n-1], 12)
	var sb strings.Builder
	for ri, r := range all {
		t.renderRow(&sb, r, ws, start[n-1], lastW)
		if ri == 0 && len(t.head) > 0 {
			sb.WriteString(t.rule(ws, lastW) + "\n")
		}
	}
	return sb.String()
}

// tableGap is the room between two columns of a table.
const tableGap = 2

// widths are the widths of the table's columns: the widest cell of each,
// at least its minw.
func (t table) widths() []int {
	n := len(t.head)
	for _, r := range t.rows {
		n = max(n, len(r))
	}
	ws := make([]int, n)
	for _, r := range append([][]string{t.head}, t.rows...) {
		for i, c := range r {
			ws[i] = max(ws[i], width(c))
		}
	}
	for i, m := range t.minw {
		if i < n {
			ws[i] = max(ws[i], m)
		}
	}
	return ws
}

// renderRow writes row r: its cells padded to the widths ws, the last,
// which starts at column lastStart, wrapped within Width where it is wider
// than lastW.
func (t table) renderRow(sb *strings.Builder, r []string, ws []int, lastStart, lastW int) {
	n := len(ws)
	var line strings.Builder
	line.WriteString(strings.Repeat(" ", t.indent))
	for i := 0; i < n-1; i++ {
		c := ""
		if i < len(r) {
			c = r[i]
		}
		pad := strings.Repeat(" ", ws[i]-width(c))
		if i < len(t.right) && t.right[i] {
			line.WriteString(pad + c)
		} else {
			line.WriteString(c + pad)
		}
		line.WriteString(strings.Repeat(" ", tableGap))
	}
	last := ""
	if n-1 < len(r) {
		last = r[n-1]
	}
	if n-1 < len(t.right) && t.right[n-1] {
		last = strings.Repeat(" ", max(0, ws[n-1]-width(last))) + last
	}
	head := line.String()
	if width(last) <= lastW {
		sb.WriteString(strings.TrimRight(head+last, " ") + "\n")
		return
	}
	ls := wrap(last, Width, lastStart, lastStart)
	sb.WriteString(strings.TrimRight(head+strings.TrimLeft(ls[0], " "), " ") + "\n")
	for _, l := range ls[1:] {
		sb.WriteString(l + "\n")
	}
}

// rule is the line of dashes under the table's head, each column's as wide
// as the column (the last at most lastW).
func (t table) rule(ws []int, lastW int) string {
	n := len(ws)
	var rule strings.Builder
	rule.WriteString(strings.Repeat(" ", t.indent))
	for i := range ws {
		w := ws[i]
		if i == n-1 {
			w = min(ws[i], lastW)
		}
		rule.WriteString(strings.Repeat("-", w))
		if i < n-1 {
			rule.WriteString(strings.Repeat(" ", tableGap))
		}
	}
	return rule.String()
}

// possessive is "the Saxons' turn" or "the Romano-British turn".
func possessive(nation string) string { return games.Possessive(nation) }

// plural is "1 army", "2 armies".
func plural(n int, one, many string) string { return games.Count(n, one, many) }

// signed is "+3", "-1" or "0".
func signed(n int) string {
	if n > 0 {
		return "+" + strconv.Itoa(n)
	}
	return strconv.Itoa(n)
}

// list joins words: "a", "a and b", "a, b and c".
func list(xs []string) string {
	switch len(xs) {
	case 0:
		return ""
	case 1:
		return xs[0]
	}
	return strings.Join(xs[:len(xs)-1], ", ") + " and " + xs[len(xs)-1]
}
