package daemon

import (
	crand "crypto/rand"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/pbem-org/pbem/adjudicator"
	"github.com/pbem-org/pbem/archive"
	"github.com/pbem-org/pbem/games"
	"github.com/pbem-org/pbem/mailer"
)

// Players entering and leaving a game by mail, in a ruleset whose seats
// players enter and leave (adjudicator.Ruleset's Seating role: Hy Breasil
// 10.1's continuous play; docs/design.md §5). A newcomer's "join" is confirmed from
// their address first, as "observe" is, so nobody is put forward for a
// seat with an address they cannot read; then the GM admits them with
// "admit ADDRESS" and the GM's token, and the new seat's token goes to that
// address. A player leaves, or enters again, with "leave" and "join" and
// their token. Every change applies at the next step that takes seat
// changes. What the mails say of the rules is the ruleset's
// (adjudicator.Engine.Message).

// maxPendingJoins bounds the unconfirmed and unadmitted requests kept for
// a game: a flood of "join" mails cannot grow the file without end.
const maxPendingJoins = 50

// pendingJoin is a newcomer's "join" (Data/pace/GAME.joins.pending.json,
// by address in lower case).
type pendingJoin struct {
	Name      string `json:"name"`
	Code      string `json:"code"`
	Since     string `json:"since"`
	Confirmed bool   `json:"confirmed"`
	// Mailed and MailedBy are as pendingObserver's: one code mail per
	// address, game and day.
	Mailed   string `json:"mailed,omitempty"`
	MailedBy string `json:"mailed_by,omitempty"`
}

func (d *Daemon) joinsPath(g *archive.Game) string {
	return filepath.Join(d.paceDir(), g.ID()+".joins.pending.json")
}

func (d *Daemon) loadJoins(g *archive.Game) (map[string]pendingJoin, error) {
	p := map[string]pendingJoin{}
	return p, readRequests(d.joinsPath(g), &p)
}

func (d *Daemon) saveJoins(g *archive.Game, p map[string]pendingJoin) error {
	return writeRequests(d.joinsPath(g), p)
}

// join answers "join" from an address that has no seat: a confirmation
// code to that address, or with "join confirm CODE" the request put to the
// GM.
func (d *Daemon) join(m *mailer.Message, in *mailer.Inbound, g *archive.Game, env envelope) error {
	if g.Seats() == nil {
		return d.reply(m, in, "join", fmt.Sprintf("Game %s has a fixed set of players: %s.", g.ID(), g.Engine().Message(adjudicator.MsgSeatsFixed)))
	}
	if g.Due().Over {
		return d.reply(m, in, "join", fmt.Sprintf("Game %s is over: it takes no new players.", g.ID()))
	}
	addr := strings.ToLower(strings.TrimSpace(in.From))
	pend, err := d.loadJoins(g)
	if err != nil {
		return err
	}
	if len(env.args) > 0 && strings.EqualFold(env.args[0], "confirm") {
		return d.confirmJoin(m, in, g, addr, pend, env.args[1:])
	}
	pj, ok := pend[addr]
	if !ok {
		if len(pend) >= maxPendingJoins {
			return d.reply(m, in, "join", fmt.Sprintf("Game %s has too many requests to join waiting for the GM; try again later.", g.ID()))
		}
		code, err := newToken(crand.Reader)
		if err != nil {
			return err
		}
		name := strings.TrimSpace(strings.Join(env.args, " "))
		if name == "" || strings.ContainsAny(name, "\r\n():") || len(name) > 40 {
			name, _, _ = strings.Cut(addr, "@") // a name players.log can hold (archive.AdmitPlayer)
		}
		if g.PlayerByName(name) != nil {
			return d.reply(m, in, "join", fmt.Sprintf("%q is the name of a player of game %s already: send \"join %s YOUR NAME\" with another name.", name, g.ID(), g.ID()))
		}
		pj = pendingJoin{Name: name, Code: code, Since: d.now().UTC().Format("2006-01-02T15:04:05Z")}
	}
	// One confirmation mail per address, game and day, to the address
	// itself (never a Reply-To): pbem is not a way to flood an address.
	day := d.now().UTC().Format("2006-01-02")
	if pj.Mailed == day && pj.MailedBy != m.JournalID {
		return d.reply(m, in, "join", fmt.Sprintf("A confirmation code for a seat in game %s was mailed to %s today already: reply to that mail (Subject \"join %s confirm …\") keeping its Subject. pbem mails one code a day to an address.", g.ID(), addr, g.ID()))
	}
	pj.Mailed, pj.MailedBy = day, m.JournalID
	pend[addr] = pj
	if err := d.saveJoins(g, pend); err != nil {
		return err
	}
	subject := fmt.Sprintf("join %s confirm %s", g.ID(), pj.Code)
	return d.send(&mailer.Outgoing{ID: safeID("join", g.ID(), addr, day), To: []string{addr}, AutoSubmitted: true,
		Subject: subject,
		Text: fmt.Sprintf(`Someone, perhaps you, asked pbem at %s for a seat in game %s
for %s, as %q.

To confirm, reply to this mail keeping its Subject, or send a mail from
%s with the Subject:

    %s

The GM then decides; if you are admitted, your token comes to this
address and you %s.
If it was not you, ignore this mail.
`, d.cfg.From, g.ID(), addr, pj.Name, addr, subject, g.Engine().Message(adjudicator.MsgSeatEnter))})
}

// confirmJoin puts a confirmed request to the GM. A wrong code counts as a
// failed login.
func (d *Daemon) confirmJoin(m *mailer.Message, in *mailer.Inbound, g *archive.Game, addr string, pend map[string]pendingJoin, args []string) error {
	pj, ok := pend[addr]
	if !ok || len(args) == 0 || !sameToken(args[0], pj.Code) {
		n, err := d.countFailure(in.From, m.JournalID)
		if err != nil {
			return err
		}
		if silent, err := d.overLimit(in, n, fmt.Sprintf("the last a wrong confirmation code for joining game %s", g.ID())); silent {
			return err
		}
		return d.reply(m, in, "join", fmt.Sprintf("That is not a valid confirmation code for %s in game %s. Send \"join %s\" for one.", addr, g.ID(), g.ID()))
	}
	if !pj.Confirmed {
		pj.Confirmed = true
		pend[addr] = pj
		if err := d.saveJoins(g, pend); err != nil {
			return err
		}
	}
	if err := d.toGM("pbem "+g.ID()+": "+addr+" asks to join", fmt.Sprintf(`%s (%s) asks for a seat in game %s and has confirmed the address.

To admit them, send:

    game: %s
    token: YOUR-GM-TOKEN

    admit %s

They %s.
Otherwise do nothing.
%s`, pj.Name, addr, g.ID(), g.ID(), addr, g.Engine().Message(adjudicator.MsgSeatEnter), seatsText(g)), safeID("join", g.ID(), addr)); err != nil {
		return err
	}
	return d.reply(m, in, "join", fmt.Sprintf("Your request to join game %s is with the GM. If you are admitted, your token comes to %s.", g.ID(), addr))
}

// admit is the GM's "admit ADDRESS": the confirmed request of that address
// gets a seat, and its token and the rules go to the address.
func (d *Daemon) admit(m *mailer.Message, in *mailer.Inbound, g *archive.Game, env envelope) error {
	if len(env.args) != 1 {
		return d.reply(m, in, "admit", "Write \"admit ADDRESS\" for an address that asked to join and confirmed it.")
	}
	addr := strings.ToLower(strings.TrimSpace(env.args[0]))
	pend, err := d.loadJoins(g)
	if err != nil {
		return err
	}
	pj, ok := pend[addr]
	if _, done := g.ChangedBy(m.JournalID); !done && (!ok || !pj.Confirmed) {
		return d.reply(m, in, "admit", fmt.Sprintf("%s has no confirmed request to join game %s.", addr, g.ID()))
	}
	tok, err := g.AdmitPlayer(archive.Player{Name: pj.Name, Email: addr}, archive.PlayerChange{Why: "admitted by the GM", By: "gm", Ref: m.JournalID}, crand.Reader)
	if err != nil {
		return d.reply(m, in, "admit", "Not admitted: "+d.public(err))
	}
	p := d.playerByEmail(g, addr)
	if p == nil {
		return fmt.Errorf("admitted %s but no seat has the address", addr)
	}
	if err := d.send(&mailer.Outgoing{ID: safeID("admitted", m.JournalID), To: []string{addr}, AutoSubmitted: true,
		Subject: "pbem " + g.ID() + ": you have a seat",
		Text: fmt.Sprintf("The GM admitted you to game %s (%s). You play seat %s, %s, and %s. Your token is:\n\n    token: %s\n\nPut that line in every order file. Keep it secret. \"leave\" with your token leaves the game; send \"help\" for the commands.\n\n%s",
			g.ID(), g.Rules().Ruleset.Title, p.Name, p.Colour, g.Engine().Message(adjudicator.MsgSeatEnter), tok, d.status(g))}); err != nil {
		return err
	}
	delete(pend, addr)
	if err := d.saveJoins(g, pend); err != nil {
		return err
	}
	if err := d.logGM(g, "admit "+addr); err != nil {
		return err
	}
	return d.reply(m, in, "admit", fmt.Sprintf("Admitted %s (%s) as %s: they enter at the start of the next turn.\n%s", p.Name, addr, p.Colour, seatsText(g)))
}

// seatChange is a player's "leave" or "join" with their token: out of the
// game, or in again, from the start of the next turn.
func (d *Daemon) seatChange(m *mailer.Message, in *mailer.Inbound, g *archive.Game, player *archive.PlayerInfo, enter bool) error {
	what := map[bool]string{true: "join", false: "leave"}[enter]
	err := g.AskSeat(player.Name, enter, archive.PlayerChange{Why: "asked for by mail", By: "player", Ref: m.JournalID})
	if err != nil {
		return d.reply(m, in, what, "Not changed: "+d.public(err))
	}
	e := g.Engine()
	text := e.Message(adjudicator.MsgSeatLeave, g.ID()) + ". You get no more reports from then on (send \"observe\" to read the public ones); send \"join\" with your token to enter again later."
	gm := fmt.Sprintf("%s (%s) asks to %s game %s at the start of the next turn.\n", player.Name, player.Email, what, g.ID())
	switch {
	case seatInGame(g, player.Name) == enter: // the wish taken back before the turn
		text = fmt.Sprintf(map[bool]string{true: "You stay in game %s: your request to leave is withdrawn.", false: "You stay out of game %s: your request to enter is withdrawn."}[enter], g.ID())
		gm = fmt.Sprintf("%s (%s) takes back the request to %s game %s.\n", player.Name, player.Email, map[bool]string{true: "leave", false: "enter"}[enter], g.ID())
	case enter:
		text = e.Message(adjudicator.MsgSeatReturn, g.ID()) + "."
	}
	if err := d.toGM("pbem "+g.ID()+": "+player.Name+" asks to "+what, gm+seatsText(g), safeID(what, m.JournalID)); err != nil {
		return err
	}
	return d.reply(m, in, what, text+"\n"+seatsText(g))
}

// seatsText lists the seats of a game whose players enter and leave: who
// is in, who asked to enter or leave, with turns and VP, under the
// ruleset's title for them (adjudicator.MsgSeats).
func seatsText(g *archive.Game) string {
	seats := g.Seats()
	if seats == nil {
		return ""
	}
	var b strings.Builder
	b.WriteString("\n" + g.Engine().Message(adjudicator.MsgSeats) + ":\n")
	for _, s := range seats {
		fmt.Fprintf(&b, "  %-8s %-20s %s; %d VP in %s\n", s.Colour, s.Name, s.Status(), s.VP, games.Count(s.Turns, "turn", "turns"))
	}
	return b.String()
}

// ask is a player's asking, by reply, for a step the rules let the player
// of the nation due ask for before writing its orders (the word of one of
// the ruleset's Orders.Asks: Hy Breasil 6.1's "reroll"): where the GM set
// pace.reroll_window, within that time after the turn became due and
// before orders are accepted; the step is archived (archive.Game.Ask),
// every player gets its report, and the player a new "your turn". The
// deadline does not move. The refusals are in the ruleset's words
// (adjudicator.MsgAskNoWindow, MsgAskWindowPassed).
func (d *Daemon) ask(m *mailer.Message, in *mailer.Inbound, g *archive.Game, player *archive.PlayerInfo, word string) error {
	due := g.Due()
	window := d.cfg.Pace.RerollWindow
	e := g.Engine()
	if _, ok := e.Ask(word); !ok {
		return d.reply(m, in, word, fmt.Sprintf("Game %s (%s) has no %q: nothing can be asked for with that word.", g.ID(), g.Rules().Ruleset.Title, word))
	}
	switch {
	case window <= 0:
		return d.reply(m, in, word, e.Message(adjudicator.MsgAskNoWindow, word)+".")
	case due.Nation == "" || g.PlayerOf(due.Nation) == nil || g.PlayerOf(due.Nation).Email != player.Email:
		return d.reply(m, in, word, "None of your nations moves now.")
	}
	if !g.AskedFor(m.JournalID) { // a request retried after a crash was in time
		if st := d.loadPace(g); d.now().Sub(st.Started) > window {
			return d.reply(m, in, word, e.Message(adjudicator.MsgAskWindowPassed, word, window, due.ID)+".")
		}
	}
	step, err := g.Ask(due.Nation, word, "player", m.JournalID, d.now())
	if err != nil {
		return d.reply(m, in, word, fmt.Sprintf("Not done (%s): %s", word, d.public(err)))
	}
	if err := d.mailReports(g, step, ""); err != nil {
		return err
	}
	return d.tellTurn(g, "Your turn", safeID(g.ID(), step.Dir(), "yourturn"))
}

// askNote tells the player due, where the GM set pace.reroll_window, what
// it may ask for now by reply and by when, in the ruleset's words
// (adjudicator.MsgAskOffer): one paragraph a step it may ask for.
func (d *Daemon) askNote(g *archive.Game, st *paceState) string {
	if d.cfg.Pace.RerollWindow <= 0 {
		return ""
	}
	e := g.Engine()
	due := g.Due()
	p := d.gamePace(g)
	by := when(st.Started.Add(d.cfg.Pace.RerollWindow), p.zoneOf(g.PlayerOf(due.Nation)))
	var b strings.Builder
	for _, step := range e.Asked(g.State()) {
		word := strings.TrimPrefix(step.ID, due.ID+"-")
		b.WriteString(e.Message(adjudicator.MsgAskOffer, word, by) + ".\n\n")
	}
	return b.String()
}

// leftGame are the seats whose players were out of a game whose players
// enter and leave in s and have not asked to enter again: they get
// no more reports ("observe" sends them the public ones); the report of
// the step they left in still goes to them.
func leftGame(g *archive.Game, s *adjudicator.State) map[int]bool {
	out := map[int]bool{}
	then, _ := g.Engine().Seats(s)
	for i, st := range g.Seats() {
		if i < len(then) && !then[i].In && !st.WantsIn {
			out[i] = true
		}
	}
	return out
}

// seatInGame reports whether the named seat is in the game now.
func seatInGame(g *archive.Game, name string) bool {
	s, _ := g.SeatOf(name)
	return s.In
}
