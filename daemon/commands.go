package daemon

import (
	"context"
	crand "crypto/rand"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/pbem-org/pbem/adjudicator"

	"github.com/pbem-org/pbem/archive"
	"github.com/pbem-org/pbem/mailer"
	"github.com/pbem-org/pbem/templates"
)

// command answers a mail command (docs/design.md §5). Commands that only read a
// game need nothing; commands that act for a seat need the player's
// registered address and token; GM commands need the GM's address and
// token; observe confirms the address by mail first.
func (d *Daemon) command(ctx context.Context, m *mailer.Message, in *mailer.Inbound, g *archive.Game, env envelope) error {
	command := env.command
	if isAskWord(command) {
		command = "ask" // a step asked for before orders, by its word (askWords)
	}
	switch command {
	case "status", "orders", "map", "history", "archive":
		return d.readCommand(m, in, g, env)
	case "observe":
		return d.observe(m, in, g, env)
	case "join":
		if d.playerByEmail(g, in.From) == nil {
			return d.join(m, in, g, env) // a newcomer: confirmed, then admitted by the GM
		}
		fallthrough
	case "token", "ready", "auto", "press", "address", "prefs", "leave", "ask":
		player := d.playerByEmail(g, in.From)
		if env.command == "token" && (len(env.args) == 0 || !strings.EqualFold(env.args[0], "new")) {
			return d.sendToken(m, in, g, player)
		}
		if seat, done := g.ChangedBy(m.JournalID); done {
			// This very mail moved the seat or drew its token before a
			// crash: its old address and token no longer pass, and
			// changePlayer answers it again without a second change.
			return d.seatCommand(ctx, m, in, g, g.PlayerByName(seat), env)
		}
		if ok, err := d.seatAuth(m, in, g, player, env); !ok {
			return err
		}
		return d.seatCommand(ctx, m, in, g, player, env)
	case "pace":
		if len(env.args) == 0 {
			return d.reply(m, in, "pace of "+g.ID(), d.paceText(g))
		}
		if ok, err := d.gmOnly(m, in, g, env); !ok {
			return err
		}
		return d.setPace(m, in, g, env)
	case "pause", "resume", "extend", "rollback", "replace", "admit":
		if ok, err := d.gmOnly(m, in, g, env); !ok {
			return err
		}
		return d.gmCommand(m, in, g, env)
	}
	return d.reply(m, in, "Not understood", helpText(d.cfg.From, d.cfg.Links.of("").OrdersRef(false)))
}

// readCommand answers the commands that read a game: anyone may send them.
func (d *Daemon) readCommand(m *mailer.Message, in *mailer.Inbound, g *archive.Game, env envelope) error {
	switch env.command {
	case "orders":
		player := d.playerByEmail(g, in.From)
		due := g.Due()
		if player == nil || due.Nation == "" || g.PlayerOf(due.Nation).Email != player.Email {
			return d.reply(m, in, "orders template", d.status(g)+"\nNone of your nations moves next.")
		}
		st, p := d.loadPace(g), d.gamePace(g)
		dl := when(p.deadline(d.base(st), st.Extended), p.zoneOf(player))
		return d.reply(m, in, "orders template for "+due.ID, templates.OrdersTemplate(g.Engine(), g.State(), templates.Header{Game: g.ID(), Deadline: dl, Links: d.cfg.Links.of(g.Rules().Ruleset.Name)}))
	case "map":
		draw := d.board()
		if draw == nil {
			return d.reply(m, in, "map", "This server draws no maps.")
		}
		st, err := g.Step("")
		if err != nil {
			return err
		}
		png, err := draw(g.Rules(), g.Public(st, ""))
		if err != nil || len(png) == 0 {
			return d.reply(m, in, "map", "The map could not be drawn; the GM has been told.")
		}
		name := fmt.Sprintf("%s-%s.png", g.ID(), g.Due().ID)
		return d.send(&mailer.Outgoing{ID: safeID("reply", m.JournalID), To: []string{replyAddr(in)}, InReplyTo: in.MessageID, AutoSubmitted: true,
			Subject: "pbem: map of " + g.ID(), Text: d.status(g) + "\nThe map is attached as " + name + ".\n",
			Attach: []mailer.Part{{Name: name, ContentType: "image/png", Data: png}}})
	case "history":
		return d.reply(m, in, "history of "+g.ID(), d.history(g, env.args))
	case "archive":
		return d.archiveMail(m, in, g, env)
	}
	return d.reply(m, in, "status of "+g.ID(), d.statusFor(g, d.playerByEmail(g, in.From)))
}

// sendToken mails a player's token to their registered address, whoever
// asked: it never goes anywhere else.
func (d *Daemon) sendToken(m *mailer.Message, in *mailer.Inbound, g *archive.Game, player *archive.PlayerInfo) error {
	if player == nil {
		return d.reply(m, in, "token", fmt.Sprintf("%s is not a player of game %s. Tokens go only to registered addresses.", in.From, g.ID()))
	}
	tok, err := d.tokenOf(g, player.Name)
	if err != nil {
		return err // the private directory could not be read: retried, then set aside for the GM
	}
	return d.send(&mailer.Outgoing{ID: safeID("token", m.JournalID), To: []string{player.Email}, AutoSubmitted: true,
		Subject: "pbem " + g.ID() + ": your token", Text: fmt.Sprintf("Your token for game %s is:\n\n    token: %s\n\nPut that line in every order file. Keep it secret.\n", g.ID(), tok)})
}

// seatAuth lets a command that acts for a player's seat go on (true) only
// from the player's registered address with their token; otherwise it
// answers the mail itself. A wrong token is a failed login.
func (d *Daemon) seatAuth(m *mailer.Message, in *mailer.Inbound, g *archive.Game, player *archive.PlayerInfo, env envelope) (bool, error) {
	what := env.command
	if len(env.args) > 0 && env.command == "token" {
		what = "token new"
	}
	if player == nil {
		return false, d.reply(m, in, what, fmt.Sprintf("%q acts for a player: it must come from a player's registered address, with their token. %s is not a player of game %s.", what, in.From, g.ID()))
	}
	if env.token == "" || placeholderToken(env.token) {
		return false, d.reply(m, in, what, fmt.Sprintf("%q needs your token: put the lines \"game: %s\" and \"token: …\" before the command line. Send \"token %s\" to have your token again.", what, g.ID(), g.ID()))
	}
	tok, err := d.tokenOf(g, player.Name)
	if err != nil {
		return false, err
	}
	if !sameToken(env.token, tok) {
		return false, d.failedLogin(m, in, g, victim{addr: player.Email, who: "player " + player.Name, what: fmt.Sprintf("the command %q", what)}, "the token is wrong")
	}
	return true, nil
}

// seatCommand runs a command for the sender's seat, authenticated by
// seatAuth.
func (d *Daemon) seatCommand(ctx context.Context, m *mailer.Message, in *mailer.Inbound, g *archive.Game, player *archive.PlayerInfo, env envelope) error {
	if isAskWord(env.command) {
		return d.ask(m, in, g, player, env.command)
	}
	switch env.command {
	case "token": // token new
		return d.changePlayer(m, in, g, player.Name, archive.PlayerChange{RotateToken: true, Why: "asked for by the player", By: "player", Ref: m.JournalID})
	case "ready":
		due := g.Due()
		if due.Nation == "" || g.PlayerOf(due.Nation).Email != player.Email {
			return d.reply(m, in, "ready", "None of your nations moves now.")
		}
		st := d.loadPace(g)
		st.Ready = true
		if err := d.savePace(g, st); err != nil {
			return err
		}
		if err := d.reply(m, in, "ready", "Noted: "+due.ID+" runs as soon as your orders are accepted."); err != nil {
			return err
		}
		return d.runDue(ctx, g)
	case "auto":
		return d.auto(ctx, m, in, g, player, env)
	case "press":
		return d.press(m, in, g, player, env)
	case "prefs":
		return d.prefs(m, in, g, player, env)
	case "join", "leave":
		return d.seatChange(m, in, g, player, env.command == "join")
	}
	// address: a player moves, from the registered address, with the token.
	if len(env.args) != 1 {
		return d.reply(m, in, "address", "Write \"address NEW@ADDRESS\" from your registered address, with your token.")
	}
	return d.changePlayer(m, in, g, player.Name, archive.PlayerChange{Email: env.args[0], RotateToken: true, Why: "moved by the player", By: "player", Ref: m.JournalID})
}

// auto hands a nation of the sender's to the bot, or takes it back.
func (d *Daemon) auto(ctx context.Context, m *mailer.Message, in *mailer.Inbound, g *archive.Game, player *archive.PlayerInfo, env envelope) error {
	if len(env.args) < 2 {
		return d.reply(m, in, "auto", "Write \"auto on NATION\" or \"auto off NATION\" from your registered address, with your token.")
	}
	idx, err := g.Rules().Tables.NationIndex(strings.Join(env.args[1:], " "))
	if err != nil {
		return d.reply(m, in, "auto", err.Error())
	}
	nation := g.Rules().Tables.Nations[idx].Name
	if p := g.PlayerOf(nation); p == nil || p.Email != player.Email {
		return d.reply(m, in, "auto", "You do not control the "+nation+".")
	}
	st := d.loadPace(g)
	if st.Auto == nil {
		st.Auto = map[string]bool{}
	}
	on := strings.EqualFold(env.args[0], "on")
	st.Auto[nation] = on
	if err := d.savePace(g, st); err != nil {
		return err
	}
	if err := d.reply(m, in, "auto", fmt.Sprintf("The %s are now played by %s.", nation, map[bool]string{true: "the bot", false: "you"}[on])); err != nil {
		return err
	}
	return d.runDue(ctx, g)
}

// gmCommand runs a GM command, authenticated by gmOnly.
func (d *Daemon) gmCommand(m *mailer.Message, in *mailer.Inbound, g *archive.Game, env envelope) error {
	switch env.command {
	case "rollback":
		return d.rollback(m, in, g, env)
	case "admit":
		return d.admit(m, in, g, env)
	case "replace":
		// The GM gives a seat to a new address (a replacement player).
		if len(env.args) != 2 {
			return d.reply(m, in, "replace", "Write \"replace PLAYER NEW@ADDRESS\".")
		}
		return d.changePlayer(m, in, g, env.args[0], archive.PlayerChange{Email: env.args[1], RotateToken: true, Why: "replaced by the GM", By: "gm", Ref: m.JournalID})
	}
	st := d.loadPace(g)
	switch env.command {
	case "pause":
		st.Paused = true
	case "resume":
		st.Paused = false
	case "extend":
		h, err := strconv.Atoi(strings.Join(env.args, ""))
		if err != nil || h <= 0 {
			return d.reply(m, in, "extend", "Write \"extend HOURS\", e.g. \"extend 24\".")
		}
		st.Extended += time.Duration(h) * time.Hour
	}
	if err := d.savePace(g, st); err != nil {
		return err
	}
	if err := d.logGM(g, env.command+" "+strings.Join(env.args, " ")); err != nil {
		return err
	}
	return d.reply(m, in, env.command, "Done.\n\n"+d.status(g))
}

// rollback sets the game back to a step, tells every player and the
// player due.
func (d *Daemon) rollback(m *mailer.Message, in *mailer.Inbound, g *archive.Game, env envelope) error {
	if len(env.args) < 2 {
		return d.reply(m, in, "rollback", "Write \"rollback STEP why…\", e.g. \"rollback r05-jutes wrong file\".")
	}
	msg, err := g.Rollback(env.args[0], strings.Join(env.args[1:], " "))
	if err != nil {
		return d.reply(m, in, "rollback", "Not rolled back: "+d.public(err))
	}
	if err := d.logGM(g, "rollback "+strings.Join(env.args, " ")); err != nil {
		return err
	}
	for _, p := range g.Players() {
		if err := d.send(&mailer.Outgoing{ID: safeID(g.ID(), "rollback", m.JournalID, p.Name), To: []string{p.Email}, AutoSubmitted: true,
			Subject: "pbem " + g.ID() + ": the GM rolled the game back", Text: msg + "\n\n" + d.status(g)}); err != nil {
			return err
		}
	}
	if err := d.reply(m, in, "rollback", msg); err != nil {
		return err
	}
	if err := d.yourTurn(g); err != nil {
		return err
	}
	st := d.loadPace(g) // the turn due again starts its clock now
	st.Told = g.Due().Nation != ""
	return d.savePace(g, st)
}

func (d *Daemon) playerByEmail(g *archive.Game, addr string) *archive.PlayerInfo {
	for _, p := range g.Players() {
		if strings.EqualFold(p.Email, addr) {
			pp := p
			return &pp
		}
	}
	return nil
}

// tokenOf reads a player's token from the game's private directory
// (tokens.yaml, written by archive.Create).
func (d *Daemon) tokenOf(g *archive.Game, name string) (string, error) { return g.Token(name) }

// status is a game's status: what is due and its deadline (in the game's
// zone), the pace, the scores.
func (d *Daemon) status(g *archive.Game) string { return d.statusFor(g, nil) }

// statusFor is status for a reader: a player (nil for anyone else) reads
// the deadline in their own zone.
func (d *Daemon) statusFor(g *archive.Game, reader *archive.PlayerInfo) string {
	var sb strings.Builder
	due := g.Due()
	p := d.gamePace(g)
	fmt.Fprintf(&sb, "Game %s (%s).\n", g.ID(), g.Rules().Ruleset.Title)
	switch {
	case due.Over:
		sb.WriteString("The game is over.\n")
	case due.Nation == "":
		_, name, _ := g.Engine().RoundEventName(due.ID, g.State().Round)
		fmt.Fprintf(&sb, "Next: %s (%s).\n", due.ID, name)
	default:
		st := d.loadPace(g)
		fmt.Fprintf(&sb, "Next: %s, the %s (%s); deadline %s.\n", due.ID, due.Nation, due.Player, when(p.deadline(d.base(st), st.Extended), p.zoneOf(reader)))
		if st.Paused {
			sb.WriteString("The game is paused by the GM.\n")
		}
	}
	fmt.Fprintf(&sb, "Pace: %s.\n", p)
	s := g.State()
	sb.WriteString("\nVictory points:\n")
	if e := g.Engine(); e.PlayersScore() { // players, not nations, score
		sb.WriteString(playerScores(g, e, s))
		return sb.String()
	}
	for _, p := range g.Players() {
		var vp adjudicator.Points
		for _, nn := range p.Nations {
			if i, err := g.Rules().Tables.NationIndex(nn); err == nil {
				vp += s.Nations[i].VP
			}
		}
		fmt.Fprintf(&sb, "  %-12s %4s  (%s)\n", p.Name, vp, strings.Join(p.Nations, ", "))
	}
	return sb.String()
}

// appendLog appends a line to a log file of the daemon's, made with mode
// 0644 if new.
func (d *Daemon) appendLog(path, line string) error { return appendFile(path, line, 0o644) }

// appendFile appends text to a file, made with perm if new, and syncs it.
func appendFile(path, line string, perm os.FileMode) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	f, err := os.OpenFile(path, os.O_CREATE|os.O_APPEND|os.O_WRONLY, perm)
	if err != nil {
		return err
	}
	defer f.Close()
	if _, err := f.WriteString(line); err != nil {
		return err
	}
	return f.Sync()
}

// logGM records a GM action by mail.
func (d *Daemon) logGM(g *archive.Game, what string) error {
	return d.appendLog(filepath.Join(d.paceDir(), g.ID()+".gm.log"), fmt.Sprintf("%s %s\n", d.now().UTC().Format(time.RFC3339), what))
}

func replyAddr(in *mailer.Inbound) string {
	if in.ReplyTo != "" {
		return in.ReplyTo
	}
	return in.From
}

// history lists the steps of a game, or with a round number the reports of
// that round's steps.
func (d *Daemon) history(g *archive.Game, args []string) string {
	var sb strings.Builder
	round := 0
	if len(args) > 0 {
		round, _ = strconv.Atoi(strings.TrimLeft(strings.ToLower(args[0]), "r"))
	}
	for _, st := range g.Steps() {
		if st.Number == 0 {
			continue
		}
		mark := ""
		if st.Superseded() {
			mark = "  (superseded by a rollback)"
		}
		if round == 0 {
			fmt.Fprintf(&sb, "  %s%s\n", st.Dir(), mark)
			continue
		}
		if !strings.HasPrefix(st.ID, fmt.Sprintf("r%02d-", round)) || st.Superseded() {
			continue
		}
		rep, err := g.Report(fmt.Sprint(st.Number))
		if err != nil {
			continue
		}
		sb.WriteString(rep + "\n")
	}
	if sb.Len() == 0 {
		return "Nothing to show. Send \"history\" for the list of steps, or \"history 5\" for the reports of round 5."
	}
	if round == 0 {
		return "Steps of game " + g.ID() + " (send \"history N\" for the reports of round N):\n\n" + sb.String()
	}
	return sb.String()
}

// changePlayer applies a seat change, mails the new token to the seat's
// (new) address, and "your turn" if the seat is due, and tells the old
// address and the GM.
func (d *Daemon) changePlayer(m *mailer.Message, in *mailer.Inbound, g *archive.Game, name string, c archive.PlayerChange) error {
	var oldAddr string
	for _, p := range g.Players() {
		if strings.EqualFold(p.Name, name) {
			oldAddr = p.Email
		}
	}
	tok, err := g.ChangePlayer(name, c, crand.Reader)
	if err != nil {
		return d.reply(m, in, "not changed", d.public(err))
	}
	newAddr := oldAddr
	if c.Email != "" {
		newAddr = c.Email
	}
	if err := d.send(&mailer.Outgoing{ID: safeID("newtoken", m.JournalID), To: []string{newAddr}, AutoSubmitted: true,
		Subject: "pbem " + g.ID() + ": your new token",
		Text:    fmt.Sprintf("You play seat %s of game %s from %s. Your new token is:\n\n    token: %s\n\nThe old token no longer works. Keep this one secret.\n", name, g.ID(), newAddr, tok)}); err != nil {
		return err
	}
	note := fmt.Sprintf("Seat %s of game %s: %s.", name, g.ID(), c.Why)
	if c.Email != "" && !strings.EqualFold(c.Email, oldAddr) {
		note = fmt.Sprintf("Seat %s of game %s now plays from %s (was %s): %s. A new token went to the new address.", name, g.ID(), c.Email, oldAddr, c.Why)
		if err := d.send(&mailer.Outgoing{ID: safeID("moved", m.JournalID), To: []string{oldAddr}, AutoSubmitted: true, Subject: "pbem " + g.ID() + ": your seat moved", Text: note + "\n"}); err != nil {
			return err
		}
		if due := g.Due(); due.Nation != "" && strings.EqualFold(g.PlayerOf(due.Nation).Email, c.Email) {
			// The seat is due: its new address has not been told.
			if err := d.tellTurn(g, "Your turn", safeID(g.ID(), due.ID, "seat", m.JournalID, "yourturn")); err != nil {
				return err
			}
		}
	}
	if err := d.toGM("pbem "+g.ID()+": player change", note+"\n", "change."+m.JournalID); err != nil {
		return err
	}
	return d.reply(m, in, "done", note)
}

// playerScores is the status's score lines where players, not nations,
// score (the ruleset's Seating role): each player's VP and the nations they
// own now, best first, and the seats where players enter and leave.
func playerScores(g *archive.Game, e *adjudicator.Engine, s *adjudicator.State) string {
	var sb strings.Builder
	players := g.Players()
	for _, st := range e.Standings(s, len(players)) {
		name := st.Colour
		if st.Player-1 < len(players) {
			name = players[st.Player-1].Name
		}
		fmt.Fprintf(&sb, "  %-12s %4d VP  (%s)\n", name, st.VP, strings.Join(st.Nations, ", "))
	}
	return sb.String() + seatsText(g)
}
