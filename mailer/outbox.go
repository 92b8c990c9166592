package mailer

import (
	"context"
	"crypto/tls"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"net/mail"
	"net/textproto"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"

	gomail "github.com/wneessen/go-mail"
	"github.com/wneessen/go-mail/smtp"
)

// SMTPConfig says how the Outbox reaches its submission server.
type SMTPConfig struct {
	Host string `yaml:"host"`
	// Port defaults to 465 for "tls", 587 for "starttls" and 25 for "none".
	Port int `yaml:"port"`
	// TLS is "tls" (implicit TLS; the default), "starttls" (required, not
	// opportunistic) or "none" (plain text: loopback and tests only).
	TLS string `yaml:"tls"`
	// TLSConfig, if set, replaces the default TLS settings.
	TLSConfig *tls.Config `yaml:"-"`
	// Username and Password, if set, authenticate with AUTH PLAIN.
	Username string `yaml:"username"`
	Password string `yaml:"password"`
	// From is the envelope sender (bounces return there) and the From header
	// of messages that have none, e.g. `pbem GM <gm@pbem.example>`.
	From string `yaml:"from"`
	// Timeout bounds connecting and each SMTP command; default 30s.
	Timeout time.Duration `yaml:"timeout"`
}

// OutboxConfig configures an Outbox. Zero fields take the defaults named.
type OutboxConfig struct {
	// Dir holds the queue: queue/ID.eml and queue/ID.json while waiting,
	// sent/ID.json once the server accepted it, failed/ID.* once given up.
	Dir  string     `yaml:"dir"`
	SMTP SMTPConfig `yaml:"smtp"`
	// Domain is the right-hand side of Message-IDs; default the domain of
	// SMTP.From.
	Domain string `yaml:"domain"`
	// Backoff is the wait after a first temporary failure; it doubles on
	// each further failure up to MaxBackoff. Defaults 30s and 30m.
	Backoff    time.Duration `yaml:"backoff"`
	MaxBackoff time.Duration `yaml:"max_backoff"`
	// GiveUpAfter is how long temporary failures are retried, counted from
	// Enqueue; default 48h, as mail servers do.
	GiveUpAfter time.Duration `yaml:"give_up_after"`
	// OnFailed, if set, is called when recipients are given up on: the
	// server refused them permanently (5xx), or temporary failures lasted
	// GiveUpAfter. rcpts are the recipients concerned. It runs on the
	// Outbox's goroutine (one of them, with Senders above 1).
	OnFailed func(id string, rcpts []string, err error) `yaml:"-"`
	// Senders is how many SMTP connections a sending pass uses at once;
	// default 1. The server's answer to each message is most of the time
	// a message takes (issue 23).
	Senders int `yaml:"senders"`
}

func (c OutboxConfig) withDefaults() (OutboxConfig, error) {
	if c.Dir == "" {
		return c, errors.New("mailer: outbox: no Dir")
	}
	if c.SMTP.TLS == "" {
		c.SMTP.TLS = "tls"
	}
	switch c.SMTP.TLS {
	case "tls", "starttls", "none":
	default:
		return c, fmt.Errorf("mailer: outbox: TLS is %q, want tls, starttls or none", c.SMTP.TLS)
	}
	if c.SMTP.Port == 0 {
		c.SMTP.Port = map[string]int{"tls": 465, "starttls": 587, "none": 25}[c.SMTP.TLS]
	}
	if c.SMTP.Timeout <= 0 {
		c.SMTP.Timeout = 30 * time.Second
	}
	if c.Domain == "" && c.SMTP.From != "" {
		if a, err := mail.ParseAddress(c.SMTP.From); err == nil {
			_, c.Domain, _ = strings.Cut(a.Address, "@")
		}
	}
	if c.Backoff <= 0 {
		c.Backoff = 30 * time.Second
	}
	if c.MaxBackoff <= 0 {
		c.MaxBackoff = 30 * time.Minute
	}
	if c.GiveUpAfter <= 0 {
		c.GiveUpAfter = 48 * time.Hour
	}
	if c.Senders <= 0 {
		c.Senders = 1
	}
	return c, nil
}

// State is where a message is in the Outbox.
type State int

// The states of an Outbox message.
const (
	StateUnknown State = iota // never enqueued
	StateQueued               // waiting to be sent or retried
	StateSent                 // accepted by the SMTP server
	StateFailed               // given up on
)

// String returns the state's name.
func (s State) String() string {
	return [...]string{"unknown", "queued", "sent", "failed"}[s]
}

// Outbox is a persistent queue of outgoing mail in a directory. Enqueue
// renders the message and stores its exact bytes (atomically); Run sends
// what is due over SMTP with go-mail, retrying 4xx replies and network
// errors with backoff and giving up on 5xx replies. After the server accepts
// a message, a sent marker is made before the queue entry is removed, so
// a restart never sends it again. The one window left is a crash between
// the server's "250 OK" and that marker, which markSent makes with a single
// system call as soon as the reply is read: the message is then sent again
// after restart, byte for byte, with the same Message-ID, which receiving
// clients collapse or show as a copy (docs/mail.md).
//
// Enqueue, State, Run and Flush may be called from several goroutines; two
// processes must not share one directory.
type Outbox struct {
	cfg     OutboxConfig
	log     *slog.Logger
	mu      sync.Mutex // serialises queue-file changes and the ids being enqueued
	flushMu sync.Mutex // one sending pass at a time, so nothing goes out twice
	wake    chan struct{}
	// enqueuing holds the ids being written by Enqueue, which writes
	// without mu: a second Enqueue of one waits for the first.
	enqueuing map[string]chan struct{}
}

// queued is the envelope and retry state of a queued message (queue/ID.json).
type queued struct {
	ID        string    `json:"id"`
	MessageID string    `json:"message_id"`
	From      string    `json:"from"` // envelope sender
	To        []string  `json:"to"`   // recipients still to deliver to
	Enqueued  time.Time `json:"enqueued"`
	Attempts  int       `json:"attempts"`
	Next      time.Time `json:"next"`
	LastError string    `json:"last_error,omitempty"`
	Refused   []string  `json:"refused,omitempty"` // recipients refused for good
	Sent      time.Time `json:"sent,omitzero"`
	Reply     string    `json:"reply,omitempty"` // the server's answer to DATA
}

// NewOutbox opens (creating if needed) the queue in cfg.Dir. log may be nil.
func NewOutbox(cfg OutboxConfig, log *slog.Logger) (*Outbox, error) {
	cfg, err := cfg.withDefaults()
	if err != nil {
		return nil, err
	}
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	ob := &Outbox{cfg: cfg, log: log.With("component", "outbox"), wake: make(chan struct{}, 1), enqueuing: map[string]chan struct{}{}}
	if err := mkdirs(ob.path("queue"), ob.path("sent"), ob.path("failed")); err != nil {
		return nil, fmt.Errorf("mailer: outbox: %w", err)
	}
	if cfg.SMTP.TLS == "none" && !isLoopback(cfg.SMTP.Host) && cfg.SMTP.Username != "" {
		ob.log.Warn("SMTP without TLS to a non-loopback host: the password travels in clear", "host", cfg.SMTP.Host)
	}
	return ob, nil
}

func (ob *Outbox) path(elem ...string) string {
	return filepath.Join(append([]string{ob.cfg.Dir}, elem...)...)
}

// Enqueue renders o and queues it for sending. It returns once the message
// is durably stored. An ID already queued, sent or failed is left alone and
// Enqueue returns nil: a handler that runs twice for the same incoming mail
// sends its reply once. Enqueue fills o.From, o.Date and o.Domain when they
// are empty. Several may run at once: only one id's are serialised.
func (ob *Outbox) Enqueue(o *Outgoing) error {
	done, err := ob.reserve(o.ID)
	if err != nil || done == nil {
		return err
	}
	defer func() {
		ob.mu.Lock()
		delete(ob.enqueuing, o.ID)
		ob.mu.Unlock()
		close(done)
	}()
	if o.From == "" {
		o.From = ob.cfg.SMTP.From
	}
	if o.Domain == "" {
		o.Domain = ob.cfg.Domain
	}
	if o.Date.IsZero() {
		o.Date = time.Now().Truncate(time.Second)
	}
	raw, err := o.Bytes()
	if err != nil {
		return err
	}
	q := &queued{ID: o.ID, MessageID: o.MessageID(), Enqueued: time.Now()}
	if q.From, err = bareAddress(ob.cfg.SMTP.From); err != nil || q.From == "" {
		if q.From, err = bareAddress(o.From); err != nil {
			return fmt.Errorf("mailer: outgoing %s: From: %w", o.ID, err)
		}
	}
	for _, to := range o.To {
		a, err := bareAddress(to)
		if err != nil {
			return fmt.Errorf("mailer: outgoing %s: To %q: %w", o.ID, to, err)
		}
		q.To = append(q.To, a)
	}
	// The .eml first: a .json is the sign of a complete queue entry. Both
	// are on disk before either is renamed into place, and one fsync of
	// the directory after both makes both names durable.
	meta, err := json.MarshalIndent(q, "", "  ")
	if err != nil {
		return err
	}
	if err := writeFiles(ob.path("queue"), []named{{o.ID + ".eml", raw}, {o.ID + ".json", append(meta, '\n')}}, false); err != nil {
		return fmt.Errorf("mailer: outbox: %w", err)
	}
	ob.log.Info("enqueued", "id", o.ID, "to", q.To, "bytes", len(raw))
	select {
	case ob.wake <- struct{}{}:
	default:
	}
	return nil
}

// reserve makes id the caller's to enqueue: done is closed when it is
// written. A nil done means there is nothing to write: the id is queued,
// sent or failed already (after waiting for another Enqueue of it).
func (ob *Outbox) reserve(id string) (done chan struct{}, err error) {
	for {
		ob.mu.Lock()
		if wait, ok := ob.enqueuing[id]; ok {
			ob.mu.Unlock()
			<-wait
			continue
		}
		st, err := ob.state(id)
		if err != nil || st != StateUnknown {
			ob.mu.Unlock()
			if err == nil {
				ob.log.Info("already enqueued", "id", id, "state", st)
			}
			return nil, err
		}
		done = make(chan struct{})
		ob.enqueuing[id] = done
		ob.mu.Unlock()
		return done, nil
	}
}

// State reports where the message with this ID is.
func (ob *Outbox) State(id string) (State, error) {
	ob.mu.Lock()
	defer ob.mu.Unlock()
	return ob.state(id)
}

func (ob *Outbox) state(id string) (State, error) {
	if !idPattern.MatchString(id) {
		return StateUnknown, fmt.Errorf("mailer: outgoing id %q: want letters, digits and . _ + = -", id)
	}
	for _, s := range []struct {
		dir string
		st  State
	}{{"sent", StateSent}, {"failed", StateFailed}, {"queue", StateQueued}} {
		ok, err := exists(ob.path(s.dir, id+".json"))
		if err != nil {
			return StateUnknown, err
		}
		if ok {
			return s.st, nil
		}
	}
	return StateUnknown, nil
}

// Run sends queued messages until ctx is cancelled, then returns ctx.Err().
// Messages enqueued while it runs are sent at once.
func (ob *Outbox) Run(ctx context.Context) error {
	for {
		next, err := ob.Flush(ctx)
		if err != nil && ctx.Err() == nil {
			ob.log.Error("outbox", "err", err)
			next = time.Now().Add(ob.cfg.Backoff)
		}
		wait := time.Hour
		if !next.IsZero() {
			wait = max(time.Until(next), 0)
		}
		t := time.NewTimer(wait)
		select {
		case <-ctx.Done():
			t.Stop()
			return ctx.Err()
		case <-ob.wake:
		case <-t.C:
		}
		t.Stop()
	}
}

// Flush makes one sending attempt for every message that is due, over one
// SMTP connection, and returns when the earliest remaining message is due
// (zero if the queue is empty). An error means the queue could not be read.
func (ob *Outbox) Flush(ctx context.Context) (next time.Time, err error) {
	ob.flushMu.Lock()
	defer ob.flushMu.Unlock()
	items, err := ob.load()
	if err != nil {
		return time.Time{}, err
	}
	now := time.Now()
	var due []*queued
	for _, q := range items {
		if q.Next.After(now) {
			if next.IsZero() || q.Next.Before(next) {
				next = q.Next
			}
			continue
		}
		due = append(due, q)
	}
	if len(due) == 0 {
		return next, nil
	}
	ob.sendAll(ctx, due)
	// Whatever failed has a new due time; read it back.
	items, err = ob.load()
	if err != nil {
		return time.Time{}, err
	}
	next = time.Time{}
	for _, q := range items {
		if next.IsZero() || q.Next.Before(next) {
			next = q.Next
		}
	}
	return next, nil
}

// load reads the queue entries, oldest first.
func (ob *Outbox) load() ([]*queued, error) {
	names, err := filepath.Glob(ob.path("queue", "*.json"))
	if err != nil {
		return nil, err
	}
	var items []*queued
	for _, name := range names {
		b, err := os.ReadFile(name)
		if errors.Is(err, fs.ErrNotExist) {
			continue // sent and removed since the glob
		}
		if err != nil {
			return nil, err
		}
		q := &queued{}
		if err := json.Unmarshal(b, q); err != nil {
			return nil, fmt.Errorf("mailer: outbox: %s: %w", name, err)
		}
		items = append(items, q)
	}
	sort.Slice(items, func(i, j int) bool { return items[i].Enqueued.Before(items[j].Enqueued) })
	return items, nil
}

// sendAll sends the due messages over cfg.Senders connections at once,
// each taking the next message due in turn.
func (ob *Outbox) sendAll(ctx context.Context, due []*queued) {
	if ob.cfg.Senders <= 1 || len(due) == 1 {
		ob.sendOn(ctx, due)
		return
	}
	next := make(chan *queued)
	var wg sync.WaitGroup
	for range min(ob.cfg.Senders, len(due)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var mine []*queued
			for q := range next {
				mine = append(mine, q)
			}
			ob.sendOn(ctx, mine)
		}()
	}
	// Round robin: each connection gets every Senders-th message, oldest
	// first, so that the oldest go out first on every connection.
	for _, q := range due {
		next <- q
	}
	close(next)
	wg.Wait()
}

// sendOn sends messages over one connection. A connection-level failure
// counts as a temporary failure of every message not yet tried.
func (ob *Outbox) sendOn(ctx context.Context, due []*queued) {
	cl, err := ob.client()
	if err != nil {
		ob.tempFail(due, err)
		return
	}
	sc, err := cl.DialToSMTPClientWithContext(ctx)
	if err != nil {
		ob.tempFail(due, fmt.Errorf("connect to %s: %w", cl.ServerAddr(), err))
		return
	}
	defer cl.CloseWithSMTPClient(sc)
	for i, q := range due {
		if ctx.Err() != nil {
			return
		}
		if done, err := exists(ob.path("sent", q.ID+".json")); err == nil && done {
			// Sent before a crash cut the clean-up short.
			ob.removeQueued(q.ID)
			continue
		}
		err := ob.send(sc, q)
		if err == nil {
			continue
		}
		if code := smtpCode(err); code >= 500 && code < 600 {
			ob.fail(q, q.To, err)
			sc.Reset()
			continue
		}
		ob.tempFail([]*queued{q}, err)
		if smtpCode(err) == 0 {
			// A network error: the connection is unusable, so the rest
			// wait for the next attempt.
			ob.tempFail(due[i+1:], fmt.Errorf("connection lost: %w", err))
			return
		}
		sc.Reset()
	}
}

// client builds the go-mail client for the configured server.
func (ob *Outbox) client() (*gomail.Client, error) {
	c := ob.cfg.SMTP
	opts := []gomail.Option{gomail.WithPort(c.Port), gomail.WithTimeout(c.Timeout)}
	switch c.TLS {
	case "tls":
		opts = append(opts, gomail.WithSSL())
	case "starttls":
		opts = append(opts, gomail.WithTLSPolicy(gomail.TLSMandatory))
	default:
		opts = append(opts, gomail.WithTLSPolicy(gomail.NoTLS))
	}
	if c.TLSConfig != nil {
		opts = append(opts, gomail.WithTLSConfig(c.TLSConfig))
	}
	if c.Username != "" {
		opts = append(opts, gomail.WithSMTPAuth(gomail.SMTPAuthPlain),
			gomail.WithUsername(c.Username), gomail.WithPassword(c.Password))
	}
	return gomail.NewClient(c.Host, opts...)
}

// send runs one SMTP transaction for q. Recipients refused with 5xx are
// dropped and reported; the message goes to the others.
func (ob *Outbox) send(sc *smtp.Client, q *queued) error {
	raw, err := os.ReadFile(ob.path("queue", q.ID+".eml"))
	if err != nil {
		return err
	}
	// go-mail's smtp client sends the path as given; RFC 5321 §4.1.2 wants
	// it in angle brackets, and strict servers insist.
	if err := sc.Mail("<" + q.From + ">"); err != nil {
		return err
	}
	var accepted, refused []string
	var refusedErr error
	for _, to := range q.To {
		if err := sc.Rcpt("<" + to + ">"); err != nil {
			if code := smtpCode(err); code >= 500 && code < 600 {
				refused = append(refused, to)
				refusedErr = errors.Join(refusedErr, fmt.Errorf("%s: %w", to, err))
				continue
			}
			return err
		}
		accepted = append(accepted, to)
	}
	if len(refused) > 0 {
		ob.refuse(q, refused, refusedErr)
	}
	if len(accepted) == 0 {
		sc.Reset()
		return nil // every recipient refused: already set aside
	}
	ob.log.Debug("sending", "id", q.ID) // the message in flight if the process dies before "sent"
	w, err := sc.Data()
	if err != nil {
		return err
	}
	if _, err := w.Write(raw); err != nil {
		w.Close()
		return err
	}
	if err := w.Close(); err != nil {
		return err
	}
	// Below every log level: no handler writes it, so it costs the window
	// nothing; the crash tests' hook sees it (PBEM_CRASH_AT=after-accepted).
	ob.log.Log(context.Background(), levelTrace, "accepted by the server", "id", q.ID)
	linked := ob.markSent(q.ID)
	q.Sent = time.Now()
	if dc, ok := w.(*smtp.DataCloser); ok {
		q.Reply = dc.ServerResponse()
	}
	q.To = accepted
	ob.finish(q, linked)
	return nil
}

// levelTrace is below slog.LevelDebug: records no configured handler
// writes.
const levelTrace = slog.LevelDebug - 4

// markSent makes the sent marker exist as soon as the server has answered
// 250 to the message: a hard link to its queue entry, one system call that
// writes no data and waits for no lock or fsync. A crash before it is the
// one window in which a message is sent twice: the server has it, and the
// marker is not there to say so. finish then writes the full record over
// the link. It reports whether the link was made; where the file system
// has no hard links, finish's write is the marker, as before.
func (ob *Outbox) markSent(id string) bool {
	err := os.Link(ob.path("queue", id+".json"), ob.path("sent", id+".json"))
	return err == nil || errors.Is(err, fs.ErrExist)
}

// refuse drops recipients the server refused for good from q and reports
// them; if none is left, q is moved to failed/.
func (ob *Outbox) refuse(q *queued, rcpts []string, err error) {
	var left []string
	for _, to := range q.To {
		if !slices.Contains(rcpts, to) {
			left = append(left, to)
		}
	}
	if len(left) == 0 {
		ob.fail(q, rcpts, err)
		return
	}
	q.To = left
	q.Refused = append(q.Refused, rcpts...)
	ob.mu.Lock()
	if werr := ob.writeMeta("queue", q); werr != nil {
		ob.log.Error("cannot update queue entry", "id", q.ID, "err", werr)
	}
	ob.mu.Unlock()
	ob.report(q.ID, rcpts, err)
}

// finish writes the sent record (over the marker markSent linked, if
// linked) and removes the queue entry.
//
// With the link made, the marker is the only name left once the queue
// entry is removed, and the record (the queue entry with the time and the
// server's reply) is written into it in place, without fsync: a crash
// while it is written leaves a marker cut short, and a marker is read only
// for being there. The queue entry goes first, without a directory fsync,
// since a queue entry that comes back after a power cut is cleaned up, not
// sent, while its sent marker is there (sendOn). Only the id's own files
// are touched, so several senders finish at once.
func (ob *Outbox) finish(q *queued, linked bool) {
	if !linked {
		if err := ob.writeMeta("sent", q); err != nil {
			ob.log.Error("sent, but cannot write the sent marker: it may be sent again after a restart",
				"id", q.ID, "err", err)
			return
		}
		ob.removeFiles(q.ID)
	} else {
		ob.removeFiles(q.ID)
		if err := ob.writeRecord(q); err != nil {
			ob.log.Error("sent and marked, but cannot write the time and reply into the marker", "id", q.ID, "err", err)
		}
	}
	ob.log.Info("sent", "id", q.ID, "to", q.To, "reply", q.Reply)
}

// tempFail schedules the next attempt for each message, or gives up once
// GiveUpAfter has passed since it was enqueued.
func (ob *Outbox) tempFail(qs []*queued, err error) {
	for _, q := range qs {
		q.Attempts++
		q.LastError = err.Error()
		if time.Since(q.Enqueued) > ob.cfg.GiveUpAfter {
			ob.fail(q, q.To, fmt.Errorf("mailer: still failing after %v: %w", ob.cfg.GiveUpAfter, err))
			continue
		}
		wait := backoff(ob.cfg.Backoff, ob.cfg.MaxBackoff, q.Attempts)
		q.Next = time.Now().Add(wait)
		ob.mu.Lock()
		if werr := ob.writeMeta("queue", q); werr != nil {
			ob.log.Error("cannot update queue entry", "id", q.ID, "err", werr)
		}
		ob.mu.Unlock()
		ob.log.Warn("send failed; will retry", "id", q.ID, "attempt", q.Attempts, "in", wait, "err", err)
	}
}

// fail reports rcpts, then moves q to failed/. Reporting first means a
// crash in between reports twice rather than never.
func (ob *Outbox) fail(q *queued, rcpts []string, err error) {
	q.LastError = err.Error()
	ob.report(q.ID, rcpts, err)
	ob.mu.Lock()
	werr := os.Rename(ob.path("queue", q.ID+".eml"), ob.path("failed", q.ID+".eml"))
	if werr == nil || errors.Is(werr, fs.ErrNotExist) {
		werr = ob.writeMeta("failed", q)
	}
	if werr == nil {
		ob.removeQueued(q.ID)
	}
	ob.mu.Unlock()
	if werr != nil {
		ob.log.Error("cannot move to failed/", "id", q.ID, "err", werr)
	}
}

func (ob *Outbox) report(id string, rcpts []string, err error) {
	ob.log.Error("gave up on recipients", "id", id, "to", rcpts, "err", err)
	if ob.cfg.OnFailed != nil {
		ob.cfg.OnFailed(id, rcpts, err)
	}
}

// removeQueued deletes the queue entry of id, durably.
func (ob *Outbox) removeQueued(id string) {
	ob.removeFiles(id)
	if err := syncDir(ob.path("queue")); err != nil {
		ob.log.Error("cannot sync queue directory", "err", err)
	}
}

// removeFiles deletes the queue entry of id, the .json (the sign of an
// entry) first.
func (ob *Outbox) removeFiles(id string) {
	for _, ext := range []string{".json", ".eml"} {
		if err := os.Remove(ob.path("queue", id+ext)); err != nil && !errors.Is(err, fs.ErrNotExist) {
			ob.log.Error("cannot remove queue file", "id", id, "err", err)
		}
	}
}

// writeMeta writes q as dir/ID.json, durably. Only the writer of an id's
// entry (its Enqueue, then its one sender) writes it.
func (ob *Outbox) writeMeta(dir string, q *queued) error {
	b, err := json.MarshalIndent(q, "", "  ")
	if err != nil {
		return err
	}
	if err := writeFileAtomic(ob.path(dir), q.ID+".json", append(b, '\n')); err != nil {
		return fmt.Errorf("mailer: outbox: %w", err)
	}
	return nil
}

// writeRecord writes q into its sent marker in place, without fsync: the
// marker is the only name of its file once the queue entry is removed
// (finish).
func (ob *Outbox) writeRecord(q *queued) error {
	b, err := json.MarshalIndent(q, "", "  ")
	if err != nil {
		return err
	}
	f, err := os.OpenFile(ob.path("sent", q.ID+".json"), os.O_WRONLY|os.O_TRUNC, 0)
	if err != nil {
		return fmt.Errorf("mailer: outbox: %w", err)
	}
	_, werr := f.Write(append(b, '\n'))
	if err := errors.Join(werr, f.Close()); err != nil {
		return fmt.Errorf("mailer: outbox: %w", err)
	}
	return nil
}

// smtpCode returns the SMTP reply code carried by err, or 0 for errors that
// are not SMTP replies (network errors, timeouts).
func smtpCode(err error) int {
	var te *textproto.Error
	if errors.As(err, &te) {
		return te.Code
	}
	return 0
}

func bareAddress(s string) (string, error) {
	if s == "" {
		return "", nil
	}
	a, err := mail.ParseAddress(s)
	if err != nil {
		return "", err
	}
	return a.Address, nil
}
