package main

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"strconv"
	"strings"
	"sync"
)

// PBEM_CRASH_AT is a test hook for the crash tests (e2e/crash_test.go):
// "pbem serve" kills itself with SIGKILL, as the kernel or an operator
// would, when it reaches a named point of its work. The points are found
// through the log records that mark them, so the hook touches nothing but
// the logger:
//
//	after-journal   a mail is in the journal and parsed, nothing done yet ("mail")
//	after-ack       the reply to a mail is in the outbox ("enqueued", id reply.*)
//	after-advance   a turn's step is in the archive, no report queued ("step")
//	after-reports   every report and the next "your turn" are queued, the mail
//	                is not yet recorded as processed ("enqueued", id *.yourturn)
//	after-done      the journal records the mail processed, not yet moved on
//	                the IMAP server ("message processed")
//	after-accepted  the SMTP server answered 250 to a mail, the outbox has not
//	                marked it sent ("accepted by the server", a record below
//	                every log level): the one point where a kill sends a
//	                mail twice, with the same Message-ID (docs/mail.md)
//	after-send      the outbox sent a mail and wrote its sent marker ("sent")
//
// "POINT:N" crashes the Nth time the point is reached (default 1). Unset,
// the hook does nothing. It is read once, at start.
const crashEnv = "PBEM_CRASH_AT"

var crashPoints = map[string]func(r slog.Record) bool{
	"after-journal": func(r slog.Record) bool { return r.Message == "mail" },
	"after-ack":     func(r slog.Record) bool { return r.Message == "enqueued" && strings.HasPrefix(recordID(r), "reply.") },
	"after-advance": func(r slog.Record) bool { return r.Message == "step" },
	"after-reports": func(r slog.Record) bool {
		return r.Message == "enqueued" && strings.HasSuffix(recordID(r), ".yourturn")
	},
	"after-done":     func(r slog.Record) bool { return r.Message == "message processed" },
	"after-accepted": func(r slog.Record) bool { return r.Message == "accepted by the server" },
	"after-send":     func(r slog.Record) bool { return r.Message == "sent" },
}

func recordID(r slog.Record) string {
	id := ""
	r.Attrs(func(a slog.Attr) bool {
		if a.Key == "id" {
			id = a.Value.String()
			return false
		}
		return true
	})
	return id
}

// crashHook wraps log's handler with the hook PBEM_CRASH_AT asks for; log
// is returned unchanged when it is unset. A bad value is an error.
func crashHook(log *slog.Logger) (*slog.Logger, error) {
	spec := os.Getenv(crashEnv)
	if spec == "" {
		return log, nil
	}
	name, nth, _ := strings.Cut(spec, ":")
	match, ok := crashPoints[name]
	if !ok {
		return nil, fmt.Errorf("%s=%q: unknown point", crashEnv, spec)
	}
	n := 1
	if nth != "" {
		var err error
		if n, err = strconv.Atoi(nth); err != nil || n < 1 {
			return nil, fmt.Errorf("%s=%q: want POINT or POINT:N with N >= 1", crashEnv, spec)
		}
	}
	log.Warn("crash hook armed: the process kills itself at this point", "point", name, "nth", n)
	return slog.New(&crashHandler{Handler: log.Handler(), c: &crashCount{name: name, match: match, left: n}}), nil
}

type crashCount struct {
	mu    sync.Mutex
	name  string
	match func(slog.Record) bool
	left  int
}

// crashHandler passes records on and counts those that mark the point.
type crashHandler struct {
	slog.Handler
	c *crashCount
}

func (h *crashHandler) Enabled(context.Context, slog.Level) bool { return true }

func (h *crashHandler) Handle(ctx context.Context, r slog.Record) error {
	var err error
	if h.Handler.Enabled(ctx, r.Level) {
		err = h.Handler.Handle(ctx, r)
	}
	if h.c.match(r) {
		h.c.mu.Lock()
		h.c.left--
		if h.c.left == 0 {
			fmt.Fprintf(os.Stderr, "pbem: %s=%s: SIGKILL\n", crashEnv, h.c.name)
			if p, err := os.FindProcess(os.Getpid()); err == nil {
				p.Kill() // SIGKILL on Unix
			}
			select {} // never returns: nothing else may happen after the point
		}
		h.c.mu.Unlock()
	}
	return err
}

func (h *crashHandler) WithAttrs(as []slog.Attr) slog.Handler {
	return &crashHandler{Handler: h.Handler.WithAttrs(as), c: h.c}
}

func (h *crashHandler) WithGroup(name string) slog.Handler {
	return &crashHandler{Handler: h.Handler.WithGroup(name), c: h.c}
}
