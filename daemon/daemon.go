package daemon

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/pbem-org/pbem/archive"
	"github.com/pbem-org/pbem/mailer"
	"github.com/pbem-org/pbem/orders"
)

// Enqueuer queues outgoing mail durably (mailer.Outbox).
type Enqueuer interface {
	Enqueue(o *mailer.Outgoing) error
}

// Daemon is the mail clerk of every game under Config.Data/games.
type Daemon struct {
	cfg    Config
	log    *slog.Logger
	out    Enqueuer
	now    func() time.Time
	limits mailer.Limits
	// Map renders a step's map as PNG for reports; nil sends none.
	Map MapPNG

	mu     sync.Mutex
	games  map[string]*archive.Game // by game id; looked up, never ranged for order
	failed map[string]int           // failed token checks per sender and day
	clocks map[string]*sync.Mutex   // per game: one clock run at a time
}

// Options are the parts of a Daemon a test or the demo replaces.
type Options struct {
	Log *slog.Logger
	Out Enqueuer
	Now func() time.Time
}

// New opens every game directory under cfg.Data/games.
func New(cfg Config, o Options) (*Daemon, error) {
	d := &Daemon{cfg: cfg, log: o.Log, out: o.Out, now: o.Now, games: map[string]*archive.Game{}, failed: map[string]int{}, clocks: map[string]*sync.Mutex{}}
	if d.log == nil {
		d.log = slog.New(slog.NewTextHandler(os.Stderr, nil))
	}
	if d.now == nil {
		d.now = time.Now
	}
	d.limits = mailer.DefaultLimits()
	d.limits.MaxBytes = int64(cfg.Limits.MaxMessageBytes)
	d.limits.MaxParts = cfg.Limits.MaxParts
	if err := os.MkdirAll(d.GamesDir(), 0o755); err != nil {
		return nil, err
	}
	ents, err := os.ReadDir(d.GamesDir())
	if err != nil {
		return nil, err
	}
	for _, e := range ents {
		if !e.IsDir() || strings.HasSuffix(e.Name(), ".secrets") {
			continue
		}
		if _, err := d.openGame(filepath.Join(d.GamesDir(), e.Name())); err != nil {
			return nil, fmt.Errorf("game %s: %w", e.Name(), err)
		}
	}
	return d, nil
}

// GamesDir is where game directories live.
func (d *Daemon) GamesDir() string { return filepath.Join(d.cfg.Data, "games") }

func (d *Daemon) paceDir() string { return filepath.Join(d.cfg.Data, "pace") }

func (d *Daemon) openGame(dir string) (*archive.Game, error) {
	g, err := archive.Open(dir)
	if err != nil {
		return nil, err
	}
	d.mu.Lock()
	d.games[g.ID()] = g
	d.mu.Unlock()
	return g, nil
}

// AddGame registers a game directory created after start (pbem new).
func (d *Daemon) AddGame(dir string) (*archive.Game, error) { return d.openGame(dir) }

// GameIDs lists the games in sorted order.
func (d *Daemon) GameIDs() []string {
	d.mu.Lock()
	defer d.mu.Unlock()
	var ids []string
	for id := range d.games {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	return ids
}

func (d *Daemon) game(id string) *archive.Game {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.games[strings.ToLower(strings.TrimSpace(id))]
}

// Handle processes one incoming mail (mailer.Handler). Every mail that is
// not automatic gets an answer at once; a mail whose processing fails is
// retried by the intake, and replies keep their ids, so nothing is sent
// twice.
func (d *Daemon) Handle(ctx context.Context, m *mailer.Message) error {
	in, err := mailer.Parse(m.Raw, d.limits)
	var le *mailer.LimitError
	if errors.As(err, &le) {
		if in != nil && !in.AutoReply && in.From != "" {
			return d.reply(m, in, "Not processed", le.Error()+"\n\nThe message is kept for the GM.")
		}
		return nil
	}
	if err != nil {
		d.log.Warn("not a mail message", "journal", m.JournalID, "err", err)
		return d.toGM("pbem: an unreadable message", fmt.Sprintf("Journal id %s could not be read as mail: %v", m.JournalID, err), "unreadable."+m.JournalID)
	}
	if in.AutoReply {
		d.log.Info("automatic mail ignored (RFC 3834)", "from", in.From, "reason", in.AutoReason)
		return nil
	}
	env := readEnvelope(in)
	d.log.Info("mail", "from", in.From, "subject", in.Subject, "game", env.game, "command", env.command)
	switch {
	case env.command == "help" || (env.game == "" && env.command == ""):
		return d.reply(m, in, "pbem help", helpText(d.cfg.From))
	case env.game == "":
		return d.reply(m, in, "Not understood", "Say which game: a line \"game: NAME\" in the message, or the game after the command in the Subject (\"status ashdown\").\n\n"+helpText(d.cfg.From))
	}
	g := d.game(env.game)
	if g == nil {
		return d.reply(m, in, "Unknown game", fmt.Sprintf("There is no game %q here. Games: %s.", env.game, strings.Join(d.GameIDs(), ", ")))
	}
	if env.command != "" {
		return d.command(ctx, m, in, g, env)
	}
	return d.orders(ctx, m, in, g, env)
}

// envelope is what routing needs from a mail: the game, nation, token, and
// whether it is a command.
type envelope struct {
	game, nation, token, turn, kind string
	command                         string
	args                            []string
	text                            string
}

var commandWords = []string{"help", "status", "orders", "ready", "token", "auto", "press", "history", "map", "archive", "observe", "pause", "resume", "extend", "rollback", "address", "replace"}

func isCommand(w string) bool {
	w = strings.ToLower(w)
	for _, c := range commandWords {
		if w == c {
			return true
		}
	}
	return false
}

// readEnvelope finds the game, nation, token and command of a mail. Orders
// carry "game:" header lines; a command is its first word in the Subject
// ("status ashdown") or the first line after the header lines.
func readEnvelope(in *mailer.Inbound) envelope {
	env := envelope{text: in.Text}
	lines := orders.Clean(in.Text)
	for _, l := range lines {
		t := strings.TrimSpace(l.Text)
		if t == "" || strings.HasPrefix(t, "#") {
			continue
		}
		if k, v, ok := strings.Cut(t, ":"); ok && !strings.ContainsAny(k, " \t") {
			switch strings.ToLower(k) {
			case "game":
				env.game = strings.TrimSpace(v)
			case "nation":
				env.nation = strings.TrimSpace(v)
			case "token":
				env.token = strings.TrimSpace(v)
			case "turn", "round":
				env.turn = strings.TrimSpace(v)
			case "kind":
				env.kind = strings.TrimSpace(v)
			}
			continue
		}
		if env.game != "" && env.command == "" {
			f := strings.Fields(t)
			if isCommand(f[0]) {
				env.command = strings.ToLower(f[0])
				env.args = f[1:]
			}
			break
		}
	}
	subj := strings.Fields(stripReplyPrefix(in.Subject))
	if env.command == "" && len(subj) > 0 && isCommand(subj[0]) && env.nation == "" {
		env.command = strings.ToLower(subj[0])
		if env.game == "" && len(subj) > 1 {
			env.game = subj[1]
		}
		if len(subj) > 2 {
			env.args = subj[2:]
		}
	}
	return env
}

var replyPrefix = regexp.MustCompile(`(?i)^\s*((re|aw|sv|fwd?|wg)\s*:\s*)+`)

func stripReplyPrefix(s string) string { return replyPrefix.ReplaceAllString(s, "") }

// authentic reports whether a mail comes from a nation's controlling
// player: the registered address (DESIGN §5; the token is checked by the
// archive).
func (d *Daemon) authentic(g *archive.Game, nation, from string) (*archive.PlayerInfo, bool) {
	p := g.PlayerOf(nation)
	if p == nil {
		return nil, false
	}
	return p, strings.EqualFold(strings.TrimSpace(p.Email), strings.TrimSpace(from))
}

// orders handles an order file: authenticate, submit, acknowledge, and run
// the turn when it is ready.
func (d *Daemon) orders(ctx context.Context, m *mailer.Message, in *mailer.Inbound, g *archive.Game, env envelope) error {
	if env.nation == "" {
		return d.reply(m, in, "Orders not accepted", "The file has no \"nation:\" line, so pbem cannot tell whose orders they are.")
	}
	nation := env.nation
	if idx, err := g.Rules().Tables.NationIndex(nation); err == nil {
		nation = g.Rules().Tables.Nations[idx].Name
	}
	p, ok := d.authentic(g, nation, in.From)
	if p == nil {
		return d.reply(m, in, "Orders not accepted", fmt.Sprintf("Game %s has no nation %q.", g.ID(), env.nation))
	}
	byGM := !ok && strings.EqualFold(strings.TrimSpace(in.From), d.cfg.GM)
	if !ok && !byGM {
		return d.failedLogin(m, in, g, p, nation, "the orders came from an address that is not registered for this nation")
	}
	submit := g.Submit
	if byGM {
		submit = g.SubmitGM // on the player's behalf: marked in orders.txt and the report
	}
	rec, err := submit(nation, in.Text, d.now())
	var rej *archive.RejectedError
	if errors.As(err, &rej) && m.Attempt > 1 {
		rec, err = d.acceptedBeforeCrash(g, in.Text, err)
	}
	switch {
	case errors.As(err, &rej):
		if tokenProblem(rej) {
			return d.failedLogin(m, in, g, p, nation, "the token is wrong or missing")
		}
		var sb strings.Builder
		fmt.Fprintf(&sb, "Your orders for the %s in game %s were NOT accepted. Every problem, with its line:\n\n", nation, g.ID())
		for _, e := range rej.Errors {
			sb.WriteString("  " + e.Error() + "\n")
		}
		sb.WriteString("\nNothing was recorded; send the whole file again, corrected.\n")
		if due := g.Due(); due.ID != "" {
			fmt.Fprintf(&sb, "The turn due is %s (the %s).\n", due.ID, due.Nation)
		}
		return d.reply(m, in, "Orders NOT accepted — "+g.ID(), sb.String())
	case err != nil:
		return err // a disk problem: let the intake retry
	}
	var sb strings.Builder
	what := "turn " + rec.Turn
	if rec.Kind == orders.StandingOrders {
		what = "standing orders"
	}
	fmt.Fprintf(&sb, "Accepted: the %s' %s in game %s.\n", rec.Nation, what, g.ID())
	fmt.Fprintf(&sb, "Received %s; digest %s.\n", rec.Arrival.UTC().Format(time.RFC3339), rec.Digest)
	if rec.Kind == orders.TurnOrders && rec.Turn == g.Due().ID { // else acknowledged after a crash, and run since
		st := d.loadPace(g)
		fmt.Fprintf(&sb, "Deadline: %s.\n", d.deadline(st).In(d.zone()).Format("Mon 2 Jan 15:04 MST"))
		if d.cfg.Pace.ChangeOfMind > 0 {
			fmt.Fprintf(&sb, "The turn runs %s after your last accepted file, or at once if you send \"ready\". A new file replaces this one until then.\n", d.cfg.Pace.ChangeOfMind)
		}
	}
	sb.WriteString("\nThe orders as understood (canonical form, token removed):\n\n")
	sb.WriteString(indent(rec.Orders))
	if err := d.reply(m, in, "Orders accepted — "+g.ID()+" "+what, sb.String()); err != nil {
		return err
	}
	if byGM {
		if err := d.send(&mailer.Outgoing{ID: safeID("behalf", m.JournalID), To: []string{p.Email}, AutoSubmitted: true,
			Subject: fmt.Sprintf("pbem %s: the GM entered orders for your %s", g.ID(), nation),
			Text:    fmt.Sprintf("The GM entered the %s' %s on your behalf; the report will say so. If you send your own file before the turn runs, it replaces the GM's.\n\n%s", nation, what, indent(rec.Orders))}); err != nil {
			return err
		}
	}
	if rec.Kind == orders.TurnOrders {
		if rec.Turn != g.Due().ID {
			return nil // acknowledged again after a crash: the turn has run since
		}
		st := d.loadPace(g)
		st.Accepted = d.now()
		if err := d.savePace(g, st); err != nil {
			return err
		}
		if m.Attempt > 1 {
			return nil // handled again after a crash: the clock runs the turn (recover.go, acceptedBeforeCrash)
		}
		return d.TickGame(ctx, g)
	}
	return nil
}

func tokenProblem(rej *archive.RejectedError) bool {
	for _, e := range rej.Errors {
		if strings.Contains(strings.ToLower(e.Msg), "token") {
			return true
		}
	}
	return false
}

// failedLogin answers a mail that failed authentication, rate-limited per
// sender per day, and tells the nation's real owner.
func (d *Daemon) failedLogin(m *mailer.Message, in *mailer.Inbound, g *archive.Game, owner *archive.PlayerInfo, nation, why string) error {
	day := d.now().UTC().Format("2006-01-02")
	key := strings.ToLower(in.From) + "|" + day
	d.mu.Lock()
	d.failed[key]++
	n := d.failed[key]
	d.mu.Unlock()
	d.log.Warn("failed authentication", "game", g.ID(), "nation", nation, "from", in.From, "why", why, "count", n)
	if n > d.cfg.Limits.FailedLoginsPerDay {
		return nil // rate limit: no more answers today
	}
	if err := d.reply(m, in, "Orders not accepted — "+g.ID(), fmt.Sprintf("Orders for the %s were not accepted: %s. Orders need the player's registered address and their secret token (send \"token %s\" from your registered address to have it sent again).", nation, why, g.ID())); err != nil {
		return err
	}
	if !strings.EqualFold(owner.Email, in.From) {
		return d.send(&mailer.Outgoing{
			ID: safeID("warn", g.ID(), m.JournalID), To: []string{owner.Email}, AutoSubmitted: true,
			Subject: fmt.Sprintf("pbem %s: someone tried to send orders for your %s", g.ID(), nation),
			Text:    fmt.Sprintf("A mail from %s tried to send orders for the %s in game %s and was refused (%s). If it was you, use your registered address and token. Nothing was changed.\n", in.From, nation, g.ID(), why),
		})
	}
	return nil
}

// reply answers an incoming mail. Its id depends only on the incoming mail,
// so a retried mail gets one answer.
func (d *Daemon) reply(m *mailer.Message, in *mailer.Inbound, subject, text string) error {
	to := in.From
	if in.ReplyTo != "" {
		to = in.ReplyTo
	}
	if to == "" {
		return nil
	}
	return d.send(&mailer.Outgoing{
		ID: safeID("reply", m.JournalID), To: []string{to}, Subject: "pbem: " + subject,
		Text: text, InReplyTo: in.MessageID, AutoSubmitted: true,
	})
}

func (d *Daemon) toGM(subject, text, id string) error {
	return d.send(&mailer.Outgoing{ID: safeID("gm", id), To: []string{d.cfg.GM}, Subject: subject, Text: text, AutoSubmitted: true})
}

func (d *Daemon) send(o *mailer.Outgoing) error {
	if d.out == nil {
		return errors.New("daemon: no outbox")
	}
	return d.out.Enqueue(o)
}

var idUnsafe = regexp.MustCompile(`[^A-Za-z0-9._+=-]+`)

// safeID builds an outbox id from parts.
func safeID(parts ...string) string {
	s := idUnsafe.ReplaceAllString(strings.Join(parts, "."), "-")
	s = strings.Trim(s, ".-")
	if len(s) > 200 {
		s = s[:200]
	}
	return s
}

func indent(s string) string {
	var sb strings.Builder
	for _, l := range strings.Split(strings.TrimRight(s, "\n"), "\n") {
		sb.WriteString("    " + l + "\n")
	}
	return sb.String()
}

func (d *Daemon) zone() *time.Location {
	loc, err := time.LoadLocation(d.cfg.Pace.Timezone)
	if err != nil {
		return time.UTC
	}
	return loc
}

func helpText(addr string) string {
	return fmt.Sprintf(`pbem referees Britannia by mail. Send mail to %s.

Orders: a plain-text file in the body or as a .txt attachment:

    game: ashdown
    nation: Saxons
    turn: r05-saxons
    token: YOUR-TOKEN

    move 3 English Channel > Kent > Essex

Standing orders: the same header with "kind: standing" instead of "turn:",
then "defend" lines. The full language is docs/orders.md.

Commands: put "game: NAME" and "token: TOKEN" lines first, then one
command line; or write the command and game in the Subject ("status ashdown").
  help                 this text
  status               whose turn it is, the deadline, the scores
  orders               an orders template for your nation that moves next
  ready                run your accepted orders now, without waiting
  token                send your token again to your registered address
  token new            a new token (the old one stops working)
  address NEW@ADDR     play from a new address (from the old one, with your token)
  auto on|off NATION   let the bot play a nation (on) or not (off)
  press NATION text    relay a message to the player of NATION (kept in the archive)
  map                  the current map
GM: pause, resume, extend HOURS, rollback STEP WHY, replace PLAYER NEW@ADDR.
`, addr)
}

// clock returns the mutex that serialises one game's clock: the serve
// loop's tick and a mail's "run it now" never advance a game together.
func (d *Daemon) clock(id string) *sync.Mutex {
	d.mu.Lock()
	defer d.mu.Unlock()
	m := d.clocks[id]
	if m == nil {
		m = &sync.Mutex{}
		d.clocks[id] = m
	}
	return m
}
