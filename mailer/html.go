package mailer

import (
	"html"
	"strings"
)

// htmlToText turns an HTML mail body into plain text, as a reader would see
// it: tags are dropped, entities decoded, runs of white space collapsed,
// <br> gives a newline, block elements (p, div, li, tr, headings...) start a
// new line, <pre> keeps its spacing, and each <blockquote> level prefixes its
// lines with "> " so quoted orders stay recognisable as quotes. Script, style
// and head contents are skipped. It is a forgiving scanner, not a validating
// parser: broken markup degrades to text.
func htmlToText(s string) string {
	w := &textWriter{lineStart: true}
	for i := 0; i < len(s); {
		lt := strings.IndexByte(s[i:], '<')
		if lt < 0 {
			w.text(s[i:])
			break
		}
		w.text(s[i : i+lt])
		i += lt
		rest := s[i:]
		switch {
		case strings.HasPrefix(rest, "<!--"):
			end := strings.Index(rest[4:], "-->")
			if end < 0 {
				return w.String()
			}
			i += 4 + end + 3
			continue
		case strings.HasPrefix(rest, "<!"), strings.HasPrefix(rest, "<?"):
			end := strings.IndexByte(rest, '>')
			if end < 0 {
				return w.String()
			}
			i += end + 1
			continue
		}
		name, closing, n, ok := scanTag(rest)
		if !ok {
			w.text("<")
			i++
			continue
		}
		i += n
		switch name {
		case "script", "style", "head", "title", "xml":
			if !closing {
				i += skipElement(s[i:], name)
			}
		case "br":
			w.newline()
		case "blockquote":
			w.block()
			if closing {
				if w.depth > 0 {
					w.depth--
				}
			} else {
				w.depth++
			}
		case "pre":
			w.block()
			w.pre = !closing
		case "td", "th":
			if !closing {
				w.space = true
			}
		case "p", "div", "li", "tr", "ul", "ol", "dl", "dt", "dd", "table", "hr",
			"h1", "h2", "h3", "h4", "h5", "h6", "section", "article", "header",
			"footer", "center", "address", "form", "fieldset", "body":
			w.block()
		}
	}
	return w.String()
}

// scanTag reads a tag at the start of s ("<name ...>" or "</name>") and
// returns its lower-case name, whether it closes, and its length. Quoted
// attribute values may contain '>'.
func scanTag(s string) (name string, closing bool, n int, ok bool) {
	j := 1
	if j < len(s) && s[j] == '/' {
		closing = true
		j++
	}
	start := j
	for j < len(s) && (isASCIILetter(s[j]) || j > start && (s[j] >= '0' && s[j] <= '9' || s[j] == ':' || s[j] == '-')) {
		j++
	}
	if j == start {
		return "", false, 0, false
	}
	name = strings.ToLower(s[start:j])
	var quote byte
	for ; j < len(s); j++ {
		c := s[j]
		switch {
		case quote != 0:
			if c == quote {
				quote = 0
			}
		case c == '"' || c == '\'':
			quote = c
		case c == '>':
			return name, closing, j + 1, true
		}
	}
	return name, closing, len(s), true
}

func isASCIILetter(c byte) bool { return c|0x20 >= 'a' && c|0x20 <= 'z' }

// skipElement returns the length of s up to and including the tag that
// closes element name, or len(s) if there is none. It scans once, without
// copying, so many such elements cost linear time.
func skipElement(s, name string) int {
	for i := 0; ; {
		j := strings.Index(s[i:], "</")
		if j < 0 {
			return len(s)
		}
		i += j + 2
		if len(s)-i >= len(name) && strings.EqualFold(s[i:i+len(name)], name) {
			gt := strings.IndexByte(s[i:], '>')
			if gt < 0 {
				return len(s)
			}
			return i + gt + 1
		}
	}
}

// textWriter accumulates the text of htmlToText, tracking line starts so
// block boundaries never produce more than one newline and quoted lines get
// their prefix.
type textWriter struct {
	b         strings.Builder
	depth     int  // blockquote nesting
	pre       bool // inside <pre>
	lineStart bool
	space     bool // a collapsed white-space run is pending
}

func (w *textWriter) text(raw string) {
	if raw == "" {
		return
	}
	s := html.UnescapeString(raw)
	if w.pre {
		for _, r := range normaliseNewlines(s) {
			if r == '\n' {
				w.newline()
				continue
			}
			w.rune(r)
		}
		return
	}
	for _, r := range s {
		switch r {
		case ' ', '\t', '\n', '\r', '\f':
			w.space = true
			continue
		}
		if w.space && !w.lineStart {
			w.b.WriteByte(' ')
		}
		w.space = false
		w.rune(r)
	}
}

func (w *textWriter) rune(r rune) {
	if w.lineStart && w.depth > 0 {
		w.b.WriteString(strings.Repeat(">", w.depth) + " ")
	}
	w.lineStart = false
	w.b.WriteRune(r)
}

func (w *textWriter) newline() {
	if w.lineStart && w.depth > 0 {
		w.b.WriteString(strings.Repeat(">", w.depth))
	}
	w.b.WriteByte('\n')
	w.lineStart, w.space = true, false
}

func (w *textWriter) block() {
	if !w.lineStart {
		w.newline()
	}
	w.space = false
}

// String returns the text with trailing spaces cut from each line: in HTML
// they carry no meaning, and Outlook's "<p>&nbsp;</p>" is an empty line.
func (w *textWriter) String() string {
	lines := strings.Split(w.b.String(), "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRight(l, " \u00a0")
	}
	return strings.Join(lines, "\n")
}
