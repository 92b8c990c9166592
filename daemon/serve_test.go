package daemon

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"net"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
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

// serveWorld is an in-process mail system with a daemon's data directory:
// the GM, the daemon and the players have mailboxes.
type serveWorld struct {
	srv  *mailtest.Server
	cfg  Config
	toks archive.Tokens
	g    *archive.Game
}

func newServeWorld(t *testing.T) *serveWorld {
	t.Helper()
	srv := mailtest.Start(t, mailtest.Options{})
	for _, u := range append([]string{"pbem@example.test", "gm@example.test"}, addrs...) {
		require.NoError(t, srv.AddUser(u, "pw"))
	}
	dir := t.TempDir()
	var ps []archive.Player
	for i, a := range addrs {
		ps = append(ps, archive.Player{Name: []string{"Alice", "Bob", "Carol", "Dave"}[i], Email: a})
	}
	g, toks, err := archive.Create(filepath.Join(dir, "games", "ashdown"), archive.NewGame{ID: "ashdown", Ruleset: "redux", Players: ps}, byteReader{rand.New(rand.NewPCG(5, 6))})
	require.NoError(t, err)
	cfg := testConfig(t, dir)
	cfg.IMAP = IMAPConfig{Addr: srv.IMAPAddr(), TLS: "none", Username: "pbem@example.test", Password: "pw", Mailbox: "INBOX",
		ProcessedMailbox: "Processed", PollInterval: 200 * time.Millisecond, IdleRefresh: time.Minute, Backoff: 100 * time.Millisecond, MaxBackoff: time.Second, MaxAttempts: 2}
	cfg.SMTP = SMTPConfig{Host: "127.0.0.1", Port: srv.SMTPPort(), TLS: "none", Backoff: time.Second, MaxBackoff: time.Second, GiveUpAfter: time.Minute}
	return &serveWorld{srv: srv, cfg: cfg, toks: toks, g: g}
}

// serve runs the daemon as pbem serve wires it (Config.Intake and
// Config.Outbox); stop cancels it and returns how long Serve took to
// return.
func (w *serveWorld) serve(t *testing.T) (d *Daemon, stop func() time.Duration) {
	t.Helper()
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	j, err := mailer.OpenJournal(filepath.Join(w.cfg.Data, "journal"))
	require.NoError(t, err)
	out, err := mailer.NewOutbox(w.cfg.Outbox(w.cfg.SMTP.Password, func(id string, rcpts []string, err error) { d.GivenUp(id, rcpts, err) }), log)
	require.NoError(t, err)
	d, err = New(w.cfg, Options{Log: log, Out: out})
	require.NoError(t, err)
	in, err := mailer.NewIntake(w.cfg.Intake(w.cfg.IMAP.Password, func(m *mailer.Message, err error) { _ = d.SetAside(m, err) }), j, log)
	require.NoError(t, err)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- d.Serve(ctx, in, out, 100*time.Millisecond) }()
	stopped := false
	stop = func() time.Duration {
		if stopped {
			return 0
		}
		stopped = true
		t0 := time.Now()
		cancel()
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			t.Fatal("Serve did not return within 10 s of its context ending")
		}
		return time.Since(t0)
	}
	t.Cleanup(func() { stop() })
	return d, stop
}

// waitFor waits until user's mailbox holds a message whose raw text
// contains want, and returns it parsed.
func (w *serveWorld) waitFor(t *testing.T, user, mailbox, want string) *mailer.Inbound {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for time.Now().Before(deadline) {
		msgs, _ := w.srv.Messages(user, mailbox) // an error: the mailbox is not there yet
		for _, raw := range msgs {
			if strings.Contains(string(raw), want) {
				in, err := mailer.Parse(raw, mailer.Limits{})
				require.NoError(t, err)
				return in
			}
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Fatalf("%s/%s never received %q", user, mailbox, want)
	return nil
}

// TestServeWelcomes: pbem serve itself mails each player the welcome with
// their token, and the first player "your turn" (no caller sends them).
func TestServeWelcomes(t *testing.T) {
	w := newServeWorld(t)
	w.serve(t)
	for i, a := range addrs {
		// The welcome's token is in its body; its attachments are the order
		// syntax and the dice check (no links: set in this config).
		in := w.waitFor(t, a, "INBOX", "token: "+w.toks[[]string{"Alice", "Bob", "Carol", "Dave"}[i]])
		assert.Contains(t, in.Subject, "ashdown: welcome")
	}
	w.waitFor(t, "alice@example.test", "INBOX", "X-Pbem-Turn: r01-romanobritish")
	w.waitFor(t, "gm@example.test", "INBOX", "token: "+gmToken)
}

// TestFailedMailbox: a mail set aside (here: over max_message_bytes) is
// moved to imap.failed_mailbox, not left unseen in the INBOX; the sender
// and the GM are told, the sender without server paths.
func TestFailedMailbox(t *testing.T) {
	w := newServeWorld(t)
	w.cfg.IMAP.FailedMailbox = "Failed"
	w.cfg.Limits.MaxMessageBytes = 4096
	w.serve(t)
	big := "From: bob@example.test\r\nTo: pbem@example.test\r\nSubject: a big one\r\nMessage-ID: <big@example.test>\r\n\r\n" + strings.Repeat("orders orders orders\r\n", 400)
	require.NoError(t, w.srv.Deliver("pbem@example.test", []byte(big)))
	w.waitFor(t, "pbem@example.test", "Failed", "big@example.test")
	inbox, err := w.srv.Messages("pbem@example.test", "INBOX")
	require.NoError(t, err)
	assert.Empty(t, inbox, "the set-aside mail stayed in the INBOX")
	gm := w.waitFor(t, "gm@example.test", "INBOX", "a mail was set aside")
	assert.Contains(t, gm.Text, "moved to the IMAP mailbox Failed")
	reply := w.waitFor(t, "bob@example.test", "INBOX", "Not processed")
	assert.Contains(t, reply.Text, "max_bytes")
	assert.NotContains(t, reply.Text, w.cfg.Data)
}

// TestServeStopsWithinASecond: with the SMTP server silent after the end
// of a message's data (the outbox waits for its answer for minutes), Serve
// still returns within a second of its context ending, and the message
// stays queued for the next start.
func TestServeStopsWithinASecond(t *testing.T) {
	w := newServeWorld(t)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	defer ln.Close()
	inData := make(chan struct{}, 1)
	go silentSMTP(ln, inData)
	w.cfg.SMTP.Port = ln.Addr().(*net.TCPAddr).Port
	_, stop := w.serve(t)
	select {
	case <-inData:
	case <-time.After(30 * time.Second):
		t.Fatal("the outbox never sent")
	}
	took := stop()
	assert.Less(t, took, time.Second, "Serve took %v to stop", took)
	queued, err := filepath.Glob(filepath.Join(w.cfg.Data, "outbox", "queue", "*.eml"))
	require.NoError(t, err)
	assert.NotEmpty(t, queued, "the message in flight is kept for the next start")
}

// silentSMTP accepts SMTP connections and answers every command until the
// end of a message's data, after which it says nothing more.
func silentSMTP(ln net.Listener, inData chan<- struct{}) {
	for {
		c, err := ln.Accept()
		if err != nil {
			return
		}
		go func() {
			defer c.Close()
			r := bufio.NewReader(c)
			fmt.Fprintf(c, "220 silent ESMTP\r\n")
			data := false
			for {
				l, err := r.ReadString('\n')
				if err != nil {
					return
				}
				switch {
				case data && l == ".\r\n":
					select {
					case inData <- struct{}{}:
					default:
					}
					_, _ = io.Copy(io.Discard, r) // silent until the client hangs up
					return
				case data:
				case strings.HasPrefix(strings.ToUpper(l), "DATA"):
					data = true
					fmt.Fprintf(c, "354 go ahead\r\n")
				case strings.HasPrefix(strings.ToUpper(l), "QUIT"):
					fmt.Fprintf(c, "221 bye\r\n")
					return
				default:
					fmt.Fprintf(c, "250 ok\r\n")
				}
			}
		}()
	}
}
