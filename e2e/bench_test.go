package e2e

import (
	"encoding/json"
	"fmt"
	"net"
	"net/smtp"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapclient"

	"github.com/pbem-org/pbem/archive"
	"github.com/pbem-org/pbem/mailer/mailtest"
)

// The benchmarks run the "pbem serve" binary against Dovecot and Postfix
// with PBEM_E2E=1 (start them with e2e/setup.sh), else against the
// in-process servers of mailer/mailtest; the first line they log says
// which. Commands and figures: BENCHMARKS.md, section "Mail".
//
// BenchmarkAckLatency, BenchmarkOrderMails100Games and
// BenchmarkMemory100Games share one daemon serving 100 reduX games with a
// change-of-mind delay of one hour, so turns do not run: each order mail
// is read, journaled, parsed, authenticated, validated, stored and
// acknowledged. BenchmarkTurnByMail has turns run at once.

// benchEnvDone stops what the benchmarks share (their daemon), if they ran.
var benchEnvDone func()

var (
	benchMu  sync.Mutex
	benchCur *benchEnv
)

// benchEnv is a daemon with 100 games whose first turn is due, all of it
// played by seat 1 (one address, so every acknowledgement lands in one
// INBOX).
type benchEnv struct {
	w     *world
	s     *server
	d     *proc
	from  string
	ids   []string          // game ids
	texts map[string]string // game id → a valid order file for the turn due
}

func benchWorld(b *testing.B) (*world, func()) {
	if e2eOn() {
		return realWorld(b), func() {}
	}
	srv, err := mailtest.New(mailtest.Options{})
	if err != nil {
		b.Fatal(err)
	}
	return &world{name: "in-process IMAP and SMTP servers (mailer/mailtest; PBEM_E2E unset)", imapAddr: srv.IMAPAddr(), smtpHost: "127.0.0.1",
		smtpPort: srv.SMTPPort(), srv: srv, run: runID(), users: map[string]bool{}}, func() { srv.Close() }
}

func getBenchEnv(b *testing.B) *benchEnv {
	benchMu.Lock()
	defer benchMu.Unlock()
	if benchCur != nil {
		return benchCur
	}
	w, closeWorld := benchWorld(b)
	dir, err := os.MkdirTemp("", "pbem-bench-")
	if err != nil {
		b.Fatal(err)
	}
	start := time.Now()
	s := newServer(b, w, serverOpts{changeOfMind: time.Hour, games: 100, prefix: "bench", dir: dir})
	e := &benchEnv{w: w, s: s, texts: map[string]string{}}
	for i := 1; i <= 100; i++ {
		id := fmt.Sprintf("bench-%d", i)
		_, from, text, _ := s.due(b, s.games[id], 1)
		if e.from != "" && from != e.from {
			b.Fatalf("game %s: %s is due, want %s", id, from, e.from)
		}
		e.from = from
		e.ids = append(e.ids, id)
		e.texts[id] = text
	}
	created := time.Since(start)
	s.settle(b) // the welcome mails and first "your turn" are out before anything is counted
	e.d, err = s.spawn(pbemBinary(b))
	if err != nil {
		b.Fatal(err)
	}
	benchEnvDone = func() {
		_ = e.d.terminate()
		closeWorld()
		os.RemoveAll(dir)
	}
	e.d.waitLog(b, wait, "IMAP session ready")
	benchCur = e
	b.Logf("mail servers: %s; 100 games created in %v; daemon pid %d", w.name, created.Round(time.Millisecond), e.d.cmd.Process.Pid)
	return e
}

// mailbox is one IMAP connection kept open to count a user's INBOX.
type mailbox struct{ c *imapclient.Client }

func (w *world) open(b testing.TB, user string) *mailbox {
	c, err := imapclient.DialInsecure(w.imapAddr, nil)
	if err != nil {
		b.Fatal(err)
	}
	if err := c.Login(user, password).Wait(); err != nil {
		b.Fatal(err)
	}
	return &mailbox{c}
}

func (m *mailbox) close() { m.c.Close() }

func (m *mailbox) count(b testing.TB) int {
	st, err := m.c.Status("INBOX", &imap.StatusOptions{NumMessages: true}).Wait()
	if err != nil {
		b.Fatal(err)
	}
	return int(*st.NumMessages)
}

// waitFor polls the count until it reaches n: every 2 ms at first, then
// every 25 ms.
func (m *mailbox) waitFor(b testing.TB, n int, timeout time.Duration) {
	deadline := time.Now().Add(timeout)
	pause := 2 * time.Millisecond
	for m.count(b) < n {
		if time.Now().After(deadline) {
			b.Fatalf("INBOX holds %d messages after %v, want %d", m.count(b), timeout, n)
		}
		// Each look is a STATUS that Dovecot answers on the CPUs
		// measured: every 2 ms at first, then less often, so that a
		// burst of seconds is not measured under 500 looks a second.
		time.Sleep(pause)
		pause = min(2*pause, 25*time.Millisecond)
	}
}

// BenchmarkAckLatency: one op is an order mail submitted over SMTP until
// its acknowledgement is in the player's INBOX: SMTP in, delivery to the
// daemon's mailbox, IDLE, fetch, journal, parse, validate, store, outbox,
// SMTP out, delivery to the player. It bounds from above the time from
// arrival to the acknowledgement leaving (target < 1 s).
func BenchmarkAckLatency(b *testing.B) {
	e := getBenchEnv(b)
	mb := e.w.open(b, e.from)
	defer mb.close()
	id := e.ids[0]
	n := mb.count(b)
	var lat []time.Duration
	start := time.Now()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		t0 := time.Now()
		if err := e.w.send(e.from, []string{e.s.addr}, rawMail(e.from, e.s.addr, "orders", newMsgID(e.w), e.texts[id])); err != nil {
			b.Fatal(err)
		}
		n++
		mb.waitFor(b, n, wait)
		lat = append(lat, time.Since(t0))
	}
	b.StopTimer()
	reportLatency(b, lat, "ms")
	if in, err := daemonLatency(e.d.log, start); err == nil {
		reportLatency(b, in, "ms-daemon")
	}
}

// daemonLatency pairs, in the daemon's log since start, each "mail" record
// (the mail fetched, journaled and parsed) with the next acknowledgement
// "sent" (accepted by the SMTP server): the daemon's own share of an op.
func daemonLatency(logPath string, start time.Time) ([]time.Duration, error) {
	return logLatency(logPath, start, "sent")
}

// logLatency pairs, in the daemon's log since start, each "mail" record
// with the next record msg ("enqueued", "sent") of an acknowledgement.
func logLatency(logPath string, start time.Time, msg string) ([]time.Duration, error) {
	data, err := os.ReadFile(logPath)
	if err != nil {
		return nil, err
	}
	var out []time.Duration
	var mailAt time.Time
	for _, l := range strings.Split(string(data), "\n") {
		var r struct {
			Time time.Time `json:"time"`
			Msg  string    `json:"msg"`
			ID   string    `json:"id"`
		}
		if json.Unmarshal([]byte(l), &r) != nil || r.Time.Before(start) {
			continue
		}
		switch {
		case r.Msg == "mail":
			mailAt = r.Time
		case r.Msg == msg && strings.HasPrefix(r.ID, "reply.") && !mailAt.IsZero():
			out = append(out, r.Time.Sub(mailAt))
			mailAt = time.Time{}
		}
	}
	return out, nil
}

func reportLatency(b *testing.B, lat []time.Duration, unit string) {
	if len(lat) == 0 {
		return
	}
	slices.Sort(lat)
	q := func(p float64) float64 { return float64(lat[int(p*float64(len(lat)-1))].Microseconds()) / 1000 }
	b.ReportMetric(q(0.5), unit+"-p50")
	b.ReportMetric(q(0.95), unit+"-p95")
	b.ReportMetric(q(1), unit+"-max")
}

// BenchmarkOrderMails100Games: b.N order mails, spread over the 100 games
// and sent by four SMTP clients at once, until every acknowledgement is in
// the player's INBOX; mails/s is the sustained rate (target >= 20/s).
func BenchmarkOrderMails100Games(b *testing.B) {
	e := getBenchEnv(b)
	mb := e.w.open(b, e.from)
	defer mb.close()
	before := mb.count(b)
	const senders = 4
	b.ResetTimer()
	t0 := time.Now()
	var wg sync.WaitGroup
	errc := make(chan error, senders)
	for k := 0; k < senders; k++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var msgs [][]byte
			for i := k; i < b.N; i += senders {
				id := e.ids[i%len(e.ids)]
				msgs = append(msgs, rawMail(e.from, e.s.addr, "orders "+id, newMsgID(e.w), e.texts[id]))
			}
			if err := e.w.sendMany(e.from, e.s.addr, msgs); err != nil {
				errc <- err
			}
		}()
	}
	wg.Wait()
	close(errc)
	if err := <-errc; err != nil {
		b.Fatal(err)
	}
	mb.waitFor(b, before+b.N, 5*time.Minute)
	el := time.Since(t0)
	b.StopTimer()
	b.ReportMetric(float64(b.N)/el.Seconds(), "mails/s")
	if rss, hwm, err := memOf(e.d.cmd.Process.Pid); err == nil {
		b.ReportMetric(rss, "MB-RSS")
		b.ReportMetric(hwm, "MB-HWM")
	}
}

// sendMany sends messages over one SMTP connection.
func (w *world) sendMany(from, to string, msgs [][]byte) error {
	c, err := smtp.Dial(net.JoinHostPort(w.smtpHost, strconv.Itoa(w.smtpPort)))
	if err != nil {
		return err
	}
	defer c.Close()
	if err := c.Hello("client.pbem.test"); err != nil {
		return err
	}
	for _, m := range msgs {
		if err := c.Mail(from); err != nil {
			return err
		}
		if err := c.Rcpt(to); err != nil {
			return err
		}
		wc, err := c.Data()
		if err != nil {
			return err
		}
		if _, err := wc.Write(m); err != nil {
			return err
		}
		if err := wc.Close(); err != nil {
			return err
		}
	}
	return c.Quit()
}

// BenchmarkMemory100Games reports the daemon's resident memory (VmRSS, and
// the peak VmHWM, from /proc/PID/status) once it has loaded 100 games and
// processed an order mail for each (target < 60 MB). One op is a read of
// /proc: only the MB metrics mean anything.
func BenchmarkMemory100Games(b *testing.B) {
	e := getBenchEnv(b)
	mb := e.w.open(b, e.from)
	defer mb.close()
	before := mb.count(b)
	var msgs [][]byte
	for _, id := range e.ids {
		msgs = append(msgs, rawMail(e.from, e.s.addr, "orders "+id, newMsgID(e.w), e.texts[id]))
	}
	if err := e.w.sendMany(e.from, e.s.addr, msgs); err != nil {
		b.Fatal(err)
	}
	mb.waitFor(b, before+len(msgs), 5*time.Minute)
	var rss, hwm float64
	var err error
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if rss, hwm, err = memOf(e.d.cmd.Process.Pid); err != nil {
			b.Fatal(err)
		}
	}
	b.StopTimer()
	b.ReportMetric(rss, "MB-RSS")
	b.ReportMetric(hwm, "MB-HWM")
}

// memOf reads VmRSS and VmHWM of a process, in MB.
func memOf(pid int) (rss, hwm float64, err error) {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0, 0, err
	}
	for _, l := range strings.Split(string(data), "\n") {
		f := strings.Fields(l)
		if len(f) < 2 {
			continue
		}
		kb, _ := strconv.ParseFloat(f[1], 64)
		switch f[0] {
		case "VmRSS:":
			rss = kb / 1024
		case "VmHWM:":
			hwm = kb / 1024
		}
	}
	return rss, hwm, nil
}

// BenchmarkTurnByMail: one op is a nation turn played by mail with no
// change-of-mind delay: the order mail is acknowledged, the turn (and any
// round events after it) adjudicated and written to the archive, and the
// reports with their maps (every player) and "your turn" (the next player)
// sent, until the outbox is empty. Run it with a small -benchtime (20x):
// a game has about a hundred turns.
func BenchmarkTurnByMail(b *testing.B) {
	w, closeWorld := benchWorld(b)
	defer closeWorld()
	s := newServer(b, w, serverOpts{prefix: "turns"})
	g := s.theGame()
	s.settle(b)
	d, err := s.spawn(pbemBinary(b))
	if err != nil {
		b.Fatal(err)
	}
	defer d.terminate()
	d.waitLog(b, wait, "IMAP session ready")
	b.Logf("mail servers: %s", w.name)
	var lat []time.Duration
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		due, from, text, _ := s.due(b, g, uint64(i+1))
		msgID := newMsgID(w)
		raw := rawMail(from, s.addr, "orders "+due.ID, msgID, text)
		b.StartTimer()
		t0 := time.Now()
		if err := w.send(from, []string{s.addr}, raw); err != nil {
			b.Fatal(err)
		}
		// The handler returns once the turn ran and its mail is queued.
		d.waitLog(b, wait, `"msg":"message processed"`, msgID)
		s.outboxEmpty(b, wait)
		b.StopTimer()
		if a, err := archive.Open(g.dir); err != nil || a.Due().ID == due.ID {
			b.Fatalf("%s did not run (%v)", due.ID, err)
		}
		b.StartTimer()
		lat = append(lat, time.Since(t0))
	}
	b.StopTimer()
	reportLatency(b, lat, "ms")
}
