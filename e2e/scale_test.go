package e2e

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapclient"

	"github.com/pbem-org/pbem/archive"
	"github.com/pbem-org/pbem/bot"
	"github.com/pbem-org/pbem/daemon"
	"github.com/pbem-org/pbem/mailer/mailtest"
	"github.com/pbem-org/pbem/orders"
)

// BenchmarkScale measures one "pbem serve" with many games (issue 23,
// "Scale: one host for a club") against Dovecot and Postfix (PBEM_E2E=1),
// each figure once (run it with -benchtime 1x):
//
//	PBEM_SCALE_GAMES   how many games (default 100)
//	PBEM_SCALE_CACHE   where the games are kept between runs (default
//	                   /tmp/pbem-scale-cache): creating 10,000 games and
//	                   mailing their welcomes takes minutes, so each size is
//	                   made once (archive.Create, then one daemon run
//	                   against the in-process servers that takes every
//	                   welcome and first "your turn") and every run works on
//	                   a hard-linked copy (every archive write is a new file
//	                   renamed into place, so the copy never writes through)
//	PBEM_SCALE_PHASES  which phases to run, comma-separated (default all):
//	                   start, idle, latency, acks, drain, turns
//	PBEM_SCALE_WORKERS imap.workers of the daemon measured (default: pbem's)
//	PBEM_SCALE_BIN     the pbem binary to measure (default: this tree's),
//	                   to compare builds on the same games
//
// The metrics (BENCHMARKS.md, "Scale"):
//
//	s-start          spawn to "IMAP session ready"
//	MB-RSS-idle      VmRSS after a minute idle
//	ms-cpu/tick      the daemon's CPU time (every thread's schedstat) over a
//	                 minute idle, per 5 s (the old clock's tick)
//	ms-ack-p50/p95   100 order mails one at a time: submission to the
//	                 acknowledgement in the player's INBOX
//	ms-share-p50/p95 the same mails, pbem's own share: the log record of the
//	                 mail read (fetched, journaled, parsed) to the one of its
//	                 acknowledgement accepted by Postfix (Postfix's answer
//	                 to the message included)
//	ms-handle-p50/p95 the same, to the acknowledgement queued in the outbox
//	ms-cpu/ack       pbem's CPU time for those mails, per mail
//	acks/s           500 order mails to 500 games (change-of-mind delay one
//	                 hour: no turn runs), four SMTP clients at once, until
//	                 every acknowledgement is in the INBOX
//	MB-HWM-acks      VmHWM at the end of that burst
//	ms-cpu-others/ack-acks (and -drain)
//	                 the CPU time the machine was busy (/proc/stat) during
//	                 that burst, per mail, that was neither pbem nor this
//	                 benchmark: Dovecot, Postfix and the kernel's threads
//	drain-acks/s     pbem's own rate: 500 order mails put straight into its
//	                 INBOX (IMAP APPEND) while it is stopped (SIGSTOP), then
//	                 from SIGCONT to the 500th acknowledgement accepted by
//	                 Postfix (the daemon's log); Postfix and Dovecot still
//	                 take the acknowledgements, but no longer deliver the
//	                 500 order mails on the same CPUs at the same time
//	turns/s          min(500, games) order mails with no change-of-mind
//	                 delay, until every acknowledgement, report (four a
//	                 turn) and "your turn" is in the players' INBOXes and
//	                 every game has played its turn; lost counts what never
//	                 came
func BenchmarkScale(b *testing.B) {
	needE2E(b)
	n := 100
	if v := os.Getenv("PBEM_SCALE_GAMES"); v != "" {
		var err error
		if n, err = strconv.Atoi(v); err != nil || n < 1 {
			b.Fatalf("PBEM_SCALE_GAMES=%q: want a number of games", v)
		}
	}
	w := realWorld(b)
	tmpl := scaleTemplate(b, n)
	phases := os.Getenv("PBEM_SCALE_PHASES")
	on := func(p string) bool { return phases == "" || slices.Contains(strings.Split(phases, ","), p) }
	b.ResetTimer()
	if on("start") || on("idle") || on("latency") || on("acks") {
		sc := newScaleRun(b, w, tmpl, n, time.Hour)
		sc.startAndIdle(b, on("idle"))
		if on("latency") {
			sc.latency(b, 100)
		}
		if on("acks") {
			sc.acks(b, 500)
		}
		if on("drain") {
			sc.drain(b, 500)
		}
		sc.stop(b)
	}
	if on("turns") {
		sc := newScaleRun(b, w, tmpl, n, 0)
		sc.start(b)
		sc.turns(b, min(500, n))
		sc.stop(b)
	}
}

// scaleWorkers is imap.workers for the daemon measured: PBEM_SCALE_WORKERS,
// else the default.
func scaleWorkers(b *testing.B) int {
	v := os.Getenv("PBEM_SCALE_WORKERS")
	if v == "" {
		return daemon.Defaults().IMAP.Workers
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < 1 {
		b.Fatalf("PBEM_SCALE_WORKERS=%q: want a number of mails handled at once", v)
	}
	return n
}

// The scale benchmark's fixed addresses: the cached games name them, so
// they are the same in every run (the mailboxes are emptied at its start).
var (
	scalePlayers = []string{"scale-alice@pbem.test", "scale-bob@pbem.test", "scale-carol@pbem.test", "scale-dave@pbem.test"}
	scalePbem    = "scale-pbem@pbem.test"
	scaleGM      = "scale-gm@pbem.test"
)

const scaleGMToken = "5ca1-e0gm-0000-0001"

func scaleID(i int) string { return fmt.Sprintf("club-%05d", i) }

// scaleTemplate returns the cached data directory of n games, making it if
// missing: the games, then one run of the daemon that mails the welcomes
// and first "your turn"s to the in-process servers.
func scaleTemplate(b *testing.B, n int) string {
	cache := envOr("PBEM_SCALE_CACHE", "/tmp/pbem-scale-cache")
	dir := filepath.Join(cache, fmt.Sprintf("games-%d", n))
	if _, err := os.Stat(filepath.Join(dir, "settled")); err == nil {
		return dir
	}
	if err := os.RemoveAll(dir); err != nil {
		b.Fatal(err)
	}
	t0 := time.Now()
	createGames(b, dir, n)
	b.Logf("%d games created in %v", n, time.Since(t0).Round(time.Second))
	t0 = time.Now()
	srv, err := mailtest.New(mailtest.Options{})
	if err != nil {
		b.Fatal(err)
	}
	defer srv.Close()
	for _, a := range append([]string{scalePbem, scaleGM}, scalePlayers...) {
		if err := srv.AddUser(a, password); err != nil {
			b.Fatal(err)
		}
	}
	writeScaleConfig(b, dir, srv.IMAPAddr(), "127.0.0.1", srv.SMTPPort(), time.Hour)
	p := spawnIn(b, dir)
	p.waitLog(b, 10*time.Minute, "IMAP session ready")
	// Every game's first "your turn" is queued, then the outbox empties.
	deadline := time.Now().Add(2 * time.Hour)
	for srv.Accepted() < 5*n { // 4 welcomes and a "your turn" a game
		if time.Now().After(deadline) {
			b.Fatalf("settling: %d of %d mails sent", srv.Accepted(), 5*n)
		}
		time.Sleep(time.Second)
	}
	waitEmptyOutbox(b, dir, 10*time.Minute)
	if err := p.terminate(); err != nil {
		b.Fatal(err)
	}
	for _, f := range []string{"serve-1.log"} {
		os.Remove(filepath.Join(dir, f))
	}
	if err := os.WriteFile(filepath.Join(dir, "settled"), nil, 0o644); err != nil {
		b.Fatal(err)
	}
	b.Logf("%d games settled (%d welcome mails) in %v", n, srv.Accepted(), time.Since(t0).Round(time.Second))
	return dir
}

// createGames makes n reduX games of four players under dir/games with
// archive.Create, two at a time.
func createGames(b *testing.B, dir string, n int) {
	var ps []archive.Player
	for i, a := range scalePlayers {
		ps = append(ps, archive.Player{Name: []string{"Alice", "Bob", "Carol", "Dave"}[i], Email: a})
	}
	work := make(chan int)
	errc := make(chan error, 2)
	var wg sync.WaitGroup
	for k := 0; k < 2; k++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range work {
				id := scaleID(i)
				if _, _, err := archive.Create(filepath.Join(dir, "games", id), archive.NewGame{ID: id, Ruleset: "redux", Players: ps}, seededReader(uint64(i))); err != nil {
					errc <- err
					return
				}
			}
		}()
	}
	for i := 1; i <= n; i++ {
		work <- i
	}
	close(work)
	wg.Wait()
	close(errc)
	if err := <-errc; err != nil {
		b.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "gm.token"), []byte(scaleGMToken+"\n"), 0o600); err != nil {
		b.Fatal(err)
	}
}

func writeScaleConfig(b *testing.B, dir, imapAddr, smtpHost string, smtpPort int, changeOfMind time.Duration) {
	cfg := fmt.Sprintf(`# Written by BenchmarkScale.
data: %s
gm: %s
gm_token_file: %s
from: %s
domain: pbem.test
imap:
  addr: %s
  tls: none
  username: %s
  password: %s
  poll_interval: 1m
  workers: %d
smtp:
  host: %s
  port: %d
  tls: none
pace:
  change_of_mind: %s
  deadline: 48h
log:
  level: info
  format: json
`, dir, scaleGM, filepath.Join(dir, "gm.token"), scalePbem, imapAddr, scalePbem, password, scaleWorkers(b), smtpHost, smtpPort, changeOfMind)
	path := filepath.Join(dir, "config.yaml")
	os.Remove(path) // a hard link to the cached copy's: write a file of its own
	if err := os.WriteFile(path, []byte(cfg), 0o600); err != nil {
		b.Fatal(err)
	}
}

// scaleBinary is the pbem binary measured: the one PBEM_SCALE_BIN names
// (another build, to compare), else this tree's.
func scaleBinary(b *testing.B) string {
	if bin := os.Getenv("PBEM_SCALE_BIN"); bin != "" {
		return bin
	}
	return pbemBinary(b)
}

// spawnIn starts "pbem serve" on the data directory dir.
func spawnIn(b *testing.B, dir string) *proc {
	s := &server{dir: dir, config: filepath.Join(dir, "config.yaml")}
	p, err := s.spawn(scaleBinary(b))
	if err != nil {
		b.Fatal(err)
	}
	return p
}

func waitEmptyOutbox(b *testing.B, dir string, timeout time.Duration) {
	s := &server{dir: dir}
	s.outboxEmpty(b, timeout)
}

// scaleRun is one daemon on a copy of the cached games.
type scaleRun struct {
	w   *world
	n   int
	dir string
	p   *proc
	seq int // games used so far, so that each burst mails games not mailed before
}

func newScaleRun(b *testing.B, w *world, tmpl string, n int, changeOfMind time.Duration) *scaleRun {
	dir := b.TempDir()
	data := filepath.Join(dir, "data")
	if out, err := exec.Command("cp", "-al", tmpl, data).CombinedOutput(); err != nil {
		b.Fatalf("copying the games: %v\n%s", err, out)
	}
	host, port := w.smtpHost, w.smtpPort
	writeScaleConfig(b, data, w.imapAddr, host, port, changeOfMind)
	for _, u := range append([]string{scalePbem, scaleGM}, scalePlayers...) {
		emptyMailboxes(b, w, u)
	}
	return &scaleRun{w: w, n: n, dir: data}
}

// emptyMailboxes removes every message of a user's INBOX and Processed.
func emptyMailboxes(b *testing.B, w *world, user string) {
	c, err := imapclient.DialInsecure(w.imapAddr, nil)
	if err != nil {
		b.Fatal(err)
	}
	defer c.Close()
	if err := c.Login(user, password).Wait(); err != nil {
		b.Fatal(err)
	}
	for _, mb := range []string{"INBOX", "Processed"} {
		sel, err := c.Select(mb, nil).Wait()
		if err != nil || sel.NumMessages == 0 {
			continue
		}
		set := imap.SeqSetNum(seqRange(sel.NumMessages)...)
		if err := c.Store(set, &imap.StoreFlags{Op: imap.StoreFlagsAdd, Silent: true, Flags: []imap.Flag{imap.FlagDeleted}}, nil).Close(); err != nil {
			b.Fatal(err)
		}
		if err := c.Expunge().Close(); err != nil {
			b.Fatal(err)
		}
	}
}

func (sc *scaleRun) start(b *testing.B) time.Duration {
	scaleBinary(b) // built before the clock starts
	t0 := time.Now()
	sc.p = spawnIn(b, sc.dir)
	sc.p.waitLog(b, 10*time.Minute, "IMAP session ready")
	return time.Since(t0)
}

func (sc *scaleRun) stop(b *testing.B) {
	if err := sc.p.terminate(); err != nil {
		b.Error(err)
	}
	if b.Failed() {
		data, _ := os.ReadFile(sc.p.log)
		b.Logf("the daemon's log, last lines:\n%s", tail(string(data), 30))
	}
}

// startAndIdle starts the daemon, reports how long it took to be ready for
// mail, then (idle) its resident memory and CPU time over a minute of no
// mail.
func (sc *scaleRun) startAndIdle(b *testing.B, idle bool) {
	took := sc.start(b)
	b.ReportMetric(took.Seconds(), "s-start")
	b.Logf("%d games: IMAP ready %v after the start", sc.n, took.Round(time.Millisecond))
	if !idle {
		return
	}
	// What a start does once is over: the clock's first look at the games
	// due (every game, the first time a binary that keeps a schedule
	// serves games a former one left), which the daemon logs; a daemon
	// that logs no such line gets 20 seconds.
	t0 := time.Now()
	for time.Since(t0) < 20*time.Second || (sc.p.logHas(`"msg":"schedule loaded"`) && !sc.p.logHas(`"msg":"clock caught up"`) && time.Since(t0) < 30*time.Minute) {
		time.Sleep(500 * time.Millisecond)
	}
	if took, ok := sc.firstPass(); ok {
		b.ReportMetric(took.Seconds(), "s-first-pass")
		b.Logf("%d games: the clock's first pass took %v (the daemon's log)", sc.n, took.Round(time.Millisecond))
	}
	pid := sc.p.cmd.Process.Pid
	c0 := cpuOf(b, pid)
	const span = 60 * time.Second
	time.Sleep(span)
	cpu := cpuOf(b, pid) - c0
	rss, hwm, err := memOf(pid)
	if err != nil {
		b.Fatal(err)
	}
	perTick := float64(cpu.Microseconds()) / 1000 / (span.Seconds() / 5)
	b.ReportMetric(perTick, "ms-cpu/tick")
	b.ReportMetric(rss, "MB-RSS-idle")
	b.ReportMetric(hwm, "MB-HWM-start")
	b.Logf("%d games idle: %.2f ms CPU per 5 s, RSS %.1f MB (peak %.1f MB)", sc.n, perTick, rss, hwm)
}

// cpuOf is the CPU time of every thread of a process (schedstat, in ns).
func cpuOf(b *testing.B, pid int) time.Duration {
	tasks, err := filepath.Glob(fmt.Sprintf("/proc/%d/task/*/schedstat", pid))
	if err != nil {
		b.Fatal(err)
	}
	var ns int64
	for _, t := range tasks {
		data, err := os.ReadFile(t)
		if err != nil {
			continue // a thread that ended
		}
		f := strings.Fields(string(data))
		if len(f) > 0 {
			v, _ := strconv.ParseInt(f[0], 10, 64)
			ns += v
		}
	}
	return time.Duration(ns)
}

// order is an order mail for the turn due in a game, from its player.
type order struct {
	game, from, turn, text string
}

// orderFor writes the bot's orders for the turn due in game i.
func (sc *scaleRun) orderFor(b *testing.B, i int) order {
	id := scaleID(i)
	a, err := archive.Open(filepath.Join(sc.dir, "games", id))
	if err != nil {
		b.Fatal(err)
	}
	due := a.Due()
	p := a.PlayerOf(due.Nation)
	tok, err := a.Token(p.Name)
	if err != nil {
		b.Fatal(err)
	}
	f := bot.Orders(a.Engine(), a.State(), id, tok, 1)
	return order{game: id, from: p.Email, turn: due.ID, text: orders.Encode(f, a.Rules())}
}

// nextGames returns the next k games to mail (1-based, wrapping round).
func (sc *scaleRun) nextGames(k int) []int {
	var out []int
	for range k {
		out = append(out, sc.seq%sc.n+1)
		sc.seq++
	}
	return out
}

// latency sends k order mails one at a time and reports the time to each
// acknowledgement, and pbem's own share of it from the daemon's log.
func (sc *scaleRun) latency(b *testing.B, k int) {
	mb := sc.w.open(b, scalePlayers[0])
	defer mb.close()
	count := mb.count(b)
	var lat []time.Duration
	start := time.Now()
	pid := sc.p.cmd.Process.Pid
	c0 := cpuOf(b, pid)
	for _, i := range sc.nextGames(k) {
		o := sc.orderFor(b, i)
		if o.from != scalePlayers[0] {
			b.Fatalf("game %s: %s is due, want %s", o.game, o.from, scalePlayers[0])
		}
		t0 := time.Now()
		if err := sc.w.send(o.from, []string{scalePbem}, rawMail(o.from, scalePbem, "orders "+o.game, newMsgID(sc.w), o.text)); err != nil {
			b.Fatal(err)
		}
		count++
		mb.waitFor(b, count, wait)
		lat = append(lat, time.Since(t0))
	}
	cpu := cpuOf(b, pid) - c0
	b.ReportMetric(float64(cpu.Microseconds())/1000/float64(k), "ms-cpu/ack")
	reportLatency(b, lat, "ms-ack")
	share, err := daemonLatency(sc.p.log, start)
	if err != nil {
		b.Fatal(err)
	}
	reportLatency(b, share, "ms-share")
	handled, err := logLatency(sc.p.log, start, "enqueued")
	if err != nil {
		b.Fatal(err)
	}
	reportLatency(b, handled, "ms-handle")
	b.Logf("%d games, %d mails one at a time: ack p50 %v; read to accepted by Postfix p50 %v p95 %v (%d pairs); read to queued p50 %v p95 %v; pbem's CPU %.2f ms a mail", sc.n, k,
		quantile(lat, 0.5), quantile(share, 0.5), quantile(share, 0.95), len(share), quantile(handled, 0.5), quantile(handled, 0.95), float64(cpu.Microseconds())/1000/float64(k))
}

func quantile(d []time.Duration, p float64) time.Duration {
	if len(d) == 0 {
		return 0
	}
	s := slices.Clone(d)
	slices.Sort(s)
	return s[int(p*float64(len(s)-1))].Round(100 * time.Microsecond)
}

// acks sends k order mails to k games over four SMTP connections at once
// and reports the rate at which they are acknowledged.
func (sc *scaleRun) acks(b *testing.B, k int) {
	mb := sc.w.open(b, scalePlayers[0])
	defer mb.close()
	before := mb.count(b)
	var mails []order
	for _, i := range sc.nextGames(k) {
		mails = append(mails, sc.orderFor(b, i))
	}
	c0 := sc.cpuMark(b)
	el := sc.burst(b, mails, func() { mb.waitFor(b, before+k, 10*time.Minute) })
	cpu := sc.cpuSince(b, c0, k, "acks")
	b.ReportMetric(float64(cpu.Microseconds())/1000/float64(k), "ms-cpu/ack-burst")
	rate := float64(k) / el.Seconds()
	_, hwm, _ := memOf(sc.p.cmd.Process.Pid)
	b.ReportMetric(rate, "acks/s")
	b.ReportMetric(hwm, "MB-HWM-acks")
	b.Logf("%d games: %d order mails acknowledged in %v: %.1f/s, pbem's CPU %.2f ms a mail; peak RSS %.1f MB", sc.n, k, el.Round(time.Millisecond), rate, float64(cpu.Microseconds())/1000/float64(k), hwm)
}

// burst sends the order mails over four SMTP connections at once, then
// waits with done; it returns the time from the first mail to done's
// return.
func (sc *scaleRun) burst(b *testing.B, mails []order, done func()) time.Duration {
	const senders = 4
	t0 := time.Now()
	var wg sync.WaitGroup
	errc := make(chan error, senders)
	for s := 0; s < senders; s++ {
		var msgs [][]byte
		for i := s; i < len(mails); i += senders {
			msgs = append(msgs, rawMail(mails[i].from, scalePbem, "orders "+mails[i].game, newMsgID(sc.w), mails[i].text))
		}
		wg.Add(1)
		go func(from string) {
			defer wg.Done()
			if err := sc.w.sendMany(from, scalePbem, msgs); err != nil {
				errc <- err
			}
		}(mails[s%len(mails)].from)
	}
	wg.Wait()
	close(errc)
	if err := <-errc; err != nil {
		b.Fatal(err)
	}
	done()
	return time.Since(t0)
}

// turns sends k order mails to k games with no change-of-mind delay: every
// one plays its turn. It waits until the players' INBOXes hold every
// acknowledgement, report (one to each of the four players) and "your
// turn", six mails a turn, then checks every game played its step.
func (sc *scaleRun) turns(b *testing.B, k int) {
	var mails []order
	steps := map[string]int{}
	for _, i := range sc.nextGames(k) {
		o := sc.orderFor(b, i)
		mails = append(mails, o)
		a, err := archive.Open(filepath.Join(sc.dir, "games", o.game))
		if err != nil {
			b.Fatal(err)
		}
		steps[o.game] = len(a.Steps())
	}
	var boxes []*mailbox
	before := 0
	for _, u := range scalePlayers {
		mb := sc.w.open(b, u)
		defer mb.close()
		boxes = append(boxes, mb)
		before += mb.count(b)
	}
	want, got := 6*k, 0
	t0 := time.Now()
	el := sc.burst(b, mails, func() {
		deadline := time.Now().Add(30 * time.Minute)
		for {
			got = -before
			for _, mb := range boxes {
				got += mb.count(b)
			}
			if got >= want || time.Now().After(deadline) {
				return
			}
			time.Sleep(500 * time.Millisecond)
		}
	})
	played := 0
	for id, n := range steps {
		a, err := archive.Open(filepath.Join(sc.dir, "games", id))
		if err != nil {
			b.Fatal(err)
		}
		if len(a.Steps()) > n {
			played++
		}
	}
	lost := max(0, want-got)
	_, hwm, _ := memOf(sc.p.cmd.Process.Pid)
	// When the last acknowledgement and the last step went out: the
	// acknowledgements do not wait for the turns (the clock plays them).
	if acked, stepped, err := lastOf(sc.p.log, t0); err == nil {
		b.ReportMetric(acked.Seconds(), "s-last-ack")
		b.ReportMetric(stepped.Seconds(), "s-last-step")
		b.Logf("the last acknowledgement was accepted by Postfix %v after the first mail, the last step played %v after it", acked.Round(time.Millisecond), stepped.Round(time.Millisecond))
	}
	b.ReportMetric(float64(played)/el.Seconds(), "turns/s")
	b.ReportMetric(float64(lost), "lost")
	b.ReportMetric(hwm, "MB-HWM-turns")
	b.Logf("%d games: %d order mails with turns: %d turns played, %d of %d mails in %v (%.1f turns/s), peak RSS %.1f MB",
		sc.n, k, played, got, want, el.Round(time.Millisecond), float64(played)/el.Seconds(), hwm)
	if lost > 0 || played < k {
		b.Errorf("%d of %d turns played, %d mails missing", played, k, lost)
	}
}

// lastOf reads the daemon's log for the last acknowledgement accepted by
// the SMTP server ("sent", id reply.*) and the last step played ("step")
// since t0, as times after t0.
func lastOf(path string, t0 time.Time) (acked, stepped time.Duration, err error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return 0, 0, err
	}
	for _, l := range strings.Split(string(data), "\n") {
		var r struct {
			Time time.Time `json:"time"`
			Msg  string    `json:"msg"`
			ID   string    `json:"id"`
		}
		if json.Unmarshal([]byte(l), &r) != nil || r.Time.Before(t0) {
			continue
		}
		switch {
		case r.Msg == "sent" && strings.HasPrefix(r.ID, "reply."):
			acked = max(acked, r.Time.Sub(t0))
		case r.Msg == "step":
			stepped = max(stepped, r.Time.Sub(t0))
		}
	}
	return acked, stepped, nil
}

// firstPass is how long the clock's first look at what was due at the
// start took, from the daemon's log ("clock caught up").
func (sc *scaleRun) firstPass() (time.Duration, bool) {
	data, err := os.ReadFile(sc.p.log)
	if err != nil {
		return 0, false
	}
	for _, l := range strings.Split(string(data), "\n") {
		var r struct {
			Msg  string `json:"msg"`
			Took string `json:"took"`
		}
		if json.Unmarshal([]byte(l), &r) == nil && r.Msg == "clock caught up" {
			d, err := time.ParseDuration(r.Took)
			return d, err == nil
		}
	}
	return 0, false
}

// drain puts k order mails to k games straight into the daemon's INBOX
// while it is stopped, lets it go on, and reports the rate at which its
// acknowledgements are accepted by Postfix (drain-acks/s): what pbem
// itself can do, without the order mails' own delivery through Postfix
// and Dovecot competing for the two CPUs.
func (sc *scaleRun) drain(b *testing.B, k int) {
	var mails [][]byte
	for _, i := range sc.nextGames(k) {
		o := sc.orderFor(b, i)
		mails = append(mails, rawMail(o.from, scalePbem, "orders "+o.game, newMsgID(sc.w), o.text))
	}
	mb := sc.w.open(b, scalePbem)
	defer mb.close()
	pid := sc.p.cmd.Process.Pid
	if err := syscall.Kill(pid, syscall.SIGSTOP); err != nil {
		b.Fatal(err)
	}
	for _, m := range mails {
		if err := appendMail(mb.c, m); err != nil {
			syscall.Kill(pid, syscall.SIGCONT)
			b.Fatal(err)
		}
	}
	time.Sleep(200 * time.Millisecond) // Dovecot's IDLE notices are in the socket
	c0 := sc.cpuMark(b)
	t0 := time.Now()
	if err := syscall.Kill(pid, syscall.SIGCONT); err != nil {
		b.Fatal(err)
	}
	var last time.Time
	lc := &logCounter{path: sc.p.log, msg: "sent", prefix: "reply.", start: t0}
	for deadline := time.Now().Add(10 * time.Minute); ; time.Sleep(50 * time.Millisecond) {
		n, at, err := lc.count()
		if err != nil {
			b.Fatal(err)
		}
		if n >= k {
			last = at
			break
		}
		if time.Now().After(deadline) {
			b.Fatalf("%d of %d acknowledgements sent after 10 minutes", n, k)
		}
	}
	cpu := sc.cpuSince(b, c0, k, "drain")
	el := last.Sub(t0)
	b.ReportMetric(float64(k)/el.Seconds(), "drain-acks/s")
	b.ReportMetric(float64(cpu.Microseconds())/1000/float64(k), "ms-cpu/ack-drain")
	b.Logf("%d games: %d order mails put in the INBOX of a stopped daemon: the last acknowledgement accepted by Postfix %v after it went on: %.1f/s; pbem's CPU %.2f ms a mail",
		sc.n, k, el.Round(time.Millisecond), float64(k)/el.Seconds(), float64(cpu.Microseconds())/1000/float64(k))
}

// appendMail puts a raw message into the INBOX of c's user.
func appendMail(c *imapclient.Client, raw []byte) error {
	cmd := c.Append("INBOX", int64(len(raw)), nil)
	if _, err := cmd.Write(raw); err != nil {
		return err
	}
	if err := cmd.Close(); err != nil {
		return err
	}
	_, err := cmd.Wait()
	return err
}

// logCounter counts the daemon's log records msg since start whose id
// begins with prefix, reading only what was written since it last looked:
// the benchmark's own CPU is measured beside pbem's.
type logCounter struct {
	path, msg, prefix string
	start             time.Time
	off               int64
	n                 int
	last              time.Time
}

// count reads the new complete lines of the log and gives the count and
// the time of the last record counted.
func (lc *logCounter) count() (int, time.Time, error) {
	f, err := os.Open(lc.path)
	if err != nil {
		return 0, time.Time{}, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.NewSectionReader(f, lc.off, 1<<40))
	if err != nil {
		return 0, time.Time{}, err
	}
	data = data[:bytes.LastIndexByte(data, '\n')+1]
	lc.off += int64(len(data))
	want := []byte(`"msg":"` + lc.msg + `"`)
	for _, l := range bytes.Split(data, []byte("\n")) {
		if !bytes.Contains(l, want) {
			continue
		}
		var r struct {
			Time time.Time `json:"time"`
			Msg  string    `json:"msg"`
			ID   string    `json:"id"`
		}
		if json.Unmarshal(l, &r) != nil || r.Time.Before(lc.start) || r.Msg != lc.msg || !strings.HasPrefix(r.ID, lc.prefix) {
			continue
		}
		lc.n++
		lc.last = r.Time
	}
	return lc.n, lc.last, nil
}

// cpuMark is the CPU time spent so far by pbem, by this benchmark's own
// process (its SMTP clients and IMAP counting) and by the whole machine
// (/proc/stat: all but idle and iowait, every CPU).
type cpuMark struct{ pbem, self, machine time.Duration }

func (sc *scaleRun) cpuMark(b *testing.B) cpuMark {
	data, err := os.ReadFile("/proc/stat")
	if err != nil {
		b.Fatal(err)
	}
	line, _, _ := strings.Cut(string(data), "\n")
	var m time.Duration
	for i, v := range strings.Fields(line)[1:] { // user nice system idle iowait irq softirq steal ...
		if i == 3 || i == 4 {
			continue
		}
		n, _ := strconv.ParseInt(v, 10, 64)
		m += time.Duration(n) * time.Second / 100 // USER_HZ
	}
	return cpuMark{pbem: cpuOf(b, sc.p.cmd.Process.Pid), self: cpuOf(b, os.Getpid()), machine: m}
}

// cpuSince reports the CPU time of a phase of k mails begun at c0, per
// mail: pbem's, and the rest of the machine's busy time (the mail servers
// and the kernel's threads), without this benchmark's own process. It
// returns pbem's.
func (sc *scaleRun) cpuSince(b *testing.B, c0 cpuMark, k int, phase string) time.Duration {
	c := sc.cpuMark(b)
	pbem, self, all := c.pbem-c0.pbem, c.self-c0.self, c.machine-c0.machine
	others := max(0, all-pbem-self)
	per := func(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 / float64(k) }
	b.ReportMetric(per(others), "ms-cpu-others/ack-"+phase)
	b.Logf("%s: CPU a mail: pbem %.2f ms, Dovecot, Postfix and the kernel %.2f ms, this benchmark %.2f ms (the machine busy %v in all)",
		phase, per(pbem), per(others), per(self), all.Round(10*time.Millisecond))
	return pbem
}
