package mailer

import (
	"strings"
	"unicode/utf8"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// maxQuoteMarks is the most '>' marks htmlToText puts before a line: a
// blockquote nested deeper is marked as this deep. Orders read any number of
// marks as quoted (docs/orders.md, "The envelope"), so the lines keep their
// meaning, and a nest of thousands of blockquotes costs no more than a few.
const maxQuoteMarks = 20

// htmlText is what htmlToText makes of the HTML bodies of a message.
type htmlText struct {
	Text string
	// Deepest is the deepest blockquote nesting seen.
	Deepest int
	// Stop, if not "", says why conversion stopped before the end:
	// stopTextFull when the text would be longer than max bytes (it would
	// then be at least Need bytes), else the kind of piece of HTML ("tag",
	// "comment", "run of text", "script or style") longer than max bytes.
	Stop string
	Need int
}

// stopTextFull is htmlText.Stop for a text that passes max bytes.
const stopTextFull = "text"

// htmlToText turns the HTML bodies of a mail into plain text, as a reader
// would see them, joined by a newline: tags are dropped, entities decoded,
// runs of white space collapsed, <br> gives a newline, block elements (p,
// div, li, tr, headings...) start a new line, <pre> keeps its spacing, and
// each <blockquote> level marks its lines with '>' (at most maxQuoteMarks) so
// quoted orders stay recognisable as quotes. Script, style, title, the head
// and Outlook's <xml> islands are skipped.
//
// The text is made in its final form (normaliseText leaves it as it is) and
// its cost is bounded while it is made, whatever the markup: the tokenizer
// (golang.org/x/net/html) streams and buffers one token at a time, at most
// max bytes of it; nesting is a counter; and conversion stops as soon as the
// text with its final newline would pass max bytes.
func htmlToText(bodies []string, max int) htmlText {
	w := &textWriter{max: max, lineStart: true}
	stop := ""
	for i, body := range bodies {
		if i > 0 {
			w.endPart()
		}
		if stop = w.convert(body); stop != "" {
			break
		}
	}
	if stop == "" {
		if w.endLine(); w.full { // a last quoted line of no-break spaces
			stop = stopTextFull
		}
	}
	return htmlText{Text: string(w.out), Deepest: w.deepest, Stop: stop, Need: w.need}
}

// convert streams one HTML body through the tokenizer into w and returns
// why it stopped early, or "".
func (w *textWriter) convert(body string) string {
	z := html.NewTokenizer(strings.NewReader(body))
	// A token is buffered whole, and a tag's attribute names are kept in a
	// map: a tag of a million attributes would cost fifty times its size.
	z.SetMaxBuf(w.max)
	dropText := false // the next text token is the content of script, style or title
	inHead, xml := false, false
	piece := "" // the kind of the last token, should the next one be too long
	for !w.full {
		tt := z.Next()
		drop := dropText
		dropText = false
		if tt == html.ErrorToken {
			if z.Err() != html.ErrBufferExceeded {
				return "" // io.EOF: the input is a string
			}
			// A tag is refused whole; a text or comment was returned up to
			// the limit, and the error follows it.
			if raw := z.Raw(); len(raw) > 0 && raw[0] == '<' || piece == "" {
				return "tag"
			}
			return piece
		}
		piece = tokenKind(tt, drop)
		if xml { // an Outlook <xml> island: nothing in it is shown, up to </xml>
			name, _ := z.TagName()
			xml = tt != html.EndTagToken || string(name) != "xml"
			z.NextIsNotRawText()
			continue
		}
		switch tt {
		case html.TextToken:
			t := z.Text()
			if inHead && !isHTMLSpace(t) {
				inHead = false // text ends the head, as in a browser
			}
			if !drop && !inHead {
				w.text(t)
			}
		case html.StartTagToken, html.SelfClosingTagToken, html.EndTagToken:
			name, _ := z.TagName()
			a := atom.Lookup(name)
			closing := tt == html.EndTagToken
			switch {
			case a == atom.Script || a == atom.Style || a == atom.Title:
				dropText = !closing // the tokenizer reads their content as one raw text
			case a == atom.Noscript || a == atom.Iframe || a == atom.Noembed || a == atom.Noframes:
				z.NextIsNotRawText() // a mail reader runs no scripts and shows the fallback
			case a == atom.Head:
				inHead = tt == html.StartTagToken
			case string(name) == "xml":
				xml = tt == html.StartTagToken
			case inHead && !closing && !inHeadElement(a):
				inHead = false
				w.tag(a, closing)
			default:
				w.tag(a, closing)
			}
		}
	}
	return stopTextFull
}

// tokenKind names a token of type tt for a message about its length;
// dropped text is the content of a script, style or title.
func tokenKind(tt html.TokenType, dropped bool) string {
	switch {
	case tt == html.TextToken && dropped:
		return "script or style"
	case tt == html.TextToken:
		return "run of text"
	case tt == html.CommentToken || tt == html.DoctypeToken:
		return "comment"
	}
	return "tag"
}

// inHeadElement reports whether element a belongs in the head; any other
// start tag ends it, as in a browser.
func inHeadElement(a atom.Atom) bool {
	switch a {
	case atom.Meta, atom.Link, atom.Base, atom.Basefont, atom.Bgsound, atom.Template:
		return true
	}
	return false
}

// isHTMLSpace reports whether b is all HTML white space.
func isHTMLSpace(b []byte) bool {
	for _, c := range b {
		switch c {
		case ' ', '\t', '\n', '\r', '\f':
		default:
			return false
		}
	}
	return true
}

// tag applies the line breaks and quote depth of one tag.
func (w *textWriter) tag(a atom.Atom, closing bool) {
	switch a {
	case atom.Br:
		w.newline()
	case atom.Blockquote:
		w.block()
		switch {
		case !closing:
			w.depth++
			w.deepest = max(w.deepest, w.depth)
		case w.depth > 0:
			w.depth--
		}
	case atom.Pre:
		w.block()
		w.pre = !closing
	case atom.Td, atom.Th:
		if !closing {
			w.space = true
		}
	case atom.P, atom.Div, atom.Li, atom.Tr, atom.Ul, atom.Ol, atom.Dl, atom.Dt, atom.Dd, atom.Table, atom.Hr,
		atom.H1, atom.H2, atom.H3, atom.H4, atom.H5, atom.H6, atom.Section, atom.Article, atom.Header,
		atom.Footer, atom.Center, atom.Address, atom.Form, atom.Fieldset, atom.Body:
		w.block()
	}
}

// textWriter accumulates the text of htmlToText within max bytes. Newlines
// and spaces are owed (counted, not written) until a character follows them
// on a line, so trailing spaces and newlines cost nothing and are never
// written: in HTML they carry no meaning, and Outlook's "<p>&nbsp;</p>" is an
// empty line.
type textWriter struct {
	out  []byte
	max  int  // the most bytes of text, its final newline included
	full bool // a character did not fit
	need int  // when full: the text would be longer than this

	depth, deepest int  // blockquote nesting
	pre            bool // inside <pre>
	space          bool // a collapsed white-space run is pending

	lineStart bool // nothing on this line yet
	marks     int  // the line's '>' marks, set by its first character
	written   bool // part of this line is in out
	nl, sp    int  // newlines and spaces owed
}

// text writes the decoded text of a text token.
func (w *textWriter) text(s []byte) {
	for len(s) > 0 && !w.full {
		r, n := utf8.DecodeRune(s)
		s = s[n:]
		switch r {
		case '\u200B', '\u200C', '\u200D', '\u2060', '\uFEFF', 0:
			continue // invisible: dropped, as normaliseText does
		case '\u2028', '\u2029':
			w.newline()
			continue
		}
		if w.pre {
			switch r {
			case '\n':
				w.newline()
			case ' ', '\u00A0', '\u202F':
				w.char(' ')
			default:
				w.char(r)
			}
			continue
		}
		switch r {
		case ' ', '\t', '\n', '\r', '\f':
			w.space = true
			continue
		case '\u00A0', '\u202F':
			r = ' ' // a no-break space is a space that does not collapse
		}
		if w.space && !w.lineStart {
			w.char(' ')
		}
		w.space = false
		w.char(r)
	}
}

// char adds one character to the line; a space is owed until something
// follows it.
func (w *textWriter) char(r rune) {
	if w.lineStart {
		w.marks = min(w.depth, maxQuoteMarks)
		w.lineStart = false
	}
	if r == ' ' {
		w.sp++
		return
	}
	var buf [utf8.UTFMax]byte
	n := utf8.EncodeRune(buf[:], r)
	w.commit(w.sp, buf[:n])
}

// commit writes the owed newlines, the line's quote marks if it has none
// yet, spaces spaces and s, unless the text with its final newline would
// then pass max: then nothing is written and w is full.
func (w *textWriter) commit(spaces int, s []byte) {
	need := w.nl + spaces + len(s)
	if !w.written && w.marks > 0 {
		need += w.marks
		if spaces > 0 || len(s) > 0 {
			need++ // "> "
		}
	}
	if len(w.out)+need+1 > w.max {
		w.full, w.need = true, len(w.out)+need+1
		return
	}
	w.out = appendRepeat(w.out, '\n', w.nl)
	if !w.written && w.marks > 0 {
		w.out = appendRepeat(w.out, '>', w.marks)
		if spaces > 0 || len(s) > 0 {
			w.out = append(w.out, ' ')
		}
	}
	w.out = appendRepeat(w.out, ' ', spaces)
	w.out = append(w.out, s...)
	w.nl, w.sp, w.written = 0, 0, true
}

// appendRepeat appends n bytes c to b.
func appendRepeat(b []byte, c byte, n int) []byte {
	for ; n > 0; n-- {
		b = append(b, c)
	}
	return b
}

// endLine finishes the current line: its trailing spaces are dropped, and a
// quoted line with nothing else on it keeps its marks.
func (w *textWriter) endLine() {
	if !w.written && w.marks > 0 {
		w.commit(0, nil)
	}
	w.lineStart, w.written, w.marks, w.sp, w.space = true, false, 0, 0, false
}

// newline ends the line; an empty line inside a blockquote is marked.
func (w *textWriter) newline() {
	if w.lineStart {
		w.marks = min(w.depth, maxQuoteMarks)
	}
	w.endLine()
	w.nl++
}

// block starts a block element's new line, unless the line is empty.
func (w *textWriter) block() {
	if !w.lineStart {
		w.newline()
	}
	w.space = false
}

// endPart ends one HTML body: the next starts on a new line, outside any
// quote or <pre>.
func (w *textWriter) endPart() {
	w.endLine()
	w.nl++
	w.depth, w.pre = 0, false
}
