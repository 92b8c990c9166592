// Package reduxlr is Britannia reduX with Leaders and Raiders (seeds 000
// and 003): reduX Core (package redux) with cavalry, leaders, raiding,
// Major Invasions, boats, new scoring and the final round's extra turns.
// It derives from Core: the same value with its own stages, texts and
// hooks. Where each rule clause lives:
//
//	9.1 cavalry                      kernel kinds; adjudicator/battle.go (reach)
//	9.2 leaders                      adjudicator/move.go, retreat.go; leaders.go here
//	9.3 Arthur, 9.4 Cnut             move.go, leaders.go, raid.go
//	10.1–10.7 scoring                score.go
//	11.3 Major Invasions             adjudicator/invasion.go (SecondPhase)
//	11.4, 11.5 raiding, withdrawal   raid.go
//	11.6 the final round, King       king.go
//	12 boats                         move.go (boat)
//	the words of its facts           words.go (by What; the library's: texts.go)
package reduxlr

import (
	"fmt"

	"github.com/pbem-org/pbem/adjudicator"
	"github.com/pbem-org/pbem/adjudicator/family"
	"github.com/pbem-org/pbem/adjudicator/redux"
	"github.com/pbem-org/pbem/games"
	"github.com/pbem-org/pbem/orders"
)

// Ruleset is reduX Core with Leaders and Raiders.
var Ruleset = derive(redux.Ruleset)

func derive(base adjudicator.Ruleset) adjudicator.Ruleset {
	r, fr := family.Derive(base)
	r.Ruleset = games.MustLookup("redux-lr")
	r.Kinds = []adjudicator.Kind{
		{Name: "infantry", Army: true, Moves: 2},
		{Name: "cavalry", Army: true, Moves: 3}, // 9.1.1
	}
	r.Adjudication.Setup, r.Adjudication.Due, r.Adjudication.Stages = setup, due, stages
	r.Adjudication.Snapshot = codec
	r.Orders.Grammar = orders.Base() // standing orders hold defend and target lines (9.1.2)
	r.Orders.CheckStanding = checkStanding
	r.Bot = &adjudicator.Bot{Orders: family.Player(lrOrders), Standing: family.StandingPlayer(lrStanding)} // the Core player with the L&R decisions
	fr.Leaders = true
	fr.Move = family.MoveRules{LeaderMoves: 3, Boat: boat, MayEnter: mayEnter, Entering: provoke, Check: arthurMove}
	fr.Battle = family.BattleRules{Kills: scoreKills, LeaderKilled: scoreLeaderKill, LeaderStays: leaderStays, Together: arthurTogether}
	r.View.Words = viewWords
	fr.Occupy, fr.Settle, fr.LeaderGone, fr.Arrive = occupyArea, occupyAll, leaderGone, arrive
	fr.Defaults = defaults
	return r
}

// turnX is the Leaders and Raiders bookkeeping of one nation turn.
type turnX struct {
	extra     bool       // an extra nation turn of the final round (11.6.1)
	extraTurn *ExtraTurn // ... and its reinforcements
}

func tx(t *family.Turn) *turnX { return t.X.(*turnX) }

func setup(e *adjudicator.Engine) *adjudicator.State {
	s := redux.Setup(e)
	s.Ext = &Ext{}
	return s
}

// due is reduX Core 4.1 and, in the extra nation turns, L&R 11.6.1.
func due(e *adjudicator.Engine, s *adjudicator.State) adjudicator.Step {
	if X(s).Extra == nil {
		return redux.Due(e, s)
	}
	if n := dueExtra(e, s); n >= 0 {
		return adjudicator.Step{Kind: adjudicator.NationTurn, Nation: n, ID: adjudicator.NationTurnID(s.Round, e.NationName(n)) + orders.ExtraSuffix}
	}
	return adjudicator.Step{Kind: adjudicator.RoundEvent, Nation: -1, ID: fmt.Sprintf("r%02d-extra-end", s.Round)}
}

// stages are the stages of a Leaders and Raiders step (L&R 11: the Core
// phases, then a Major Invasion's second phase, the Raider Withdrawal
// Phase and the scoring at the end of the nation turn).
func stages(t *adjudicator.Turn) []adjudicator.Stage {
	type S = adjudicator.Stage
	const setup, moving, fighting, checking = adjudicator.Setup, adjudicator.Moving, adjudicator.Fighting, adjudicator.Checking
	if t.Step.Kind == adjudicator.RoundEvent {
		return []S{family.Stage("end of round", "reduX L&R 11.2", fighting, endRound)}
	}
	return []S{
		family.Stage("turn kind", "reduX L&R 11.3, 11.4, 11.6.1", setup, turnKind),
		family.Stage("turn", "reduX Core 4.1", setup, family.TurnStart),
		family.Stage("population and reinforcements", "reduX Core 5, L&R 9.1, 9.2, 11.6.1", setup, phase1),
		family.Stage("occupying", "reduX L&R 10.2", setup, occupyAll),
		family.Stage("phases", "reduX L&R 11.3", setup, family.PhaseStatements),
		family.Stage("raiders", "reduX L&R 11.4", setup, family.MarkRaiders),
		family.Stage("movement", "reduX Core 6, L&R 9.1.1, 9.2.1, 12", moving, family.Movement),
		family.Stage("battles", "reduX Core 7, L&R 9.1.2, 9.2.2", fighting, family.Battles),
		family.Stage("second phase", "reduX L&R 11.3", fighting, family.SecondPhase),
		family.Stage("raider withdrawal", "reduX L&R 11.5", fighting, withdrawal),
		family.Stage("end of the nation turn", "reduX L&R 11.1, 10.5", fighting, endOfTurn),
		family.Stage("next nation", "reduX Core 4.1", fighting, redux.NextNation),
		family.Stage("battle lines", "reduX Core 7", checking, family.CheckBattles),
		family.Stage("Leaders and Raiders lines", "reduX L&R 9.4, 11.5, 11.3", checking, checkStatements),
	}
}

// turnKind sets what kind of nation turn this is from the Timeline's marks:
// a Raiding turn, one whose raiders must return, a Major Invasion (11.3,
// 11.4), or an extra nation turn of the final round (11.6.1).
func turnKind(t *family.Turn) {
	x := &turnX{}
	t.X = x
	r := t.G.Tables.Round(t.S.Round)
	name := t.Nation()
	t.Raid = r.HasMark(games.MarkRaid, name) || r.HasMark(games.MarkReturn, name)
	t.MustReturn = r.HasMark(games.MarkReturn, name)
	t.Major = r.HasMark(games.MarkMajor, name)
	l := X(t.S)
	if et := l.extraFor(t.N); et != nil && l.Extra != nil {
		x.extra, x.extraTurn = true, et
		t.Raid, t.Major, t.MustReturn = false, false, false
		if xt := extraTable(t.E, t.N); xt != nil && xt.Raiding {
			t.Raid = true // the Danish extra turn is a Raiding turn (11.6.1)
		}
	}
}

// phase1 is the Population Increase and Reinforcements Phase with the
// Leaders and Raiders additions: the nation's leader leaves (9.2),
// population gives infantry only (9.1), reinforcements bring cavalry and
// leaders (9.1, 9.2); an extra nation turn of the final round has no
// population increase and brings its own reinforcements (11.6.1).
func phase1(t *family.Turn) {
	if !tx(t).extra {
		family.RemoveLeader(t)
		family.PopulationIncrease(t)
		family.Reinforcements(t)
		return
	}
	for _, pl := range adjudicator.Statements[orders.Place](t.Turn) {
		t.Problem(pl.Line, "lr-extra-no-place")
	}
	extraReinforcements(t)
}
