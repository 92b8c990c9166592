package mailer_test

import (
	"context"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pbem-org/pbem/mailer"
	"github.com/pbem-org/pbem/mailer/mailtest"
)

// TestCrashRestart runs the whole round trip of docs/design.md §5 with a crash in
// the middle. A player's bot sends orders over SMTP (authenticated); the
// daemon's handler queues an acknowledgement, which even goes out, and then
// the daemon dies before the handler returns. After a restart on the same
// journal and outbox directories the message is handled again, the
// acknowledgement is not queued or sent a second time, and the orders mail
// ends up processed exactly once.
func TestCrashRestart(t *testing.T) {
	srv := startMail(t, mailtest.Options{})
	ctx := context.Background()

	bot := newOutbox(t, mailer.OutboxConfig{
		Dir: t.TempDir(),
		SMTP: mailer.SMTPConfig{
			Host: "127.0.0.1", Port: srv.SMTPPort(), TLS: "none",
			Username: alice, Password: alicePwd, From: "Alice <" + alice + ">",
		},
	})
	require.NoError(t, bot.Enqueue(&mailer.Outgoing{
		ID: "orders.r05-saxons", To: []string{gm}, Subject: "Saxons r05",
		Text: "game: ashdown\nnation: Saxons\nturn: r05-saxons\ntoken: 7f3a\n\nmove 3 Kent > Essex\n",
	}))
	_, err := bot.Flush(ctx)
	require.NoError(t, err)
	require.Equal(t, 1, mailboxLen(t, srv, gm, "INBOX"))

	journalDir, outboxDir := t.TempDir(), t.TempDir()
	gmOutbox := mailer.OutboxConfig{
		Dir:  outboxDir,
		SMTP: mailer.SMTPConfig{Host: "127.0.0.1", Port: srv.SMTPPort(), TLS: "none", From: "pbem GM <" + gm + ">"},
	}
	var calls atomic.Int32
	entered := make(chan struct{}, 1)
	handler := func(ob *mailer.Outbox, crash bool) mailer.HandlerFunc {
		return func(ctx context.Context, m *mailer.Message) error {
			calls.Add(1)
			in, err := mailer.Parse(m.Raw, mailer.Limits{})
			if err != nil {
				return mailer.Permanent(err)
			}
			// The reply's ID comes from the incoming mail, so a second run
			// of this handler queues the same message.
			ack := &mailer.Outgoing{
				ID: "ack." + m.JournalID[:16], To: []string{in.From}, Subject: "Re: " + in.Subject,
				Text: "Orders understood:\n" + in.Text, InReplyTo: in.MessageID, AutoSubmitted: true,
			}
			if err := ob.Enqueue(ack); err != nil {
				return err
			}
			if crash {
				entered <- struct{}{}
				<-ctx.Done() // the process dies here
				return ctx.Err()
			}
			return nil
		}
	}

	// First life.
	ob1 := newOutbox(t, gmOutbox)
	life1, die := context.WithCancel(ctx)
	stopped := make(chan error, 1)
	go func() {
		stopped <- newIntake(t, intakeConfig(srv.IMAPAddr()), journalDir).Run(life1, handler(ob1, true))
	}()
	select {
	case <-entered:
	case <-time.After(10 * time.Second):
		t.Fatal("handler not called")
	}
	_, err = ob1.Flush(ctx)
	require.NoError(t, err)
	die()
	require.ErrorIs(t, <-stopped, context.Canceled)
	assert.Equal(t, 1, mailboxLen(t, srv, gm, "INBOX"), "not marked processed")
	assert.Equal(t, 1, mailboxLen(t, srv, alice, "INBOX"), "the reply went out")

	// Second life.
	ob2 := newOutbox(t, gmOutbox)
	require.NoError(t, newIntake(t, intakeConfig(srv.IMAPAddr()), journalDir).RunOnce(ctx, handler(ob2, false)))
	_, err = ob2.Flush(ctx)
	require.NoError(t, err)
	assert.Equal(t, int32(2), calls.Load())
	assert.Equal(t, 0, mailboxLen(t, srv, gm, "INBOX"))
	assert.Equal(t, 1, mailboxLen(t, srv, gm, "Processed"))

	// Third life: nothing left to do.
	require.NoError(t, newIntake(t, intakeConfig(srv.IMAPAddr()), journalDir).RunOnce(ctx, handler(newOutbox(t, gmOutbox), false)))
	assert.Equal(t, int32(2), calls.Load())

	replies, err := srv.Messages(alice, "INBOX")
	require.NoError(t, err)
	require.Len(t, replies, 1, "exactly one acknowledgement")
	reply, err := mailer.Parse(replies[0], mailer.Limits{})
	require.NoError(t, err)
	assert.Equal(t, "orders.r05-saxons@pbem.test", reply.InReplyTo)
	assert.Equal(t, "Re: Saxons r05", reply.Subject)
	assert.True(t, reply.AutoReply)
	assert.Contains(t, reply.Text, "move 3 Kent > Essex")
}

// TestTLSModes sends and reads mail with each TLS mode the configurations
// offer, against servers with a self-signed certificate: implicit TLS and
// STARTTLS for both IMAP and SMTP (with AUTH PLAIN over the secured link).
func TestTLSModes(t *testing.T) {
	srv := startMail(t, mailtest.Options{})
	tests := []struct {
		mode     string
		imapAddr string
		smtpPort int
	}{
		{"tls", srv.IMAPSAddr(), srv.SMTPSPort()},
		{"starttls", srv.IMAPAddr(), srv.SMTPPort()},
	}
	for _, tc := range tests {
		t.Run(tc.mode, func(t *testing.T) {
			ob := newOutbox(t, mailer.OutboxConfig{
				Dir: t.TempDir(),
				SMTP: mailer.SMTPConfig{
					Host: "127.0.0.1", Port: tc.smtpPort, TLS: tc.mode, TLSConfig: srv.ClientTLSConfig(),
					Username: alice, Password: alicePwd, From: alice,
				},
			})
			id := "tls-" + tc.mode
			require.NoError(t, ob.Enqueue(&mailer.Outgoing{ID: id, To: []string{gm}, Subject: tc.mode, Text: "over " + tc.mode + "\n"}))
			_, err := ob.Flush(context.Background())
			require.NoError(t, err)
			st, err := ob.State(id)
			require.NoError(t, err)
			require.Equal(t, mailer.StateSent, st)

			cfg := intakeConfig(tc.imapAddr)
			cfg.TLS, cfg.TLSConfig = tc.mode, srv.ClientTLSConfig()
			rec := &recorder{}
			require.NoError(t, newIntake(t, cfg, "").RunOnce(context.Background(), rec))
			assert.Equal(t, []string{id + "@pbem.test"}, rec.messageIDs())
		})
	}
	// A client that does not trust the certificate must not connect.
	cfg := intakeConfig(srv.IMAPSAddr())
	cfg.TLS = "tls"
	err := newIntake(t, cfg, "").RunOnce(context.Background(), &recorder{})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "certificate")
}
