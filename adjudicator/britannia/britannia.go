// Package britannia is classic Britannia (seeds 002 and 004, the 2005
// edition by default; reference britannia-classic-data.md §1-§4 for the
// data) on the rules kernel. It derives from reduX Core (package redux):
// the same move step and battle loop, with its own unit kinds (Roman
// armies, forts, burhs), stages, battle rules and scoring. Where each rule
// clause lives:
//
//	Setup, order of play (004 Setup, ref §2.2)    britannia.go (setup, due)
//	Population Increase, Overpopulation (004 1, 5) population.go
//	Movement (004 2): difficult terrain, Romans 3  move.go; adjudicator/move.go
//	Battles/Retreats (004 3)                      battle.go; adjudicator/battle.go, retreat.go
//	Raider withdrawal (004 4), Picts home by sea   raid.go
//	Romans: arrival, reinforcements, withdrawal,
//	  forts, leaving in VI, Boudicca (ref §2.4, §3) romans.go
//	Submission (002 §5, 004 "Vi overgiver os")      submit.go
//	VP cards, Bretwalda, King (004, ref §4)       score.go
//	The tables' rules: section                    data.go
package britannia

import (
	"fmt"
	"slices"
	"strings"

	"github.com/pbem-org/pbem/adjudicator"
	"github.com/pbem-org/pbem/adjudicator/redux"
	"github.com/pbem-org/pbem/games"
	"github.com/pbem-org/pbem/orders"
)

// The unit kinds, in the order their dice are rolled (Ruleset.Kinds).
const (
	Infantry = adjudicator.Infantry
	Cavalry  = adjudicator.KindID(1)
	Roman    = adjudicator.KindID(2)
	Fort     = adjudicator.KindID(3)
	Burh     = adjudicator.KindID(4)
)

// Ruleset is classic Britannia.
var Ruleset = derive(redux.Ruleset)

func derive(r adjudicator.Ruleset) adjudicator.Ruleset {
	r.Ruleset = games.MustLookup("britannia")
	r.Kinds = []adjudicator.Kind{
		{Name: "infantry", Army: true, Moves: 2},           // seed 004 Movement: two land areas
		{Name: "cavalry", Army: true, Moves: 3},            // seed 004: cavalry move three
		{Name: "roman", Army: true, Moves: romanRange},     // ref §6, seed 004: three areas, roads free (romanPath)
		{Name: "fort", Army: false, Moves: 0, Roads: true}, // seed 002 §5: cannot move, no stacking; roads
		{Name: "burh", Army: false, Moves: 0},              // seed 002 §5 Stacking: burhs do not count
	}
	r.Leaders = true
	r.Grammar = Grammar
	r.NoPopulationLimit = true
	r.Pool = pool
	r.LoadData = loadData
	r.Setup, r.Due, r.Stages = setup, due, stages
	r.Move = adjudicator.MoveRules{LeaderMoves: 3, Select: selectUnits, Check: pathRules, MayEnter: mayEnter, KeepNoAreas: true, Boat: boat, Passable: passable, SeaStep: seaStep, Entering: provoke}
	r.Battle = adjudicator.BattleRules{Reach: reach, KillOrder: killOrder, Kills: scoreKills, LeaderKilled: scoreLeaderKill,
		Together: fixedStay, RetreatInto: retreatInto, Need: need}
	r.Texts = &Texts
	r.LeaderGone = leaderGone
	r.Settle = buildForts
	r.Occupy = fortOnPassage
	r.Arrive = arrive
	r.CheckStanding = checkStanding
	r.Bot, r.BotStanding = botOrders, botStanding
	r.Snapshot = codec
	return r
}

// firstEditionBurhs is classic Britannia with burhs that count as armies
// for stacking, the population limit and overruns (option
// first-edition-burhs, seed 002 §5 Saxon Burhs; the 2005 default, seed 002
// §5 Stacking, has them not count).
var firstEditionBurhs adjudicator.Ruleset

func init() {
	Ruleset.ForOptions = options
	firstEditionBurhs = Ruleset
	firstEditionBurhs.ForOptions = nil
	firstEditionBurhs.Kinds = slices.Clone(Ruleset.Kinds)
	firstEditionBurhs.Kinds[Burh].Army = true
}

// options is Ruleset.ForOptions: the first edition's burhs under option
// first-edition-burhs.
func options(g *games.Game) *adjudicator.Ruleset {
	if g.HasOption("first-edition-burhs") {
		return &firstEditionBurhs
	}
	return &Ruleset
}

// turnX is the classic bookkeeping of one nation turn.
type turnX struct {
	// held is the land areas the nation held at the start of its turn.
	held []games.AreaID
	// builtIn[a] is the movement phase (1, 2) in which this turn's fort in
	// land area a was built, 0 for none: a road needs a fort that stood
	// before the phase (seed 002 §5 Roman Roads).
	builtIn []int
	// passed[a] notes a land area a Roman army held alone on its way
	// through, for buildForts (seed 002 §5 Roman Forts).
	passed []bool
}

// romanRange is the kernel's range of a Roman army: any path; romanPath
// holds it to three areas with roads free (seed 004 Movement).
const romanRange = 99

// setup is seed 004 Setup (ref §1.2): one infantry in every area as the
// Nation List gives it, the Romans at sea by the Timeline; with
// first-edition-order, the first edition's order of play (seed 002 §3).
func setup(e *adjudicator.Engine) *adjudicator.State {
	s := redux.Setup(e)
	s.Ext = newExt(e.NumNations())
	if e.G.HasOption("first-edition-order") {
		s.Order = firstEditionOrder(e)
	}
	return s
}

// firstEditionOrder is seed 002 §3's turn order: Picts before Caledonians,
// Jutes before Saxons, Norsemen, Danes, Dubliners, Norwegians.
func firstEditionOrder(e *adjudicator.Engine) []adjudicator.NationID {
	names := []string{"Romans", "Romano-British", "Belgae", "Welsh", "Brigantes", "Picts", "Caledonians", "Irish", "Scots",
		"Jutes", "Saxons", "Angles", "Norsemen", "Danes", "Dubliners", "Norwegians", "Normans"}
	var out []adjudicator.NationID
	for _, nm := range names {
		if n, err := e.NationIndex(nm); err == nil {
			out = append(out, n)
		}
	}
	for n := range e.NumNations() { // a GM's extra nations go last
		if !slices.Contains(out, n) {
			out = append(out, n)
		}
	}
	return out
}

// due is seed 004 "Spillet": the next nation in the order of play that has
// units on the board or arrivals this round; the Romans never after they
// leave, the Romano-British in the round they replace them (ref §3 VI).
func due(e *adjudicator.Engine, s *adjudicator.State) adjudicator.Step {
	d := D(e)
	for i := s.Next; i < s.OrderLen(); i++ {
		n := s.OrderAt(i)
		switch {
		case n == d.roman && s.Round >= d.Romans.Leave:
			continue
		case redux.Plays(e, s, n), n == d.successor && s.Round == d.Romans.Leave && romanUnits(s) > 0:
			return adjudicator.Step{Kind: adjudicator.NationTurn, Nation: n, ID: adjudicator.NationTurnID(s.Round, e.NationName(n))}
		}
	}
	return adjudicator.Step{Kind: adjudicator.RoundEvent, Nation: -1, ID: fmt.Sprintf("r%02d-end", s.Round)}
}

// stages are the phases of a classic nation turn (seed 004 Nationtur: 1
// Population Increase, 2 Movement, 3 Battles/Retreats, 4 Raider
// withdrawal, 5 Overpopulation; seed 002 §4: a Major Invasion moves and
// fights twice) and of the end of a round (004 Spillet: scoring,
// Bretwalda, King).
func stages(t *adjudicator.Turn) []adjudicator.Stage {
	type S = adjudicator.Stage
	const setup, moving, fighting, checking = adjudicator.Setup, adjudicator.Moving, adjudicator.Fighting, adjudicator.Checking
	if t.Step.Kind == adjudicator.RoundEvent {
		return []S{
			{Name: "holding", Rule: "Britannia 2005 Victory points; ref §4", Part: fighting, Run: holdAll},
			{Name: "Bretwalda", Rule: "Britannia 2005 The bretwalda", Part: fighting, Run: bretwalda},
			{Name: "King", Rule: "Britannia 2005 The king", Part: fighting, Run: king},
			{Name: "next round", Rule: "Britannia 2005 Spillet", Part: fighting, Run: nextRound},
		}
	}
	return []S{
		{Name: "turn kind", Rule: "Britannia 2005 Invasions and Raiding; ref §3", Part: setup, Run: turnKind},
		{Name: "turn", Rule: "Britannia 2005 Nationtur", Part: setup, Run: adjudicator.TurnStart},
		{Name: "the Romans leave", Rule: "ref §3 VI; Britannia 2005 §5 Roman Forts", Part: setup, Run: romansLeave},
		{Name: "population increase", Rule: "Britannia 2005 Population Increase", Part: setup, Run: phase1},
		{Name: "phases", Rule: "Britannia 2005 Major Invasions", Part: setup, Run: adjudicator.PhaseStatements},
		{Name: "raiders", Rule: "Britannia 2005 Raiding Turns", Part: setup, Run: adjudicator.MarkRaiders},
		{Name: "movement", Rule: "Britannia 2005 Movement", Part: moving, Run: adjudicator.Movement},
		{Name: "battles", Rule: "Britannia 2005 Battles/Retreats", Part: fighting, Run: adjudicator.Battles},
		{Name: "second phase", Rule: "Britannia 2005 Major Invasions", Part: fighting, Run: adjudicator.SecondPhase},
		{Name: "occupying", Rule: "ref §4 (occupy)", Part: fighting, Run: occupyScore},
		{Name: "raider withdrawal", Rule: "Britannia 2005 Raider Withdrawal", Part: fighting, Run: withdrawal},
		{Name: "the turn's King", Rule: "seed 002 §6 King (Turn 14)", Part: fighting, Run: turnKing},
		{Name: "overpopulation", Rule: "Britannia 2005 Overpopulation", Part: fighting, Run: overpopulation},
		{Name: "removals", Rule: "ref §3 XIV", Part: fighting, Run: lateRemovals},
		{Name: "submission", Rule: "Britannia 2005 §5 Submission", Part: fighting, Run: submissions},
		{Name: "votes", Rule: "Britannia 2005 The bretwalda", Part: fighting, Run: collectVotes},
		{Name: "next nation", Rule: "Britannia 2005 Spillet", Part: fighting, Run: redux.NextNation},
		{Name: "battle lines", Rule: "Britannia 2005 Battles/Retreats", Part: checking, Run: adjudicator.CheckBattles},
		{Name: "classic lines", Rule: "Britannia 2005", Part: checking, Run: checkStatements},
	}
}

// turnKind sets the kind of nation turn from the Timeline's marks (ref §3:
// R, MI, "must return to sea").
func turnKind(t *adjudicator.Turn) {
	r := t.G.Tables.Round(t.S.Round)
	name := t.Nation()
	t.Raid = r.HasMark(games.MarkRaid, name) || r.HasMark(games.MarkReturn, name)
	t.MustReturn = r.HasMark(games.MarkReturn, name)
	t.Major = r.HasMark(games.MarkMajor, name)
	t.X = &turnX{held: t.S.Held(t.B, t.N), builtIn: make([]int, t.B.NumLand), passed: make([]bool, t.B.NumLand)}
}

// phase1 is the Population Increase phase (seed 004 1): the nation's
// leader leaves (seed 002 §5 Leaders), the Romans get their Timeline
// arrival, withdrawal and reinforcements (ref §2.4), every other nation
// its population increase and its Timeline arrivals; Boudicca's revolt
// (ref §3 I). A burhs line is checked in every nation's phase 1, the
// Romans' too (seed 002 §5 Saxon Burhs: the Saxons' alone).
func phase1(t *adjudicator.Turn) {
	removeLeader(t)
	d := D(t.E)
	if t.N == d.roman {
		buyBurhs(t) // refuses a burhs line: only the Saxons buy them
		romanPhase(t)
		return
	}
	populationIncrease(t)
	buyBurhs(t)
	adjudicator.Reinforcements(t)
	boudicca(t)
	cavalryToInfantry(t)
	lateReinforcements(t)
}

// removeLeader takes the acting nation's leader off the board at the start
// of its turn, except the leaders who stay until death or the end (seed
// 002 §5 Leaders: Harold, William, Harald Hardrada, Svein Estrithson).
func removeLeader(t *adjudicator.Turn) {
	li := t.S.LeaderOf(t.N)
	if li < 0 || slices.Contains(D(t.E).King.Final.Leaders, t.S.Leaders[li].Name) {
		return
	}
	adjudicator.RemoveLeader(t)
}

// arrive holds back a Timeline leader that may not come (ref §3 IX, X:
// "if the Angles hold ..."; a leader that fell does not come back).
func arrive(t *adjudicator.Turn, a games.Arrival) bool {
	if a.IfHolds != games.NoArea && !t.S.Holds(a.IfHolds, t.N) {
		t.Emit(adjudicator.Event{Kind: adjudicator.EvLeader, Rule: "ref §3", Text: fmt.Sprintf("%s does not come: the %s do not hold %s (ref §3)", a.Leader, t.Nation(), t.Name(a.IfHolds))})
		return false
	}
	return true
}

// nextRound ends the round (seed 004 Spillet): the round marker moves on;
// after the final round the game is over.
func nextRound(t *adjudicator.Turn) {
	s := t.S
	if redux.Final(t.E, s.Round) {
		s.Over = true
		t.Emit(redux.Standings(t.E, s))
		return
	}
	s.Round++
	s.Next = 0
	for n := range X(s).Votes {
		X(s).Votes[n] = -1
	}
	endSubmissions(t, s.Round)
}

// checkStatements refuses, when a file is checked, the statements classic
// Britannia has no use for.
func checkStatements(t *adjudicator.Turn) {
	for _, tg := range adjudicator.Statements[orders.Target](t) {
		t.Problem(tg.Line, "Britannia 2005 Battles", "in classic Britannia a 6 must hit the harder unit first; there is no target choice")
	}
	for _, x := range adjudicator.Statements[orders.Rex](t) {
		t.Problem(x.Line, "Britannia 2005 The king", "the King is determined at the end of the round; there is nothing to crown")
	}
	for _, sb := range adjudicator.Statements[Submit](t) {
		if !maySubmit(t.E, t.N, sb.To) {
			t.Problem(sb.Line, "Britannia 2005 §5 Submission", "the %s may not submit to the %s (the submission table has no such row)", t.Nation(), sb.To)
		}
	}
	for _, w := range adjudicator.Statements[orders.Withdraw](t) {
		if w.Stay {
			t.Problem(w.Line, "Britannia 2005 Raider Withdrawal", "raiders stay on land unless told to withdraw; \"stay\" is not needed")
		}
	}
	if t.E.Plays(adjudicator.BretwaldaVoteCheck) {
		checkVotes(t)
	}
}

// checkVotes refuses (switch bretwalda-vote-check) a turn file's vote line in a
// round with no Bretwalda vote, or for a nation not in play (seed 002
// Bretwalda, Turns 8-10; seed 004 The bretwalda); standing orders, which
// stand from round to round, may keep theirs.
func checkVotes(t *adjudicator.Turn) {
	br := D(t.E).Bretwalda
	for _, v := range adjudicator.Statements[Vote](t) {
		switch {
		case !slices.Contains(br.Rounds, t.S.Round):
			t.Problem(v.Line, "Britannia 2005 The bretwalda", "the Bretwalda is elected only at the end of rounds %s; this is round %s", roundLabels(t.E, br.Rounds), t.G.Tables.Round(t.S.Round).Label)
		case !inPlay(t.E, t.S, mustNation(t.E, v.For)):
			t.Problem(v.Line, "Britannia 2005 The bretwalda", "the %s are not in play: vote for a nation on the board", v.For)
		}
	}
}

// inPlay reports whether nation n is in play in s: it has units on the
// board, or arrives in this round.
func inPlay(e *adjudicator.Engine, s *adjudicator.State, n adjudicator.NationID) bool {
	return s.OnBoard(n) > 0 || len(e.Arrivals(s.Round, n)) > 0
}

// roundLabels names rounds by their labels: "VIII, IX and X".
func roundLabels(e *adjudicator.Engine, rounds []int) string {
	var out []string
	for _, r := range rounds {
		out = append(out, e.G.Tables.Round(r).Label)
	}
	if len(out) < 2 {
		return strings.Join(out, "")
	}
	return strings.Join(out[:len(out)-1], ", ") + " and " + out[len(out)-1]
}

// checkStanding accepts the lines of standing orders (docs/orders.md):
// defend lines (seed 004 3: the defender's retreat is decided in the
// attacker's turn), one "submit to" and one "vote".
func checkStanding(e *adjudicator.Engine, f *orders.File) orders.Errors {
	return adjudicator.CheckStandingLines(e, f, func(st orders.Statement) (orders.Errors, bool) {
		switch x := st.(type) {
		case orders.Defend:
			return nil, false // the kernel's defend check
		case Submit:
			if n, err := e.NationIndex(f.Nation); err == nil && !maySubmit(e, n, x.To) {
				return orders.Errors{{Line: x.Line, Illegal: true, Rule: "Britannia 2005 §5 Submission", Msg: fmt.Sprintf("the %s may not submit to the %s (the submission table has no such row)", f.Nation, x.To)}}, true
			}
			return nil, true
		case Vote:
			return nil, true
		}
		return orders.Errors{{Line: st.Pos(), Illegal: true, Msg: "standing orders may only contain " + Grammar.StandingLines() + " lines"}}, true
	})
}

// romanUnits is how many Roman armies and forts are on the board.
func romanUnits(s *adjudicator.State) int {
	t := 0
	for n := range s.NumNations() {
		t += s.InPlay(n, Roman) + s.InPlay(n, Fort)
	}
	return t
}
