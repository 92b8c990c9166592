package mailer

import (
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"mime"
	"net"
	"runtime/debug"
	"slices"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapclient"
	"github.com/emersion/go-message/charset"
)

// Handler processes one incoming message. Handle is called at most once at a
// time, unless IntakeConfig.Workers allows more and the Handler is a Keyer:
// then messages with different keys may be handled at once, those with one
// key one at a time, in the order they came. Returning nil means the message is safely dealt with (orders stored,
// replies queued): only then is it marked processed. An error leaves it for a
// retry with backoff; an error wrapped by Permanent, or the last allowed
// attempt failing, sets it aside for a human (see IntakeConfig.OnFailed).
// A panic counts as an error.
type Handler interface {
	Handle(ctx context.Context, m *Message) error
}

// Keyer is a Handler that names, for each message, what it touches (a
// game): the Intake handles messages with the same key one at a time, in
// the order they came, and others at once, up to IntakeConfig.Workers.
// Key must be quick and must not fail; "" is a key like any other.
type Keyer interface {
	Key(m *Message) string
}

// HandlerFunc adapts a function to the Handler interface.
type HandlerFunc func(ctx context.Context, m *Message) error

// Handle calls f(ctx, m).
func (f HandlerFunc) Handle(ctx context.Context, m *Message) error { return f(ctx, m) }

// Message is one message taken from the mailbox and already in the journal.
type Message struct {
	// Raw holds the message bytes as stored on the server. For a message
	// over IntakeConfig.MaxBytes, passed only to OnFailed, it holds just the
	// header section, so Parse can still find the sender.
	Raw         []byte
	Size        int64 // size on the server (RFC822.SIZE)
	Mailbox     string
	UIDValidity uint32
	UID         uint32
	JournalID   string // id under which Journal.Store kept Raw; "" if not stored
	MessageID   string // Message-ID without angle brackets, or ""
	Attempt     int    // 1 on the first call for this message
}

// Permanent wraps err so that Intake sets the message aside at once instead
// of retrying it (for example a message that can never be parsed).
func Permanent(err error) error {
	if err == nil {
		return nil
	}
	return &permanentError{err}
}

// IsPermanent reports whether err was wrapped by Permanent.
func IsPermanent(err error) bool {
	var p *permanentError
	return errors.As(err, &p)
}

type permanentError struct{ err error }

func (e *permanentError) Error() string { return e.err.Error() }
func (e *permanentError) Unwrap() error { return e.err }

// IntakeConfig configures an Intake. Zero fields take the defaults named.
type IntakeConfig struct {
	// Addr is the IMAP server's host:port.
	Addr string `yaml:"addr"`
	// TLS is "tls" (implicit TLS, usually port 993; the default),
	// "starttls" (usually port 143) or "none" (plain text: loopback and
	// tests only).
	TLS string `yaml:"tls"`
	// TLSConfig, if set, replaces the default TLS settings (for a private
	// CA, say).
	TLSConfig *tls.Config `yaml:"-"`
	Username  string      `yaml:"username"`
	Password  string      `yaml:"password"`
	// Mailbox is read for new mail; default "INBOX". It should belong to the
	// daemon alone: a person reading it in a mail client marks messages
	// \Seen, and the intake only looks at unseen ones.
	Mailbox string `yaml:"mailbox"`
	// ProcessedMailbox, if set, receives processed messages (MOVE, or COPY
	// and EXPUNGE on servers without MOVE); it is created if missing.
	ProcessedMailbox string `yaml:"processed_mailbox"`
	// ProcessedFlag marks processed messages when ProcessedMailbox is empty;
	// default \Seen. \Seen is always set as well.
	ProcessedFlag string `yaml:"processed_flag"`
	// FailedMailbox, if set, receives messages the intake gave up on; it is
	// created if missing. Otherwise they stay, flagged with FailedFlag.
	FailedMailbox string `yaml:"failed_mailbox"`
	// FailedFlag marks given-up messages when FailedMailbox is empty;
	// default "$PbemFailed". They stay unseen so a person notices them.
	FailedFlag string `yaml:"failed_flag"`
	// PollInterval is the time between searches; default 1m. With IDLE new
	// mail is seen at once, and the search at this interval is the safety
	// net for a lost notification.
	PollInterval time.Duration `yaml:"poll_interval"`
	// IdleRefresh is the longest one IDLE command runs before the intake
	// ends it and searches again; default 20m, at most 29m (RFC 2177 §3).
	// It matters when PollInterval is longer.
	IdleRefresh time.Duration `yaml:"idle_refresh"`
	// NoIdle forces polling even when the server offers IDLE.
	NoIdle bool `yaml:"no_idle"`
	// MaxBytes is the largest message fetched; larger ones are set aside
	// with a *LimitError without being downloaded. Default
	// DefaultLimits().MaxBytes.
	MaxBytes int64 `yaml:"max_bytes"`
	// MaxAttempts is how many times the handler may fail (or crash the
	// process) on one message before it is set aside; default 5.
	MaxAttempts int `yaml:"max_attempts"`
	// Backoff is the first wait after a failure; it doubles on each further
	// failure up to MaxBackoff. Defaults 1s and 5m. Used both for
	// reconnecting and for retrying a message.
	Backoff    time.Duration `yaml:"backoff"`
	MaxBackoff time.Duration `yaml:"max_backoff"`
	// OnFailed, if set, is called after a message has been set aside: its
	// handler failed MaxAttempts times or permanently, or it is over
	// MaxBytes (err is then a *LimitError). It runs on the intake's
	// goroutine.
	OnFailed func(m *Message, err error) `yaml:"-"`
	// Workers is how many messages a Handler that is a Keyer may handle at
	// once; default 1, one at a time. With more, the unseen messages are
	// fetched in batches of Batch with one FETCH, journaled and handled
	// at once by key, and marked processed with one STORE and one MOVE a
	// batch: the intake then waits on many fsyncs and round trips at once
	// instead of one after another (issue 23).
	Workers int `yaml:"workers"`
	// Batch is how many messages a batch holds with Workers above 1;
	// default 64.
	Batch int `yaml:"batch"`
}

// MaxIdleRefresh is the longest IdleRefresh accepted: RFC 2177 §3 has
// clients re-issue IDLE at least every 29 minutes.
const MaxIdleRefresh = 29 * time.Minute

func (c IntakeConfig) withDefaults() (IntakeConfig, error) {
	if c.Addr == "" {
		return c, errors.New("mailer: intake: no Addr")
	}
	if c.TLS == "" {
		c.TLS = "tls"
	}
	switch c.TLS {
	case "tls", "starttls", "none":
	default:
		return c, fmt.Errorf("mailer: intake: TLS is %q, want tls, starttls or none", c.TLS)
	}
	if c.Mailbox == "" {
		c.Mailbox = "INBOX"
	}
	if c.ProcessedFlag == "" {
		c.ProcessedFlag = string(imap.FlagSeen)
	}
	if c.FailedFlag == "" {
		c.FailedFlag = "$PbemFailed"
	}
	if c.PollInterval <= 0 {
		c.PollInterval = time.Minute
	}
	if c.IdleRefresh <= 0 {
		c.IdleRefresh = 20 * time.Minute
	}
	if c.IdleRefresh > MaxIdleRefresh {
		return c, fmt.Errorf("mailer: intake: IdleRefresh %v is over %v (RFC 2177)", c.IdleRefresh, MaxIdleRefresh)
	}
	if c.MaxBytes <= 0 {
		c.MaxBytes = DefaultLimits().MaxBytes
	}
	if c.MaxAttempts <= 0 {
		c.MaxAttempts = 5
	}
	if c.Backoff <= 0 {
		c.Backoff = time.Second
	}
	if c.MaxBackoff <= 0 {
		c.MaxBackoff = 5 * time.Minute
	}
	if c.Workers <= 0 {
		c.Workers = 1
	}
	if c.Batch <= 0 {
		c.Batch = 64
	}
	return c, nil
}

// Intake takes mail from an IMAP mailbox and hands it to a Handler, once per
// Message-ID and once per (UIDVALIDITY, UID), whatever crashes in between
// (docs/design.md §5). For each unseen message it fetches the bytes without
// setting \Seen (BODY.PEEK[]), stores them in the Journal, calls the handler,
// and only after the handler returns nil records the message done in the
// journal and marks it processed on the server (move or flag). A second
// copy of a processed Message-ID (same body, whatever trace headers relays
// added) is marked processed without calling the handler; a different mail
// reusing a Message-ID is set aside for a person. A crash before "done"
// means the message is handled again after restart, so
// handlers must be idempotent up to their own commit point (an Outbox ID
// derived from the message makes replies so).
//
// Journal is the intake's journal.
func (in *Intake) Journal() *Journal { return in.journal }

// Run and RunOnce must not run at the same time, and two processes must not
// read one mailbox with one journal.
type Intake struct {
	cfg     IntakeConfig
	journal *Journal
	log     *slog.Logger
	account string
	wake    chan struct{}
	retryAt map[string]time.Time // UID key → earliest next handler attempt
}

// NewIntake returns an Intake reading the mailbox cfg describes and
// journaling into j. log may be nil.
func NewIntake(cfg IntakeConfig, j *Journal, log *slog.Logger) (*Intake, error) {
	cfg, err := cfg.withDefaults()
	if err != nil {
		return nil, err
	}
	if j == nil {
		return nil, errors.New("mailer: intake: nil journal")
	}
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	if cfg.TLS == "none" && !isLoopback(cfg.Addr) {
		log.Warn("IMAP without TLS to a non-loopback address: the password travels in clear", "addr", cfg.Addr)
	}
	return &Intake{
		cfg:     cfg,
		journal: j,
		log:     log.With("component", "intake", "mailbox", cfg.Mailbox),
		account: cfg.Username + "@" + cfg.Addr,
		wake:    make(chan struct{}, 1),
		retryAt: map[string]time.Time{},
	}, nil
}

// Run processes mail until ctx is cancelled, then returns ctx.Err(). It
// waits with IDLE when the server offers it and polls otherwise; it
// reconnects with capped exponential backoff after any connection or server
// error, and never stops because of one bad message.
func (in *Intake) Run(ctx context.Context, h Handler) error {
	wait := in.cfg.Backoff
	for {
		start := time.Now()
		established, err := in.session(ctx, h, false)
		if ctx.Err() != nil {
			return ctx.Err()
		}
		// A session that worked for a while starts the backoff afresh; one
		// that fails as soon as it starts (a full disk, say) does not.
		if established && time.Since(start) > in.cfg.MaxBackoff {
			wait = in.cfg.Backoff
		}
		in.log.Warn("IMAP session ended; reconnecting", "err", err, "in", wait)
		if err := sleep(ctx, wait); err != nil {
			return err
		}
		wait = min(wait*2, in.cfg.MaxBackoff)
	}
}

// RunOnce connects, processes the mail that is waiting, and returns: for
// a cron job or a "fetch now" command. Messages whose handler fails are left
// for the next run.
func (in *Intake) RunOnce(ctx context.Context, h Handler) error {
	_, err := in.session(ctx, h, true)
	return err
}

// session runs one IMAP connection. established reports whether the
// mailbox was selected.
func (in *Intake) session(ctx context.Context, h Handler, once bool) (established bool, err error) {
	c, err := in.dial()
	if err != nil {
		return false, fmt.Errorf("dial %s: %w", in.cfg.Addr, err)
	}
	defer c.Close()
	stop := context.AfterFunc(ctx, func() { c.Close() })
	defer stop()

	if err := c.Login(in.cfg.Username, in.cfg.Password).Wait(); err != nil {
		return false, fmt.Errorf("login as %s: %w", in.cfg.Username, err)
	}
	for _, mb := range []string{in.cfg.ProcessedMailbox, in.cfg.FailedMailbox} {
		if mb != "" {
			in.ensureMailbox(c, mb)
		}
	}
	sel, err := c.Select(in.cfg.Mailbox, nil).Wait()
	if err != nil {
		return false, fmt.Errorf("select %s: %w", in.cfg.Mailbox, err)
	}
	idle := !in.cfg.NoIdle && c.Caps().Has(imap.CapIdle)
	in.log.Info("IMAP session ready", "addr", in.cfg.Addr, "uidvalidity", sel.UIDValidity,
		"messages", sel.NumMessages, "idle", idle)
	if err := in.moveSeenDone(c, sel.UIDValidity); err != nil {
		return true, err
	}

	for {
		due, err := in.pass(ctx, c, sel.UIDValidity, h)
		if err != nil {
			return true, err
		}
		if once {
			return true, nil
		}
		if err := in.wait(ctx, c, idle, due); err != nil {
			return true, err
		}
	}
}

func (in *Intake) dial() (*imapclient.Client, error) {
	opts := &imapclient.Options{
		TLSConfig:   in.cfg.TLSConfig,
		WordDecoder: &mime.WordDecoder{CharsetReader: charset.Reader},
		Dialer:      &net.Dialer{Timeout: 30 * time.Second, KeepAlive: 30 * time.Second},
		UnilateralDataHandler: &imapclient.UnilateralDataHandler{
			// Runs on the client's reader goroutine: never block it.
			Mailbox: func(d *imapclient.UnilateralDataMailbox) {
				if d.NumMessages != nil {
					select {
					case in.wake <- struct{}{}:
					default:
					}
				}
			},
		},
	}
	var c *imapclient.Client
	var err error
	switch in.cfg.TLS {
	case "tls":
		c, err = imapclient.DialTLS(in.cfg.Addr, opts)
	case "starttls":
		c, err = imapclient.DialStartTLS(in.cfg.Addr, opts)
	default:
		c, err = imapclient.DialInsecure(in.cfg.Addr, opts)
	}
	if err != nil {
		return nil, err
	}
	if err := c.WaitGreeting(); err != nil {
		c.Close()
		return nil, err
	}
	return c, nil
}

// ensureMailbox creates mailbox unless it exists. A real failure shows up
// later, when a message is moved there.
func (in *Intake) ensureMailbox(c *imapclient.Client, mailbox string) {
	if _, err := c.Status(mailbox, &imap.StatusOptions{NumMessages: true}).Wait(); err == nil {
		return
	}
	if err := c.Create(mailbox, nil).Wait(); err != nil {
		in.log.Warn("cannot create mailbox", "name", mailbox, "err", err)
	}
}

// wait blocks until new mail is announced, the next retry is due, the poll
// interval or IDLE refresh passes, or the connection or ctx ends.
func (in *Intake) wait(ctx context.Context, c *imapclient.Client, idle bool, due time.Time) error {
	d := in.cfg.PollInterval
	if idle {
		d = min(d, in.cfg.IdleRefresh)
	}
	if !due.IsZero() {
		d = min(d, max(time.Until(due), 0))
	}
	if d == 0 {
		return nil
	}
	timer := time.NewTimer(d)
	defer timer.Stop()

	var cmd *imapclient.IdleCommand
	if idle {
		var err error
		if cmd, err = c.Idle(); err != nil {
			return fmt.Errorf("idle: %w", err)
		}
	}
	var err error
	select {
	case <-in.wake:
	case <-timer.C:
	case <-ctx.Done():
		err = ctx.Err()
	case <-c.Closed():
		err = errors.New("connection closed")
	}
	if cmd != nil && err == nil {
		if err = cmd.Close(); err == nil {
			err = cmd.Wait()
		}
		if err != nil {
			err = fmt.Errorf("idle: %w", err)
		}
	}
	return err
}

// pass handles every unseen, unprocessed message once. It returns the
// earliest time a message waiting for a retry is due (zero if none), or an
// error that ends the session.
func (in *Intake) pass(ctx context.Context, c *imapclient.Client, validity uint32, h Handler) (time.Time, error) {
	notFlags := []imap.Flag{imap.FlagSeen}
	if in.cfg.ProcessedMailbox == "" && in.cfg.ProcessedFlag != string(imap.FlagSeen) {
		notFlags = append(notFlags, imap.Flag(in.cfg.ProcessedFlag))
	}
	if in.cfg.FailedMailbox == "" {
		notFlags = append(notFlags, imap.Flag(in.cfg.FailedFlag))
	}
	sd, err := c.UIDSearch(&imap.SearchCriteria{NotFlag: notFlags}, nil).Wait()
	if err != nil {
		return time.Time{}, fmt.Errorf("search: %w", err)
	}
	uids := sd.AllUIDs()
	if len(uids) == 0 {
		return time.Time{}, nil
	}
	slices.Sort(uids)
	bufs, err := c.Fetch(imap.UIDSetNum(uids...), &imap.FetchOptions{UID: true, RFC822Size: true}).Collect()
	if err != nil {
		return time.Time{}, fmt.Errorf("fetch sizes: %w", err)
	}
	sizes := make(map[imap.UID]int64, len(bufs))
	for _, b := range bufs {
		sizes[b.UID] = b.RFC822Size
	}

	now := time.Now()
	present := make(map[string]bool, len(uids))
	if _, ok := h.(Keyer); ok && in.cfg.Workers > 1 {
		if err := in.passBatches(ctx, c, validity, h, uids, sizes, present); err != nil {
			return time.Time{}, err
		}
		return in.nextRetry(present), nil
	}
	for _, uid := range uids {
		if err := ctx.Err(); err != nil {
			return time.Time{}, err
		}
		size, ok := sizes[uid]
		if !ok {
			continue // expunged since the search
		}
		key := UIDKey(in.account, in.cfg.Mailbox, validity, uint32(uid))
		present[key] = true
		if at, ok := in.retryAt[key]; ok && at.After(now) {
			continue
		}
		m := &Message{Size: size, Mailbox: in.cfg.Mailbox, UIDValidity: validity, UID: uint32(uid)}
		if err := in.one(ctx, c, key, m, h); err != nil {
			var refused *imap.Error
			if !errors.As(err, &refused) {
				return time.Time{}, err
			}
			// The server said NO to something about this one message (a
			// flag it does not allow, a mailbox it cannot create): skip it
			// for a while rather than block the rest of the mailbox.
			in.retryAt[key] = time.Now().Add(in.cfg.MaxBackoff)
			in.log.Error("server refused an operation on a message; skipping it for now",
				"uid", uid, "err", err, "retry_in", in.cfg.MaxBackoff)
		}
	}
	return in.nextRetry(present), nil
}

// nextRetry is the earliest time a message waiting for a retry is due
// (zero if none); it forgets those no longer in the mailbox (present).
func (in *Intake) nextRetry(present map[string]bool) time.Time {
	var due time.Time
	for key, at := range in.retryAt {
		if !present[key] {
			delete(in.retryAt, key) // gone from the mailbox (moved by hand, say)
			continue
		}
		if due.IsZero() || at.Before(due) {
			due = at
		}
	}
	return due
}

// one takes one message through journal, handler and marking. Errors it
// returns are connection or storage errors that end the session; handler
// failures are dealt with here.
func (in *Intake) one(ctx context.Context, c *imapclient.Client, uidKey string, m *Message, h Handler) error {
	needBody, err := in.pre(c, uidKey, m)
	if err != nil || !needBody {
		return err
	}
	raw, err := in.fetch(c, m.UID, imap.PartSpecifierNone)
	if err != nil {
		return err
	}
	if raw == nil {
		return nil // expunged meanwhile
	}
	m.Raw = raw
	o := in.process(ctx, uidKey, m, h)
	if o.mark {
		if err := in.markProcessed(c, m.UID); err != nil {
			return err
		}
	}
	return in.apply(c, o)
}

// outcome is what processing a message off the connection came to; apply
// does the rest on the connection.
type outcome struct {
	uidKey string
	m      *Message
	mark   bool          // mark it processed (move it to ProcessedMailbox)
	giveUp error         // set it aside with this cause
	retry  time.Duration // the handler failed: try again after this
	err    error         // a storage error: the session ends
}

// pre does what a message needs on the connection before its body is
// fetched: one the journal records as done is marked processed (handled
// before a crash or disconnect cut the marking short), and one over
// MaxBytes is set aside from its header alone. needBody reports that
// neither was the case.
func (in *Intake) pre(c *imapclient.Client, uidKey string, m *Message) (needBody bool, err error) {
	done, err := in.journal.IsDone(uidKey)
	if err != nil {
		return false, err
	}
	if done {
		return false, in.markProcessed(c, m.UID)
	}
	if m.Size > in.cfg.MaxBytes {
		hdr, err := in.fetch(c, m.UID, imap.PartSpecifierHeader)
		if err != nil {
			return false, err
		}
		m.Raw, m.MessageID = hdr, headerMessageID(hdr)
		return false, in.giveUp(c, uidKey, m, &LimitError{Limit: "max_bytes", Max: in.cfg.MaxBytes, Got: m.Size})
	}
	return true, nil
}

// process takes a fetched message (m.Raw) through the journal and the
// handler, without the connection: several may run at once
// (IntakeConfig.Workers).
func (in *Intake) process(ctx context.Context, uidKey string, m *Message, h Handler) outcome {
	o := outcome{uidKey: uidKey, m: m}
	log := in.log.With("uid", m.UID, "uidvalidity", m.UIDValidity)
	id, existed, err := in.journal.store(m.Raw)
	if err != nil {
		o.err = err
		return o
	}
	m.JournalID, m.MessageID = id, headerMessageID(m.Raw)
	msgKey := rawKey(id)
	if m.MessageID != "" {
		msgKey = MessageIDKey(m.MessageID)
	}
	log = log.With("message_id", m.MessageID, "journal", id)
	body := bodyDigest(m.Raw)
	if in.processed(&o, log, msgKey, body) || !in.countAttempt(&o, msgKey, existed) {
		return o
	}
	return in.handle(ctx, h, o, log, msgKey, body)
}

// processed reports whether the message of o (its key msgKey, its body's
// digest body) was processed before, and if so sets o's outcome: marked
// processed for a second copy, set aside for another mail reusing its
// Message-ID.
func (in *Intake) processed(o *outcome, log *slog.Logger, msgKey, body string) bool {
	note, done, err := in.journal.doneNote(msgKey)
	switch {
	case err != nil:
		o.err = err
		return true
	case !done:
		return false
	case note != "" && note != body:
		// Not a second copy but another mail reusing the Message-ID:
		// set it aside for a person rather than drop it silently.
		o.giveUp = fmt.Errorf("mailer: Message-ID <%s> was already processed with a different body; "+
			"the sender's client reuses Message-IDs", o.m.MessageID)
		return true
	}
	log.Info("duplicate of a processed message; marking it processed")
	o.err = in.journal.Done(o.uidKey)
	o.mark = o.err == nil
	return true
}

// countAttempt sets the message's Attempt, the one about to be made, and
// counts it in the journal, and reports whether it may be made; if not, o
// says why (too many attempts: set aside).
func (in *Intake) countAttempt(o *outcome, msgKey string, existed bool) bool {
	m := o.m
	attempts, err := in.journal.attempts(msgKey)
	if err != nil {
		o.err = err
		return false
	}
	if attempts == 0 && existed {
		attempts = 1 // a first attempt cut short: its raw mail is kept, its count is not written
	}
	if attempts >= in.cfg.MaxAttempts {
		m.Attempt = attempts
		o.giveUp = fmt.Errorf("mailer: handler did not succeed in %d attempts (it may have crashed the process)", attempts)
		return false
	}
	// Counted before the call, so a handler that kills the process is
	// eventually set aside rather than crashing the daemon for ever: the
	// raw mail kept counts the first attempt, a record the later ones.
	m.Attempt = attempts + 1
	if m.Attempt > 1 {
		if err := in.journal.setAttempts(msgKey, m.Attempt); err != nil {
			o.err = err
			return false
		}
	}
	return true
}

// handle calls the handler on o's message and returns the outcome:
// processed, set aside (a permanent failure, or the last attempt), or
// retried after a backoff.
func (in *Intake) handle(ctx context.Context, h Handler, o outcome, log *slog.Logger, msgKey, body string) outcome {
	m := o.m
	herr := in.call(ctx, h, m)
	if herr == nil {
		if err := in.journal.doneBoth(msgKey, body, o.uidKey); err != nil {
			o.err = err
			return o
		}
		if m.Attempt > 1 {
			if err := in.journal.setAttempts(msgKey, 0); err != nil {
				log.Warn("cannot clear attempt count", "err", err)
			}
		}
		log.Info("message processed", "attempt", m.Attempt)
		o.mark = true
		return o
	}
	if ctx.Err() != nil {
		o.err = ctx.Err()
		return o
	}
	if IsPermanent(herr) || m.Attempt >= in.cfg.MaxAttempts {
		o.giveUp = herr
		return o
	}
	if m.Attempt == 1 { // the next try counts this one
		if err := in.journal.setAttempts(msgKey, 1); err != nil {
			o.err = err
			return o
		}
	}
	o.retry = backoff(in.cfg.Backoff, in.cfg.MaxBackoff, m.Attempt)
	log.Warn("handler failed; will retry", "err", herr, "attempt", m.Attempt, "in", o.retry)
	return o
}

// apply does on the connection what a processed message's outcome calls
// for, but its marking (the caller marks processed messages, one by one
// or a batch at once): set it aside, or note when to retry it.
func (in *Intake) apply(c *imapclient.Client, o outcome) error {
	switch {
	case o.err != nil:
		return o.err
	case o.giveUp != nil:
		return in.giveUp(c, o.uidKey, o.m, o.giveUp)
	case o.retry > 0:
		in.retryAt[o.uidKey] = time.Now().Add(o.retry)
	default:
		delete(in.retryAt, o.uidKey)
	}
	return nil
}

// call runs the handler, turning a panic into an error.
func (in *Intake) call(ctx context.Context, h Handler, m *Message) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("mailer: handler panicked: %v\n%s", r, debug.Stack())
		}
	}()
	return h.Handle(ctx, m)
}

// fetch returns the message's bytes (or its header section), without
// setting \Seen; nil if the message no longer exists.
func (in *Intake) fetch(c *imapclient.Client, uid uint32, spec imap.PartSpecifier) ([]byte, error) {
	out, err := fetchUIDs(c, []imap.UID{imap.UID(uid)}, spec)
	if err != nil {
		return nil, fmt.Errorf("fetch uid %d: %w", uid, err)
	}
	return out[imap.UID(uid)], nil
}

// fetchUIDs fetches the messages' bytes (or a part: spec) with one UID
// FETCH, without setting \Seen; a message expunged meanwhile is missing
// from the result.
//
// It reads each literal itself rather than with Collect: when the
// connection drops mid-literal, the literal ends early without an error,
// and go-imap v2.0.0-beta.8 would then re-read it to discard the rest while
// its reader goroutine also reads the connection (a data race). On a short
// or failed read the client is closed and the command abandoned.
func fetchUIDs(c *imapclient.Client, uids []imap.UID, spec imap.PartSpecifier) (map[imap.UID][]byte, error) {
	sec := &imap.FetchItemBodySection{Specifier: spec, Peek: true}
	cmd := c.Fetch(imap.UIDSetNum(uids...), &imap.FetchOptions{UID: true, BodySection: []*imap.FetchItemBodySection{sec}})
	out := map[imap.UID][]byte{}
	for msg := cmd.Next(); msg != nil; msg = cmd.Next() {
		var uid imap.UID
		var body []byte
		for it := msg.Next(); it != nil; it = msg.Next() {
			switch it := it.(type) {
			case imapclient.FetchItemDataUID:
				uid = it.UID
			case imapclient.FetchItemDataBodySection:
				b, err := readLiteral(it)
				if err != nil {
					c.Close()
					return nil, err
				}
				body = b
			}
		}
		if uid != 0 && body != nil {
			out[uid] = body
		}
	}
	if err := cmd.Close(); err != nil {
		return nil, err
	}
	return out, nil
}

// readLiteral reads a fetched body section whole: empty (not nil) when the
// server sent none, an error when the literal ends short.
func readLiteral(it imapclient.FetchItemDataBodySection) ([]byte, error) {
	if it.Literal == nil {
		return []byte{}, nil
	}
	b, err := io.ReadAll(it.Literal)
	if err == nil && int64(len(b)) != it.Literal.Size() {
		err = fmt.Errorf("literal cut short at %d of %d bytes", len(b), it.Literal.Size())
	}
	return b, err
}

// moveSeenDone finishes the moves a crash cut short: markProcessed sets
// \Seen, then moves the message, so a kill in between leaves a processed
// message seen in the mailbox, where pass, which searches for unseen mail,
// never finds it. Those the journal records as done are moved now; other
// seen messages (read by a person) are left alone, as pass leaves them.
func (in *Intake) moveSeenDone(c *imapclient.Client, validity uint32) error {
	if in.cfg.ProcessedMailbox == "" {
		return nil // flag mode: one STORE sets \Seen and the processed flag together
	}
	sd, err := c.UIDSearch(&imap.SearchCriteria{Flag: []imap.Flag{imap.FlagSeen}}, nil).Wait()
	if err != nil {
		return fmt.Errorf("search seen: %w", err)
	}
	for _, uid := range sd.AllUIDs() {
		done, err := in.journal.IsDone(UIDKey(in.account, in.cfg.Mailbox, validity, uint32(uid)))
		if err != nil {
			return err
		}
		if done {
			in.log.Warn("moving a message processed before a crash", "uid", uid)
			if err := in.markProcessed(c, uint32(uid)); err != nil {
				return err
			}
		}
	}
	return nil
}

// markProcessed flags the messages \Seen (and ProcessedFlag) and moves
// them to ProcessedMailbox if one is set, so they arrive there read: one
// STORE and one MOVE for them all.
func (in *Intake) markProcessed(c *imapclient.Client, uids ...uint32) error {
	var us []imap.UID
	for _, u := range uids {
		us = append(us, imap.UID(u))
	}
	set := imap.UIDSetNum(us...)
	flags := []imap.Flag{imap.FlagSeen}
	if in.cfg.ProcessedMailbox == "" && in.cfg.ProcessedFlag != string(imap.FlagSeen) {
		flags = append(flags, imap.Flag(in.cfg.ProcessedFlag))
	}
	if err := c.Store(set, &imap.StoreFlags{Op: imap.StoreFlagsAdd, Silent: true, Flags: flags}, nil).Close(); err != nil {
		return fmt.Errorf("flag uid %v processed: %w", uids, err)
	}
	if in.cfg.ProcessedMailbox != "" {
		if _, err := c.Move(set, in.cfg.ProcessedMailbox).Wait(); err != nil {
			// Unseen again, so the next search finds them and the move is
			// retried (the journal already says they are done).
			unseen := &imap.StoreFlags{Op: imap.StoreFlagsDel, Silent: true, Flags: []imap.Flag{imap.FlagSeen}}
			if uerr := c.Store(set, unseen, nil).Close(); uerr != nil {
				in.log.Warn("cannot clear \\Seen after a failed move", "uid", uids, "err", uerr)
			}
			return fmt.Errorf("move uid %v to %s: %w", uids, in.cfg.ProcessedMailbox, err)
		}
	}
	return nil
}

// giveUp sets the message aside (FailedMailbox or FailedFlag) and reports
// it through OnFailed.
func (in *Intake) giveUp(c *imapclient.Client, uidKey string, m *Message, cause error) error {
	set := imap.UIDSetNum(imap.UID(m.UID))
	if in.cfg.FailedMailbox != "" {
		if _, err := c.Move(set, in.cfg.FailedMailbox).Wait(); err != nil {
			return fmt.Errorf("move uid %d to %s: %w", m.UID, in.cfg.FailedMailbox, err)
		}
	} else {
		flags := []imap.Flag{imap.Flag(in.cfg.FailedFlag)}
		if err := c.Store(set, &imap.StoreFlags{Op: imap.StoreFlagsAdd, Silent: true, Flags: flags}, nil).Close(); err != nil {
			return fmt.Errorf("flag uid %d failed: %w", m.UID, err)
		}
	}
	delete(in.retryAt, uidKey)
	in.log.Error("message set aside", "uid", m.UID, "message_id", m.MessageID, "journal", m.JournalID,
		"size", m.Size, "attempts", m.Attempt, "err", cause)
	if in.cfg.OnFailed != nil {
		in.cfg.OnFailed(m, cause)
	}
	return nil
}

// backoff returns base·2^(n-1), capped at most.
func backoff(base, most time.Duration, n int) time.Duration {
	d := base
	for i := 1; i < n && d < most; i++ {
		d *= 2
	}
	return min(d, most)
}

// sleep waits for d or until ctx ends.
func sleep(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// isLoopback reports whether host:port names the local machine.
func isLoopback(addr string) bool {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		host = addr
	}
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}
