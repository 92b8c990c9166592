// Package redux is the ruleset of Britannia reduX Core (seed 000) on the
// rules kernel: one unit type, a fixed Play Order, three phases a nation
// turn (population and reinforcements, movement, battles) and scoring at
// the end of every round. Where each rule clause lives:
//
//	3.1 holding areas, 3.2 King       score.go (Holding, King)
//	4.1 play order, skipping          redux.go (Due)
//	5.1, 5.1.1 population             adjudicator/population.go
//	5.2 reinforcements                adjudicator/reinforce.go
//	6 movement, 6.1–6.4               adjudicator/movement.go, move.go
//	7 battles, 7.1–7.3                adjudicator/battle.go, retreat.go
//	the words of its facts            words.go (Words, by What; docs/design.md §2.2)
package redux

import (
	"fmt"

	"github.com/pbem-org/pbem/adjudicator"
	"github.com/pbem-org/pbem/adjudicator/family"
	"github.com/pbem-org/pbem/games"
	"github.com/pbem-org/pbem/orders"
)

// Ruleset is reduX Core.
var Ruleset = adjudicator.Ruleset{
	Ruleset:      games.MustLookup("redux"),
	Kinds:        []adjudicator.Kind{{Name: "infantry", Army: true, Moves: 2}},
	Adjudication: adjudicator.Adjudication{Setup: Setup, Due: Due, Stages: Stages, LoadData: family.Load(nil)},
	Orders: adjudicator.Orders{
		Grammar:       orders.Base().WithStanding("defend"), // checkStanding: no target lines in Core
		CheckStanding: checkStanding,
		Template:      family.Template(family.TemplateRules{Cite: family.CiteCore}),
	},
	View: adjudicator.View{Words: Words, Texts: &Texts, Limit: family.Limit},
	Bot: &adjudicator.Bot{
		Orders:   family.Player(nil),
		Standing: family.StandingPlayer(nil), // hold, or fall back against odds
	},
	Library: &family.Rules{Move: family.MoveRules{Select: family.OneKind}},
}

// Texts are reduX Core's words of what the step engine and the views name:
// the winner by reduX Core 3.
var Texts = adjudicator.Texts{Victory: "reduX Core 3"}

// checkStanding accepts defend lines without leaders (reduX Core 7.2).
func checkStanding(e *adjudicator.Engine, f *orders.File) orders.Errors {
	return adjudicator.CheckStandingLines(e, f, func(st orders.Statement) (orders.Errors, bool) {
		switch x := st.(type) {
		case orders.Target:
			return orders.Errors{Refusal(e, x.Line, "core-no-target")}, true
		case orders.Defend:
			if x.Rule.Leader {
				return orders.Errors{Refusal(e, x.Line, "core-no-leaders")}, false
			}
		}
		return nil, false
	})
}

// Refusal is the error that refuses a line outside a turn (standing
// orders), a fact named what with its values args worded by the
// ruleset's Words, as Turn.Problem words a turn's.
func Refusal(e *adjudicator.Engine, line int, what string, args ...any) *orders.Error {
	words, rule, _ := e.Say(adjudicator.Event{Kind: adjudicator.EvSkipped, What: what, Line: line, Args: adjudicator.Args(args...)})
	return &orders.Error{Line: line, Illegal: true, Rule: rule, Msg: words}
}

// Setup is reduX Core 2: the round marker on round 1 and the starting
// armies on the map, the population markers where the tables put them.
func Setup(e *adjudicator.Engine) *adjudicator.State {
	s := e.Blank()
	for n, nat := range e.G.Tables.Nations {
		for _, st := range nat.StartIDs {
			s.Add(st.Area, n, family.Infantry, st.Armies)
		}
		s.Nations[n].Pop = nat.Population
	}
	return s
}

// Due is reduX Core 4.1 and 4.3: the next nation in the Play Order that
// has units on the board or reinforcements this round, else the end of the
// round.
func Due(e *adjudicator.Engine, s *adjudicator.State) adjudicator.Step {
	for i := s.Next; i < s.OrderLen(); i++ {
		if n := s.OrderAt(i); Plays(e, s, n) {
			return adjudicator.Step{Kind: adjudicator.NationTurn, Nation: n, ID: adjudicator.NationTurnID(s.Round, e.NationName(n))}
		}
	}
	return adjudicator.Step{Kind: adjudicator.RoundEvent, Nation: -1, ID: fmt.Sprintf("r%02d-end", s.Round)}
}

// Plays reports whether nation n takes a turn this round (reduX Core 4.1):
// it has units on the board or reinforcements on the Timeline.
func Plays(e *adjudicator.Engine, s *adjudicator.State, n adjudicator.NationID) bool {
	if s.OnBoard(n) > 0 {
		return true
	}
	for _, a := range family.Arrivals(e, s.Round, n) {
		if a.Armies+a.Cavalry > 0 {
			return true
		}
	}
	return false
}

// Stages are the stages of a reduX Core step. The slices are shared:
// callers must not change them.
func Stages(t *adjudicator.Turn) []adjudicator.Stage {
	if t.Step.Kind == adjudicator.RoundEvent {
		return roundStages
	}
	return turnStages
}

// roundStages is the end of a round (reduX Core 4.3).
var roundStages = []adjudicator.Stage{family.Stage("end of round", "reduX Core 4.3", adjudicator.Fighting, EndRound)}

// turnStages is a nation turn (reduX Core 4.1).
var turnStages = []adjudicator.Stage{
	family.Stage("turn", "reduX Core 4.1", adjudicator.Setup, family.TurnStart),
	family.Stage("population increase", "reduX Core 5.1", adjudicator.Setup, family.PopulationIncrease),
	family.Stage("reinforcements", "reduX Core 5.2", adjudicator.Setup, family.Reinforcements),
	family.Stage("one movement phase", "reduX L&R 11.3", adjudicator.Setup, family.PhaseStatements),
	family.Stage("movement", "reduX Core 6", adjudicator.Moving, family.Movement),
	family.Stage("battles", "reduX Core 7", adjudicator.Fighting, family.Battles),
	family.Stage("next nation", "reduX Core 4.1", adjudicator.Fighting, NextNation),
	family.Stage("battle lines", "reduX Core 7", adjudicator.Checking, family.CheckBattles),
	family.Stage("no Leaders and Raiders orders", "reduX Core", adjudicator.Checking, refuseLR),
}

// NextNation passes the turn on in the Play Order (reduX Core 4.1).
func NextNation(t *family.Turn) { t.S.PassTurn(t.Step.Nation) }

// refuseLR refuses the Leaders and Raiders statements in a reduX Core file:
// they would mean nothing here.
func refuseLR(t *family.Turn) {
	if t.In.Orders == nil {
		return
	}
	orders.Walk(t.In.Orders.Body, func(st orders.Statement) {
		switch x := st.(type) {
		case orders.Withdraw, orders.Target, orders.Rex:
			t.Problem(st.Pos(), "core-lr-order", orders.EncodeStatement(st, t.G))
		case orders.Reinforce:
			if x.Cavalry > 0 {
				t.Problem(st.Pos(), "core-no-cavalry")
			}
		case orders.Attack:
			if x.Rule.Leader || orders.MentionsWon(x.Rule.When) {
				t.Problem(st.Pos(), "core-no-leaders")
			}
		case orders.Defend:
			if x.Rule.Leader {
				t.Problem(st.Pos(), "core-no-leaders")
			}
		}
	})
}
