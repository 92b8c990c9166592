package daemon

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/pbem-org/pbem/archive"
	"github.com/pbem-org/pbem/docs"
	"github.com/pbem-org/pbem/mailer"
	"github.com/pbem-org/pbem/templates"
)

// ShutdownGrace is how long Serve waits, once ctx ends, for the intake,
// the outbox and the clock to stop. Past it Serve returns anyway: what was
// under way (a mail being handled, a message on an SMTP connection that
// does not answer) is redone at the next start, as after a crash, and
// nothing is lost or answered twice (docs/design.md §5).
const ShutdownGrace = 800 * time.Millisecond

// Serve runs the intake, the outbox and the clock until ctx ends
// (docs/design.md §5), and returns within ShutdownGrace of that. tick is how often
// the clock runs (new games, deadlines, ready turns).
func (d *Daemon) Serve(ctx context.Context, in *mailer.Intake, out *mailer.Outbox, tick time.Duration) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var wg sync.WaitGroup
	errc := make(chan error, 4)
	run := func(name string, f func() error) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := f(); err != nil && !errors.Is(err, context.Canceled) && !errors.Is(err, context.DeadlineExceeded) {
				errc <- fmt.Errorf("%s: %w", name, err)
				cancel()
			}
		}()
	}
	run("intake", func() error { return in.Run(ctx, d) })
	run("outbox", func() error { return out.Run(ctx) })
	run("clock", func() error { return d.runClock(ctx, tick, max(1, runtime.GOMAXPROCS(0))) })
	run("keep", func() error { return d.pruneMail(ctx, in.Journal(), out) })
	done := make(chan struct{})
	go func() { wg.Wait(); close(done) }()
	select {
	case <-done:
	case <-ctx.Done():
		d.log.Info("stopping")
		t := time.NewTimer(ShutdownGrace)
		defer t.Stop()
		select {
		case <-done:
		case <-t.C:
			d.log.Warn("stopping: work still under way is left to the next start", "waited", ShutdownGrace.String())
		}
	}
	select {
	case err := <-errc:
		return err
	default:
		return nil
	}
}

// pruneMail removes, at start and then once a day, what the journal and
// the outbox keep of mail older than keep_mail (mailer.Journal.Prune,
// mailer.Outbox.Prune): a club's server would otherwise keep every mail
// for ever, and look through all of it at each start (CheckPrivate). A
// failure is logged and tried again the next day.
func (d *Daemon) pruneMail(ctx context.Context, j *mailer.Journal, out *mailer.Outbox) error {
	if d.cfg.KeepMail <= 0 {
		return nil
	}
	for {
		before := d.now().Add(-d.cfg.KeepMail)
		nj, err := j.Prune(before)
		if err != nil {
			d.log.Error("cannot prune the journal", "err", err)
		}
		no, err := out.Prune(before)
		if err != nil {
			d.log.Error("cannot prune the outbox", "err", err)
		}
		if nj+no > 0 {
			d.log.Info("pruned mail older than keep_mail", "keep_mail", d.cfg.KeepMail.String(), "journal", nj, "outbox", no)
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(24 * time.Hour):
		}
	}
}

// runClock is Serve's clock: it runs each game's clock when its next check
// comes (schedule.go), on workers goroutines, each game under its lock,
// and every tick picks up new games (Discover) and sweeps a few for
// changes made by another process. Turns a mail makes ready run here, not
// in the mail's handler, so that acknowledgements never wait for a turn
// being played (issue 23).
func (d *Daemon) runClock(ctx context.Context, tick time.Duration, workers int) error {
	d.async.Store(true)
	start := time.Now()
	d.loadSchedule()
	work := make(chan *gameEntry)
	var wg sync.WaitGroup
	var busy atomic.Int64
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for e := range work {
				if err := d.runEntry(ctx, e); err != nil && ctx.Err() == nil {
					d.log.Error("clock", "game", e.id, "err", err) // one game's trouble never stops the others
				}
				if busy.Add(-1) == 0 {
					select { // the loop looks again: at the start, to log that it caught up
					case d.kick <- struct{}{}:
					default:
					}
				}
			}
		}()
	}
	defer func() { close(work); wg.Wait() }()
	var scanned time.Time
	checked, caughtUp := 0, false
	for {
		if time.Since(scanned) >= tick {
			d.Discover()
			d.sweep(sweepPerTick)
			if err := d.FlushNotices(); err != nil {
				d.log.Error("the daily summary of forged mail", "err", err)
			}
			scanned = time.Now()
		}
		due := d.popDue(d.now())
		if len(due) == 0 && busy.Load() == 0 && !caughtUp {
			caughtUp = true // what was due at the start (an upgrade's first look at every game) is done
			d.log.Info("clock caught up", "checked", checked, "took", time.Since(start).Round(time.Millisecond).String())
		}
		for _, e := range due {
			busy.Add(1)
			checked++
			select {
			case work <- e:
			case <-ctx.Done():
				return ctx.Err()
			}
		}
		wait := tick - time.Since(scanned)
		if next := d.nextDue(); !next.IsZero() {
			wait = min(wait, next.Sub(d.now()))
		}
		t := time.NewTimer(max(wait, time.Millisecond))
		select {
		case <-ctx.Done():
			t.Stop()
			return ctx.Err()
		case <-d.kick:
		case <-t.C:
		}
		t.Stop()
	}
}

// Welcome runs a game's clock at once: the first run mails each player
// their welcome (once per game, see welcome) and the first player "your
// turn". The serve loop's clock does the same for every game it finds;
// tests call Welcome to have it without waiting for a tick.
func (d *Daemon) Welcome(g *archive.Game) error {
	return d.TickGame(context.Background(), g)
}

// welcomeRecord says that a game's welcome mails are queued
// (Data/pace/GAME.welcome.json): they go out once per seat, whatever
// restarts.
type welcomeRecord struct {
	Seats   []int     `json:"seats"`             // seats (from 1) welcomed
	At      time.Time `json:"at"`                // when
	Skipped string    `json:"skipped,omitempty"` // why none was sent
}

func (d *Daemon) welcomePath(g *archive.Game) string {
	return filepath.Join(d.paceDir(), g.ID()+".welcome.json")
}

// welcome mails each player their token, nations, the game's dice
// commitment and a summary of its rules, once per game. A game already
// under way when pbem first serves it (a step played with "pbem turn")
// gets none: its players have their tokens. The caller holds the game's
// clock.
func (d *Daemon) welcome(g *archive.Game) error {
	if _, err := os.Stat(d.welcomePath(g)); err == nil {
		return nil
	} else if !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	rec := welcomeRecord{At: d.now().UTC()}
	if n := lastInForce(g).Number; n > 0 {
		rec.Skipped = fmt.Sprintf("the game was under way (step %d) when pbem first served it", n)
	}
	for seat, p := range g.Players() {
		if rec.Skipped != "" {
			break
		}
		tok, err := d.tokenOf(g, p.Name)
		if err != nil {
			return err
		}
		if err := d.send(&mailer.Outgoing{ID: safeID(g.ID(), "welcome", fmt.Sprint(seat+1)), To: []string{p.Email}, AutoSubmitted: true,
			Subject: "pbem " + g.ID() + ": welcome", Text: d.welcomeText(g, seat, tok), Headers: [][2]string{{"X-Pbem-Game", g.ID()}},
			Attach: d.docsAttached(true)}); err != nil {
			return err
		}
		rec.Seats = append(rec.Seats, seat+1)
	}
	data, _ := json.MarshalIndent(rec, "", "  ")
	if err := writeAtomic(d.welcomePath(g), data, 0o644); err != nil {
		return err
	}
	d.log.Info("welcome", "game", g.ID(), "seats", len(rec.Seats), "skipped", rec.Skipped)
	return nil
}

func (d *Daemon) welcomeText(g *archive.Game, seat int, token string) string {
	p := g.Players()[seat]
	return fmt.Sprintf(`Welcome to game %s (%s).

You are player %d (%s) and control: %s.

Your secret token is:

    token: %s

Put that line in every order file, and before every command that acts
for you, that you send to %s. Keep it secret: with it and
your address, anyone could send orders for your nations.

The dice of this game are committed in advance (the dice check: %s):

    commitment: %s

Every turn report reveals that turn's seed; anyone can check with
"pbem verify" that no die was chosen after the fact.

%s
Your mail: %s. Send "prefs" with your token for
the choices (plain text, the map once a round or never, one digest a
round). Send "help" to %s for the commands.
`, g.ID(), g.Rules().Ruleset.Title, seat+1, p.Colour, strings.Join(p.Nations, ", "), token, d.cfg.From, d.diceRef(), g.Commitment(), d.rulesSummary(g), p.Prefs, d.cfg.From)
}

// rulesSummary sums up the rules a game is played under: the ruleset and
// its options, the seats, and the pace the daemon keeps.
func (d *Daemon) rulesSummary(g *archive.Game) string {
	var sb strings.Builder
	r := g.Rules()
	fmt.Fprintf(&sb, "The rules: %s.\n", r.Ruleset.Title)
	for _, o := range r.Ruleset.Options {
		on := "off"
		if r.HasOption(o.Name) {
			on = "on"
		}
		fmt.Fprintf(&sb, "  option %s is %s: %s\n", o.Name, on, o.Doc)
	}
	fmt.Fprintf(&sb, "The players, in seat order:\n")
	for i, p := range g.Players() {
		fmt.Fprintf(&sb, "  %d. %s (%s): %s\n", i+1, p.Name, p.Colour, strings.Join(p.Nations, ", "))
	}
	pc := d.gamePace(g)
	fmt.Fprintf(&sb, "Each nation turn has %s for its orders", human(pc.Deadline))
	if pc.at {
		fmt.Fprintf(&sb, ", and ends at %02d:%02d (%s)", pc.hour, pc.minute, pc.Timezone)
	}
	if pc.SkipWeekends {
		sb.WriteString(", not counting weekends")
	}
	fmt.Fprintf(&sb, "; times are shown in %s unless your players file gives a zone of your own (\"prefs timezone Europe/Berlin\" sets it).\n", pc.Timezone)
	if pc.ChangeOfMind > 0 {
		fmt.Fprintf(&sb, "A turn runs %s after its orders are accepted (a new file replaces them until then), or at once on \"ready\".\n", human(pc.ChangeOfMind))
	}
	if r := pc.reminder(); r > 0 {
		fmt.Fprintf(&sb, "A reminder comes %s before the deadline (a fresh one if the deadline moves).\n", human(r))
	}
	then := "the bot plays the turn and the report says so"
	if pc.NMR != "bot" {
		then = "the game waits for the GM"
	}
	if pc.Extensions > 0 {
		then = fmt.Sprintf("the turn gets its time again, for %s a player in this game; after that %s", plural(pc.Extensions, "missed deadline", "missed deadlines"), then)
	}
	fmt.Fprintf(&sb, "When no orders come by the deadline, the player due is warned and has %s of grace; then %s.\n", human(pc.Grace), then)
	if l := d.cfg.Links.of(r.Ruleset.Name).Rules; l != "" {
		fmt.Fprintf(&sb, "The rules summary: %s\n", l)
	}
	fmt.Fprintf(&sb, "The order language, every Decision of a turn with its default: %s.\n", d.ordersRef())

	return sb.String()
}

// human writes a duration as a person would: "48h", "10m", "1h30m".
func human(d time.Duration) string {
	s := d.String()
	if strings.HasSuffix(s, "m0s") {
		s = strings.TrimSuffix(s, "0s")
	}
	if strings.HasSuffix(s, "h0m") {
		s = strings.TrimSuffix(s, "0m")
	}
	return s
}

// diceAttached is the name of the dice check attached to the welcome
// where no address is set (Links.Dice).
const diceAttached = "pbem-dice-check.txt"

// ordersRef says where the order syntax is: its address, else the
// attachment (templates.OrdersAttached).
func (d *Daemon) ordersRef() string {
	if l := d.cfg.Links.Orders; l != "" {
		return l
	}
	return "attached, " + templates.OrdersAttached
}

// diceRef says where the dice check is: its address, else the
// attachment.
func (d *Daemon) diceRef() string {
	if l := d.cfg.Links.Dice; l != "" {
		return l
	}
	return "attached, " + diceAttached
}

// docsAttached are the documents a mail carries where the config links
// to none (Config.Links): the order syntax, and in the welcome the dice
// check too.
func (d *Daemon) docsAttached(dice bool) []mailer.Part {
	var parts []mailer.Part
	if d.cfg.Links.Orders == "" {
		parts = append(parts, mailer.Part{Name: templates.OrdersAttached, ContentType: "text/plain; charset=utf-8", Data: docs.Orders})
	}
	if dice && d.cfg.Links.Dice == "" {
		parts = append(parts, mailer.Part{Name: diceAttached, ContentType: "text/plain; charset=utf-8", Data: docs.Dice})
	}
	return parts
}
