// Package templates renders what players see of each step of a game
// (docs/design.md §6): a 72-column text report readable in any mail client, an HTML
// alternative with inline CSS only, Markdown and BBCode for forum posts,
// JSON for other tools, and a commented orders template for the player
// whose nation moves next.
//
// A Report is built once from the rules data, the states before and after
// the step and the step's events (Build); every format renders the same
// Report, so the formats never disagree. A player's copy is the public
// Report's For(seat): only its personal part is derived again. The map of
// a step (MapView, MapPNG) is drawn from the same Report. Each format is an embedded
// text/template or html/template file under tmpl/.
package templates

import (
	"maps"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/pbem-org/pbem/adjudicator"
	"github.com/pbem-org/pbem/games"
	"github.com/pbem-org/pbem/orders"
)

// Report is one step of a game (a nation turn or a round event) as players
// see it. Build fills every field from the rules data, the two states and
// the events; the renderers only lay it out.
type Report struct {
	Game    string // game id, e.g. "ashdown"
	Ruleset string // the ruleset's title, as its tables give it
	TurnID  string // e.g. "r07-angles" or "r07-end"
	// Title is the headline: the nation turn's own event text ("Round 7:
	// the Angles' turn") or "Round 7: end of round".
	Title string
	// Step is what the step is within its round, as the title words it:
	// a round event's name ("end of round", Texts.RoundEvent), what a
	// player asked for in a step of its own, "end of the game"; "" for a
	// nation turn and the start.
	Step       string
	Round      int
	RoundLabel string // the Timeline's label, e.g. "VII"
	RoundWord  string // what the ruleset calls a round: "Round", "Turn"
	RoundOf    string // what the rounds make up: "the Timeline", "the game"
	// NoTrack says the ruleset has no population track (tables
	// track_max 0: Hy Breasil 6.2), so the nations table shows neither the
	// reduX population limit nor the track.
	NoTrack bool
	// PlayersScore says players, not nations, score (Ruleset.Standings:
	// Hy Breasil 7), so a nation's own VP are not shown by player.
	PlayersScore bool
	Years        string // e.g. "485-560"
	Nation       string // whose nation turn it was; "" for a round event
	RoundEnd     bool   // the step is the end of a round (scoring)
	// PositionAfter names the step for "Position after …": "the turn"
	// (a nation's), "the round" (its end), or a round event as the ruleset
	// words it (Texts.RoundEvent).
	PositionAfter string
	Start         bool // the start of the game, before any step (Options.Start)
	Over          bool // the game is over after this step

	Before, After *adjudicator.State
	Events        []adjudicator.Event

	Seed       string // the step's revealed dice seed, hex
	NextTurn   string // id of the next step; "" when the game is over
	NextNation string // the nation that moves next; "" for a round event
	NextSeat   int    // 1-based seat of the player who moves next; 0 if none
	Next       string // one sentence saying what comes next
	Deadline   string // when the next orders are due, as the GM wrote it

	Players []Seat // the seats in split order, with their VP
	// Chart is each player's VP over the rounds, shown after the score by
	// player; nil shows none. The caller sets it: the end-of-game mail
	// does (issue 21), from every step of the game.
	Chart *VPChart
	// ChartCID is the Content-ID of the chart's picture (VPChart.PNG) in
	// the mail: the HTML shows the picture instead of the SVG, which
	// mail readers such as Gmail drop. Empty: the SVG.
	ChartCID string
	Personal *Personal // the reader's part; nil in the public report

	// Sections derived from the events, in report order.
	Phase1  []adjudicator.Event // population, placements, removals, reinforcements
	Moves   []adjudicator.Event // moves and overruns
	Battles []Battle
	Notes   []adjudicator.Event // skipped statements, defaults applied, limits not met
	// Happened are the events of kinds a ruleset adds to the kernel's (Hy
	// Breasil's invasions, deals, the nation order cup, random events),
	// in their order.
	Happened []adjudicator.Event
	Scoring  []adjudicator.Event // VP scored, King of England, final standings
	// Upcoming are the events about the nation due next that end the
	// step: its random event, rolled when its turn becomes due so that its
	// player knows it (Hy Breasil 6.1).
	Upcoming []adjudicator.Event

	// The position after the step: every area by region, the seas apart.
	// The reports show only the areas the step changed (Shown); the whole
	// board is the map's, and FullPosition's (issue 21).
	Regions []Region
	Seas    []AreaRow
	Nations []NationRow
	// Quiet says the step changed nothing on the board and scored nothing:
	// no area, battle, VP or ruleset event ("0 new armies"). Its report
	// says so in a few lines, without the tables, and its mail carries no
	// map (issue 21).
	Quiet bool
	// BoardLink is where the whole board is had at full size, for a mail
	// whose picture is a detail of the map (issue 21): a mailto: link
	// asking the server for the map; "" for none. The HTML report links it
	// under the picture.
	BoardLink string

	// Links are where a player's copy says the order syntax is (For);
	// the mail that carries it sets them.
	Links Links

	dueAfter adjudicator.Step                               // what is due after the step (Engine.Due), unless Over
	snapshot adjudicator.Snapshot                           // the state after the step, for JSON
	kinds    []adjudicator.Kind                             // the ruleset's unit kinds, for the map
	marks    func(a games.AreaID, n int) []adjudicator.Mark // Ruleset.Marks on the position after, for the map
	// chance says the game's rounds score by chance (Hy Breasil 11), and
	// scored are the rounds whose scoring die was rolled, true for those
	// it let score (Options.Scored and the step's own), for the map.
	chance bool
	scored map[int]bool
}

// Subject is the mail subject of the report: "[ashdown] Round 7: the
// Angles' turn (r07-angles)".
func (r *Report) Subject() string {
	s := r.Title + " (" + r.TurnID + ")"
	if r.Game != "" {
		s = "[" + r.Game + "] " + s
	}
	return s
}

// Seat is one player: a seat of the ruleset's player split.
type Seat struct {
	Seat    int    // 1-based, in split order
	Name    string // the player's name; may be empty
	Colour  string // e.g. "blue"
	Hex     string // e.g. "#0072B2"
	Nations []string
	VP      int // total after the step
	Gained  int // VP gained in the step
	// Turns are the turns the player has been in a game whose players
	// enter and leave, and Out marks one who has left (Hy Breasil 10.2,
	// 10.3); 0 and false where every seat plays the whole game.
	Turns int
	Out   bool
	Score float64 // the ruleset's ranking score (Hy Breasil 10.3: VP a turn)
	// Absent marks a seat that has played no turn of the game yet (Hy
	// Breasil 10.1): the score table leaves it out.
	Absent bool
}

// PerTurn is the player's corrected score (Hy Breasil 10.3: VP divided by
// the turns played), "12.50", with "(left)" for a player who left.
func (s Seat) PerTurn() string {
	out := strconv.FormatFloat(s.Score, 'f', 2, 64)
	if s.Out {
		out += " (left)"
	}
	return out
}

// better ranks two seats (Standings): by the ruleset's score where seats
// enter and leave (Hy Breasil 10.3: VP a turn), else by VP.
func better(a, b Seat) bool {
	if a.Turns > 0 && b.Turns > 0 {
		return a.Score > b.Score
	}
	return a.VP > b.VP
}

// Label is "Blue (Carol)", or "Blue" without a name.
func (s Seat) Label() string {
	c := s.Colour
	if c != "" {
		c = strings.ToUpper(c[:1]) + c[1:]
	} else {
		c = "Player " + strconv.Itoa(s.Seat)
	}
	if s.Name == "" {
		return c
	}
	return c + " (" + s.Name + ")"
}

// Personal is the part of a report written for one player.
type Personal struct {
	Seat      int
	Player    string   // the seat's label
	Nations   []string // the nations the player controls
	MovesNext bool     // one of the player's nations moves next
	Decide    []string // what the player must decide next, one sentence each
	Orders    string   // the orders template when MovesNext
}

// Battle is one battle of a nation turn, round by round.
type Battle struct {
	Number   int
	Area     string
	Attacker string
	Defender string
	Start    adjudicator.Event
	Steps    []BattleStep // rounds of battle and retreats, in order
	End      *adjudicator.Event
	// Casualties: armies killed on each side over the whole battle.
	AttackerLost, DefenderLost int
	// Armies that retreated out of the battle area, each side.
	AttackerRetreated, DefenderRetreated int
}

// BattleStep is a round of battle or a retreat, told by its event's
// words: a round with its dice in one line (issue 21, "one telling of
// each event").
type BattleStep struct {
	Event adjudicator.Event
	// Again lists the later rounds of battle after which the same retreat
	// could not be made either (reduX Core 7.2, 7.2.2): the report says it
	// once, after the first, with these rounds, not after every round of a
	// long battle (issue 14). Event.Text then ends with them.
	Again []int
}

// Region is a region of the board with its areas in board order.
type Region struct {
	Name  string
	Areas []AreaRow
}

// AreaRow is one area of the position table.
type AreaRow struct {
	Area      string
	Difficult bool
	Now       []Stack // after the step, in play order
	Before    []Stack // before the step
	Changed   bool
}

// Stack is one nation's armies in an area.
type Stack struct {
	Nation string
	Short  string
	Hex    string
	Armies int
	// Extra are the units that are not armies, by kind: "1 fort", "1
	// fort, 1 burh"; "" where every unit is an army.
	Extra string
}

// NationRow is one nation's line in the nations table.
type NationRow struct {
	Nation string
	Short  string
	Seat   int // 1-based; 0 when no split is known
	Colour string
	Hex    string
	Land   int // armies on land
	Sea    int // armies at sea
	Spare  int // armies not on the board
	Held   int // land areas held
	Limit  int // population limit (reduX Core 4.2.2)
	Pop    int // population track marker (Core 5.1)
	VP     int
	Gained int // VP gained in the step
	// Facts are the ruleset's words on the nation beyond the table
	// (Ruleset.NationFacts: Hy Breasil's civilization tokens, race,
	// abilities, submission); nil for none.
	Facts []string
	// Changed says the step changed one of the nation's figures or facts.
	Changed bool
}

// Options are the facts about a step that are not in the states or events.
type Options struct {
	Game     string   // game id
	Seed     string   // the step's revealed seed, hex
	Deadline string   // when the next orders are due, as the GM wrote it
	Players  []string // player names in seat order; len(Players) picks the split
	// Reader is the 1-based seat of the player this copy is for, 0 for the
	// public report. A reader gets a Personal part and, when one of their
	// nations moves next, its orders template.
	Reader int
	// Token is the reader's secret token, written into their orders
	// template; it never appears in the public report.
	Token string
	// Start says the report is of the start of the game (turnID is the
	// archive's "start"; before and after are the set-up position).
	Start bool
	// Scored are, for a game whose rounds score by chance (Hy Breasil 11,
	// Ruleset.ScoringDie), the rounds played before the step whose scoring
	// die was rolled, by number: true for those it let score. The archive
	// reads them from the steps' events; the step's own events add its
	// round. The map's Timeline marks the rounds from them.
	Scored map[int]bool
	// DueBefore and DueAfter are what is due in before and in after
	// (Engine.Due), where the caller has worked them out already: the
	// archive, which plays the step. nil: Build works them out.
	DueBefore, DueAfter *adjudicator.Step
}

// dueIn is what is due in s: known, else worked out (Engine.Due).
func dueIn(e *adjudicator.Engine, s *adjudicator.State, known *adjudicator.Step) adjudicator.Step {
	if known != nil {
		return *known
	}
	return e.Due(s)
}

// Build derives a Report for one step: turnID is the step's id, before and
// after the states around it, events what the engine reported. It does not
// change its arguments. With o.Reader it is the public report's For(reader).
func Build(e *adjudicator.Engine, turnID string, before, after *adjudicator.State, events []adjudicator.Event, o Options) *Report {
	r := buildPublic(e, turnID, before, after, events, o)
	if o.Reader > 0 {
		return r.For(e, o.Reader, o.Token)
	}
	return r
}

// For is the copy of a public report written for the player in seat
// (1-based; out of range: the public report again), with their Personal
// part and, when one of their nations moves next, its orders template
// carrying token. Everything else is shared with r, which is not changed:
// a step's report is derived once and each seat's copy adds only its part.
func (r *Report) For(e *adjudicator.Engine, seat int, token string) *Report {
	c := *r
	c.Personal = nil
	if seat > 0 && seat <= len(c.Players) {
		c.personal(e.G, e, seat, token)
	}
	return &c
}

// buildPublic derives the report everyone sees: every part but Personal.
func buildPublic(e *adjudicator.Engine, turnID string, before, after *adjudicator.State, events []adjudicator.Event, o Options) *Report {
	g := e.G
	r := &Report{
		Game: o.Game, Ruleset: g.Ruleset.Title, TurnID: turnID,
		Round: before.Round, Before: before, After: after, Events: e.Render(events),
		Seed: o.Seed, Deadline: o.Deadline, Over: after.Over,
	}
	if tr := g.Tables.Round(before.Round); tr != nil {
		r.RoundLabel, r.Years = tr.Label, tr.Years
	}
	r.RoundWord, r.RoundOf = e.RoundWords()
	round := r.RoundWord + " " + strconv.Itoa(before.Round)
	r.PositionAfter = "the turn"
	switch st := dueIn(e, before, o.DueBefore); {
	case o.Start:
		r.Start = true
		r.Title = round + ": the start of the game"
	case turnID != st.ID && st.Kind == adjudicator.NationTurn: // asked for (Hy Breasil 6.1: a reroll by reply)
		title, _ := roundEvent(e, turnID, before.Round)
		r.Nation = e.NationName(st.Nation) // its events are this nation's, not the next's
		r.Title, r.Step = round+": the "+possessive(r.Nation)+" turn, "+title, title
		r.PositionAfter = title
	case st.Kind == adjudicator.NationTurn:
		r.Nation = e.NationName(st.Nation)
		r.Title = round + ": the " + possessive(r.Nation) + " turn"
	case after.Over:
		r.RoundEnd = true
		r.Step = "end of the game"
		r.Title = round + ": " + r.Step
		r.PositionAfter = "the " + strings.ToLower(r.RoundWord)
	default:
		r.RoundEnd = true
		title, _ := roundEvent(e, st.ID, before.Round)
		r.Title, r.Step = round+": "+title, title
		r.PositionAfter = "the " + strings.ToLower(r.RoundWord)
		if strings.HasPrefix(title, "the ") {
			r.PositionAfter = title
		}
	}
	r.snapshot = e.Snapshot(after)
	r.kinds = e.Kinds()
	r.PlayersScore = e.PlayersScore()
	r.NoTrack = g.Tables.Population.TrackMax == 0
	r.marks = func(a games.AreaID, n int) []adjudicator.Mark { return e.Marks(after, a, n) }
	r.scoringDie(e, o.Scored)
	if !after.Over {
		r.dueAfter = dueIn(e, after, o.DueAfter)
	}
	r.sections(e, r.nextNation(e))
	r.seats(e, o.Players)
	r.position(e)
	r.Quiet = r.quiet()
	r.next(g, e)
	return r
}

// scoringDie records, for a game whose rounds score by chance (Hy Breasil
// 11, Ruleset.ScoringDie), which rounds the die let score: those of
// scored, the rounds before the step, and the step's own round if its
// events rolled the die.
func (r *Report) scoringDie(e *adjudicator.Engine, scored map[int]bool) {
	read := e.ScoringDie()
	if read == nil {
		return
	}
	r.chance, r.scored = true, maps.Clone(scored)
	if r.scored == nil {
		r.scored = map[int]bool{}
	}
	if rolled, ok := read(r.Events); rolled {
		r.scored[r.Round] = ok
	}
}

// kernelKinds are the kernel's event kinds (adjudicator/events.go); the
// others are a ruleset's own (Report.Happened).
var kernelKinds = []string{adjudicator.EvTurn, adjudicator.EvSkip, adjudicator.EvPopulation, adjudicator.EvPlace, adjudicator.EvRemove,
	adjudicator.EvReinforce, adjudicator.EvShortage, adjudicator.EvMove, adjudicator.EvOverrun, adjudicator.EvBattle, adjudicator.EvRound,
	adjudicator.EvRetreat, adjudicator.EvBattleEnd, adjudicator.EvSkipped, adjudicator.EvDefault, adjudicator.EvLimit, adjudicator.EvScore,
	adjudicator.EvKing, adjudicator.EvGameOver, adjudicator.EvLeader, adjudicator.EvPhase, adjudicator.EvWithdraw, adjudicator.EvRex, adjudicator.EvExtra}

func kernelKind(k string) bool { return slices.Contains(kernelKinds, k) }

// Facts are the nations the ruleset says more of (NationRow.Facts), of
// those the nations table shows (ShownNations), in table order; nil for
// none.
func (r *Report) Facts() []NationRow {
	var out []NationRow
	for _, n := range r.ShownNations() {
		if len(n.Facts) > 0 {
			out = append(out, n)
		}
	}
	return out
}

// roundEvent names a round event's step for a report (Engine.RoundEventName):
// its title and what comes next: "the end of round 7 (scoring, r07-end)".
func roundEvent(e *adjudicator.Engine, id string, round int) (title, next string) {
	title, name, does := e.RoundEventName(id, round)
	if does != "" {
		return title, name + " (" + does + ", " + id + ")"
	}
	return title, name + " (" + id + ")"
}

// sections sorts the events into the report's sections. Placements and
// removals after the first move or battle happened on the way (a Roman
// fort built after a battle, Britannia 2005 Roman forts; units left at
// sea and lost, Hy Breasil 6.3) and go with the moves, as does a second
// movement phase (Hy Breasil 6.1 Strong leader, reduX L&R 11.3); the
// next nation's random event, rolled at the end of the step (Hy Breasil
// 6.1), goes under Upcoming.
func (r *Report) sections(e *adjudicator.Engine, next string) {
	g := e.G
	byNum := map[int]int{}
	evs, moving := r.splitUpcoming(next), false
	for _, ev := range evs {
		switch ev.Kind {
		case adjudicator.EvTurn:
			r.Title = ev.Text
		case adjudicator.EvPopulation, adjudicator.EvPlace, adjudicator.EvRemove, adjudicator.EvReinforce, adjudicator.EvShortage:
			if moving {
				r.Moves = append(r.Moves, ev)
			} else {
				r.Phase1 = append(r.Phase1, ev)
			}
		case adjudicator.EvMove, adjudicator.EvOverrun, adjudicator.EvPhase, adjudicator.EvWithdraw:
			moving = true
			r.Moves = append(r.Moves, ev)
		case adjudicator.EvBattle, adjudicator.EvRound, adjudicator.EvRetreat, adjudicator.EvBattleEnd:
			moving = true
			r.battleEvent(g, byNum, ev)
		case adjudicator.EvScore, adjudicator.EvKing, adjudicator.EvGameOver:
			r.Scoring = append(r.Scoring, ev)
		default: // skipped, default, limit, skip; a ruleset's own kinds apart
			if kernelKind(ev.Kind) {
				r.Notes = append(r.Notes, ev)
			} else {
				r.Happened = append(r.Happened, ev)
			}
		}
	}
	for i := range r.Battles {
		for j := range r.Battles[i].Steps {
			if st := &r.Battles[i].Steps[j]; len(st.Again) > 0 {
				st.Event.Text += "; the same after " + roundList(st.Again)
			}
		}
	}
	// Repeated events are told once, summed (Engine.Told): six removals of
	// a unit in two areas are one sentence.
	for _, sec := range []*[]adjudicator.Event{&r.Phase1, &r.Moves, &r.Notes, &r.Happened, &r.Scoring, &r.Upcoming} {
		*sec = e.Told(*sec)
	}
}

// splitUpcoming moves the events about the next nation that end a nation
// turn's events (Event.For: Hy Breasil 6.1's random event, rolled when
// its turn becomes due) to Upcoming and returns the others.
func (r *Report) splitUpcoming(next string) []adjudicator.Event {
	evs := r.Events
	if next == "" || next == r.Nation {
		return evs
	}
	end := len(evs)
	for end > 0 && evs[end-1].For == next {
		end--
	}
	r.Upcoming = evs[end:]
	return evs[:end]
}

// battleEvent adds a battle's start, round, retreat or end to its battle.
// A retreat that names no battle (Hy Breasil 6.3.2) goes with the last
// battle in its area while it is fought; after the battles (classic
// Britannia's raider withdrawal) it is a move, as L&R's withdrawal is.
func (r *Report) battleEvent(g *games.Game, byNum map[int]int, ev adjudicator.Event) {
	if ev.Kind == adjudicator.EvBattle {
		byNum[ev.Battle] = len(r.Battles)
		r.Battles = append(r.Battles, Battle{Number: ev.Battle, Area: ev.Area, Attacker: ev.Nation, Defender: ev.Opponent, Start: ev})
		return
	}
	i, ok := byNum[ev.Battle]
	if !ok && ev.Battle == 0 && ev.Kind == adjudicator.EvRetreat {
		for j := len(r.Battles) - 1; j >= 0 && !ok; j-- {
			i, ok = j, r.Battles[j].Area == ev.Area && r.Battles[j].End == nil
		}
		if !ok && len(ev.Path) > 1 {
			r.Moves = append(r.Moves, ev)
			return
		}
	}
	if !ok { // a battle event without its start: keep its text
		r.Notes = append(r.Notes, ev)
		return
	}
	b := &r.Battles[i]
	switch ev.Kind {
	case adjudicator.EvRound:
		b.round(ev)
	case adjudicator.EvRetreat:
		if b.sameStuck(ev) {
			return
		}
		b.Steps = append(b.Steps, BattleStep{Event: ev})
		if len(ev.Path) > 1 {
			if ev.Nation == b.Attacker {
				b.AttackerRetreated += ev.N
			} else {
				b.DefenderRetreated += ev.N
			}
		}
	default:
		end := ev
		b.End = &end
	}
}

// stuck reports whether ev is a retreat that could not be made: the
// armies stay and fight on (reduX Core 7.2, 7.2.2).
func stuck(ev adjudicator.Event) bool {
	return ev.Kind == adjudicator.EvRetreat && len(ev.Path) < 2 && ev.N == 0
}

// sameStuck reports whether ev repeats a retreat that could not be made,
// said already in this battle (the same fact: What, nation, area), and
// then notes the round of battle it followed in that step's Again.
func (b *Battle) sameStuck(ev adjudicator.Event) bool {
	if !stuck(ev) {
		return false
	}
	round := 0
	for i := len(b.Steps) - 1; i >= 0; i-- {
		if b.Steps[i].Event.Kind == adjudicator.EvRound {
			round = b.Steps[i].Event.Round
			break
		}
	}
	for i := range b.Steps {
		if st := &b.Steps[i]; stuck(st.Event) && sameFact(st.Event, ev) {
			st.Again = append(st.Again, round)
			return true
		}
	}
	return false
}

// roundList names rounds of battle: "round 4", "rounds 2 and 5", "rounds 2
// to 7" (consecutive), "rounds 2, 3 and 5".
func roundList(rounds []int) string {
	if len(rounds) == 1 {
		return "round " + strconv.Itoa(rounds[0])
	}
	consecutive := true
	for i := 1; i < len(rounds); i++ {
		consecutive = consecutive && rounds[i] == rounds[i-1]+1
	}
	if consecutive && len(rounds) > 2 {
		return "rounds " + strconv.Itoa(rounds[0]) + " to " + strconv.Itoa(rounds[len(rounds)-1])
	}
	parts := make([]string, len(rounds))
	for i, n := range rounds {
		parts[i] = strconv.Itoa(n)
	}
	return "rounds " + adjudicator.OrJoin(parts, "and")
}

// sameFact reports whether two events say the same thing: the same What
// of the same nation in the same area.
func sameFact(a, b adjudicator.Event) bool {
	return a.What == b.What && a.Nation == b.Nation && a.Area == b.Area && a.Kind == b.Kind
}

// round adds a round of battle and counts the units killed: the hits
// (reduX Core 7.1), or where hits wound first (Event.Wounds, Hy Breasil
// 6.3.1) the units each side killed.
func (b *Battle) round(ev adjudicator.Event) {
	kills, theirs := ev.Hits, ev.TheirHit
	if ev.Wounds {
		kills, theirs = ev.Killed, ev.TheirKilled
	}
	b.Steps = append(b.Steps, BattleStep{Event: ev})
	b.DefenderLost += kills
	b.AttackerLost += theirs
}

// nextNation is the nation whose turn is due after the step, "" for a
// round event or the end of the game.
func (r *Report) nextNation(e *adjudicator.Engine) string {
	if r.After.Over {
		return ""
	}
	if due := r.dueAfter; due.Kind == adjudicator.NationTurn {
		return e.NationName(due.Nation)
	}
	return ""
}

// seats fills the player table from the split for len(names) players.
func (r *Report) seats(e *adjudicator.Engine, names []string) {
	g := e.G
	sp := g.Tables.Split(len(names))
	if sp == nil {
		return
	}
	if sp.Dealt() {
		r.dealtSeats(e, sp, names)
		return
	}
	for i, p := range sp.Players {
		st := Seat{Seat: i + 1, Name: names[i], Colour: p.Colour, Hex: p.Hex}
		for _, nn := range p.Nations {
			n, err := g.Tables.NationIndex(nn)
			if err != nil {
				continue
			}
			st.Nations = append(st.Nations, g.Tables.Nations[n].Name)
			st.VP += r.After.Nations[n].VP.Whole()
			st.Gained += r.After.Nations[n].VP.Whole() - r.Before.Nations[n].VP.Whole()
		}
		r.Players = append(r.Players, st)
	}
}

// dealtSeats fills the player table where nations are dealt during play
// (Hy Breasil 5, 7): each seat's nations are those it owns after the step,
// its VP the ruleset's standings by player.
func (r *Report) dealtSeats(e *adjudicator.Engine, sp *games.PlayerSplit, names []string) {
	vp := func(s *adjudicator.State) map[int]adjudicator.Standing {
		out := map[int]adjudicator.Standing{}
		for _, st := range e.Standings(s, len(names)) {
			out[st.Player] = st
		}
		return out
	}
	after, before := vp(r.After), vp(r.Before)
	for i, p := range sp.Players {
		a, ok := after[i+1]
		st := Seat{Seat: i + 1, Name: names[i], Colour: p.Colour, Hex: p.Hex, VP: a.VP, Gained: a.VP - before[i+1].VP, Turns: a.Turns, Out: a.Out, Score: a.Score}
		if seats, _ := e.Seats(r.After); seats != nil && !ok {
			st.Absent = true // not in the game yet (Hy Breasil 10.1)
		}
		for n := range r.After.Nations {
			if e.Controller(r.After, n) == i && !r.After.Nations[n].Gone {
				st.Nations = append(st.Nations, e.NationName(n))
			}
		}
		r.Players = append(r.Players, st)
	}
}

// Standings is the player table best first (most VP; seat order on ties).
func (r *Report) Standings() []Seat {
	var out []Seat
	for _, s := range r.Players {
		if !s.Absent {
			out = append(out, s)
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return better(out[i], out[j]) })
	return out
}

// Continuous reports whether the report's players enter and leave the
// game (Hy Breasil 10): the score table then has their turns and VP a
// turn.
func (r *Report) Continuous() bool {
	for _, s := range r.Players {
		if s.Turns > 0 {
			return true
		}
	}
	return false
}

// seatOf is the 1-based seat controlling a nation, or 0.
func (r *Report) seatOf(nation string) int {
	for _, s := range r.Players {
		for _, n := range s.Nations {
			if n == nation {
				return s.Seat
			}
		}
	}
	return 0
}

// position fills the position tables from the states.
func (r *Report) position(e *adjudicator.Engine) {
	g := e.G
	b := g.Board
	stacks := func(s *adjudicator.State, a int) []Stack {
		var out []Stack
		for _, n := range s.Occupants(games.AreaID(a)) {
			if c := s.Units(games.AreaID(a), n); c > 0 {
				nat := g.Tables.Nations[n]
				out = append(out, Stack{Nation: nat.Name, Short: short(nat), Hex: r.hexOf(nat.Name), Armies: e.Armies(s, games.AreaID(a), n), Extra: extraUnits(e, s, games.AreaID(a), n)})
			}
		}
		return out
	}
	row := func(a int) AreaRow {
		ar := AreaRow{Area: b.Areas[a].Name, Difficult: b.Areas[a].Difficult, Now: stacks(r.After, a), Before: stacks(r.Before, a)}
		ar.Changed = stacksText(ar.Now) != stacksText(ar.Before)
		return ar
	}
	regions := b.Regions
	if len(regions) == 0 {
		regions = []string{""}
	}
	for _, reg := range regions {
		rg := Region{Name: reg}
		for a := 0; a < b.NumLand; a++ {
			if b.Areas[a].Region == reg || len(b.Regions) == 0 {
				rg.Areas = append(rg.Areas, row(a))
			}
		}
		if rg.Name == "" {
			rg.Name = "Land"
		}
		r.Regions = append(r.Regions, rg)
	}
	for a := b.NumLand; a < len(b.Areas); a++ {
		r.Seas = append(r.Seas, row(a))
	}
	for n, nat := range g.Tables.Nations {
		nr, before := nationFigures(g, e, r.After, n), nationFigures(g, e, r.Before, n)
		nr.Nation, nr.Short, nr.Seat, nr.Gained = nat.Name, short(nat), r.seatOf(nat.Name), nr.VP-before.VP
		nr.Changed = nr.Land != before.Land || nr.Sea != before.Sea || nr.Spare != before.Spare || nr.Held != before.Held ||
			nr.Limit != before.Limit || nr.Pop != before.Pop || nr.VP != before.VP || strings.Join(nr.Facts, "\n") != strings.Join(before.Facts, "\n")
		if nr.Seat > 0 {
			nr.Colour, nr.Hex = r.Players[nr.Seat-1].Colour, r.Players[nr.Seat-1].Hex
		}
		r.Nations = append(r.Nations, nr)
	}
}

// nationFigures are nation n's figures in a state: its armies on land,
// at sea and off the board, the areas it holds, its population limit and
// marker, its VP and the ruleset's facts.
func nationFigures(g *games.Game, e *adjudicator.Engine, s *adjudicator.State, n int) NationRow {
	b := g.Board
	nat := g.Tables.Nations[n]
	nr := NationRow{Land: e.OnLand(s, n), Held: len(s.Held(b, n)), Pop: s.Nations[n].Pop, VP: s.Nations[n].VP.Whole()}
	nr.Limit, _ = e.Limit(s, n)
	for a := b.NumLand; a < len(b.Areas); a++ { // armies only: a fort or burh is none (seed 002 §5)
		nr.Sea += e.Armies(s, games.AreaID(a), n)
	}
	nr.Spare = max(0, nat.Armies+nat.Cavalry-nr.Land-nr.Sea)
	if !s.Nations[n].Gone {
		nr.Facts = e.NationFacts(s, n)
	}
	return nr
}

func (r *Report) hexOf(nation string) string {
	if s := r.seatOf(nation); s > 0 {
		return r.Players[s-1].Hex
	}
	return ""
}

// short is a nation's short name, or its name when it has none.
func short(n games.Nation) string {
	if n.Short != "" {
		return n.Short
	}
	return n.Name
}

// stacksText is "SX 3, RB 1", or "-" for an empty area.
func stacksText(xs []Stack) string {
	if len(xs) == 0 {
		return "-"
	}
	parts := make([]string, len(xs))
	for i, s := range xs {
		parts[i] = s.Short + " " + strconv.Itoa(s.Armies)
		if s.Extra != "" {
			parts[i] += " + " + s.Extra
		}
	}
	return strings.Join(parts, ", ")
}

// extraUnits names nation n's units in area a of kinds that are not
// armies (classic Britannia's forts and burhs), "" for none.
func extraUnits(e *adjudicator.Engine, s *adjudicator.State, a games.AreaID, n adjudicator.NationID) string {
	var parts []string
	for k, kd := range e.Kinds() {
		if c := s.Count(a, n, k); c > 0 && !kd.Army {
			parts = append(parts, strconv.Itoa(c)+" "+kd.Name)
		}
	}
	return strings.Join(parts, ", ")
}

// next says what comes after the step.
func (r *Report) next(g *games.Game, e *adjudicator.Engine) {
	if r.After.Over {
		r.Next = "The game is over."
		if st := r.Standings(); len(st) > 0 {
			var win []string
			for _, s := range st {
				if !better(st[0], s) {
					win = append(win, s.Label())
				}
			}
			rule := e.Victory()
			score := strconv.Itoa(st[0].VP) + " VP"
			if r.Continuous() { // the ruleset's own score (Seating.Victory: Hy Breasil 10.3)
				score = "a corrected score of " + st[0].PerTurn() + " (" + score + " in " + strconv.Itoa(st[0].Turns) + " turns)"
				rule = e.ScoreVictory()
			}
			if len(win) == 1 {
				r.Next += " " + win[0] + " wins with " + orders.Cited(score, rule) + "."
			} else {
				r.Next += " " + list(win) + " share the victory with " + orders.Cited(score+" each", rule) + "."
			}
		}
		r.Deadline = ""
		return
	}
	due := r.dueAfter
	r.NextTurn = due.ID
	if due.Kind != adjudicator.NationTurn {
		_, next := roundEvent(e, due.ID, r.After.Round)
		r.Next = adjudicator.Upper(next) + " comes next and needs no orders."
		r.Deadline = "" // a round event waits for no one
		return
	}
	// The section is headed "Next": its sentence does not begin so again
	// (issue 21).
	r.NextNation = e.NationName(due.Nation)
	r.NextSeat = r.seatOf(r.NextNation)
	r.Next = "The " + possessive(r.NextNation) + " turn (" + r.NextTurn + ") comes next"
	if r.NextSeat > 0 {
		r.Next += ", played by " + r.Players[r.NextSeat-1].Label()
	}
	r.Next += "."
}

// personal writes the reader's part of the report.
func (r *Report) personal(g *games.Game, e *adjudicator.Engine, seat int, token string) {
	st := r.Players[seat-1]
	p := &Personal{Seat: st.Seat, Player: st.Label(), Nations: st.Nations}
	r.Personal = p
	if r.NextSeat != st.Seat || r.NextNation == "" {
		who := "the end of the round"
		if r.NextNation != "" {
			who = "the " + possessive(r.NextNation) + " turn"
		}
		if r.Over {
			p.Decide = []string{"Nothing: the game is over. Thank you for playing."}
			return
		}
		msg := "Nothing yet: next is " + who + "."
		if id := r.upcoming(g, e, st); id != "" {
			msg += " Your next nation turn this round is expected to be " + id + "."
		} else {
			msg += " None of your nations moves again this round."
		}
		lines := "defend"
		if gr := e.Grammar(); gr.StandingLines() != "" {
			lines = gr.StandingLines() // Hy Breasil: defend, reroll, submit, permit and relinquish
		}
		p.Decide = []string{msg, "You may send standing orders (" + lines + " lines) for your nations at any time; they answer the Decisions of being attacked."}
		return
	}
	p.MovesNext = true
	pl := e.Template(r.After)
	if pl == nil {
		return
	}
	p.Decide = pl.Decide
	if r.Deadline != "" {
		p.Decide = append(p.Decide, "Send your orders by "+r.Deadline+". If none arrive in time, the referee's bot plays this turn for you.")
	}
	p.Orders = ordersText(e, r.After, pl, Header{Game: r.Game, Token: token, Deadline: r.Deadline, Links: r.Links})
}

// upcoming names the reader's next nation turn in this round as the state
// after the step has it: "the Danes' (r07-danes)", or "". A nation that
// loses its last army before then does not play, hence "expected".
func (r *Report) upcoming(g *games.Game, e *adjudicator.Engine, st Seat) string {
	s := r.After.Clone()
	for {
		due := e.Due(s)
		if due.Kind != adjudicator.NationTurn {
			return ""
		}
		name := e.NationName(due.Nation)
		for _, mine := range st.Nations {
			if mine == name {
				return "the " + possessive(name) + " (" + due.ID + ")"
			}
		}
		s.PassTurn(due.Nation)
	}
}

// Syntax says where the order syntax is, for the reader's orders
// (Links.OrdersRef).
func (r *Report) Syntax() string { return r.Links.OrdersRef(false) }

// WithChartCID is a copy of r whose HTML shows the VP chart as the
// picture under Content-ID cid; r itself when cid is empty.
func (r *Report) WithChartCID(cid string) *Report {
	if cid == "" {
		return r
	}
	c := *r
	c.ChartCID = cid
	return &c
}
