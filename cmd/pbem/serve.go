package main

import (
	"context"
	"flag"
	"fmt"
	"log/slog"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"github.com/pbem-org/pbem/daemon"
	"github.com/pbem-org/pbem/mailer"
)

func init() {
	register(command{
		name: "serve", args: "--config FILE",
		summary: "run the mail daemon: poll IMAP, referee every game, mail replies and reports",
		doc: `Every game directory under the config's data/games is served. A bad
configuration is refused at start, naming the field and the reason.
It refuses to start while a secret is open to other users of the host
(the config file when it holds a password, the password files, the mail
journal and outbox, each game's private directory), naming the file and
the chmod that fixes it. SIGINT or SIGTERM stops the daemon cleanly; mail being processed is
finished or retried on the next start, never lost or answered twice.
For the crash tests only, PBEM_CRASH_AT=POINT[:N] makes it SIGKILL itself
at a named point of its work (cmd/pbem/crash.go, e2e/crash_test.go).`,
		setup: func(fs *flag.FlagSet) func(*env, []string) int {
			path := fs.String("config", "", "the configuration file (see config.example.yaml)")
			return func(e *env, _ []string) int {
				if code, ok := e.need("config", *path); !ok {
					return code
				}
				cfg, err := daemon.LoadConfig(*path)
				if err != nil {
					return e.errorf(exitRejected, "%v", err)
				}
				if err := daemon.CheckPrivate(cfg, *path); err != nil {
					return e.errorf(exitRejected, "refusing to start: secrets are open to other users of this host:\n%v", err)
				}
				ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
				defer stop()
				log, err := crashHook(newLogger(cfg.Log, e))
				if err != nil {
					return e.errorf(exitUsage, "%v", err)
				}
				if err := serve(ctx, cfg, log); err != nil && ctx.Err() == nil {
					return e.errorf(exitRejected, "%v", err)
				}
				return exitOK
			}
		},
	})
}

func newLogger(c daemon.LogConfig, e *env) *slog.Logger {
	lv := map[string]slog.Level{"debug": slog.LevelDebug, "info": slog.LevelInfo, "warn": slog.LevelWarn, "error": slog.LevelError}[c.Level]
	opts := &slog.HandlerOptions{Level: lv}
	if c.Format == "text" {
		return slog.New(slog.NewTextHandler(e.stderr, opts))
	}
	return slog.New(slog.NewJSONHandler(e.stderr, opts))
}

func secret(value, file string) (string, error) {
	if file == "" {
		return value, nil
	}
	b, err := os.ReadFile(file)
	if err != nil {
		return "", err
	}
	return strings.TrimSpace(string(b)), nil
}

// parts builds the daemon and its transport from a configuration.
func parts(cfg *daemon.Config, log *slog.Logger) (*daemon.Daemon, *mailer.Intake, *mailer.Outbox, error) {
	ipw, err := secret(cfg.IMAP.Password, cfg.IMAP.PasswordFile)
	if err != nil {
		return nil, nil, nil, fmt.Errorf("imap.password_file: %w", err)
	}
	spw, err := secret(cfg.SMTP.Password, cfg.SMTP.PasswordFile)
	if err != nil {
		return nil, nil, nil, fmt.Errorf("smtp.password_file: %w", err)
	}
	j, err := mailer.OpenJournal(cfg.JournalDir())
	if err != nil {
		return nil, nil, nil, err
	}
	out, err := mailer.NewOutbox(mailer.OutboxConfig{
		Dir:    cfg.OutboxDir(),
		SMTP:   mailer.SMTPConfig{Host: cfg.SMTP.Host, Port: cfg.SMTP.Port, TLS: cfg.SMTP.TLS, Username: cfg.SMTP.Username, Password: spw, From: cfg.From},
		Domain: cfg.Domain,
		OnFailed: func(id string, rcpts []string, err error) {
			log.Error("mail given up", "id", id, "to", rcpts, "err", err)
		},
	}, log)
	if err != nil {
		return nil, nil, nil, err
	}
	d, err := daemon.New(*cfg, daemon.Options{Log: log, Out: out})
	if err != nil {
		return nil, nil, nil, err
	}
	d.Map = renderMap
	in, err := mailer.NewIntake(mailer.IntakeConfig{
		Addr: cfg.IMAP.Addr, TLS: cfg.IMAP.TLS, Username: cfg.IMAP.Username, Password: ipw,
		Mailbox: cfg.IMAP.Mailbox, ProcessedMailbox: cfg.IMAP.ProcessedMailbox,
		PollInterval: cfg.IMAP.PollInterval, IdleRefresh: cfg.IMAP.IdleRefresh,
		MaxBytes: int64(cfg.Limits.MaxMessageBytes),
		OnFailed: func(m *mailer.Message, err error) {
			log.Error("mail set aside", "journal", m.JournalID, "uid", m.UID, "err", err)
			if err := d.SetAside(m, err); err != nil {
				log.Error("cannot answer a mail set aside", "uid", m.UID, "err", err)
			}
		},
	}, j, log)
	if err != nil {
		return nil, nil, nil, err
	}
	return d, in, out, nil
}

func serve(ctx context.Context, cfg *daemon.Config, log *slog.Logger) error {
	d, in, out, err := parts(cfg, log)
	if err != nil {
		return err
	}
	log.Info("serving", "games", d.GameIDs(), "imap", cfg.IMAP.Addr)
	return d.Serve(ctx, in, out, 5*time.Second)
}
