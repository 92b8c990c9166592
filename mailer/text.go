package mailer

import (
	"bytes"
	"io"
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/emersion/go-message/charset"
)

// toUTF8 returns b as UTF-8. A UTF-8 byte-order mark is dropped, a UTF-16
// byte-order mark selects UTF-16, and bytes that are not valid UTF-8 are read
// as windows-1252; fallback reports that last case.
func toUTF8(b []byte) (s string, fallback bool) {
	switch {
	case bytes.HasPrefix(b, []byte{0xEF, 0xBB, 0xBF}):
		b = b[3:]
	case len(b) >= 2 && (b[0] == 0xFF && b[1] == 0xFE || b[0] == 0xFE && b[1] == 0xFF):
		return decodeUTF16(b[2:], b[0] == 0xFE), false
	}
	if utf8.Valid(b) {
		return string(b), false
	}
	r, err := charset.Reader("windows-1252", bytes.NewReader(b))
	if err != nil {
		return strings.ToValidUTF8(string(b), "\uFFFD"), true
	}
	out, err := io.ReadAll(r)
	if err != nil {
		return strings.ToValidUTF8(string(b), "\uFFFD"), true
	}
	return string(out), true
}

func decodeUTF16(b []byte, bigEndian bool) string {
	u := make([]uint16, 0, len(b)/2)
	for i := 0; i+1 < len(b); i += 2 {
		if bigEndian {
			u = append(u, uint16(b[i])<<8|uint16(b[i+1]))
		} else {
			u = append(u, uint16(b[i+1])<<8|uint16(b[i]))
		}
	}
	return string(utf16.Decode(u))
}

// normaliseNewlines turns CRLF and lone CR into LF.
func normaliseNewlines(s string) string {
	if !strings.Contains(s, "\r") {
		return s
	}
	s = strings.ReplaceAll(s, "\r\n", "\n")
	return strings.ReplaceAll(s, "\r", "\n")
}

// normaliseText gives orders text its final form: LF newlines, no byte-order
// mark, zero-width characters and NULs removed, no-break spaces as plain
// spaces, Unicode line separators as LF, and exactly one trailing newline.
// Everything else, quotes and signatures included, is left for the orders
// package.
func normaliseText(s string) string {
	s = normaliseNewlines(s)
	s = strings.Map(func(r rune) rune {
		switch r {
		case '\u00A0', '\u202F':
			return ' '
		case '\u2028', '\u2029':
			return '\n'
		case '\u200B', '\u200C', '\u200D', '\u2060', '\uFEFF', 0:
			return -1
		}
		return r
	}, s)
	s = strings.TrimRight(s, "\n")
	if s == "" {
		return ""
	}
	return s + "\n"
}

// decodeFlowed undoes format=flowed (RFC 3676 §4): space-stuffing is
// removed and soft-broken lines (ending in a space) are joined with the next
// line of the same quote depth. Quoted lines come out as ">> text". The
// signature separator "-- " is never joined.
func decodeFlowed(s string, delSp bool) string {
	trailing := strings.HasSuffix(s, "\n")
	lines := strings.Split(strings.TrimSuffix(s, "\n"), "\n")
	var out []string
	var para strings.Builder
	depth, open := 0, false
	flush := func() {
		line := para.String()
		if depth > 0 {
			q := strings.Repeat(">", depth)
			if line != "" {
				q += " "
			}
			line = q + line
		}
		out = append(out, line)
		para.Reset()
		open = false
	}
	for _, l := range lines {
		d := 0
		for d < len(l) && l[d] == '>' {
			d++
		}
		c := strings.TrimPrefix(l[d:], " ")
		if open && d != depth {
			flush()
		}
		flowed := strings.HasSuffix(c, " ") && c != "-- "
		if flowed && delSp {
			c = c[:len(c)-1]
		}
		para.WriteString(c)
		depth, open = d, flowed
		if !flowed {
			flush()
		}
	}
	if open {
		flush()
	}
	res := strings.Join(out, "\n")
	if trailing {
		res += "\n"
	}
	return res
}
