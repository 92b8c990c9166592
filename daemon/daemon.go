package daemon

import (
	"context"
	crand "crypto/rand"
	"errors"
	"fmt"
	"log/slog"
	"net/mail"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/pbem-org/pbem/adjudicator"
	"github.com/pbem-org/pbem/archive"
	"github.com/pbem-org/pbem/games"
	"github.com/pbem-org/pbem/mailer"
	"github.com/pbem-org/pbem/orders"
	"github.com/pbem-org/pbem/rulesets"
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
	// Map renders the picture a step's report mail shows (a detail of
	// the map around the step's action, templates.MailMapPNG; nil for a
	// step without one); nil sends none.
	Map MapPNG
	// Board renders the whole board at full size (templates.MapPNG): the
	// "map" command's answer, a digest's and a "map round" mail's map;
	// nil: Map draws those too.
	Board MapPNG

	gmAddr  string // the bare address of cfg.GM
	gmToken string // the GM's secret token (cfg.GMTokenPath)

	mu        sync.Mutex
	games     map[string]*gameEntry // by game id; looked up, never ranged for order
	dirs      map[string]bool       // game directories served, by path
	bad       map[string]string     // game directories that would not open: the error last logged
	due       dueHeap               // games by their next check (schedule.go)
	opened    map[*gameEntry]bool   // games whose archive is open
	openGames int                   // how many may stay open unused (Options.OpenGames)
	seq       uint64                // uses of games, to close the least used
	sweepIDs  []string              // games still to sweep this round (schedule.go)
	failMu    sync.Mutex            // the failed-login count on disk
	openMu    sync.Mutex            // one game directory is opened once: one *archive.Game per game
	listed    time.Time             // GamesDir's modification time when last listed
	loadOnce  sync.Once             // loadSchedule
	fresh     []string              // directories found at start without a clock, for loadSchedule
	paced     map[string]bool       // the names in DATA/pace at start, for loadSchedule
	kick      chan struct{}         // a game's check is due now: wake the clock
	async     atomic.Bool           // Serve's clock runs the turns a mail makes ready
	large     chan struct{}         // one large mail handled at a time (largeMail)
	// notices is what each owner was told of forged mail (notices.go),
	// loaded on first use; noticeMu guards it and its file.
	notices  map[string]*ownerNotices
	noticeMu sync.Mutex
}

// largeMail is the size above which a mail is handled alone (Daemon.large):
// the intake handles several mails at once, and a large one may cost its
// parser many times its size (BENCHMARKS.md, "Hostile mail"), so that
// memory stays what one such mail costs.
const largeMail = 256 << 10

// Options are the parts of a Daemon a test or the demo replaces.
type Options struct {
	Log *slog.Logger
	Out Enqueuer
	Now func() time.Time
	// OpenGames is how many games stay open beyond those in use; 0 means
	// the package's OpenGames.
	OpenGames int
}

// New lists the game directories under cfg.Data/games, without opening
// them (schedule.go: a game's archive is read when it has something in
// hand), and reads the GM's token (cfg.GMTokenPath), creating it if
// missing and mailing it to the GM once.
func New(cfg Config, o Options) (*Daemon, error) {
	d := &Daemon{cfg: cfg, log: o.Log, out: o.Out, now: o.Now, games: map[string]*gameEntry{},
		dirs: map[string]bool{}, bad: map[string]string{}, openGames: o.OpenGames, opened: map[*gameEntry]bool{}, kick: make(chan struct{}, 1), large: make(chan struct{}, 1)}
	if d.log == nil {
		d.log = slog.New(slog.NewTextHandler(os.Stderr, nil))
	}
	if d.now == nil {
		d.now = time.Now
	}
	if d.openGames <= 0 {
		d.openGames = OpenGames
	}
	d.gmAddr = strings.TrimSpace(cfg.GM)
	if a, err := mail.ParseAddress(cfg.GM); err == nil {
		d.gmAddr = a.Address
	}
	var err error
	if d.gmToken, err = loadGMToken(cfg.GMTokenPath(), crand.Reader); err != nil {
		return nil, err
	}
	if d.out != nil {
		if err := d.tellGMToken(); err != nil {
			return nil, err
		}
	}
	d.limits = mailer.DefaultLimits()
	d.limits.MaxBytes = int64(cfg.Limits.MaxMessageBytes)
	d.limits.MaxParts = cfg.Limits.MaxParts
	if err := os.MkdirAll(d.GamesDir(), 0o755); err != nil {
		return nil, err
	}
	if err := d.register(); err != nil {
		return nil, err
	}
	return d, nil
}

// GamesDir is where game directories live.
func (d *Daemon) GamesDir() string { return filepath.Join(d.cfg.Data, "games") }

func (d *Daemon) paceDir() string { return filepath.Join(d.cfg.Data, "pace") }

// moveAddresses takes the players' addresses out of the game.yaml of a
// game created before they moved to its private directory (issue 23): the
// public record holds none. A failure is logged; the game is served.
func (d *Daemon) moveAddresses(g *archive.Game) {
	if !g.HasAddresses() {
		return
	}
	if err := g.MoveAddresses(); err != nil {
		d.log.Warn("the players' addresses stay in game.yaml: they could not be moved to the private directory", "game", g.ID(), "err", err)
		return
	}
	d.log.Info("the players' addresses moved from game.yaml to the private directory", "game", g.ID())
}

// Handle processes one incoming mail (mailer.Handler). Every mail that is
// not automatic gets an answer at once; a mail whose processing fails is
// retried by the intake, and replies keep their ids, so nothing is sent
// twice.
func (d *Daemon) Handle(ctx context.Context, m *mailer.Message) error {
	if len(m.Raw) > largeMail {
		d.large <- struct{}{}
		defer func() { <-d.large }()
	}
	in, err := mailer.Parse(m.Raw, d.limits)
	var le *mailer.LimitError
	if errors.As(err, &le) {
		if in == nil || in.AutoReply || in.From == "" {
			return nil
		}
		gm := fmt.Sprintf("A mail was refused without being read: %s.\n\nFrom: %s\nSubject: %s\nMessage-ID: <%s>\nIt is kept in the journal as %s and in the IMAP mailbox %s.\n",
			le.Error(), in.From, in.Subject, m.MessageID, m.JournalID, orDefault(d.cfg.IMAP.ProcessedMailbox, d.cfg.IMAP.Mailbox))
		if err := d.toGM("pbem: a mail was refused", gm, "refused."+m.JournalID); err != nil {
			return err
		}
		return d.reply(m, in, "Not processed", le.Error()+"\n\nThe message is kept for the GM, who has been told.")
	}
	if err != nil {
		d.log.Warn("not a mail message", "journal", m.JournalID, "err", err)
		return d.toGM("pbem: an unreadable message", fmt.Sprintf("Journal id %s could not be read as mail: %v", m.JournalID, err), "unreadable."+m.JournalID)
	}
	if in.AutoReply {
		if isBounce(in) {
			return d.bounce(m, in)
		}
		d.log.Info("automatic mail ignored (RFC 3834)", "from", in.From, "reason", in.AutoReason)
		return nil
	}
	env := readEnvelope(in)
	d.log.Info("mail", "from", in.From, "subject", d.redact(in.Subject), "game", env.game, "command", env.command)
	switch {
	case env.command == "help":
		return d.replyWith(m, in, "pbem help", helpText(d.cfg.From, d.ordersRef()), d.docsAttached(false))
	case env.game == "" && env.command == "":
		return d.replyWith(m, in, "pbem help", unread(in)+helpText(d.cfg.From, d.ordersRef()), d.docsAttached(false))
	case env.game == "":
		return d.reply(m, in, "Not understood", unread(in)+"Say which game: a line \"game: NAME\" in the message, or the game after the command in the Subject (\"status ashdown\").\n\n"+helpText(d.cfg.From, d.cfg.Links.of("").OrdersRef(false)))
	}
	e := d.entry(env.game)
	if e == nil {
		d.loadSchedule()
		d.Discover() // a game created since the last tick
		e = d.entry(env.game)
	}
	if e == nil {
		return d.reply(m, in, "Unknown game", d.unknownGame(in, env.game))
	}
	// The game's lock for the whole of the mail: the clock never sees orders
	// stored and the rest of their handling undone (issue 23).
	e.lock.Lock()
	defer e.lock.Unlock()
	g, err := d.acquire(e)
	if err != nil {
		return err
	}
	defer d.release(e)
	if env.command != "" {
		return d.command(ctx, m, in, g, env)
	}
	return d.orders(ctx, m, in, g, env)
}

// Key is the game a mail is about, as Handle reads it (mailer.Keyer): the
// intake handles the mail of one game in the order it came, one at a
// time, and the mail of different games at once (issue 23). A mail that
// names no game, or does not read, has the key "".
func (d *Daemon) Key(m *mailer.Message) string {
	in, err := mailer.Parse(m.Raw, d.limits)
	if err != nil || in.AutoReply {
		return ""
	}
	return strings.ToLower(strings.TrimSpace(readEnvelope(in).game))
}

// unknownGame is the answer to a mail naming a game that is not here. It
// names no other game, except the games the sender plays in when the
// answer goes to the sender's own address (not to a Reply-To, where a
// forger of the From would read it).
func (d *Daemon) unknownGame(in *mailer.Inbound, id string) string {
	text := fmt.Sprintf("There is no game %q here: check the game's name in your welcome mail or the last report.", id)
	if !strings.EqualFold(replyAddr(in), in.From) {
		return text
	}
	var mine []string
	for _, gid := range d.GameIDs() {
		// The players' addresses alone, not the game: a small file a game.
		if e := d.entry(gid); e != nil {
			if ok, err := archive.PlaysIn(e.dir, in.From); err == nil && ok {
				mine = append(mine, gid)
			}
		}
	}
	switch {
	case len(mine) > 10:
		text += fmt.Sprintf(" %s plays in %d games here, among them %s.", in.From, len(mine), strings.Join(mine[:10], ", "))
	case len(mine) > 0:
		text += fmt.Sprintf(" %s plays in %s here.", in.From, strings.Join(mine, ", "))
	}
	return text
}

// unread names, for a mail whose orders pbem could not find, the
// attachments it does not read (a .zip, a .gz, a .doc): orders are read
// from the text of the mail or a plain .txt attachment.
func unread(in *mailer.Inbound) string {
	var names []string
	for _, a := range in.Attachments {
		if (a.Inline && strings.HasPrefix(a.ContentType, "image/")) || in.TextFrom == "attachment "+a.Filename {
			continue
		}
		name := a.Filename
		if name == "" {
			name = "an unnamed part"
		}
		names = append(names, fmt.Sprintf("%s (%s)", name, a.ContentType))
	}
	if len(names) == 0 {
		return ""
	}
	return fmt.Sprintf("pbem reads orders and commands only from the text of the mail or from a plain-text .txt attachment; it did not open %s. Paste the orders into the mail, or attach them as a .txt file.\n\n", strings.Join(names, ", "))
}

func orDefault(s, d string) string {
	if s == "" {
		return d
	}
	return s
}

// envelope is what routing needs from a mail: the game, nation, token, and
// whether it is a command.
type envelope struct {
	game, nation, token, turn, kind string
	command                         string
	args                            []string
	text                            string
	// line is the line of the text the command is on (orders.Clean's
	// numbering), 0 when the command came in the Subject.
	line int
}

var commandWords = []string{"help", "status", "orders", "ready", "token", "auto", "press", "history", "map", "archive", "observe", "pause", "resume", "extend", "rollback", "address", "replace", "prefs", "join", "leave", "admit", "pace"}

// CommandWords are the mail commands, in the order the help lists them,
// and the words players ask for a step with before their orders (a
// ruleset's Orders.Asks): the README lists every one.
func CommandWords() []string {
	out := slices.Clone(commandWords)
	for _, a := range askWords() {
		out = append(out, a.Word)
	}
	return out
}

func isCommand(w string) bool {
	w = strings.ToLower(w)
	return slices.Contains(commandWords, w) || isAskWord(w)
}

// askWords are the words a player of any ruleset asks with for a step
// before writing orders (adjudicator.Orders.Asks: a ruleset's own word, such as "reroll"),
// each a command of its own; a word that is a command already is not one.
func askWords() []askWord {
	var out []askWord
	for _, r := range rulesets.All() {
		for _, a := range r.Orders.Asks {
			if !slices.Contains(commandWords, a.Word) {
				out = append(out, askWord{Ask: a, title: r.Ruleset.Title})
			}
		}
	}
	return out
}

// askWord is a word of askWords and the title of its ruleset.
type askWord struct {
	adjudicator.Ask
	title string
}

// isAskWord reports whether w is a word of askWords.
func isAskWord(w string) bool {
	return slices.ContainsFunc(askWords(), func(a askWord) bool { return a.Word == strings.ToLower(w) })
}

// readEnvelope finds the game, nation, token and command of a mail. Orders
// carry "game:" header lines, read as orders.Decode reads them
// (orders.ReadEnvelope); a command is its first word in the Subject
// ("status ashdown") or the first line after the header lines.
func readEnvelope(in *mailer.Inbound) envelope {
	env := envelope{text: in.Text}
	e := orders.ReadEnvelope(orders.Clean(in.Text))
	env.game, env.nation, env.token, env.kind = e.Value("game"), e.Value("nation"), e.Value("token"), e.Value("kind")
	if env.turn = e.Value("turn"); env.turn == "" {
		env.turn = e.Value("round")
	}
	if env.game != "" && len(e.Body) > 0 {
		if f := strings.Fields(e.Body[0].Text); isCommand(f[0]) {
			env.command = strings.ToLower(f[0])
			env.args = f[1:]
			env.line = e.Body[0].N
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
// player: the registered address (docs/design.md §5; the token is checked by the
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
		return d.reply(m, in, "Orders not accepted", unread(in)+"The file has no \"nation:\" line, so pbem cannot tell whose orders they are.")
	}
	nation := env.nation
	if idx, err := g.Rules().Tables.NationIndex(nation); err == nil {
		nation = g.Rules().Tables.Nations[idx].Name
	}
	p, ok := d.authentic(g, nation, in.From)
	if p == nil {
		return d.reply(m, in, "Orders not accepted", fmt.Sprintf("Game %s has no nation %q.", g.ID(), env.nation))
	}
	who := victim{addr: p.Email, who: fmt.Sprintf("%s, the player of the %s", p.Name, nation), what: "orders for the " + nation}
	submit, text := g.Submit, in.Text
	if !ok {
		// Not the player's address: only the GM may enter orders for a
		// player, with the GM's token, or forwarding the player's file
		// with the player's token (archive checks it).
		switch d.asGM(in, env) {
		case notGM:
			return d.failedLogin(m, in, g, who, "the orders came from an address that is not registered for this nation")
		case gmNoToken:
			return d.reply(m, in, "Orders not accepted — "+g.ID(), fmt.Sprintf("Orders the GM enters for a player need the GM's token in the \"token:\" line (or the player's own token). Nothing was recorded for the %s.", nation))
		case gmOK:
			text = blankToken(text, env.token) // entered by the GM: marked in orders.txt and the report
		case gmBadToken:
			who = victim{addr: d.gmAddr, who: "the GM", what: who.what}
		}
		submit = g.SubmitGM
	}
	rec, err := submit(nation, text, d.now())
	var rej *archive.RejectedError
	if errors.As(err, &rej) && m.Attempt > 1 {
		rec, err = d.acceptedBeforeCrash(g, text, err)
	}
	switch {
	case errors.As(err, &rej):
		if wrongToken(rej) && !placeholderToken(env.token) {
			return d.failedLogin(m, in, g, who, "the token is wrong")
		}
		return d.reply(m, in, "Orders NOT accepted — "+g.ID(), d.refusal(g, nation, rej, env.token))
	case err != nil:
		return err // a disk problem: let the intake retry
	}
	what, ack := d.acknowledgement(g, rec)
	if err := d.reply(m, in, "Orders accepted — "+g.ID()+" "+what, ack); err != nil {
		return err
	}
	if rec.ByGM {
		if err := d.send(&mailer.Outgoing{ID: safeID("behalf", m.JournalID), To: []string{p.Email}, AutoSubmitted: true,
			Subject: fmt.Sprintf("pbem %s: the GM entered orders for your %s", g.ID(), nation),
			Text:    fmt.Sprintf("The GM entered the %s %s on your behalf; the report will say so. If you send your own file before the turn runs, it replaces the GM's.\n\n%s", games.Possessive(nation), what, indent(rec.Orders))}); err != nil {
			return err
		}
	}
	return d.accepted(ctx, m, g, rec)
}

// acknowledgement is the answer to an accepted order file: what was
// accepted ("turn r05-saxons" or "standing orders"), and the text, with
// the digest, the deadline, the notes and the orders as understood.
func (d *Daemon) acknowledgement(g *archive.Game, rec *archive.Receipt) (what, text string) {
	var sb strings.Builder
	what = "turn " + rec.Turn
	if rec.Kind == orders.StandingOrders {
		what = "standing orders"
	}
	fmt.Fprintf(&sb, "Accepted: the %s %s in game %s.\n", games.Possessive(rec.Nation), what, g.ID())
	fmt.Fprintf(&sb, "Received %s; digest %s.\n", rec.Arrival.UTC().Format(time.RFC3339), rec.Digest)
	if rec.Kind == orders.TurnOrders && rec.Turn == g.Due().ID { // else acknowledged after a crash, and run since
		st := d.loadPace(g)
		p := d.gamePace(g)
		fmt.Fprintf(&sb, "Deadline: %s.\n", when(p.deadline(d.base(st), st.Extended), p.zoneOf(g.PlayerOf(rec.Nation))))
		if p.ChangeOfMind > 0 {
			fmt.Fprintf(&sb, "The turn runs %s after your last accepted file, or at once if you send \"ready\". A new file replaces this one until then.\n", p.ChangeOfMind)
		}
	}
	sb.WriteString(ackNotes(rec))
	sb.WriteString("\nThe orders as understood (canonical form, token removed):\n\n")
	sb.WriteString(indent(rec.Orders))
	return what, sb.String()
}

// accepted runs the turn of accepted turn orders when it is ready
// (docs/design.md §2, "mail never waits"). The change-of-mind delay runs
// from the orders' arrival, which the archive keeps with them: no time
// saved apart from the orders can lag behind them. The caller holds the
// game's clock.
func (d *Daemon) accepted(ctx context.Context, m *mailer.Message, g *archive.Game, rec *archive.Receipt) error {
	if rec.Kind != orders.TurnOrders || rec.Turn != g.Due().ID {
		return nil // standing orders, or acknowledged again after a crash: the turn has run since
	}
	if err := d.savePace(g, d.loadPace(g)); err != nil { // schedules the turn (schedule.go)
		return err
	}
	if m.Attempt > 1 {
		return nil // handled again after a crash: the clock runs the turn (recover.go, acceptedBeforeCrash)
	}
	return d.runDue(ctx, g)
}

// runDue runs a game's clock at once after a mail that may have made its
// turn ready (orders, "ready", "auto"): under Serve the clock's goroutine
// runs it, as scheduled, so that the mail's answer does not wait for the
// turn (issue 23); without Serve (tests, a single pass) the mail's
// handler runs it itself. The caller holds the game's lock.
func (d *Daemon) runDue(ctx context.Context, g *archive.Game) error {
	if d.async.Load() {
		return nil
	}
	return d.tickGame(ctx, g)
}

// ackNotes lists in an acknowledgement the warnings of the file (a name
// read from its beginning, a line that can never apply) and the Decisions
// it leaves to their defaults (docs/orders.md).
func ackNotes(rec *archive.Receipt) string {
	var sb strings.Builder
	if len(rec.Warnings) > 0 {
		sb.WriteString("\nAccepted, with these warnings:\n")
		for _, w := range rec.Warnings {
			sb.WriteString("  - " + w.String() + "\n")
		}
	}
	if len(rec.Defaults) > 0 {
		sb.WriteString("\nWhat the file leaves to the defaults (the order syntax gives each):\n")
		for _, d := range rec.Defaults {
			sb.WriteString("  - " + d.String() + "\n")
		}
	}
	return sb.String()
}

// wrongToken reports whether a file was refused for a token that is not
// the player's (archive's check: an *orders.TokenError), not for a missing
// one.
func wrongToken(rej *archive.RejectedError) bool {
	var te *orders.TokenError
	return errors.As(rej, &te)
}

// placeholders are what pbem's own mail puts where a token goes: the
// orders template's "YOUR-TOKEN" (templates.OrdersTemplate), the help's
// "TOKEN", the GM's "YOUR-GM-TOKEN" and an ellipsis.
var placeholders = []string{"YOUR-TOKEN", "TOKEN", "YOUR-GM-TOKEN", "…", "..."}

// placeholderToken reports whether a token is one of pbem's placeholders:
// a reply quoting pbem's mail, which is told what is missing and is no
// failed login.
func placeholderToken(tok string) bool {
	for _, p := range placeholders {
		if strings.EqualFold(strings.TrimSpace(tok), p) {
			return true
		}
	}
	return false
}

// missingToken reports whether a file was refused for having no token
// (orders.ErrNoToken), as a reply that quotes pbem's acknowledgement (token
// removed) has.
func missingToken(rej *archive.RejectedError) bool {
	return errors.Is(rej, orders.ErrNoToken)
}

// refusal is the answer to a refused order file: every error with its
// line.
func (d *Daemon) refusal(g *archive.Game, nation string, rej *archive.RejectedError, token string) string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "Your orders for the %s in game %s were NOT accepted. Every problem, with its line:\n\n", nation, g.ID())
	for _, e := range rej.Errors {
		var te *orders.TokenError
		if errors.As(e, &te) && placeholderToken(token) {
			fmt.Fprintf(&sb, "  \"token: %s\" is the placeholder of pbem's orders template, not your token\n", token)
			continue
		}
		sb.WriteString("  " + e.Error() + "\n")
	}
	sb.WriteString("\nNothing was recorded; send the whole file again, corrected.\n")
	if placeholderToken(token) {
		fmt.Fprintf(&sb, "The template in pbem's \"your turn\" mail holds a placeholder where your token goes: a reply that quotes it needs your own token on the token: line. Your token is in pbem's welcome mail; send \"token %s\" from your registered address to have it again.\n", g.ID())
	}
	if missingToken(rej) {
		fmt.Fprintf(&sb, "Every order file needs your secret token in a line \"token: …\". The copy of your orders in pbem's acknowledgement has the token removed: a reply that quotes it (\"same as before\") needs the token line added. Send \"token %s\" from your registered address to have the token again.\n", g.ID())
	}
	if due := g.Due(); due.ID != "" {
		fmt.Fprintf(&sb, "The turn due is %s (the %s).\n", due.ID, due.Nation)
	}
	return sb.String()
}

// blankToken blanks the lines of text that give token in a "token:"
// header line, read as orders.ReadEnvelope reads it (a comment after the
// token too), keeping every other line's number (orders.Clean's lines).
func blankToken(text, token string) string {
	blank := map[int]bool{}
	for _, l := range orders.Clean(text) {
		if key, value, ok := orders.ParseHeader(l.Text); ok && key == "token" && value == token {
			blank[l.N] = true
		}
	}
	lines := strings.Split(strings.ReplaceAll(strings.ReplaceAll(text, "\r\n", "\n"), "\r", "\n"), "\n")
	for i := range lines {
		if blank[i+1] {
			lines[i] = ""
		}
	}
	return strings.Join(lines, "\n")
}

// reply answers an incoming mail. Its id depends only on the incoming mail,
// so a retried mail gets one answer.
func (d *Daemon) reply(m *mailer.Message, in *mailer.Inbound, subject, text string) error {
	return d.replyWith(m, in, subject, text, nil)
}

// replyWith is reply with attachments.
func (d *Daemon) replyWith(m *mailer.Message, in *mailer.Inbound, subject, text string, attach []mailer.Part) error {
	to := in.From
	if in.ReplyTo != "" {
		to = in.ReplyTo
	}
	if to == "" {
		return nil
	}
	return d.send(&mailer.Outgoing{
		ID: safeID("reply", m.JournalID), To: []string{to}, Subject: "pbem: " + subject,
		Text: text, InReplyTo: in.MessageID, AutoSubmitted: true, Attach: attach,
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

// safeID builds an outbox id from parts; empty parts are left out.
func safeID(parts ...string) string {
	var keep []string
	for _, p := range parts {
		if p != "" {
			keep = append(keep, p)
		}
	}
	s := idUnsafe.ReplaceAllString(strings.Join(keep, "."), "-")
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

func helpText(addr, syntax string) string {
	return fmt.Sprintf(`pbem referees board games by mail. Send mail to %s.

Orders: a plain-text file in the body or as a .txt attachment:

    game: ashdown
    nation: Saxons
    turn: r05-saxons
    token: YOUR-TOKEN

    move 3 English Channel > Kent > Essex

Standing orders: the same header with "kind: standing" instead of "turn:",
then "defend" lines. The full language, the order syntax: %s.

Commands: put "game: NAME" and "token: TOKEN" lines first, then one
command line; or write the command and game in the Subject ("status ashdown").
  help                 this text
  status               whose turn it is, the deadline, the scores
  orders               an orders template for your nation that moves next
  map                  the current map
  history [ROUND]      the steps of the game, or the reports of a round
  archive              the public archive, to verify every die (with your
                       token: your own press too)
  token                send your token again to your registered address
  observe [off]        the public report of every turn (a confirmation code
                       is mailed to your address first)
With your token, from your registered address:
  ready                run your accepted orders now, without waiting
  token new            a new token (the old one stops working)
  address NEW@ADDR     play from a new address
  auto on|off NATION   let the bot play a nation (on) or not (off)
  press NATION text    relay a message to the player of NATION (kept in the
                       game's private press log; tokens are taken out)
  prefs                your mail preferences; "prefs map round" and the like
                       change them (send "prefs" for the choices)
  leave, join          leave a game whose players enter and leave during
                       play, from its next round, or enter it again
%sWithout a seat: "join [YOUR NAME]" asks for a seat in a game whose players
enter and leave; a code is mailed to your address to confirm, then the GM
decides.
  pace                 the game's pace: deadlines, reminders, grace
The GM, with the GM's token: pause, resume, extend HOURS, rollback STEP WHY,
replace PLAYER NEW@ADDR, admit ADDRESS (a confirmed "join"),
pace NAME VALUE... (the game's own pace: "pace deadline 24h at 21:00
timezone Europe/Berlin"; send "pace" for the names), and order files for
a player's nation.
`, addr, syntax, askHelp())
}

// askHelp is the help text's lines for the words players ask with before
// their orders, ruleset by ruleset (askWords).
func askHelp() string {
	var b strings.Builder
	for _, a := range askWords() {
		fmt.Fprintf(&b, "  %-20s %s: %s, before sending its orders, where the GM allows it\n", a.Word, a.title, a.Does)
	}
	return b.String()
}
