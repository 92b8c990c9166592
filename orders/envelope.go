package orders

import (
	"fmt"
	"regexp"
	"strings"
)

// headerKeys are the keys of an order file's header lines (docs/orders.md,
// "The envelope").
var headerKeys = []string{"game", "nation", "turn", "round", "token", "salt", "kind"}

// Header is one header line of an order file: "game: ashdown".
type Header struct {
	Key   string // game, nation, turn, round, token, salt or kind
	Line  int    // its line in the text as received
	Value string // trimmed, the comment removed
}

// Envelope is what ReadEnvelope finds in an order file: the header lines,
// the chatter before them and the body after them. The daemon routes a mail
// with it, and Decode reads the file with it, so both read the same header.
type Envelope struct {
	// Headers are the header lines in line order, the first of each key.
	Headers []Header
	// Before are the lines before the first header line, comments
	// removed: mail chatter ("Hi GM, here are my orders"), to pbem.
	Before []Line
	// Body are the other lines after the first header line up to a line
	// whose first word is "end" ("end", "END of orders"): comments and
	// trailing spaces removed, the indentation kept, blank lines left
	// out. Header lines after an "end" line are not read.
	Body []Line
	// Errs are the errors of the header lines themselves: a key given
	// twice (the first counts), both "turn:" and "round:".
	Errs Errors
}

var headerLine = regexp.MustCompile(`(?i)^(game|nation|turn|round|token|salt|kind)\s*:(.*)$`)

// ReadEnvelope reads the envelope of a cleaned order file (Clean): the
// header lines (key, colon, value; the key in any case, spaces before the
// colon allowed; '#' starts a comment), which may come anywhere after the
// first of them.
func ReadEnvelope(lines []Line) *Envelope {
	e := &Envelope{}
	started := false
	for _, l := range lines {
		if key, value, ok := ParseHeader(l.Text); ok {
			started = true
			e.addHeader(Header{Key: key, Line: l.N, Value: value})
			continue
		}
		text := stripComment(l.Text)
		if !started {
			e.Before = append(e.Before, Line{N: l.N, Text: text})
			continue
		}
		text = strings.TrimRight(text, " \t")
		if strings.TrimLeft(text, " \t") == "" {
			continue
		}
		if strings.EqualFold(firstWord(strings.TrimLeft(text, " \t")), "end") {
			break
		}
		e.Body = append(e.Body, Line{N: l.N, Text: text})
	}
	return e
}

// ParseHeader reads one line as a header line, as ReadEnvelope does:
// "game: ashdown", "  Token : 7f3a-91c2  # mine". The key is one of game,
// nation, turn, round, token, salt and kind, spelt in full in any case
// (returned in lower case); the value is trimmed, its comment removed.
func ParseHeader(line string) (key, value string, ok bool) {
	m := matchHeader(stripComment(line))
	if m == nil {
		return "", "", false
	}
	return canonicalKey(m[1]), strings.TrimSpace(m[2]), true
}

// addHeader records a header line, or the error of a second one.
func (e *Envelope) addHeader(h Header) {
	if prev, dup := e.Header(h.Key); dup {
		e.errorf(h.Line, "a second %q line (the first is line %d)", h.Key+":", prev.Line)
		return
	}
	if h.Key == "turn" || h.Key == "round" {
		other := map[string]string{"turn": "round", "round": "turn"}[h.Key]
		if prev, dup := e.Header(other); dup {
			e.errorf(h.Line, "%q and %q say the same thing (line %d); give one", h.Key+":", other+":", prev.Line)
			return
		}
	}
	e.Headers = append(e.Headers, h)
}

func (e *Envelope) errorf(line int, format string, args ...any) {
	e.Errs = append(e.Errs, &Error{Line: line, Msg: fmt.Sprintf(format, args...)})
}

// Header gives the header line of a key, if the file has one.
func (e *Envelope) Header(key string) (Header, bool) {
	for _, h := range e.Headers {
		if h.Key == key {
			return h, true
		}
	}
	return Header{}, false
}

// Value is the value of a key's header line, "" when there is none.
func (e *Envelope) Value(key string) string {
	h, _ := e.Header(key)
	return h.Value
}

// canonicalKey gives the header key that k spells in any case.
func canonicalKey(k string) string {
	for _, c := range headerKeys {
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

// stripComment removes a comment: '#' to the end of the line.
func stripComment(s string) string {
	if i := strings.IndexByte(s, '#'); i >= 0 {
		s = s[:i]
	}
	return s
}
