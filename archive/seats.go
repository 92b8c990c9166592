package archive

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/pbem-org/pbem/adjudicator"
	"github.com/pbem-org/pbem/bot"
)

// Players entering and leaving a running game (Hy Breasil 10, option
// continuous; doc.go "Seats"). A seat asks to leave or to enter again with
// its token, a new player is admitted by the GM, and game.yaml records what
// each seat asked for (playerFile.Seat). The round event that takes seat
// changes (adjudicator.Ruleset.Seats) turns the difference between what the
// seats asked for and the position into its input file seats.txt, which
// verify replays like orders.

// fileSeats is the input file of a round event that takes seat changes.
const fileSeats = "seats.txt"

// seatOut is playerFile.Seat of a player who asked to leave.
const seatOut = "out"

// ErrFixedSeats is returned for a seat change in a game whose players play
// the whole game, wrapped with the ruleset's reason
// (adjudicator.MsgSeatsFixed).
var ErrFixedSeats = errors.New("the players of this game are fixed")

// seatsText is seats.txt for the step due in s: nil when the step takes no
// seat changes or none is asked for.
func (r *rules) seatsText(gf *gameFile, s *adjudicator.State) []byte {
	seats, takes := r.e.Seats(s)
	if !takes {
		return nil
	}
	want := make([]bool, len(gf.Players))
	for i, p := range gf.Players {
		want[i] = p.Seat != seatOut
	}
	return formatSeats(r.e.TurnID(s), r.e.SeatColours(), bot.SeatChanges(want, seats))
}

// formatSeats writes seats.txt: a comment, then "leave COLOUR" and "enter
// COLOUR" lines; nil for no change.
func formatSeats(id string, colours []string, cs []adjudicator.SeatChange) []byte {
	if len(cs) == 0 {
		return nil
	}
	var b strings.Builder
	fmt.Fprintf(&b, "# players leaving and entering the game at the start of %s (archive/doc.go)\n", id)
	for _, c := range cs {
		fmt.Fprintf(&b, "%s %s\n", map[bool]string{true: "enter", false: "leave"}[c.Enter], colours[c.Seat])
	}
	return []byte(b.String())
}

// parseSeats reads seats.txt: each line a seat change
// (Engine.ParseSeatChange), a seat named once; # starts a comment.
func parseSeats(e *adjudicator.Engine, data []byte) ([]adjudicator.SeatChange, error) {
	var out []adjudicator.SeatChange
	seen := map[int]bool{}
	sc := bufio.NewScanner(bytes.NewReader(data))
	for line := 1; sc.Scan(); line++ {
		text := strings.TrimSpace(sc.Text())
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		c, err := e.ParseSeatChange(text)
		switch {
		case err != nil:
			return nil, fmt.Errorf("%s line %d: %w", fileSeats, line, err)
		case seen[c.Seat]:
			return nil, fmt.Errorf("%s line %d: %s is named twice: a player cannot leave and enter at the same step", fileSeats, line, e.SeatColours()[c.Seat])
		}
		seen[c.Seat] = true
		out = append(out, c)
	}
	return out, nil
}

// AdmitPlayer gives a new player a seat in a running game of continuous
// play (Hy Breasil 10.1): the next seat's colour, a token (returned, and
// kept in tokens.yaml), a line in game.yaml and in players.log. The player
// enters at the start of the next turn. c.Why and c.By are logged; c.Ref
// makes a retried request return the seat it made.
func (g *Game) AdmitPlayer(p Player, c PlayerChange, rand io.Reader) (string, error) {
	if strings.TrimSpace(c.Why) == "" {
		return "", errors.New("admitting a player needs a reason, for players.log")
	}
	if seat, done := g.ChangedBy(c.Ref); done {
		return g.currentToken(seat, true)
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	unlock, err := g.writing()
	if err != nil {
		return "", err
	}
	defer unlock()
	if err := g.canChangeSeats(); err != nil {
		return "", err
	}
	colours := g.r.e.SeatColours()
	if len(g.gf.Players) >= len(colours) {
		return "", fmt.Errorf("game %s has all its %d seats: a player who left may enter again, but no new seat is left", g.gf.Game, len(colours))
	}
	if err := checkNewPlayers(append(g.asNewPlayers(), p)); err != nil {
		return "", err
	}
	if strings.ContainsAny(p.Name, "():") {
		return "", fmt.Errorf("a new seat's name may not hold ( ) or :, which players.log uses: %q", p.Name)
	}
	token, err := newToken(rand)
	if err != nil {
		return "", err
	}
	gf := *g.gf
	np := playerFile{Name: strings.TrimSpace(p.Name), Email: strings.TrimSpace(p.Email), Colour: colours[len(g.gf.Players)], TokenSHA256: hashToken(token), Prefs: p.Prefs, Admitted: true}
	gf.Players = append(append([]playerFile(nil), g.gf.Players...), np)
	tokData, err := g.editTokens(func(toks []tokenEntry) []tokenEntry {
		return withAddresses(append(toks, tokenEntry{Name: np.Name, Token: token}), &gf)
	})
	if err != nil {
		return "", err
	}
	// tokens.yaml first: a seat in game.yaml always has its token.
	if err := g.w.writePrivate(filepath.Join(g.secrets, "tokens.yaml"), tokData); err != nil {
		return "", err
	}
	if err := g.writeGame(&gf); err != nil {
		return "", err
	}
	if err := g.logPlayer(np.Name, c, "admitted as "+np.Colour+"; enters the game at the start of the next turn"); err != nil {
		return "", err
	}
	g.gf = &gf
	return token, nil
}

// AskSeat records that a seat asks to leave the game (in false) or to
// enter it again (in true) at the start of the next turn (Hy Breasil
// 10.1). Asking twice replaces the first wish: a player cannot leave and
// enter in the same turn. The last player in the game cannot leave. A
// request c.Ref already made is not made again.
func (g *Game) AskSeat(name string, in bool, c PlayerChange) error {
	if strings.TrimSpace(c.Why) == "" {
		return errors.New("a seat change needs a reason, for players.log")
	}
	if _, done := g.ChangedBy(c.Ref); done {
		return nil // a request retried after a crash: asked already
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	unlock, err := g.writing()
	if err != nil {
		return err
	}
	defer unlock()
	if err := g.canChangeSeats(); err != nil {
		return err
	}
	seat, err := g.changedSeat(name, "")
	if err != nil {
		return err
	}
	gf := *g.gf
	gf.Players = append([]playerFile(nil), g.gf.Players...)
	p := &gf.Players[seat]
	wantsIn := p.Seat != seatOut
	if wantsIn == in {
		return fmt.Errorf("%s has asked to be %s the game already", p.Name, map[bool]string{true: "in", false: "out of"}[in])
	}
	if !in && g.wantedIn(&gf) <= 1 {
		return fmt.Errorf("%s is the last player in the game and cannot leave: the GM ends the game instead", p.Name)
	}
	p.Seat = map[bool]string{true: "", false: seatOut}[in]
	if err := g.writeGame(&gf); err != nil {
		return err
	}
	what := map[bool]string{true: "asks to enter the game again", false: "asks to leave the game"}[in] + " at the start of the next turn"
	if err := g.logPlayer(p.Name, c, what); err != nil {
		return err
	}
	g.gf = &gf
	return nil
}

// wantedIn is how many seats ask to be in the game.
func (g *Game) wantedIn(gf *gameFile) int {
	k := 0
	for _, p := range gf.Players {
		if p.Seat != seatOut {
			k++
		}
	}
	return k
}

// canChangeSeats refuses a seat change in a game that takes none, or is
// over.
func (g *Game) canChangeSeats() error {
	if seats, _ := g.r.e.Seats(g.state); seats == nil {
		return fmt.Errorf("%w: %s", ErrFixedSeats, g.r.e.Message(adjudicator.MsgSeatsFixed))
	}
	if g.due().Over {
		return errors.New("the game is over")
	}
	return nil
}

// asNewPlayers are the game's players as Create takes them, for the checks
// of a new one.
func (g *Game) asNewPlayers() []Player {
	var out []Player
	for _, p := range g.gf.Players {
		out = append(out, Player{Name: p.Name, Email: p.Email})
	}
	return out
}

// SeatInfo is a seat of a game whose players enter and leave (Hy Breasil
// 10): its player, whether it is in the game, what it asked for, its turns
// and VP.
type SeatInfo struct {
	Name, Colour string
	In           bool // in the game now
	WantsIn      bool // what it asked for, from the next turn
	Turns, VP    int
}

// Seats are the seats of a game of continuous play, nil for a game whose
// players are fixed.
func (g *Game) Seats() []SeatInfo {
	g.mu.Lock()
	defer g.mu.Unlock()
	seats, _ := g.r.e.Seats(g.state)
	if seats == nil {
		return nil
	}
	var out []SeatInfo
	for i, p := range g.gf.Players {
		si := SeatInfo{Name: p.Name, Colour: p.Colour, WantsIn: p.Seat != seatOut}
		if i < len(seats) {
			si.In, si.Turns, si.VP = seats[i].In, seats[i].Turns, seats[i].VP
		}
		out = append(out, si)
	}
	return out
}

// stepSeats checks a round event's seats.txt (doc.go "Seats"): only a step
// that takes seat changes has one, each line names a seat of game.yaml,
// and players.log records that seat's request: its admission or its asking
// to enter or to leave.
func (v *verifier) stepSeats(base string, parent *adjudicator.State, in *stepInput) bool {
	if in.seats == nil {
		in.decoded = true
		return true
	}
	path := filepath.Join(base, fileSeats)
	if _, takes := v.r.e.Seats(parent); !takes {
		v.problem(path, 0, "this step takes no players entering or leaving")
		return false
	}
	cs, err := parseSeats(v.r.e, in.seats)
	if err != nil {
		v.problem(path, 0, "%v", err)
		return false
	}
	in.changes, in.decoded = cs, true
	log, _ := os.ReadFile(filepath.Join(v.dir, playersLog))
	for _, c := range cs {
		if c.Seat >= len(v.gf.Players) {
			v.problem(path, 0, "seat %d has no player in game.yaml", c.Seat+1)
			return false
		}
		name := v.gf.Players[c.Seat].Name
		asked := []string{"asks to leave "}
		if c.Enter {
			asked = []string{"admitted as ", "asks to enter "}
		}
		if !seatLogged(log, name, asked) {
			v.problem(path, 0, "%s %s, but %s has no such request of theirs", map[bool]string{true: "enter", false: "leave"}[c.Enter], v.gf.Players[c.Seat].Colour, playersLog)
			return false
		}
	}
	return true
}

// seatLogged reports whether players.log has a line "TIME NAME (BY):
// WHAT" of the player's, BY player or gm, whose WHAT starts with one of
// the texts.
func seatLogged(log []byte, name string, texts []string) bool {
	for _, line := range strings.Split(string(log), "\n") {
		_, rest, _ := strings.Cut(line, " ")
		for _, by := range []string{"player", "gm"} {
			what, ok := strings.CutPrefix(rest, name+" ("+by+"): ")
			for _, t := range texts {
				if ok && strings.HasPrefix(what, t) {
					return true
				}
			}
		}
	}
	return false
}

// Status says where the seat stands: "in the game" or "out of the game",
// and what it asked for from the next turn (Hy Breasil 10.1).
func (s SeatInfo) Status() string {
	out := map[bool]string{true: "in the game", false: "out of the game"}[s.In]
	if s.In != s.WantsIn {
		out += map[bool]string{true: ", enters at the start of the next turn", false: ", leaves at the start of the next turn"}[s.WantsIn]
	}
	return out
}

// SeatOf is the seat of the player called name (case does not matter), if
// the game's players enter and leave and it has one.
func (g *Game) SeatOf(name string) (SeatInfo, bool) {
	for _, s := range g.Seats() {
		if strings.EqualFold(s.Name, name) {
			return s, true
		}
	}
	return SeatInfo{}, false
}
