package dice

import (
	"encoding/hex"
	"fmt"
	"strconv"
	"strings"
)

// logHeader is the first line FormatLog writes. ParseLog skips it like any
// other comment.
const logHeader = "# pbem dice log (" + Version + ", docs/dice.md)"

// logKeys are the keys of a dice log line, in their fixed order.
var logKeys = [...]string{"seq", "phase", "battle", "round", "side", "unit", "die", "roll"}

// LineError is a syntax error in a text file of this package, naming the line
// (1-based; 0 when the error concerns the whole text).
type LineError struct {
	Source string // "dice log" or "chain secret"
	Line   int
	Msg    string
}

func (e *LineError) Error() string {
	if e.Line == 0 {
		return fmt.Sprintf("dice: %s: %s", e.Source, e.Msg)
	}
	return fmt.Sprintf("dice: %s line %d: %s", e.Source, e.Line, e.Msg)
}

// FormatLog is the text form of a dice log for the archive (docs/dice.md
// "The dice log"): a comment line, then one line per die in the order rolled,
//
//	seq=1 phase=battle battle=1 round=1 side=attacker unit=infantry die=0 roll=4
//
// with every key present, in that order, separated by single spaces. Text
// values are written as they are when made only of ASCII letters, digits and
// "-_.:/+"; any other byte is written %XX (upper-case hex), and the empty
// string is written "-" (a lone "-" is written %2D). Numbers are plain
// decimal.
func FormatLog(entries []Entry) string {
	var b strings.Builder
	b.WriteString(logHeader)
	b.WriteByte('\n')
	for i, e := range entries {
		l := e.Label
		fmt.Fprintf(&b, "seq=%d phase=%s battle=%d round=%d side=%s unit=%s die=%d roll=%d\n",
			i+1, escape(l.Phase), l.Battle, l.Round, escape(l.Side), escape(l.Unit), l.Die, e.Value)
	}
	return b.String()
}

// ParseLog reads the text written by FormatLog. Blank lines and lines
// starting with '#' are skipped, and a trailing "\r" is dropped from each
// line, so a log that went through mail still reads. Every other line must
// be a die line in canonical form with seq counting from 1 and roll in 1..6.
// Errors are *LineError values naming the line.
func ParseLog(text string) ([]Entry, error) {
	var entries []Entry
	for n, line := range strings.Split(text, "\n") {
		line = strings.TrimSuffix(line, "\r")
		trimmed := strings.TrimSpace(line)
		if trimmed == "" || strings.HasPrefix(trimmed, "#") {
			continue
		}
		e, err := parseLogLine(line, len(entries)+1)
		if err != nil {
			return nil, &LineError{Source: "dice log", Line: n + 1, Msg: err.Error()}
		}
		entries = append(entries, e)
	}
	return entries, nil
}

// parseLogLine reads one die line, which must carry sequence number seq.
func parseLogLine(line string, seq int) (Entry, error) {
	fields := strings.Split(line, " ")
	if len(fields) != len(logKeys) {
		return Entry{}, fmt.Errorf("want %d fields %s=… separated by single spaces, got %d",
			len(logKeys), strings.Join(logKeys[:], "= "), len(fields))
	}
	var vals [len(logKeys)]string
	for i, f := range fields {
		key, val, ok := strings.Cut(f, "=")
		if !ok || key != logKeys[i] {
			return Entry{}, fmt.Errorf("field %d: want %s=…, got %q", i+1, logKeys[i], f)
		}
		vals[i] = val
	}
	var (
		e    Entry
		ints [5]int // seq, battle, round, die, roll
		strs [3]string
	)
	for i, k := range [...]int{0, 2, 3, 6, 7} {
		v, err := parseInt(vals[k])
		if err != nil {
			return Entry{}, fmt.Errorf("%s=%s: %v", logKeys[k], vals[k], err)
		}
		ints[i] = v
	}
	for i, k := range [...]int{1, 4, 5} {
		s, err := unescape(vals[k])
		if err != nil {
			return Entry{}, fmt.Errorf("%s=%s: %v", logKeys[k], vals[k], err)
		}
		strs[i] = s
	}
	if ints[0] != seq {
		return Entry{}, fmt.Errorf("seq=%d, want %d (dice lines are numbered from 1 without gaps)", ints[0], seq)
	}
	if ints[4] < 1 || ints[4] > 6 {
		return Entry{}, fmt.Errorf("roll=%d is not a d6 value 1..6", ints[4])
	}
	e.Label = Label{Phase: strs[0], Battle: ints[1], Round: ints[2], Side: strs[1], Unit: strs[2], Die: ints[3]}
	e.Value = ints[4]
	return e, nil
}

// parseInt reads a decimal integer in canonical form (as strconv.Itoa writes
// it), so that each log has one spelling.
func parseInt(s string) (int, error) {
	v, err := strconv.Atoi(s)
	if err != nil {
		return 0, fmt.Errorf("not a whole number")
	}
	if strconv.Itoa(v) != s {
		return 0, fmt.Errorf("not in canonical form %d", v)
	}
	return v, nil
}

// bare reports whether c is written as itself in a log value.
func bare(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' ||
		strings.IndexByte("-_.:/+", c) >= 0
}

// escape writes a text value for a log line (see FormatLog).
func escape(s string) string {
	switch s {
	case "":
		return "-"
	case "-":
		return "%2D"
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if c := s[i]; bare(c) {
			b.WriteByte(c)
		} else {
			fmt.Fprintf(&b, "%%%02X", c)
		}
	}
	return b.String()
}

// unescape reads a text value of a log line (see FormatLog).
func unescape(s string) (string, error) {
	switch s {
	case "":
		return "", fmt.Errorf("empty value (write - for the empty string)")
	case "-":
		return "", nil
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '%':
			var v []byte
			if i+3 <= len(s) {
				v, _ = hex.DecodeString(s[i+1 : i+3])
			}
			if len(v) != 1 {
				return "", fmt.Errorf("%% at byte %d must be followed by two hex digits", i+1)
			}
			b.WriteByte(v[0])
			i += 2
		case bare(c):
			b.WriteByte(c)
		default:
			shown := fmt.Sprintf("0x%02X", c)
			if c < 0x80 && strconv.IsPrint(rune(c)) {
				shown = strconv.QuoteRune(rune(c))
			}
			return "", fmt.Errorf("byte %d %s must be written %%%02X", i+1, shown, c)
		}
	}
	return b.String(), nil
}
