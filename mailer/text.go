package mailer

import (
	"bytes"
	"strings"
	"unicode/utf8"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/unicode"
)

// DecodeText returns the bytes of an order file as UTF-8, as Parse reads a
// text part or attachment whose charset it does not know (toUTF8): UTF-16 by
// its byte-order mark or its zero bytes, UTF-8 without its byte-order mark,
// else windows-1252, which fallback reports. The command line reads order
// files with it, so a file checks the same from disk as by mail.
func DecodeText(b []byte) (s string, fallback bool) { return toUTF8(b) }

// toUTF8 returns b as UTF-8. A UTF-8 byte-order mark is dropped; UTF-16,
// either byte order, is recognised by its byte-order mark or, without one,
// by the zero bytes of its ASCII characters (Windows Notepad's "Unicode");
// and bytes that are not valid UTF-8 are read as windows-1252, which
// fallback reports.
func toUTF8(b []byte) (s string, fallback bool) {
	if enc, ok := utf16Of(b); ok {
		out, err := enc.NewDecoder().Bytes(b)
		if err == nil {
			return strings.TrimPrefix(string(out), "\uFEFF"), false
		}
	}
	b = bytes.TrimPrefix(b, []byte{0xEF, 0xBB, 0xBF})
	if utf8.Valid(b) {
		return string(b), false
	}
	out, _ := charmap.Windows1252.NewDecoder().Bytes(b) // every byte is a character: no error
	return string(out), true
}

// utf16Of returns the UTF-16 encoding of b if b starts with a UTF-16
// byte-order mark, or if it has no mark but looks like UTF-16: an even
// length, at least half its code units with a zero high byte (ASCII and
// Latin-1 letters) and almost no zero low bytes. Text in an 8-bit charset or
// UTF-8 has no zero bytes at all.
func utf16Of(b []byte) (encoding.Encoding, bool) {
	switch {
	case len(b) >= 2 && b[0] == 0xFF && b[1] == 0xFE:
		return unicode.UTF16(unicode.LittleEndian, unicode.ExpectBOM), true
	case len(b) >= 2 && b[0] == 0xFE && b[1] == 0xFF:
		return unicode.UTF16(unicode.BigEndian, unicode.ExpectBOM), true
	case len(b) < 2 || len(b)%2 != 0:
		return nil, false
	}
	var zeroEven, zeroOdd int
	for i := 0; i < len(b); i += 2 {
		if b[i] == 0 {
			zeroEven++
		}
		if b[i+1] == 0 {
			zeroOdd++
		}
	}
	units := len(b) / 2
	switch {
	case 2*zeroOdd >= units && 16*zeroEven <= units:
		return unicode.UTF16(unicode.LittleEndian, unicode.IgnoreBOM), true
	case 2*zeroEven >= units && 16*zeroOdd <= units:
		return unicode.UTF16(unicode.BigEndian, unicode.IgnoreBOM), true
	}
	return nil, false
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
