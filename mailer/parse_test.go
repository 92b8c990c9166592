package mailer_test

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pbem-org/pbem/mailer"
)

var update = flag.Bool("update", false, "rewrite golden files in testdata")

// TestParseFixtures reads each client-shaped fixture in testdata/mail, both
// as saved (CRLF) and with LF line ends, and compares the header fields with
// the table and the orders text with the golden file NAME.text.
func TestParseFixtures(t *testing.T) {
	tests := []struct {
		file        string
		from        string
		fromName    string
		subject     string
		messageID   string
		inReplyTo   string
		textFrom    string
		auto        bool
		autoReason  string
		attachments int
		warning     string // a substring of one warning, if any is expected
	}{
		{
			file: "thunderbird-flowed.eml", from: "alfred@wessex.example", fromName: "Ælfred of Wessex",
			subject: "Orders r05 – Saxons", messageID: "8c1e6f0a-3b2d-4f55-9a0e-2d7c1b9e4f11@pbem.example",
			textFrom: "text/plain",
		},
		{
			file: "gmail-alternative.eml", from: "edwin.harper@gmail.example", fromName: "Edwin Harper",
			subject: "Saxons r05", messageID: "CAJx9bVq2k+Yt7=QmW1c8Z3p0s@mail.gmail.com", textFrom: "text/plain",
		},
		{
			file: "outlook-html-cp1252.eml", from: "marcus@outlook.example", fromName: "Marcus Aurelius",
			subject:   "Romans – turn 5",
			messageID: "AM0PR01MB1234D0E1F2A3B4C5D6E7F8A9B0C1D2E3@AM0PR01MB1234.eurprd01.prod.outlook.com",
			textFrom:  "text/html",
		},
		{
			file: "applemail-qp-latin1.eml", from: "cinaed@icloud.example", fromName: "Cináed mac Ailpín",
			subject: "Scots r05", messageID: "5E2A1C3B-7D4F-4A8E-9B21-0C6D3E5F7A19@icloud.example", textFrom: "text/plain",
		},
		{
			file: "topposted-reply.eml", from: "alfred@wessex.example", fromName: "Alfred",
			subject: "Re: [ashdown] Saxons, your turn r05", messageID: "20261106091500.GA1234@wessex.example",
			inReplyTo: "ack.r04-saxons.ashdown@pbem.test", textFrom: "text/plain",
		},
		{
			file: "forum-paste.eml", from: "brian@forum.example", fromName: "Brian (forum)",
			subject: "orders (copied from the forum)", messageID: "forum-paste-77@forum.example", textFrom: "text/plain",
		},
		{
			file: "txt-attachment-latin1.eml", from: "kenneth@scots.example", fromName: "Kenneth",
			subject: "Scots orders attached", messageID: "b7f0a1c2-d3e4-45f6-8a9b-0c1d2e3f4a5b@scots.example",
			textFrom: "attachment orders.txt", attachments: 1,
		},
		{
			file: "applemail-inline-txt.eml", from: "hengist@jutes.example", fromName: "Hengist",
			subject: "Jutes", messageID: "0A1B2C3D-4E5F-4061-8273-94A5B6C7D8E9@jutes.example",
			textFrom: "attachment jutes-r05.txt", attachments: 1,
		},
		{
			file: "notepad-utf16-attachment.eml", from: "offa@mercia.example", fromName: "Offa",
			subject: "orders", messageID: "notepad-1@mercia.example", textFrom: "attachment orders.txt", attachments: 1,
		},
		{
			file: "gmail-html-reply.eml", from: "edwin.harper@gmail.example", fromName: "Edwin Harper",
			subject: "Re: Saxons r05", messageID: "CAJx9bVr8Lm2Qx4=Tn5d9W0a1b@mail.gmail.com",
			inReplyTo: "CAJx9bVq2k+Yt7=QmW1c8Z3p0s@mail.gmail.com", textFrom: "text/html",
		},
		{
			file: "applemail-html-list.eml", from: "hengist@jutes.example", fromName: "Hengist",
			subject: "Re: Jutes, your turn r05", messageID: "7C1D2E3F-4A5B-4C6D-8E7F-901A2B3C4D5E@jutes.example",
			textFrom: "text/html",
		},
		{
			file: "thunderbird-html.eml", from: "cadwallon@cymru.example", fromName: "Cadwallon",
			subject: "Re: [ashdown] Welsh, your turn r05", messageID: "2b7e9c41-6d3a-4f08-b1e5-7a9c0d2e4f63@cymru.example",
			inReplyTo: "turn.r05-welsh.ashdown@pbem.test", textFrom: "text/html",
		},
		{
			file: "utf16be-nobom-attachment.eml", from: "oengus@picts.example", fromName: "Oengus",
			subject: "orders", messageID: "utf16be-1@picts.example", textFrom: "attachment orders.txt", attachments: 1,
		},
		{
			file: "unknown-charset.eml", from: "odd@client.example", fromName: "Odd Client",
			subject: "orders", messageID: "odd-1@client.example", textFrom: "text/plain", warning: "x-mac-klingon",
		},
		{
			file: "vacation-autoreply.eml", from: "angus@picts.example", fromName: "Angus",
			subject: "Out of office: [ashdown] Picts, your turn r05", messageID: "vacation-1730901234.5678@picts.example",
			inReplyTo: "turn.r05-picts.ashdown@pbem.test", textFrom: "text/plain",
			auto: true, autoReason: "Auto-Submitted: auto-replied",
		},
		{
			file: "bounce.eml", from: "MAILER-DAEMON@mx.pbem.test", fromName: "Mail Delivery System",
			subject: "Undelivered Mail Returned to Sender", messageID: "20261106060102.A1B2C3D4E5@mx.pbem.test",
			textFrom: "text/plain", auto: true, autoReason: "Auto-Submitted: auto-replied", attachments: 2,
		},
		{
			file: "mailing-list.eml", from: "announce@lists.example", fromName: "Announce",
			subject: "[britannia-players] New season", messageID: "list-42@lists.example", textFrom: "text/plain",
			auto: true, autoReason: "List-Id",
		},
	}
	for _, tc := range tests {
		t.Run(tc.file, func(t *testing.T) {
			crlf, err := os.ReadFile(filepath.Join("testdata", "mail", tc.file))
			require.NoError(t, err)
			golden := filepath.Join("testdata", "mail", strings.TrimSuffix(tc.file, ".eml")+".text")
			for _, v := range []struct {
				name string
				raw  []byte
			}{{"crlf", crlf}, {"lf", bytes.ReplaceAll(crlf, []byte("\r\n"), []byte("\n"))}} {
				t.Run(v.name, func(t *testing.T) {
					in, err := mailer.Parse(v.raw, mailer.Limits{})
					require.NoError(t, err)
					assert.Equal(t, tc.from, in.From)
					assert.Equal(t, tc.fromName, in.FromName)
					assert.Equal(t, tc.subject, in.Subject)
					assert.Equal(t, tc.messageID, in.MessageID)
					assert.Equal(t, tc.inReplyTo, in.InReplyTo)
					assert.Equal(t, tc.textFrom, in.TextFrom)
					assert.Equal(t, tc.auto, in.AutoReply)
					assert.Equal(t, tc.autoReason, in.AutoReason)
					assert.Len(t, in.Attachments, tc.attachments)
					assert.False(t, in.Date.IsZero(), "date")
					if tc.warning != "" {
						assert.Contains(t, strings.Join(in.Warnings, "\n"), tc.warning)
					}
					assert.NotContains(t, in.Text, "\r")
					if *update && v.name == "crlf" {
						require.NoError(t, os.WriteFile(golden, []byte(in.Text), 0o644))
					}
					want, err := os.ReadFile(golden)
					require.NoError(t, err)
					assert.Equal(t, string(want), in.Text)
				})
			}
		})
	}
}

// TestParseLimits checks each limit gives a *LimitError naming it, with the
// header fields still filled in so the sender can be told.
func TestParseLimits(t *testing.T) {
	bigAttachment := mime("multipart/mixed", 1, func(b *strings.Builder) {
		part(b, 1, "text/plain", "", "orders below\n")
		part(b, 1, "application/octet-stream", "big.bin", strings.Repeat("QUFBQUFB\r\n", 200_000))
	})
	tests := []struct {
		name  string
		raw   string
		lim   mailer.Limits
		limit string
	}{
		{"bytes", bigAttachment, mailer.Limits{MaxBytes: 1 << 20}, "max_bytes"},
		{"parts", mimeBomb(5000), mailer.Limits{}, "max_parts"},
		{"depth", nested(50), mailer.Limits{}, "max_depth"},
		{"text", plainMail(strings.Repeat("move 1 Kent > Essex\n", 20_000)), mailer.Limits{}, "max_text"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			in, err := mailer.Parse([]byte(tc.raw), tc.lim)
			var le *mailer.LimitError
			require.True(t, errors.As(err, &le), "error %v", err)
			assert.Equal(t, tc.limit, le.Limit)
			assert.Contains(t, le.Error(), "("+tc.limit+")")
			require.NotNil(t, in)
			assert.Equal(t, "player@example.test", in.From)
			assert.Equal(t, "limits", in.Subject)
		})
	}
}

// TestParseMIMEBombMemory checks a 5,000-part message is refused after
// MaxParts parts without reading the rest: memory stays far below the
// message's own size times the part count.
func TestParseMIMEBombMemory(t *testing.T) {
	raw := []byte(mimeBomb(5000))
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	_, err := mailer.Parse(raw, mailer.Limits{})
	runtime.ReadMemStats(&after)
	var le *mailer.LimitError
	require.ErrorAs(t, err, &le)
	allocated := after.TotalAlloc - before.TotalAlloc
	t.Logf("5000-part bomb: %d bytes raw, %d bytes allocated", len(raw), allocated)
	assert.Less(t, allocated, uint64(8<<20))
}

// TestParseText covers the text choices and normalisation rules one by one.
func TestParseText(t *testing.T) {
	tests := []struct {
		name     string
		raw      string
		want     string
		textFrom string
	}{
		{
			name: "html blockquote becomes quoted lines",
			raw: mime("text/html", 0, func(b *strings.Builder) {
				b.WriteString(`<div dir="ltr">same as before<br></div><div class="gmail_quote">` +
					`<div>On Mon, GM wrote:<br></div><blockquote class="gmail_quote" style="margin:0">` +
					`game: ashdown<br>move 1 Kent &gt; Essex<br><br>end</blockquote></div>`)
			}),
			want:     "same as before\nOn Mon, GM wrote:\n> game: ashdown\n> move 1 Kent > Essex\n>\n> end\n",
			textFrom: "text/html",
		},
		{
			name: "html script, style and comments are dropped",
			raw: mime("text/html", 0, func(b *strings.Builder) {
				b.WriteString("<html><head><title>x</title><style>p{}</style></head><body><!-- c --><script>alert(1)</script>" +
					"<p>a &amp; b</p><pre>  x  y\n z</pre><table><tr><td>1</td><td>2</td></tr></table></body></html>")
			}),
			want:     "a & b\n  x  y\n z\n1 2\n",
			textFrom: "text/html",
		},
		{
			name:     "CR, CRLF, BOM and zero width",
			raw:      plainMail("\ufeffgame: a\r\nnation:\u00a0b\rmove\u200b 1\n\n\n"),
			want:     "game: a\nnation: b\nmove 1\n",
			textFrom: "text/plain",
		},
		{
			name: "flowed delsp joins without the space",
			raw: "From: player@example.test\r\nSubject: limits\r\nContent-Type: text/plain; format=flowed; delsp=yes\r\n\r\n" +
				"move 3 English Channel > Ke \r\nnt > Essex\r\n>> quo \r\n>> ted\r\n-- \r\nsig\r\n",
			want:     "move 3 English Channel > Kent > Essex\n>> quoted\n-- \nsig\n",
			textFrom: "text/plain",
		},
		{
			name: "text/plain attachment without .txt name wins over the body",
			raw: mime("multipart/mixed", 1, func(b *strings.Builder) {
				part(b, 1, "text/plain", "", "body text\n")
				b.WriteString("--b1\r\nContent-Type: text/plain\r\nContent-Disposition: attachment\r\n\r\nattached\r\n")
			}),
			want:     "attached\n",
			textFrom: "attachment ",
		},
		{
			name:     "no text at all",
			raw:      mime("multipart/mixed", 1, func(b *strings.Builder) { part(b, 1, "image/png", "map.png", "iVBORw0KGgo=") }),
			want:     "",
			textFrom: "",
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			in, err := mailer.Parse([]byte(tc.raw), mailer.Limits{})
			require.NoError(t, err)
			assert.Equal(t, tc.want, in.Text)
			assert.Equal(t, tc.textFrom, in.TextFrom)
		})
	}
}

// TestParseNotMail checks bytes without a header are an error, not a panic.
func TestParseNotMail(t *testing.T) {
	_, err := mailer.Parse([]byte("no colon here\r\n\r\n"), mailer.Limits{})
	require.Error(t, err)
}

// TestParseDate checks the Date header is read with its zone.
func TestParseDate(t *testing.T) {
	in, err := mailer.Parse([]byte("Date: Tue, 3 Nov 2026 21:14:07 +0100\r\nFrom: a@b.test\r\n\r\nx\r\n"), mailer.Limits{})
	require.NoError(t, err)
	assert.True(t, in.Date.Equal(time.Date(2026, 11, 3, 20, 14, 7, 0, time.UTC)))
}

const header = "From: Player <player@example.test>\r\nTo: gm@pbem.test\r\nSubject: limits\r\nMessage-ID: <lim@example.test>\r\nMIME-Version: 1.0\r\n"

func plainMail(body string) string {
	return header + "Content-Type: text/plain; charset=utf-8\r\n\r\n" + body
}

// mime builds a message whose top-level type is typ; for multipart types the
// boundary is "b<level>" and fill writes the parts.
func mime(typ string, level int, fill func(b *strings.Builder)) string {
	var b strings.Builder
	b.WriteString(header)
	if strings.HasPrefix(typ, "multipart/") {
		fmt.Fprintf(&b, "Content-Type: %s; boundary=\"b%d\"\r\n\r\n", typ, level)
		fill(&b)
		fmt.Fprintf(&b, "--b%d--\r\n", level)
		return b.String()
	}
	fmt.Fprintf(&b, "Content-Type: %s; charset=utf-8\r\n\r\n", typ)
	fill(&b)
	return b.String()
}

func part(b *strings.Builder, level int, typ, name, body string) {
	fmt.Fprintf(b, "--b%d\r\nContent-Type: %s\r\n", level, typ)
	if name != "" {
		fmt.Fprintf(b, "Content-Disposition: attachment; filename=%q\r\nContent-Transfer-Encoding: base64\r\n", name)
	}
	b.WriteString("\r\n" + body + "\r\n")
}

// mimeBomb returns a multipart/mixed message of n tiny parts.
func mimeBomb(n int) string {
	return mime("multipart/mixed", 1, func(b *strings.Builder) {
		for i := 0; i < n; i++ {
			part(b, 1, "text/plain", "", "x")
		}
	})
}

// nested returns a message with multipart containers nested n deep.
func nested(n int) string {
	var b strings.Builder
	b.WriteString(header + "Content-Type: multipart/mixed; boundary=\"b0\"\r\n\r\n")
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, "--b%d\r\nContent-Type: multipart/mixed; boundary=\"b%d\"\r\n\r\n", i, i+1)
	}
	fmt.Fprintf(&b, "--b%d\r\nContent-Type: text/plain\r\n\r\ndeep\r\n", n)
	for i := n; i >= 0; i-- {
		fmt.Fprintf(&b, "--b%d--\r\n", i)
	}
	return b.String()
}
