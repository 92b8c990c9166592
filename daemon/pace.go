package daemon

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/pbem-org/pbem/archive"
	"github.com/pbem-org/pbem/games"
	"github.com/pbem-org/pbem/mailer"
	"github.com/pbem-org/pbem/templates"
)

// paceState is a game's clock, kept in Data/pace/GAME.json (not in the
// archive: it is bookkeeping of the front door, not an input of the rules).
type paceState struct {
	Turn     string          `json:"turn"`     // the turn the clock is for; "" once the game is over
	Started  time.Time       `json:"started"`  // when the turn became due
	Ready    bool            `json:"ready"`    // the player said "ready"
	Reminded bool            `json:"reminded"` // the reminder before the current deadline was sent
	Extended time.Duration   `json:"extended"` // GM extensions of this turn
	Paused   bool            `json:"paused"`   // GM pause: nothing runs
	Auto     map[string]bool `json:"auto"`     // nations the bot plays
	Told     bool            `json:"told"`     // "your turn" is queued
	// Warned: the player due was warned that the current deadline passed
	// (the grace period began).
	Warned bool `json:"warned,omitempty"`
	// Waiting: the turn was missed under "nmr wait" and the GM told; the
	// game waits for the GM.
	Waiting bool `json:"waiting,omitempty"`
	// Since, once the player's missed deadline was excused (the pace's
	// extensions), is when the turn's time began again; zero otherwise.
	Since time.Time `json:"since,omitzero"`
	// Moved counts the times the deadline moved (an extension, an excused
	// miss, a new pace): each move gets a fresh reminder.
	Moved int `json:"moved,omitempty"`
	// Excused counts, per player, the missed deadlines excused in this
	// game (the pace's extensions); kept from turn to turn.
	Excused map[string]int `json:"excused,omitempty"`
	// Deadline is when the turn's orders are due, in the game's zone: for
	// pbem status (ReadClock), and to see the deadline move.
	Deadline time.Time `json:"deadline,omitzero"`
	// Pace describes the game's pace, for pbem status.
	Pace string `json:"pace,omitempty"`
	// Stamp is archive.Stamp of the game after the daemon's last look: a
	// different one at the next start means another process (pbem turn)
	// changed the game meanwhile.
	Stamp string `json:"stamp,omitempty"`
}

func (d *Daemon) pacePath(g *archive.Game) string { return d.pacePathOf(g.ID()) }

func (d *Daemon) pacePathOf(id string) string {
	return filepath.Join(d.paceDir(), id+".json")
}

// readPace reads a game's clock as saved, the zero clock if none is.
func (d *Daemon) readPace(id string) (*paceState, bool) {
	st := &paceState{}
	data, err := os.ReadFile(d.pacePathOf(id))
	if err != nil {
		return st, false
	}
	return st, json.Unmarshal(data, st) == nil
}

func (d *Daemon) loadPace(g *archive.Game) *paceState {
	st, _ := d.readPace(g.ID())
	if due := g.Due(); st.Turn != due.ID {
		// A new turn is due: restart the clock (keep pause, auto and what
		// each player was excused).
		*st = paceState{Turn: due.ID, Started: d.now(), Paused: st.Paused, Auto: st.Auto, Excused: st.Excused}
	}
	return st
}

// savePace keeps a game's clock and schedules the game's next check
// (schedule.go) from it.
func (d *Daemon) savePace(g *archive.Game, st *paceState) error {
	p := d.gamePace(g)
	noteDeadline(st, p.deadline(d.base(st), st.Extended).In(p.zone))
	st.Pace = p.String()
	st.Stamp = archive.Stamp(g.Dir())
	due := g.Due()
	var arrival *time.Time
	if rec, err := g.Pending(); err == nil && rec != nil {
		arrival = &rec.Arrival
	}
	d.scheduleAt(g.ID(), nextCheck(st, p, arrival, due.Nation != "" && st.Auto[due.Nation], d.now()), st.Stamp)
	data, _ := json.MarshalIndent(st, "", "  ")
	if old, err := os.ReadFile(d.pacePath(g)); err == nil && bytes.Equal(old, data) {
		return nil // unchanged
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

// noteDeadline records the deadline dl of the turn in st. A deadline that
// moved since "your turn" (an extension, an excused miss, a new pace) gets
// a reminder and a grace warning of its own.
func noteDeadline(st *paceState, dl time.Time) {
	if st.Told && !st.Deadline.IsZero() && !dl.Equal(st.Deadline) {
		st.Moved++
		st.Reminded, st.Warned, st.Waiting = false, false, false
	}
	st.Deadline = dl
}

// base is when a turn's time is counted from: when it became due, or when
// its missed deadline was excused.
func (d *Daemon) base(st *paceState) time.Time {
	if st.Since.After(st.Started) {
		return st.Since
	}
	return st.Started
}

// deadline is when the turn due has its orders due, at the game's pace.
func (d *Daemon) deadline(g *archive.Game, st *paceState) time.Time {
	return d.gamePace(g).deadline(d.base(st), st.Extended)
}

// nextCheck is when the clock must next look at a game, from its clock
// st, its pace, the arrival of the orders waiting for the turn due (nil
// for none) and whether the bot plays the nation due: now when something
// is to be done, the earliest of the change-of-mind delay's end, the
// reminder, the deadline (the grace warning) and the end of the grace
// period otherwise; zero when only a mail or the GM can move the game (it
// is over, paused, or waits for the GM).
func nextCheck(st *paceState, p gamePace, arrival *time.Time, auto bool, now time.Time) time.Time {
	switch {
	case st.Turn == "" || st.Paused:
		return time.Time{}
	case arrival != nil && st.Ready, auto, !st.Told:
		return now
	case arrival != nil:
		return arrival.Add(p.ChangeOfMind)
	case st.Waiting:
		return time.Time{}
	}
	base := st.Started
	if st.Since.After(base) {
		base = st.Since
	}
	dl := p.deadline(base, st.Extended)
	if !st.Deadline.IsZero() && !dl.Equal(st.Deadline) {
		return now // the deadline moved (a new pace): a fresh reminder may be due
	}
	next := dl.Add(p.Grace)
	if !st.Warned && p.Grace > 0 {
		next = dl
	}
	if r := p.reminder(); !st.Reminded && r > 0 {
		next = dl.Add(-r)
	}
	return next
}

// Tick picks up new games (Discover) and runs the clock of every game that
// is due (schedule.go): welcome mails, round events, ready turns,
// reminders, grace warnings, missed deadlines. A game with nothing due
// costs nothing. Tests and pbem serve's clock call it.
func (d *Daemon) Tick(ctx context.Context) error {
	d.loadSchedule()
	d.Discover()
	d.sweep(sweepPerTick)
	var errs []error
	for _, e := range d.popDue(d.now()) {
		if err := d.runEntry(ctx, e); err != nil {
			errs = append(errs, fmt.Errorf("game %s: %w", e.id, err))
		}
	}
	return errors.Join(errs...)
}

// TickGame advances one game as far as its clock allows, after its
// welcome mails; the player due is told it is their turn.
func (d *Daemon) TickGame(ctx context.Context, g *archive.Game) error {
	e := d.entry(g.ID())
	if e == nil {
		return fmt.Errorf("game %s is not served", g.ID())
	}
	e.lock.Lock()
	defer e.lock.Unlock()
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
		st := d.loadPace(g)
		if due.Over || st.Paused {
			return d.savePace(g, st) // nothing more to schedule
		}
		if due.Nation == "" { // a round event: it takes no orders
			if err := d.advance(g, false, ""); err != nil {
				return err
			}
			continue
		}
		again, err := d.clockStep(g, due, st)
		if err != nil || !again {
			return err
		}
	}
	return errors.New("daemon: too many steps in one tick")
}

// clockStep does what a nation turn's clock calls for now: run the turn
// (its orders in and the change-of-mind delay over, or the bot's nation),
// deal with a missed deadline, warn of the grace period, remind, or tell
// the player it is their turn. again reports that a step was played.
func (d *Daemon) clockStep(g *archive.Game, due archive.DueTurn, st *paceState) (again bool, err error) {
	p := d.gamePace(g)
	rec, err := g.Pending()
	if err != nil {
		return false, err
	}
	now := d.now()
	dl := p.deadline(d.base(st), st.Extended)
	noteDeadline(st, dl.In(p.zone)) // a new pace since the last look
	switch {
	case rec != nil && (st.Ready || !now.Before(rec.Arrival.Add(p.ChangeOfMind))):
		return true, d.advance(g, false, "")
	case rec == nil && st.Auto[due.Nation]:
		return true, d.advance(g, true, fmt.Sprintf("The %s are set to auto: the bot played them.", due.Nation))
	case rec == nil && !now.Before(dl.Add(p.Grace)):
		return d.missed(g, due, st, p, dl)
	case rec == nil && !st.Warned && p.Grace > 0 && !now.Before(dl):
		// The mail first, then the clock that says it went: a kill in
		// between mails it again under the same id, which the outbox keeps
		// once.
		if err := d.graceWarning(g, due, st, p, dl); err != nil {
			return false, err
		}
		st.Warned, st.Told = true, true
	case rec == nil && !st.Reminded && p.reminder() > 0 && !now.Before(dl.Add(-p.reminder())):
		if err := d.remind(g, st); err != nil {
			return false, err
		}
		st.Reminded, st.Told = true, true
	case !st.Told:
		// A turn nobody was told of: the first of a game, or one
		// due when pbem first served the game.
		if err := d.yourTurn(g); err != nil {
			return false, err
		}
		st.Told = true
	}
	return false, d.savePace(g, st)
}

// missed deals with a turn whose deadline and grace period passed without
// orders: the player's missed deadline is excused while the pace allows
// (the turn's time begins again and the player is told), else the NMR
// policy: the bot plays the turn, or the game waits for the GM.
func (d *Daemon) missed(g *archive.Game, due archive.DueTurn, st *paceState, p gamePace, dl time.Time) (again bool, err error) {
	subject := fmt.Sprintf("pbem %s: %s missed the deadline", g.ID(), due.ID)
	if st.Excused[due.Player] < p.Extensions && st.Since.IsZero() {
		// The turn's time begins again where the grace period ended (not
		// when the clock saw it), so that the mails sent before a kill and
		// again after it say the same. The mails first, then the clock.
		used := st.Excused[due.Player] + 1
		since := dl.Add(p.Grace)
		next := p.deadline(since, 0)
		if err := d.tellExcused(g, due, p, dl, next, p.Extensions-used); err != nil {
			return false, err
		}
		if err := d.toGM(subject, fmt.Sprintf("No orders came for %s from %s by %s; the missed deadline is excused (%d of %d for %s): the turn is due again by %s.",
			due.ID, due.Player, when(dl, p.zone), used, p.Extensions, due.Player, when(next, p.zone)), turnMailID(g, "excused")); err != nil {
			return false, err
		}
		if st.Excused == nil {
			st.Excused = map[string]int{}
		}
		st.Excused[due.Player] = used
		st.Since, st.Extended = since, 0
		return false, d.savePace(g, st)
	}
	if p.NMR == "wait" {
		if !st.Waiting {
			if err := d.toGM(subject, fmt.Sprintf("No orders came for %s; the game waits (nmr: wait). Enter orders with pbem turn, or set the nation to auto.", due.ID), g.ID()+"."+due.ID+".nmr"); err != nil {
				return false, err
			}
			st.Waiting = true
		}
		return false, d.savePace(g, st)
	}
	return true, d.advanceAs(g, true, advancing{
		Note: fmt.Sprintf("No orders came from %s for the %s by the deadline: the bot played the turn.", due.Player, due.Nation),
		GM:   subject + "\n" + fmt.Sprintf("No orders came for %s from %s; the bot played the turn (nmr: bot).", due.ID, due.Player),
	})
}

// graceWarning tells the player due that the deadline passed without their
// orders, and what happens at the end of the grace period.
func (d *Daemon) graceWarning(g *archive.Game, due archive.DueTurn, st *paceState, p gamePace, dl time.Time) error {
	pl := g.PlayerOf(due.Nation)
	if pl == nil {
		return nil
	}
	zone := p.zoneOf(pl)
	then := "the bot plays the turn, and the report says so"
	switch {
	case st.Excused[due.Player] < p.Extensions && st.Since.IsZero():
		then = fmt.Sprintf("the turn gets its time again, once (a missed deadline excused: %d of %d left to you in this game)", p.Extensions-st.Excused[due.Player], p.Extensions)
	case p.NMR == "wait":
		then = "the game waits for the GM"
	}
	text := fmt.Sprintf("The orders of the %s for %s in game %s were due by %s, and none came.\nThey are still taken until %s; after that %s.\n\nSend \"orders %s\" for the orders template.\n",
		due.Nation, due.ID, g.ID(), when(dl, zone), when(dl.Add(p.Grace), zone), then, g.ID())
	return d.send(&mailer.Outgoing{
		ID: moveMailID(g, st, "grace"), To: []string{pl.Email}, AutoSubmitted: true,
		Subject: fmt.Sprintf("pbem %s %s: the deadline passed — the %s", g.ID(), due.ID, due.Nation),
		Text:    text,
		Headers: [][2]string{{"X-Pbem-Game", g.ID()}, {"X-Pbem-Turn", due.ID}, {"X-Pbem-Nation", due.Nation}},
	})
}

// tellExcused tells the player due that their missed deadline is excused
// and when the turn is due now.
func (d *Daemon) tellExcused(g *archive.Game, due archive.DueTurn, p gamePace, missed, next time.Time, left int) error {
	pl := g.PlayerOf(due.Nation)
	if pl == nil {
		return nil
	}
	zone := p.zoneOf(pl)
	after := "the bot plays the turn"
	if p.NMR == "wait" {
		after = "the game waits for the GM"
	}
	text := fmt.Sprintf("No orders of the %s for %s in game %s came by %s. The missed deadline is excused: the turn is due again by %s.\n%s left to you in this game; after that, at a missed deadline %s.\n",
		due.Nation, due.ID, g.ID(), when(missed, zone), when(next, zone), plural(left, "excused deadline is", "excused deadlines are"), after)
	return d.send(&mailer.Outgoing{
		ID: turnMailID(g, "excused"), To: []string{pl.Email}, AutoSubmitted: true,
		Subject: fmt.Sprintf("pbem %s %s: one more chance — the %s", g.ID(), due.ID, due.Nation),
		Text:    text,
		Headers: [][2]string{{"X-Pbem-Game", g.ID()}, {"X-Pbem-Turn", due.ID}, {"X-Pbem-Nation", due.Nation}},
	})
}

// advance adjudicates what is due, then mails the report to every player
// and "your turn" to the next one.
func (d *Daemon) advance(g *archive.Game, nmr bool, note string) error {
	return d.advanceAs(g, nmr, advancing{Note: note})
}

// advanceAs is advance with a's note for the reports and for the GM.
func (d *Daemon) advanceAs(g *archive.Game, nmr bool, a advancing) error {
	if err := d.beginAdvance(g, a); err != nil {
		return err
	}
	step, err := g.Advance(nmr)
	if err != nil {
		return errors.Join(err, d.endAdvance(g))
	}
	d.log.Info("step", "game", g.ID(), "step", step.ID, "nmr", nmr)
	return d.afterAdvance(g, step, a)
}

// afterAdvance queues a new step's mail; recoverAdvance calls it again after
// a crash.
func (d *Daemon) afterAdvance(g *archive.Game, step *archive.Step, a advancing) error {
	if err := d.mailReports(g, step, a.Note); err != nil {
		return err
	}
	if subject, text, ok := strings.Cut(a.GM, "\n"); ok {
		if err := d.toGM(subject, text, g.ID()+"."+step.ID+".nmr"); err != nil {
			return err
		}
	}
	st := d.loadPace(g) // restarts the clock for the new turn
	if err := d.savePace(g, st); err != nil {
		return err
	}
	if due := g.Due(); due.Nation != "" {
		if err := d.yourTurn(g); err != nil {
			return err
		}
		st.Told = true
		if err := d.savePace(g, st); err != nil {
			return err
		}
	}
	return d.endAdvance(g)
}

// MapPNG renders a picture of a step's report as PNG (templates.MailMapPNG,
// templates.MapPNG), nil for none; set by the caller (nil: no map).
type MapPNG func(g *games.Game, r *templates.Report) ([]byte, error)

// draw is the picture f renders of a step's public report, or nil when
// the server draws none or the drawing failed (logged: the report goes
// without it).
func (d *Daemon) draw(f MapPNG, g *archive.Game, r *templates.Report) []byte {
	if f == nil {
		return nil
	}
	png, err := f(g.Rules(), r)
	if err != nil {
		d.log.Warn("map not rendered", "game", g.ID(), "step", r.TurnID, "err", err)
		return nil
	}
	return png
}

// board is the server's drawing of the whole board (Board, else Map).
func (d *Daemon) board() MapPNG {
	if d.Board != nil {
		return d.Board
	}
	return d.Map
}

// mailReports mails a step's report to every player, as their preferences
// ask (reportmail.go: a mail each, or the round's digest when the step
// ends a round; the map with it or not), and to every observer. The step's
// report is built once (archive.Game.Public); each player's copy adds only
// their part (templates.Report.For), and the observers share one rendering
// of the public report. The map is drawn once, and only when a mail
// carries it.
func (d *Daemon) mailReports(g *archive.Game, step *archive.Step, note string) error {
	var next time.Time // the next turn's deadline, written in each reader's zone
	p := d.gamePace(g)
	deadline := ""
	if due := g.Due(); due.Nation != "" {
		next = p.deadline(d.now(), 0)
		deadline = when(next, p.zone)
	}
	r := g.Public(step, deadline)
	r.BoardLink = d.boardLink(g)
	d.chartAtEnd(g, r)
	players := g.Players()
	ends := endsRound(step.Before, step.State)
	// Each picture is drawn once, and only when a mail carries it.
	detail := sync.OnceValue(func() []byte { return d.draw(d.Map, g, r) })
	board := detail // the one drawing when the server has no Board
	if d.Board != nil {
		board = sync.OnceValue(func() []byte { return d.draw(d.Board, g, r) })
	}
	chart := sync.OnceValue(r.Chart.PNG) // nil but at the game's end
	left := leftGame(g, step.Before)
	for seat, pl := range players {
		if pl.Prefs.Get("reports") == "digest" || left[seat] {
			continue
		}
		mine := *r
		mine.Links = d.cfg.Links.of(g.Rules().Ruleset.Name)
		if mine.Deadline != "" {
			mine.Deadline = when(next, p.zoneOf(&pl))
		}
		l := reportLetter(g, step, mine.For(g.Engine(), seat+1, ""), note)
		l.id = safeID(g.ID(), step.Dir(), "report", fmt.Sprint(seat+1))
		l.chart = chart()
		switch {
		case !wantsMap(pl, ends):
		case pl.Prefs.Get("map") == "round":
			l.png = board()
		default:
			l.png = detail()
		}
		if err := d.send(d.compose(g, pl, l)); err != nil {
			return err
		}
	}
	if ends {
		if err := d.mailDigests(g, step.Before.Round, board, next); err != nil {
			return err
		}
	}
	// Observers get the public report (docs/design.md §6), without a personal part.
	var public *mailer.Outgoing
	for i, addr := range d.observers(g) {
		if public == nil {
			l := reportLetter(g, step, r, "")
			public = &mailer.Outgoing{Subject: l.subject, Text: l.text, HTML: l.html("", ""), AutoSubmitted: true, Headers: l.headers}
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
		html:    func(cid, chartCID string) string { return templates.HTML(r.WithChartCID(chartCID), cid) },
		mapName: stepMapName(g, step.ID),
		headers: [][2]string{{"X-Pbem-Game", g.ID()}, {"X-Pbem-Step", step.ID}},
	}
}

// yourTurn tells the player of the nation due that it is their turn, with
// an orders template.
func (d *Daemon) yourTurn(g *archive.Game) error {
	return d.tellTurn(g, "Your turn", turnMailID(g, "yourturn"))
}

// remind reminds the player due before the deadline in st: once per
// deadline, once more each time it moves.
func (d *Daemon) remind(g *archive.Game, st *paceState) error {
	return d.tellTurn(g, "Reminder", moveMailID(g, st, "reminder"))
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

// moveMailID is turnMailID for a mail sent once per deadline (a reminder,
// a grace warning): the deadline's moves are counted in it.
func moveMailID(g *archive.Game, st *paceState, kind string) string {
	if st.Moved > 0 {
		return safeID(turnMailID(g, kind), fmt.Sprintf("m%d", st.Moved))
	}
	return turnMailID(g, kind)
}

// tellTurn mails the player due "your turn" (kind "Your turn" or
// "Reminder") with an orders template, under outbox id id; the deadline
// is written in the player's zone.
func (d *Daemon) tellTurn(g *archive.Game, kind, id string) error {
	due := g.Due()
	p := g.PlayerOf(due.Nation)
	if due.Nation == "" || p == nil {
		return nil
	}
	st := d.loadPace(g)
	pace := d.gamePace(g)
	dl := when(pace.deadline(d.base(st), st.Extended), pace.zoneOf(p))
	tmpl := templates.OrdersTemplate(g.Engine(), g.State(), templates.Header{Game: g.ID(), Deadline: dl, Links: d.cfg.Links.of(g.Rules().Ruleset.Name)})
	text := fmt.Sprintf("%s: the %s move next in game %s (%s). Orders are due by %s.\n\n%sFill in the template below and send it back (the token is in your welcome mail; send \"token %s\" to have it again).\n\n%s",
		kind, due.Nation, g.ID(), due.ID, dl, d.askNote(g, st), g.ID(), tmpl)
	return d.send(&mailer.Outgoing{
		ID: id, To: []string{p.Email}, AutoSubmitted: true,
		Subject: fmt.Sprintf("pbem %s %s: %s — the %s", g.ID(), due.ID, kind, due.Nation),
		Text:    text,
		Headers: [][2]string{{"X-Pbem-Game", g.ID()}, {"X-Pbem-Turn", due.ID}, {"X-Pbem-Nation", due.Nation}},
	})
}
