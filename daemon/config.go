// Package daemon is pbem's mail clerk (docs/design.md §5): it routes each accepted
// mail to its game, authenticates the sender, answers at once, runs a turn
// when it is ready or its deadline passes, and queues every report in the
// persistent outbox. Transport (IMAP, SMTP, MIME) lives in package mailer.
package daemon

import (
	"bytes"
	"errors"
	"fmt"
	"net/mail"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/pbem-org/pbem/archive"
	"github.com/pbem-org/pbem/mailer"
	"github.com/pbem-org/pbem/templates"
	"gopkg.in/yaml.v3"
)

// Config is the daemon's configuration file. config.example.yaml documents
// every field in this order.
type Config struct {
	// Data is the directory that holds the games, the mail journal and the
	// outbox.
	Data string `yaml:"data"`
	// KeepMail is how long the journal keeps a player's mail once it is
	// handled, and the outbox the record of a mail sent (0: for ever).
	// The games' archives keep what was played for ever.
	KeepMail time.Duration `yaml:"keep_mail"`
	// GM is the game master's address: told of missed deadlines, bounces
	// and failed logins.
	GM string `yaml:"gm"`
	// GMTokenFile holds the GM's secret token, which GM commands and orders
	// entered for a player need beside the GM's address, as a player's
	// orders need theirs. Empty means DATA/gm.token. A missing file is
	// created (0600) with a new token at start, and the token is mailed to
	// the GM once; a file others can read is refused.
	GMTokenFile string `yaml:"gm_token_file"`
	// From is the address pbem sends from; players reply to it.
	From string `yaml:"from"`
	// Domain is used in Message-IDs.
	Domain string `yaml:"domain"`
	// IMAP is where orders arrive.
	IMAP IMAPConfig `yaml:"imap"`
	// SMTP is how replies and reports leave.
	SMTP SMTPConfig `yaml:"smtp"`
	// Pace is the pace of every game that sets none of its own (a game's
	// own pace, pbem new and pbem pace, is over it field by field).
	Pace Pace `yaml:"pace"`
	// Limits protect the daemon from hostile or broken mail.
	Limits Limits `yaml:"limits"`
	// Log sets the structured log.
	Log LogConfig `yaml:"log"`
	// Links are the addresses players' mail links to: the rules summary,
	// the order syntax and the dice check. Where one is empty the mail
	// carries the text instead (the welcome attaches the order syntax and
	// the dice check, "help" the order syntax), never a path in pbem's
	// source, which a player by mail does not have.
	Links Links `yaml:"links"`
}

// Links are the addresses of the documents players read (Config.Links).
type Links struct {
	// Rules is the rules summary of a game's ruleset; "{ruleset}" in it
	// becomes the ruleset's name, as pbem rulesets lists it.
	Rules string `yaml:"rules"`
	// Orders is the order syntax: docs/orders.md where it is published.
	Orders string `yaml:"orders"`
	// Dice is the dice check: docs/dice.md where it is published.
	Dice string `yaml:"dice"`
}

// links are the game's Links as the templates take them: the rules
// summary of its ruleset.
func (l Links) of(ruleset string) templates.Links {
	return templates.Links{Rules: strings.ReplaceAll(l.Rules, "{ruleset}", ruleset), Orders: l.Orders, Dice: l.Dice}
}

// IMAPConfig is the mailbox pbem polls.
type IMAPConfig struct {
	Addr             string `yaml:"addr"`
	TLS              string `yaml:"tls"`
	Username         string `yaml:"username"`
	Password         string `yaml:"password"`
	PasswordFile     string `yaml:"password_file"`
	Mailbox          string `yaml:"mailbox"`
	ProcessedMailbox string `yaml:"processed_mailbox"`
	// FailedMailbox, if set, receives the mail pbem set aside without
	// processing it; otherwise it stays unseen in Mailbox, flagged
	// $PbemFailed.
	FailedMailbox string        `yaml:"failed_mailbox"`
	PollInterval  time.Duration `yaml:"poll_interval"`
	IdleRefresh   time.Duration `yaml:"idle_refresh"`
	// Backoff is the first wait before reconnecting or retrying a mail
	// whose processing failed; it doubles up to MaxBackoff.
	Backoff    time.Duration `yaml:"backoff"`
	MaxBackoff time.Duration `yaml:"max_backoff"`
	// MaxAttempts is how often a mail's processing may fail before it is
	// set aside.
	MaxAttempts int `yaml:"max_attempts"`
	// Workers is how many mails are handled at once, each game's in the
	// order they came (issue 23): a mail waits on the disk and the mail
	// servers most of its time, so several in flight acknowledge more a
	// second. 1 handles one at a time.
	Workers int `yaml:"workers"`
}

// SMTPConfig is the server pbem sends through.
type SMTPConfig struct {
	Host         string `yaml:"host"`
	Port         int    `yaml:"port"`
	TLS          string `yaml:"tls"`
	Username     string `yaml:"username"`
	Password     string `yaml:"password"`
	PasswordFile string `yaml:"password_file"`
	// Backoff is the first wait before a mail the server did not take is
	// tried again; it doubles up to MaxBackoff.
	Backoff    time.Duration `yaml:"backoff"`
	MaxBackoff time.Duration `yaml:"max_backoff"`
	// GiveUpAfter is how long a mail is retried before it is given up and
	// the GM told.
	GiveUpAfter time.Duration `yaml:"give_up_after"`
	// Senders is how many connections to the server send at once.
	Senders int `yaml:"senders"`
}

// Pace is how fast a game moves (docs/design.md §5): the daemon's values,
// which a game's own pace (archive.Pace) overrides field by field.
type Pace struct {
	// ChangeOfMind is how long after a valid file arrives the turn waits
	// for a replacement, unless the player sends "ready".
	ChangeOfMind time.Duration `yaml:"change_of_mind"`
	// Deadline is the time allowed for one nation turn.
	Deadline time.Duration `yaml:"deadline"`
	// At, a time of day ("21:00"), makes every deadline fall at that time
	// (in Timezone): the first once Deadline has passed. Empty: any time.
	At string `yaml:"at"`
	// SkipWeekends stops deadline clocks on Saturdays and Sundays, and no
	// deadline falls on them.
	SkipWeekends bool `yaml:"skip_weekends"`
	// Timezone names the zone deadlines are shown in (IANA name) to
	// players whose players file gives no zone of their own, and the zone
	// of At.
	Timezone string `yaml:"timezone"`
	// Reminder is how long before a deadline the player is reminded: once
	// per deadline, once more when it moves.
	Reminder time.Duration `yaml:"reminder"`
	// Grace is the extra time after the deadline before the NMR policy;
	// the player due is warned when it begins.
	Grace time.Duration `yaml:"grace"`
	// Extensions is how many missed deadlines each player is excused per
	// game: the turn gets its time again and the player is told. After
	// that, NMR applies.
	Extensions int `yaml:"extensions"`
	// NMR is what happens after a missed deadline: "bot" (the bot plays
	// the turn and the report says so) or "wait" (the GM decides).
	NMR string `yaml:"nmr"`
	// RerollWindow lets the player of the nation due ask by reply for a
	// step its ruleset lets it ask for before writing its orders
	// (adjudicator.Orders.Asks: Hy Breasil 6.1's reroll of its random
	// event), within this time after the turn became due, and see what
	// came of it first. Zero (the default) allows no asking by reply: the
	// orders decide, and no turn waits on a mail.
	RerollWindow time.Duration `yaml:"reroll_window"`
}

// Limits bound what one mail or sender can cost.
type Limits struct {
	MaxMessageBytes    int `yaml:"max_message_bytes"`
	MaxParts           int `yaml:"max_parts"`
	FailedLoginsPerDay int `yaml:"failed_logins_per_day"`
}

// LogConfig sets the slog handler.
type LogConfig struct {
	Level  string `yaml:"level"`
	Format string `yaml:"format"`
}

// FieldError names the configuration field that is wrong and why.
type FieldError struct {
	File  string
	Line  int
	Field string
	Msg   string
}

func (e *FieldError) Error() string {
	loc := e.File
	if e.Line > 0 {
		loc = fmt.Sprintf("%s:%d", e.File, e.Line)
	}
	return fmt.Sprintf("%s: %s: %s", loc, e.Field, e.Msg)
}

// Defaults returns a configuration with every optional field set.
func Defaults() Config {
	return Config{
		IMAP: IMAPConfig{TLS: "tls", Mailbox: "INBOX", ProcessedMailbox: "Processed", PollInterval: 2 * time.Minute, IdleRefresh: 25 * time.Minute,
			Backoff: time.Second, MaxBackoff: 5 * time.Minute, MaxAttempts: 5, Workers: 8},
		SMTP:     SMTPConfig{Port: 587, TLS: "starttls", Backoff: 30 * time.Second, MaxBackoff: 30 * time.Minute, GiveUpAfter: 48 * time.Hour, Senders: 4},
		Pace:     Pace{ChangeOfMind: 10 * time.Minute, Deadline: 48 * time.Hour, Timezone: "UTC", Reminder: 12 * time.Hour, Grace: 6 * time.Hour, NMR: "bot"},
		Limits:   Limits{MaxMessageBytes: 2 << 20, MaxParts: 50, FailedLoginsPerDay: 5},
		Log:      LogConfig{Level: "info", Format: "json"},
		KeepMail: 30 * 24 * time.Hour,
	}
}

// LoadConfig reads and checks a configuration file; a bad file is refused
// naming the field and the reason.
func LoadConfig(path string) (*Config, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return ParseConfig(path, data)
}

// ParseConfig parses configuration bytes; file names them in errors.
func ParseConfig(file string, data []byte) (*Config, error) {
	c := Defaults()
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	if err := dec.Decode(&c); err != nil {
		if errors.Is(err, errEOF(err)) {
			return nil, &FieldError{File: file, Field: "(file)", Msg: "the file is empty"}
		}
		msg := strings.TrimPrefix(err.Error(), "yaml: ")
		msg = strings.TrimPrefix(msg, "unmarshal errors:\n  ")
		return nil, &FieldError{File: file, Field: "(syntax)", Msg: msg}
	}
	if err := c.check(file); err != nil {
		return nil, err
	}
	return &c, nil
}

func errEOF(err error) error {
	if err != nil && err.Error() == "EOF" {
		return err
	}
	return errors.New("not EOF")
}

func (c *Config) check(file string) error {
	bad := func(field, f string, args ...any) error {
		return &FieldError{File: file, Field: field, Msg: fmt.Sprintf(f, args...)}
	}
	if c.Data == "" {
		return bad("data", "required: the directory for games, journal and outbox")
	}
	for _, a := range []struct{ field, v string }{{"gm", c.GM}, {"from", c.From}} {
		if a.v == "" {
			return bad(a.field, "required: an email address")
		}
		if _, err := mail.ParseAddress(a.v); err != nil {
			return bad(a.field, "%q is not an email address (%v)", a.v, err)
		}
	}
	if c.KeepMail != 0 && c.KeepMail < 24*time.Hour {
		return bad("keep_mail", "must be 0 (keep for ever) or at least 24h: a mail handled again after a crash needs its records")
	}
	if c.Domain == "" {
		return bad("domain", "required: the domain used in Message-IDs, e.g. example.org")
	}
	if err := c.IMAP.check(bad); err != nil {
		return err
	}
	if err := c.SMTP.check(bad); err != nil {
		return err
	}
	if c.Pace.Deadline < time.Minute {
		return bad("pace.deadline", "must be at least 1m")
	}
	if c.Pace.RerollWindow < 0 || c.Pace.RerollWindow >= c.Pace.Deadline {
		return fmt.Errorf("pace.reroll_window must be 0 (no rerolls by reply) or shorter than pace.deadline (%v)", c.Pace.Deadline)
	}
	if c.Pace.ChangeOfMind < 0 || c.Pace.ChangeOfMind >= c.Pace.Deadline {
		return bad("pace.change_of_mind", "must be 0 or more and shorter than the deadline")
	}
	if c.Pace.Reminder < 0 || c.Pace.Reminder >= c.Pace.Deadline {
		return bad("pace.reminder", "must be 0 (none) or shorter than the deadline")
	}
	if c.Pace.Grace < 0 {
		return bad("pace.grace", "must not be negative")
	}
	if _, err := time.LoadLocation(c.Pace.Timezone); err != nil {
		return bad("pace.timezone", "unknown time zone %q", c.Pace.Timezone)
	}
	if c.Pace.At != "" {
		var p archive.Pace
		if err := p.Set("at", c.Pace.At); err != nil {
			return bad("pace.at", "%q is not a time of day (write 21:00, or leave it empty)", c.Pace.At)
		}
	}
	if c.Pace.Extensions < 0 || c.Pace.Extensions > 9 {
		return bad("pace.extensions", "must be 0 to 9")
	}
	if err := oneOf("pace.nmr", c.Pace.NMR, "bot", "wait"); err != nil {
		return bad("pace.nmr", "%v", err)
	}
	if c.Limits.MaxMessageBytes < 4096 {
		return bad("limits.max_message_bytes", "must be at least 4096")
	}
	if c.Limits.MaxParts < 1 {
		return bad("limits.max_parts", "must be at least 1")
	}
	if err := oneOf("log.level", c.Log.Level, "debug", "info", "warn", "error"); err != nil {
		return bad("log.level", "%v", err)
	}
	if err := oneOf("log.format", c.Log.Format, "json", "text"); err != nil {
		return bad("log.format", "%v", err)
	}
	return nil
}

// badField builds a *FieldError for the configuration file being checked.
type badField func(field, f string, args ...any) error

func (c *IMAPConfig) check(bad badField) error {
	if c.Addr == "" || !strings.Contains(c.Addr, ":") {
		return bad("imap.addr", "required as host:port, e.g. imap.example.org:993")
	}
	if err := oneOf("imap.tls", c.TLS, "tls", "starttls", "none"); err != nil {
		return bad("imap.tls", "%v", err)
	}
	if c.Username == "" {
		return bad("imap.username", "required")
	}
	if c.Password == "" && c.PasswordFile == "" {
		return bad("imap.password", "give password or password_file")
	}
	if c.PollInterval < time.Second {
		return bad("imap.poll_interval", "must be at least 1s, e.g. 2m")
	}
	if c.IdleRefresh <= 0 || c.IdleRefresh > 29*time.Minute {
		return bad("imap.idle_refresh", "must be above 0 and at most 29m (RFC 2177)")
	}
	if err := checkRetry(bad, "imap", c.Backoff, c.MaxBackoff); err != nil {
		return err
	}
	if c.MaxAttempts < 1 {
		return bad("imap.max_attempts", "must be at least 1")
	}
	if c.Workers < 1 || c.Workers > 64 {
		return bad("imap.workers", "must be 1 to 64")
	}
	if c.FailedMailbox != "" && strings.EqualFold(c.FailedMailbox, c.Mailbox) {
		return bad("imap.failed_mailbox", "must not be the polled mailbox %q", c.Mailbox)
	}
	return nil
}

func (c *SMTPConfig) check(bad badField) error {
	if c.Host == "" {
		return bad("smtp.host", "required")
	}
	if c.Port <= 0 || c.Port > 65535 {
		return bad("smtp.port", "%d is not a port", c.Port)
	}
	if err := oneOf("smtp.tls", c.TLS, "tls", "starttls", "none"); err != nil {
		return bad("smtp.tls", "%v", err)
	}
	if err := checkRetry(bad, "smtp", c.Backoff, c.MaxBackoff); err != nil {
		return err
	}
	if c.GiveUpAfter < c.MaxBackoff {
		return bad("smtp.give_up_after", "must be at least smtp.max_backoff (%v)", c.MaxBackoff)
	}
	if c.Senders < 1 || c.Senders > 16 {
		return bad("smtp.senders", "must be 1 to 16")
	}
	return nil
}

// checkRetry checks a first wait and its cap.
func checkRetry(bad badField, section string, first, most time.Duration) error {
	if first <= 0 {
		return bad(section+".backoff", "must be above 0, e.g. 30s")
	}
	if most < first {
		return bad(section+".max_backoff", "must be at least %s.backoff (%v)", section, first)
	}
	return nil
}

func oneOf(field, v string, choices ...string) error {
	for _, c := range choices {
		if v == c {
			return nil
		}
	}
	return fmt.Errorf("%q is not one of %s", v, strings.Join(choices, ", "))
}

// GMTokenPath is the file that holds the GM's token (GMTokenFile, else
// DATA/gm.token).
func (c *Config) GMTokenPath() string {
	if c.GMTokenFile != "" {
		return c.GMTokenFile
	}
	return filepath.Join(c.Data, "gm.token")
}

// Intake is the mailer configuration of the IMAP side; password is the
// IMAP password (read from password_file by the caller).
func (c *Config) Intake(password string, onFailed func(*mailer.Message, error)) mailer.IntakeConfig {
	return mailer.IntakeConfig{
		Addr: c.IMAP.Addr, TLS: c.IMAP.TLS, Username: c.IMAP.Username, Password: password,
		Mailbox: c.IMAP.Mailbox, ProcessedMailbox: c.IMAP.ProcessedMailbox, FailedMailbox: c.IMAP.FailedMailbox,
		PollInterval: c.IMAP.PollInterval, IdleRefresh: c.IMAP.IdleRefresh,
		MaxBytes: int64(c.Limits.MaxMessageBytes), MaxAttempts: c.IMAP.MaxAttempts,
		Backoff: c.IMAP.Backoff, MaxBackoff: c.IMAP.MaxBackoff, OnFailed: onFailed,
		Workers: c.IMAP.Workers,
	}
}

// Outbox is the mailer configuration of the SMTP side; password is the
// SMTP password.
func (c *Config) Outbox(password string, onFailed func(id string, rcpts []string, err error)) mailer.OutboxConfig {
	return mailer.OutboxConfig{
		Dir:    c.OutboxDir(),
		SMTP:   mailer.SMTPConfig{Host: c.SMTP.Host, Port: c.SMTP.Port, TLS: c.SMTP.TLS, Username: c.SMTP.Username, Password: password, From: c.From},
		Domain: c.Domain, Backoff: c.SMTP.Backoff, MaxBackoff: c.SMTP.MaxBackoff, GiveUpAfter: c.SMTP.GiveUpAfter,
		OnFailed: onFailed, Senders: c.SMTP.Senders,
	}
}
