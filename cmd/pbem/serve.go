package main

import (
	"context"
	"flag"
	"fmt"
	"log/slog"
	"net"
	"os"
	"os/signal"
	"runtime/debug"
	"runtime/pprof"
	"strings"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/pbem-org/pbem/daemon"
	"github.com/pbem-org/pbem/mailer"
	"github.com/pbem-org/pbem/templates"
)

func init() {
	register(command{
		name: "serve", args: "--config FILE",
		summary: "run the mail daemon: poll IMAP, referee every game, mail replies and reports",
		doc: `Every game directory under the config's data/games is served, and
a game created there while it runs (pbem new) is picked up within
seconds: its players get their welcome mail with their token, and the
first player "your turn". A bad configuration is refused at start,
naming the field and the reason. GM commands by mail need the GM's token
(gm_token_file; created and mailed to the GM at the first start). It
refuses to start while a secret is open to other users of the host (the
config file when it holds a password, the password files, the GM token,
the mail journal and outbox, each game's private directory), naming each
file, its mode and the chmod that fixes it.
It refuses to start while another pbem serve holds the data directory
(data/serve.lock), naming that process's pid; the lock dies with the
process, so a daemon killed with kill -9 never blocks the next start.
SIGINT or SIGTERM stops the daemon within a second; mail being processed
is finished or redone at the next start, never lost or answered twice.
For the crash tests only, PBEM_CRASH_AT=POINT[:N] makes it SIGKILL itself
at a named point of its work (cmd/pbem/crash.go, e2e/crash_test.go). For
the benchmarks, PBEM_CPU_PROFILE=FILE writes a CPU profile of the run to
FILE when it stops (go tool pprof).`,
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
				log, err := crashHook(newLogger(cfg.Log, e))
				if err != nil {
					return e.errorf(exitUsage, "%v", err)
				}
				if path := os.Getenv("PBEM_CPU_PROFILE"); path != "" {
					stop, err := cpuProfile(path)
					if err != nil {
						return e.errorf(exitUsage, "PBEM_CPU_PROFILE: %v", err)
					}
					defer stop()
				}
				return untilSignal(e, cfg, log)
			}
		},
	})
}

// untilSignal serves until SIGINT or SIGTERM, logging the signal and, once
// every part has stopped (daemon.ShutdownGrace at most), how long that took.
func untilSignal(e *env, cfg *daemon.Config, log *slog.Logger) int {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM)
	defer signal.Stop(sigs)
	var stopped atomic.Int64 // when the signal came, in Unix nanoseconds
	go func() {
		select {
		case sig := <-sigs:
			stopped.Store(time.Now().UnixNano())
			log.Info("signal received: stopping", "signal", sig.String())
			cancel()
		case <-ctx.Done():
		}
	}()
	err := serve(ctx, cfg, log)
	if at := stopped.Load(); at != 0 {
		log.Info("stopped", "took", time.Since(time.Unix(0, at)).Round(time.Millisecond).String())
		return exitOK
	}
	if err != nil {
		return e.errorf(exitRejected, "%v", err)
	}
	return exitOK
}

// newLogger builds the daemon's log. Durations are written as Go writes
// them ("1.5s"), not as the nanosecond integers of slog's JSON handler.
func newLogger(c daemon.LogConfig, e *env) *slog.Logger {
	lv := map[string]slog.Level{"debug": slog.LevelDebug, "info": slog.LevelInfo, "warn": slog.LevelWarn, "error": slog.LevelError}[c.Level]
	opts := &slog.HandlerOptions{Level: lv, ReplaceAttr: func(_ []string, a slog.Attr) slog.Attr {
		if a.Value.Kind() == slog.KindDuration {
			return slog.String(a.Key, a.Value.Duration().String())
		}
		return a
	}}
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
	var d *daemon.Daemon
	out, err := mailer.NewOutbox(cfg.Outbox(spw, func(id string, rcpts []string, err error) { d.GivenUp(id, rcpts, err) }), log)
	if err != nil {
		return nil, nil, nil, err
	}
	d, err = daemon.New(*cfg, daemon.Options{Log: log, Out: out})
	if err != nil {
		return nil, nil, nil, err
	}
	d.Map, d.Board = templates.MailMapPNG, templates.MapPNG
	in, err := mailer.NewIntake(cfg.Intake(ipw, func(m *mailer.Message, err error) {
		log.Error("mail set aside", "journal", m.JournalID, "uid", m.UID, "err", err)
		if err := d.SetAside(m, err); err != nil {
			log.Error("cannot answer a mail set aside", "uid", m.UID, "err", err)
		}
	}), j, log)
	if err != nil {
		return nil, nil, nil, err
	}
	return d, in, out, nil
}

func serve(ctx context.Context, cfg *daemon.Config, log *slog.Logger) error {
	release, err := daemon.LockData(cfg.Data)
	if err != nil {
		return fmt.Errorf("refusing to start: %w", err)
	}
	defer release()
	d, in, out, err := parts(cfg, log)
	if err != nil {
		return err
	}
	for _, w := range clearTextWarnings(cfg) {
		log.Warn(w)
	}
	bi, _ := debug.ReadBuildInfo()
	b := describeBuild(bi, version)
	log.Info("serving", "games", d.GameCount(), "imap", cfg.IMAP.Addr, "version", b.version, "commit", b.revision)
	return d.Serve(ctx, in, out, 5*time.Second)
}

// clearTextWarnings says which mail server gets the password without TLS
// (tls: none) although it is not on this host: the configuration allows it
// (a mail server on a private network), docs/deploy.md §2 advises against it.
func clearTextWarnings(cfg *daemon.Config) []string {
	var ws []string
	imapHost, _, err := net.SplitHostPort(cfg.IMAP.Addr)
	if err != nil {
		imapHost = cfg.IMAP.Addr
	}
	for _, s := range []struct{ field, tls, host string }{
		{"imap", cfg.IMAP.TLS, imapHost},
		{"smtp", cfg.SMTP.TLS, cfg.SMTP.Host},
	} {
		if s.tls != "none" || isLoopback(s.host) {
			continue
		}
		ws = append(ws, fmt.Sprintf("%s.tls is none: the password and the players' mail go to %s in clear text; use tls or starttls unless that server is on a network you trust (docs/deploy.md)", s.field, s.host))
	}
	return ws
}

// isLoopback reports whether host names this host: localhost or a loopback
// address.
func isLoopback(host string) bool {
	if strings.EqualFold(host, "localhost") || strings.HasSuffix(strings.ToLower(host), ".localhost") {
		return true
	}
	ip := net.ParseIP(strings.Trim(host, "[]"))
	return ip != nil && ip.IsLoopback()
}

// cpuProfile starts a CPU profile written to path; stop ends it.
func cpuProfile(path string) (stop func(), err error) {
	f, err := os.Create(path)
	if err != nil {
		return nil, err
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		f.Close()
		return nil, err
	}
	return func() { pprof.StopCPUProfile(); f.Close() }, nil
}
