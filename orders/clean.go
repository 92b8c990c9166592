package orders

import (
	"regexp"
	"strings"
	"unicode"
)

// Line is one line of a cleaned order file with its 1-based line number in
// the text as received (CRLF, a lone CR and LF each end a line).
type Line struct {
	N    int
	Text string
}

// Clean removes the artefacts that mail clients and forums add around an
// order file (docs/orders.md, "The envelope"), keeping each surviving line's
// original number:
//
//   - CRLF and lone CR line ends; invalid UTF-8 (replaced by U+FFFD);
//   - non-breaking and other odd spaces (made plain spaces), zero-width and
//     other invisible characters (removed); typographic dashes, arrows and
//     ≤ ≥ ≠ that word processors substitute (made - > <= >= !=);
//   - BBCode tags ([quote], [code], [b], [color=red], ...); the text of a
//     [quote] block counts as quoted material; each item of a [list] is a
//     line of its own, indented two spaces deeper for each list it is
//     nested in beyond the first (so a block's statements can be a nested
//     list), and a bullet (•) starting a line, as a forum's list copied
//     from the page gives, is removed;
//   - quoted material: lines starting with '>', and everything after an
//     Outlook "-----Original Message-----" (or a forwarded-message) marker;
//     reply attributions ("On ... wrote:") are dropped;
//   - mail signatures: a line "-- " (or "--") and "Sent from my ..." end the
//     text they appear in;
//   - a line "end" ends the text it appears in.
//
// The result is the unquoted text, unless the header lines game: or nation:
// appear only in the quoted material (a top-posted reply "same as before"
// above the orders): then it is the quoted text, with its '>' marks removed,
// and, if the unquoted text has a line that starts with a keyword spelt in
// full (a reply written between the quoted lines), the unquoted lines too,
// all in line order. The keywords are the base grammar's (Base); a
// Grammar's Clean knows its own.
func Clean(text string) []Line {
	return base.Clean(text)
}

// Clean is the package's Clean with g's keywords: a reply written between
// quoted lines is recognised by a line that starts with one of them.
func (g *Grammar) Clean(text string) []Line {
	text = strings.ToValidUTF8(text, "\uFFFD")
	raw, nums := listItems(splitLines(text))
	var main, quoted []Line
	mainDone, quotedDone := false, false
	depth := 0       // [quote] nesting
	outlook := false // after an Original Message marker
	addQuoted := func(n int, t string) {
		t = unquote(t)
		switch {
		case quotedDone, isOutlookMarker(t, nil, 0):
		case stopsText(t):
			quotedDone = true
		default:
			quoted = append(quoted, Line{N: n, Text: t})
		}
	}
	for i, s := range raw {
		n := nums[i]
		p := splitQuotes(normaliseChars(s), &depth)
		if outlook {
			addQuoted(n, p.all)
			continue
		}
		if p.hasMain {
			t := p.main
			switch {
			case isQuoteLine(t):
				addQuoted(n, t)
			case isOutlookMarker(t, raw, i):
				outlook = true
			case mainDone:
			case stopsText(t):
				mainDone = true
			default:
				main = append(main, Line{N: n, Text: t})
			}
		}
		if p.hasQuoted {
			addQuoted(n, p.quoted)
		}
	}
	main = dropAttributions(main)
	quoted = dropAttributions(quoted)
	if !hasEnvelope(main) && hasEnvelope(quoted) {
		if g.hasStatement(main) {
			// A reply written between the quoted lines: its own lines are
			// orders too, and dropping them would be a silent guess.
			return merge(quoted, main)
		}
		return quoted
	}
	return main
}

// hasStatement reports whether a line starts with a statement keyword
// spelt in full and has more after it ("move 2 York > Bernicia", not
// "Thanks").
func (g *Grammar) hasStatement(ls []Line) bool {
	for _, l := range ls {
		t := strings.TrimLeft(l.Text, " \t")
		w := firstWord(t)
		if w == "" || len(w) == len(t) || strings.EqualFold(w, "end") {
			continue
		}
		for _, k := range g.keywords {
			if strings.EqualFold(w, k.Name) {
				return true
			}
		}
	}
	return false
}

// merge merges two lists of lines in line order (a's line first when both
// have part of the same line).
func merge(a, b []Line) []Line {
	out := make([]Line, 0, len(a)+len(b))
	for len(a) > 0 && len(b) > 0 {
		if b[0].N < a[0].N {
			out, b = append(out, b[0]), b[1:]
		} else {
			out, a = append(out, a[0]), a[1:]
		}
	}
	return append(append(out, a...), b...)
}

// listTag matches the BBCode tags of lists: [list], [list=1], [/list]
// and the item tag [*].
var listTag = regexp.MustCompile(`(?i)\[(?:(/?)list(?:=[^\]\n]{0,20})?|(\*))\]`)

// bullet is a list bullet that a forum's rendered list gives when copied
// from the page, at the start of a line; orders never start with one.
var bullet = regexp.MustCompile(`^([ \t]*)[•◦▪‣·][ \t]+`)

// listItems splits the items of BBCode lists onto lines of their own, each
// indented two spaces for every list it is nested in beyond the first, and
// removes the list tags and a leading bullet; nums holds each line's number
// in the text as received (every item of a one-line list has that line's).
func listItems(raw []string) (lines []string, nums []int) {
	depth := 0
	for i, s := range raw {
		s = bullet.ReplaceAllString(s, "$1")
		tags := listTag.FindAllStringSubmatchIndex(s, -1)
		if tags == nil {
			lines, nums = append(lines, s), append(nums, i+1)
			continue
		}
		emitted := false
		buf := s[:tags[0][0]]
		flush := func() {
			if strings.TrimSpace(buf) != "" {
				lines, nums = append(lines, buf), append(nums, i+1)
				emitted = true
			}
			buf = ""
		}
		for k, m := range tags {
			flush()
			switch {
			case m[4] >= 0: // [*]
				buf = strings.Repeat("  ", max(depth-1, 0))
			case m[3] > m[2]: // [/list]
				depth = max(depth-1, 0)
			default:
				depth++
			}
			end := len(s)
			if k+1 < len(tags) {
				end = tags[k+1][0]
			}
			text := s[m[1]:end]
			if m[4] >= 0 {
				text = strings.TrimLeft(text, " \t")
			}
			buf += text
		}
		flush()
		if !emitted {
			lines, nums = append(lines, ""), append(nums, i+1)
		}
	}
	return lines, nums
}

// splitLines splits on CRLF, CR and LF.
func splitLines(text string) []string {
	text = strings.ReplaceAll(text, "\r\n", "\n")
	text = strings.ReplaceAll(text, "\r", "\n")
	text = strings.TrimSuffix(text, "\n")
	if text == "" {
		return nil
	}
	return strings.Split(text, "\n")
}

// normaliseChars replaces odd spaces and typographic substitutions and drops
// invisible characters.
func normaliseChars(s string) string {
	var sb strings.Builder
	for _, r := range s {
		switch r {
		case '\t':
			sb.WriteRune(r)
			continue
		case '\u2010', '\u2011', '\u2012', '\u2013', '\u2014', '\u2015', '\u2212':
			sb.WriteByte('-')
			continue
		case '\u2192', '\u27f6', '\u21d2', '\u2794', '\u279c', '\u27a1':
			sb.WriteByte('>')
			continue
		case '\u2264':
			sb.WriteString("<=")
			continue
		case '\u2265':
			sb.WriteString(">=")
			continue
		case '\u2260':
			sb.WriteString("!=")
			continue
		case '\u201c', '\u201d', '\u201e':
			sb.WriteByte('"')
			continue
		case '\u2018', '\u2019', '\u201a':
			sb.WriteByte('\'')
			continue
		}
		switch {
		case unicode.IsSpace(r):
			sb.WriteByte(' ')
		case unicode.IsControl(r), unicode.Is(unicode.Cf, r):
			// zero-width spaces and joiners, BOM, soft hyphen, NUL ...
		default:
			sb.WriteRune(r)
		}
	}
	return sb.String()
}

// parts is one line cut by [quote] tags: the text outside and inside
// quotes, each joined up and free of tags, and the whole line without tags.
type parts struct {
	main, quoted, all  string
	hasMain, hasQuoted bool
}

// bbTag matches one BBCode tag of the common forums (phpBB, vBulletin, SMF,
// Discourse, BoardGameGeek). Orders never use square brackets.
var bbTag = regexp.MustCompile(`(?i)^\[(/?)(quote|q|code|c|b|i|u|s|strike|color|colour|size|font|spoiler|ispoiler|hide|list|\*|url|email|img|center|left|right|justify|pre|tt|sub|sup|hr|noparse|plain|table|tr|td|th|indent|highlight|mono|o|inlinecode|icode|php|html|media|attach|user|geekurl|thing|boardgame|clear|floatleft|floatright|youtube|bgcolor|nocode)\b[^\]\n]*\]$`)

// maxTag bounds the length of a tag with its attributes.
const maxTag = 200

// removeTags removes BBCode tags from s in one pass, including tags that
// form only once an inner tag is gone ("[[b]b]"), so that no tag is left.
// At each [quote] or [/quote] tag, when cut is not nil, it hands cut the
// text so far and starts afresh.
func removeTags(s string, cut func(before string, closing bool)) string {
	out := make([]byte, 0, len(s))
	var opens []int // offsets in out of each '[' that may still open a tag
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '[':
			opens = append(opens, len(out))
		case c == ']' && len(opens) > 0:
			o := opens[len(opens)-1]
			if len(out)-o < maxTag {
				if m := bbTag.FindStringSubmatch(string(out[o:]) + "]"); m != nil {
					out, opens = out[:o], opens[:len(opens)-1]
					if name := strings.ToLower(m[2]); cut != nil && (name == "quote" || name == "q") {
						cut(string(out), m[1] == "/")
						out, opens = out[:0], opens[:0]
					}
					continue
				}
			}
			// A tag has no ']' inside, so no '[' before this one opens one.
			opens = opens[:0]
		}
		out = append(out, c)
	}
	return string(out)
}

// splitQuotes removes BBCode tags from a line and sorts its text into what
// is inside and outside [quote] blocks; depth carries the nesting across
// lines.
func splitQuotes(s string, depth *int) parts {
	var p parts
	var main, quoted, all strings.Builder
	add := func(t string) {
		all.WriteString(t)
		if *depth > 0 {
			quoted.WriteString(t)
			p.hasQuoted = true
		} else {
			main.WriteString(t)
			p.hasMain = true
		}
	}
	rest := removeTags(s, func(before string, closing bool) {
		if before != "" {
			add(before)
		}
		if closing {
			*depth = max(0, *depth-1)
		} else {
			*depth++
		}
	})
	if rest != "" || (!p.hasMain && !p.hasQuoted) {
		add(rest)
	}
	// Parts joined again may form a tag ("[b" + "]"): remove those too.
	p.main = removeTags(main.String(), nil)
	p.quoted = removeTags(quoted.String(), nil)
	p.all = removeTags(all.String(), nil)
	return p
}

func isQuoteLine(s string) bool {
	return strings.HasPrefix(strings.TrimLeft(s, " \t"), ">")
}

// unquote removes the '>' marks of quoted mail, one optional space after
// each, so that the indentation of quoted orders survives.
func unquote(s string) string {
	t := strings.TrimLeft(s, " \t")
	if !strings.HasPrefix(t, ">") {
		return s
	}
	for strings.HasPrefix(t, ">") {
		t = t[1:]
		t = strings.TrimPrefix(t, " ")
		if u := strings.TrimLeft(t, " \t"); strings.HasPrefix(u, ">") {
			t = u
		}
	}
	return t
}

var (
	outlookMarker = regexp.MustCompile(`(?i)^\s*-{2,}\s*(original message|forwarded message|urspr(ü|ue)ngliche nachricht|message d'origine|mensaje original|messaggio originale)\s*-*\s*$`)
	forwardMarker = regexp.MustCompile(`(?i)^\s*begin forwarded message:\s*$`)
	underscores   = regexp.MustCompile(`^\s*_{10,}\s*$`)
	fromHeader    = regexp.MustCompile(`(?i)^\s*(from|von|de|da)\s*:`)
	attribution   = regexp.MustCompile(`(?i)(wrote|writes|schrieb|a écrit|escribió|scrisse|skrev|schreef|napisał)\s*:\s*$`)
	sentFrom      = regexp.MustCompile(`(?i)^(sent from my |get outlook for )`)
	envelopeLine  = regexp.MustCompile(`(?i)^(game|nation)\s*:`)
)

// isOutlookMarker reports whether line i starts quoted material without
// '>' marks: "-----Original Message-----", a forwarded-message marker, or a
// line of underscores followed by a "From:" line (newer Outlook).
func isOutlookMarker(s string, raw []string, i int) bool {
	t := strings.TrimLeft(s, " \t")
	if t == "" || (t[0] != '-' && t[0] != '_' && t[0] != 'b' && t[0] != 'B') {
		return false // cheap test first: most lines are orders
	}
	if outlookMarker.MatchString(s) || forwardMarker.MatchString(s) {
		return true
	}
	if underscores.MatchString(s) && i+1 < len(raw) {
		return fromHeader.MatchString(normaliseChars(raw[i+1]))
	}
	return false
}

// stopsText reports whether a line ends the text it is in: a signature
// separator, a mobile signature, or "end".
func stopsText(s string) bool {
	t := strings.TrimRight(s, " \t")
	if t == "--" || t == "-- " {
		return true
	}
	if strings.EqualFold(strings.TrimSpace(t), "end") {
		return true
	}
	return sentFrom.MatchString(strings.TrimLeft(s, " \t"))
}

// dropAttributions removes reply attributions ("On Mon, 5 May 2025, Ann
// <ann@example.com> wrote:"), including the first half of one that a mail
// client wrapped onto two lines.
func dropAttributions(ls []Line) []Line {
	out := ls[:0:0]
	for _, l := range ls {
		if isAttribution(l.Text) {
			if k := len(out); k > 0 && out[k-1].N == l.N-1 && !startsAttribution(l.Text) && startsAttribution(out[k-1].Text) {
				out = out[:k-1]
			}
			continue
		}
		out = append(out, l)
	}
	return out
}

var attributionStart = regexp.MustCompile(`(?i)^(on|am|le|el|il|op|den|w dniu)\s`)

func startsAttribution(s string) bool {
	return attributionStart.MatchString(strings.TrimLeft(s, " \t"))
}

// isAttribution reports whether a line ends like a reply attribution; it
// looks at the end of the line only.
func isAttribution(s string) bool {
	s = strings.TrimRight(s, " \t")
	if !strings.HasSuffix(s, ":") {
		return false
	}
	if len(s) > 40 {
		s = strings.ToValidUTF8(s[len(s)-40:], "")
	}
	return attribution.MatchString(s)
}

func hasEnvelope(ls []Line) bool {
	for _, l := range ls {
		if strings.Contains(l.Text, ":") && envelopeLine.MatchString(strings.TrimLeft(l.Text, " \t")) {
			return true
		}
	}
	return false
}

// trimIndent splits a line into its indentation width (a tab advances to
// the next multiple of 8) and the rest.
func trimIndent(s string) (int, string) {
	w := 0
	for i, r := range s {
		switch r {
		case ' ':
			w++
		case '\t':
			w += 8 - w%8
		default:
			return w, s[i:]
		}
	}
	return w, ""
}
