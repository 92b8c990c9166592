package mailer_test

import (
	"context"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pbem-org/pbem/mailer"
	"github.com/pbem-org/pbem/mailer/mailtest"
)

// report is a turn report with every kind of part.
func report(id string) *mailer.Outgoing {
	return &mailer.Outgoing{
		ID:      id,
		From:    "pbem GM <gm@pbem.test>",
		To:      []string{"Alice <alice@pbem.test>"},
		Subject: "[ashdown] Turn 5 — Saxons",
		Text:    "Turn r05-saxons\n\nKent: Saxons 3 (Dál Riata quiet)\n",
		HTML:    `<p>Turn r05-saxons</p><img src="cid:map.png" alt="map">`,
		Inline:  []mailer.Part{{Name: "map.png", ContentType: "image/png", Data: []byte("\x89PNG\r\n\x1a\nnot really a map")}},
		Attach:  []mailer.Part{{Name: "turn.json", ContentType: "application/json", Data: []byte(`{"turn":"r05-saxons"}`)}},

		InReplyTo:     "<orders-1@wessex.example>",
		AutoSubmitted: true,
		Headers:       [][2]string{{"X-Pbem-Game", "ashdown"}},
		Date:          time.Date(2026, 11, 9, 12, 0, 0, 0, time.UTC),
		Domain:        "pbem.test",
	}
}

// TestOutgoingBytes renders a report, compares it with the golden file and
// reads it back with Parse: the text, the parts and the threading survive.
func TestOutgoingBytes(t *testing.T) {
	o := report("ashdown.r05-saxons.report.alice")
	raw, err := o.Bytes()
	require.NoError(t, err)
	again, err := o.Bytes()
	require.NoError(t, err)
	assert.Equal(t, string(raw), string(again), "rendering is deterministic")

	golden := filepath.Join("testdata", "outgoing", "report.eml")
	if *update {
		require.NoError(t, os.MkdirAll(filepath.Dir(golden), 0o755))
		require.NoError(t, os.WriteFile(golden, raw, 0o644))
	}
	want, err := os.ReadFile(golden)
	require.NoError(t, err)
	assert.Equal(t, string(want), string(raw))

	in, err := mailer.Parse(raw, mailer.Limits{})
	require.NoError(t, err)
	assert.Equal(t, "ashdown.r05-saxons.report.alice@pbem.test", in.MessageID)
	assert.Equal(t, o.MessageID(), in.MessageID)
	assert.Equal(t, "gm@pbem.test", in.From)
	assert.Equal(t, o.Subject, in.Subject)
	assert.Equal(t, o.Text, in.Text)
	assert.Equal(t, "orders-1@wessex.example", in.InReplyTo)
	assert.Equal(t, []string{"orders-1@wessex.example"}, in.References)
	assert.True(t, in.AutoReply, "our own mail must not be answered by bots")
	assert.Equal(t, "ashdown", in.Header.Get("X-Pbem-Game"))
	require.Len(t, in.Attachments, 2)
	assert.Equal(t, mailer.Attachment{Filename: "map.png", ContentType: "image/png", Inline: true, Data: o.Inline[0].Data}, in.Attachments[0])
	assert.Equal(t, mailer.Attachment{Filename: "turn.json", ContentType: "application/json", Data: o.Attach[0].Data}, in.Attachments[1])
	assert.Contains(t, string(raw), "Content-Id: <map.png>")
}

// TestOutgoingInvalid checks the fields Bytes refuses.
func TestOutgoingInvalid(t *testing.T) {
	tests := []struct {
		name   string
		change func(o *mailer.Outgoing)
		want   string
	}{
		{"empty id", func(o *mailer.Outgoing) { o.ID = "" }, "outgoing id"},
		{"path in id", func(o *mailer.Outgoing) { o.ID = "../x" }, "outgoing id"},
		{"no recipients", func(o *mailer.Outgoing) { o.To = nil }, "no recipients"},
		{"no body", func(o *mailer.Outgoing) { o.Text, o.HTML = "", "" }, "no body"},
		{"reserved header", func(o *mailer.Outgoing) { o.Headers = [][2]string{{"Message-ID", "<x@y>"}} }, "set by mailer"},
		{"header injection", func(o *mailer.Outgoing) { o.Headers = [][2]string{{"X-A", "b\r\nBcc: c@d"}} }, "malformed header"},
		{"bad address", func(o *mailer.Outgoing) { o.To = []string{"not an address"} }, "To"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			o := report("x")
			tc.change(o)
			_, err := o.Bytes()
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.want)
		})
	}
}

// failures collects OnFailed reports.
type failures struct {
	mu  sync.Mutex
	ids []string
	to  [][]string
}

func (f *failures) add(id string, rcpts []string, _ error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.ids = append(f.ids, id)
	f.to = append(f.to, rcpts)
}

func (f *failures) get() ([]string, [][]string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]string(nil), f.ids...), append([][]string(nil), f.to...)
}

func outboxConfig(srv *mailtest.Server, dir string, f *failures) mailer.OutboxConfig {
	return mailer.OutboxConfig{
		Dir: dir,
		SMTP: mailer.SMTPConfig{
			Host: "127.0.0.1", Port: srv.SMTPPort(), TLS: "none",
			From: "pbem GM <gm@pbem.test>", Timeout: 5 * time.Second,
		},
		Backoff: 5 * time.Millisecond, MaxBackoff: 20 * time.Millisecond,
		OnFailed: f.add,
	}
}

func newOutbox(t *testing.T, cfg mailer.OutboxConfig) *mailer.Outbox {
	t.Helper()
	ob, err := mailer.NewOutbox(cfg, nil)
	require.NoError(t, err)
	return ob
}

func runOutbox(t *testing.T, ob *mailer.Outbox) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- ob.Run(ctx) }()
	t.Cleanup(func() {
		cancel()
		assert.ErrorIs(t, <-done, context.Canceled)
	})
}

func outgoing(id string, to ...string) *mailer.Outgoing {
	return &mailer.Outgoing{ID: id, To: to, Subject: "ack " + id, Text: "Orders received.\n"}
}

// TestOutboxDelivery sends through the in-process SMTP server under
// different server behaviours: temporary refusals are retried, permanent
// ones reported, unknown recipients dropped and the rest still served.
func TestOutboxDelivery(t *testing.T) {
	tests := []struct {
		name       string
		failData   []int
		to         []string
		wantState  mailer.State
		wantInbox  int
		wantFailed []string // recipients reported through OnFailed
	}{
		{name: "accepted", to: []string{alice}, wantState: mailer.StateSent, wantInbox: 1},
		{name: "451 then 250", failData: []int{451}, to: []string{alice}, wantState: mailer.StateSent, wantInbox: 1},
		{name: "421 twice then 250", failData: []int{421, 421}, to: []string{alice}, wantState: mailer.StateSent, wantInbox: 1},
		{name: "554 is final", failData: []int{554}, to: []string{alice}, wantState: mailer.StateFailed, wantFailed: []string{alice}},
		{name: "unknown recipient dropped", to: []string{"nobody@pbem.test", alice}, wantState: mailer.StateSent, wantInbox: 1, wantFailed: []string{"nobody@pbem.test"}},
		{name: "only unknown recipients", to: []string{"nobody@pbem.test"}, wantState: mailer.StateFailed, wantFailed: []string{"nobody@pbem.test"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			srv := startMail(t, mailtest.Options{})
			srv.FailData(tc.failData...)
			f := &failures{}
			ob := newOutbox(t, outboxConfig(srv, t.TempDir(), f))
			require.NoError(t, ob.Enqueue(outgoing("ack.1", tc.to...)))
			runOutbox(t, ob)
			eventually(t, "settled", func() bool {
				st, err := ob.State("ack.1")
				require.NoError(t, err)
				return st == tc.wantState
			})
			assert.Equal(t, tc.wantInbox, mailboxLen(t, srv, alice, "INBOX"))
			assert.Equal(t, tc.wantInbox, srv.Accepted())
			ids, to := f.get()
			if tc.wantFailed == nil {
				assert.Empty(t, ids)
			} else {
				assert.Equal(t, []string{"ack.1"}, ids)
				assert.Equal(t, [][]string{tc.wantFailed}, to)
			}
			if tc.wantInbox == 1 {
				msgs, err := srv.Messages(alice, "INBOX")
				require.NoError(t, err)
				in, err := mailer.Parse(msgs[0], mailer.Limits{})
				require.NoError(t, err)
				assert.Equal(t, "ack.1@pbem.test", in.MessageID)
				assert.Equal(t, "Orders received.\n", in.Text)
				assert.Equal(t, "<gm@pbem.test>", in.Header.Get("Return-Path"))
			}
		})
	}
}

// TestOutboxOnce checks nothing is sent twice: the same ID enqueued again,
// before or after sending; concurrent sending passes; a restarted Outbox on the same directory; and a
// crash after the sent marker but before the queue entry was removed.
func TestOutboxOnce(t *testing.T) {
	srv := startMail(t, mailtest.Options{})
	dir := t.TempDir()
	cfg := outboxConfig(srv, dir, &failures{})
	ob := newOutbox(t, cfg)
	ctx := context.Background()

	require.NoError(t, ob.Enqueue(outgoing("once", alice)))
	require.NoError(t, ob.Enqueue(outgoing("once", alice)))
	queued, err := filepath.Glob(filepath.Join(dir, "queue", "once.*"))
	require.NoError(t, err)
	require.Len(t, queued, 2)
	saved := map[string][]byte{}
	for _, p := range queued {
		saved[p], err = os.ReadFile(p)
		require.NoError(t, err)
	}

	var wg sync.WaitGroup
	for range 3 { // concurrent passes must not send it twice
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, err := ob.Flush(ctx)
			assert.NoError(t, err)
		}()
	}
	wg.Wait()
	assert.Equal(t, 1, srv.Accepted())
	require.NoError(t, ob.Enqueue(outgoing("once", alice)))

	restarted := newOutbox(t, cfg)
	_, err = restarted.Flush(ctx)
	require.NoError(t, err)
	st, err := restarted.State("once")
	require.NoError(t, err)
	assert.Equal(t, mailer.StateSent, st)

	// The crash: queue files back beside the sent marker.
	for p, b := range saved {
		require.NoError(t, os.WriteFile(p, b, 0o600))
	}
	next, err := newOutbox(t, cfg).Flush(ctx)
	require.NoError(t, err)
	assert.True(t, next.IsZero(), "queue empty")
	left, err := filepath.Glob(filepath.Join(dir, "queue", "*"))
	require.NoError(t, err)
	assert.Empty(t, left)
	assert.Equal(t, 1, srv.Accepted())
	assert.Equal(t, 1, mailboxLen(t, srv, alice, "INBOX"))
}

// TestOutboxServerDown checks a server that cannot be reached is retried,
// and given up on (and reported) after GiveUpAfter.
func TestOutboxServerDown(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	port := ln.Addr().(*net.TCPAddr).Port
	require.NoError(t, ln.Close())

	f := &failures{}
	cfg := mailer.OutboxConfig{
		Dir:  t.TempDir(),
		SMTP: mailer.SMTPConfig{Host: "127.0.0.1", Port: port, TLS: "none", From: "gm@pbem.test", Timeout: time.Second},
		// Short enough that the test sees both the retries and the end, long
		// enough that a loaded machine still makes the first attempt in time.
		Backoff: 5 * time.Millisecond, MaxBackoff: 10 * time.Millisecond, GiveUpAfter: 2 * time.Second,
		OnFailed: f.add,
	}
	ob := newOutbox(t, cfg)
	require.NoError(t, ob.Enqueue(outgoing("down", alice)))
	_, err = ob.Flush(context.Background())
	require.NoError(t, err)
	st, err := ob.State("down")
	require.NoError(t, err)
	assert.Equal(t, mailer.StateQueued, st)
	meta, err := os.ReadFile(filepath.Join(cfg.Dir, "queue", "down.json"))
	require.NoError(t, err)
	assert.Contains(t, string(meta), `"attempts": 1`)
	assert.Contains(t, string(meta), "connection refused")

	runOutbox(t, ob)
	eventually(t, "given up", func() bool {
		st, err := ob.State("down")
		require.NoError(t, err)
		return st == mailer.StateFailed
	})
	ids, to := f.get()
	assert.Equal(t, []string{"down"}, ids)
	assert.Equal(t, [][]string{{alice}}, to)
}

// TestOutboxConfigErrors checks NewOutbox refuses bad configurations.
func TestOutboxConfigErrors(t *testing.T) {
	tests := []struct {
		name string
		cfg  mailer.OutboxConfig
		want string
	}{
		{"no dir", mailer.OutboxConfig{}, "no Dir"},
		{"bad tls", mailer.OutboxConfig{Dir: t.TempDir(), SMTP: mailer.SMTPConfig{TLS: "ssl"}}, `TLS is "ssl"`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := mailer.NewOutbox(tc.cfg, nil)
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.want)
		})
	}
	ob, err := mailer.NewOutbox(mailer.OutboxConfig{Dir: t.TempDir()}, nil)
	require.NoError(t, err)
	_, err = ob.State("../etc/passwd")
	assert.Error(t, err)
	err = ob.Enqueue(&mailer.Outgoing{ID: "x", To: []string{alice}, Text: "t"})
	require.Error(t, err)
	assert.True(t, strings.Contains(err.Error(), "no From"), err.Error())
}

// TestOutboxAtOnce (issue 23): Enqueue from many goroutines at once, the
// same id among them, and a pass over several connections: every message
// is stored once and sent once.
func TestOutboxAtOnce(t *testing.T) {
	srv := startMail(t, mailtest.Options{})
	dir := t.TempDir()
	cfg := outboxConfig(srv, dir, &failures{})
	cfg.Senders = 3
	ob := newOutbox(t, cfg)
	var wg sync.WaitGroup
	for i := range 40 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			id := fmt.Sprintf("m%d", i%30) // ten ids twice
			assert.NoError(t, ob.Enqueue(outgoing(id, alice)))
			st, err := ob.State(id)
			assert.NoError(t, err)
			assert.Equal(t, mailer.StateQueued, st, "stored when Enqueue returns")
		}()
	}
	wg.Wait()
	_, err := ob.Flush(context.Background())
	require.NoError(t, err)
	assert.Equal(t, 30, srv.Accepted())
	msgs, err := srv.Messages(alice, "INBOX")
	require.NoError(t, err)
	assert.Len(t, msgs, 30)
	for i := range 30 {
		st, err := ob.State(fmt.Sprintf("m%d", i))
		require.NoError(t, err)
		assert.Equal(t, mailer.StateSent, st)
	}
	left, err := filepath.Glob(filepath.Join(dir, "queue", "*"))
	require.NoError(t, err)
	assert.Empty(t, left)
}
