package mailer

import (
	"math/rand"
	"strings"
	"testing"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/net/html"
)

// TestHTMLToText covers what a reader of an HTML mail sees, case by case.
func TestHTMLToText(t *testing.T) {
	tests := []struct {
		name string
		html []string
		want string
	}{
		{"paragraphs, divs and br", []string{"<p>game: a</p><div>nation: b<br>turn: c</div>"}, "game: a\nnation: b\nturn: c"},
		{"white space collapses", []string{"  move\n 1\tKent  &gt;\r\n Essex  "}, "move 1 Kent > Essex"},
		{"lists", []string{"<ul><li>move 1 Kent &gt; Essex</li><li>move 2 York &gt; Bernicia</ul><ol><li>x</ol>"},
			"move 1 Kent > Essex\nmove 2 York > Bernicia\nx"},
		{"entities", []string{"&lt;&gt;&amp;&quot;&#39;&eacute;&#x20AC;&euro; &amp &euro"}, "<>&\"'é€€ & &euro"},
		{"no-break spaces are spaces that do not collapse", []string{"game:&nbsp;a<p>&nbsp;</p>x&nbsp;&nbsp;y&nbsp;"}, "game: a\n\nx  y"},
		{"table cells", []string{"<table><tr><td>1</td><td>2</td></tr><tr><th>3</th></tr></table>"}, "1 2\n3"},
		{"pre keeps spacing", []string{"<pre>  a  b\n\n c </pre>d"}, "  a  b\n\n c\nd"},
		{"blockquote marks its lines", []string{"a<blockquote>b<br><br>c<blockquote>d</blockquote>e</blockquote>f"},
			"a\n> b\n>\n> c\n>> d\n> e\nf"},
		{"pre inside a quote", []string{"<blockquote><pre>a\n\nb</pre></blockquote>"}, "> a\n>\n> b"},
		{"a quoted line of no-break spaces keeps its marks", []string{"<blockquote>&nbsp;<br>x</blockquote>"}, ">\n> x"},
		{"quotes deeper than 20 are marked 20 deep", []string{strings.Repeat("<blockquote>", 25) + "x" + strings.Repeat("</blockquote>", 25) + "y"},
			strings.Repeat(">", 20) + " x\ny"},
		{"script, style, title, comments and head are skipped",
			[]string{"<html><head><title>t</title><meta charset=utf-8><style>p{}</style></head><body><!-- c --><script>a<b</script>x</body>"}, "x"},
		{"text in the head ends it, as in a browser", []string{"<head><meta charset=utf-8>orders<p>x"}, "orders\nx"},
		{"Outlook's xml islands are skipped", []string{"a<xml><o:shapedefaults v:ext=\"edit\"/>b<script>c</xml>d"}, "ad"},
		{"noscript shows its fallback", []string{"<noscript><p>orders</p></noscript>"}, "orders"},
		{"unknown and namespaced tags are dropped", []string{"<o:p>a</o:p><font face=x>b</font><custom-tag>c"}, "abc"},
		{"a lone < is text", []string{"1 < 2 and 3 <= 4"}, "1 < 2 and 3 <= 4"},
		{"zero-width characters vanish, line separators break", []string{"mo\u200bve 1\u2028x\ufeff"}, "move 1\nx"},
		{"leading empty lines stay, trailing ones go", []string{"<br><br>x<br><br><br>"}, "\n\nx"},
		{"two HTML bodies are joined by a newline", []string{"<blockquote>a", "<p>b</p>"}, "> a\nb"},
		{"an unclosed comment ends the text", []string{"a<!-- b"}, "a"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			h := htmlToText(tc.html, 1<<20)
			assert.Equal(t, tc.want, h.Text)
			assert.Empty(t, h.Stop)
			if h.Text != "" {
				assert.Equal(t, h.Text+"\n", normaliseText(h.Text), "the text is in its final form")
			}
		})
	}
}

// TestHTMLToTextBudget checks, on random documents, that a budget of max
// bytes changes nothing when the final text (with its newline) fits, and
// otherwise stops with a prefix of the whole text that fits and a Need the
// whole text reaches: conversion never writes past max, and never refuses a
// text that fits.
func TestHTMLToTextBudget(t *testing.T) {
	pieces := []string{
		"<p>", "</p>", "<div>", "</div>", "<br>", "<blockquote>", "</blockquote>", "<pre>", "</pre>", "<li>", "<td>",
		"<b>", "</b>", "<!-- c -->", "<script>x</script>", "move 1 Kent &gt; Essex", "a", " ", "\n", "&nbsp;", "é", "€",
		"\u200b", "<xml>", "</xml>", "<head>", "</head>",
	}
	rng := rand.New(rand.NewSource(10))
	for i := 0; i < 5_000; i++ {
		var b strings.Builder
		for n := 1 + rng.Intn(40); n > 0; n-- {
			b.WriteString(pieces[rng.Intn(len(pieces))])
		}
		doc := b.String()
		whole := htmlToText([]string{doc}, 1<<20)
		require.Empty(t, whole.Stop)
		final := len(whole.Text) + 1
		max := longestToken(doc) + rng.Intn(final+8)
		h := htmlToText([]string{doc}, max)
		if whole.Text == "" || final <= max {
			require.Empty(t, h.Stop, "doc %q max %d", doc, max)
			require.Equal(t, whole.Text, h.Text, "doc %q max %d", doc, max)
			continue
		}
		require.Equal(t, stopTextFull, h.Stop, "doc %q max %d", doc, max)
		require.True(t, strings.HasPrefix(whole.Text, h.Text), "doc %q max %d: %q is not a prefix of %q", doc, max, h.Text, whole.Text)
		require.LessOrEqual(t, len(h.Text)+1, max, "doc %q", doc)
		require.Greater(t, h.Need, max, "doc %q", doc)
		require.LessOrEqual(t, h.Need, final, "doc %q", doc)
	}
}

// longestToken returns the length of the longest token of doc, which the
// tokenizer buffers whole, and the 2 bytes it reads past a text to see it
// ends ("<a" or "</").
func longestToken(doc string) int {
	z := html.NewTokenizer(strings.NewReader(doc))
	n := 0
	for z.Next() != html.ErrorToken {
		n = max(n, len(z.Raw()))
	}
	// An unfinished tag at the end is no token, but the converter's
	// tokenizer still buffers it whole before it finds the end.
	n = max(n, len(z.Raw()))
	return n + 3
}

// TestToUTF8 checks the charsets read without a label: UTF-16 in both byte
// orders with and without a byte-order mark, UTF-8 with and without one, and
// windows-1252 for bytes that are not UTF-8.
func TestToUTF8(t *testing.T) {
	const text = "game: a\r\nmove 2 Kent – Sussex “x” Ælfred ☞\r\n"
	le16 := func(s string) []byte {
		var b []byte
		for _, u := range utf16Units(s) {
			b = append(b, byte(u), byte(u>>8))
		}
		return b
	}
	be16 := func(s string) []byte {
		var b []byte
		for _, u := range utf16Units(s) {
			b = append(b, byte(u>>8), byte(u))
		}
		return b
	}
	tests := []struct {
		name     string
		in       []byte
		want     string
		fallback bool
	}{
		{"UTF-16LE with BOM", append([]byte{0xFF, 0xFE}, le16(text)...), text, false},
		{"UTF-16BE with BOM", append([]byte{0xFE, 0xFF}, be16(text)...), text, false},
		{"UTF-16LE without BOM", le16(text), text, false},
		{"UTF-16BE without BOM", be16(text), text, false},
		{"UTF-16 with a lone surrogate", le16(text + "\ufffd"), text + "\ufffd", false},
		{"UTF-8", []byte(text), text, false},
		{"UTF-8 with BOM", append([]byte{0xEF, 0xBB, 0xBF}, text...), text, false},
		{"UTF-8 with a stray NUL is not UTF-16", []byte("game: a\x00b\n"), "game: a\x00b\n", false},
		{"windows-1252", []byte("Here\x92s 5\x80 \x96 caf\xe9"), "Here’s 5€ – café", true},
		{"empty", nil, "", false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, fallback := toUTF8(tc.in)
			assert.Equal(t, tc.want, got)
			assert.Equal(t, tc.fallback, fallback)
		})
	}
}

// utf16Units encodes s as UTF-16 code units; U+FFFD stands for a lone
// surrogate, which a Go string cannot hold.
func utf16Units(s string) []uint16 {
	u := utf16.Encode([]rune(s))
	for i := range u {
		if u[i] == 0xFFFD {
			u[i] = 0xD800
		}
	}
	return u
}

// FuzzHTMLToText checks htmlToText on any markup keeps its promises: the
// text is valid UTF-8 in its final form (normaliseText leaves it as it is:
// no CR, no trailing spaces or newlines), and a budget of max bytes either
// changes nothing, when the whole text with its newline fits, or stops
// with a prefix of the whole text that fits (issue 10 item 8: conversion
// never writes past max_text, and never refuses a text that fits).
func FuzzHTMLToText(f *testing.F) {
	for _, s := range []string{
		"<p>game: a</p><div>nation: b<br>turn: c</div>",
		"a<blockquote>b<br><br>c<blockquote>d</blockquote>e</blockquote>f",
		"<pre>  a  b\n\n c </pre>d", "<blockquote>&nbsp;<br>x</blockquote>",
		"<html><head><title>t</title><style>p{}</style></head><body><!-- c --><script>a<b</script>x</body>",
		"a<xml><o:p/>b</xml>d<noscript><p>e", "mo\u200bve 1\u2028x\ufeff\u00a0\xff\xfe", "&lt;&gt;&amp;&#x20AC;&euro &#0;",
		strings.Repeat("<blockquote>", 30) + "x<br>" + strings.Repeat("</blockquote>", 31) + "y",
	} {
		f.Add(s, uint16(40))
	}
	f.Fuzz(func(t *testing.T, doc string, budget uint16) {
		whole := htmlToText([]string{doc}, 1<<20)
		if whole.Stop != "" {
			t.Skip("longer than the fuzzer's inputs")
		}
		text := whole.Text
		if !utf8.ValidString(text) {
			t.Fatalf("not UTF-8: %q", text)
		}
		if text != "" && normaliseText(text) != text+"\n" {
			t.Fatalf("not in its final form: %q", text)
		}
		max := longestToken(doc) + int(budget)
		h := htmlToText([]string{doc}, max)
		switch {
		case text == "" || len(text)+1 <= max:
			if h.Stop != "" || h.Text != text {
				t.Fatalf("max %d: %q (stop %q), want the whole %q", max, h.Text, h.Stop, text)
			}
		case h.Stop != stopTextFull || !strings.HasPrefix(text, h.Text) || len(h.Text)+1 > max || h.Need <= max || h.Need > len(text)+1:
			t.Fatalf("max %d: %q (stop %q, need %d), whole %q", max, h.Text, h.Stop, h.Need, text)
		}
	})
}
