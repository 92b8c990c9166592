package adjudicator

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/pbem-org/pbem/dice"
	"github.com/pbem-org/pbem/games"
	"github.com/pbem-org/pbem/orders"
)

// Engine adjudicates one game: a ruleset's rules, data and options.
type Engine struct {
	G *games.Game
	R *Ruleset
	// Players is the game's player count (reduX Core 2.1): points for
	// eliminating units count only against another player's nations (L&R
	// 10.4), and the King's extra turns depend on it (11.6.2). Zero means
	// the ruleset's default.
	Players int
	// Data is the ruleset's own data (Rules.LoadData).
	Data any
	// Lib is the per-game data of the library the ruleset is built on
	// (Ruleset.Library), made by it when the game is loaded; nil for none.
	Lib any
	// Compat are the game's switches of the compatibility table
	// (compat.go), resolved once when the game is opened: the zero value
	// plays every change, a game of an earlier engine plays without the
	// changes made after it (Engine.Plays).
	Compat Compat

	kinds     map[string]KindID
	allArmies bool // every kind counts as an army (Armies is Units)
}

// New returns the engine of a loaded game under a ruleset. The game's data
// must not change afterwards.
func New(g *games.Game, r *Ruleset) *Engine {
	if r.Adjudication.ForOptions != nil {
		r = r.Adjudication.ForOptions(g)
	}
	e := &Engine{G: g, R: r, kinds: map[string]KindID{}, allArmies: true}
	for i, k := range r.Kinds {
		e.kinds[k.Name] = i
		e.allArmies = e.allArmies && k.Army
	}
	return e
}

// Load is New with the ruleset's own data read (Rules.LoadData): the
// engine of a game ready to play.
func Load(g *games.Game, r *Ruleset) (*Engine, error) {
	e := New(g, r)
	if f := e.R.Adjudication.LoadData; f != nil {
		if err := f(e); err != nil {
			return nil, err
		}
	}
	return e, nil
}

// Kind returns the id of the unit kind with the given name, or -1.
func (e *Engine) Kind(name string) KindID {
	if k, ok := e.kinds[name]; ok {
		return k
	}
	return -1
}

// NewState sets up a game: the position its first step is played from.
func (e *Engine) NewState() *State { return e.R.Adjudication.Setup(e) }

// Blank returns an empty position sized for the game.
func (e *Engine) Blank() *State {
	return NewBlankState(len(e.G.Board.Areas), e.NumNations(), len(e.R.Kinds))
}

// NumNations is the number of nation ids of the game.
func (e *Engine) NumNations() int { return len(e.G.Tables.Nations) }

// NationName is nation n's name.
func (e *Engine) NationName(n NationID) string { return e.G.Tables.Nations[n].Name }

// NationIndex finds a nation by name, short name or alias.
func (e *Engine) NationIndex(name string) (NationID, error) { return e.G.Tables.NationIndex(name) }

// PlayerCount is the game's player count.
func (e *Engine) PlayerCount() int {
	switch {
	case e.Players > 0:
		return e.Players
	case e.R.Adjudication.Players > 0:
		return e.R.Adjudication.Players
	}
	return 4
}

// Controller is the seat (0-based) that controls nation n (reduX Core 2.1),
// or -1: the owner in the position where the ruleset deals nations during
// play, else the player split of the tables.
func (e *Engine) Controller(s *State, n NationID) int {
	if s != nil && n < len(s.Nations) && s.Nations[n].Owner >= 0 {
		return s.Nations[n].Owner
	}
	if e.G.Tables == nil {
		return -1
	}
	sp := e.G.Tables.Split(e.PlayerCount())
	if sp == nil {
		return -1
	}
	name := e.NationName(n)
	for i, p := range sp.Players {
		for _, nn := range p.Nations {
			if games.Fold(nn) == games.Fold(name) {
				return i
			}
		}
	}
	return -1
}

// Input is everything a step depends on besides the state and the dice
// (docs/design.md: the turn's inputs determine its output).
type Input struct {
	// Orders is the accepted order file of the nation whose turn it is; nil
	// means every Decision takes its default.
	Orders *orders.File
	// Standing holds each nation's standing orders in force, by nation id;
	// nil entries mean none.
	Standing []*orders.File
	// Seats are the players entering and leaving the game at the step,
	// for a round event that takes them (Ruleset.Seats, Hy Breasil 10.1).
	Seats []SeatChange
	// Asked is the id of a step the player of the nation due asks for
	// (Engine.Asked: "r05-star-reroll"); "" plays the step due.
	Asked string
	// Step is the step to play as the caller worked it out from the same
	// state: Engine.Due of it, or with Asked the one of Engine.Asked that
	// Asked names. Play then does not work it out again (one Due a step);
	// nil: Play works it out.
	Step *Step
}

// SeatChange is a player entering or leaving the game at the start of a
// turn (Hy Breasil 10.1): an input of the step, archived with it like
// orders, so that verify replays it.
type SeatChange struct {
	Seat  int // 0-based
	Enter bool
}

// SeatStatus is a seat of a game whose players enter and leave (Hy Breasil
// 10): whether it is in the game, the turns it has played (its turn
// marker, 10.2) and its VP (10.3).
type SeatStatus struct {
	In        bool
	Turns, VP int
}

// MostSeats is the most seats a game may have: the largest player split of
// its tables (Hy Breasil 10: a player who enters takes the next colour).
func (e *Engine) MostSeats() int { return len(e.SeatColours()) }

// SeatColours are the colours of the seats in seat order: the largest
// player split of the tables, whose prefix every game of fewer players
// uses where players enter and leave (Hy Breasil 10; the ruleset checks
// its tables).
func (e *Engine) SeatColours() []string {
	var best *games.PlayerSplit
	for i := range e.G.Tables.Players {
		if sp := &e.G.Tables.Players[i]; best == nil || len(sp.Players) > len(best.Players) {
			best = sp
		}
	}
	var out []string
	if best != nil {
		for _, p := range best.Players {
			out = append(out, p.Colour)
		}
	}
	return out
}

// ParseSeatChange reads "enter COLOUR" or "leave COLOUR", a seat by the
// colour of SeatColours (Hy Breasil 10.1): the line of seats.txt and of a
// rules case.
func (e *Engine) ParseSeatChange(phrase string) (SeatChange, error) {
	verb, colour, _ := strings.Cut(strings.TrimSpace(phrase), " ")
	if verb != "enter" && verb != "leave" {
		return SeatChange{}, fmt.Errorf("want \"enter COLOUR\" or \"leave COLOUR\", not %q", phrase)
	}
	colours := e.SeatColours()
	for i, c := range colours {
		if strings.EqualFold(c, strings.TrimSpace(colour)) {
			return SeatChange{Seat: i, Enter: verb == "enter"}, nil
		}
	}
	return SeatChange{}, fmt.Errorf("no seat is %q (seats: %s)", strings.TrimSpace(colour), strings.Join(colours, ", "))
}

// Asked are the steps a player may ask for before the turn due in s
// (Ruleset.Asked); none for most rulesets.
func (e *Engine) Asked(s *State) []Step {
	if e.R.Adjudication.Asked == nil || s.Over {
		return nil
	}
	return e.R.Adjudication.Asked(e, s)
}

// Seats are the seats of s and whether the step due takes seat changes
// (Seating.Seats); nil and false for a game whose seats are fixed.
func (e *Engine) Seats(s *State) ([]SeatStatus, bool) {
	if e.R.Seating == nil || e.R.Seating.Seats == nil {
		return nil, false
	}
	return e.R.Seating.Seats(e, s)
}

// PlayersScore reports whether players, not nations, score: the ruleset
// deals nations to seats during play (Ruleset.Seating; Hy Breasil 7).
func (e *Engine) PlayersScore() bool { return e.R.Seating != nil }

// Grammar is the order language of the game's files (Orders.Grammar,
// else orders.Base).
func (e *Engine) Grammar() *orders.Grammar {
	if g := e.R.Orders.Grammar; g != nil {
		return g
	}
	return orders.Base()
}

// Due says what comes next in s. It does not change s.
func (e *Engine) Due(s *State) Step { return e.R.Adjudication.Due(e, s) }

// TurnID is the stable id of what is due in s: "r05-saxons" or "r05-end".
func (e *Engine) TurnID(s *State) string { return e.Due(s).ID }

// NationTurnID builds a nation turn id: "r05-saxons".
func NationTurnID(round int, nation string) string {
	r := strconv.Itoa(round)
	if round < 10 && round >= 0 {
		r = "0" + r
	}
	return "r" + r + "-" + FoldLetters(nation)
}

// FoldLetters keeps the lowercase letters of a name: "Romano-British" is
// "romanobritish".
func FoldLetters(s string) string {
	if isLowerLetters(s) {
		return s
	}
	if b, ok := foldASCII(s); ok {
		return string(b)
	}
	var sb strings.Builder
	for _, r := range strings.ToLower(s) {
		if r >= 'a' && r <= 'z' {
			sb.WriteRune(r)
		}
	}
	return sb.String()
}

// foldASCII folds an ASCII name in one pass: its letters lower-cased, the
// rest dropped; ok is false when s has a byte outside ASCII.
func foldASCII(s string) (b []byte, ok bool) {
	b = make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= 0x80:
			return nil, false
		case c >= 'a' && c <= 'z':
			b = append(b, c)
		case c >= 'A' && c <= 'Z':
			b = append(b, c+'a'-'A')
		}
	}
	return b, true
}

// isLowerLetters reports whether s is only the letters a to z.
func isLowerLetters(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < 'a' || s[i] > 'z' {
			return false
		}
	}
	return true
}

// Play plays a step of s and returns the new position and the events:
// the step due, or the one in.Asked names (Engine.Asked). Each input goes
// only with the steps that take it: orders with the nation turn of their
// nation, seat changes with a round event that takes them. Statements
// that have become impossible are skipped and reported (docs/design.md §2:
// two kinds of legality). s is not changed.
func (e *Engine) Play(s *State, in Input, d dice.Roller) (*State, []Event, error) {
	st, err := e.stepFor(s, in)
	if err != nil {
		return nil, nil, err
	}
	t := e.newTurn(s, st, in, d, false)
	t.run(Setup, Moving, Fighting)
	return t.S, t.ev, nil
}

// stepFor is the step Play plays in s with in, or why it cannot.
func (e *Engine) stepFor(s *State, in Input) (Step, error) {
	if in.Asked != "" {
		if in.Step != nil && in.Step.ID == in.Asked && in.Step.Kind == AskedStep {
			return *in.Step, nil
		}
		for _, st := range e.Asked(s) {
			if st.ID == in.Asked {
				return st, nil
			}
		}
		return Step{}, fmt.Errorf("%s cannot be asked for now: %s is due", in.Asked, e.TurnID(s))
	}
	var st Step
	if in.Step != nil && in.Step.Kind != AskedStep {
		st = *in.Step
	} else {
		st = e.Due(s)
	}
	switch {
	case st.Kind == NationTurn && in.Orders != nil && in.Orders.Nation != e.NationName(st.Nation):
		return st, fmt.Errorf("orders are for the %s but it is the %s turn", in.Orders.Nation, possessive(e.NationName(st.Nation)))
	case st.Kind == RoundEvent && s.Over:
		return st, fmt.Errorf("the game is over")
	case st.Kind == RoundEvent && in.Orders != nil:
		return st, fmt.Errorf("%s is a round event and takes no orders", st.ID)
	}
	if _, takes := e.Seats(s); len(in.Seats) > 0 && (!takes || st.Kind != RoundEvent) {
		return st, fmt.Errorf("%s takes no players entering or leaving", st.ID)
	}
	return st, nil
}

// RoundEventName names round event id of round: its report title, its
// name and what it does (Texts.RoundEvent; by default "end of round", "the
// end of round 7", "scoring", reduX Core 4.3).
func (e *Engine) RoundEventName(id string, round int) (title, name, does string) {
	if e.R != nil && e.R.View.Texts != nil && e.R.View.Texts.RoundEvent != nil {
		return e.R.View.Texts.RoundEvent(id, round)
	}
	return "end of round", "the end of round " + strconv.Itoa(round), "scoring"
}

// CheckStanding validates a standing orders file (any time).
func (e *Engine) CheckStanding(f *orders.File) orders.Errors {
	if e.R.Orders.CheckStanding != nil {
		return e.R.Orders.CheckStanding(e, f)
	}
	return CheckDefendLines(e, f)
}

// CheckDefendLines accepts standing orders of defend lines only (reduX
// Core 7.2): in land areas, retreating to land.
func CheckDefendLines(e *Engine, f *orders.File) orders.Errors { return CheckStandingLines(e, f, nil) }

// CheckStandingLines checks standing orders, a ruleset's CheckStanding
// (reduX Core 7.2): each statement first by more (the ruleset's own lines
// and refusals; nil: none), which says whether it dealt with it; a defend
// line it did not is checked with CheckDefend, anything else refused,
// naming the lines the ruleset's grammar says standing orders hold
// (orders.Grammar.StandingLines; without more, defend lines only).
func CheckStandingLines(e *Engine, f *orders.File, more func(st orders.Statement) (errs orders.Errors, done bool)) orders.Errors {
	var errs orders.Errors
	lines := "defend"
	if more != nil && e.R.Orders.Grammar != nil {
		lines = e.R.Orders.Grammar.StandingLines()
	}
	for _, st := range f.Body {
		if more != nil {
			x, done := more(st)
			errs = append(errs, x...)
			if done {
				continue
			}
		}
		if d, ok := st.(orders.Defend); ok {
			errs = append(errs, CheckDefend(e, d)...)
			continue
		}
		errs = append(errs, e.Refusal(st.Pos(), MsgStandingLines, lines))
	}
	return errs
}

// CheckDefend checks a defend line: a land area (no battle is fought at
// sea), retreats to land (reduX Core 6.1.1, 7.2; Hy Breasil 6.3.2).
func CheckDefend(e *Engine, d orders.Defend) orders.Errors {
	var errs orders.Errors
	if d.Area != games.NoArea && !e.G.Board.IsLand(d.Area) {
		errs = append(errs, e.Refusal(d.Line, MsgBattleAtSea))
	}
	for _, to := range d.Rule.To {
		if !e.G.Board.IsLand(to) {
			errs = append(errs, e.Refusal(d.Line, MsgRetreatToSea))
		}
	}
	return errs
}

// Partial plays the parts of the nation turn due in s (Setup, Moving,
// Checking) that need no dice, with the inputs in, on a copy of s: the
// position and the events so far. Bots and orders templates read what the
// turn will bring from it (Setup: after the population increase and
// reinforcements; Setup and Moving: at the end of movement, before any
// battle; Checking after them, with an order file in in.Orders: what
// checking that file plays beyond them, such as a Major Invasion's second
// Movement Phase when its first makes no battle, reduX L&R 11.3). With no
// nation turn due, a copy of s and no events.
func (e *Engine) Partial(s *State, in Input, parts ...Part) (*State, []Event) {
	st := e.Due(s)
	if st.Kind != NationTurn {
		return s.Clone(), nil
	}
	for _, p := range parts {
		if p == Fighting {
			panic("adjudicator: Partial plays only the parts that roll no dice")
		}
	}
	t := e.newTurn(s, st, in, nil, false)
	t.run(parts...)
	return t.S, t.ev
}

// Standing is one player's score.
type Standing struct {
	Player  int
	Colour  string
	VP      int
	Points  Points
	Nations []string
	// Turns are the turns the player has been in a game whose players
	// enter and leave (Hy Breasil 10.2); 0 where every seat plays the
	// whole game. Such standings rank by Score, VP a turn (10.3), and Out
	// marks a player who has left.
	Turns int
	Out   bool
	Score float64
}

// Standings totals victory points by player for a player count (reduX Core
// 3: the player with the most victory points wins), best first.
// A ruleset that deals nations during play scores by player itself
// (Seating.Standings, Hy Breasil 7).
func (e *Engine) Standings(s *State, players int) []Standing {
	if e.R.Seating != nil {
		return e.R.Seating.Standings(e, s, players)
	}
	sp := e.G.Tables.Split(players)
	if sp == nil {
		return nil
	}
	var out []Standing
	for i, p := range sp.Players {
		st := Standing{Player: i + 1, Colour: p.Colour}
		for _, nn := range p.Nations {
			n, err := e.NationIndex(nn)
			if err != nil {
				continue
			}
			st.Points += s.Nations[n].VP
			st.Nations = append(st.Nations, e.NationName(n))
		}
		st.VP = st.Points.Whole()
		out = append(out, st)
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Points > out[j].Points })
	return out
}

// Armies counts nation n's armies in area a: its units of the kinds that
// count as armies (Kind.Army; classic Britannia's forts and burhs do not).
func (e *Engine) Armies(s *State, a games.AreaID, n NationID) int {
	if e.allArmies {
		return s.Units(a, n)
	}
	c := 0
	for k, kd := range e.R.Kinds {
		if kd.Army {
			c += s.Count(a, n, k)
		}
	}
	return c
}

// OnLand counts nation n's armies on land.
func (e *Engine) OnLand(s *State, n NationID) int {
	t := 0
	for a := 0; a < e.G.Board.NumLand; a++ {
		t += e.Armies(s, games.AreaID(a), n)
	}
	return t
}

// PartialState is the position of Partial with the order file f (nil:
// every Decision takes its default).
func (e *Engine) PartialState(s *State, f *orders.File, parts ...Part) *State {
	p, _ := e.Partial(s, Input{Orders: f}, parts...)
	return p
}
