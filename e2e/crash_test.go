package e2e

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/pbem-org/pbem/archive"
)

// TestCrash kills "pbem serve" with SIGKILL at each step of its work on an
// order mail (PBEM_CRASH_AT, cmd/pbem/crash.go) and starts it again: the
// order is not lost, the game moves exactly once, nothing is sent twice
// (one message per Message-ID in every mailbox), the order mail ends in
// Processed, and the archive verifies.
func TestCrash(t *testing.T) {
	needE2E(t)
	for _, tc := range []struct{ point, state string }{
		{"after-journal", "the mail is in the journal, nothing done"},
		{"after-ack", "the acknowledgement is queued, the turn not run"},
		{"after-advance", "the step is in the archive, no report queued"},
		{"after-reports", "every report is queued, the mail not recorded as processed"},
		{"after-done", "the journal says processed, the mail not yet moved on the server"},
		{"after-send", "the acknowledgement went out"},
		{"after-send:3", "two reports went out, the others are queued"},
	} {
		t.Run(tc.point, func(t *testing.T) {
			t.Parallel()
			w := realWorld(t)
			s := newServer(t, w, serverOpts{})
			g := s.theGame()
			due, from, text, digest := s.due(t, g, 1)
			before := g.steps(t)
			s.settle(t) // the welcome mails are out: the crash points count the order mail's work

			d := s.start(t, "PBEM_CRASH_AT="+tc.point)
			if err := w.send(from, []string{s.addr}, rawMail(from, s.addr, "orders "+due.ID, newMsgID(w), text)); err != nil {
				t.Fatal(err)
			}
			d.waitKilled(t, wait)
			t.Logf("killed at %s: %s", tc.point, tc.state)
			inFlight := 0

			s.start(t)
			w.waitMail(t, from, "INBOX", wait, "the acknowledgement", isAck(due.ID, digest))
			for _, p := range s.players {
				w.waitMail(t, p, "INBOX", wait, "the report of "+due.ID, isReport(due.ID))
			}
			a, err := archive.Open(g.dir)
			if err != nil {
				t.Fatal(err)
			}
			next := a.Due()
			w.waitMail(t, a.PlayerOf(next.Nation).Email, "INBOX", wait, "your turn "+next.ID, func(m mail) bool { return m.header("X-Pbem-Turn") == next.ID })
			w.waitCount(t, s.addr, "Processed", 1, wait)
			s.outboxEmpty(t, wait)
			time.Sleep(500 * time.Millisecond) // a second copy would be on its way by now
			if n, _ := w.count(s.addr, "INBOX"); n != 0 {
				t.Errorf("the daemon's INBOX still holds %d messages", n)
			}
			if n := g.steps(t); n != before+1 {
				t.Errorf("the archive holds %d steps, want %d: one turn more", n, before+1)
			}
			if err := archive.Verify(g.dir); err != nil {
				t.Errorf("archive.Verify: %v", err)
			}
			// SMTP leaves one window no client can close (RFC 1047): killed
			// after the server took the message's final "." and before the
			// outbox wrote its sent marker, the message in flight is sent
			// again after the restart, with its Message-ID, which mail
			// clients collapse. That one message, never another, may come
			// twice.
			for id, n := range w.duplicates(t, append([]string{s.gm}, s.players...)...) {
				outID, _, _ := strings.Cut(id, "@")
				if n > 2 || d.logHas(`"msg":"sent"`, `"id":"`+outID+`"`) || !d.logHas(`"msg":"enqueued"`, `"id":"`+outID+`"`) {
					t.Errorf("%d messages with Message-ID <%s>: sent more than once", n, id)
					continue
				}
				inFlight++
				t.Logf("<%s> was in flight at SIGKILL (no sent marker) and was sent again after the restart", id)
			}
			if inFlight > 1 {
				t.Errorf("%d messages sent twice; at most the one in flight at SIGKILL may be", inFlight)
			}
		})
	}
}

// TestReportRetriedAfter451: the SMTP server answers 451 to the first
// report of a turn; the outbox sends the others, retries that one after its
// backoff (30 s) and it is delivered once. The in-process servers play the
// SMTP server, as Postfix cannot be told to fail one message.
func TestReportRetriedAfter451(t *testing.T) {
	needE2E(t)
	t.Parallel()
	w := memWorld(t)
	// A change-of-mind delay, so the acknowledgement leaves well before the
	// turn runs (on the daemon's 5 s clock) and the 451 meets a report.
	s := newServer(t, w, serverOpts{changeOfMind: 4 * time.Second})
	g := s.theGame()
	due, from, text, digest := s.due(t, g, 1)
	s.settle(t)
	s.start(t)
	if err := w.send(from, []string{s.addr}, rawMail(from, s.addr, "orders", newMsgID(w), text)); err != nil {
		t.Fatal(err)
	}
	w.waitMail(t, from, "INBOX", wait, "the acknowledgement", isAck(due.ID, digest))
	w.srv.FailData(451)
	for _, p := range s.players {
		w.waitMail(t, p, "INBOX", 2*wait, "the report of "+due.ID, isReport(due.ID))
	}
	s.outboxEmpty(t, wait)
	w.noDuplicates(t, append([]string{s.gm}, s.players...)...)

	retried := 0
	sent, _ := filepath.Glob(filepath.Join(s.dir, "outbox", "sent", "*.json"))
	for _, f := range sent {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var q struct {
			ID        string `json:"id"`
			Attempts  int    `json:"attempts"`
			LastError string `json:"last_error"`
		}
		if err := json.Unmarshal(b, &q); err != nil {
			t.Fatal(err)
		}
		if q.Attempts > 0 {
			retried++
			if !strings.Contains(q.ID, ".report.") || !strings.Contains(q.LastError, "451") {
				t.Errorf("%s was retried after %q; want a report after 451", q.ID, q.LastError)
			}
		}
	}
	if retried != 1 {
		t.Errorf("%d messages were retried, want 1", retried)
	}
}
