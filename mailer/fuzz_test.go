package mailer_test

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/pbem-org/pbem/mailer"
)

// FuzzParse checks Parse never panics, and that whatever it returns keeps
// its promises: valid UTF-8 text with LF newlines of at most max_text bytes,
// and an Inbound alongside every *LimitError.
func FuzzParse(f *testing.F) {
	files, err := filepath.Glob(filepath.Join("testdata", "mail", "*.eml"))
	if err != nil {
		f.Fatal(err)
	}
	for _, name := range files {
		b, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	for _, s := range []string{
		"", "\r\n", "From: a@b\r\n\r\n", ":\r\n\r\n",
		"Content-Type: multipart/mixed; boundary=x\r\n\r\n--x\r\n--x--",
		"Content-Type: multipart/mixed; boundary=x\r\n\r\n--x\r\nContent-Type: multipart/mixed; boundary=x\r\n\r\n--x\r\n",
		"Content-Type: text/html\r\n\r\n<blockquote><pre>a\r\n</blockquote><script",
		"Content-Type: text/plain; format=flowed; delsp=yes\r\n\r\n> a \r\n>> b \r\n \r\n",
		"Content-Transfer-Encoding: base64\r\nContent-Type: text/plain; charset=utf-16\r\n\r\n//5hAA==",
		"Content-Type: text/plain; charset=\"\xff\"\r\nFrom: =?x?q?=ff?= <\xff@b>\r\n\r\n\xff\xfe",
		mimeBomb(300), nested(20),
		"Content-Type: text/html\r\n\r\n" + strings.Repeat("<blockquote>x<br>", 2000) + "<pre>\n\n</pre>&nbsp;",
		"Content-Type: text/html\r\n\r\n<head><xml><p title='" + strings.Repeat("&amp;", 100) + "'></xml>a<noscript><p>b",
		"Content-Type: text/plain; name=o.txt\r\n\r\ng\x00a\x00m\x00e\x00:\x00 \x00\x13\x20",
	} {
		f.Add([]byte(s))
	}
	lim := mailer.Limits{MaxBytes: 1 << 20, MaxParts: 50, MaxDepth: 8, MaxText: 64 << 10}
	f.Fuzz(func(t *testing.T, raw []byte) {
		in, err := mailer.Parse(raw, lim)
		var le *mailer.LimitError
		if errors.As(err, &le) {
			if in == nil {
				t.Fatal("LimitError without Inbound")
			}
			if le.Limit == "max_text" && le.Detail != "" && len(in.Text) > lim.MaxText {
				t.Fatalf("HTML converted past max_text: %d bytes", len(in.Text))
			}
			return
		}
		if err != nil {
			return
		}
		if !utf8.ValidString(in.Text) || strings.Contains(in.Text, "\r") {
			t.Fatalf("text not normalised: %q", in.Text)
		}
		if len(in.Text) > lim.MaxText {
			t.Fatalf("text of %d bytes accepted", len(in.Text))
		}
		if in.Text != "" && !strings.HasSuffix(in.Text, "\n") {
			t.Fatalf("text without final newline: %q", in.Text)
		}
	})
}
