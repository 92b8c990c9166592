package daemon

import (
	"context"
	"io"
	"log/slog"
	"math/rand/v2"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	gomail "github.com/wneessen/go-mail"

	"github.com/pbem-org/pbem/archive"
	"github.com/pbem-org/pbem/bot"
	"github.com/pbem-org/pbem/mailer"
	"github.com/pbem-org/pbem/mailer/mailtest"
	"github.com/pbem-org/pbem/orders"
)

// TestServeOverIMAPAndSMTP runs the whole pipeline against in-process
// servers speaking the real protocols: an order mail sent over SMTP is read
// over IMAP, acknowledged, adjudicated, and the reports arrive in every
// player's inbox; the orders mail ends in Processed.
func TestServeOverIMAPAndSMTP(t *testing.T) {
	srv := mailtest.Start(t, mailtest.Options{})
	const pw = "pw"
	users := append([]string{"pbem@example.test", "gm@example.test"}, addrs...)
	for _, u := range users {
		require.NoError(t, srv.AddUser(u, pw))
	}
	dir := t.TempDir()
	var ps []archive.Player
	for i, a := range addrs {
		ps = append(ps, archive.Player{Name: []string{"Alice", "Bob", "Carol", "Dave"}[i], Email: a})
	}
	g, toks, err := archive.Create(filepath.Join(dir, "games", "ashdown"), archive.NewGame{ID: "ashdown", Ruleset: "redux", Players: ps}, byteReader{rand.New(rand.NewPCG(5, 6))})
	require.NoError(t, err)
	cfg := Defaults()
	cfg.Data, cfg.GM, cfg.From, cfg.Domain = dir, "gm@example.test", "pbem@example.test", "example.test"
	cfg.Pace.ChangeOfMind = 0
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	j, err := mailer.OpenJournal(filepath.Join(dir, "journal"))
	require.NoError(t, err)
	out, err := mailer.NewOutbox(mailer.OutboxConfig{Dir: filepath.Join(dir, "outbox"), SMTP: mailer.SMTPConfig{Host: "127.0.0.1", Port: srv.SMTPPort(), TLS: "none", From: cfg.From}, Domain: cfg.Domain}, log)
	require.NoError(t, err)
	d, err := New(cfg, Options{Log: log, Out: out})
	require.NoError(t, err)
	in, err := mailer.NewIntake(mailer.IntakeConfig{Addr: srv.IMAPAddr(), TLS: "none", Username: "pbem@example.test", Password: pw, ProcessedMailbox: "Processed", PollInterval: 200 * time.Millisecond}, j, log)
	require.NoError(t, err)
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	done := make(chan error, 1)
	go func() { done <- d.Serve(ctx, in, out, 100*time.Millisecond) }()

	// Alice (Romano-British) sends her orders as a .txt attachment.
	f := bot.Orders(g.Engine(), g.State(), "ashdown", toks["Alice"], 1)
	m := gomail.NewMsg()
	require.NoError(t, m.From("Alice <alice@example.test>"))
	require.NoError(t, m.To("pbem@example.test"))
	m.Subject("orders")
	m.SetBodyString(gomail.TypeTextPlain, "Orders attached.\n")
	m.AttachReader("orders.txt", strings.NewReader(orders.Encode(f, g.Rules())))
	c, err := gomail.NewClient("127.0.0.1", gomail.WithPort(srv.SMTPPort()), gomail.WithTLSPolicy(gomail.NoTLS))
	require.NoError(t, err)
	require.NoError(t, c.DialAndSend(m))

	waitFor := func(user, want string) {
		t.Helper()
		for ctx.Err() == nil {
			msgs, err := srv.Messages(user, "INBOX")
			require.NoError(t, err)
			for _, raw := range msgs {
				in, err := mailer.Parse(raw, mailer.Limits{})
				require.NoError(t, err)
				if strings.Contains(in.Subject, want) || strings.Contains(string(raw), want) {
					return
				}
			}
			time.Sleep(50 * time.Millisecond)
		}
		t.Fatalf("%s never received %q", user, want)
	}
	waitFor("alice@example.test", "Orders accepted")
	for _, a := range addrs {
		waitFor(a, "X-Pbem-Step: r01-romanobritish")
	}
	waitFor("dave@example.test", "X-Pbem-Turn: r01-welsh")
	processed, err := srv.Messages("pbem@example.test", "Processed")
	require.NoError(t, err)
	require.Len(t, processed, 1, "the order mail was moved to Processed after its effects were stored")
	cancel()
	<-done
}
