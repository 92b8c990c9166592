package mailer_test

import (
	"archive/zip"
	"bufio"
	"bytes"
	"compress/flate"
	"compress/gzip"
	"encoding/base64"
	"errors"
	"fmt"
	"hash/crc32"
	"os"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pbem-org/pbem/mailer"
)

// configuredLimits returns the limits pbem serve parses mail with when its
// configuration leaves them alone: max_message_bytes 2 MiB and max_parts 50
// (daemon.Defaults), the rest from mailer.DefaultLimits. They are written
// out rather than imported so that mailer's tests do not build the daemon.
func configuredLimits() mailer.Limits {
	lim := mailer.DefaultLimits()
	lim.MaxBytes, lim.MaxParts = 2<<20, 50
	return lim
}

// hostileMail is one shape of mail meant to cost the daemon memory or time.
type hostileMail struct {
	name  string
	raw   []byte
	limit string // the *LimitError expected, "" for none
}

// hostileMails returns the mail bombs, each about size bytes of HTML (or
// MIME) and within lim.MaxBytes unless the shape is the size itself. For
// lim.MaxText = 256 KiB the HTML shapes are refused by max_text or read
// whole, never converted past the limit.
func hostileMails(size int, lim mailer.Limits) []hostileMail {
	fill := func(unit string) string { return strings.Repeat(unit, size/len(unit)) }
	html := func(body string) []byte {
		return []byte(header + "Content-Type: text/html; charset=utf-8\r\n\r\n" + body + "\r\n")
	}
	var attrs strings.Builder
	for i := 0; attrs.Len() < size; i++ {
		fmt.Fprintf(&attrs, "a%x ", i)
	}
	return []hostileMail{
		// The shape of issue 10 item 8: every line quoted as deep as the nest.
		{"nested blockquote", html(fill("<blockquote>x")), "max_text"},
		{"nested blockquote, then br", html(fill("<blockquote>")[:size/2] + fill("<br>")[:size/2]), "max_text"},
		{"nested blockquote, closed", html(fill("<blockquote>x</blockquote>")), "max_text"},
		{"nested blockquote, pre", html(strings.Repeat("<blockquote>", 4000) + "<pre>" + fill("\n")[48_000:]), "max_text"},
		{"deep div", html(fill("<div>") + "game: g"), ""},
		{"deep ul li", html(fill("<ul><li>") + "game: g"), ""},
		{"br only", html(fill("<br>")), ""},
		{"many tiny elements", html(fill("<b>x</b>y")), "max_text"},
		{"many tiny paragraphs", html(fill("<p>x</p>")), "max_text"},
		{"huge attribute value", html(`<p title="` + fill("a") + `">game: g`), "max_text"},
		{"many attributes", html("<p " + attrs.String() + ">game: g"), "max_text"},
		{"entities", html(fill("&amp;")), "max_text"},
		{"numeric entities", html(fill("&#x10FFFF;")), "max_text"},
		{"no-break spaces", html(fill("&nbsp;")), "max_text"},
		{"entity declarations", html(`<!DOCTYPE x [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>` + fill("&b;<i>")), "max_text"},
		{"unclosed comment", html("<!--" + fill("x")), "max_text"},
		{"unclosed script", html("<script>" + fill("x")), "max_text"},
		{"MIME parts", []byte(mimeBomb(10_000)), "max_parts"},
		{"MIME depth", []byte(nested(2_000)), "max_depth"},
		{"gzip attachment", compressedAttachment("orders.txt.gz", "application/gzip", size), ""},
		{"zip attachment", compressedAttachment("orders.zip", "application/zip", size), ""},
		{"over max_bytes", []byte(plainMail(strings.Repeat("move 1 Kent > Essex\r\n", int(lim.MaxBytes)/20+1))), "max_bytes"},
	}
}

// compressedAttachment returns a mail with orders and an archive attachment
// of about size bytes once base64-encoded that would inflate a thousand
// times: a gzip file of concatenated members, or a zip file whose one entry
// is a deflate stream of repeated blocks (each member or block is 1 MiB of
// zeros). Parse keeps it as it came: it never opens an archive.
func compressedAttachment(name, typ string, size int) []byte {
	var member, block bytes.Buffer
	zero := make([]byte, 1<<20)
	gw, _ := gzip.NewWriterLevel(&member, gzip.BestCompression)
	_, _ = gw.Write(zero)
	_ = gw.Close()
	fw, _ := flate.NewWriter(&block, flate.BestCompression)
	_, _ = fw.Write(zero)
	_ = fw.Flush() // a non-final block: the stream goes on
	n := size * 3 / 4 / member.Len()
	var data bytes.Buffer
	switch typ {
	case "application/gzip":
		data.Write(bytes.Repeat(member.Bytes(), n))
	default:
		zw := zip.NewWriter(&data)
		crc := uint32(0)
		for range n {
			crc = crc32.Update(crc, crc32.IEEETable, zero)
		}
		stream := append(bytes.Repeat(block.Bytes(), n), 0x03, 0x00) // an empty final block
		w, _ := zw.CreateRaw(&zip.FileHeader{Name: "orders.txt", Method: zip.Deflate, CRC32: crc,
			CompressedSize64: uint64(len(stream)), UncompressedSize64: uint64(n) << 20})
		_, _ = w.Write(stream)
		_ = zw.Close()
	}
	return []byte(mime("multipart/mixed", 1, func(b *strings.Builder) {
		part(b, 1, "text/plain", "", "game: g\r\n")
		part(b, 1, typ, name, base64.StdEncoding.EncodeToString(data.Bytes()))
	}))
}

// TestParseBombs parses each hostile mail at the size pbem serve accepts
// (max_bytes 2 MiB), at the sizes of issue 10 item 8 (140 and 280 KB of
// nested blockquotes, which took the daemon to 551 MB and 1.68 GB) and a
// 43 MB mail (the intake refuses it by its size before it downloads it; Parse
// too, before it reads the body): each is
// refused with the *LimitError its shape meets, or read, and Parse allocates
// at most 12 times the mail's size plus 16 times max_text, so memory is
// bounded by the limits, not by the markup.
func TestParseBombs(t *testing.T) {
	lim := configuredLimits()
	type bomb struct {
		hostileMail
		maybe bool // the limit or none: the text may fit
	}
	var mails []bomb
	for _, size := range []int{140 << 10, 280 << 10} {
		for _, m := range hostileMails(size, lim)[:4] {
			m.name = fmt.Sprintf("%s, %d KB", m.name, size>>10)
			// 11,000 lines marked 20 deep may fit in max_text
			mails = append(mails, bomb{m, true})
		}
	}
	for _, m := range hostileMails(int(lim.MaxBytes)-4096, lim) {
		mails = append(mails, bomb{m, false})
	}
	big := []byte(plainMail(strings.Repeat("move 1 Kent > Essex\r\n", 43<<20/21)))
	mails = append(mails, bomb{hostileMail{"43 MB", big, "max_bytes"}, false})
	for _, m := range mails {
		t.Run(m.name, func(t *testing.T) {
			var in *mailer.Inbound
			var err error
			allocated, rise := parseCost(func() { in, err = mailer.Parse(m.raw, lim) })
			t.Logf("%d bytes: %d allocated, resident set +%d; %v", len(m.raw), allocated, rise, err)
			var le *mailer.LimitError
			switch {
			case m.maybe && err == nil:
			case m.limit == "":
				require.NoError(t, err)
			default:
				require.ErrorAs(t, err, &le)
				assert.Equal(t, m.limit, le.Limit)
			}
			require.NotNil(t, in)
			assert.Equal(t, "player@example.test", in.From)
			assert.LessOrEqual(t, len(in.Text), lim.MaxText)
			assert.Less(t, allocated, uint64(12*len(m.raw)+16*lim.MaxText), "bytes allocated")
			if rise >= 0 {
				assert.Less(t, rise, int64(64<<20), "resident set growth")
			}
		})
	}
}

// TestParseHTMLLimitSays checks the refusal of an HTML body that is too
// long says which limit and where reading stopped, and that a blockquote
// nest deeper than 20 is marked 20 deep with a warning.
func TestParseHTMLLimitSays(t *testing.T) {
	lim := configuredLimits()
	html := func(body string) []byte {
		return []byte(header + "Content-Type: text/html; charset=utf-8\r\n\r\n" + body)
	}
	tests := []struct {
		name, body, says string
	}{
		{"text", strings.Repeat("<p>move 1 Kent &gt; Essex</p>", 20_000),
			"mailer: the HTML of the message makes more than 262144 bytes of orders text and was read no further (max_text)"},
		{"tag", `<img src="data:image/png;base64,` + strings.Repeat("A", 300_000) + `">`,
			"mailer: the HTML of the message has a tag longer than 262144 bytes, such as an embedded picture, and was read no further; send the orders as plain text (max_text)"},
		{"comment", "<!--" + strings.Repeat("x", 300_000) + "-->",
			"mailer: the HTML of the message has a comment longer than 262144 bytes and was read no further; send the orders as plain text (max_text)"},
		{"style", "<style>" + strings.Repeat("x", 300_000) + "</style>",
			"mailer: the HTML of the message has a script or style longer than 262144 bytes and was read no further; send the orders as plain text (max_text)"},
		{"run of text", strings.Repeat("&amp;", 60_000),
			"mailer: the HTML of the message has a run of text longer than 262144 bytes and was read no further; send the orders as plain text (max_text)"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			in, err := mailer.Parse(html(tc.body), lim)
			var le *mailer.LimitError
			require.ErrorAs(t, err, &le)
			assert.Equal(t, tc.says, le.Error())
			assert.Greater(t, le.Got, int64(lim.MaxText-1))
			require.NotNil(t, in)
			assert.LessOrEqual(t, len(in.Text), lim.MaxText)
		})
	}

	in, err := mailer.Parse(html(strings.Repeat("<blockquote>", 50)+"game: g"), lim)
	require.NoError(t, err)
	assert.Equal(t, strings.Repeat(">", 20)+" game: g\n", in.Text)
	assert.Contains(t, in.Warnings, "text/html body: quotes nested 50 deep, marked as 20 deep")
}

// parseCost runs f and returns the bytes it allocated and how far the
// process's resident set rose above where it was (its peak, VmHWM, reset
// through /proc/self/clear_refs), or -1 where that cannot be read.
func parseCost(f func()) (allocated uint64, rise int64) {
	debug.FreeOSMemory()
	rss := -1
	if os.WriteFile("/proc/self/clear_refs", []byte("5"), 0) == nil {
		rss = procStatusKB("VmRSS")
	}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	rise = -1
	if hwm := procStatusKB("VmHWM"); rss >= 0 && hwm >= 0 {
		rise = int64(hwm-rss) << 10
	}
	return after.TotalAlloc - before.TotalAlloc, rise
}

// procStatusKB returns a "kB" field of /proc/self/status, or -1.
func procStatusKB(field string) int {
	f, err := os.Open("/proc/self/status")
	if err != nil {
		return -1
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		v, ok := strings.CutPrefix(sc.Text(), field+":")
		if !ok {
			continue
		}
		n, err := strconv.Atoi(strings.TrimSuffix(strings.TrimSpace(v), " kB"))
		if err != nil {
			return -1
		}
		return n
	}
	return -1
}

// BenchmarkParseBombs parses each hostile mail at the largest size pbem
// serve's configured limits accept (max_bytes 2 MiB, 50 parts, 10 levels,
// max_text 256 KiB). Besides B/op it reports peak-RSS-B, how far the
// resident set rose above where it was during one more parse, after the
// timed ones.
func BenchmarkParseBombs(b *testing.B) {
	lim := configuredLimits()
	for _, m := range hostileMails(int(lim.MaxBytes)-4096, lim) {
		b.Run(strings.ReplaceAll(m.name, " ", "_"), func(b *testing.B) {
			b.SetBytes(int64(len(m.raw)))
			b.ReportAllocs()
			for b.Loop() {
				if _, err := mailer.Parse(m.raw, lim); err != nil && !errors.As(err, new(*mailer.LimitError)) {
					b.Fatal(err)
				}
			}
			if _, rise := parseCost(func() { _, _ = mailer.Parse(m.raw, lim) }); rise >= 0 {
				b.ReportMetric(float64(rise), "peak-RSS-B")
			}
		})
	}
}
