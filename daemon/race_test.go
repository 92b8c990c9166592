package daemon

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pbem-org/pbem/mailer"
)

// hookOutbox runs a function when a mail whose subject holds a word is
// queued: a test's way in between two steps of a mail's handling.
type hookOutbox struct {
	*capture
	when string
	hook func()
}

func (h *hookOutbox) Enqueue(o *mailer.Outgoing) error {
	if err := h.capture.Enqueue(o); err != nil {
		return err
	}
	if h.hook != nil && strings.Contains(o.Subject, h.when) {
		hook := h.hook
		h.hook = nil
		hook()
	}
	return nil
}

// TestChangeOfMindRace (issue 23, "Two defects"): a clock tick that falls
// while an order mail is handled, after its orders are stored and before
// the mail's handling is over, must not run the turn before the
// change-of-mind delay has passed since those orders came, and a
// replacement sent within the delay must be the one played. Before the
// fix the orders were stored before the game's lock was taken and their
// acceptance time saved after: the tick saw orders with the acceptance
// time of the file before (or none) and ran the turn at once.
func TestChangeOfMindRace(t *testing.T) {
	f := newFixture(t)
	cfg := f.d.cfg
	cfg.Pace.ChangeOfMind = 10 * time.Minute
	f.d = f.open(cfg)
	f.g = f.d.game("ashdown")
	hook := &hookOutbox{capture: f.out}
	f.d.out = hook
	due := f.g.Due()
	addr, tok := f.duePlayer()

	// A tick in the middle of the first file's handling.
	ticked := make(chan error, 1)
	hook.when, hook.hook = "Orders accepted", func() {
		go func() { ticked <- f.d.Tick(context.Background()) }()
		time.Sleep(100 * time.Millisecond) // the tick runs now, or waits for the mail
	}
	f.mail(addr, "orders", f.botOrders(tok))
	require.NoError(t, <-ticked)
	require.Equal(t, due.ID, f.g.Due().ID, "the turn ran at once: the tick did not wait for the change-of-mind delay")

	// Nine minutes on, a replacement; the tick in its handling falls after
	// the first file's delay, within the replacement's.
	f.now = f.now.Add(9 * time.Minute)
	first := must(f.g.Pending()).Digest
	second, third := withSalt(f.botOrders(tok), "second"), withSalt(f.botOrders(tok), "third")
	hook.hook = func() {
		f.now = f.now.Add(2 * time.Minute) // 11 minutes after the first file
		go func() { ticked <- f.d.Tick(context.Background()) }()
		time.Sleep(100 * time.Millisecond)
	}
	f.mail(addr, "orders", second)
	require.NoError(t, <-ticked)
	require.Equal(t, due.ID, f.g.Due().ID, "the turn ran 10 minutes after the first file, 2 after its replacement")
	rec := must(f.g.Pending())
	require.NotNil(t, rec)

	// A third file within the second's delay replaces it, and is played
	// once its own delay has passed.
	f.now = f.now.Add(5 * time.Minute)
	f.mail(addr, "orders", third)
	last := must(f.g.Pending())
	require.NotNil(t, last, "the third file was accepted: the turn had not run")
	require.NotEqual(t, rec.Digest, last.Digest, "three different files")
	assert.NotEqual(t, first, rec.Digest)
	f.now = f.now.Add(9 * time.Minute)
	require.NoError(t, f.d.Tick(context.Background()))
	assert.Equal(t, due.ID, f.g.Due().ID, "9 minutes after the third file")
	f.now = f.now.Add(time.Minute)
	require.NoError(t, f.d.Tick(context.Background()))
	assert.NotEqual(t, due.ID, f.g.Due().ID, "10 minutes after the third file the turn runs")
	st, err := f.g.Step(due.ID)
	require.NoError(t, err)
	assert.Equal(t, last.Orders, st.Orders, "the last file was played")
}

// withSalt adds a salt line to an order file: another file, the same
// moves (docs/design.md §3).
func withSalt(text, salt string) string {
	return strings.TrimRight(text, "\n") + "\nsalt: " + salt + "\n"
}

// TestTurnOffTheIntake (issue 23): under Serve a mail that makes a turn
// ready is acknowledged without the turn being played in its handler; the
// clock plays it. Killed in between, the daemon plays it after the
// restart, at the end of the change-of-mind delay counted from the orders'
// arrival, found with no archive opened.
func TestTurnOffTheIntake(t *testing.T) {
	for _, delay := range []time.Duration{0, 10 * time.Minute} {
		t.Run(delay.String(), func(t *testing.T) {
			f := newFixture(t)
			cfg := f.d.cfg
			cfg.Pace.ChangeOfMind = delay
			f.d = f.open(cfg)
			f.d.async.Store(true) // as Serve's clock does
			f.g = f.d.game("ashdown")
			due := f.g.Due()
			addr, tok := f.duePlayer()
			f.mail(addr, "orders", f.botOrders(tok))
			assert.Contains(t, f.out.last(addr).Subject, "Orders accepted")
			assert.Equal(t, due.ID, f.g.Due().ID, "the handler did not play the turn")
			assert.True(t, f.d.nextDue().Equal(f.now.Add(delay)), "the clock is to play it: %s", f.d.nextDue())

			// Killed here; started again.
			f.d = f.open(cfg)
			if delay > 0 {
				f.now = f.now.Add(delay - time.Minute)
				require.NoError(t, f.d.Tick(context.Background()))
				assert.Equal(t, due.ID, f.d.game("ashdown").Due().ID, "within the delay")
				f.now = f.now.Add(time.Minute)
			}
			require.NoError(t, f.d.Tick(context.Background()))
			g := f.d.game("ashdown")
			assert.NotEqual(t, due.ID, g.Due().ID, "played after the restart")
			for _, a := range addrs {
				found := false
				for _, m := range f.out.to(a) {
					found = found || strings.Contains(m.Subject, due.ID+":")
				}
				assert.True(t, found, "%s got the report", a)
			}
		})
	}
}
