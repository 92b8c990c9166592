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
	"strings"
	"time"

	"gopkg.in/yaml.v3"
)

// Config is the daemon's configuration file. config.example.yaml documents
// every field in this order.
type Config struct {
	// Data is the directory that holds the games, the mail journal and the
	// outbox.
	Data string `yaml:"data"`
	// GM is the game master's address: told of missed deadlines, bounces
	// and failed logins.
	GM string `yaml:"gm"`
	// From is the address pbem sends from; players reply to it.
	From string `yaml:"from"`
	// Domain is used in Message-IDs.
	Domain string `yaml:"domain"`
	// IMAP is where orders arrive.
	IMAP IMAPConfig `yaml:"imap"`
	// SMTP is how replies and reports leave.
	SMTP SMTPConfig `yaml:"smtp"`
	// Pace sets deadlines for every game (a game may override them).
	Pace Pace `yaml:"pace"`
	// Limits protect the daemon from hostile or broken mail.
	Limits Limits `yaml:"limits"`
	// Log sets the structured log.
	Log LogConfig `yaml:"log"`
}

// IMAPConfig is the mailbox pbem polls.
type IMAPConfig struct {
	Addr             string        `yaml:"addr"`
	TLS              string        `yaml:"tls"`
	Username         string        `yaml:"username"`
	Password         string        `yaml:"password"`
	PasswordFile     string        `yaml:"password_file"`
	Mailbox          string        `yaml:"mailbox"`
	ProcessedMailbox string        `yaml:"processed_mailbox"`
	PollInterval     time.Duration `yaml:"poll_interval"`
	IdleRefresh      time.Duration `yaml:"idle_refresh"`
}

// SMTPConfig is the server pbem sends through.
type SMTPConfig struct {
	Host         string `yaml:"host"`
	Port         int    `yaml:"port"`
	TLS          string `yaml:"tls"`
	Username     string `yaml:"username"`
	Password     string `yaml:"password"`
	PasswordFile string `yaml:"password_file"`
}

// Pace is how fast a game moves (docs/design.md §5).
type Pace struct {
	// ChangeOfMind is how long after a valid file arrives the turn waits
	// for a replacement, unless the player sends "ready".
	ChangeOfMind time.Duration `yaml:"change_of_mind"`
	// Deadline is the time allowed for one nation turn.
	Deadline time.Duration `yaml:"deadline"`
	// SkipWeekends stops deadline clocks on Saturdays and Sundays.
	SkipWeekends bool `yaml:"skip_weekends"`
	// Timezone names the zone deadlines are shown in (IANA name).
	Timezone string `yaml:"timezone"`
	// Reminder is how long before a deadline the player is reminded.
	Reminder time.Duration `yaml:"reminder"`
	// Grace is the extra time after the deadline before the NMR policy.
	Grace time.Duration `yaml:"grace"`
	// NMR is what happens after a missed deadline: "bot" (the bot plays
	// the turn and the report says so) or "wait" (the GM decides).
	NMR string `yaml:"nmr"`
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
		IMAP:   IMAPConfig{TLS: "tls", Mailbox: "INBOX", ProcessedMailbox: "Processed", PollInterval: 2 * time.Minute, IdleRefresh: 25 * time.Minute},
		SMTP:   SMTPConfig{Port: 587, TLS: "starttls"},
		Pace:   Pace{ChangeOfMind: 10 * time.Minute, Deadline: 48 * time.Hour, Timezone: "UTC", Reminder: 12 * time.Hour, Grace: 6 * time.Hour, NMR: "bot"},
		Limits: Limits{MaxMessageBytes: 2 << 20, MaxParts: 50, FailedLoginsPerDay: 5},
		Log:    LogConfig{Level: "info", Format: "json"},
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
	if c.Domain == "" {
		return bad("domain", "required: the domain used in Message-IDs, e.g. example.org")
	}
	if c.IMAP.Addr == "" || !strings.Contains(c.IMAP.Addr, ":") {
		return bad("imap.addr", "required as host:port, e.g. imap.example.org:993")
	}
	if err := oneOf("imap.tls", c.IMAP.TLS, "tls", "starttls", "none"); err != nil {
		return bad("imap.tls", "%v", err)
	}
	if c.IMAP.Username == "" {
		return bad("imap.username", "required")
	}
	if c.IMAP.Password == "" && c.IMAP.PasswordFile == "" {
		return bad("imap.password", "give password or password_file")
	}
	if c.IMAP.PollInterval < time.Second {
		return bad("imap.poll_interval", "must be at least 1s, e.g. 2m")
	}
	if c.IMAP.IdleRefresh <= 0 || c.IMAP.IdleRefresh > 29*time.Minute {
		return bad("imap.idle_refresh", "must be above 0 and at most 29m (RFC 2177)")
	}
	if c.SMTP.Host == "" {
		return bad("smtp.host", "required")
	}
	if c.SMTP.Port <= 0 || c.SMTP.Port > 65535 {
		return bad("smtp.port", "%d is not a port", c.SMTP.Port)
	}
	if err := oneOf("smtp.tls", c.SMTP.TLS, "tls", "starttls", "none"); err != nil {
		return bad("smtp.tls", "%v", err)
	}
	if c.Pace.Deadline < time.Minute {
		return bad("pace.deadline", "must be at least 1m")
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

func oneOf(field, v string, choices ...string) error {
	for _, c := range choices {
		if v == c {
			return nil
		}
	}
	return fmt.Errorf("%q is not one of %s", v, strings.Join(choices, ", "))
}
