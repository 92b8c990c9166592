package mailer_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pbem-org/pbem/mailer"
	"github.com/pbem-org/pbem/mailer/mailtest"
)

const (
	gm       = "gm@pbem.test"
	gmPass   = "secret"
	alice    = "alice@pbem.test"
	alicePwd = "alice-pw"
)

// startMail starts the in-process servers with the GM and one player.
func startMail(t *testing.T, opts mailtest.Options) *mailtest.Server {
	t.Helper()
	srv := mailtest.Start(t, opts)
	require.NoError(t, srv.AddUser(gm, gmPass))
	require.NoError(t, srv.AddUser(alice, alicePwd))
	return srv
}

// intakeConfig is a fast configuration for loopback tests.
func intakeConfig(addr string) mailer.IntakeConfig {
	return mailer.IntakeConfig{
		Addr: addr, TLS: "none", Username: gm, Password: gmPass,
		ProcessedMailbox: "Processed", FailedMailbox: "Failed",
		PollInterval: time.Hour, // only IDLE (or a due retry) wakes the intake
		Backoff:      5 * time.Millisecond, MaxBackoff: 20 * time.Millisecond,
	}
}

// recorder is a Handler that records calls and answers with fn.
type recorder struct {
	mu    sync.Mutex
	calls []*mailer.Message
	fn    func(m *mailer.Message) error
}

func (r *recorder) Handle(_ context.Context, m *mailer.Message) error {
	r.mu.Lock()
	r.calls = append(r.calls, m)
	fn := r.fn
	r.mu.Unlock()
	if fn != nil {
		return fn(m)
	}
	return nil
}

func (r *recorder) count() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return len(r.calls)
}

func (r *recorder) messageIDs() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	var ids []string
	for _, m := range r.calls {
		ids = append(ids, m.MessageID)
	}
	return ids
}

// runIntake runs in until the test ends and checks it stops cleanly.
func runIntake(t *testing.T, in *mailer.Intake, h mailer.Handler) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- in.Run(ctx, h) }()
	t.Cleanup(func() {
		cancel()
		select {
		case err := <-done:
			assert.ErrorIs(t, err, context.Canceled)
		case <-time.After(5 * time.Second):
			t.Error("intake did not stop")
		}
	})
}

func newIntake(t *testing.T, cfg mailer.IntakeConfig, dir string) *mailer.Intake {
	t.Helper()
	if dir == "" {
		dir = t.TempDir()
	}
	j, err := mailer.OpenJournal(dir)
	require.NoError(t, err)
	in, err := mailer.NewIntake(cfg, j, nil)
	require.NoError(t, err)
	return in
}

// orderMail returns a small player mail with the given Message-ID.
func orderMail(id, body string) []byte {
	return []byte("From: Alice <alice@pbem.test>\r\nTo: gm@pbem.test\r\nSubject: orders\r\n" +
		"Message-ID: <" + id + ">\r\nDate: Mon, 9 Nov 2026 12:00:00 +0000\r\nMIME-Version: 1.0\r\n" +
		"Content-Type: text/plain; charset=utf-8\r\n\r\n" + body)
}

func eventually(t *testing.T, what string, cond func() bool) {
	t.Helper()
	require.Eventually(t, cond, 10*time.Second, 2*time.Millisecond, what)
}

func mailboxLen(t *testing.T, srv *mailtest.Server, user, mailbox string) int {
	t.Helper()
	msgs, err := srv.Messages(user, mailbox)
	require.NoError(t, err)
	return len(msgs)
}

// TestIntakeModes runs the happy path against both an IDLE server and a
// polling-only IMAP4rev1 server (no MOVE either, so moving falls back to
// COPY, STORE \Deleted and EXPUNGE).
func TestIntakeModes(t *testing.T) {
	tests := []struct {
		name string
		opts mailtest.Options
		poll time.Duration
	}{
		{"idle", mailtest.Options{}, time.Hour},
		{"poll", mailtest.Options{NoIdle: true}, 10 * time.Millisecond},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			srv := startMail(t, tc.opts)
			require.NoError(t, srv.Deliver(gm, orderMail("m1@pbem.test", "move 1 Kent > Essex\r\n")))
			require.NoError(t, srv.Deliver(gm, orderMail("m2@pbem.test", "move 2 Kent > Essex\r\n")))
			cfg := intakeConfig(srv.IMAPAddr())
			cfg.PollInterval = tc.poll
			rec := &recorder{}
			runIntake(t, newIntake(t, cfg, ""), rec)

			eventually(t, "two processed", func() bool { return mailboxLen(t, srv, gm, "Processed") == 2 })
			// Arrives while the intake waits: IDLE (poll interval is an hour)
			// or the next poll must pick it up.
			require.NoError(t, srv.Deliver(gm, orderMail("m3@pbem.test", "move 3 Kent > Essex\r\n")))
			eventually(t, "third processed", func() bool { return mailboxLen(t, srv, gm, "Processed") == 3 })
			// Without MOVE the copy lands before the expunge.
			eventually(t, "inbox empty", func() bool { return mailboxLen(t, srv, gm, "INBOX") == 0 })
			assert.Equal(t, []string{"m1@pbem.test", "m2@pbem.test", "m3@pbem.test"}, rec.messageIDs())
			for _, m := range rec.calls {
				assert.Equal(t, 1, m.Attempt)
				assert.NotEmpty(t, m.JournalID)
				assert.NotZero(t, m.UIDValidity)
			}
		})
	}
}

// TestIntakeFlagMode marks messages with a keyword instead of moving them;
// a restarted intake does not handle them again.
func TestIntakeFlagMode(t *testing.T) {
	srv := startMail(t, mailtest.Options{})
	require.NoError(t, srv.Deliver(gm, orderMail("f1@pbem.test", "x\r\n")))
	cfg := intakeConfig(srv.IMAPAddr())
	cfg.ProcessedMailbox, cfg.ProcessedFlag = "", "$PbemDone"
	dir := t.TempDir()
	rec := &recorder{}
	require.NoError(t, newIntake(t, cfg, dir).RunOnce(context.Background(), rec))
	require.NoError(t, newIntake(t, cfg, dir).RunOnce(context.Background(), rec))
	// Even with a fresh journal the flag keeps the message out of the search.
	require.NoError(t, newIntake(t, cfg, "").RunOnce(context.Background(), rec))
	assert.Equal(t, 1, rec.count())
	assert.Equal(t, 1, mailboxLen(t, srv, gm, "INBOX"))
}

// TestIntakeDuplicates delivers the same message twice (two UIDs, one
// Message-ID): the handler sees it once and both copies are processed.
// A Message-ID already done in the journal (a crash between recording it and
// marking it on the server) is not handled again either, nor is a copy that
// came by another relay; a different mail reusing the Message-ID is set
// aside for a person.
func TestIntakeDuplicates(t *testing.T) {
	srv := startMail(t, mailtest.Options{})
	raw := orderMail("dup@pbem.test", "move 1 Kent > Essex\r\n")
	require.NoError(t, srv.Deliver(gm, raw))
	require.NoError(t, srv.Deliver(gm, raw))
	require.NoError(t, srv.Deliver(gm, orderMail("before-crash@pbem.test", "x\r\n")))
	dir := t.TempDir()
	j, err := mailer.OpenJournal(dir)
	require.NoError(t, err)
	require.NoError(t, j.Done(mailer.MessageIDKey("<before-crash@pbem.test>")))

	rec := &recorder{}
	cfg := intakeConfig(srv.IMAPAddr())
	var failed []error
	cfg.OnFailed = func(_ *mailer.Message, err error) { failed = append(failed, err) }
	require.NoError(t, newIntake(t, cfg, dir).RunOnce(context.Background(), rec))
	assert.Equal(t, []string{"dup@pbem.test"}, rec.messageIDs())
	assert.Equal(t, 3, mailboxLen(t, srv, gm, "Processed"))
	assert.Equal(t, 0, mailboxLen(t, srv, gm, "INBOX"))

	// A copy that went through another relay: new trace headers, same body.
	relayed := append([]byte("Received: from relay2.example by mx.pbem.test; Mon, 9 Nov 2026 12:01:00 +0000\r\n"), raw...)
	require.NoError(t, srv.Deliver(gm, relayed))
	// Another mail reusing the Message-ID (a broken client): set aside, not dropped.
	require.NoError(t, srv.Deliver(gm, orderMail("dup@pbem.test", "move 2 York > Lothian\r\n")))
	require.NoError(t, newIntake(t, cfg, dir).RunOnce(context.Background(), rec))
	assert.Equal(t, []string{"dup@pbem.test"}, rec.messageIDs())
	assert.Equal(t, 4, mailboxLen(t, srv, gm, "Processed"))
	assert.Equal(t, 1, mailboxLen(t, srv, gm, "Failed"))
	require.Len(t, failed, 1)
	assert.Contains(t, failed[0].Error(), "different body")
}

// TestIntakeHandlerErrors covers retry with backoff, panics, permanent
// errors and giving up after MaxAttempts; a bad message never stops the
// messages after it.
func TestIntakeHandlerErrors(t *testing.T) {
	errBase := errors.New("archive busy")
	tests := []struct {
		name      string
		failures  int   // calls that fail before success (-1: always)
		err       error // the failure, built on errBase
		panics    bool
		wantCalls int
		wantAside bool
	}{
		{name: "retried until it succeeds", failures: 2, err: errBase, wantCalls: 3},
		{name: "panic is a failure", failures: 1, panics: true, wantCalls: 2},
		{name: "permanent is set aside at once", failures: -1, err: mailer.Permanent(errBase), wantCalls: 1, wantAside: true},
		{name: "set aside after max attempts", failures: -1, err: errBase, wantCalls: 3, wantAside: true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			srv := startMail(t, mailtest.Options{})
			require.NoError(t, srv.Deliver(gm, orderMail("bad@pbem.test", "x\r\n")))
			require.NoError(t, srv.Deliver(gm, orderMail("good@pbem.test", "y\r\n")))
			var mu sync.Mutex
			var failed []error
			cfg := intakeConfig(srv.IMAPAddr())
			cfg.MaxAttempts = 3
			cfg.OnFailed = func(m *mailer.Message, err error) {
				mu.Lock()
				defer mu.Unlock()
				assert.Equal(t, "bad@pbem.test", m.MessageID)
				failed = append(failed, err)
			}
			badCalls := 0
			rec := &recorder{fn: func(m *mailer.Message) error {
				if m.MessageID != "bad@pbem.test" {
					return nil
				}
				badCalls++
				assert.Equal(t, badCalls, m.Attempt)
				if tc.failures >= 0 && badCalls > tc.failures {
					return nil
				}
				if tc.panics {
					panic("handler bug")
				}
				return tc.err
			}}
			runIntake(t, newIntake(t, cfg, ""), rec)
			want := 2
			if tc.wantAside {
				want = 1
				eventually(t, "reported", func() bool {
					mu.Lock()
					defer mu.Unlock()
					return len(failed) == 1
				})
				assert.Equal(t, 1, mailboxLen(t, srv, gm, "Failed"))
			}
			eventually(t, "processed", func() bool { return mailboxLen(t, srv, gm, "Processed") == want })
			assert.Equal(t, tc.wantCalls, badCalls)
			mu.Lock()
			defer mu.Unlock()
			if tc.wantAside {
				require.Len(t, failed, 1)
				assert.ErrorIs(t, failed[0], errBase)
			} else {
				assert.Empty(t, failed)
			}
		})
	}
}

// TestIntakeServerRefuses deletes the Processed mailbox under a running
// intake: moving there is refused, the messages are skipped rather than
// blocking the mailbox (and never handled twice), and once the mailbox is
// back they are moved on the next try.
func TestIntakeServerRefuses(t *testing.T) {
	srv := startMail(t, mailtest.Options{})
	cfg := intakeConfig(srv.IMAPAddr())
	cfg.MaxBackoff = 50 * time.Millisecond
	rec := &recorder{}
	runIntake(t, newIntake(t, cfg, ""), rec)
	require.NoError(t, srv.Deliver(gm, orderMail("r0@pbem.test", "x\r\n")))
	eventually(t, "first processed", func() bool { return mailboxLen(t, srv, gm, "Processed") == 1 })

	require.NoError(t, srv.DeleteMailbox(gm, "Processed"))
	require.NoError(t, srv.Deliver(gm, orderMail("r1@pbem.test", "x\r\n")))
	require.NoError(t, srv.Deliver(gm, orderMail("r2@pbem.test", "x\r\n")))
	eventually(t, "both handled", func() bool { return rec.count() == 3 })
	time.Sleep(3 * cfg.MaxBackoff) // retries of the move, not of the handler
	require.NoError(t, srv.CreateMailbox(gm, "Processed"))
	eventually(t, "moved once the mailbox is back", func() bool { return mailboxLen(t, srv, gm, "Processed") == 2 })
	assert.Equal(t, []string{"r0@pbem.test", "r1@pbem.test", "r2@pbem.test"}, rec.messageIDs())
}

// TestIntakeTooLarge delivers a mail with a 30 MB attachment: it is not
// downloaded, it is set aside with a *LimitError (its header still readable
// for a reply), and the intake goes on with the next message.
func TestIntakeTooLarge(t *testing.T) {
	srv := startMail(t, mailtest.Options{})
	var big bytes.Buffer
	big.WriteString("From: Alice <alice@pbem.test>\r\nTo: gm@pbem.test\r\nSubject: huge map\r\n" +
		"Message-ID: <huge@pbem.test>\r\nMIME-Version: 1.0\r\nContent-Type: multipart/mixed; boundary=b\r\n\r\n" +
		"--b\r\nContent-Type: text/plain\r\n\r\nmy orders and a photo\r\n" +
		"--b\r\nContent-Type: image/jpeg\r\nContent-Disposition: attachment; filename=photo.jpg\r\nContent-Transfer-Encoding: base64\r\n\r\n")
	line := strings.Repeat("A", 76) + "\r\n"
	for big.Len() < 30<<20 {
		big.WriteString(line)
	}
	big.WriteString("--b--\r\n")
	require.NoError(t, srv.Deliver(gm, big.Bytes()))
	require.NoError(t, srv.Deliver(gm, orderMail("small@pbem.test", "x\r\n")))

	var got *mailer.Message
	var gotErr error
	cfg := intakeConfig(srv.IMAPAddr())
	cfg.OnFailed = func(m *mailer.Message, err error) { got, gotErr = m, err }
	rec := &recorder{}
	require.NoError(t, newIntake(t, cfg, "").RunOnce(context.Background(), rec))

	assert.Equal(t, []string{"small@pbem.test"}, rec.messageIDs())
	require.NotNil(t, got)
	var le *mailer.LimitError
	require.ErrorAs(t, gotErr, &le)
	assert.Equal(t, "max_bytes", le.Limit)
	assert.Greater(t, got.Size, int64(30<<20))
	assert.Less(t, len(got.Raw), 4096, "only the header is fetched")
	in, err := mailer.Parse(got.Raw, mailer.Limits{})
	require.NoError(t, err)
	assert.Equal(t, "alice@pbem.test", in.From)
	assert.Equal(t, 1, mailboxLen(t, srv, gm, "Failed"), "kept on the server")
}

// TestIntakeConnectionDropped cuts the TCP connection in the middle of the
// message literal: the intake reconnects, fetches it whole and hands it to
// the handler exactly once.
func TestIntakeConnectionDropped(t *testing.T) {
	srv := startMail(t, mailtest.Options{})
	proxy := mailtest.StartProxy(t, srv.IMAPAddr())
	raw := orderMail("cut@pbem.test", strings.Repeat("move 1 Kent > Essex\r\n", 10_000))
	require.NoError(t, srv.Deliver(gm, raw))
	proxy.CutOnce([]byte("BODY[] {"), 1000)

	var mu sync.Mutex
	var got [][]byte
	rec := &recorder{fn: func(m *mailer.Message) error {
		mu.Lock()
		defer mu.Unlock()
		got = append(got, m.Raw)
		return nil
	}}
	runIntake(t, newIntake(t, intakeConfig(proxy.Addr()), ""), rec)
	eventually(t, "processed", func() bool { return mailboxLen(t, srv, gm, "Processed") == 1 })
	assert.Equal(t, 1, proxy.Cuts())
	mu.Lock()
	defer mu.Unlock()
	require.Len(t, got, 1)
	assert.Equal(t, raw, got[0])
}

// TestIntakeConfigErrors checks NewIntake refuses bad configurations.
func TestIntakeConfigErrors(t *testing.T) {
	j, err := mailer.OpenJournal(t.TempDir())
	require.NoError(t, err)
	tests := []struct {
		name string
		cfg  mailer.IntakeConfig
		want string
	}{
		{"no address", mailer.IntakeConfig{}, "no Addr"},
		{"bad tls", mailer.IntakeConfig{Addr: "127.0.0.1:1", TLS: "ssl"}, `TLS is "ssl"`},
		{"idle too long", mailer.IntakeConfig{Addr: "127.0.0.1:1", IdleRefresh: 30 * time.Minute}, "RFC 2177"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := mailer.NewIntake(tc.cfg, j, nil)
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.want)
		})
	}
}

// TestIntakeLoginFailureRetries checks a wrong password is retried with
// backoff instead of ending Run, and that Run still stops on cancel.
func TestIntakeLoginFailureRetries(t *testing.T) {
	srv := startMail(t, mailtest.Options{})
	cfg := intakeConfig(srv.IMAPAddr())
	cfg.Password = "wrong"
	in := newIntake(t, cfg, "")
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	err := in.Run(ctx, &recorder{})
	assert.ErrorIs(t, err, context.DeadlineExceeded)
	err = in.RunOnce(context.Background(), &recorder{})
	require.Error(t, err)
	assert.Contains(t, err.Error(), fmt.Sprintf("login as %s", gm))
}
