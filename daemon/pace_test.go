package daemon

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pbem-org/pbem/archive"
	"github.com/pbem-org/pbem/bot"
	"github.com/pbem-org/pbem/mailer"
	"github.com/pbem-org/pbem/orders"
)

// createPaced makes a game with its own pace under the daemon's games
// directory, as "pbem new --deadline …" does while pbem serve runs; the
// first player's deadlines are written in zone (none if empty).
func (f *fixture) createPaced(id string, seed uint64, zone string, pace ...string) archive.Tokens {
	f.t.Helper()
	var ps []archive.Player
	for i, a := range addrs {
		ps = append(ps, archive.Player{Name: []string{"Alice", "Bob", "Carol", "Dave"}[i], Email: a})
	}
	for i := range ps {
		if zone != "" {
			require.NoError(f.t, ps[i].Prefs.Set("timezone", zone))
		}
	}
	var p archive.Pace
	require.NoError(f.t, p.SetWords(pace))
	_, toks, err := archive.Create(filepath.Join(f.d.GamesDir(), id), archive.NewGame{ID: id, Ruleset: "redux", Players: ps, Pace: p}, byteReader{rand.New(rand.NewPCG(seed, 2))})
	require.NoError(f.t, err)
	return toks
}

// mailsOf are the mails to addr about game id whose subject holds part.
func (f *fixture) mailsOf(addr, id, part string) []*mailer.Outgoing {
	var out []*mailer.Outgoing
	for _, m := range f.out.to(addr) {
		if (strings.HasPrefix(m.Subject, "pbem "+id+" ") || strings.HasPrefix(m.Subject, "pbem "+id+":")) && strings.Contains(m.Subject, part) {
			out = append(out, m)
		}
	}
	return out
}

// at sets the fake clock and ticks.
func (f *fixture) at(t time.Time) {
	f.t.Helper()
	f.now = t
	require.NoError(f.t, f.d.Tick(context.Background()))
}

// TestTwoPacesSideBySide (issue 23, "a pace per game"): a fast game (two
// hours a turn, a reminder half an hour before, a quarter of an hour of
// grace, one missed deadline excused a player) and a slow one (twelve
// hours at least, ending at 21:00 Berlin time, weekends skipped, a
// reminder six hours before, two hours of grace, its players in New York)
// run in one daemon on a fake clock. Each gets its reminders, grace
// warnings, excused miss and missed turn at its own times, and the clock
// looks at neither in between.
func TestTwoPacesSideBySide(t *testing.T) {
	f := emptyServer(t)
	f.createPaced("fast", 1, "", "deadline", "2h", "reminder", "30m", "grace", "15m", "extensions", "1")
	f.createPaced("slow", 2, "America/New_York", "deadline", "12h", "at", "21:00", "timezone", "Europe/Berlin",
		"weekends", "skip", "reminder", "6h", "grace", "2h")
	t0 := f.now // Monday 2 November 2026, 12:00 UTC
	f.at(t0)
	fast, slow := f.d.game("fast"), f.d.game("slow")
	player := func(g *archive.Game) string { return g.PlayerOf(g.Due().Nation).Email }
	pf, ps := player(fast), player(slow)
	turn := fast.Due().ID

	// "Your turn" with each game's deadline, in each player's zone: two
	// hours on; the first 21:00 in Berlin twelve hours on (Tuesday 20:00
	// UTC), written in New York time.
	require.Len(t, f.mailsOf(pf, "fast", "Your turn"), 1)
	assert.Contains(t, f.mailsOf(pf, "fast", "Your turn")[0].Text, "Orders are due by Mon 2 Nov 14:00 UTC.")
	require.Len(t, f.mailsOf(ps, "slow", "Your turn"), 1)
	assert.Contains(t, f.mailsOf(ps, "slow", "Your turn")[0].Text, "Orders are due by Tue 3 Nov 15:00 EST.")
	assert.True(t, f.d.nextDue().Equal(t0.Add(90*time.Minute)), "the next check is the fast game's reminder, not a tick: %s", f.d.nextDue())

	// The fast game: one reminder, half an hour before its deadline.
	f.at(t0.Add(89 * time.Minute))
	assert.Empty(t, f.mailsOf(pf, "fast", "Reminder"))
	f.at(t0.Add(90 * time.Minute))
	f.at(t0.Add(91 * time.Minute))
	assert.Len(t, f.mailsOf(pf, "fast", "Reminder"), 1, "one reminder per deadline")

	// Its deadline passes: the player is warned; the grace period ends:
	// the missed deadline is excused once, the turn's time begins again,
	// and the new deadline gets a reminder of its own.
	f.at(t0.Add(2 * time.Hour))
	require.Len(t, f.mailsOf(pf, "fast", "the deadline passed"), 1)
	assert.Contains(t, f.mailsOf(pf, "fast", "the deadline passed")[0].Text, "still taken until Mon 2 Nov 14:15 UTC; after that the turn gets its time again, once")
	f.at(t0.Add(2*time.Hour + 15*time.Minute))
	require.Len(t, f.mailsOf(pf, "fast", "one more chance"), 1)
	assert.Contains(t, f.mailsOf(pf, "fast", "one more chance")[0].Text, "due again by Mon 2 Nov 16:15 UTC")
	assert.Equal(t, turn, fast.Due().ID, "not played: excused")
	f.at(t0.Add(3*time.Hour + 45*time.Minute))
	assert.Len(t, f.mailsOf(pf, "fast", "Reminder"), 2, "a fresh reminder for the new deadline")

	// The second miss: warned, then the bot plays, the GM is told.
	f.at(t0.Add(4*time.Hour + 15*time.Minute))
	require.Len(t, f.mailsOf(pf, "fast", "the deadline passed"), 2)
	assert.Contains(t, f.mailsOf(pf, "fast", "the deadline passed")[1].Text, "after that the bot plays the turn")
	f.at(t0.Add(4*time.Hour + 30*time.Minute))
	assert.NotEqual(t, turn, fast.Due().ID, "the bot played the missed turn")
	assert.NotEmpty(t, f.mailsOf("gm@example.test", "fast", "missed the deadline"))

	// Meanwhile the slow game got nothing but its "your turn".
	assert.Len(t, f.mailsOf(ps, "slow", ""), 1+1, "its welcome and its turn")
	assert.Equal(t, turn, slow.Due().ID)

	// The slow game: a reminder six hours before Tuesday 20:00 UTC, the
	// warning at 20:00, the bot at 22:00 (its extensions: the server's, none).
	tue := time.Date(2026, 11, 3, 20, 0, 0, 0, time.UTC)
	f.at(tue.Add(-6*time.Hour - time.Minute))
	assert.Empty(t, f.mailsOf(ps, "slow", "Reminder"))
	f.at(tue.Add(-6 * time.Hour))
	require.Len(t, f.mailsOf(ps, "slow", "Reminder"), 1)
	assert.Contains(t, f.mailsOf(ps, "slow", "Reminder")[0].Text, "due by Tue 3 Nov 15:00 EST")
	f.at(tue)
	require.Len(t, f.mailsOf(ps, "slow", "the deadline passed"), 1)
	assert.Contains(t, f.mailsOf(ps, "slow", "the deadline passed")[0].Text, "still taken until Tue 3 Nov 17:00 EST; after that the bot plays the turn")
	f.at(tue.Add(2*time.Hour - time.Minute))
	assert.Equal(t, turn, slow.Due().ID)
	f.at(tue.Add(2 * time.Hour))
	assert.NotEqual(t, turn, slow.Due().ID, "the bot played the slow game's missed turn")
}

// TestPaceDeadline: a pace's deadline, from the moment a turn became due
// and the GM's extensions: a duration, on to a time of day in the game's
// zone, weekdays only when weekends are skipped.
func TestPaceDeadline(t *testing.T) {
	d := &Daemon{cfg: Defaults()}
	berlin := loadZone("Europe/Berlin")
	for _, tc := range []struct {
		name     string
		pace     []string
		started  time.Time
		extended time.Duration
		want     time.Time
	}{
		{"the server's 48h", nil, time.Date(2026, 11, 2, 12, 0, 0, 0, time.UTC), 0, time.Date(2026, 11, 4, 12, 0, 0, 0, time.UTC)},
		{"an hour", []string{"deadline", "1h"}, time.Date(2026, 11, 2, 12, 0, 0, 0, time.UTC), 0, time.Date(2026, 11, 2, 13, 0, 0, 0, time.UTC)},
		{"extended", []string{"deadline", "1h"}, time.Date(2026, 11, 2, 12, 0, 0, 0, time.UTC), 24 * time.Hour, time.Date(2026, 11, 3, 13, 0, 0, 0, time.UTC)},
		{"at 21:00, the same day", []string{"deadline", "6h", "at", "21:00", "timezone", "Europe/Berlin"}, time.Date(2026, 11, 2, 8, 0, 0, 0, berlin), 0, time.Date(2026, 11, 2, 21, 0, 0, 0, berlin)},
		{"at 21:00, the next day", []string{"deadline", "12h", "at", "21:00", "timezone", "Europe/Berlin"}, time.Date(2026, 11, 2, 14, 0, 0, 0, berlin), 0, time.Date(2026, 11, 3, 21, 0, 0, 0, berlin)},
		{"at 21:00 then extended 2h", []string{"deadline", "12h", "at", "21:00", "timezone", "Europe/Berlin"}, time.Date(2026, 11, 2, 14, 0, 0, 0, berlin), 2 * time.Hour, time.Date(2026, 11, 3, 23, 0, 0, 0, berlin)},
		{"at 21:00 over summer time's end", []string{"deadline", "24h", "at", "21:00", "timezone", "Europe/Berlin"}, time.Date(2026, 10, 24, 21, 30, 0, 0, berlin), 0, time.Date(2026, 10, 25, 21, 0, 0, 0, berlin)},
		{"weekends skipped: Friday noon + 24h is Monday noon", []string{"deadline", "24h", "weekends", "skip", "timezone", "Europe/Berlin"}, time.Date(2026, 11, 6, 12, 0, 0, 0, berlin), 0, time.Date(2026, 11, 9, 12, 0, 0, 0, berlin)},
		{"weekends skipped, at 21:00: not on a Saturday", []string{"deadline", "12h", "at", "21:00", "weekends", "skip", "timezone", "Europe/Berlin"}, time.Date(2026, 11, 6, 10, 0, 0, 0, berlin), 0, time.Date(2026, 11, 9, 21, 0, 0, 0, berlin)},
		{"weekends counted", []string{"deadline", "24h", "weekends", "count"}, time.Date(2026, 11, 6, 12, 0, 0, 0, time.UTC), 0, time.Date(2026, 11, 7, 12, 0, 0, 0, time.UTC)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var own archive.Pace
			require.NoError(t, own.SetWords(tc.pace))
			got := d.paceOf(own).deadline(tc.started, tc.extended)
			assert.True(t, got.Equal(tc.want), "got %s, want %s", got.In(berlin), tc.want.In(berlin))
		})
	}
}

// TestPaceByMail: the GM sets a game's pace by mail with the GM's token;
// anyone reads it; a player may not set it; a bad value changes nothing.
// A deadline that moves gets the player due a word and a fresh reminder.
func TestPaceByMail(t *testing.T) {
	f := newFixture(t)
	addr, _ := f.duePlayer()
	f.mail(addrs[1], "pace ashdown", "")
	assert.Contains(t, f.out.last(addrs[1]).Text, "Game ashdown moves at this pace: 48h a nation turn")
	assert.Contains(t, f.out.last(addrs[1]).Text, "Its own settings: none")
	f.mail(addrs[1], "pace ashdown deadline 1h", "")
	assert.Contains(t, f.out.last(addrs[1]).Text, "Only the GM")
	f.mail("gm@example.test", "pace ashdown deadline 3w", "token: "+f.gmTok)
	assert.Contains(t, f.out.last("gm@example.test").Text, `Nothing changed: deadline: "3w" is not a duration`)

	f.now = f.now.Add(36*time.Hour + time.Minute) // past the server's reminder (12h before 48h)
	require.NoError(t, f.d.Tick(context.Background()))
	require.Len(t, f.mailsOf(addr, "ashdown", "Reminder"), 1)
	f.mail("gm@example.test", "pace", "game: ashdown\ntoken: "+f.gmTok+"\npace deadline 72h reminder 6h")
	assert.Contains(t, f.out.last("gm@example.test").Text, "Its own settings: deadline 72h, reminder 6h")
	moved := f.mailsOf(addr, "ashdown", "the deadline moved")
	require.Len(t, moved, 1)
	assert.Contains(t, moved[0].Text, "now due by Thu 5 Nov 12:00 UTC (they were due by Wed 4 Nov 12:00 UTC)")
	f.now = time.Date(2026, 11, 5, 6, 0, 0, 0, time.UTC)
	require.NoError(t, f.d.Tick(context.Background()))
	assert.Len(t, f.mailsOf(addr, "ashdown", "Reminder"), 2, "a fresh reminder for the deadline that moved")
	own, err := f.g.Pace()
	require.NoError(t, err)
	assert.Equal(t, archive.Pace{Deadline: "72h", Reminder: "6h"}, own)
	require.NoError(t, archive.Verify(f.g.Dir()), "the pace is not part of the record")
}

// TestPaceCrashEverywhere: the clock's own mails (reminders, the grace
// warning, an excused miss, the bot's turn and the GM's notes) survive a
// kill at any of them: killed at each enqueue in turn and started again at
// that moment, the daemon mails exactly what a run without a kill mails,
// each once.
func TestPaceCrashEverywhere(t *testing.T) {
	t0 := time.Date(2026, 11, 2, 12, 0, 0, 0, time.UTC)
	timeline := []time.Duration{90 * time.Minute, 2 * time.Hour, 135 * time.Minute, 225 * time.Minute, 255 * time.Minute, 270 * time.Minute}
	run := func(t *testing.T, crashAt int) (int, map[string]int) {
		f := emptyServer(t)
		f.createPaced("fast", 1, "", "deadline", "2h", "reminder", "30m", "grace", "15m", "extensions", "1")
		f.at(t0)
		out := f.out
		first := len(out.msgs)
		crashing := &crashingOutbox{capture: out, next: crashAt}
		f.d.out = crashing
		crashed := false
		for _, at := range timeline {
			f.now = t0.Add(at)
			err := f.d.Tick(context.Background())
			if errors.Is(err, errCrash) || (err != nil && strings.Contains(err.Error(), errCrash.Error())) {
				require.False(t, crashed, "one kill a run")
				crashed = true
				crashing.next = -1
				f.d = f.open(f.d.cfg) // killed and started again at the same moment
				f.d.out = crashing
				require.NoError(t, f.d.Tick(context.Background()))
				continue
			}
			require.NoError(t, err)
		}
		if crashAt >= 0 {
			require.True(t, crashed, "crash point %d reached", crashAt)
		}
		ids := map[string]int{}
		for _, m := range out.msgs {
			ids[m.ID]++
		}
		return len(out.msgs) - first, ids
	}
	n, want := run(t, -1)
	require.Greater(t, n, 10, "reminders, warnings, an excused miss, the bot's turn")
	for k := range n {
		t.Run(fmt.Sprintf("kill at mail %d", k+1), func(t *testing.T) {
			_, got := run(t, k)
			assert.Equal(t, want, got)
		})
	}
}

// TestTurnPlayedBeside: a turn played by another process (pbem turn, as a
// forum GM does) while the daemon runs is seen within a tick (the sweep of
// archive stamps), and one played while it was stopped is seen at its
// start: the player due next is told, without any game's archive read at
// the start for those that did not change.
func TestTurnPlayedBeside(t *testing.T) {
	f := newFixture(t)
	beside := func() string {
		g, err := archive.Open(f.g.Dir())
		require.NoError(t, err)
		p := g.PlayerOf(g.Due().Nation)
		_, err = g.Submit(g.Due().Nation, f.botOrdersOf(g, f.tokens[p.Name]), f.now)
		require.NoError(t, err)
		_, err = g.Advance(false)
		require.NoError(t, err)
		return g.Due().ID
	}
	next := beside()
	f.now = f.now.Add(time.Minute)
	require.NoError(t, f.d.Tick(context.Background()))
	p := f.g.PlayerOf(f.g.Due().Nation)
	assert.Equal(t, next, f.g.Due().ID, "the daemon's open game read again")
	assert.Len(t, f.mailsOf(p.Email, "ashdown", next+": Your turn"), 1)

	next = beside() // while no daemon runs
	f.d = f.open(f.d.cfg)
	require.NoError(t, f.d.Tick(context.Background()))
	g := f.d.game("ashdown")
	p = g.PlayerOf(g.Due().Nation)
	assert.Equal(t, next, g.Due().ID)
	assert.Len(t, f.mailsOf(p.Email, "ashdown", next+": Your turn"), 1)
}

// botOrdersOf writes the due nation's orders of g as its player would.
func (f *fixture) botOrdersOf(g *archive.Game, token string) string {
	return orders.Encode(bot.Orders(g.Engine(), g.State(), g.ID(), token, 3), g.Rules())
}
