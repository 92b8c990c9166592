// Package hybreasil is the ruleset of Hy Breasil (seed 001, Torben
// Mogensen, draft of 2007) on the rules kernel: nations are token sets that
// enter from the sea and are dealt to players, move in an order drawn from a
// cup, roll a random event each turn, split in civil wars and when cut off,
// and fall when they have no units. Where each rule clause lives:
//
//	3 game length                 score.go (victoryPoints: turns or vp_target)
//	5.1, 5.2 invasion phase       invasion.go (invasion, firstTurn, laterTurn)
//	5.3 nation limit, cascades    invasion.go (deal, limit)
//	6 nation order cup            invasion.go (drawCup), hybreasil.go (Due)
//	6.1 random events, reroll     events.go (randomEvent, reroll, each event)
//	6.2 population increase       population.go
//	6.3 movement, 6.3.1 combat    move.go (movement, moveUnits), battle.go
//	6.3.2 retreat, 6.3.3 again    battle.go (retreat), move.go (fresh units)
//	6.4 support phase             support.go (support, parts, splitOff)
//	7 victory points, 8 removal   score.go (victoryPoints, Standings), support.go (removeNation)
//	the words of every fact       words.go (Words, by What; docs/design.md §2.2)
//
// The board needs terrain kinds named (or as:) plains, forest and hills and
// at least one sea that is not inland (LoadData). The steps of a turn are
// its invasion phase ("r03-invasion", a round event that rolls), one step
// for each nation in the cup's order ("r03-star") and the victory points
// phase ("r03-end").
package hybreasil

import (
	"fmt"
	"strings"

	"github.com/pbem-org/pbem/adjudicator"
	"github.com/pbem-org/pbem/dice"
	"github.com/pbem-org/pbem/games"
	"github.com/pbem-org/pbem/orders"
)

// Army is the one unit kind: a nation token on the board (Hy Breasil 2).
const Army adjudicator.KindID = 0

// Ruleset is Hy Breasil, on the step engine alone.
var Ruleset = adjudicator.Ruleset{
	Ruleset: games.MustLookup("hy-breasil"),
	Kinds:   []adjudicator.Kind{{Name: "army", Army: true, Moves: 2}},
	Adjudication: adjudicator.Adjudication{Setup: Setup, Due: Due, Stages: Stages, Players: 4, LoadData: LoadData, Aside: aside,
		Asked: Asked, Snapshot: codec},
	Orders:  adjudicator.Orders{Grammar: Grammar, CheckStanding: checkStanding, Template: Template, Asks: asks},
	View:    adjudicator.View{Texts: &texts, Words: adjudicator.Merge(Words, messages), NationFacts: NationFacts, Marks: Marks, ScoringDie: ScoringDie},
	Seating: &adjudicator.Seating{Standings: Standings, Seats: Seats, Victory: "Hy Breasil 10.3"},
	Bot:     &adjudicator.Bot{Orders: Bot, Standing: BotStanding},
}

// texts are the kernel's words, the victory citing Hy Breasil 7.
var texts = func() adjudicator.Texts {
	var t adjudicator.Texts
	t.Victory = "Hy Breasil 7"
	t.RoundWord, t.RoundOf = "Turn", "the game" // Hy Breasil 3: a game of turns
	t.RoundEvent = roundEvent
	return t
}()

// roundEvent names Hy Breasil's round events (Texts.RoundEvent): the
// invasion phase that starts a turn (Hy Breasil 4, 5) and the victory
// points phase that ends it (7).
func roundEvent(id string, turn int) (title, name, does string) {
	if strings.HasSuffix(id, rerollSuffix) { // an asked step (6.1)
		return "a reroll by reply", fmt.Sprintf("the reroll by reply in turn %d", turn), "a new random event"
	}
	if strings.HasSuffix(id, "-invasion") {
		return "the invasion phase", fmt.Sprintf("the invasion phase of turn %d", turn), ""
	}
	return "end of turn", fmt.Sprintf("the end of turn %d", turn), "victory points"
}

// Setup is Hy Breasil 3: the turn token on 1, every player's VP at 0, no
// nation in play.
func Setup(e *adjudicator.Engine) *adjudicator.State {
	s := e.Blank()
	x := newExt(s.NumNations(), e.PlayerCount(), len(e.G.Board.Areas))
	if continuous(e) { // Hy Breasil 10.2: every turn marker at 0 until turn 1 starts
		x.In, x.Turns = make([]bool, len(x.VP)), make([]int, len(x.VP))
		for p := range x.In {
			x.In[p] = true
		}
	}
	s.Ext = x
	return s
}

// Due is Hy Breasil 4: the invasion phase, then each nation in the cup's
// order (6), then the victory points phase (7).
func Due(e *adjudicator.Engine, s *adjudicator.State) adjudicator.Step {
	if !X(s).Invaded {
		return adjudicator.Step{Kind: adjudicator.RoundEvent, Nation: -1, ID: fmt.Sprintf("r%02d-invasion", s.Round)}
	}
	if s.Order != nil && s.Next < len(s.Order) {
		n := s.Order[s.Next]
		return adjudicator.Step{Kind: adjudicator.NationTurn, Nation: n, ID: adjudicator.NationTurnID(s.Round, e.NationName(n))}
	}
	return adjudicator.Step{Kind: adjudicator.RoundEvent, Nation: -1, ID: fmt.Sprintf("r%02d-end", s.Round)}
}

// Stages are the stages of each kind of step (Hy Breasil 4).
func Stages(t *adjudicator.Turn) []adjudicator.Stage {
	if t.Step.Kind == adjudicator.AskedStep {
		return []adjudicator.Stage{{Name: "reroll by reply", Rule: "Hy Breasil 6.1", Part: adjudicator.Fighting, Run: rerollAsked}}
	}
	if t.Step.Kind == adjudicator.RoundEvent {
		if !X(t.S).Invaded {
			return []adjudicator.Stage{
				{Name: "players enter and leave", Rule: "Hy Breasil 10", Part: adjudicator.Fighting, Run: seatChanges},
				{Name: "invasion phase", Rule: "Hy Breasil 5", Part: adjudicator.Fighting, Run: invasion},
				{Name: "nation order cup", Rule: "Hy Breasil 6", Part: adjudicator.Fighting, Run: drawCup},
				{Name: "next random event", Rule: "Hy Breasil 6.1", Part: adjudicator.Fighting, Run: rollNext},
			}
		}
		return []adjudicator.Stage{{Name: "victory points phase", Rule: "Hy Breasil 7, 3", Part: adjudicator.Fighting, Run: victoryPoints}}
	}
	return []adjudicator.Stage{
		{Name: "turn", Rule: "Hy Breasil 6", Part: adjudicator.Setup, Run: turnStart},
		{Name: "answer at the nation limit", Rule: "Hy Breasil 5.3", Part: adjudicator.Setup, Run: noteRelinquish},
		{Name: "landing sea", Rule: "Hy Breasil 5.1, 5.2", Part: adjudicator.Setup, Run: landing},
		{Name: "random event", Rule: "Hy Breasil 6.1", Part: adjudicator.Fighting, Run: randomEvent},
		{Name: "population increase", Rule: "Hy Breasil 6.2", Part: adjudicator.Fighting, Run: populationIncrease},
		{Name: "movement and combat", Rule: "Hy Breasil 6.3", Part: adjudicator.Fighting, Run: movement},
		{Name: "city building", Rule: "Hy Breasil 9.3.1", Part: adjudicator.Fighting, Run: buildCities},
		{Name: "support", Rule: "Hy Breasil 6.4", Part: adjudicator.Fighting, Run: support},
		{Name: "next nation", Rule: "Hy Breasil 6", Part: adjudicator.Fighting, Run: passTurn},
		{Name: "next random event", Rule: "Hy Breasil 6.1", Part: adjudicator.Fighting, Run: rollNext},
		{Name: "orders", Rule: "Hy Breasil 6.2, 6.3", Part: adjudicator.Checking, Run: checkOrders},
	}
}

// turnX is a step's own bookkeeping (Turn.X).
type turnX struct {
	dice   map[string]int // the next die of each phase label
	event  string         // the nation's event this turn (6.1)
	pos    int            // the mover's place in the cup's order
	battle int            // battles fought this step
	phase  int            // the movement and combat phase: 1, or 2 with Strong leader
	// raceTurn is the turn a new player's race is rolled with under
	// continuous play (Hy Breasil 10.2); 0 otherwise.
	raceTurn int
	// gaveUp counts the nations relinquished in this step (5.3, giveUp).
	gaveUp int
}

func tx(t *adjudicator.Turn) *turnX {
	if t.X == nil {
		t.X = &turnX{dice: map[string]int{}, pos: t.S.Next, phase: 1}
	}
	return t.X.(*turnX)
}

// roll rolls the next die of a phase.
func roll(t *adjudicator.Turn, phase string) int {
	x := tx(t)
	i := x.dice[phase]
	x.dice[phase] = i + 1
	return t.D.Roll(dice.Label{Phase: phase, Die: i})
}

// pick draws one of k things at random with dice (a die for up to six, a
// pair for up to 36), rerolling results that would favour some; after 20
// rerolls it takes the last result modulo k, so that scripted dice end.
func pick(t *adjudicator.Turn, phase string, k int) int {
	if k <= 1 {
		return 0
	}
	v := 0
	for try := 0; try < 20; try++ {
		span := 6
		v = roll(t, phase) - 1
		if k > 6 {
			span, v = 36, v*6+roll(t, phase)-1
		}
		if v < span-span%k {
			break
		}
	}
	return v % k
}

// happen records a fact of kind with its name and values (Words): what
// a stage did that only its words tell apart from others of its kind.
func happen(t *adjudicator.Turn, kind, what string, args ...any) {
	t.Emit(adjudicator.Event{Kind: kind, What: what, Args: adjudicator.Args(args...)})
}

// aside says which dice of a nation turn decide nothing its statements
// depend on (Adjudication.Aside): the player a new nation is dealt to and
// its place in the cup (5.3, 6, after a Civil war or a cut-off), and a
// prophecy of the next turn's event (9.3.1).
func aside(l dice.Label) bool {
	switch l.Phase {
	case "player", "cup", "prophecy":
		return true
	}
	return false
}

// turnStart opens a nation turn, naming its owner (Hy Breasil 6).
func turnStart(t *adjudicator.Turn) {
	tx(t)
	t.Emit(adjudicator.Event{Kind: adjudicator.EvTurn, What: "turn-start", Round: t.S.Round, Args: []string{seatName(t.E, t.S.Nations[t.N].Owner)}})
}

// passTurn moves the cup's order on past the mover (Hy Breasil 6).
func passTurn(t *adjudicator.Turn) { t.S.Next = tx(t).pos + 1 }

// seatName is a seat's colour, "Red".
func seatName(e *adjudicator.Engine, seat int) string {
	if continuous(e) { // a seat keeps its colour as players enter (10)
		if colours := e.SeatColours(); seat >= 0 && seat < len(colours) {
			return colours[seat]
		}
	}
	if sp := e.G.Tables.Split(e.PlayerCount()); sp != nil && seat >= 0 && seat < len(sp.Players) {
		return sp.Players[seat].Colour
	}
	return fmt.Sprintf("seat %d", seat+1)
}

// checkStanding accepts the lines a nation may leave standing: defend
// lines (6.3.2), a reroll policy (6.1), a submit line (9.2), permit lines
// (9.3.1) and a relinquish line (5.3). Submit and permit lines need their
// options and may not name the nation itself (standingLine; switch
// hb-standing-checks).
func checkStanding(e *adjudicator.Engine, f *orders.File) orders.Errors {
	return adjudicator.CheckStandingLines(e, f, func(st orders.Statement) (orders.Errors, bool) {
		switch st.(type) {
		case orders.Defend:
			return nil, false // the kernel's defend check
		case Submit, Permit:
			if !e.Plays(adjudicator.HBStandingChecks) {
				return nil, true
			}
			return standingLine(e, f.Nation, st), true
		case Reroll, Relinquish:
			return nil, true
		}
		return orders.Errors{{Line: st.Pos(), Illegal: true, Msg: "standing orders may only contain " + Grammar.StandingLines() + " lines"}}, true
	})
}
