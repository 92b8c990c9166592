package daemon

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/pbem-org/pbem/archive"
	"github.com/pbem-org/pbem/bot"
	"github.com/pbem-org/pbem/internal/cputime"
	"github.com/pbem-org/pbem/mailer"
	"github.com/pbem-org/pbem/orders"
)

// BenchmarkAcknowledge is pbem's own share of an order mail's
// acknowledgement, without IMAP and SMTP (issue 23): one op is an order
// mail to one of 200 games (the change-of-mind delay an hour: no turn
// runs) handled by the daemon, its orders checked and stored and its
// acknowledgement queued in a real outbox on disk. More games than stay
// open, so that most mails open their game. cpu-ms/op is the process's
// CPU time (user and system), which a loaded machine does not inflate.
func BenchmarkAcknowledge(b *testing.B) {
	const games = 200
	data := b.TempDir()
	var ps []archive.Player
	for i, a := range addrs {
		ps = append(ps, archive.Player{Name: []string{"Alice", "Bob", "Carol", "Dave"}[i], Email: a})
	}
	var mails [][]byte
	for i := range games {
		id := fmt.Sprintf("g%03d", i)
		g, toks, err := archive.Create(filepath.Join(data, "games", id), archive.NewGame{ID: id, Ruleset: "redux", Players: ps}, byteReader{rand.New(rand.NewPCG(uint64(i), 2))})
		if err != nil {
			b.Fatal(err)
		}
		p := g.PlayerOf(g.Due().Nation)
		text := orders.Encode(bot.Orders(g.Engine(), g.State(), id, toks[p.Name], 1), g.Rules())
		mails = append(mails, []byte(fmt.Sprintf("From: %s\r\nTo: pbem@example.test\r\nSubject: orders\r\nMessage-ID: <%s@example.test>\r\nDate: Mon, 2 Nov 2026 12:00:00 +0000\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n%s",
			p.Email, id, strings.ReplaceAll(text, "\n", "\r\n"))))
	}
	cfg := testConfig(&testing.T{}, data)
	cfg.Pace.ChangeOfMind = time.Hour
	out, err := mailer.NewOutbox(cfg.Outbox("", nil), nil)
	if err != nil {
		b.Fatal(err)
	}
	d, err := New(cfg, Options{Out: out, Log: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		b.Fatal(err)
	}
	if err := d.Tick(context.Background()); err != nil { // welcomes, first turns
		b.Fatal(err)
	}
	os.RemoveAll(filepath.Join(data, "outbox"))
	if out, err = mailer.NewOutbox(cfg.Outbox("", nil), nil); err != nil {
		b.Fatal(err)
	}
	d.out = out
	b.ResetTimer()
	c0 := cputime.Self()
	for i := range b.N {
		m := &mailer.Message{Raw: mails[i%games], JournalID: fmt.Sprintf("j%d", i), MessageID: fmt.Sprintf("m%d@example.test", i), Attempt: 1}
		if err := d.Handle(context.Background(), m); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64((cputime.Self()-c0).Microseconds())/1000/float64(b.N), "cpu-ms/op")
}
