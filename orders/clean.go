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
//     [quote] block counts as quoted material;
//   - quoted material: lines starting with '>', and everything after an
//     Outlook "-----Original Message-----" (or a forwarded-message) marker;
//     reply attributions ("On ... wrote:") are dropped;
//   - mail signatures: a line "-- " (or "--") and "Sent from my ..." end the
//     text they appear in;
//   - a line "end" ends the text it appears in.
//
// The result is the unquoted text, unless the header lines game: or nation:
// appear only in the quoted material (a top-posted reply "same as before"
// above the orders): then it is the quoted text, with its '>' marks removed.
func Clean(text string) []Line {
	text = strings.ToValidUTF8(text, "\uFFFD")
	raw := splitLines(text)
	var main, quoted []Line
	mainDone, quotedDone := false, false
	depth := 0       // [quote] nesting
	outlook := false // after an Original Message marker
	for i, s := range raw {
		n := i + 1
		s = normaliseChars(s)
		for _, seg := range splitBBCode(s, &depth) {
			t := seg.text
			q := seg.quoted || outlook
			if !q && isQuoteLine(t) {
				q = true
			}
			if !q && isOutlookMarker(t, raw, i) {
				outlook = true
				continue
			}
			if q {
				t = unquote(t)
				if quotedDone {
					continue
				}
				if isOutlookMarker(t, nil, 0) {
					continue
				}
				if stopsText(t) {
					quotedDone = true
					continue
				}
				quoted = appendLine(quoted, n, t)
				continue
			}
			if mainDone {
				continue
			}
			if stopsText(t) {
				mainDone = true
				continue
			}
			main = appendLine(main, n, t)
		}
	}
	main = dropAttributions(stripTags(main))
	quoted = dropAttributions(stripTags(quoted))
	if !hasEnvelope(main) && hasEnvelope(quoted) {
		return quoted
	}
	return main
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

// appendLine appends a line, merging it with the previous one when a line
// was cut in two by BBCode ("[/quote]move ..." gives a quoted and an
// unquoted part of the same line; each stream sees its part only).
func appendLine(ls []Line, n int, t string) []Line {
	if k := len(ls); k > 0 && ls[k-1].N == n {
		ls[k-1].Text += t
		return ls
	}
	return append(ls, Line{N: n, Text: t})
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

type segment struct {
	text   string
	quoted bool
}

// bbTag matches the BBCode tags of common forums (phpBB, vBulletin, SMF,
// Discourse, BoardGameGeek). Orders never use square brackets.
var bbTag = regexp.MustCompile(`(?i)\[(/?)(quote|q|code|c|b|i|u|s|strike|color|colour|size|font|spoiler|ispoiler|hide|list|\*|url|email|img|center|left|right|justify|pre|tt|sub|sup|hr|noparse|plain|table|tr|td|th|indent|highlight|mono|o|inlinecode|icode|php|html|media|attach|user|geekurl|thing|boardgame|clear|floatleft|floatright|youtube|bgcolor|nocode)\b[^\]\n]*\]`)

// splitBBCode removes BBCode tags from a line and cuts it where [quote]
// blocks open and close; depth carries the [quote] nesting across lines.
// Tags are removed until none is left, so "[[b]b]" leaves no tag behind.
func splitBBCode(s string, depth *int) []segment {
	var out []segment
	for {
		loc := bbTag.FindStringSubmatchIndex(s)
		if loc == nil {
			break
		}
		name := strings.ToLower(s[loc[4]:loc[5]])
		closing := loc[3] > loc[2]
		if name == "quote" || name == "q" {
			if loc[0] > 0 {
				out = append(out, segment{s[:loc[0]], *depth > 0})
			}
			if closing {
				if *depth > 0 {
					*depth--
				}
			} else {
				*depth++
			}
			s = s[loc[1]:]
			continue
		}
		s = s[:loc[0]] + s[loc[1]:]
	}
	if s != "" || len(out) == 0 {
		out = append(out, segment{s, *depth > 0})
	}
	return out
}

// stripTags removes any tag left in a line, including one formed only when
// the parts of a line cut by [quote] tags were joined again ("[b" + "]"), and
// repeats until none is left, so that cleaning clean text changes nothing.
func stripTags(ls []Line) []Line {
	for i := range ls {
		for {
			t := bbTag.ReplaceAllString(ls[i].Text, "")
			if t == ls[i].Text {
				break
			}
			ls[i].Text = t
		}
	}
	return ls
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
	sentFrom      = regexp.MustCompile(`(?i)^\s*(sent from my |get outlook for )`)
	envelopeLine  = regexp.MustCompile(`(?i)^\s*(game|nation)\s*:`)
)

// isOutlookMarker reports whether line i starts quoted material without
// '>' marks: "-----Original Message-----", a forwarded-message marker, or a
// line of underscores followed by a "From:" line (newer Outlook).
func isOutlookMarker(s string, raw []string, i int) bool {
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
	return sentFrom.MatchString(s)
}

// dropAttributions removes reply attributions ("On Mon, 5 May 2025, Ann
// <ann@example.com> wrote:"), including the first half of one that a mail
// client wrapped onto two lines.
func dropAttributions(ls []Line) []Line {
	out := ls[:0:0]
	for _, l := range ls {
		if attribution.MatchString(l.Text) {
			if k := len(out); k > 0 && out[k-1].N == l.N-1 && !startsAttribution(l.Text) && startsAttribution(out[k-1].Text) {
				out = out[:k-1]
			}
			continue
		}
		out = append(out, l)
	}
	return out
}

var attributionStart = regexp.MustCompile(`(?i)^\s*(on|am|le|el|il|op|den|w dniu)\s`)

func startsAttribution(s string) bool { return attributionStart.MatchString(s) }

func hasEnvelope(ls []Line) bool {
	for _, l := range ls {
		if envelopeLine.MatchString(l.Text) {
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
