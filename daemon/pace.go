package daemon

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/pbem-org/pbem/archive"
	"github.com/pbem-org/pbem/games"
	"github.com/pbem-org/pbem/mailer"
	"github.com/pbem-org/pbem/templates"
)

// paceState is a game's clock, kept in Data/pace/GAME.json (not in the
// archive: it is bookkeeping of the front door, not an input of the rules).
type paceState struct {
	Turn     string          `json:"turn"`     // the turn the clock is for
	Started  time.Time       `json:"started"`  // when the turn became due
	Ready    bool            `json:"ready"`    // the player said "ready"
	Reminded bool            `json:"reminded"` // the reminder was sent
	Extended time.Duration   `json:"extended"` // GM extensions of this turn
	Paused   bool            `json:"paused"`   // GM pause: nothing runs
	Auto     map[string]bool `json:"auto"`     // nations the bot plays
	Told     bool            `json:"told"`     // "your turn" is queued
	// Deadline is when the turn's orders are due, in the configured zone:
	// written for pbem status (ReadClock), never read back by the daemon.
	Deadline time.Time `json:"deadline,omitzero"`
}

func (d *Daemon) pacePath(g *archive.Game) string {
	return filepath.Join(d.paceDir(), g.ID()+".json")
}

func (d *Daemon) loadPace(g *archive.Game) *paceState {
	st := &paceState{}
	if data, err := os.ReadFile(d.pacePath(g)); err == nil {
		_ = json.Unmarshal(data, st)
	}
	if due := g.Due(); st.Turn != due.ID {
		// A new turn is due: restart the clock (keep pause and auto).
		*st = paceState{Turn: due.ID, Started: d.now(), Paused: st.Paused, Auto: st.Auto}
	}
	return st
}

func (d *Daemon) savePace(g *archive.Game, st *paceState) error {
	st.Deadline = d.deadline(st).In(d.zone())
	data, _ := json.MarshalIndent(st, "", "  ")
	if old, err := os.ReadFile(d.pacePath(g)); err == nil && bytes.Equal(old, data) {
		return nil // unchanged: the clock ticks every game every few seconds
	}
	if err := os.MkdirAll(d.paceDir(), 0o755); err != nil {
		return err
	}
	tmp := d.pacePath(g) + ".tmp"
	if err := os.WriteFile(tmp, data, 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, d.pacePath(g))
}

// deadline is when the turn's orders are due, skipping weekends if asked.
func (d *Daemon) deadline(st *paceState) time.Time {
	t := st.Started
	left := d.cfg.Pace.Deadline + st.Extended
	if !d.cfg.Pace.SkipWeekends {
		return t.Add(left)
	}
	for left > 0 {
		step := min(left, time.Hour)
		t = t.Add(step)
		if wd := t.In(d.zone()).Weekday(); wd != time.Saturday && wd != time.Sunday {
			left -= step
		}
	}
	return t
}

// Tick picks up new games (Discover) and runs every game's clock once:
// welcome mails, round events, ready turns, reminders, missed deadlines.
// The serve loop calls it every few seconds.
func (d *Daemon) Tick(ctx context.Context) error {
	d.Discover()
	var errs []error
	for _, id := range d.GameIDs() {
		if err := d.TickGame(ctx, d.game(id)); err != nil {
			errs = append(errs, fmt.Errorf("game %s: %w", id, err))
		}
	}
	return errors.Join(errs...)
}

// TickGame advances one game as far as its clock allows, after its
// welcome mails; the player due is told it is their turn.
func (d *Daemon) TickGame(ctx context.Context, g *archive.Game) error {
	c := d.clock(g.ID())
	c.Lock()
	defer c.Unlock()
	return d.tickGame(ctx, g)
}

// tickGame is TickGame with the game's clock held.
func (d *Daemon) tickGame(ctx context.Context, g *archive.Game) error {
	if err := d.recoverAdvance(g); err != nil {
		return err
	}
	if err := d.welcome(g); err != nil {
		return err
	}
	for i := 0; i < 1000; i++ {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		due := g.Due()
		if due.Over {
			return nil
		}
		st := d.loadPace(g)
		if st.Paused {
			return d.savePace(g, st)
		}
		if due.Nation == "" { // a round event: it takes no orders
			if err := d.advance(g, false, ""); err != nil {
				return err
			}
			continue
		}
		rec, err := g.Pending()
		if err != nil {
			return err
		}
		now := d.now()
		switch {
		case rec != nil && (st.Ready || !now.Before(rec.Arrival.Add(d.cfg.Pace.ChangeOfMind))):
			if err := d.advance(g, false, ""); err != nil {
				return err
			}
			continue
		case rec == nil && st.Auto[due.Nation]:
			if err := d.advance(g, true, fmt.Sprintf("The %s are set to auto: the bot played them.", due.Nation)); err != nil {
				return err
			}
			continue
		case rec == nil && !now.Before(d.deadline(st).Add(d.cfg.Pace.Grace)):
			if d.cfg.Pace.NMR == "wait" {
				if !st.Reminded {
					st.Reminded = true
					_ = d.toGM(fmt.Sprintf("pbem %s: %s missed the deadline", g.ID(), due.ID), fmt.Sprintf("No orders came for %s; the game waits (pace.nmr: wait). Enter orders with pbem turn, or set the nation to auto.", due.ID), g.ID()+"."+due.ID+".nmr")
				}
				return d.savePace(g, st)
			}
			if err := d.advance(g, true, fmt.Sprintf("No orders came from %s for the %s by the deadline: the bot played the turn.", due.Player, due.Nation)); err != nil {
				return err
			}
			_ = d.toGM(fmt.Sprintf("pbem %s: %s missed the deadline", g.ID(), due.ID), fmt.Sprintf("No orders came for %s from %s; the bot played the turn (pace.nmr: bot).", due.ID, due.Player), g.ID()+"."+due.ID+".nmr")
			continue
		case rec == nil && !st.Reminded && d.cfg.Pace.Reminder > 0 && !now.Before(d.deadline(st).Add(-d.cfg.Pace.Reminder)):
			st.Reminded, st.Told = true, true
			if err := d.savePace(g, st); err != nil {
				return err
			}
			return d.yourTurn(g, true)
		case !st.Told:
			// A turn nobody was told of: the first of a game, or one
			// due when pbem first served the game.
			if err := d.yourTurn(g, false); err != nil {
				return err
			}
			st.Told = true
		}
		return d.savePace(g, st)
	}
	return errors.New("daemon: too many steps in one tick")
}

// advance adjudicates what is due, then mails the report to every player
// and "your turn" to the next one.
func (d *Daemon) advance(g *archive.Game, nmr bool, note string) error {
	if err := d.beginAdvance(g, note); err != nil {
		return err
	}
	step, err := g.Advance(nmr)
	if err != nil {
		return errors.Join(err, d.endAdvance(g))
	}
	d.log.Info("step", "game", g.ID(), "step", step.ID, "nmr", nmr)
	return d.afterAdvance(g, step, note)
}

// afterAdvance queues a new step's mail; recoverAdvance calls it again after
// a crash.
func (d *Daemon) afterAdvance(g *archive.Game, step *archive.Step, note string) error {
	if err := d.mailReports(g, step, note); err != nil {
		return err
	}
	st := d.loadPace(g) // restarts the clock for the new turn
	if err := d.savePace(g, st); err != nil {
		return err
	}
	if due := g.Due(); due.Nation != "" {
		if err := d.yourTurn(g, false); err != nil {
			return err
		}
		st.Told = true
		if err := d.savePace(g, st); err != nil {
			return err
		}
	}
	return d.endAdvance(g)
}

// MapPNG renders the map of a step's report as PNG (templates.MailMapPNG); set
// by the caller (nil: no map).
type MapPNG func(g *games.Game, r *templates.Report) ([]byte, error)

// stepMap is the map of a step's public report, or nil when the server
// draws none or the drawing failed (logged: the report goes without it).
func (d *Daemon) stepMap(g *archive.Game, r *templates.Report) []byte {
	if d.Map == nil {
		return nil
	}
	png, err := d.Map(g.Rules(), r)
	if err != nil {
		d.log.Warn("map not rendered", "game", g.ID(), "step", r.TurnID, "err", err)
		return nil
	}
	return png
}

// mailReports mails a step's report to every player, as their preferences
// ask (reportmail.go: a mail each, or the round's digest when the step
// ends a round; the map with it or not), and to every observer. The step's
// report is built once (archive.Game.Public); each player's copy adds only
// their part (templates.Report.For), and the observers share one rendering
// of the public report. The map is drawn once, and only when a mail
// carries it.
func (d *Daemon) mailReports(g *archive.Game, step *archive.Step, note string) error {
	deadline := ""
	if due := g.Due(); due.Nation != "" {
		deadline = d.deadline(&paceState{Started: d.now()}).In(d.zone()).Format("Mon 2 Jan 15:04 MST")
	}
	r := g.Public(step, deadline)
	players := g.Players()
	ends := endsRound(step.Before, step.State)
	var png []byte
	if mapWanted(players, ends) {
		png = d.stepMap(g, r)
	}
	left := leftGame(g, step.Before)
	for seat, p := range players {
		if p.Prefs.Get("reports") == "digest" || left[seat] {
			continue
		}
		l := reportLetter(g, step, r.For(g.Engine(), seat+1, ""), note)
		l.id = safeID(g.ID(), step.Dir(), "report", fmt.Sprint(seat+1))
		if wantsMap(p, ends) {
			l.png = png
		}
		if err := d.send(d.compose(g, p, l)); err != nil {
			return err
		}
	}
	if ends {
		if err := d.mailDigests(g, step.Before.Round, png, deadline); err != nil {
			return err
		}
	}
	// Observers get the public report (docs/design.md §6), without a personal part.
	var public *mailer.Outgoing
	for i, addr := range d.observers(g) {
		if public == nil {
			l := reportLetter(g, step, r, "")
			public = &mailer.Outgoing{Subject: l.subject, Text: l.text, HTML: l.html(""), AutoSubmitted: true, Headers: l.headers}
		}
		o := *public
		o.ID, o.To = safeID(g.ID(), step.Dir(), "observer", fmt.Sprint(i), addr), []string{addr}
		if err := d.send(&o); err != nil {
			return err
		}
	}
	return nil
}

// reportLetter is the letter of a step's report r (a player's copy or the
// public one), with note above the text; the caller sets its outbox id and
// map.
func reportLetter(g *archive.Game, step *archive.Step, r *templates.Report, note string) letter {
	text := templates.Text(r)
	if note != "" {
		text = note + "\n\n" + text
	}
	return letter{
		subject: fmt.Sprintf("pbem %s %s: %s", g.ID(), step.ID, r.Title), text: text,
		html:    func(cid string) string { return templates.HTML(r, cid) },
		mapName: stepMapName(g, step.ID),
		headers: [][2]string{{"X-Pbem-Game", g.ID()}, {"X-Pbem-Step", step.ID}},
	}
}

// yourTurn tells the player of the nation due that it is their turn, with
// an orders template.
func (d *Daemon) yourTurn(g *archive.Game, reminder bool) error {
	kind, id := "Your turn", "yourturn"
	if reminder {
		kind, id = "Reminder", "reminder"
	}
	return d.tellTurn(g, kind, turnMailID(g, id))
}

// turnMailID is the outbox id of a turn's "your turn" or reminder: once
// per turn, and once more after each rollback that makes it due again.
func turnMailID(g *archive.Game, kind string) string {
	due := g.Due()
	if n := len(g.Rollbacks()); n > 0 {
		return safeID(g.ID(), due.ID, fmt.Sprintf("rb%d", n), kind)
	}
	return safeID(g.ID(), due.ID, kind)
}

// tellTurn mails the player due "your turn" (kind "Your turn" or
// "Reminder") with an orders template, under outbox id id.
func (d *Daemon) tellTurn(g *archive.Game, kind, id string) error {
	due := g.Due()
	p := g.PlayerOf(due.Nation)
	if due.Nation == "" || p == nil {
		return nil
	}
	st := d.loadPace(g)
	dl := d.deadline(st).In(d.zone()).Format("Mon 2 Jan 15:04 MST")
	tmpl := templates.OrdersTemplate(g.Engine(), g.State(), templates.Header{Game: g.ID(), Deadline: dl})
	text := fmt.Sprintf("%s: the %s move next in game %s (%s). Orders are due by %s.\n\n%sFill in the template below and send it back (the token is in your welcome mail; send \"token %s\" to have it again).\n\n%s",
		kind, due.Nation, g.ID(), due.ID, dl, d.rerollNote(g, st), g.ID(), tmpl)
	return d.send(&mailer.Outgoing{
		ID: id, To: []string{p.Email}, AutoSubmitted: true,
		Subject: fmt.Sprintf("pbem %s %s: %s — the %s", g.ID(), due.ID, kind, due.Nation),
		Text:    text,
		Headers: [][2]string{{"X-Pbem-Game", g.ID()}, {"X-Pbem-Turn", due.ID}, {"X-Pbem-Nation", due.Nation}},
	})
}
