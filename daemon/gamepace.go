package daemon

import (
	"fmt"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/pbem-org/pbem/archive"
	"github.com/pbem-org/pbem/mailer"
)

// gamePace is the pace a game moves at: its own (archive.Pace, pace.yaml)
// over the daemon's (Config.Pace), resolved.
type gamePace struct {
	Pace                        // the daemon's values with the game's own over them
	zone         *time.Location // Timezone
	at           bool           // the deadline falls at a time of day
	hour, minute int            // that time, in zone
	own          archive.Pace   // what the game sets itself
}

// paceOf resolves a game's pace from its own (own) over the daemon's. A
// value that no longer parses (pace.yaml edited by hand) keeps the
// daemon's.
func (d *Daemon) paceOf(own archive.Pace) gamePace {
	p := gamePace{Pace: d.cfg.Pace, own: own}
	for _, f := range []struct {
		key string
		to  *time.Duration
	}{{"deadline", &p.Deadline}, {"reminder", &p.Reminder}, {"grace", &p.Grace}, {"change_of_mind", &p.ChangeOfMind}} {
		if v, ok := own.Duration(f.key); ok {
			*f.to = v
		}
	}
	if own.Timezone != "" {
		p.Timezone = own.Timezone
	}
	switch own.Weekends {
	case "skip":
		p.SkipWeekends = true
	case "count":
		p.SkipWeekends = false
	}
	if own.NMR != "" {
		p.NMR = own.NMR
	}
	if n, err := strconv.Atoi(own.Extensions); err == nil {
		p.Extensions = n
	}
	if own.At != "" {
		p.At = own.At
	}
	if h, m, ok := (archive.Pace{At: p.At}).Clock(); ok {
		p.at, p.hour, p.minute = true, h, m
	}
	p.zone = loadZone(p.Timezone)
	return p
}

// gamePace reads a game's own pace and resolves it; a pace.yaml that does
// not read is logged and the daemon's pace applies.
func (d *Daemon) gamePace(g *archive.Game) gamePace {
	own, err := g.Pace()
	if err != nil {
		d.log.Warn("the game's pace does not read; the server's applies", "game", g.ID(), "err", err)
	}
	return d.paceOf(own)
}

var zones sync.Map // IANA name → *time.Location: LoadLocation reads the zone file each time

// loadZone is the location of an IANA zone name, UTC for one that does not
// load.
func loadZone(name string) *time.Location {
	if l, ok := zones.Load(name); ok {
		return l.(*time.Location)
	}
	l, err := time.LoadLocation(name)
	if err != nil {
		l = time.UTC
	}
	zones.Store(name, l)
	return l
}

// deadline is when a turn that became due at started has its orders due,
// extensions included: the pace's deadline later, its hours counted on
// weekdays only when weekends are skipped, then on to the pace's time of
// day (on a weekday) when it has one.
func (p gamePace) deadline(started time.Time, extended time.Duration) time.Time {
	t := p.after(started, p.Deadline)
	if p.at {
		l := t.In(p.zone)
		at := time.Date(l.Year(), l.Month(), l.Day(), p.hour, p.minute, 0, 0, p.zone)
		for at.Before(t) || p.weekend(at) {
			l = l.AddDate(0, 0, 1)
			at = time.Date(l.Year(), l.Month(), l.Day(), p.hour, p.minute, 0, 0, p.zone)
		}
		t = at
	}
	return p.after(t, extended) // the GM's extensions, on top
}

// after is d after t, counting only weekday hours when weekends are
// skipped.
func (p gamePace) after(t time.Time, d time.Duration) time.Time {
	if !p.SkipWeekends {
		return t.Add(d)
	}
	for d > 0 {
		step := min(d, time.Hour)
		t = t.Add(step)
		if !p.weekend(t) {
			d -= step
		}
	}
	return t
}

// weekend reports whether t falls on a Saturday or Sunday in the game's
// zone while weekends are skipped.
func (p gamePace) weekend(t time.Time) bool {
	wd := t.In(p.zone).Weekday()
	return p.SkipWeekends && (wd == time.Saturday || wd == time.Sunday)
}

// reminder is how long before the deadline the player is reminded: none
// when it is not shorter than the deadline itself (a server's 12h reminder
// in a game of 6-hour turns would come with "your turn").
func (p gamePace) reminder() time.Duration {
	if p.Reminder >= p.Deadline {
		return 0
	}
	return p.Reminder
}

// String describes the pace for players and the GM: "48h a nation turn;
// a reminder 12h before the deadline; 6h of grace, then the bot plays the
// turn".
func (p gamePace) String() string {
	var sb strings.Builder
	sb.WriteString(human(p.Deadline) + " a nation turn")
	if p.at {
		fmt.Fprintf(&sb, ", ending at %02d:%02d %s", p.hour, p.minute, p.Timezone)
	}
	if p.SkipWeekends {
		sb.WriteString(", weekends not counted")
	}
	if r := p.reminder(); r > 0 {
		fmt.Fprintf(&sb, "; a reminder %s before the deadline", human(r))
	}
	if p.Grace > 0 {
		fmt.Fprintf(&sb, "; %s of grace (the player due is warned when it starts)", human(p.Grace))
	}
	if p.Extensions > 0 {
		fmt.Fprintf(&sb, "; each player's first %s excused: the turn gets its time again", plural(p.Extensions, "missed deadline is", "missed deadlines are"))
	}
	if p.NMR == "wait" {
		sb.WriteString("; then the game waits for the GM")
	} else {
		sb.WriteString("; then the bot plays the turn")
	}
	if p.ChangeOfMind > 0 {
		fmt.Fprintf(&sb, "; a turn runs %s after its orders (or at once on \"ready\")", human(p.ChangeOfMind))
	}
	return sb.String()
}

// plural writes "1 missed deadline is" or "2 missed deadlines are".
func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

// zoneOf is the zone a player's deadlines are written in: their own (the
// players file's timezone:, or "prefs timezone"), else the game's.
func (p gamePace) zoneOf(pl *archive.PlayerInfo) *time.Location {
	if pl != nil && pl.Prefs.Timezone != "" {
		return loadZone(pl.Prefs.Timezone)
	}
	return p.zone
}

// when writes a time as the mails show it, in a zone: "Mon 2 Jan 15:04 CET".
func when(t time.Time, zone *time.Location) string {
	return t.In(zone).Format("Mon 2 Jan 15:04 MST")
}

// paceText answers "pace": the game's pace, what it sets itself, and how
// the GM changes it.
func (d *Daemon) paceText(g *archive.Game) string {
	p := d.gamePace(g)
	own := "none: the server's pace applies"
	if !p.own.IsZero() {
		own = p.own.String()
	}
	return fmt.Sprintf("Game %s moves at this pace: %s.\nIts own settings: %s (the server's for the rest).\n\nThe GM changes them with a line \"pace NAME VALUE ...\" after the \"game:\" and \"token:\" lines (\"pace deadline 24h at 21:00 timezone Europe/Berlin\"; \"default\" gives a setting back to the server):\n%s",
		g.ID(), p, own, archive.PaceHelp())
}

// setPace is the GM's "pace NAME VALUE ...": the game's own pace changes
// (pace.yaml), all or none, and its clock is saved again, so that a
// deadline that moves gets a fresh reminder; the player due is told of a
// deadline that moved.
func (d *Daemon) setPace(m *mailer.Message, in *mailer.Inbound, g *archive.Game, env envelope) error {
	own, err := g.Pace()
	if err != nil {
		own = archive.Pace{} // a hand-edited file the GM now replaces
	}
	if err := own.SetWords(env.args); err != nil {
		return d.reply(m, in, "pace", fmt.Sprintf("Nothing changed: %v.\n\n%s", err, d.paceText(g)))
	}
	st := d.loadPace(g)
	before := st.Deadline
	if err := g.SetPace(own); err != nil {
		return err
	}
	if err := d.logGM(g, "pace "+strings.Join(env.args, " ")); err != nil {
		return err
	}
	if err := d.savePace(g, st); err != nil {
		return err
	}
	if due := g.Due(); due.Nation != "" && st.Told && !before.IsZero() && !before.Equal(st.Deadline) {
		if pl := g.PlayerOf(due.Nation); pl != nil {
			p := d.gamePace(g)
			if err := d.send(&mailer.Outgoing{ID: safeID("pace", m.JournalID), To: []string{pl.Email}, AutoSubmitted: true,
				Subject: fmt.Sprintf("pbem %s %s: the deadline moved — the %s", g.ID(), due.ID, due.Nation),
				Text:    fmt.Sprintf("The GM changed the pace of game %s. The orders of the %s for %s are now due by %s (they were due by %s).\nThe pace: %s.\n", g.ID(), due.Nation, due.ID, when(st.Deadline, p.zoneOf(pl)), when(before, p.zoneOf(pl)), p)}); err != nil {
				return err
			}
		}
	}
	return d.reply(m, in, "pace", "Done.\n\n"+d.paceText(g)+"\n"+d.status(g))
}
