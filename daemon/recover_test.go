package daemon

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pbem-org/pbem/archive"
	"github.com/pbem-org/pbem/bot"
	"github.com/pbem-org/pbem/mailer"
	"github.com/pbem-org/pbem/orders"
)

// TestCrashAfterAdvance: the process dies after a step is written to the
// archive and before its mail is queued; the next tick queues the reports
// and "your turn" (e2e/crash_test.go kills the real binary at that point).
func TestCrashAfterAdvance(t *testing.T) {
	f := newFixture(t)
	_, tok := f.duePlayer()
	nation := f.g.Due().Nation
	_, err := f.g.Submit(nation, f.botOrders(tok), f.now)
	require.NoError(t, err)
	require.NoError(t, f.d.beginAdvance(f.g, advancing{}))
	_, err = f.g.Advance(false) // ... and the process dies here
	require.NoError(t, err)

	require.NoError(t, f.d.Tick(context.Background()))
	for _, a := range addrs {
		found := false
		for _, m := range f.out.to(a) {
			found = found || strings.Contains(m.Subject, "r01-romanobritish:")
		}
		assert.True(t, found, "%s got the report", a)
	}
	next, _ := f.duePlayer()
	assert.Contains(t, f.out.last(next).Subject, "r01-welsh: Your turn")
	_, err = os.Stat(f.d.advancingPath(f.g))
	assert.True(t, os.IsNotExist(err), "the mark is gone once the mail is queued")
}

// TestCrashBeforeAdvance: a mark left by a crash before the step was
// written is dropped, and the turn runs normally at the restart.
func TestCrashBeforeAdvance(t *testing.T) {
	f := newFixture(t)
	_, tok := f.duePlayer()
	_, err := f.g.Submit(f.g.Due().Nation, f.botOrders(tok), f.now)
	require.NoError(t, err)
	require.NoError(t, f.d.beginAdvance(f.g, advancing{})) // ... and the process dies here
	d := f.open(f.d.cfg)
	require.NoError(t, d.Tick(context.Background()))
	g := d.game("ashdown")
	assert.Equal(t, "r01-welsh", g.Due().ID)
	_, err = os.Stat(d.advancingPath(g))
	assert.True(t, os.IsNotExist(err))
}

var errCrash = errors.New("the process was killed here")

// crashingOutbox is the outbox of a process killed at its next+1-th
// Enqueue: what was queued before stays (the real queue is on disk), that
// Enqueue and every later one fail. next < 0 never crashes.
type crashingOutbox struct {
	*capture
	next int
}

func (c *crashingOutbox) Enqueue(o *mailer.Outgoing) error {
	if c.next == 0 {
		return errCrash
	}
	c.next--
	return c.capture.Enqueue(o)
}

// crashScene is a game with steps already played, in a data directory
// that each crash run copies, and the order mail that sets off a burst of
// steps.
type crashScene struct {
	name  string
	dir   string // the data directory
	cfg   Config
	now   time.Time
	ids   map[string]bool // outbox ids queued while the scene was set up
	burst *mailer.Message // the order mail
	steps int             // steps before the burst
}

// newCrashScene creates the game ashdown, lets play advance it (through
// the daemon or the archive), and writes the due player's bot orders as
// the burst mail.
func newCrashScene(t *testing.T, name string, play func(t *testing.T, d *Daemon, g *archive.Game, toks archive.Tokens, out *capture)) *crashScene {
	t.Helper()
	s := &crashScene{name: name, dir: t.TempDir(), now: time.Date(2026, 11, 2, 12, 0, 0, 0, time.UTC)}
	var ps []archive.Player
	for i, a := range addrs {
		ps = append(ps, archive.Player{Name: []string{"Alice", "Bob", "Carol", "Dave"}[i], Email: a})
	}
	_, toks, err := archive.Create(filepath.Join(s.dir, "games", "ashdown"), archive.NewGame{ID: "ashdown", Ruleset: "redux", Players: ps},
		byteReader{rand.New(rand.NewPCG(1, 2))})
	require.NoError(t, err)
	s.cfg = testConfig(t, s.dir)
	out := &capture{}
	d := s.daemon(t, out)
	g := d.game("ashdown")
	require.NoError(t, d.Welcome(g))
	play(t, d, g, toks, out)
	s.ids = map[string]bool{}
	for _, m := range out.msgs {
		s.ids[m.ID] = true
	}
	s.steps = len(g.Steps())
	due := g.Due()
	require.NotEmpty(t, due.Nation, "a nation turn is due for the burst")
	p := g.PlayerOf(due.Nation)
	text := orders.Encode(bot.Orders(g.Engine(), g.State(), "ashdown", toks[p.Name], 3), g.Rules())
	raw := fmt.Sprintf("From: %s\r\nTo: pbem@example.test\r\nSubject: orders\r\nMessage-ID: <burst@example.test>\r\nDate: Mon, 2 Nov 2026 12:00:00 +0000\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n%s",
		p.Email, strings.ReplaceAll(text, "\n", "\r\n"))
	s.burst = &mailer.Message{Raw: []byte(raw), JournalID: "jburst", MessageID: "burst@example.test"}
	return s
}

// daemon starts a daemon on the scene's data directory, as "pbem serve"
// does after a (re)start.
func (s *crashScene) daemon(t *testing.T, out Enqueuer) *Daemon {
	t.Helper()
	d, err := New(s.cfg, Options{Out: out, Now: func() time.Time { return s.now }, Log: slog.New(slog.NewTextHandler(io.Discard, nil))})
	require.NoError(t, err)
	return d
}

// copy returns a copy of the scene in a new data directory, and a fresh
// outbox that has already queued what the scene's setup queued.
func (s *crashScene) copy(t *testing.T) (*crashScene, *capture) {
	t.Helper()
	c := *s
	c.dir = t.TempDir()
	linkTree(t, s.dir, c.dir)
	c.cfg = testConfig(t, c.dir)
	out := &capture{ids: map[string]bool{}}
	for id := range s.ids {
		out.ids[id] = true
	}
	return &c, out
}

// linkTree copies the tree src into dst with hard links, which is quick
// for a whole game's archive. A daemon that wrote a file in place would
// change the scene for every later copy; crashEverywhere checks that it
// never does: every file is replaced by a rename, or a crash could tear it.
func linkTree(t *testing.T, src, dst string) {
	t.Helper()
	require.NoError(t, filepath.WalkDir(src, func(p string, e fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		if e.IsDir() {
			return os.MkdirAll(filepath.Join(dst, rel), 0o700)
		}
		return os.Link(p, filepath.Join(dst, rel))
	}))
}

// treeDigest is a digest of every file's path and content under dir.
func treeDigest(t *testing.T, dir string) string {
	t.Helper()
	h := sha256.New()
	require.NoError(t, filepath.WalkDir(dir, func(p string, e fs.DirEntry, err error) error {
		if err != nil || e.IsDir() {
			return err
		}
		b, err := os.ReadFile(p)
		fmt.Fprintf(h, "%s %d\n", p, len(b))
		h.Write(b)
		return err
	}))
	return hex.EncodeToString(h.Sum(nil))
}

// sent is the mail queued after the scene's setup, by id.
func (s *crashScene) sent(out *capture) map[string]string {
	m := map[string]string{}
	for _, o := range out.msgs {
		m[o.ID] = strings.Join(o.To, ",") + "\n" + o.Subject + "\n" + o.Text
	}
	return m
}

// finish is what a restarted daemon does: the intake hands it the burst
// mail again (it was never marked processed) and the clock ticks, in
// either order.
func (s *crashScene) finish(t *testing.T, d *Daemon, tickFirst bool) {
	t.Helper()
	ctx := context.Background()
	if tickFirst {
		require.NoError(t, d.Tick(ctx), "the clock after the restart")
	}
	again := *s.burst
	again.Attempt = 2 // the intake counts the attempt the crash cut short
	require.NoError(t, d.Handle(ctx, &again), "the burst mail after the restart")
	require.NoError(t, d.Tick(ctx), "the clock after the restart")
}

// TestCrashAtEveryPoint kills the daemon at every point of a burst of
// steps set off by one order mail, with several steps already played (issue
// 10 item 7: recovery built the parent's folder without its id,
// "turns/004-/state.json", and the game was wedged for good), then starts
// it again. The points are: the advance mark written and the step not;
// every Enqueue (the acknowledgement, each report of each step, "your
// turn"), which fails as if the process died before it; and every mail
// queued but the mark not yet removed. After the restart the game has moved
// exactly as without a crash, the archive verifies, the mark is gone, and
// the mail queued is the mail of a run without a crash: the same ids, each
// with the same recipients, subject and text, nothing more.
//
// The scenes: the last nation turn of round 1 and the round's end (parents
// 004 and 005); the same after a rollback, so that a step's parent is not
// the step before it; and the last turn and end of the game (no "your
// turn" after it).
func TestCrashAtEveryPoint(t *testing.T) {
	byMail := func(n int) func(t *testing.T, d *Daemon, g *archive.Game, toks archive.Tokens, out *capture) {
		return func(t *testing.T, d *Daemon, g *archive.Game, toks archive.Tokens, out *capture) {
			for i := 0; i < n; i++ {
				p := g.PlayerOf(g.Due().Nation)
				text := orders.Encode(bot.Orders(g.Engine(), g.State(), "ashdown", toks[p.Name], 3), g.Rules())
				require.NoError(t, d.Handle(context.Background(), &mailer.Message{Raw: []byte("From: " + p.Email + "\r\nSubject: orders\r\nMessage-ID: <s" + fmt.Sprint(i) + "@example.test>\r\n\r\n" + strings.ReplaceAll(text, "\n", "\r\n")),
					JournalID: fmt.Sprintf("j%d", i), MessageID: fmt.Sprintf("s%d@example.test", i)}))
			}
		}
	}
	scenes := []*crashScene{
		newCrashScene(t, "round end", byMail(4)),
		newCrashScene(t, "after a rollback", func(t *testing.T, d *Daemon, g *archive.Game, toks archive.Tokens, out *capture) {
			byMail(5)(t, d, g, toks, out) // to 006 r01-end
			_, err := g.Rollback("4", "crash test")
			require.NoError(t, err)
			require.Equal(t, 4, lastInForce(g).Number)
		}),
		newCrashScene(t, "game end", func(t *testing.T, d *Daemon, g *archive.Game, toks archive.Tokens, out *capture) {
			// The bot plays the whole game through the archive, as a GM
			// would with "pbem turn --nmr", and the GM rolls back to
			// before its last nation turn.
			for !g.Due().Over {
				_, err := g.Advance(g.Due().Nation != "")
				require.NoError(t, err)
			}
			steps := g.Steps()
			last := steps[len(steps)-2]
			require.True(t, strings.HasSuffix(steps[len(steps)-1].ID, "-end") && !strings.HasSuffix(last.ID, "-end"), "the game ends with a nation turn and a round event")
			_, err := g.Rollback(fmt.Sprint(last.Parent), "crash test")
			require.NoError(t, err)
		}),
	}
	require.Equal(t, 4, scenes[0].steps)
	require.Equal(t, 6, scenes[1].steps)

	var points atomic.Int64
	t.Run("points", func(t *testing.T) {
		for _, s := range scenes {
			t.Run(s.name, func(t *testing.T) { s.crashEverywhere(t, &points) })
		}
	})
	t.Logf("%d crash points, each restarted and checked", points.Load())
}

// crashEverywhere runs the scene's burst without a crash, then crashes it
// at every point, restarts and compares; it returns the number of points.
func (s *crashScene) crashEverywhere(t *testing.T, points *atomic.Int64) {
	scene := treeDigest(t, s.dir)
	t.Cleanup(func() { assert.Equal(t, scene, treeDigest(t, s.dir), "a file of the scene was written in place") })
	ref, out := s.copy(t)
	d := ref.daemon(t, out)
	require.NoError(t, d.Handle(context.Background(), s.burst))
	want, wantSteps := ref.sent(out), len(d.game("ashdown").Steps())
	require.GreaterOrEqual(t, wantSteps, s.steps+2, "the burst plays a nation turn and a round event")
	require.Len(t, want, len(out.msgs))
	check := func(t *testing.T, c *crashScene, out *capture, d *Daemon, verify bool) {
		t.Helper()
		points.Add(1)
		g := d.game("ashdown")
		assert.Len(t, g.Steps(), wantSteps, "the game moved as without a crash")
		got := c.sent(out)
		for id, w := range want {
			switch g, ok := got[id]; {
			case !ok:
				t.Errorf("%s was never queued", id)
			case g != w && !(id == "reply.jburst" && g == deadlineLine.ReplaceAllString(w, "")):
				t.Errorf("%s differs from the run without a crash:\n%s\nwant\n%s", id, g, w)
			}
		}
		for id := range got {
			if _, ok := want[id]; !ok {
				t.Errorf("%s was queued, and not in the run without a crash", id)
			}
		}
		_, err := os.Stat(d.advancingPath(g))
		assert.True(t, os.IsNotExist(err), "the mark is gone")
		if verify {
			assert.NoError(t, archive.Verify(g.Dir()))
		}
	}
	small := s.steps < 20 // verify every point of a short game, one of a long one
	for k := 0; k < len(want); k++ {
		// After a crash at the acknowledgement (k 0) the restarted clock
		// may run the accepted orders before the intake hands the mail
		// again, or after: both. Later points alternate.
		orders := []bool{k%2 == 1}
		if k == 0 {
			orders = []bool{false, true}
		}
		for _, tickFirst := range orders {
			t.Run(fmt.Sprintf("enqueue %d, tick first %v", k+1, tickFirst), func(t *testing.T) {
				t.Parallel()
				c, out := s.copy(t)
				crashing := &crashingOutbox{capture: out, next: -1}
				d := c.daemon(t, crashing)
				crashing.next = k // counted from the burst: New queues mail too (the GM's token)
				require.ErrorIs(t, d.Handle(context.Background(), s.burst), errCrash)
				check(t, c, out, c.restart(t, out, tickFirst), small)
			})
		}
	}
	t.Run("the mark written, the step not", func(t *testing.T) {
		t.Parallel()
		c, out := s.copy(t)
		d := c.daemon(t, out)
		require.NoError(t, d.beginAdvance(d.game("ashdown"), advancing{}))
		check(t, c, out, c.restart(t, out, false), small)
	})
	t.Run("every mail queued, the mark not removed", func(t *testing.T) {
		t.Parallel()
		c, out := s.copy(t)
		d := c.daemon(t, out)
		require.NoError(t, d.Handle(context.Background(), s.burst))
		g := d.game("ashdown")
		last := g.Steps()[len(g.Steps())-1]
		data, _ := json.Marshal(advancing{Parent: last.Parent})
		require.NoError(t, os.WriteFile(d.advancingPath(g), data, 0o644))
		check(t, c, out, c.restart(t, out, true), true)
	})
}

// deadlineLine is the deadline of an acknowledgement, which one sent after
// the turn ran leaves out.
var deadlineLine = regexp.MustCompile(`(?m)^Deadline: .*\n`)

// restart starts a new daemon on the scene after a crash and lets it
// finish.
func (s *crashScene) restart(t *testing.T, out *capture, tickFirst bool) *Daemon {
	t.Helper()
	d := s.daemon(t, out)
	s.finish(t, d, tickFirst)
	return d
}

// TestRetryLeavesTheTurnToTheClock: an order mail handled again after a
// crash (Attempt > 1) is acknowledged and its orders stored, but the turn
// is left to the clock, which runs it at its next tick: a retry is quick,
// so a mail is not set aside as poison because kills kept cutting short the
// turn it waited for.
func TestRetryLeavesTheTurnToTheClock(t *testing.T) {
	f := newFixture(t)
	addr, tok := f.duePlayer()
	m := &mailer.Message{Raw: []byte("From: " + addr + "\r\nSubject: orders\r\nMessage-ID: <r@example.test>\r\n\r\n" + strings.ReplaceAll(f.botOrders(tok), "\n", "\r\n")),
		JournalID: "jr", MessageID: "r@example.test", Attempt: 2}
	require.NoError(t, f.d.Handle(context.Background(), m))
	assert.Contains(t, f.out.last(addr).Subject, "Orders accepted")
	assert.Equal(t, "r01-romanobritish", f.g.Due().ID, "the retry did not run the turn")
	require.NoError(t, f.d.Tick(context.Background()))
	assert.Equal(t, "r01-welsh", f.g.Due().ID, "the clock ran it")
}

// TestGMOrdersAcknowledgedAfterCrash: the GM's orders for a player (the
// GM's token blanked out of the file as entered) were accepted, then the
// process died before the acknowledgement was queued, and after the restart
// the clock ran the turn first. The mail, handled again, gets its
// acknowledgement, not "frozen": the archive is asked for the file as it
// was entered, not as it came.
func TestGMOrdersAcknowledgedAfterCrash(t *testing.T) {
	f := newFixture(t)
	due := f.g.Due()
	raw := "From: gm@example.test\r\nSubject: orders for Carol's nation\r\nMessage-ID: <gm1@example.test>\r\n\r\n" + strings.ReplaceAll(f.botOrders(f.gmTok), "\n", "\r\n")
	m := &mailer.Message{Raw: []byte(raw), JournalID: "jgm1", MessageID: "gm1@example.test", Attempt: 1}
	crashing := &crashingOutbox{capture: f.out, next: 0}
	f.d.out = crashing
	require.ErrorIs(t, f.d.Handle(context.Background(), m), errCrash)
	require.NotNil(t, must(f.g.Pending()), "the orders were accepted before the crash")

	d := f.open(testConfig(t, filepath.Dir(filepath.Dir(f.g.Dir()))))
	require.NoError(t, d.Tick(context.Background()))
	require.NotEqual(t, due.ID, d.game("ashdown").Due().ID, "the clock ran the turn")
	m.Attempt = 2
	require.NoError(t, d.Handle(context.Background(), m))
	ack := f.out.last("gm@example.test")
	require.NotNil(t, ack)
	assert.Contains(t, ack.Subject, "Orders accepted")
	assert.Contains(t, ack.Text, "turn "+due.ID)
	assert.NotContains(t, ack.Text, "Deadline:", "the turn has run")
}
